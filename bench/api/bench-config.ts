/** The API bench's sizes (from BENCH_* variables), its targets, and how it prints figures. */
import { tmpdir } from 'node:os';
import { inTempDir as inTempDirUnder } from './processes';

export const config = {
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
  /** The store the chain sweep runs over while decisions are sent (matches x events each). */
  sweepMatches: envInt('BENCH_SWEEP_MATCHES', 20_000),
  sweepEvents: envInt('BENCH_SWEEP_EVENTS', 50),
  /** Seconds of one decision load run beside the sweep, and after it. */
  sweepLoadSeconds: envInt('BENCH_SWEEP_LOAD_SECONDS', 2),
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
  /** Node flags for the service (e.g. `--max-semi-space-size=64`), beside the bench's own. */
  serviceNodeFlags: words(process.env.BENCH_SERVICE_NODE_FLAGS),
  /** Node flags for the baseline: the same build with other flags compares the flags. */
  baselineNodeFlags: words(process.env.BENCH_BASELINE_NODE_FLAGS),
};

export const TARGETS = {
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
const MIB = 1024 * 1024;

function envInt(name: string, fallback: number): number {
  const value = process.env[name];
  return value === undefined ? fallback : Number.parseInt(value, 10);
}

export const formatRate = (perSecond: number) => Math.round(perSecond).toLocaleString('en-US');
export const formatMs = (ms: number) => `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
export const formatMiB = (bytes: number) => `${(bytes / MIB).toFixed(0)} MiB`;
export const log = (message: string) =>
  console.log(`[api bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

/** A fresh temp directory for `work` in BENCH_DIR, removed afterwards whatever happens. */
export const inTempDir = <T>(work: (dir: string) => Promise<T>) => inTempDirUnder(config.dir, work);

function words(value: string | undefined): string[] {
  return (value ?? '').split(/\s+/).filter(Boolean);
}
