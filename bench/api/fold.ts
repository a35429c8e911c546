import { performance } from 'node:perf_hooks';
import type { NewEvent, RecordedEvent } from '../../src/domain/events/recorded-event';
import { createDecisionContext } from '../../src/domain/match/decision-context';
import { evolveMatch } from '../../src/domain/match/evolve-match';
import {
  decideClaimSeat,
  decideCreateMatch,
  decideStartMatch,
} from '../../src/domain/match/match-decider';
import { initialMatchState, type MatchState } from '../../src/domain/match/match-state';
import { freeformRuleset } from '../../src/domain/rulesets/freeform/freeform.ruleset';
import { isRejection } from '../../src/domain/rulesets/rule-violation';
import type { Ruleset } from '../../src/domain/rulesets/ruleset';
import { evolveTable } from '../../src/domain/table/evolve-table';
import { TABLE_EVENT_TYPES } from '../../src/domain/table/table-events';
import { freeformSetup, planDecision, seatSpecs, seededRandom } from './scenario';

/**
 * Fold speed of the table evolve, pure in-process. The log is generated quickly but with the
 * exact event shapes the service records: each decision goes through the freeform ruleset's
 * own `decide` (params are not re-validated and events are not hashed, which only the
 * recording side pays for), wrapped in the recorded envelope, and folded into the generator's
 * state so the next decision is legal.
 */

const ruleset = freeformRuleset as Ruleset;
const SEED = Uint8Array.from({ length: 32 }, (_, i) => 255 - i);
/** The hash is only copied into state.headHash by the fold: one shared placeholder saves memory. */
const PLACEHOLDER_HASH = 'f'.repeat(64);

export interface GeneratedLog {
  /** MatchCreated, ZonesCreated, PiecesCreated, SeatClaimed x2, MatchStarted. */
  prefix: RecordedEvent[];
  /** Every event after the prefix, as recorded: DecisionMade, then what it caused. */
  recorded: RecordedEvent[];
}

/** Generates a match log whose body holds at least `genericEvents` events other than DecisionMade. */
export function generateLog(genericEvents: number, matchId = 'fold-bench'): GeneratedLog {
  const state = initialMatchState(matchId, ruleset.initialState());
  const all: RecordedEvent[] = [];
  const random = seededRandom(42);
  let serial = 0;
  const record = (
    events: NewEvent[],
    actor: RecordedEvent['meta']['actor'],
    decisionId?: string,
  ) => {
    for (const event of events) {
      const seq = state.lastSeq + 1;
      const recorded: RecordedEvent = {
        eventId: `e-${seq}`,
        matchId,
        seq,
        type: event.type,
        data: event.data,
        meta: {
          actor,
          recordedAt: '2026-11-22T10:00:00.000Z',
          ...(decisionId ? { decisionId } : {}),
          ruleset: { id: ruleset.id, version: ruleset.version },
          visibility: event.visibility ?? 'public',
          prevHash: PLACEHOLDER_HASH,
          hash: PLACEHOLDER_HASH,
        },
      };
      evolveMatch(ruleset, state, recorded);
      all.push(recorded);
    }
  };
  const ok = <T>(decided: T) => {
    if (isRejection(decided as never)) throw new Error(`setup refused: ${JSON.stringify(decided)}`);
    return decided as unknown as NewEvent[];
  };
  const organizer = { kind: 'organizer' as const, id: 'org-1' };
  record(
    ok(
      decideCreateMatch({
        matchId,
        ruleset,
        organizer: 'org-1',
        commitment: '0'.repeat(64),
        seats: seatSpecs(),
        setup: freeformSetup(),
      }),
    ),
    organizer,
  );
  for (const { seat } of seatSpecs())
    record(ok(decideClaimSeat(state, { seat, name: seat })), { kind: 'seat', id: seat, seat });
  record(ok(decideStartMatch(state)), organizer);
  const prefixLength = all.length;

  const actors = new Map<string, RecordedEvent['meta']['actor']>(
    seatSpecs().map(({ seat }) => [seat, { kind: 'seat', id: seat, seat }]),
  );
  let generic = 0;
  while (generic < genericEvents) {
    const planned = planDecision(state, random);
    const spec = ruleset.decisions[planned.kind];
    const effects = spec.decide(
      createDecisionContext(state, planned.seat, SEED),
      planned.params as never,
    );
    if (isRejection(effects)) throw new Error(`${planned.kind} refused: ${effects.message}`);
    const decisionId = `d-${++serial}`;
    record(
      [
        {
          type: 'DecisionMade',
          data: { decisionId, kind: planned.kind, seat: planned.seat, params: planned.params },
        },
        ...effects,
      ],
      actors.get(planned.seat)!,
      decisionId,
    );
    generic += effects.length;
  }
  return { prefix: all.slice(0, prefixLength), recorded: all.slice(prefixLength) };
}

