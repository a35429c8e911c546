import { StatesHarness, TEST_SEED } from '@test/support/match-harness';
import { commandersPathRuleset } from '../rulesets/commanders-path/commanders-path.ruleset';
import {
  ARENA_SIDES,
  SEATS,
  arena,
  setupMatch,
  shipCard,
  toMovement,
} from '../rulesets/commanders-path/testing/cp-kit';
import { freeformRuleset } from '../rulesets/freeform/freeform.ruleset';
import { isRejection } from '../rulesets/rule-violation';
import type { Ruleset } from '../rulesets/ruleset';
import { coinRaceRuleset } from '../rulesets/template/coin-race.ruleset';
import { combatCommanderRuleset } from '../rulesets/combat-commander/combat-commander.ruleset';
import { applyMatchEvent, cloneMatchState } from './evolve-match';
import { legalDecisions } from './legal-decision-offers';
import { decideDecision } from './match-decider';
import type { MatchState } from './match-state';
import { recordEvents } from './record-events';

/**
 * Issue 13 point 6, the property: for every state a match passes through in the flows of the
 * rulesets' suites, every decision kind `legal-decisions` offers is accepted with each example
 * params it lists (decided, and its events folded, as before an append), and every kind it
 * does not offer is refused with every params tried: its published example, every example
 * listed for it in any state of the flows, and `{}`. A kind offered openly lists an example
 * (a sealed kind may not: it is offered as a seal). Rex's own, stronger check is
 * rex-legal-decisions.spec (its candidates tried in full); Commanders Path's battle steps are
 * checked in cp-availability.spec.
 *
 * "Accepted": the decider returns events, not a refusal, and the fold applies every one. A
 * kind only accepted sealed is decided as its reveal would be (judge-recorded), and no seal it
 * would void.
 */

/** Accepted and folded, on a copy of the state: the domain's applyOrRefuse. */
function acceptedAndFolded<RS>(
  ruleset: Ruleset<RS>,
  state: MatchState<RS>,
  seat: string,
  kind: string,
  params: unknown,
): boolean {
  const sealed = ruleset.decisions[kind]?.sealing === 'required';
  const decided = decideDecision(
    ruleset,
    state,
    { decisionId: 'probe', kind, seat, params, judgeRecorded: sealed },
    TEST_SEED,
  );
  if (isRejection(decided) || decided.some((e) => e.type === 'SealVoided')) return false;
  const copy = cloneMatchState(state);
  const recorded = recordEvents(copy, decided, {
    actor: { kind: 'seat', id: seat, seat },
    recordedAt: '2026-11-22T10:00:00.000Z',
    eventIds: decided.map((_, i) => `probe-${i}`),
    secretSalts: decided.map(() => '0'.repeat(32)),
    ruleset: { id: ruleset.id, version: ruleset.version },
  });
  for (const event of recorded) applyMatchEvent(ruleset, copy, event);
  return true;
}

interface Verdict {
  states: number;
  listed: number;
  refusedTried: number;
  failures: string[];
}

/** Checks the property on every state; returns what it tried and what failed. */
function checkExact<RS>(ruleset: Ruleset<RS>, states: readonly MatchState<RS>[]): Verdict {
  const offersOf = states.map((state) =>
    state.seats.map(({ seat }) => ({
      seat,
      offers: legalDecisions(ruleset, state, seat, TEST_SEED),
    })),
  );
  const pool = new Map<string, object[]>();
  for (const { offers } of offersOf.flat())
    for (const { kind, examples } of offers)
      pool.set(kind, [...(pool.get(kind) ?? []), ...examples]);
  const verdict: Verdict = { states: states.length, listed: 0, refusedTried: 0, failures: [] };
  states.forEach((state, i) => {
    for (const { seat, offers } of offersOf[i]) {
      const where = `${seat} at seq ${state.lastSeq} (phase ${state.table.turn.phase ?? '-'})`;
      for (const { kind, examples, sealed } of offers) {
        if (!sealed && examples.length === 0)
          verdict.failures.push(`${kind} offered to ${where} with no example`);
        for (const params of examples) {
          verdict.listed += 1;
          if (!acceptedAndFolded(ruleset, state, seat, kind, params))
            verdict.failures.push(`${kind} ${JSON.stringify(params)} listed for ${where}, refused`);
        }
      }
      const offered = new Set(offers.map((o) => o.kind));
      for (const [kind, spec] of Object.entries(ruleset.decisions)) {
        if (offered.has(kind)) continue;
        const tried = [spec.example ?? {}, ...(pool.get(kind) ?? []).slice(0, 20), {}];
        for (const params of tried) {
          verdict.refusedTried += 1;
          if (acceptedAndFolded(ruleset, state, seat, kind, params))
            verdict.failures.push(
              `${kind} ${JSON.stringify(params)} not offered to ${where}, accepted`,
            );
        }
      }
    }
  });
  return verdict;
}

