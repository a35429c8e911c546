import fc from 'fast-check';
import { MatchHarness } from '@test/support/match-harness';
import type { RecordedEvent } from '../events/recorded-event';
import { commandersPathRuleset } from '../rulesets/commanders-path/commanders-path.ruleset';
import { CP_EVENT_TYPES } from '../rulesets/commanders-path/cp-phrasing';
import {
  ARENA_SIDES,
  SEATS,
  setupMatch,
  toMovement,
} from '../rulesets/commanders-path/testing/cp-kit';
import { freeformRuleset } from '../rulesets/freeform/freeform.ruleset';
import { REX_EVENT_TYPES } from '../rulesets/rex/rex-events';
import { rexRuleset } from '../rulesets/rex/rex.ruleset';
import { seatsOf } from '../rulesets/rex/rex.testkit';
import type { Ruleset } from '../rulesets/ruleset';
import { TABLE_EVENT_TYPES } from '../table/table-events';
import { applyMatchEvent, cloneMatchState, evolveMatch } from './evolve-match';
import type { MatchEventMap } from './match-events';
import type { MatchState } from './match-state';
import { viewTable } from './match-view';

/**
 * Every event once stored must replay forever: the fold of the match, the table and each
 * ruleset's own slice must apply any event (an old log's, a hostile one's: ids that name
 * built-in object members, junk where lists or records belong) without throwing, without
 * touching Object.prototype, and leave a state that can still be viewed and derived.
 */

const MATCH_EVENT_TYPES: (keyof MatchEventMap)[] = [
  'MatchCreated',
  'SeatClaimed',
  'MatchStarted',
  'DecisionMade',
  'DiceRolled',
  'MatchFinished',
  'MatchAbandoned',
  'RngRevealed',
  'DecisionSealed',
  'SealRevealed',
  'UndoRequested',
  'UndoAccepted',
  'UndoRejected',
  'UndoRequestExpired',
  'TimelineRewound',
  'DisputeOpened',
  'DisputeCommented',
  'MatchPaused',
  'MatchResumed',
  'RulingIssued',
  'RulingAppealed',
  'AppealDecided',
  'SeatLinkReissued',
];

export const MEMBER_NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  '__defineGetter__',
];

/** The member names of events and states that name things: where a hostile id goes. */
const FIELDS = [
  'id',
  'piece',
  'pieces',
  'zone',
  'zones',
  'to',
  'from',
  'fleet',
  'deck',
  'track',
  'seat',
  'seats',
  'owner',
  'sealId',
  'requestId',
  'disputeId',
  'battle',
  'kind',
  'card',
  'cards',
  'leader',
  'location',
  'target',
  'ship',
  'ships',
  'station',
  'attrs',
  'secret',
  'order',
  'active',
  'plan',
  'voided',
  'restore',
  'table',
  'rs',
  'initiative',
  'winners',
  'commanders',
  'bound',
  'defs',
  'list',
  'params',
  'count',
  'amount',
];

const hostileId = fc.constantFrom(...MEMBER_NAMES);
const scalar = fc.oneof(
  hostileId,
  fc.string({ maxLength: 8 }),
  fc.constantFrom(0, -0, -1, 1e308, Number.NaN, null, true),
);
const junk: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 3 }),
    tie('record'),
  ),
  record: fc.dictionary(fc.oneof(hostileId, fc.constantFrom(...FIELDS)), tie('value'), {
    maxKeys: 4,
  }),
})).value;

function eventTypes(ruleset: Ruleset): string[] {
  const own =
    ruleset.id === 'rex'
      ? [...REX_EVENT_TYPES]
      : ruleset.id === 'commanders-path'
        ? CP_EVENT_TYPES
        : [];
  return [...MATCH_EVENT_TYPES, ...TABLE_EVENT_TYPES, ...own];
}

function started(ruleset: Ruleset): MatchHarness {
  if (ruleset.id === 'commanders-path') {
    const g = new MatchHarness(commandersPathRuleset).started(SEATS, {
      options: { deckShuffle: 'none', manualAdjustments: 'free' },
    });
    setupMatch(g, ARENA_SIDES);
    toMovement(g);
    return g as unknown as MatchHarness;
  }
  if (ruleset.id === 'rex')
    return new MatchHarness(rexRuleset).started(
      seatsOf('lazax', 'hacan', 'jolnar'),
    ) as unknown as MatchHarness;
  const g = new MatchHarness(freeformRuleset).started([{ seat: 'red' }, { seat: 'blue' }]);
  g.play('red', 'create-zones', {
    zones: [
      { id: 'north', kind: 'sector' },
      { id: 'deck', kind: 'deck' },
    ],
  });
  g.play('red', 'create-pieces', {
    pieces: [
      { id: 'c1', type: 'cruiser', owner: 'red', zone: 'north' },
      { id: 'k1', type: 'card', owner: 'red', zone: 'deck' },
    ],
  });
  return g;
}

