import { StatesHarness } from '@test/support/match-harness';
import { own } from '../../shared/id-record';
import { applyMatchEvent, cloneMatchState } from '../../match/evolve-match';
import { legalDecisions, wouldAccept } from '../../match/legal-decision-offers';
import { availabilityContext, legalDecisionKinds } from '../../match/legal-decisions';
import { matchEvent } from '../../match/match-events';
import type { MatchState } from '../../match/match-state';
import { recordEvents } from '../../match/record-events';
import type { SeatSpec } from '../ruleset';
import type { RexState } from './rex-state';
import { rexRuleset } from './rex.ruleset';
import { advanceTo, seal, sealAll, seatsOf, step } from './rex.testkit';

const SEALED = new Set(['battle-plan', 'battle-cards', 'call-traitor', 'predict']);
const SEED = Uint8Array.from({ length: 32 }, (_, i) => i);

/** The params the ruleset gives to try now (its specs' `examples`), or its published example. */
function candidates(kind: string, state: MatchState<RexState>, seat: string): object[] {
  const spec = rexRuleset.decisions[kind];
  return spec.examples?.(availabilityContext(state, seat)) ?? [spec.example ?? {}];
}

const accepted = (state: MatchState<RexState>, seat: string, kind: string, params: object) =>
  wouldAccept(rexRuleset, state, seat, kind, params, SEED);

/** A seal of `kind` made now would count: the battle step or the prediction records it. */
function sealCounts(state: MatchState<RexState>, seat: string, kind: string): boolean {
  const probe = cloneMatchState(state);
  const [sealed] = recordEvents(
    probe,
    [matchEvent('DecisionSealed', { sealId: 'probe', seat, kind, commitment: '0'.repeat(64) })],
    {
      actor: { kind: 'seat', id: seat, seat },
      recordedAt: '2026-11-22T10:00:00.000Z',
      eventIds: ['probe'],
      secretSalts: [],
      ruleset: { id: rexRuleset.id, version: rexRuleset.version },
    },
  );
  applyMatchEvent(rexRuleset, probe, sealed);
  return kind === 'predict'
    ? probe.rs.prediction?.sealSeq === sealed.seq
    : own(probe.rs.battle?.sealed, seat) === sealed.seq;
}

function possible(state: MatchState<RexState>, seat: string, kind: string): boolean {
  if (SEALED.has(kind) && sealCounts(state, seat, kind)) return true;
  return candidates(kind, state, seat).some((params) => accepted(state, seat, kind, params));
}

/** For every state and seat: what is offered can be done, and what is not offered cannot. */
function expectOffersExact(states: readonly MatchState<RexState>[]): number {
  let checked = 0;
  for (const state of states) {
    for (const { seat } of state.rs.seats) {
      const offers = legalDecisions(rexRuleset, state, seat, SEED);
      const offered = new Set(offers.map((d) => d.kind));
      // Every example listed is accepted, and every kind offered openly lists one.
      for (const { kind, examples, sealed } of offers) {
        if (!sealed) expect({ kind, listed: examples.length > 0 }).toEqual({ kind, listed: true });
        for (const params of examples) expect(accepted(state, seat, kind, params)).toBe(true);
      }
      for (const kind of Object.keys(rexRuleset.decisions)) {
        const where = `${kind} for ${seat} at seq ${state.lastSeq} (phase ${state.table.turn.phase})`;
        expect({ where, possible: possible(state, seat, kind) }).toEqual({
          where,
          possible: offered.has(kind),
        });
        checked += 1;
      }
    }
  }
  return checked;
}

function started(
  seats: SeatSpec[],
  setup: Record<string, unknown>,
  options = {},
): StatesHarness<RexState> {
  return new StatesHarness<RexState>(rexRuleset).started(seats, { setup, options });
}

describe('legal decisions in Rex are exact', () => {
  it('given the first two rounds of a game, every offered kind is accepted and no other', () => {
    const g = started(seatsOf('sol', 'letnev', 'hacan'), {});
    g.play('sol', 'begin');
    while (g.state.rs.round <= 2 && g.state.status === 'started') step(g);
    expect(expectOffersExact(g.states)).toBeGreaterThan(1000);
  });

  it('given Xxcha, the prediction is offered to Xxcha alone, and the game begins once it is sealed', () => {
    const g = started(seatsOf('xxcha', 'sol', 'hacan'), { fleetSector: 9 });
    const kinds = (seat: string) =>
      legalDecisionKinds(rexRuleset, g.state, seat).map((d) => d.kind);
    expect(kinds('xxcha')).toContain('predict');
    expect(kinds('xxcha')).not.toContain('begin');
    expect(kinds('sol')).not.toContain('predict');
    seal(g, 'xxcha', 'predict', { seat: 'sol', round: 8 });
    expect(kinds('xxcha')).toContain('begin');
    expect(kinds('xxcha')).not.toContain('predict');
    g.play('xxcha', 'begin');
    step(g);
    step(g);
    expectOffersExact(g.states);
  });

  it('given a battle, only the step due is offered, to the sides that owe it', () => {
    const g = started(
      seatsOf('letnev', 'sol', 'hacan'),
      {
        fleetSector: 9,
        strategyDeck: [
          {
            name: { en: 'Biological Weapon', ru: 'Биологическое Оружие' },
            category: 'attack',
            weapon: 'biological',
            payout: true,
          },
          { name: { en: 'Shield', ru: 'Щит' }, category: 'defense', stops: ['energy'] },
          { name: { en: 'Energy Gun', ru: 'Энерго-ружье' }, category: 'attack', weapon: 'energy' },
          { name: { en: 'Shield', ru: 'Щит' }, category: 'defense', stops: ['energy'] },
        ],
        influenceDeck: [{ kind: 'standard', places: [{ location: 'archive-hall', amount: 2 }] }],
        factions: [
          { faction: 'letnev', placements: [{ location: 'imperial-fleet-base', troops: 4 }] },
          { faction: 'sol', placements: [{ location: 'imperial-fleet-base', troops: 6 }] },
        ],
      },
      { deckOrder: 'as-listed' },
    );
    g.play('letnev', 'begin');
    advanceTo(g, 'combat');
    const kinds = (seat: string) =>
      legalDecisionKinds(rexRuleset, g.state, seat).map((d) => d.kind);
    expect(kinds('letnev')).toContain('start-battle');
    expect(kinds('letnev')).not.toContain('battle-plan');
    g.play('letnev', 'start-battle', { location: 'imperial-fleet-base', opponent: 'sol' });
    expect(kinds('sol')).toContain('battle-plan');
    expect(kinds('hacan')).not.toContain('battle-plan');
    expect(kinds('sol')).not.toContain('battle-cards');
    sealAll(g, 'battle-plan', {
      letnev: { dial: 2, leader: 'leader:letnev:4', slot: 'attack-defense' },
      sol: { dial: 4, leader: 'leader:sol:5', slot: 'attack' },
    });
    sealAll(g, 'battle-cards', {
      letnev: { attack: 'strategy:1', defense: 'strategy:2' },
      sol: { attack: 'strategy:3' },
    });
    sealAll(g, 'call-traitor', { letnev: {}, sol: {} });
    while (g.state.rs.round === 1 && g.state.status === 'started') {
      const { phase, active } = g.state.table.turn;
      if (phase === 'combat' && g.state.rs.battle?.step === 'keep')
        g.play(active[0], 'keep-cards', { discard: [] });
      else if (phase === 'combat') break;
      else step(g);
    }
    expectOffersExact(g.states);
  });
});
