/**
 * Event store benchmark: `npm run bench:store`. Prints a table, writes bench/results/store.json.
 *
 * Measured side by side, in one run, on one disk (BENCH_DIR, default the OS temp dir):
 *  1. appends/s of one-event appends over many streams, N appends in flight, SQLite adapter;
 *  2. the same workload through raw better-sqlite3, one transaction per append (the baseline);
 *  3. the disk's fsync ceiling: small write + fsync per second;
 *  4. readAll events/s over a large seeded log;
 *  5. appends/s at concurrency 64 into a seeded log, with the event ids the service makes
 *     (time-ordered, UUID v7) against random ones (v4, what it made before), alternated.
 * Every figure is the median of BENCH_REPS repetitions.
 *
 * Sizes come from the environment: BENCH_DIR, BENCH_REPS (5), BENCH_APPENDS (10000 per run),
 * BENCH_STREAMS (1000), BENCH_CONCURRENCY (1,16,64), BENCH_FSYNC_WRITES (2000),
 * BENCH_READ_EVENTS (1000000), BENCH_IDS_SEED_EVENTS (200000).
 */
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type {
  AppendResult,
  EventToAppend,
  ExpectedRevision,
} from '../src/application/ports/event-store.port';
import { SqliteEventStore } from '../src/infrastructure/eventstore/sqlite/sqlite-event-store';
import {
  INSERT_EVENT_SQL,
  openEventsDatabase,
} from '../src/infrastructure/eventstore/sqlite/sqlite-schema';
import { CryptoRng } from '../src/infrastructure/persistence/crypto-rng';
import { openRawAppender } from './raw-sqlite-appender';

const config = {
  dir: process.env.BENCH_DIR ?? tmpdir(),
  reps: envInt('BENCH_REPS', 5),
  appends: envInt('BENCH_APPENDS', 10_000),
  streams: envInt('BENCH_STREAMS', 1000),
  concurrencies: (process.env.BENCH_CONCURRENCY ?? '1,16,64').split(',').map(Number),
  fsyncWrites: envInt('BENCH_FSYNC_WRITES', 2000),
  readEvents: envInt('BENCH_READ_EVENTS', 1_000_000),
  idsSeedEvents: envInt('BENCH_IDS_SEED_EVENTS', 200_000),
};
const TARGET_RATIO_AT_64 = 5;
const TARGET_READ_ALL_PER_SECOND = 200_000;
const RESULTS_FILE = join(__dirname, 'results', 'store.json');

/** One-event append, the same signature for the adapter and the raw baseline. */
type AppendOne = (
  stream: string,
  event: EventToAppend,
  expected: ExpectedRevision,
) => Promise<AppendResult>;

interface Appender {
  append: AppendOne;
  close(): Promise<void>;
}

