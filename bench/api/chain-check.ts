import { Logger } from '@nestjs/common';
import { ChainSweep } from '../../src/application/matches/chain-sweep';
import { MatchRepository } from '../../src/application/matches/match-repository';
import {
  fromStoredEvent,
  toStoredEvent,
} from '../../src/application/matches/recorded-event.mapping';
import { StreamIntegrity } from '../../src/application/matches/stream-integrity';
import { createRulesetRegistry } from '../../src/application/rulesets/ruleset-catalog';
import { ChainVerifier, sealEvent } from '../../src/domain/events/hash-chain';
import type { RecordedEvent } from '../../src/domain/events/recorded-event';
import { evolveMatch } from '../../src/domain/match/evolve-match';
import { matchStreamName } from '../../src/domain/match/match-events';
import { initialMatchState, type MatchState } from '../../src/domain/match/match-state';
import { freeformRuleset } from '../../src/domain/rulesets/freeform/freeform.ruleset';
import type { Ruleset } from '../../src/domain/rulesets/ruleset';
import { SqliteEventStore } from '../../src/infrastructure/eventstore/sqlite/sqlite-event-store';
import { generateLog, median } from './fold';

/**
 * The cost of verifying a match's hash chain when it is loaded to be folded (issue 38): the
 * same SQLite store, the same match, loaded cold (nothing in memory, no snapshot) three ways,
 * alternated rep by rep:
 *  - fold: read from seq 0 and fold, as MatchRepository loaded a match before the check;
 *  - fold + check: the same, each event also through ChainVerifier over the JSON text the store
 *    read it from (what a process's first load of a match does);
 *  - fold + check, events written again: the same, ChainVerifier given no stored text, so it
 *    writes each event out again in canonical JSON to hash it (what the first load did before
 *    the stores kept canonical JSON, and still does for events stored before that);
 *  - fold + resumed check: the same, checked from the last event on only (ChainVerifier
 *    .resumingAt a remembered head: what a later load of the match in the same process does);
 *  - repository: MatchRepository.current itself in a process that never loaded the match (the
 *    whole check included), to show the two loops above are what the service runs;
 *  - reload: MatchRepository.current of a match whose head this process verified before (its
 *    state no longer in memory: evicted, or a bulk export's or state?at's load), which checks
 *    the event at the remembered head only (StreamIntegrity's memory of verified heads);
 *  - after the sweep: MatchRepository.current in a process whose chain sweep (ChainSweep, run
 *    unmeasured before the sample) verified the store: its first load of the match checks from
 *    the head the sweep remembered, as `reload` does. The sweeps' own speed (events read and
 *    verified per second of process CPU, over the whole bench store) is kept too.
 * The logs are the fold bench's generated freeform logs, sealed into a real chain. Each figure
 * is the process CPU time of one load, a sample averaging enough loads to read about 2,000
 * events.
 */

const ruleset = freeformRuleset as Ruleset;

export interface ChainCheckRow {
  events: number;
  fold: number[];
  checked: number[];
  rewritten: number[];
  resumed: number[];
  repository: number[];
  reload: number[];
  swept: number[];
  /** Events per CPU second of each sweep run before a `swept` sample (every match in the store). */
  sweepEventsPerSecond: number[];
}

/** A generated freeform log of `count` events, sealed (prevHash, hash) as the service seals it. */
function sealedLog(count: number, matchId: string): RecordedEvent[] {
  const generated = generateLog(count, matchId);
  const events = [...generated.prefix, ...generated.recorded].slice(0, count);
  const sealed: RecordedEvent[] = [];
  for (const event of events) {
    const { hash: _hash, prevHash: _prev, ...meta } = event.meta;
    // The generator's ids repeat from log to log: one store holds several.
    const eventId = `${matchId}-${event.seq}`;
    sealed.push(sealEvent({ ...event, eventId, meta }, sealed.at(-1)?.meta.hash ?? ''));
  }
  return sealed;
}

async function loadAndFold(
  store: SqliteEventStore,
  matchId: string,
  chain?: ChainVerifier,
  checkFrom = 0,
  overStoredJson = true,
): Promise<MatchState> {
  const state = initialMatchState(matchId, ruleset.initialState());
  for await (const stored of store.read(matchStreamName(matchId), { from: 0n })) {
    const event = fromStoredEvent(stored);
    if (event.seq >= checkFrom) chain?.next(event, overStoredJson ? stored.json : undefined);
    evolveMatch(ruleset, state, event);
  }
  if (chain?.firstBreak) throw new Error(`the bench's chain breaks: ${chain.firstBreak.message}`);
  return state;
}

/**
 * Events loaded per sample: a sample repeats a load until it has read about this many, so that
 * a small match's load (a fraction of a millisecond) is not lost in the clock's and the
 * scheduler's noise.
 */
const EVENTS_PER_SAMPLE = 2000;

/**
 * The process CPU time of one load, in ms: `loads` of them in a row, divided. CPU time, not
 * wall time: on a machine shared with other work the wall clock also counts the time the
 * process waited for a core, which is not what the load costs (the decisions part measures the
 * service's CPU per decision in the same way).
 */
