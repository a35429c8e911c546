/**
 * API benchmark: `npm run bench:api` (and the second half of `npm run bench`). Prints tables and
 * a summary against the targets, writes bench/results/api.json.
 *
 * Measured side by side, in one run, on this machine:
 *  1. decisions/s over HTTP: the real service (a child process, embedded SQLite store) under
 *     autocannon, `move` decisions on random started freeform matches by their seat tokens;
 *     baseline: a bare Fastify route (same `fastify` package) in a child process, same settings;
 *     peer: a minimal boardgame.io server (its own package) driven over socket.io, same concurrency;
 *  1b. (part `scale`) decisions/s on 200, 2,000 and 20,000 live matches of one service, each
 *     receiving moves in turn, and the service RSS each further hot match adds;
 *  2. GET matches/:id/state?at=N latency at uniformly random N on one long match, read by a
 *     seat: with the projector's snapshots, then with the snapshot rows deleted (fold from
 *     seq 0); and by the admin, whose every read of a live match is audited (a durable append);
 *  3. fold speed of evolveMatch (freeform) / evolveTable over a generated log, in-process;
 *  3b. (part `chain`) the hash-chain check of a load: a match loaded cold from the SQLite store
 *     and folded, without and with the chain verified over the stored JSON text (what the service
 *     does now) and writing each event again to hash it (what it did before), alternated, medians
 *     of process CPU per load and their ratios; with part `decisions` in the same run, what the
 *     check of one load costs against the service's CPU per decision (target: under 5%);
 *  4. resident memory of the service after many matches were read through HTTP;
 *  5. statistics queries (GET stats/rulesets/:ruleset, stats/players/:name) over many finished
 *     matches, once the projector has built their records (part `stats`, not in the default run).
 * Figures are medians of several repetitions where the measure repeats (1 and 3).
 *
 * Sizes come from the environment (defaults in brackets):
 *  BENCH_API_PARTS (fold,decisions,scale,state,memory), BENCH_DIR (OS temp dir),
 *  1: BENCH_API_DURATION seconds per run (10), BENCH_API_REPS (3), BENCH_API_CONNECTIONS (64),
 *     BENCH_API_MATCHES (200), BENCH_API_WARMUP seconds (2);
 *  1b: BENCH_SCALE_MATCHES (200,2000,20000), with part 1's duration, reps and connections;
 *  2: BENCH_STATE_EVENTS (1000000), BENCH_STATE_GETS (1000), BENCH_STATE_GETS_NO_SNAPSHOTS (100),
 *     each series stops at its count or after BENCH_STATE_SECONDS (30) /
 *     BENCH_STATE_SECONDS_NO_SNAPSHOTS (20) seconds;
 *  3: BENCH_FOLD_EVENTS (1000000), BENCH_FOLD_REPS (5);
 *  3b: BENCH_CHAIN_EVENTS events per match (20,100,1000,10000), BENCH_CHAIN_REPS (9);
 *  4: BENCH_MEMORY_MATCHES (10000), BENCH_MEMORY_EVENTS per match (100);
 *  5: BENCH_STATS_MATCHES (10000), BENCH_STATS_EVENTS per match (40), BENCH_STATS_GETS (500);
 *  export (not in the default parts): BENCH_EXPORT_MATCHES (10000) finished public matches of
 *     BENCH_EXPORT_EVENTS (100) streamed by GET /api/v1/export/matches?with=events: events/s,
 *     time to the first byte and the service's RSS growth during the stream, BENCH_EXPORT_REPS (3)
 *     times, alternating with the baseline build when there is one; then, in the same service,
 *     `move` decisions (paced, 2 in flight) and GET /health/live (every 20 ms) for
 *     BENCH_EXPORT_QUIET_SECONDS (10) alone, then beside BENCH_EXPORT_CONCURRENT (4) uncompressed
 *     full exports at once read as fast as they come: the decision's p99 with the exports against
 *     its p99 without (issue 42: at most 2x), /health/live's p99 (under 50 ms), the exports'
 *     events/s together;
 *  feed (not in the default parts): BENCH_FEED_SUBSCRIBERS (1000) SSE readers of /api/v1/feed
 *     while BENCH_FEED_RATE (1000) decisions/s are written for BENCH_FEED_SECONDS (10): p99
 *     commit→delivery (recordedAt to arrival) and whether every reader got every event;
 *  BENCH_PROFILE_DIR: CPU profiles of the service under load (extra runs, not counted);
 *  BENCH_SERVICE_ENTRY (src/main.ts, through swc-node): e.g. dist/main.js after `npm run build`;
 *  BENCH_BASELINE_ENTRY: another build (e.g. an earlier commit's dist/main.js) loaded in the same
 *     decision runs, one after the other, and reported as a ratio (`npm run bench:baseline`).
 * Every load loop is bounded by a count and a deadline; child processes are always killed.
 */
import 'reflect-metadata';
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { version as fastifyVersion } from 'fastify/package.json';
import { E2E_RATE_LIMITS } from '../test/support/test-app';
import { loadPeer, setUpPeerMatches } from './api/boardgame-io-load';
import { chainCheckFigures, measureChainCheck } from './api/chain-check';
import { generateLog, measureFolds, median, typeMix } from './api/fold';
import { inParallel, JsonClient, percentile } from './api/http';
import { load, loadServer, setUpMatches, type BenchMatch, type LoadRun } from './api/decision-load';
import { MatchSeeder, seedMatchesInThreads } from './api/match-seeder';
import { Counter, DelayHistogram, FeedSubscriber, streamBody } from './api/streams';
import {
  collectGarbage,
  freePort,
  cpuSeconds,
  inTempDir as inTempDirUnder,
  peakResidentBytes,
  residentBytes,
  startProfile,
  startServer,
  type Server,
} from './api/processes';
import { areaId, DEFAULT_SIZE, pieceId, SEATS, seededRandom } from './api/scenario';

const config = {
  parts: (process.env.BENCH_API_PARTS ?? 'fold,chain,decisions,scale,state,memory').split(','),
  dir: process.env.BENCH_DIR ?? tmpdir(),
  duration: envInt('BENCH_API_DURATION', 10),
  reps: envInt('BENCH_API_REPS', 3),
  connections: envInt('BENCH_API_CONNECTIONS', 64),
  matches: envInt('BENCH_API_MATCHES', 200),
  warmup: envInt('BENCH_API_WARMUP', 2),
  stateEvents: envInt('BENCH_STATE_EVENTS', 1_000_000),
  stateGets: envInt('BENCH_STATE_GETS', 1000),
  stateGetsNoSnapshots: envInt('BENCH_STATE_GETS_NO_SNAPSHOTS', 100),
  stateSeconds: envInt('BENCH_STATE_SECONDS', 30),
  stateSecondsNoSnapshots: envInt('BENCH_STATE_SECONDS_NO_SNAPSHOTS', 20),
  foldEvents: envInt('BENCH_FOLD_EVENTS', 1_000_000),
  foldReps: envInt('BENCH_FOLD_REPS', 5),
  chainEvents: (process.env.BENCH_CHAIN_EVENTS ?? '20,100,1000,10000').split(',').map(Number),
  chainReps: envInt('BENCH_CHAIN_REPS', 9),
  memoryMatches: envInt('BENCH_MEMORY_MATCHES', 10_000),
  memoryEvents: envInt('BENCH_MEMORY_EVENTS', 100),
  statsMatches: envInt('BENCH_STATS_MATCHES', 10_000),
  statsEvents: envInt('BENCH_STATS_EVENTS', 40),
  statsGets: envInt('BENCH_STATS_GETS', 500),
  exportMatches: envInt('BENCH_EXPORT_MATCHES', 10_000),
  exportEvents: envInt('BENCH_EXPORT_EVENTS', 100),
  exportReps: envInt('BENCH_EXPORT_REPS', 3),
  exportConcurrent: envInt('BENCH_EXPORT_CONCURRENT', 4),
  exportQuietSeconds: envInt('BENCH_EXPORT_QUIET_SECONDS', 10),
  feedSubscribers: envInt('BENCH_FEED_SUBSCRIBERS', 1000),
  feedRate: envInt('BENCH_FEED_RATE', 1000),
  feedSeconds: envInt('BENCH_FEED_SECONDS', 10),
  scaleMatches: (process.env.BENCH_SCALE_MATCHES ?? '200,2000,20000')
    .split(',')
    .map(Number)
    .sort((a, b) => a - b),
  /** When set, CPU profiles of the service under load are written there (extra runs, not counted). */
  profileDir: process.env.BENCH_PROFILE_DIR,
  serviceEntry: process.env.BENCH_SERVICE_ENTRY ?? 'src/main.ts',
  /** Another build of the service (e.g. the previous commit's dist/main.js) to run beside it. */
  baselineEntry: process.env.BENCH_BASELINE_ENTRY,
};

const TARGETS = {
  decisionsPerSecond: 3000,
  ratioToBare: 0.25,
  stateP99Ms: 15,
  foldPerSecond: 1_000_000,
  /** The chain check of one load against the service's CPU per decision. */
  chainCheckShareOfDecision: 0.05,
  rssBytes: 400 * 1024 * 1024,
  statsP99Ms: 20,
  exportEventsPerSecond: 150_000,
  exportRssGrowthBytes: 50 * 1024 * 1024,
  /** A decision's p99 beside concurrent exports against its p99 without them (issue 42). */
  exportDecisionP99Ratio: 2,
  /** GET /health/live p99 beside concurrent exports (issue 42). */
  exportLiveP99Ms: 50,
  feedP99Ms: 250,
  /** decisions/s with the most live matches against the fewest. */
  scaleRatio: 0.8,
};
const ADMIN_TOKEN = 'bench-admin-token-0123456789abcdef';
/** GET state?at=N by the admin, each one a durable audit append: a second, shorter series. */
const AUDITED_STATE_GETS = 200;
const RESULTS_FILE = join(__dirname, 'results', 'api.json');
/** How long the bench waits for the projector to catch up (and build snapshots) at most. */
const PROJECTOR_TIMEOUT_MS = 180_000;
const MIB = 1024 * 1024;