function stateAfter(prefix: RecordedEvent[], matchId: string): MatchState {
  const state = initialMatchState(matchId, ruleset.initialState());
  for (const event of prefix) evolveMatch(ruleset, state, event);
  return state;
}

export interface FoldRow {
  name: string;
  events: number;
  samples: number[];
  perSecond: number;
}

/**
 * Three folds over the same log, each `reps` times on a fresh state (median reported):
 *  - evolveMatch (freeform) over `count` generic events (DecisionMade left out): the target row;
 *  - evolveMatch over the first `count` events as recorded (DecisionMade included), which also
 *    fills the decision index (`state.decisions`) a replayed match carries;
 *  - evolveTable alone over the table events among the generic ones.
 */
export function measureFolds(log: GeneratedLog, count: number, reps: number): FoldRow[] {
  const matchId = log.prefix[0].matchId;
  const generic = log.recorded.filter((e) => e.type !== 'DecisionMade').slice(0, count);
  const asRecorded = log.recorded.slice(0, count);
  const tableOnly = generic.filter((e) => TABLE_EVENT_TYPES.has(e.type));
  const rows: { name: string; events: RecordedEvent[]; run: (events: RecordedEvent[]) => void }[] =
    [
      {
        name: 'evolveMatch(freeform), generic events',
        events: generic,
        run: (events) => {
          const state = stateAfter(log.prefix, matchId);
          for (const event of events) evolveMatch(ruleset, state, event);
        },
      },
      {
        name: 'evolveMatch(freeform), as recorded (with DecisionMade)',
        events: asRecorded,
        run: (events) => {
          const state = stateAfter(log.prefix, matchId);
          for (const event of events) evolveMatch(ruleset, state, event);
        },
      },
      {
        name: 'evolveTable, table events only',
        events: tableOnly,
        run: (events) => {
          const { table } = stateAfter(log.prefix, matchId);
          for (const event of events) evolveTable(table, event.type, event.data, event.seq);
        },
      },
    ];
  const samples = rows.map(() => [] as number[]);
  // Warm up each fold once (JIT), then interleave the rows so drift hits them alike.
  for (const row of rows) row.run(row.events.slice(0, 50_000));
  for (let rep = 0; rep < reps; rep += 1) {
    rows.forEach((row, i) => {
      const started = performance.now();
      row.run(row.events);
      samples[i].push(row.events.length / ((performance.now() - started) / 1000));
    });
  }
  return rows.map((row, i) => ({
    name: row.name,
    events: row.events.length,
    samples: samples[i],
    perSecond: median(samples[i]),
  }));
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The mix of a log, by event type, in percent. */
export function typeMix(events: RecordedEvent[]): Record<string, string> {
  const counts: Record<string, number> = {};
  for (const event of events) counts[event.type] = (counts[event.type] ?? 0) + 1;
  return Object.fromEntries(
    Object.entries(counts)
      .sort(([, a], [, b]) => b - a)
      .map(([type, n]) => [type, `${((100 * n) / events.length).toFixed(1)}%`]),
  );
}
