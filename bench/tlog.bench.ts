/**
 * `npm run bench:tlog`: the transparency log at 100,000 leaves (BENCH_TLOG_LEAVES), on the
 * embedded store in a temporary directory:
 *
 * - appending: the leaves loaded in batches of 1,000, then 1,000 leaves appended one at a time
 *   as the log appends them (one append with its expected revision each), per-leaf median;
 * - starting: the log opened (what a restart does before it listens) with its stored tiles,
 *   side by side with the same log rebuilt from its leaves alone (the start before tiles were
 *   stored), START_RUNS of each taken in turn, medians and their ratio, wall clock and process
 *   CPU; beside them reading the leaves' events alone, and the first start of a store without
 *   tiles (rebuilt, then its tiles stored);
 * - proofs: 2,000 inclusion and 2,000 consistency proofs of random matches and sizes through
 *   TransparencyLog (what the HTTP routes call), after a warm-up, p50 and p99, wall clock and
 *   the process's CPU time (which a loaded machine does not inflate), the slowest ones and the
 *   GC pauses while they ran; side by side with the baseline,
 *   the same inclusion proofs computed by RFC 9162's recursion without the subtree cache
 *   (20 samples: it rehashes the leaves for each).
 */
import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { PerformanceObserver } from 'node:perf_hooks';
import { join } from 'node:path';
import {
  TRANSPARENCY_LOG_STREAM,
  LEAF_EVENT,
  TransparencyLog,
} from '../src/application/transparency/transparency-log';
import { MerkleTree, nodeHash, splitPoint } from '../src/domain/transparency/merkle';
import { logLeafHash } from '../src/domain/transparency/log-leaf';
import { parseCheckpoint } from '../src/domain/transparency/checkpoint';
import { SqliteEventStore } from '../src/infrastructure/eventstore/sqlite/sqlite-event-store';
import { Ed25519Signer } from '../src/infrastructure/persistence/signing-key';
import { SqliteLogTileStore } from '../src/infrastructure/persistence/sqlite-log-tile-store';
import type { LogTileStore } from '../src/application/ports/log-tile-store.port';
import { SystemClock } from '../src/infrastructure/persistence/system-clock';

const LEAVES = Number(process.env.BENCH_TLOG_LEAVES ?? 100_000);
const SINGLE = 1000;
const PROOFS = 2000;
const BASELINE_PROOFS = 20;
const WARM_UP = 200;
const START_RUNS = Number(process.env.BENCH_TLOG_START_RUNS ?? 5);