function envInt(name: string, fallback: number): number {
  const value = process.env[name];
  return value === undefined ? fallback : Number.parseInt(value, 10);
}

const formatRate = (perSecond: number) => Math.round(perSecond).toLocaleString('en-US');
const formatMs = (ms: number) => `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
const formatMiB = (bytes: number) => `${(bytes / MIB).toFixed(0)} MiB`;
const log = (message: string) =>
  console.log(`[api bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

/** A fresh temp directory for `work` in BENCH_DIR, removed afterwards whatever happens. */
const inTempDir = <T>(work: (dir: string) => Promise<T>) => inTempDirUnder(config.dir, work);

/**
 * The real service, `node -r @swc-node/register src/main.ts` (or BENCH_SERVICE_ENTRY, e.g.
 * dist/main.js after `npm run build`), with the probe preloaded and an IPC channel to it.
 */
async function startService(
  dataDir: string,
  name = 'matchlog',
  entry = config.serviceEntry,
  extraEnv: Record<string, string> = {},
): Promise<Server> {
  const typescript = entry.endsWith('.ts');
  return startServer({
    name,
    typescript,
    args: ['--expose-gc', '-r', './bench/api/probe.preload.js', entry],
    env: {
      MATCHLOG_DATA_DIR: dataDir,
      MATCHLOG_ADMIN_TOKEN: ADMIN_TOKEN,
      // The embedded SQLite store, whatever the bench's own environment says.
      EVENTSTORE_URL: '',
      // Rate limiting on, as in production, but with room for the load from one address.
      ...E2E_RATE_LIMITS,
      ...extraEnv,
    },
    port: await freePort(),
    readyPath: '/health',
    // Compiling the TypeScript tree on a loaded 2-core machine can take minutes.
    timeoutMs: 300_000,
    ipc: true,
  });
}

/**
 * What the TypeScript loader alone costs in resident memory: a process with swc-node loaded
 * (and one tiny .ts module compiled) against a plain one, both after a full GC.
 */
function loaderOverheadBytes(): number {
  const probe = (args: string[]) =>
    Number(
      execFileSync(
        process.execPath,
        [
          ...args,
          '--expose-gc',
          '-e',
          'gc(); gc(); process.stdout.write(String(process.memoryUsage().rss))',
        ],
        { cwd: join(__dirname, '..'), encoding: 'utf8' },
      ),
    );
  const plain = probe([]);
  const withSwc = probe(['-r', '@swc-node/register', '-r', './bench/api/scenario.ts']);
  return withSwc - plain;
}

/** Resident size after a full GC in the child, and the V8 heap in use then. */
async function memoryAfterGc(server: Server) {
  const rssBefore = residentBytes(server.pid);
  const report = await collectGarbage(server);
  await sleep(200);
  return {
    rssBeforeGc: rssBefore,
    rssAfterGc: residentBytes(server.pid),
    heapUsedAfterGc: report.after.heapUsed,
    externalAfterGc: report.after.external,
    arrayBuffersAfterGc: report.after.arrayBuffers,
  };
}

// ---------------------------------------------------------------------------------------------
// 3. Fold speed (in-process, first, while this process's heap is clean)

function runFold() {
  log(`fold: generating a log with ${formatRate(config.foldEvents)} generic events`);
  const started = performance.now();
  const generated = generateLog(config.foldEvents);
  const generateSeconds = (performance.now() - started) / 1000;
  const mix = typeMix(
    generated.recorded.filter((e) => e.type !== 'DecisionMade').slice(0, config.foldEvents),
  );
  log(
    `fold: generated ${formatRate(generated.recorded.length)} events in ${generateSeconds.toFixed(1)} s; folding, median of ${config.foldReps}`,
  );
  const rows = measureFolds(generated, config.foldEvents, config.foldReps);
  return { generateSeconds, mix, rows, perSecond: rows[0].perSecond };
}

// ---------------------------------------------------------------------------------------------
// 3b. The chain check of a load (in-process, on the SQLite store)

async function runChainCheck() {
  log(
    `chain: loading matches of ${config.chainEvents.join(', ')} events, with and without the chain check (over the stored text, and writing each event again), ${config.chainReps} times each`,
  );
  const rows = await inTempDir((dir) =>
    measureChainCheck(dir, config.chainEvents, config.chainReps),
  );
  return rows.map((row) => ({ events: row.events, ...chainCheckFigures(row), samples: row }));
}

// ---------------------------------------------------------------------------------------------
// 1. Decisions per second over HTTP

async function runDecisions() {
  return inTempDir(async (dir) => {
    let service: Server | undefined;
    let bare: Server | undefined;
    let peer: Server | undefined;
    let baseline: { server: Server; matches: BenchMatch[] } | undefined;
    try {
      if (config.baselineEntry) {
        // Its own data dir and matches: the two builds never share a store.
        const baselineDir = join(dir, 'baseline');
        mkdirSync(baselineDir);
        const server = await startService(baselineDir, 'baseline', config.baselineEntry);
        const client = new JsonClient(server.url);
        log(
          `decisions: setting up ${config.matches} matches on the baseline ${config.baselineEntry}`,
        );
        baseline = { server, matches: await setUpMatches(client, config.matches, ADMIN_TOKEN) };
        client.close();
      }
      service = await startService(dir);
      const emptyMemory = await memoryAfterGc(service);
      const api = new JsonClient(service.url);
      log(`decisions: setting up ${config.matches} started freeform matches over HTTP`);
      const setupStarted = performance.now();
      const matches = await setUpMatches(api, config.matches, ADMIN_TOKEN);
      const setupSeconds = (performance.now() - setupStarted) / 1000;
      api.close();
      bare = await startServer({
        name: 'bare fastify',
        args: ['bench/api/bare-fastify.server.ts'],
        env: {},
        port: await freePort(),
        readyPath: '/health',
      });
      const peerSocketPort = await freePort();
      peer = await startServer({
        name: 'boardgame.io',
        args: ['bench/api/boardgame-io.server.ts'],
        env: { SOCKET_PORT: String(peerSocketPort) },
        port: await freePort(),
        readyPath: '/health',
      });
      const peerMatches = await setUpPeerMatches(peer.url, config.matches);
      const peerSockets = `http://127.0.0.1:${peerSocketPort}`;
      const runs: LoadRun[] = [];
      /** Warm-up and profiled runs: not in the figures, but their decisions are in the store. */
      const uncounted: LoadRun[] = [];
      if (config.warmup > 0) {
        log(`decisions: ${config.warmup} s warm-up of each server`);
        uncounted.push(
          await load(service.url, 'matchlog (warm-up)', matches, config.warmup, config.connections),
        );
        if (baseline)
          await load(
            baseline.server.url,
            'baseline (warm-up)',
            baseline.matches,
            config.warmup,
            config.connections,
          );
        await load(bare.url, 'bare fastify (warm-up)', matches, config.warmup, config.connections);
        await loadPeer(
          peerSockets,
          'boardgame.io (warm-up)',
          peerMatches,
          config.warmup,
          config.connections,
        );
      }
      for (let rep = 0; rep < config.reps; rep += 1) {
        log(
          `decisions: run ${rep + 1}/${config.reps}, ${config.duration} s each, ${config.connections} connections`,
        );
        const pair = [
          () => loadServer(service!, 'matchlog', matches, config.duration, config.connections),
          ...(baseline
            ? [
                () =>
                  loadServer(
                    baseline!.server,
                    'baseline',
                    baseline!.matches,
                    config.duration,
                    config.connections,
                  ),
              ]
            : []),
        ];
        // Each build goes first in every other round: a run pays for the disk writes the run
        // before it left to the kernel, and an A/A pair always in one order read 105%.
        if (rep % 2 === 1) pair.reverse();
        for (const run of pair) runs.push(await run());
        runs.push(
          await load(bare.url, 'bare fastify', matches, config.duration, config.connections),
        );
        runs.push(
          await loadPeer(
            peerSockets,
            'boardgame.io',
            peerMatches,
            config.duration,
            config.connections,
          ),
        );
      }
      let profile: string | undefined;
      if (config.profileDir) {
        // One extra run, not counted: the profiler slows the service down.
        profile = join(config.profileDir, 'service-decisions.cpuprofile');
        log(`decisions: profiling the service for ${config.duration} s into ${profile}`);
        const profiler = await startProfile(service);
        uncounted.push(
          await load(
            service.url,
            'matchlog (profiled)',
            matches,
            config.duration,
            config.connections,
          ),
        );
        await profiler.stop(profile);
      }
      await service.stop();
      service = undefined;

      // Every 2xx must be one decision in the store (6 setup events per match, 2 per decision).
      // Autocannon drops the answers still in flight when a run stops: at most `connections`
      // per run are stored without being counted.
      const db = new Database(join(dir, 'matchlog.db'), { readonly: true });
      const events = db.prepare('SELECT count(*) FROM events').pluck().get() as number;
      db.close();
      const loads = [...runs.filter((r) => r.target === 'matchlog'), ...uncounted];
      const store = {
        decisionsStored: (events - 6 * matches.length) / 2,
        answered2xx: loads.reduce((sum, r) => sum + r.ok, 0),
        inFlightBound: loads.length * config.connections,
      };
      const ours = runs.filter((r) => r.target === 'matchlog');
      const base = runs.filter((r) => r.target === 'bare fastify');
      const before = runs.filter((r) => r.target === 'baseline');
      const peers = runs.filter((r) => r.target === 'boardgame.io');
      const perSecond = median(ours.map((r) => r.perSecond));
      const barePerSecond = median(base.map((r) => r.perSecond));
      return {
        setupSeconds,
        profile,
        emptyServiceMemory: emptyMemory,
        runs,
        store,
        perSecond,
        p50: median(ours.map((r) => r.p50)),
        p99: median(ours.map((r) => r.p99)),
        cpuMsPerDecision: median(ours.map((r) => r.cpuMsPerRequest ?? Number.NaN)),
        non2xx: ours.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
        bare: {
          perSecond: barePerSecond,
          p50: median(base.map((r) => r.p50)),
          p99: median(base.map((r) => r.p99)),
          non2xx: base.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
        },
        ratio: perSecond / barePerSecond,
        peer: {
          perSecond: median(peers.map((r) => r.perSecond)),
          p50: median(peers.map((r) => r.p50)),
          p99: median(peers.map((r) => r.p99)),
          errors: peers.reduce((sum, r) => sum + r.errors, 0),
          /** Each matchlog run against the boardgame.io run of the same round. */
          pairedRatios: ours.map((run, i) => run.perSecond / peers[i].perSecond),
        },
        ...(before.length > 0
          ? {
              baseline: {
                entry: config.baselineEntry,
                perSecond: median(before.map((r) => r.perSecond)),
                p99: median(before.map((r) => r.p99)),
                cpuMsPerDecision: median(before.map((r) => r.cpuMsPerRequest ?? Number.NaN)),
                /** Each run against the baseline run right after it. */
                pairedRatios: ours.map((run, i) => run.perSecond / before[i].perSecond),
              },
            }
          : {}),
        /** Each run against the bare run right after it: how much the machine's load moved the ratio. */
        pairedRatios: ours.map((run, i) => run.perSecond / base[i].perSecond),
      };
    } finally {
      await service?.stop();
      await bare?.stop();
      await peer?.stop();
      await baseline?.server.stop();
    }
  });
}

// ---------------------------------------------------------------------------------------------
// 1b. Costs that stay flat: decisions/s as the number of live matches grows

async function runScale() {
  return inTempDir(async (dir) => {
    const counts = config.scaleMatches;
    const largest = counts[counts.length - 1];
    log(`scale: seeding ${formatRate(largest)} started matches with seat tokens (2 threads)`);
    const seedStarted = performance.now();
    const seeded = await seedMatchesInThreads(dir, largest, 6, 2, false, true);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const matches: BenchMatch[] = seeded.map(({ matchId, tokens }) => ({
      matchId,
      tokens: tokens ?? {},
    }));
    let service: Server | undefined;
    try {
      service = await startService(dir);
      await waitForProjector(dir, 0);
      const idle = await memoryAfterGc(service);
      const live = (count: number) => matches.slice(0, count);
      /** Each number of matches is loaded in turn from where its last run stopped. */
      const cursors = new Map(counts.map((count) => [count, { next: 0 }]));
      if (config.warmup > 0) {
        log(`scale: ${config.warmup} s warm-up on each number of matches`);
        for (const count of counts)
          await load(
            service.url,
            'warm-up',
            live(count),
            config.warmup,
            config.connections,
            cursors.get(count),
          );
      }
      const runs: (LoadRun & { matches: number })[] = [];
      for (let rep = 0; rep < config.reps; rep += 1) {
        for (const count of counts) {
          log(`scale: run ${rep + 1}/${config.reps} on ${formatRate(count)} live matches`);
          const run = await loadServer(
            service,
            `${formatRate(count)} matches`,
            live(count),
            config.duration,
            config.connections,
            cursors.get(count),
          );
          runs.push({ ...run, matches: count });
        }
      }
      // Where the time goes with the most matches (an extra run, when BENCH_PROFILE_DIR is set).
      await profiled(service, 'service-scale-most', () =>
        load(
          service!.url,
          'profiled',
          live(counts[counts.length - 1]),
          config.duration,
          config.connections,
          cursors.get(counts[counts.length - 1]),
        ),
      );
      const byCount = counts.map((count) => {
        const mine = runs.filter((run) => run.matches === count);
        return {
          matches: count,
          perSecond: median(mine.map((run) => run.perSecond)),
          p99: median(mine.map((run) => run.p99)),
          cpuMsPerDecision: median(mine.map((run) => run.cpuMsPerRequest ?? Number.NaN)),
          /** Matches that got at least one decision (sent in turn, warm-up included). */
          decided: Math.min(count, cursors.get(count)?.next ?? 0),
          non2xx: mine.reduce((sum, run) => sum + run.non2xx + run.errors + run.timeouts, 0),
        };
      });
      const fewest = byCount[0];
      const most = byCount[byCount.length - 1];
      const loaded = await memoryAfterGc(service);
      return {
        seedSeconds,
        runs,
        byCount,
        ratio: most.perSecond / fewest.perSecond,
        rssIdle: idle.rssAfterGc,
        rssLoaded: loaded.rssAfterGc,
        /**
         * Service RSS after GC once every run is done against before the first, per match that
         * got decisions (match states are cached up to MATCHLOG_MATCH_CACHE_MB, 64 by default).
         */
        rssPerHotMatch: (loaded.rssAfterGc - idle.rssAfterGc) / Math.max(1, most.decided),
      };
    } finally {
      await service?.stop();
    }
  });
}

// ---------------------------------------------------------------------------------------------
// 2. GET state?at=N on a long match

interface ProjectorProgress {
  head: number;
  checkpoint: number;
  snapshots: number;
}

function projectorProgress(db: Database.Database): ProjectorProgress {
  const head = Number(db.prepare('SELECT coalesce(max(position), 0) FROM events').pluck().get());
  let checkpoint = 0;
  let snapshots = 0;
  try {
    checkpoint = Number(
      db
        .prepare(`SELECT position FROM rm_checkpoints WHERE name = 'match-projector'`)
        .pluck()
        .get() ?? 0,
    );
    snapshots = db.prepare('SELECT count(*) FROM rm_snapshots').pluck().get() as number;
  } catch {
    // read model tables not created yet
  }
  return { head, checkpoint, snapshots };
}

/**
 * Waits until the projector's checkpoint reaches the head of the log and, when snapshots are
 * expected, until there are that many (or their count has not moved for 5 s). Bounded.
 */
async function waitForProjector(dataDir: string, expectedSnapshots: number) {
  const db = new Database(join(dataDir, 'matchlog.db'), { readonly: true, fileMustExist: true });
  const started = performance.now();
  let progress = projectorProgress(db);
  let lastChange = performance.now();
  try {
    for (;;) {
      const done =
        progress.checkpoint >= progress.head &&
        (progress.snapshots >= expectedSnapshots || performance.now() - lastChange > 5000);
      if (done) break;
      if (performance.now() - started > PROJECTOR_TIMEOUT_MS) {
        throw new Error(
          `the projector did not catch up in ${PROJECTOR_TIMEOUT_MS / 1000} s: ${JSON.stringify(progress)}`,
        );
      }
      await sleep(250);
      const next = projectorProgress(db);
      if (next.checkpoint !== progress.checkpoint || next.snapshots !== progress.snapshots)
        lastChange = performance.now();
      progress = next;
    }
    const sizes = db
      .prepare(
        'SELECT coalesce(avg(length(state)), 0) AS avg, coalesce(max(length(state)), 0) AS max FROM rm_snapshots',
      )
      .get() as { avg: number; max: number };
    return { seconds: (performance.now() - started) / 1000, ...progress, snapshotBytes: sizes };
  } finally {
    db.close();
  }
}

/**
 * GET state?at=N at uniformly random N (the same sequence of N for the same seed), one request
 * at a time over one keep-alive connection, with `token`; stops after `count` requests or
 * `seconds`.
 */
async function timeStateReads(
  url: string,
  matchId: string,
  lastSeq: number,
  token: string,
  count: number,
  seconds: number,
) {
  const client = new JsonClient(url, 1);
  try {
    // Loads the match into the service's cache (GET state without `at` is the current table).
    await client.expect(200, 'GET', `/api/v1/matches/${matchId}/state`, { token });
    const random = seededRandom(20261122);
    const latencies: number[] = [];
    const deadline = performance.now() + seconds * 1000;
    for (let i = 0; i < count && performance.now() < deadline; i += 1) {
      const at = Math.floor(random() * (lastSeq + 1));
      const path = `/api/v1/matches/${matchId}/state?at=${at}`;
      const response = await client.send<{ seq: number }>('GET', path, { token });
      if (response.status !== 200 || response.body.seq !== at) {
        throw new Error(
          `GET ${path}: ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`,
        );
      }
      latencies.push(response.ms);
    }
    latencies.sort((a, b) => a - b);
    return {
      requests: latencies.length,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies[latencies.length - 1],
      mean: latencies.reduce((sum, ms) => sum + ms, 0) / latencies.length,
    };
  } finally {
    client.close();
  }
}

/** When BENCH_PROFILE_DIR is set: `work` once more under the CPU profiler (not counted). */
async function profiled(server: Server, name: string, work: () => Promise<unknown>) {
  if (!config.profileDir) return undefined;
  const file = join(config.profileDir, `${name}.cpuprofile`);
  log(`profiling ${server.name} into ${file}`);
  const profiler = await startProfile(server);
  await work();
  await profiler.stop(file);
  return file;
}

async function runState() {
  return inTempDir(async (dir) => {
    log(
      `state: seeding one freeform match of ${formatRate(config.stateEvents)} events into the store`,
    );
    const seedStarted = performance.now();
    const seeder = new MatchSeeder(dir);
    const match = await seeder.seedMatch(config.stateEvents, 7).finally(() => seeder.close());
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const expectedSnapshots = Math.floor(match.events / 500);
    // A player stepping through their own match; the admin's reads of a live match are each
    // recorded in its audit stream (a durable append), so they are timed apart.
    const seatToken = Object.values(match.tokens ?? {})[0];
    if (!seatToken) throw new Error('the long match was seeded without seat tokens');
    const read = (url: string, count: number, seconds = config.stateSeconds, token = seatToken) =>
      timeStateReads(url, match.matchId, match.events - 1, token, count, seconds);
    let service: Server | undefined;
    try {
      const started = performance.now();
      service = await startService(dir);
      const readySeconds = (performance.now() - started) / 1000;
      log(
        `state: service ready in ${readySeconds.toFixed(1)} s; waiting for the projector (index + ${expectedSnapshots} snapshots)`,
      );
      const projector = await waitForProjector(dir, expectedSnapshots);
      const projectorSeconds = (performance.now() - started) / 1000;
      log(
        `state: up to ${config.stateGets} GET state?at=N with snapshots (at most ${config.stateSeconds} s)`,
      );
      const withSnapshots = await read(service.url, config.stateGets);
      log(`state: up to ${AUDITED_STATE_GETS} GET state?at=N by the admin (each one audited)`);
      const audited = await read(service.url, AUDITED_STATE_GETS, config.stateSeconds, ADMIN_TOKEN);
      const profile = await profiled(service, 'service-state-at', () => read(service!.url, 200));
      await service.stop();
      service = undefined;

      const db = new Database(join(dir, 'matchlog.db'));
      const deleted = db.prepare('DELETE FROM rm_snapshots').run().changes;
      db.close();
      service = await startService(dir, 'matchlog (no snapshots)');
      log(
        `state: up to ${config.stateGetsNoSnapshots} GET state?at=N without snapshots (${deleted} rows deleted)`,
      );
      const withoutSnapshots = await read(
        service.url,
        config.stateGetsNoSnapshots,
        config.stateSecondsNoSnapshots,
      );
      await service.stop();
      service = undefined;
      const after = new Database(join(dir, 'matchlog.db'), { readonly: true });
      const snapshotsAfter = after
        .prepare('SELECT count(*) FROM rm_snapshots')
        .pluck()
        .get() as number;
      after.close();
      const rebuild = timeRebuild(dir);
      return {
        events: match.events,
        seedSeconds,
        rebuild,
        readySeconds,
        /** From the service's spawn until the checkpoint reached the head and the snapshots were written. */
        projectorSeconds,
        projector,
        withSnapshots,
        audited,
        withoutSnapshots: {
          ...withoutSnapshots,
          snapshotRowsDeleted: deleted,
          snapshotRowsAtEnd: snapshotsAfter,
        },
        profile,
      };
    } finally {
      await service?.stop();
    }
  });
}

/**
 * `npm run rebuild` on the state part's store (the service stopped): its own report of the
 * events and seconds, and the seconds per million events.
 */
function timeRebuild(dataDir: string) {
  log('state: npm run rebuild of the read models from the log');
  const output = execFileSync(
    process.execPath,
    ['-r', '@swc-node/register', 'src/infrastructure/cli/matchlog.ts', 'rebuild'],
    {
      cwd: join(__dirname, '..'),
      env: { ...process.env, MATCHLOG_DATA_DIR: dataDir, EVENTSTORE_URL: '' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 900_000,
    },
  );
  const report = /Rebuilt the read models from (\d+) events in ([\d.]+) s/.exec(output);
  if (!report) throw new Error(`npm run rebuild said:\n${output}`);
  const events = Number(report[1]);
  const seconds = Number(report[2]);
  return { events, seconds, secondsPerMillion: (seconds * 1e6) / events };
}

// ---------------------------------------------------------------------------------------------
// 4. Resident memory after many matches were read

async function runMemory() {
  return inTempDir(async (dir) => {
    log(
      `memory: seeding ${formatRate(config.memoryMatches)} matches of ${config.memoryEvents} events into the store (2 threads)`,
    );
    const seedStarted = performance.now();
    const matches = await seedMatchesInThreads(dir, config.memoryMatches, config.memoryEvents, 2);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    let service: Server | undefined;
    try {
      const started = performance.now();
      service = await startService(dir);
      const readySeconds = (performance.now() - started) / 1000;
      log(
        `memory: service ready in ${readySeconds.toFixed(1)} s; waiting for the projector to index every match`,
      );
      await waitForProjector(dir, 0);
      const projectorSeconds = (performance.now() - started) / 1000;
      const idle = await memoryAfterGc(service);
      log(`memory: reading every match (GET matches/:id, then GET state) over HTTP, 16 in flight`);
      const client = new JsonClient(service.url, 16);
      const profiler = config.profileDir ? await startProfile(service) : undefined;
      const readStarted = performance.now();
      const deadline = readStarted + 300_000;
      let failures = 0;
      try {
        await inParallel(matches, 16, async ({ matchId }) => {
          if (performance.now() > deadline)
            throw new Error('reading the matches took more than 300 s');
          for (const path of [`/api/v1/matches/${matchId}`, `/api/v1/matches/${matchId}/state`]) {
            const response = await client.send('GET', path, { token: ADMIN_TOKEN });
            if (response.status !== 200) failures += 1;
          }
        });
      } finally {
        client.close();
      }
      const readSeconds = (performance.now() - readStarted) / 1000;
      const profile = config.profileDir
        ? join(config.profileDir, 'service-memory-reads.cpuprofile')
        : undefined;
      if (profiler && profile) await profiler.stop(profile);
      const afterReads = await memoryAfterGc(service);
      return {
        matches: matches.length,
        eventsPerMatch: config.memoryEvents,
        seedSeconds,
        readySeconds,
        projectorSeconds,
        readSeconds,
        readsPerSecond: (2 * matches.length) / readSeconds,
        /** When profiled, the read rate is measured under the profiler. */
        profile,
        failedReads: failures,
        idle,
        afterReads,
        peakRss: peakResidentBytes(service.pid),
        /** Resident bytes of the swc-node loader itself (0 when the entry is plain JavaScript). */
        loaderOverhead: config.serviceEntry.endsWith('.ts') ? loaderOverheadBytes() : 0,
      };
    } finally {
      await service?.stop();
    }
  });
}

// ---------------------------------------------------------------------------------------------
// 5. Statistics over many finished matches

/** The statistics queries timed, one after another, each STATS_GETS times. */
const STATS_QUERIES = {
  'ruleset, no filter': '/api/v1/stats/rulesets/freeform',
  'ruleset, player filter': '/api/v1/stats/rulesets/freeform?player=player%20red',
  player: '/api/v1/stats/players/Player%20blue',
} as const;

async function runStats() {
  return inTempDir(async (dir) => {
    log(
      `stats: seeding ${formatRate(config.statsMatches)} finished matches of ~${config.statsEvents} events (2 threads)`,
    );
    const seedStarted = performance.now();
    const matches = await seedMatchesInThreads(
      dir,
      config.statsMatches,
      config.statsEvents,
      2,
      true,
    );
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    let service: Server | undefined;
    const started = performance.now();
    try {
      service = await startService(dir);
      await waitForProjector(dir, 0);
      log('stats: waiting for the projector to build every match’s statistics record');
      const client = new JsonClient(service.url, 1);
      try {
        const deadline = performance.now() + PROJECTOR_TIMEOUT_MS;
        for (;;) {
          const body = await client.expect<{ matches: number }>(
            200,
            'GET',
            STATS_QUERIES['ruleset, no filter'],
          );
          if (body.matches >= matches.length) break;
          if (performance.now() > deadline)
            throw new Error(`the statistics cover ${body.matches} of ${matches.length} matches`);
          await sleep(250);
        }
        const recordsSeconds = (performance.now() - started) / 1000;
        const rows = [];
        for (const [query, path] of Object.entries(STATS_QUERIES)) {
          const latencies: number[] = [];
          for (let i = 0; i < config.statsGets; i += 1) {
            const response = await client.send<{ matches: number }>('GET', path);
            if (response.status !== 200 || !(response.body.matches > 0))
              throw new Error(
                `GET ${path}: ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`,
              );
            latencies.push(response.ms);
          }
          // The first ask of a query is the one that sums the records (answers are kept until
          // a record changes), except 'no filter', asked while waiting for the records.
          const first = latencies[0];
          latencies.sort((a, b) => a - b);
          rows.push({
            query,
            path,
            first,
            requests: latencies.length,
            p50: percentile(latencies, 50),
            p99: percentile(latencies, 99),
            max: latencies[latencies.length - 1],
          });
        }
        const profile = await profiled(service, 'service-stats', async () => {
          for (const path of Object.values(STATS_QUERIES))
            for (let i = 0; i < config.statsGets; i += 1) await client.send('GET', path);
        });
        return { matches: matches.length, seedSeconds, recordsSeconds, rows, profile };
      } finally {
        client.close();
      }
    } finally {
      await service?.stop();
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Issue 12: bulk export and feed fan-out

/**
 * The bulk export of many finished public matches over HTTP: events/s and RSS growth, the
 * median and the largest growth of BENCH_EXPORT_REPS streams; with BENCH_BASELINE_ENTRY, the
 * baseline build streams the same store before each of this build's runs, so the load of the
 * shared machine moves both alike (a single pair of runs once read 1.3x, the next 0.7x).
 */
async function runExport() {
  return inTempDir(async (dir) => {
    log(
      `export: seeding ${formatRate(config.exportMatches)} finished public matches of ${config.exportEvents} events (2 threads)`,
    );
    // Finished matches are public: a stranger reads every event, nothing withheld.
    await seedMatchesInThreads(dir, config.exportMatches, config.exportEvents, 2, true);
    // Started matches with seat tokens, for the decisions sent beside the exports.
    const live = (await seedMatchesInThreads(dir, EXPORT_LIVE_MATCHES, 20, 1, false, true)).map(
      ({ matchId, tokens }) => ({ matchId, tokens: tokens ?? {} }),
    );
    const ours: ExportRun[] = [];
    const base: ExportRun[] = [];
    for (let rep = 0; rep < config.exportReps; rep += 1) {
      const profile = rep === 0;
      if (config.baselineEntry)
        base.push(await exportOnce(dir, 'baseline', config.baselineEntry, profile, live));
      ours.push(await exportOnce(dir, 'matchlog', config.serviceEntry, profile, live));
    }
    return {
      ...summarizeExport(ours),
      beside: summarizeBeside(ours),
      baselineBeside: base.length > 0 ? summarizeBeside(base) : undefined,
      baseline: base.length > 0 ? summarizeExport(base) : undefined,
      ratios: base.map((run, i) => ours[i].eventsPerSecond / run.eventsPerSecond),
      againRatios: base.map((run, i) => ours[i].againEventsPerSecond / run.againEventsPerSecond),
    };
  });
}

type ExportRun = Awaited<ReturnType<typeof exportOnce>>;

/** The median run by events/s (the lower one of an even count), with the largest RSS growth of all. */
function summarizeExport(runs: ExportRun[]) {
  const middle = [...runs].sort((a, b) => a.eventsPerSecond - b.eventsPerSecond)[
    Math.floor((runs.length - 1) / 2)
  ];
  return {
    ...middle,
    rssGrowth: Math.max(...runs.map((run) => run.rssGrowth)),
    runs: runs.map((run) => run.eventsPerSecond),
    rssGrowths: runs.map((run) => run.rssGrowth),
    againEventsPerSecond: median(runs.map((run) => run.againEventsPerSecond)),
  };
}

/** One service streams the whole export once (then once more under the profiler, when asked). */
async function exportOnce(
  dir: string,
  name: string,
  entry: string,
  profiling: boolean,
  live: BenchMatch[],
) {
  const path = '/api/v1/export/matches?status=finished&with=events';
  let service: Server | undefined;
  try {
    service = await startService(dir, name, entry);
    await waitForProjector(dir, 0);
    const before = await memoryAfterGc(service);
    const pid = service.pid;
    let peakRss = residentBytes(pid);
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, residentBytes(pid))), 100);
    const events = new Counter('"eventId":"');
    const lines = new Counter('\n');
    log(`export: streaming every match from ${name} (${entry})`);
    let answer;
    try {
      answer = await streamBody(
        service.url,
        path,
        {},
        (chunk) => {
          events.push(chunk);
          lines.push(chunk);
        },
        600_000,
      );
    } finally {
      clearInterval(sampler);
    }
    // The same export once more in the same process: every stream's head is now remembered
    // (StreamIntegrity), so its chain check is one event per match instead of all of them.
    log(`export: streaming every match again from ${name}`);
    const again = await streamBody(service.url, path, {}, () => undefined, 600_000);
    log(
      `export: decisions and /health/live on ${name}, alone then beside ${config.exportConcurrent} exports`,
    );
    const beside = await exportsBeside(service, path, live);
    const url = service.url;
    const profile = profiling
      ? await profiled(service, `${name}-export`, () =>
          streamBody(url, path, {}, () => undefined, 600_000),
        )
      : undefined;
    return {
      entry,
      profile,
      matches: lines.count,
      events: events.count,
      status: answer.status,
      seconds: answer.ms / 1000,
      firstByteMs: answer.firstByteMs,
      eventsPerSecond: events.count / (answer.ms / 1000),
      againEventsPerSecond: events.count / (again.ms / 1000),
      rssBefore: before.rssAfterGc,
      rssGrowth: peakRss - before.rssAfterGc,
      beside,
    };
  } finally {
    await service?.stop();
  }
}

/** Started matches the decisions beside the exports go to. */
const EXPORT_LIVE_MATCHES = 50;
/** Decisions in flight beside the exports, each followed by a pause: a paced player load. */
const BESIDE_DECIDERS = 2;
const BESIDE_PAUSE_MS = 10;
/** How often /health/live is probed beside the exports. */
const LIVE_PROBE_MS = 20;

interface Latencies {
  count: number;
  failed: number;
  p50: number;
  p99: number;
  max: number;
}

function latencies(ms: number[], failed: number): Latencies {
  const sorted = [...ms].sort((a, b) => a - b);
  return {
    count: sorted.length,
    failed,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/**
 * Paced `move` decisions and /health/live probes until `until` settles: their latencies. A
 * refused move (a piece a seeded match lost) is still a decision answered, and counted; a
 * request that failed (5xx, 429, a reset connection) is counted as failed, not timed.
 */
async function decideAndProbe(service: Server, live: BenchMatch[], until: Promise<unknown>) {
  const client = new JsonClient(service.url, BESIDE_DECIDERS + 2);
  let done = false;
  void until.finally(() => (done = true));
  const decisionMs: number[] = [];
  const liveMs: number[] = [];
  let failed = 0;
  let probeFailed = 0;
  try {
    const deciders = Array.from({ length: BESIDE_DECIDERS }, async () => {
      while (!done) {
        const match = live[Math.floor(Math.random() * live.length)];
        const seat = SEATS[Math.floor(Math.random() * SEATS.length)];
        const piece = pieceId(seat, 1 + Math.floor(Math.random() * DEFAULT_SIZE.piecesPerSeat));
        const to = areaId(1 + Math.floor(Math.random() * DEFAULT_SIZE.zones));
        const answer = await client
          .send('POST', `/api/v1/matches/${match.matchId}/decisions`, {
            token: match.tokens[seat],
            body: { kind: 'move', params: { pieces: [piece], to } },
          })
          .catch(() => undefined);
        if (!answer || answer.status >= 500 || answer.status === 429) failed += 1;
        else decisionMs.push(answer.ms);
        await sleep(BESIDE_PAUSE_MS);
      }
    });
    const prober = (async () => {
      while (!done) {
        const answer = await client.send('GET', '/health/live').catch(() => undefined);
        if (answer?.status === 200) liveMs.push(answer.ms);
        else probeFailed += 1;
        await sleep(LIVE_PROBE_MS);
      }
    })();
    await Promise.all([...deciders, prober, until]);
  } finally {
    client.close();
  }
  return { decisions: latencies(decisionMs, failed), live: latencies(liveMs, probeFailed) };
}

/**
 * Decisions and /health/live alone for BENCH_EXPORT_QUIET_SECONDS, then beside
 * BENCH_EXPORT_CONCURRENT uncompressed full exports started together and read as fast as
 * they come (the case that used to hold the event loop for a whole export).
 */
async function exportsBeside(service: Server, path: string, live: BenchMatch[]) {
  const quiet = await decideAndProbe(service, live, sleep(config.exportQuietSeconds * 1000));
  const started = performance.now();
  const exports = Promise.all(
    Array.from({ length: config.exportConcurrent }, async () => {
      const events = new Counter('"eventId":"');
      const answer = await streamBody(
        service.url,
        path,
        {},
        (chunk) => events.push(chunk),
        600_000,
      );
      return { ...answer, events: events.count };
    }),
  );
  const loaded = await decideAndProbe(service, live, exports);
  const runs = await exports;
  const seconds = (performance.now() - started) / 1000;
  const events = runs.reduce((sum, run) => sum + run.events, 0);
  return {
    quiet,
    loaded,
    exports: runs.length,
    statuses: runs.map((run) => run.status),
    firstByteMs: runs.map((run) => run.firstByteMs),
    events,
    seconds,
    eventsPerSecond: events / seconds,
    decisionP99Ratio: loaded.decisions.p99 / quiet.decisions.p99,
  };
}

type BesideRun = Awaited<ReturnType<typeof exportsBeside>>;

/** Each figure's median over the runs, and the runs' ratios. */
function summarizeBeside(runs: ExportRun[]) {
  const beside: BesideRun[] = runs.map((run) => run.beside);
  const of = (pick: (run: BesideRun) => number) => median(beside.map(pick));
  return {
    quietDecisionP50: of((run) => run.quiet.decisions.p50),
    quietDecisionP99: of((run) => run.quiet.decisions.p99),
    loadedDecisionP50: of((run) => run.loaded.decisions.p50),
    loadedDecisionP99: of((run) => run.loaded.decisions.p99),
    decisionP99Ratio: of((run) => run.decisionP99Ratio),
    quietLiveP99: of((run) => run.quiet.live.p99),
    loadedLiveP50: of((run) => run.loaded.live.p50),
    loadedLiveP99: of((run) => run.loaded.live.p99),
    loadedLiveMax: of((run) => run.loaded.live.max),
    eventsPerSecond: of((run) => run.eventsPerSecond),
    runs: beside,
  };
}

/** N SSE readers of the feed while decisions are written at a fixed rate: commit→delivery delays. */
async function runFeed() {
  return inTempDir(async (dir) => {
    let service: Server | undefined;
    const subscribers: FeedSubscriber[] = [];
    try {
      service = await startService(dir, 'matchlog', config.serviceEntry, {
        MATCHLOG_MAX_CONNECTIONS: String(config.feedSubscribers + 1000),
        MATCHLOG_MAX_CONNECTIONS_PER_ADDRESS: String(config.feedSubscribers + 500),
      });
      const client = new JsonClient(service.url, 32);
      const matches = await setUpMatches(client, config.matches, ADMIN_TOKEN);
      const delays = new DelayHistogram();
      const since = Date.now();
      log(`feed: opening ${formatRate(config.feedSubscribers)} SSE subscribers`);
      await inParallel(Array.from({ length: config.feedSubscribers }), 50, async () => {
        const subscriber = new FeedSubscriber(since, delays);
        subscribers.push(subscriber);
        await subscriber.open(service!.url, { authorization: `Bearer ${ADMIN_TOKEN}` });
      });
      log(`feed: writing ${formatRate(config.feedRate)} decisions/s for ${config.feedSeconds} s`);
      // When profiled, the figures are measured under the profiler (this part is not repeated).
      const profiler = config.profileDir ? await startProfile(service) : undefined;
      const cpuBefore = cpuSeconds(service.pid);
      const benchCpuBefore = process.cpuUsage();
      const random = seededRandom(7);
      let written = 0;
      let eventsWritten = 0;
      let failed = 0;
      const started = performance.now();
      const inFlight = new Set<Promise<void>>();
      const deadline = started + config.feedSeconds * 1000;
      while (performance.now() < deadline) {
        const due = Math.floor(((performance.now() - started) / 1000) * config.feedRate);
        while (written < due && inFlight.size < 256) {
          written += 1;
          const match = matches[Math.floor(random() * matches.length)];
          const seat = SEATS[Math.floor(random() * SEATS.length)];
          const piece = pieceId(seat, 1 + Math.floor(random() * DEFAULT_SIZE.piecesPerSeat));
          const to = areaId(1 + Math.floor(random() * DEFAULT_SIZE.zones));
          const sent = client
            .send<{ events?: unknown[] }>('POST', `/api/v1/matches/${match.matchId}/decisions`, {
              token: match.tokens[seat],
              body: { kind: 'move', params: { pieces: [piece], to } },
            })
            .then((response) => {
              if (response.status === 201) eventsWritten += response.body.events?.length ?? 0;
              else failed += 1;
            });
          inFlight.add(sent);
          void sent.finally(() => inFlight.delete(sent));
        }
        await sleep(5);
      }
      await Promise.all(inFlight);
      const writeSeconds = (performance.now() - started) / 1000;
      // Every subscriber should see every event written; wait for the stragglers, bounded.
      const drainDeadline = performance.now() + 30_000;
      while (
        performance.now() < drainDeadline &&
        subscribers.some((s) => s.events < eventsWritten && !s.cutOff)
      )
        await sleep(100);
      const serviceCpuSeconds = cpuSeconds(service.pid) - cpuBefore;
      const benchCpu = process.cpuUsage(benchCpuBefore);
      const profile = config.profileDir
        ? join(config.profileDir, 'service-feed.cpuprofile')
        : undefined;
      if (profiler && profile) await profiler.stop(profile);
      client.close();
      const counts = subscribers.map((s) => s.events);
      return {
        profile,
        subscribers: subscribers.length,
        decisions: written - failed,
        failed,
        decisionsPerSecond: (written - failed) / writeSeconds,
        eventsWritten,
        complete: counts.filter((count) => count === eventsWritten).length,
        cutOff: subscribers.filter((s) => s.cutOff).length,
        fewest: Math.min(...counts),
        deliveries: delays.total,
        /** The service's CPU time (user + system) from the first write to the last delivery. */
        serviceCpuSeconds,
        /** This process's: the writer and every subscriber's reading (one process for all). */
        benchCpuSeconds: (benchCpu.user + benchCpu.system) / 1e6,
        p50: delays.percentile(50),
        p99: delays.percentile(99),
        max: delays.percentile(100),
      };
    } finally {
      for (const subscriber of subscribers) subscriber.close();
      await service?.stop();
    }
  });
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  mkdirSync(config.dir, { recursive: true });
  // The service writes its profiles there and does not make the directory.
  if (config.profileDir) mkdirSync(config.profileDir, { recursive: true });
  const runStarted = performance.now();
  console.log(
    `matchlog API bench: ${cpus().length} CPUs, Node ${process.version}, fastify ${fastifyVersion}, ` +
      `parts ${config.parts.join(',')}, files in ${config.dir}, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  const loadAtStart = loadavg();
  const has = (part: string) => config.parts.includes(part);
  const fold = has('fold') ? runFold() : undefined;
  const chain = has('chain') ? await runChainCheck() : undefined;
  const decisions = has('decisions') ? await runDecisions() : undefined;
  const scale = has('scale') ? await runScale() : undefined;
  const state = has('state') ? await runState() : undefined;
  const memory = has('memory') ? await runMemory() : undefined;
  const stats = has('stats') ? await runStats() : undefined;
  const bulkExport = has('export') ? await runExport() : undefined;
  const feed = has('feed') ? await runFeed() : undefined;

  if (bulkExport) {
    for (const run of [bulkExport.baseline, bulkExport].filter((r) => r !== undefined))
      console.log(
        `\nBulk export over HTTP by ${run.entry}: ${formatRate(run.matches)} matches, ${formatRate(run.events)} events ` +
          `in ${run.seconds.toFixed(1)} s (status ${run.status}, first byte after ${formatMs(run.firstByteMs)}): ` +
          `${formatRate(run.eventsPerSecond)} events/s, the median of ${run.runs.length} (run by run: ${run.runs.map(formatRate).join(', ')}; target ${formatRate(TARGETS.exportEventsPerSecond)}), ` +
          `service RSS ${formatMiB(run.rssBefore)} before, growth ${formatMiB(run.rssGrowth)} at its largest peak (run by run: ${run.rssGrowths.map(formatMiB).join(', ')}; target < ${formatMiB(TARGETS.exportRssGrowthBytes)})`,
      );
    for (const [name, beside] of [
      ['baseline', bulkExport.baselineBeside],
      ['this build', bulkExport.beside],
    ] as const) {
      if (!beside) continue;
      console.log(
        `Beside ${config.exportConcurrent} uncompressed full exports, ${name} (medians of ${beside.runs.length} runs): ` +
          `decision p50 ${formatMs(beside.quietDecisionP50)} alone, ${formatMs(beside.loadedDecisionP50)} beside; ` +
          `p99 ${formatMs(beside.quietDecisionP99)} alone, ${formatMs(beside.loadedDecisionP99)} beside, ${beside.decisionP99Ratio.toFixed(2)}x (target <= ${TARGETS.exportDecisionP99Ratio}x); ` +
          `/health/live p99 ${formatMs(beside.quietLiveP99)} alone, p50 ${formatMs(beside.loadedLiveP50)} and p99 ${formatMs(beside.loadedLiveP99)} beside (target < ${TARGETS.exportLiveP99Ms} ms), max ${formatMs(beside.loadedLiveMax)}; ` +
          `the exports together ${formatRate(beside.eventsPerSecond)} events/s ` +
          `(run by run: ${beside.runs.map((run) => `${run.decisionP99Ratio.toFixed(2)}x, live p99 ${formatMs(run.loaded.live.p99)}, ${formatRate(run.eventsPerSecond)} events/s, ${run.loaded.decisions.count} decisions`).join('; ')})`,
      );
    }
    if (bulkExport.baseline)
      console.log(
        `bulk export: this build at ${(median(bulkExport.ratios) * 100).toFixed(1)}% of the baseline's events/s ` +
          `(median of the pairs; run by run: ${bulkExport.ratios.map((r) => `${(r * 100).toFixed(1)}%`).join(', ')})`,
      );
  }
  if (feed) {
    console.log(
      `\nFeed fan-out: ${formatRate(feed.subscribers)} SSE subscribers, ${formatRate(feed.decisions)} decisions ` +
        `(${formatRate(feed.decisionsPerSecond)}/s, ${feed.failed} failed), ${formatRate(feed.eventsWritten)} events, ` +
        `${formatRate(feed.deliveries)} deliveries: commit→delivery p50 ${feed.p50} ms, p99 ${feed.p99} ms (target ${TARGETS.feedP99Ms} ms), max ${feed.max} ms; ` +
        `${feed.complete} of ${feed.subscribers} got every event (fewest ${formatRate(feed.fewest)}), ${feed.cutOff} cut off; ` +
        `service CPU ${feed.serviceCpuSeconds.toFixed(1)} s, ${((1e6 * feed.serviceCpuSeconds) / Math.max(1, feed.deliveries)).toFixed(1)} µs per delivery; bench process CPU ${feed.benchCpuSeconds.toFixed(1)} s; entry ${config.serviceEntry}`,
    );
  }

  if (fold) {
    console.log(
      `\nFold speed, pure in-process, median of ${config.foldReps} (log generated in ${fold.generateSeconds.toFixed(1)} s)`,
    );
    console.table(
      fold.rows.map((row) => ({
        fold: row.name,
        events: formatRate(row.events),
        'events/s': formatRate(row.perSecond),
        'min..max': `${formatRate(Math.min(...row.samples))}..${formatRate(Math.max(...row.samples))}`,
      })),
    );
    console.log(
      `generic mix: ${Object.entries(fold.mix)
        .map(([type, share]) => `${type} ${share}`)
        .join(', ')}`,
    );
  }
  if (chain) {
    console.log(
      `\nThe chain check of a load: a match read cold from the SQLite store and folded (no snapshot), ms of process CPU per load (each sample averages loads of about 2,000 events), median of ${config.chainReps}, alternated` +
        (decisions
          ? `; a decision costs the service ${decisions.cpuMsPerDecision.toFixed(3)} ms of CPU (decisions part of this run)`
          : ''),
    );
    console.table(
      chain.map((row) => ({
        events: formatRate(row.events),
        'fold ms': row.fold.toFixed(2),
        'fold + check ms': row.checked.toFixed(2),
        'fold + check, written again ms': row.rewritten.toFixed(2),
        'fold + resumed check ms': row.resumed.toFixed(2),
        ratio: row.ratio.toFixed(2),
        'check ms/load': row.checkPerLoad.toFixed(2),
        'check µs/event': row.checkPerEventMicros.toFixed(1),
        'written again µs/event': row.rewrittenCheckPerEventMicros.toFixed(1),
        'check / written again': row.checkRatioToRewritten.toFixed(2),
        'repository ms': row.repository.toFixed(2),
        'reload ms': row.reload.toFixed(2),
        ...(decisions && {
          'check / decision': `${((100 * row.checkPerLoad) / decisions.cpuMsPerDecision).toFixed(1)}%`,
          'written again / decision': `${((100 * row.rewrittenCheckPerLoad) / decisions.cpuMsPerDecision).toFixed(1)}%`,
          'resumed check / decision': `${((100 * row.resumedCheckPerLoad) / decisions.cpuMsPerDecision).toFixed(1)}%`,
        }),
      })),
    );
  }
  if (decisions) {
    console.log(
      `\nDecisions over HTTP: ${config.matches} matches, ${config.connections} connections, ` +
        `${config.duration} s per run, ${config.reps} runs each (setup over HTTP took ${decisions.setupSeconds.toFixed(1)} s)`,
    );
    console.table(
      decisions.runs.map((run) => ({
        server: run.target,
        '2xx/s': formatRate(run.perSecond),
        p50: formatMs(run.p50),
        p99: formatMs(run.p99),
        '2xx': run.ok,
        'non-2xx': run.non2xx,
        errors: run.errors + run.timeouts,
        'CPU ms/2xx': run.cpuMsPerRequest === undefined ? '-' : run.cpuMsPerRequest.toFixed(3),
      })),
    );
    console.log(
      `median: matchlog ${formatRate(decisions.perSecond)}/s (p50 ${formatMs(decisions.p50)}, p99 ${formatMs(decisions.p99)}), ` +
        `bare fastify ${formatRate(decisions.bare.perSecond)}/s (p50 ${formatMs(decisions.bare.p50)}, p99 ${formatMs(decisions.bare.p99)}), ` +
        `ratio ${(100 * decisions.ratio).toFixed(1)}% (run by run: ${decisions.pairedRatios
          .map((r) => `${(100 * r).toFixed(1)}%`)
          .join(', ')})`,
    );
    // What the ratio target asks of one decision, beside what it costs now: the event loop is one
    // thread, and the whole process shares the machine's cores with this bench's load.
    const targetPerSecond = TARGETS.ratioToBare * decisions.bare.perSecond;
    console.log(
      `${(100 * TARGETS.ratioToBare).toFixed(0)}% of bare fastify is ${formatRate(targetPerSecond)} decisions/s: ` +
        `${(1e6 / targetPerSecond).toFixed(0)} µs of the event loop a decision (now ${(1e6 / decisions.perSecond).toFixed(0)} µs at most), ` +
        `${((1e3 * cpus().length) / targetPerSecond).toFixed(3)} ms of CPU with all ${cpus().length} cores for the service ` +
        `(now ${decisions.cpuMsPerDecision.toFixed(3)} ms)`,
    );
    const { peer } = decisions;
    console.log(
      `boardgame.io ${formatRate(peer.perSecond)} moves/s (p50 ${formatMs(peer.p50)}, p99 ${formatMs(peer.p99)}, ${peer.errors} unanswered): ` +
        `matchlog at ${(100 * (decisions.perSecond / peer.perSecond)).toFixed(1)}% of it (run by run: ${peer.pairedRatios
          .map((r) => `${(100 * r).toFixed(1)}%`)
          .join(', ')}). ` +
        `A boardgame.io move is a reducer over in-memory state and a socket.io broadcast; a matchlog decision is also ` +
        `schema-validated, rule-checked, hash-chained, fsynced (synchronous=FULL) and answered with a signed receipt`,
    );
    if (decisions.baseline) {
      const { baseline } = decisions;
      console.log(
        `against the baseline ${baseline.entry}: ${formatRate(baseline.perSecond)}/s (p99 ${formatMs(baseline.p99)}); ` +
          `this build at ${(100 * (decisions.perSecond / baseline.perSecond)).toFixed(1)}% of it ` +
          `(run by run: ${baseline.pairedRatios.map((r) => `${(100 * r).toFixed(1)}%`).join(', ')}); ` +
          `service CPU per decision (median): this build ${decisions.cpuMsPerDecision.toFixed(3)} ms, ` +
          `baseline ${baseline.cpuMsPerDecision.toFixed(3)} ms, ` +
          `${(100 * (baseline.cpuMsPerDecision / decisions.cpuMsPerDecision)).toFixed(1)}% of the decisions per CPU second`,
      );
    }
    const { store } = decisions;
    const unanswered = store.decisionsStored - store.answered2xx;
    console.log(
      `store check: ${formatRate(store.decisionsStored)} decisions stored = ${formatRate(store.answered2xx)} answered 2xx ` +
        `(warm-up included) + ${unanswered} in flight when the runs stopped (at most ${store.inFlightBound}): ` +
        `${unanswered >= 0 && unanswered <= store.inFlightBound ? 'consistent' : 'INCONSISTENT'}; ` +
        `empty service RSS after GC ${formatMiB(decisions.emptyServiceMemory.rssAfterGc)}`,
    );
    for (const run of decisions.runs)
      for (const sample of run.samples) console.log(`  non-2xx from ${run.target}: ${sample}`);
  }
  if (scale) {
    console.log(
      `\nDecisions as live matches grow: one service holding ${formatRate(scale.byCount.at(-1)!.matches)} started matches ` +
        `(seeded in ${scale.seedSeconds.toFixed(1)} s), moves sent to each of the first N matches in turn, ` +
        `${config.connections} connections, ${config.duration} s per run, ${config.reps} runs each`,
    );
    console.table(
      scale.byCount.map((row) => ({
        'live matches': formatRate(row.matches),
        '2xx/s': formatRate(row.perSecond),
        p99: formatMs(row.p99),
        'CPU ms/2xx': row.cpuMsPerDecision.toFixed(3),
        'matches decided on': formatRate(row.decided),
        'non-2xx': row.non2xx,
      })),
    );
    console.log(
      `most against fewest matches: ${(100 * scale.ratio).toFixed(1)}% of the decisions/s (target >= ${100 * TARGETS.scaleRatio}%); ` +
        `service RSS after GC ${formatMiB(scale.rssIdle)} before the runs, ${formatMiB(scale.rssLoaded)} after them: ` +
        `${(scale.rssPerHotMatch / 1024).toFixed(1)} KiB per match that got decisions`,
    );
  }
  if (state) {
    console.log(
      `\nGET state?at=N on a ${formatRate(state.events)}-event match (seeded in ${state.seedSeconds.toFixed(1)} s; ` +
        `service ready ${state.readySeconds.toFixed(1)} s and projector done with ${state.projector.snapshots} snapshots ${state.projectorSeconds.toFixed(1)} s after spawn, ` +
        `snapshot JSON avg ${formatRate(state.projector.snapshotBytes.avg)} B, max ${formatRate(state.projector.snapshotBytes.max)} B)`,
    );
    console.table(
      [
        { mode: 'a seat, snapshots every 500 events', ...state.withSnapshots },
        { mode: 'the admin (audited), snapshots', ...state.audited },
        { mode: 'a seat, no snapshots (rows deleted)', ...state.withoutSnapshots },
      ].map((row) => ({
        mode: row.mode,
        GETs: row.requests,
        p50: formatMs(row.p50),
        p99: formatMs(row.p99),
        max: formatMs(row.max),
        mean: formatMs(row.mean),
      })),
    );
  }
  if (memory) {
    console.log(
      `\nMemory: ${formatRate(memory.matches)} matches x ${memory.eventsPerMatch} events (seeded in ${memory.seedSeconds.toFixed(1)} s, ` +
        `service ready ${memory.readySeconds.toFixed(1)} s and index caught up ${memory.projectorSeconds.toFixed(1)} s after spawn, read at ${formatRate(memory.readsPerSecond)} GETs/s, ${memory.failedReads} failed)`,
    );
    console.table(
      [
        { when: 'started, projector caught up', ...memory.idle },
        { when: 'after reading every match', ...memory.afterReads },
      ].map((row) => ({
        when: row.when,
        'RSS before GC': formatMiB(row.rssBeforeGc),
        'RSS after GC': formatMiB(row.rssAfterGc),
        'V8 heap used': formatMiB(row.heapUsedAfterGc),
        external: formatMiB(row.externalAfterGc),
      })),
    );
    console.log(
      `peak RSS (VmHWM) ${formatMiB(memory.peakRss)}; entry ${config.serviceEntry}` +
        (memory.loaderOverhead > 0
          ? `, of which the swc-node TypeScript loader alone holds ~${formatMiB(memory.loaderOverhead)} ` +
            `(measured on an empty process; absent under node dist/main.js)`
          : ''),
    );
  }
  if (stats) {
    console.log(
      `\nStatistics over ${formatRate(stats.matches)} finished matches (seeded in ${stats.seedSeconds.toFixed(1)} s; ` +
        `every record built ${stats.recordsSeconds.toFixed(1)} s after the service's spawn), one GET at a time`,
    );
    console.table(
      stats.rows.map((row) => ({
        query: row.query,
        GETs: row.requests,
        first: formatMs(row.first),
        p50: formatMs(row.p50),
        p99: formatMs(row.p99),
        max: formatMs(row.max),
      })),
    );
  }

  const smallestChain = chain?.[0];
  const largestChain = chain?.at(-1);
  const summary = [
    smallestChain && {
      figure:
        `chain check of one load of ${smallestChain.events} events` +
        (decisions ? ' vs a decision' : ''),
      value: decisions
        ? `${((100 * smallestChain.checkPerLoad) / decisions.cpuMsPerDecision).toFixed(1)}%`
        : `${smallestChain.checkPerLoad.toFixed(2)} ms (x${smallestChain.ratio.toFixed(2)} of the load)`,
      target: `< ${(100 * TARGETS.chainCheckShareOfDecision).toFixed(0)}% of a decision's CPU`,
      met: decisions
        ? smallestChain.checkPerLoad <
          TARGETS.chainCheckShareOfDecision * decisions.cpuMsPerDecision
        : undefined,
    },
    smallestChain && {
      figure:
        `chain check of a later load of ${smallestChain.events} events (head remembered)` +
        (decisions ? ' vs a decision' : ''),
      value: decisions
        ? `${((100 * smallestChain.resumedCheckPerLoad) / decisions.cpuMsPerDecision).toFixed(1)}%`
        : `${smallestChain.resumedCheckPerLoad.toFixed(3)} ms (fold ${smallestChain.fold.toFixed(2)} ms, with the check ${smallestChain.resumed.toFixed(2)} ms)`,
      target: `< ${(100 * TARGETS.chainCheckShareOfDecision).toFixed(0)}% of a decision's CPU`,
      met: decisions
        ? smallestChain.resumedCheckPerLoad <
          TARGETS.chainCheckShareOfDecision * decisions.cpuMsPerDecision
        : undefined,
    },
    largestChain && {
      figure: `chain check per event, cold load of ${formatRate(largestChain.events)} events`,
      value: `${largestChain.checkPerEventMicros.toFixed(1)} µs (fold + check x${largestChain.ratio.toFixed(2)} of the fold; ${largestChain.rewrittenCheckPerEventMicros.toFixed(1)} µs writing each event again)`,
      target: '-',
      met: undefined,
    },
    decisions && {
      figure: 'decisions/s over HTTP (median)',
      value: formatRate(decisions.perSecond),
      target: `>= ${formatRate(TARGETS.decisionsPerSecond)}`,
      met: decisions.perSecond >= TARGETS.decisionsPerSecond && decisions.non2xx === 0,
    },
    decisions?.baseline && {
      figure: 'decisions/s vs the baseline build',
      value: `${(100 * (decisions.perSecond / decisions.baseline.perSecond)).toFixed(1)}%`,
      target: '>= 95%',
      met: decisions.perSecond >= 0.95 * decisions.baseline.perSecond,
    },
    decisions?.baseline && {
      figure: 'CPU per decision vs the baseline build',
      value: `${decisions.cpuMsPerDecision.toFixed(3)} ms vs ${decisions.baseline.cpuMsPerDecision.toFixed(3)} ms`,
      target: '<= 105% of the baseline',
      met: decisions.cpuMsPerDecision <= 1.05 * decisions.baseline.cpuMsPerDecision,
    },
    decisions && {
      figure: 'decisions/s vs bare Fastify',
      value: `${(100 * decisions.ratio).toFixed(1)}%`,
      target: `>= ${100 * TARGETS.ratioToBare}%`,
      met: decisions.ratio >= TARGETS.ratioToBare,
    },
    decisions && {
      figure: 'decisions/s vs boardgame.io moves/s (no schema, chain or fsync there)',
      value: `${(100 * (decisions.perSecond / decisions.peer.perSecond)).toFixed(1)}%`,
      target: '-',
      met: undefined,
    },
    decisions && {
      figure: 'decision latency p50 / p99',
      value: `${formatMs(decisions.p50)} / ${formatMs(decisions.p99)}`,
      target: '-',
      met: undefined,
    },
    decisions && {
      figure: 'decision non-2xx + errors',
      value: String(decisions.non2xx),
      target: '0',
      met: decisions.non2xx === 0,
    },
    scale && {
      figure: `decisions/s, ${formatRate(scale.byCount.at(-1)!.matches)} vs ${formatRate(scale.byCount[0].matches)} live matches`,
      value: `${(100 * scale.ratio).toFixed(1)}%`,
      target: `>= ${100 * TARGETS.scaleRatio}%`,
      met: scale.ratio >= TARGETS.scaleRatio && scale.byCount.every((row) => row.non2xx === 0),
    },
    scale && {
      figure: 'service RSS per hot match',
      value: `${(scale.rssPerHotMatch / 1024).toFixed(1)} KiB`,
      target: '-',
      met: undefined,
    },
    state && {
      figure: `GET state?at=N p99, snapshots (${formatRate(state.events)} events)`,
      value: formatMs(state.withSnapshots.p99),
      target: `< ${TARGETS.stateP99Ms} ms`,
      met: state.withSnapshots.p99 < TARGETS.stateP99Ms,
    },
    state && {
      figure: `npm run rebuild, ${formatRate(state.rebuild.events)} events`,
      value: `${state.rebuild.seconds.toFixed(1)} s (${state.rebuild.secondsPerMillion.toFixed(1)} s per million events)`,
      target: '-',
      met: undefined,
    },
    state && {
      figure: 'GET state?at=N p50, snapshots',
      value: formatMs(state.withSnapshots.p50),
      target: '-',
      met: undefined,
    },
    state && {
      figure: 'GET state?at=N p50 / p99 by the admin (each read audited)',
      value: `${formatMs(state.audited.p50)} / ${formatMs(state.audited.p99)}`,
      target: '-',
      met: undefined,
    },
    state && {
      figure: 'GET state?at=N p50 / p99, no snapshots',
      value: `${formatMs(state.withoutSnapshots.p50)} / ${formatMs(state.withoutSnapshots.p99)}`,
      target: '-',
      met: undefined,
    },
    fold && {
      figure: 'fold evolveMatch(freeform), generic events/s',
      value: formatRate(fold.perSecond),
      target: `>= ${formatRate(TARGETS.foldPerSecond)}`,
      met: fold.perSecond >= TARGETS.foldPerSecond,
    },
    memory && {
      figure: `service RSS after GC, ${formatRate(memory.matches)} matches read`,
      value: formatMiB(memory.afterReads.rssAfterGc),
      target: `< ${formatMiB(TARGETS.rssBytes)}`,
      met: memory.afterReads.rssAfterGc < TARGETS.rssBytes && memory.failedReads === 0,
    },
    ...(stats?.rows ?? []).map((row) => ({
      figure: `GET stats (${row.query}) p99, ${formatRate(stats!.matches)} finished matches`,
      value: formatMs(row.p99),
      target: `< ${TARGETS.statsP99Ms} ms`,
      met: row.p99 < TARGETS.statsP99Ms,
    })),
    bulkExport && {
      figure: `bulk export events/s over HTTP, ${formatRate(bulkExport.matches)} finished matches`,
      value: formatRate(bulkExport.eventsPerSecond),
      target: `>= ${formatRate(TARGETS.exportEventsPerSecond)}`,
      met:
        bulkExport.status === 200 &&
        bulkExport.matches === config.exportMatches &&
        bulkExport.eventsPerSecond >= TARGETS.exportEventsPerSecond,
    },
    bulkExport && {
      figure: 'bulk export events/s, the same export again in the same process',
      value: formatRate(bulkExport.againEventsPerSecond),
      target: `>= ${formatRate(TARGETS.exportEventsPerSecond)}`,
      met: bulkExport.againEventsPerSecond >= TARGETS.exportEventsPerSecond,
    },
    bulkExport?.baseline && {
      figure: 'bulk export events/s vs the baseline build (median of pairs)',
      value:
        `${formatRate(bulkExport.eventsPerSecond)} vs ${formatRate(bulkExport.baseline.eventsPerSecond)}: ` +
        `${(100 * median(bulkExport.ratios)).toFixed(1)}%`,
      target: '-',
      met: undefined,
    },
    bulkExport?.baseline && {
      figure: 'bulk export again vs the baseline build again (median of pairs)',
      value:
        `${formatRate(bulkExport.againEventsPerSecond)} vs ${formatRate(bulkExport.baseline.againEventsPerSecond)}: ` +
        `${(100 * median(bulkExport.againRatios)).toFixed(1)}%`,
      target: '-',
      met: undefined,
    },
    bulkExport && {
      figure: `decision p99 beside ${config.exportConcurrent} uncompressed exports, against alone`,
      value: `${formatMs(bulkExport.beside.loadedDecisionP99)} vs ${formatMs(bulkExport.beside.quietDecisionP99)}: ${bulkExport.beside.decisionP99Ratio.toFixed(2)}x`,
      target: `<= ${TARGETS.exportDecisionP99Ratio}x`,
      met: bulkExport.beside.decisionP99Ratio <= TARGETS.exportDecisionP99Ratio,
    },
    bulkExport && {
      figure: `/health/live p99 beside ${config.exportConcurrent} uncompressed exports`,
      value: formatMs(bulkExport.beside.loadedLiveP99),
      target: `< ${TARGETS.exportLiveP99Ms} ms`,
      met: bulkExport.beside.loadedLiveP99 < TARGETS.exportLiveP99Ms,
    },
    bulkExport?.baselineBeside && {
      figure: `the same beside exports, the baseline build: decision p99 ratio; /health/live p99`,
      value: `${bulkExport.baselineBeside.decisionP99Ratio.toFixed(2)}x; ${formatMs(bulkExport.baselineBeside.loadedLiveP99)}`,
      target: '-',
      met: undefined,
    },
    bulkExport && {
      figure: `events/s of ${config.exportConcurrent} concurrent exports together`,
      value: bulkExport.baselineBeside
        ? `${formatRate(bulkExport.beside.eventsPerSecond)} vs ${formatRate(bulkExport.baselineBeside.eventsPerSecond)} (baseline)`
        : formatRate(bulkExport.beside.eventsPerSecond),
      target: '-',
      met: undefined,
    },
    bulkExport && {
      figure: 'service RSS growth during the bulk export',
      value: formatMiB(bulkExport.rssGrowth),
      target: `< ${formatMiB(TARGETS.exportRssGrowthBytes)}`,
      met: bulkExport.rssGrowth < TARGETS.exportRssGrowthBytes,
    },
    feed && {
      figure: `feed commit→delivery p99, ${formatRate(feed.subscribers)} SSE subscribers`,
      value: `${feed.p99} ms`,
      target: `< ${TARGETS.feedP99Ms} ms`,
      met: feed.p99 < TARGETS.feedP99Ms,
    },
    feed && {
      figure: `feed: subscribers that got every event at ${formatRate(feed.decisionsPerSecond)} decisions/s`,
      value: `${feed.complete} of ${feed.subscribers}`,
      target: `all, at ${formatRate(config.feedRate)} decisions/s`,
      met:
        feed.complete === feed.subscribers &&
        feed.failed === 0 &&
        feed.decisionsPerSecond >= 0.95 * config.feedRate,
    },
  ].filter((row) => row !== undefined);
  const loadAtEnd = loadavg();
  console.log(
    `\nAPI bench summary (${((performance.now() - runStarted) / 1000).toFixed(0)} s; ` +
      `load average ${loadAtEnd.map((l) => l.toFixed(2)).join(' ')} on ${cpus().length} CPUs shared with other work)`,
  );
  console.table(
    summary.map((row) => ({ ...row, met: row.met === undefined ? '' : row.met ? 'pass' : 'MISS' })),
  );

  mkdirSync(join(__dirname, 'results'), { recursive: true });
  writeFileSync(
    RESULTS_FILE,
    JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        machine: {
          cpus: cpus().length,
          node: process.version,
          fastify: fastifyVersion,
          loadAverage: { atStart: loadAtStart, atEnd: loadAtEnd },
        },
        config,
        targets: TARGETS,
        fold,
        chain,
        decisions,
        scale,
        state,
        memory,
        stats,
        bulkExport,
        feed,
        summary,
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
