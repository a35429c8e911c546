import { MatchHarness, TEST_SEED } from '@test/support/match-harness';
import { decisionChoices } from '../../match/decision-choices';
import { seeded } from '@test/support/never-stuck-walk';
import { isRejection } from '../rule-violation';
import { rollAllowed } from './decisions/rolls';
import type { CcState } from './cc-state';
import { playableActions } from './decisions/turn';
import { hand, SEATS } from './cc.testkit';
import { combatCommanderRuleset } from './combat-commander.ruleset';

/**
 * Issue 45 item 5: no match gets stuck. A seeded random walk over the illustrative battle:
 * at every step some game decision (never a concession) is accepted, until the battle is
 * ended by a confirmed statement.
 */

type Candidate = [seat: string, kind: string, params: Record<string, unknown>];

/**
 * A Fire as the roll form offers it: the first firer offered (a unit of the group, else a
 * Weapon), then the first target offered for it; none when the form offers no Fire.
 */
function fireAsOffered(
  h: MatchHarness<CcState>,
  seat: string,
): Record<string, unknown> | undefined {
  const field = (chosen: Record<string, unknown>, path: string) =>
    (decisionChoices(combatCommanderRuleset, h.state, seat, 'roll', chosen, TEST_SEED) ?? [])
      .find((f) => f.path === path)
      ?.values.map((v) => v.value as string) ?? [];
  if (!field({}, 'purpose').includes('fire')) return undefined;
  const [unit] = field({ purpose: 'fire' }, 'group');
  const [weapon] = unit ? [] : field({ purpose: 'fire' }, 'weapons');
  const chosen = {
    purpose: 'fire',
    ...(unit ? { group: [unit] } : { weapons: [weapon] }),
  };
  const [target] = field(chosen, 'target');
  return target ? { ...chosen, target } : undefined;
}

/** The decisions worth trying now, each a decision a player at the table could make. */
function candidates(h: MatchHarness<CcState>): Candidate[] {
  const { rs, table } = h.state;
  if (!rs.begun) return [['axis', 'begin', {}]];
  const seats = SEATS.map((s) => s.seat);
  const other = (seat: string) => seats.find((s) => s !== seat) as string;
  const out: Candidate[] = [];
  for (const outcome of Object.values(rs.outcomes.pending))
    out.push([other(outcome.seat), 'confirm-outcome', { id: outcome.id }]);
  const pending = rs.pending;
  if (pending?.trigger === 'sniper') out.push([pending.seat, 'sniper', {}]);
  if (pending?.trigger === 'event') {
    const eliminated = Object.values(table.pieces).find(
      (p) => ['squad', 'team', 'leader'].includes(p.type) && p.status === 'destroyed',
    );
    out.push([
      pending.seat,
      'state-outcome',
      {
        about: 'event',
        effects: eliminated ? [{ kind: 'return', piece: eliminated.id, to: 'E5' }] : [],
      },
    ]);
  }
  if (pending?.suddenDeath)
    out.push([pending.seat, 'state-outcome', { about: 'sudden-death', effects: [] }]);
  const active = rs.turn?.seat;
  if (active) {
    const units = Object.values(table.pieces)
      .filter(
        (p) =>
          p.owner === active &&
          ['squad', 'team'].includes(p.type) &&
          p.zone.startsWith('hex:') &&
          p.status !== 'destroyed' &&
          !rs.turn?.activated.includes(p.id),
      )
      .map((p) => p.id);
    // Any card of the hand for its Order, activating any one unit (a Fire Order among them).
    for (const card of hand(h, active))
      for (const unit of units) out.push([active, 'order', { card, units: [unit] }]);
    for (const seat of seats) {
      const fire = rollAllowed(rs, seat, 'fire') ? fireAsOffered(h, seat) : undefined;
      out.push([seat, 'roll', fire ?? { purpose: 'other' }]);
    }
    const defender = other(active);
    const [answer] = playableActions({ table, rs, seat: defender });
    const ownUnits = Object.values(table.pieces).filter(
      (p) =>
        p.owner === defender && ['squad', 'team'].includes(p.type) && p.zone.startsWith('hex:'),
    );
    if (answer)
      for (const unit of ownUnits)
        out.push([defender, 'action', { card: answer, pieces: [unit.id] }]);
    out.push([active, 'end-turn', {}], [active, 'discard', { cards: [] }]);
  }
  return out;
}

describe('Combat Commander: no match gets stuck (issue 45, item 5)', () => {
  it.each([1, 2, 3, 45])(
    'seed %i: some decision is accepted at every step until the end',
    (seed) => {
      const random = seeded(seed);
      const h = new MatchHarness(combatCommanderRuleset, `never-stuck-${seed}`).started(SEATS);
      const kinds = new Set<string>();
      let fires = 0;
      for (let step = 0; step < 150; step += 1) {
        const tried = candidates(h).sort(() => random() - 0.5);
        // A Fire offered is tried first half the time: the many Orders would bury it.
        const fire = tried.findIndex(([, kind, p]) => kind === 'roll' && p.purpose === 'fire');
        if (fire > 0 && random() < 0.5) tried.unshift(...tried.splice(fire, 1));
        const accepted = tried.find(([seat, kind, params]) => {
          const result = h.decide(seat, kind, params);
          return !isRejection(result);
        });
        if (!accepted)
          throw new Error(
            `step ${step}: no decision accepted among ${tried.map((c) => `${c[0]} ${c[1]}`).join(', ')}`,
          );
        kinds.add(accepted[1]);
        if (accepted[1] === 'roll' && accepted[2].purpose === 'fire') fires += 1;
        if (h.state.status === 'finished') break;
      }
      expect([...kinds]).toEqual(expect.arrayContaining(['begin', 'roll', 'order']));
      // Fires were walked: a group (or Weapon) at a target, as the form offered them.
      expect(fires).toBeGreaterThan(0);
      // The end: a victory stated and confirmed, the match finished.
      while (h.state.rs.pending || Object.keys(h.state.rs.outcomes.pending).length > 0) {
        const settle = candidates(h).find(([, kind]) => kind !== 'roll' && kind !== 'order');
        expect(settle).toBeDefined();
        h.play(...settle!);
      }
      h.play('axis', 'state-outcome', {
        about: 'victory',
        effects: [{ kind: 'end', seat: 'allies' }],
      });
      h.play('allies', 'confirm-outcome', { id: `o${h.state.rs.outcomes.next - 1}` });
      expect(h.state.status).toBe('finished');
    },
  );
});