/** The baseline start: a log that keeps no tiles rebuilds its tree from the leaves every time. */
const NO_TILES: LogTileStore = {
  tiles: async () => [],
  appendLeaf: () => Promise.reject(new Error('the bench appends no leaf through the log')),
  saveTiles: async () => undefined,
  saveCheckpoint: async () => undefined,
  lastCheckpoint: async () => undefined,
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (n: number) => `${n.toFixed(3)} ms`;

function leafOf(i: number) {
  return {
    matchId: randomUUID(),
    seq: 20 + (i % 50),
    headHash: (i.toString(16).padStart(8, '0') + 'ab').repeat(7).slice(0, 64),
    time: new Date(Date.UTC(2026, 11, 7, 0, 0, i % 60)).toISOString(),
    position: String(i + 1),
  };
}

/** RFC 9162 §2.1.3.1 as the RFC writes it: the baseline without the cache. */
function mth(leaves: Uint8Array[], start: number, end: number): Uint8Array {
  if (end - start === 1) return leaves[start];
  const k = splitPoint(end - start);
  return nodeHash(mth(leaves, start, start + k), mth(leaves, start + k, end));
}
function naivePath(leaves: Uint8Array[], m: number, start: number, end: number): Uint8Array[] {
  if (end - start <= 1) return [];
  const k = splitPoint(end - start);
  return m < start + k
    ? [...naivePath(leaves, m, start, start + k), mth(leaves, start + k, end)]
    : [...naivePath(leaves, m, start + k, end), mth(leaves, start, start + k)];
}

/** The process's own CPU time (user + system) since `since`: what other processes do not inflate. */
function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

interface StartTime {
  wall: number;
  cpu: number;
}

/**
 * The starts, in a function of their own so that only the last log outlives it (the proofs run
 * on a heap that holds one log, as a service's does): the first start of the store (no tiles
 * yet), then START_RUNS starts rebuilt from the leaves and START_RUNS with the stored tiles, in
 * turn, each checked to reach the same root.
 */
async function measureStarts(store: SqliteEventStore): Promise<{
  log: TransparencyLog;
  migration: StartTime;
  rebuilt: StartTime[];
  restored: StartTime[];
}> {
  const signer = Ed25519Signer.generate();
  const clock = new SystemClock();
  const tiles = new SqliteLogTileStore(store);
  const start = async (tileStore: LogTileStore) => {
    const log = new TransparencyLog(store, signer, clock, tileStore);
    const cpu = process.cpuUsage();
    const t = performance.now();
    await log.open();
    return { log, wall: performance.now() - t, cpu: cpuMs(cpu) };
  };
  const first = await start(tiles);
  const size = (await first.log.checkpoint()).size;
  if (size !== LEAVES) throw new Error(`the log loaded ${size} leaves`);
  const migration = { wall: first.wall, cpu: first.cpu };
  const rebuilt: StartTime[] = [];
  const restored: StartTime[] = [];
  let log = first.log;
  for (let run = 0; run < START_RUNS; run += 1) {
    const fromLeaves = await start(NO_TILES);
    rebuilt.push({ wall: fromLeaves.wall, cpu: fromLeaves.cpu });
    const fromTiles = await start(tiles);
    restored.push({ wall: fromTiles.wall, cpu: fromTiles.cpu });
    const roots = [fromLeaves.log, fromTiles.log].map(async (opened) =>
      Buffer.from(parseCheckpoint((await opened.checkpoint()).note).rootHash),
    );
    const [a, b] = await Promise.all(roots);
    if (!a.equals(b)) throw new Error('the two starts disagree on the root');
    log = fromTiles.log;
  }
  return { log, migration, rebuilt, restored };
}

async function main(): Promise<void> {
  // The log's own lines (tiles stored at each rebuilt start) are not figures.
  Logger.overrideLogger(['error']);
  const dir = mkdtempSync(join(tmpdir(), 'matchlog-bench-tlog-'));
  const store = new SqliteEventStore({ dataDir: dir });
  try {
    const leaves = Array.from({ length: LEAVES }, (_, i) => leafOf(i));
    const loadStart = performance.now();
    const bulk = LEAVES - SINGLE;
    for (let i = 0; i < bulk; i += 1000) {
      const batch = leaves.slice(i, Math.min(bulk, i + 1000));
      await store.append(
        TRANSPARENCY_LOG_STREAM,
        batch.map((data) => ({ eventId: randomUUID(), type: LEAF_EVENT, data, meta: {} })),
        i === 0 ? 'no_stream' : BigInt(i - 1),
      );
    }
    const bulkMs = performance.now() - loadStart;
    const single: number[] = [];
    for (let i = bulk; i < LEAVES; i += 1) {
      const t = performance.now();
      await store.append(
        TRANSPARENCY_LOG_STREAM,
        [{ eventId: randomUUID(), type: LEAF_EVENT, data: leaves[i], meta: {} }],
        BigInt(i - 1),
      );
      single.push(performance.now() - t);
    }

    // What any start pays whatever it keeps of the tree: reading the leaves' events.
    const readStart = performance.now();
    const readCpu = process.cpuUsage();
    let read = 0;
    for await (const _event of store.read(TRANSPARENCY_LOG_STREAM)) read += 1;
    const readMs = performance.now() - readStart;
    const readCpuMs = cpuMs(readCpu);
    if (read !== LEAVES) throw new Error(`read ${read} leaves`);

    const { log, migration, rebuilt, restored } = await measureStarts(store);
    const median = (values: number[]) => percentile(values, 50);
    const startRebuiltMs = median(rebuilt.map((r) => r.wall));
    const startStoredMs = median(restored.map((r) => r.wall));
    // The part of a rebuild that stored tiles save: hashing the leaves into a tree.
    const hashCpu = process.cpuUsage();
    const hashStart = performance.now();
    const rehashed = new MerkleTree();
    for (const leaf of leaves) rehashed.append(logLeafHash(leaf));
    const hashMs = performance.now() - hashStart;
    const hashCpuMs = cpuMs(hashCpu);
    if (rehashed.size !== LEAVES) throw new Error(`hashed ${rehashed.size} leaves`);

    const inclusion: number[] = [];
    const consistency: number[] = [];
    // The process's own CPU time per proof (user + system): what other processes on a loaded
    // machine do not inflate, unlike the wall-clock times above it.
    const inclusionCpu: number[] = [];
    const consistencyCpu: number[] = [];
    const gcPauses: number[] = [];
    const gcObserver = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) gcPauses.push(entry.duration);
    });
    // The garbage of the starts above is collected now (npm run bench:tlog passes
    // --expose-gc), not while the proofs run: a service starts once, long before its proofs.
    (globalThis as { gc?: () => void }).gc?.();
    gcObserver.observe({ entryTypes: ['gc'] });
    // Warm-up, not measured: the first calls compile the proof paths.
    for (let i = 0; i < WARM_UP; i += 1) {
      await log.inclusion(leaves[i].matchId);
      await log.consistency(1 + i, LEAVES);
    }
    const proofsStart = performance.now();
    for (let i = 0; i < PROOFS; i += 1) {
      const leaf = leaves[Math.floor(Math.random() * LEAVES)];
      let cpu = process.cpuUsage();
      let t = performance.now();
      await log.inclusion(leaf.matchId);
      inclusion.push(performance.now() - t);
      inclusionCpu.push(cpuMs(cpu));
      const from = 1 + Math.floor(Math.random() * (LEAVES - 1));
      cpu = process.cpuUsage();
      t = performance.now();
      await log.consistency(from, LEAVES);
      consistency.push(performance.now() - t);
      consistencyCpu.push(cpuMs(cpu));
    }
    const proofsMs = performance.now() - proofsStart;
    // GC entries are delivered after the fact.
    await new Promise((resolve) => setTimeout(resolve, 100));
    gcObserver.disconnect();
    const slowest = (values: number[]) => [...values].sort((a, b) => b - a).slice(0, 5);

    const hashes = leaves.map(logLeafHash);
    const baseline: number[] = [];
    for (let i = 0; i < BASELINE_PROOFS; i += 1) {
      const m = Math.floor(Math.random() * LEAVES);
      const t = performance.now();
      naivePath(hashes, m, 0, LEAVES);
      baseline.push(performance.now() - t);
    }

    const p50 = percentile(inclusion, 50);
    const base50 = percentile(baseline, 50);
    process.stdout.write(
      [
        `transparency log, ${LEAVES.toLocaleString('en')} leaves (SQLite in ${dir})`,
        `  load ${bulk.toLocaleString('en')} leaves in batches of 1,000: ${ms(bulkMs)}`,
        `  append one leaf (expected revision), ${SINGLE} times: median ${ms(percentile(single, 50))}, p99 ${ms(percentile(single, 99))}`,
        `  read the leaves' events alone (store.read): ${ms(readMs)}, process CPU ${ms(readCpuMs)}`,
        `  first start of a store without tiles (rebuilt from the leaves, then its tiles stored): ${ms(migration.wall)}, process CPU ${ms(migration.cpu)}`,
        `  start, ${START_RUNS} of each in turn, medians: with stored tiles ${ms(startStoredMs)} (CPU ${ms(median(restored.map((r) => r.cpu)))}); rebuilt from the leaves ${ms(startRebuiltMs)} (CPU ${ms(median(rebuilt.map((r) => r.cpu)))})`,
        `  start with stored tiles / rebuilt from the leaves, median: ${(startStoredMs / startRebuiltMs).toFixed(3)} (${(startRebuiltMs / startStoredMs).toFixed(1)}× faster)`,
        `  hashing the leaves into a tree alone (what the stored tiles save): ${ms(hashMs)}, process CPU ${ms(hashCpuMs)}`,
        `  inclusion proof (TransparencyLog.inclusion), ${PROOFS} after ${WARM_UP} warm-up: p50 ${ms(p50)}, p99 ${ms(percentile(inclusion, 99))}`,
        `  consistency proof (TransparencyLog.consistency), ${PROOFS}: p50 ${ms(percentile(consistency, 50))}, p99 ${ms(percentile(consistency, 99))}`,
        `  process CPU per proof: inclusion p50 ${ms(percentile(inclusionCpu, 50))}, p99 ${ms(percentile(inclusionCpu, 99))}; consistency p50 ${ms(percentile(consistencyCpu, 50))}, p99 ${ms(percentile(consistencyCpu, 99))}`,
        `  slowest 5 inclusion proofs: wall ${slowest(inclusion).map(ms).join(', ')}; CPU ${slowest(inclusionCpu).map(ms).join(', ')}`,
        `  GC during the ${PROOFS * 2} proofs (${ms(proofsMs)}): ${gcPauses.length} pauses, ${ms(gcPauses.reduce((a, b) => a + b, 0))} in all, longest ${ms(Math.max(0, ...gcPauses))}`,
        `  load average (1, 5, 15 min): ${loadavg()
          .map((n) => n.toFixed(1))
          .join(', ')} on ${availableParallelism()} cores`,
        `  baseline: inclusion path by RFC 9162 recursion without the cache, ${BASELINE_PROOFS}: p50 ${ms(base50)}, p99 ${ms(percentile(baseline, 99))}`,
        `  cached / baseline median: ${(p50 / base50).toFixed(4)} (${(base50 / p50).toFixed(0)}× faster)`,
      ].join('\n') + '\n',
    );
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