function envInt(name: string, fallback: number): number {
  const value = process.env[name];
  return value === undefined ? fallback : Number.parseInt(value, 10);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Event ids as the service makes them (UUID v7), or random (v4) as it made them before. */
type EventIds = 'time-ordered' | 'random';
const rng = new CryptoRng();

/** A typical small match event: a move with its actor and hash chain in meta. */
function matchEvent(n: number, ids: EventIds = 'time-ordered'): EventToAppend {
  return {
    eventId: ids === 'random' ? rng.uuid() : rng.timeOrderedUuid(),
    type: 'PiecesMoved',
    data: { from: `hex-${n % 97}`, to: `hex-${(n + 1) % 97}`, pieces: [n % 13, (n + 5) % 13] },
    meta: {
      actor: { kind: 'seat', id: 'seat-token-1', seat: 'red' },
      recordedAt: '2025-01-01T12:00:00.000Z',
      ruleset: { id: 'rex', version: '1.0.0' },
      visibility: 'public',
      prevHash: 'a'.repeat(64),
      hash: 'b'.repeat(64),
    },
  };
}

/** Runs a fresh temp directory through `work` and removes it afterwards. */
async function inTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(config.dir, 'matchlog-bench-'));
  try {
    return await work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * appends/s for `config.appends` one-event appends round-robin over `config.streams` streams,
 * `concurrency` in flight, each with the exact expected revision of its stream; into an empty
 * log, or one seeded with `seedEvents` events of other streams.
 */
async function measureAppends(
  open: (dir: string) => Appender,
  concurrency: number,
  { ids = 'time-ordered', seedEvents = 0 }: { ids?: EventIds; seedEvents?: number } = {},
) {
  return inTempDir(async (dir) => {
    if (seedEvents > 0) seedLog(dir, seedEvents, { ids, streamPrefix: 'seeded-' });
    const appender = open(dir);
    const lastRevisions: (bigint | undefined)[] = [];
    let next = 0;
    const worker = async () => {
      while (next < config.appends) {
        const n = next++;
        const stream = n % config.streams;
        const expected = lastRevisions[stream] ?? 'no_stream';
        const result = await appender.append(`match-${stream}`, matchEvent(n, ids), expected);
        lastRevisions[stream] = result.nextRevision;
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: concurrency }, worker));
    const seconds = (performance.now() - started) / 1000;
    await appender.close();
    return config.appends / seconds;
  });
}

function openAdapter(dir: string): Appender {
  const store = new SqliteEventStore({ dataDir: dir });
  return {
    append: (stream, event, expected) => store.append(stream, [event], expected),
    close: () => store.close(),
  };
}

function measureFsyncCeiling(): Promise<number> {
  return inTempDir(async (dir) => {
    const fd = openSync(join(dir, 'fsync-probe'), 'w');
    const record = Buffer.alloc(128, 1);
    const started = performance.now();
    for (let i = 0; i < config.fsyncWrites; i += 1) {
      writeSync(fd, record);
      fsyncSync(fd);
    }
    const seconds = (performance.now() - started) / 1000;
    closeSync(fd);
    return config.fsyncWrites / seconds;
  });
}

/** Fills the events table through raw SQL in one transaction (fast), as the adapter stores them. */
function seedLog(
  dir: string,
  count: number,
  { ids = 'time-ordered', streamPrefix = 'match-' }: { ids?: EventIds; streamPrefix?: string } = {},
): void {
  const db = openEventsDatabase(join(dir, 'matchlog.db'));
  const insert = db.prepare(INSERT_EVENT_SQL);
  db.transaction(() => {
    for (let n = 0; n < count; n += 1) {
      const { eventId, type, data, meta } = matchEvent(n, ids);
      const stream = `${streamPrefix}${n % config.streams}`;
      const revision = Math.floor(n / config.streams);
      insert.run(stream, revision, eventId, type, JSON.stringify(data), JSON.stringify(meta));
    }
  })();
  db.close();
}

async function measureReadAll(dir: string): Promise<number> {
  const store = new SqliteEventStore({ dataDir: dir });
  try {
    let count = 0;
    const started = performance.now();
    for await (const _event of store.readAll()) count += 1;
    const seconds = (performance.now() - started) / 1000;
    if (count !== config.readEvents) throw new Error(`readAll returned ${count} events`);
    return count / seconds;
  } finally {
    await store.close();
  }
}

async function repeat(measure: () => Promise<number>): Promise<number> {
  const samples: number[] = [];
  for (let rep = 0; rep < config.reps; rep += 1) samples.push(await measure());
  return median(samples);
}

function percent(ratio: number): string {
  return `${(100 * ratio).toFixed(1)}%`;
}

function formatRate(perSecond: number): string {
  return Math.round(perSecond).toLocaleString('en-US');
}

