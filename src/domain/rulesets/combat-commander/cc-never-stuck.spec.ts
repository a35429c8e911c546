import { MatchHarness } from '@test/support/match-harness';
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
    const [card] = hand(h, active);
    if (card && units.length > 0) out.push([active, 'order', { card, units: [units[0]] }]);
    for (const seat of seats) {
      const purpose = rollAllowed(rs, seat, 'fire') ? 'fire' : 'other';
      out.push([seat, 'roll', { purpose }]);
    }
    const [answer] = playableActions({ table, rs, seat: other(active) });
    if (answer) out.push([other(active), 'action', { card: answer, pieces: [] }]);
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
      for (let step = 0; step < 150; step += 1) {
        const tried = candidates(h).sort(() => random() - 0.5);
        const accepted = tried.find(([seat, kind, params]) => {
          const result = h.decide(seat, kind, params);
          return !isRejection(result);
        });
        if (!accepted)
          throw new Error(
            `step ${step}: no decision accepted among ${tried.map((c) => `${c[0]} ${c[1]}`).join(', ')}`,
          );
        kinds.add(accepted[1]);
        if (h.state.status === 'finished') break;
      }
      expect([...kinds]).toEqual(expect.arrayContaining(['begin', 'roll', 'order']));
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