describe('legal-decisions is exact (issue 13 point 6)', () => {
  it('freeform: a game logged move by move', () => {
    const g = new StatesHarness(freeformRuleset).started([{ seat: 'red' }, { seat: 'blue' }], {
      setup: {
        zones: [
          { id: 'north', kind: 'sector' },
          { id: 'south', kind: 'sector' },
          { id: 'deck', kind: 'deck' },
          { id: 'table', kind: 'area' },
        ],
        pieces: [
          { id: 'c1', type: 'cruiser', owner: 'red', zone: 'north', attrs: { cost: 7 } },
          { id: 'f1', type: 'frigate', owner: 'blue', zone: 'south' },
          { id: 'k1', type: 'card', owner: 'red', zone: 'deck' },
          { id: 'k2', type: 'card', owner: 'red', zone: 'deck' },
        ],
      },
    });
    g.play('red', 'start-phase', { phase: 'turn', active: ['red'] });
    g.play('red', 'shuffle', { deck: 'deck' });
    g.play('red', 'draw', { deck: 'deck', count: 1 });
    g.play('red', 'move', { pieces: ['c1'], to: 'south' });
    g.play('red', 'form-fleet', { pieces: ['c1'], fleet: 'fleet-1' });
    g.play('red', 'destroy', { pieces: ['f1'], cause: 'laser' });
    g.play('red', 'change-track', { track: 'vp:red', delta: 2, owner: 'red' });
    g.play('red', 'pass');
    g.play('blue', 'roll', { dice: '2d6' });
    const verdict = checkExact(freeformRuleset, g.states);
    expect(verdict.failures).toEqual([]);
    expect(verdict.listed).toBeGreaterThan(50);
    expect(verdict.refusedTried).toBeGreaterThan(10);
  });

  it('the template: a coin race with boosts', () => {
    const g = new StatesHarness(coinRaceRuleset).started([{ seat: 'red' }, { seat: 'blue' }]);
    g.play('red', 'draw-boost');
    g.play('blue', 'draw-boost');
    for (let i = 0; i < 6 && g.state.status === 'started'; i += 1)
      g.play(g.state.table.turn.active[0], 'flip');
    const verdict = checkExact(coinRaceRuleset, g.states);
    expect(verdict.failures).toEqual([]);
    expect(verdict.listed).toBeGreaterThan(10);
    expect(verdict.refusedTried).toBeGreaterThan(10);
  });

  it('Commanders Path: decks, deal, setup and the first turn to the battle phase; a battle', () => {
    const setup = new StatesHarness(commandersPathRuleset).started(SEATS, {
      options: { deckShuffle: 'none', manualAdjustments: 'free' },
    });
    setupMatch(setup, ARENA_SIDES);
    toMovement(setup);
    const battle = new StatesHarness(commandersPathRuleset).started(SEATS, {
      options: { deckShuffle: 'none', diceSource: 'either', manualAdjustments: 'free' },
    });
    arena(battle, {
      red: { R: shipCard('К', { weapons: ['лазеры 1'], durability: '30(20)' }) },
      blue: { B: shipCard('С', { weapons: ['лазеры 1'], durability: '30(20)' }) },
    });
    const verdict = checkExact(commandersPathRuleset, [...setup.states, ...battle.states]);
    expect(verdict.failures).toEqual([]);
    expect(verdict.listed).toBeGreaterThan(50);
  });

  it('Combat Commander: the deal, Orders, Actions, rolls with their triggers, stated outcomes, the end', () => {
    const fate = (trigger?: string, action = 'fire') =>
      Array.from({ length: 72 }, (_, i) => ({
        order: i % 2 ? 'move' : 'fire',
        action: i % 3 ? action : 'A25',
        event: 'E43',
        hex: 'G7',
        dice: [3, 4],
        ...(trigger ? { trigger } : {}),
      }));
    const g = new StatesHarness(combatCommanderRuleset).started(
      [{ seat: 'axis' }, { seat: 'allies' }],
      {
        setup: {
          decks: [
            { nationality: 'germany', cards: fate('sniper') },
            { nationality: 'ussr', cards: fate('event') },
          ],
        },
      },
    );
    g.play('axis', 'begin');
    const handOf = (seat: string) =>
      Object.values(g.state.table.pieces)
        .filter((p) => p.zone === `hand:${seat}`)
        .map((p) => p.id)
        .sort();
    // A Fire roll comes from a Fire Order (issue 45).
    const fireOrder = handOf('axis').find((id) => g.state.table.pieces[id].attrs.order === 'fire');
    g.play('axis', 'order', { card: fireOrder, units: ['de-squad-1'] });
    g.play('axis', 'roll', { purpose: 'fire', weapons: ['de-mg'], target: 'su-squad-1' });
    g.play('axis', 'sniper', {});
    g.play('axis', 'state-outcome', {
      about: 'fire',
      effects: [{ kind: 'break', piece: 'su-squad-1' }],
    });
    g.play('axis', 'end-turn');
    // No Rout Order is given, so the roll is another one (issue 45: every roll from its card).
    g.play('allies', 'roll', { purpose: 'other' });
    g.play('allies', 'state-outcome', { about: 'event', effects: [] });
    g.play('axis', 'confirm-outcome', { id: 'o2' });
    g.play('allies', 'discard', { cards: [] });
    g.play('axis', 'state-outcome', { about: 'victory', effects: [{ kind: 'end', seat: 'axis' }] });
    g.play('allies', 'confirm-outcome', { id: 'o3' });
    const verdict = checkExact(combatCommanderRuleset, g.states);
    expect(verdict.failures).toEqual([]);
    expect(verdict.listed).toBeGreaterThan(50);
    expect(verdict.refusedTried).toBeGreaterThan(50);
  });
});