async function main(): Promise<void> {
  mkdirSync(config.dir, { recursive: true });
  const sqliteVersion = await inTempDir(async (dir) => {
    const store = new SqliteEventStore({ dataDir: dir });
    const { version } = await store.health();
    await store.close();
    return version;
  });
  console.log(
    `matchlog store bench: ${cpus().length} CPUs, Node ${process.version}, SQLite ${sqliteVersion}, ` +
      `files in ${config.dir}, median of ${config.reps}`,
  );

  const appends = [];
  for (const concurrency of config.concurrencies) {
    const adapter = await repeat(() => measureAppends(openAdapter, concurrency));
    const raw = await repeat(() => measureAppends(openRawAppender, concurrency));
    appends.push({ concurrency, adapter, raw, ratio: adapter / raw });
  }
  const fsyncPerSecond = await repeat(measureFsyncCeiling);

  // Alternated, so the machine's load moves both alike.
  const byIds = { ordered: [] as number[], random: [] as number[] };
  for (let rep = 0; rep < config.reps; rep += 1) {
    const seedEvents = config.idsSeedEvents;
    byIds.ordered.push(await measureAppends(openAdapter, 64, { ids: 'time-ordered', seedEvents }));
    byIds.random.push(await measureAppends(openAdapter, 64, { ids: 'random', seedEvents }));
  }
  const eventIds = {
    seedEvents: config.idsSeedEvents,
    timeOrdered: median(byIds.ordered),
    random: median(byIds.random),
    ratios: byIds.ordered.map((ordered, rep) => ordered / byIds.random[rep]),
  };

  const readAll = await inTempDir(async (dir) => {
    const seedStarted = performance.now();
    seedLog(dir, config.readEvents);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    return {
      events: config.readEvents,
      seedSeconds,
      perSecond: await repeat(() => measureReadAll(dir)),
    };
  });

  console.log(
    `\nOne-event appends, ${config.appends} per run over ${config.streams} streams (appends/s)`,
  );
  console.table(
    appends.map((row) => ({
      concurrency: row.concurrency,
      'sqlite adapter': formatRate(row.adapter),
      'raw better-sqlite3': formatRate(row.raw),
      'adapter / raw': `${row.ratio.toFixed(1)}x`,
    })),
  );
  console.log(`fsync ceiling: ${formatRate(fsyncPerSecond)} write+fsync/s`);
  console.log(
    `event ids, appends at concurrency 64 into a log of ${formatRate(eventIds.seedEvents)} events: ` +
      `time-ordered (UUID v7, as the service makes them) ${formatRate(eventIds.timeOrdered)}/s, ` +
      `random (v4) ${formatRate(eventIds.random)}/s: ${percent(eventIds.timeOrdered / eventIds.random)} ` +
      `(run by run: ${eventIds.ratios.map(percent).join(', ')})`,
  );
  console.log(
    `readAll: ${formatRate(readAll.perSecond)} events/s over ${formatRate(readAll.events)} events ` +
      `(seeded in ${readAll.seedSeconds.toFixed(1)} s)`,
  );

  const at64 = appends.find((row) => row.concurrency === 64);
  const targets = {
    ratioAt64: at64 ? { target: TARGET_RATIO_AT_64, met: at64.ratio >= TARGET_RATIO_AT_64 } : null,
    readAll: {
      target: TARGET_READ_ALL_PER_SECOND,
      met: readAll.perSecond >= TARGET_READ_ALL_PER_SECOND,
    },
  };
  console.log(
    `targets: adapter/raw at 64 >= ${TARGET_RATIO_AT_64}x: ${targets.ratioAt64?.met ?? 'not measured'}; ` +
      `readAll >= ${formatRate(TARGET_READ_ALL_PER_SECOND)}/s: ${targets.readAll.met}`,
  );

  mkdirSync(join(__dirname, 'results'), { recursive: true });
  writeFileSync(
    RESULTS_FILE,
    JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        machine: { cpus: cpus().length, node: process.version, sqlite: sqliteVersion },
        config,
        appends,
        fsyncPerSecond,
        eventIds,
        readAll,
        targets,
      },
      null,
      2,
    ),
  );
  console.log(`results written to ${RESULTS_FILE}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
