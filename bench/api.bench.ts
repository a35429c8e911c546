/**
 * API benchmark: `npm run bench:api` (and the second half of `npm run bench`). Prints tables and
 * a summary against the targets, writes bench/results/api.json. Each part is one file under
 * bench/api/ (`<part>.bench.ts`) that also runs alone; this file runs the parts BENCH_API_PARTS
 * names, in the order below.
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
import { chainPart } from './api/chain.bench';
import { decisionsPart } from './api/decisions.bench';
import { exportPart } from './api/export.bench';
import { feedPart } from './api/feed.bench';
import { foldPart } from './api/fold.bench';
import { memoryPart } from './api/memory.bench';
import { runApiBench } from './api/run-parts';
import { scalePart } from './api/scale.bench';
import { statePart } from './api/state.bench';
import { statsPart } from './api/stats.bench';

// Fold first, while this process's heap is clean.
const PARTS = [
  foldPart,
  chainPart,
  decisionsPart,
  scalePart,
  statePart,
  memoryPart,
  statsPart,
  exportPart,
  feedPart,
];

runApiBench(PARTS).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