/**
 * The members of Object.prototype, in this realm and in the one structuredClone builds its
 * copies in (Jest runs tests in a VM context of their own): pollution would show in either.
 */
const prototypeMembers = (): string[][] =>
  [Object.prototype, Object.getPrototypeOf(structuredClone({})) as object].map((proto) =>
    Object.getOwnPropertyNames(proto).sort(),
  );

/** Whether a record still is an ordinary object (its prototype some realm's Object.prototype). */
const isOrdinary = (record: object): boolean => {
  const proto = Object.getPrototypeOf(record) as object | null;
  return (
    proto !== null &&
    Object.getPrototypeOf(proto) === null &&
    Object.hasOwn(proto, 'hasOwnProperty')
  );
};

describe.each([freeformRuleset, commandersPathRuleset, rexRuleset] as Ruleset[])(
  'folding hostile events ($id)',
  (ruleset) => {
    const base = started(ruleset);
    const types = eventTypes(ruleset);

    it('applies every event type with hostile ids and junk without throwing or touching Object.prototype', () => {
      const members = prototypeMembers();
      fc.assert(
        fc.property(
          fc.array(fc.record({ type: fc.constantFrom(...types), data: junk }), {
            minLength: 1,
            maxLength: 6,
          }),
          (hostile) => {
            const state = cloneMatchState(base.state) as MatchState;
            let seq = state.lastSeq;
            for (const { type, data } of hostile) {
              const event = recorded(state, type, data, (seq += 1));
              applyMatchEvent(ruleset, state, event);
            }
            expect(prototypeMembers()).toEqual(members);
            viewTable(state.table, { kind: 'judge' } as never, true);
            ruleset.derive(state.table, state.rs as never);
          },
        ),
        { seed: 20261125, numRuns: 300 },
      );
    });

    it.each(MEMBER_NAMES)('keeps an id named %s an ordinary own entry', (id) => {
      const state = cloneMatchState(base.state) as MatchState;
      const events: [string, unknown][] = [
        ['ZonesCreated', { zones: [{ id, kind: 'deck' }] }],
        ['PiecesCreated', { pieces: [{ id, type: 'x', owner: id, zone: id }] }],
        ['PieceChanged', { piece: id, status: 'tapped', attrs: { [id]: 1 } }],
        ['FleetFormed', { fleet: id, owner: id, pieces: [id] }],
        ['PiecesDestroyed', { pieces: [id], cause: 'x' }],
        ['TrackChanged', { track: id, value: 3 }],
        ['DisputeOpened', { disputeId: id, seat: id, atSeq: 1, claim: 'x' }],
        ['DecisionSealed', { sealId: id, seat: id, kind: id, commitment: 'c' }],
        ['UndoRequested', { requestId: id, seat: id, toSeq: 1, reason: 'x', consentFrom: [id] }],
        ['DiceRolled', { purpose: id, source: 'server', sides: [6], faces: [1] }],
      ];
      let seq = state.lastSeq;
      for (const [type, data] of events)
        evolveMatch(ruleset, state, recorded(state, type, data, (seq += 1)));
      const members = prototypeMembers();
      expect(isOrdinary(state.table.pieces)).toBe(true);
      expect(Object.hasOwn(state.table.pieces, id)).toBe(true);
      expect(state.table.pieces[id]).toMatchObject({ id, status: 'destroyed' });
      expect(Object.hasOwn(state.table.zones, id)).toBe(true);
      expect(Object.hasOwn(state.table.tracks, id)).toBe(true);
      expect(Object.hasOwn(state.disputes, id)).toBe(true);
      expect(Object.hasOwn(state.seals, id)).toBe(true);
      expect(Object.hasOwn(state.undoRequests, id)).toBe(true);
      expect(state.rollCounters[id]).toBe(1);
      // A snapshot round trip (JSON) keeps them own entries.
      const reloaded = JSON.parse(JSON.stringify(state)) as MatchState;
      expect(Object.hasOwn(reloaded.table.pieces, id)).toBe(true);
      expect(isOrdinary(reloaded.table.pieces)).toBe(true);
      expect(prototypeMembers()).toEqual(members);
    });
  },
);

function recorded(state: MatchState, type: string, data: unknown, seq: number): RecordedEvent {
  return {
    eventId: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    matchId: state.matchId,
    seq,
    type,
    data,
    meta: {
      actor: { kind: 'system', id: 'test' },
      recordedAt: '2026-11-25T00:00:00.000Z',
      ruleset: state.ruleset,
      visibility: 'public',
      prevHash: state.headHash,
      hash: `h${seq}`,
    },
  };
}