describe('a ruling’s corrective decisions (by: corrective, issue 41 item 6)', () => {
  const g = new StatesHarness(freeformRuleset).started([{ seat: 'red' }, { seat: 'blue' }], {
    setup: {
      zones: [
        { id: 'north', kind: 'sector' },
        { id: 'south', kind: 'sector' },
      ],
      pieces: [{ id: 'c1', type: 'cruiser', owner: 'red', zone: 'north' }],
    },
  });
  const paused = (): MatchState => ({
    ...cloneMatchState(g.state),
    paused: { reason: 'Разбор спора', seq: g.state.lastSeq },
  });
  const kinds = (state: MatchState, by: 'seat' | 'judge' | 'corrective') =>
    legalDecisions(freeformRuleset, state, 'red', TEST_SEED, by).map((o) => o.kind);

  it('offers the seat’s own kinds, the Game Master’s none, also while the match is paused', () => {
    const own = kinds(g.state, 'seat');
    expect(own).toContain('move');
    expect(kinds(g.state, 'corrective')).toEqual(own);
    expect(kinds(paused(), 'corrective')).toEqual(own);
    // Paused, the seat's own moves are refused (none is listed accepted); a judge's are not.
    const movesOf = (by: 'seat' | 'corrective') =>
      legalDecisions(freeformRuleset, paused(), 'red', TEST_SEED, by).find((o) => o.kind === 'move')
        ?.examples ?? [];
    expect(movesOf('seat')).toEqual([]);
    expect(movesOf('corrective').length).toBeGreaterThan(0);
    expect(kinds(paused(), 'judge')).not.toContain('move');
  });

  it('lists examples a judge-recorded decision accepts on the paused match', () => {
    const state = paused();
    for (const { kind, examples } of legalDecisions(
      freeformRuleset,
      state,
      'red',
      TEST_SEED,
      'corrective',
    ))
      for (const params of examples) {
        const decided = decideDecision(
          freeformRuleset,
          state,
          { decisionId: 'probe', kind, seat: 'red', params, judgeRecorded: true },
          TEST_SEED,
        );
        expect([kind, isRejection(decided)]).toEqual([kind, false]);
      }
  });
});
