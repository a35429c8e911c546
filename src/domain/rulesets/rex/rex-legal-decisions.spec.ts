import { MatchHarness } from '@test/support/match-harness';
import type { Actor, NewEvent, RecordedEvent } from '../../events/recorded-event';
import { own } from '../../shared/id-record';
import { applyMatchEvent, cloneMatchState } from '../../match/evolve-match';
import { legalDecisionKinds } from '../../match/legal-decisions';
import { decideDecision } from '../../match/match-decider';
import { matchEvent } from '../../match/match-events';
import type { MatchState } from '../../match/match-state';
import { recordEvents } from '../../match/record-events';
import { isRejection } from '../rule-violation';
import type { SeatSpec } from '../ruleset';
import { availableLeaders } from './rex-battle';
import { handOf, mapOf, troopsAt, ZONES } from './rex-board';
import { CANCELLABLE_ABILITIES } from './rex-events';
import type { RexState } from './rex-state';
import { rexRuleset } from './rex.ruleset';
import { advanceTo, seal, sealAll, seatsOf, step } from './rex.testkit';

/** A harness that keeps every state its match passes through while started. */
class StatesHarness extends MatchHarness<RexState> {
  readonly states: MatchState<RexState>[] = [];

  override record(events: NewEvent[], actor: Actor, decisionId?: string): RecordedEvent[] {
    const recorded = super.record(events, actor, decisionId);
    if (this.state.status === 'started') this.states.push(cloneMatchState(this.state));
    return recorded;
  }
}

const SEALED = new Set(['battle-plan', 'battle-cards', 'call-traitor', 'predict']);

/** Params to try for `kind`, built from the state: enough that an acceptable decision is among them. */
function candidates(kind: string, state: MatchState<RexState>, seat: string): object[] {
  const { table, rs } = state;
  const seats = rs.seats.map((s) => s.seat);
  const locations = mapOf(table).locations.map((l) => l.id);
  const battle = rs.battle;
  switch (kind) {
    case 'offer-alliance':
      return seats.map((to) => ({ to }));
    case 'transfer-influence':
      return seats.map((to) => ({ to, amount: 1 }));
    case 'bid':
      return [{ amount: (rs.auction?.high?.amount ?? 0) + 1 }];
    case 'recruit':
      return [{ troops: 0 }];
    case 'keep-cards':
      return [{ discard: [] }];
    case 'start-battle':
      return locations
        .filter((location) => troopsAt(table, location, seat).length > 0)
        .flatMap((location) => seats.map((opponent) => ({ location, opponent })));
    case 'deploy':
      return locations.flatMap((location) => [
        { location, troops: 1 },
        { location, troops: 1, mechanized: 1 },
      ]);
    case 'move':
      return locations
        .filter((from) => troopsAt(table, from, seat).length > 0)
        .flatMap((from) =>
          locations.flatMap((to) => [
            { from, to, troops: 1 },
            { from, to, troops: 1, mechanized: 1 },
          ]),
        );
    case 'take-losses': {
      const there = battle ? troopsAt(table, battle.location, seat) : [];
      const counts = Array.from({ length: there.length + 1 }, (_, n) => n);
      return counts.flatMap((troops) => counts.map((mechanized) => ({ troops, mechanized })));
    }
    case 'battle-plan': {
      const leaders = battle ? availableLeaders({ table, rs }, seat, battle.location) : [];
      return [
        { dial: 0, slot: 'none' },
        ...leaders.map((p) => ({ dial: 0, leader: p.id, slot: 'none' })),
      ];
    }
    case 'battle-cards': {
      const hand = handOf(table, seat).map((p) => p.id);
      return [
        {},
        ...hand.flatMap((card) => [{ attack: card }, { defense: card }]),
        ...hand.flatMap((attack) => hand.map((defense) => ({ attack, defense }))),
      ];
    }
    case 'call-traitor':
      return [
        {},
        ...Object.values(table.pieces)
          .filter((p) => p.zone === ZONES.traitors(seat))
          .map((p) => ({ traitor: p.id })),
      ];
    case 'predict':
      return [{ seat: seats[0], round: 8 }];
    case 'flip-troops':
      return locations.map((location) => ({ location }));
    case 'sol-offensive-move':
      return (rs.influencePhase.struck?.locations ?? []).flatMap((from) =>
        locations.map((to) => ({ from, to, troops: 1 })),
      );
    case 'play-strategy':
      return handOf(table, seat).flatMap((piece) => {
        const card = piece.id;
        const withTroops = (params: object) => [
          { card, ...params, troops: 1 },
          { card, ...params, troops: 1, mechanized: 1 },
        ];
        switch (piece.attrs.effect) {
          case 'informant-deployment':
            return locations.flatMap((location) => withTroops({ location }));
          case 'accelerated-mobilization':
            return locations
              .filter((from) => troopsAt(table, from, seat).length > 0)
              .flatMap((from) => locations.flatMap((location) => withTroops({ from, location })));
          case 'graviton-inverter':
            return locations.map((location) => ({ card, location }));
          case 'diplomatic-intervention':
            return seats.map((target) => ({ card, seat: target }));
          case 'informant-cancellation':
            return seats.flatMap((target) =>
              CANCELLABLE_ABILITIES.map((ability) => ({ card, seat: target, ability })),
            );
          default:
            return [{ card }];
        }
      });
    default:
      return [{}];
  }
}

let serial = 0;

/** The decision, as a judge would record it (so a sealed kind is decided as its reveal). */
function accepted(
  state: MatchState<RexState>,
  seat: string,
  kind: string,
  params: object,
): boolean {
  const decided = decideDecision(
    rexRuleset,
    state,
    { decisionId: `probe-${++serial}`, kind, seat, params, judgeRecorded: SEALED.has(kind) },
    Uint8Array.from({ length: 32 }, (_, i) => i),
  );
  return !isRejection(decided) && !decided.some((e) => e.type === 'SealVoided');
}

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
      const offered = new Set(legalDecisionKinds(rexRuleset, state, seat).map((d) => d.kind));
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

function started(seats: SeatSpec[], setup: Record<string, unknown>, options = {}): StatesHarness {
  return new StatesHarness(rexRuleset).started(seats, { setup, options });
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