const time = async (loads: number, work: () => Promise<unknown>): Promise<number> => {
  const started = process.cpuUsage();
  for (let i = 0; i < loads; i += 1) await work();
  const { user, system } = process.cpuUsage(started);
  return (user + system) / 1000 / loads;
};

export async function measureChainCheck(
  dir: string,
  sizes: readonly number[],
  reps: number,
): Promise<ChainCheckRow[]> {
  const store = new SqliteEventStore({ dataDir: dir });
  const clock = { nowIso: () => new Date().toISOString() };
  const repositoryIn = (integrity: StreamIntegrity) =>
    new MatchRepository(
      store,
      { latestAtOrBefore: () => Promise.resolve(undefined), put: () => Promise.resolve() },
      createRulesetRegistry([ruleset]),
      clock,
      // Loads draw nothing at random.
      {
        bytes: (count: number) => new Uint8Array(count),
        uuid: () => '',
        timeOrderedUuid: () => '',
      },
      1,
      false,
      integrity,
    );
  // The sweeps' line at their end, many times over, is not the bench's to print.
  Logger.overrideLogger(['error', 'fatal']);
  // One process that loaded every match before; a fresh one (its own memory) per cold load.
  const reloading = repositoryIn(new StreamIntegrity());
  try {
    const rows: ChainCheckRow[] = [];
    for (const size of sizes) {
      const matchId = `chain-bench-${size}`;
      const events = sealedLog(size, matchId);
      for (let from = 0; from < events.length; from += 500)
        await store.append(
          matchStreamName(matchId),
          events.slice(from, from + 500).map(toStoredEvent),
          from === 0 ? 'no_stream' : BigInt(from - 1),
        );
      const row: ChainCheckRow = {
        events: size,
        fold: [],
        checked: [],
        rewritten: [],
        resumed: [],
        repository: [],
        reload: [],
        swept: [],
        sweepEventsPerSecond: [],
      };
      // One unmeasured round warms the code paths and SQLite's page cache.
      await loadAndFold(store, matchId, new ChainVerifier());
      await reloading.current(matchId, { keep: false });
      const loads = Math.max(1, Math.ceil(EVENTS_PER_SAMPLE / size));
      for (let rep = 0; rep < reps; rep += 1) {
        row.fold.push(await time(loads, () => loadAndFold(store, matchId)));
        row.checked.push(await time(loads, () => loadAndFold(store, matchId, new ChainVerifier())));
        row.rewritten.push(
          await time(loads, () => loadAndFold(store, matchId, new ChainVerifier(), 0, false)),
        );
        const head = { seq: size - 1, hash: events[size - 1].meta.hash };
        row.resumed.push(
          await time(loads, () =>
            loadAndFold(store, matchId, ChainVerifier.resumingAt(head), head.seq),
          ),
        );
        const fresh = Array.from({ length: loads }, () => repositoryIn(new StreamIntegrity()));
        row.repository.push(
          await time(loads, () => fresh.pop()!.current(matchId, { keep: false })),
        );
        row.reload.push(await time(loads, () => reloading.current(matchId, { keep: false })));
        const afterSweep = new StreamIntegrity();
        const sweepCpu = process.cpuUsage();
        const { events: swept } = await new ChainSweep(store, afterSweep, clock).sweep();
        const { user, system } = process.cpuUsage(sweepCpu);
        row.sweepEventsPerSecond.push(swept / ((user + system) / 1e6));
        const sweptProcess = repositoryIn(afterSweep);
        row.swept.push(await time(loads, () => sweptProcess.current(matchId, { keep: false })));
      }
      rows.push(row);
    }
    return rows;
  } finally {
    Logger.overrideLogger(['log', 'error', 'warn', 'debug', 'verbose', 'fatal']);
    await store.close();
  }
}

/** Medians of a row, in ms, and what the check adds: per load, per event, as a ratio. */
export function chainCheckFigures(row: ChainCheckRow) {
  const fold = median(row.fold);
  const checked = median(row.checked);
  const rewritten = median(row.rewritten);
  const resumed = median(row.resumed);
  return {
    fold,
    checked,
    rewritten,
    resumed,
    repository: median(row.repository),
    reload: median(row.reload),
    swept: median(row.swept),
    sweepEventsPerSecond: median(row.sweepEventsPerSecond),
    /** What the check of a later load (from the remembered head) adds: never below 0. */
    resumedCheckPerLoad: Math.max(0, resumed - fold),
    checkPerLoad: checked - fold,
    checkPerEventMicros: ((checked - fold) * 1000) / row.events,
    ratio: checked / fold,
    /** The same, each event written again in canonical JSON to be hashed (the check before). */
    rewrittenCheckPerLoad: rewritten - fold,
    rewrittenCheckPerEventMicros: ((rewritten - fold) * 1000) / row.events,
    /** What the check over the stored text costs against the check writing events again. */
    checkRatioToRewritten: (checked - fold) / (rewritten - fold),
  };
}
