/**
 * API bench part `export`:
 * the bulk export over HTTP, and decisions and /health/live beside concurrent exports.
 * Runs in `npm run bench:api` (BENCH_API_PARTS), or alone:
 * `node -r @swc-node/register bench/api/export.bench.ts`.
 */
import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { median } from './fold';
import { JsonClient, percentile } from './http';
import type { BenchMatch } from './decision-load';
import { seedMatchesInThreads } from './match-seeder';
import { Counter, readStreamsInThread, streamBody } from './streams';
import { loopReport, residentBytes, type Server } from './processes';
import { areaId, DEFAULT_SIZE, pieceId, SEATS } from './scenario';
import { config, formatRate, log, inTempDir, TARGETS, formatMs, formatMiB } from './bench-config';
import { startService, memoryAfterGc, waitForProjector, profiled } from './service';
import { runAlone, type ApiBenchPart, type ApiResults, type SummaryRow } from './run-parts';

/**
 * The bulk export of many finished public matches over HTTP: events/s and RSS growth, the
 * median and the largest growth of BENCH_EXPORT_REPS streams; with BENCH_BASELINE_ENTRY, the
 * baseline build streams the same store before each of this build's runs, so the load of the
 * shared machine moves both alike (a single pair of runs once read 1.3x, the next 0.7x).
 */
export async function runExport() {
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
    const thisBuild: ServiceBuild = {
      name: 'matchlog',
      entry: config.serviceEntry,
      nodeFlags: config.serviceNodeFlags,
    };
    const baselineBuild: ServiceBuild | undefined = config.baselineEntry
      ? { name: 'baseline', entry: config.baselineEntry, nodeFlags: config.baselineNodeFlags }
      : undefined;
    const ours: ExportRun[] = [];
    const base: ExportRun[] = [];
    for (let rep = 0; rep < config.exportReps; rep += 1) {
      const profile = rep === 0;
      if (baselineBuild) base.push(await exportOnce(dir, baselineBuild, profile, live));
      ours.push(await exportOnce(dir, thisBuild, profile, live));
    }
    return {
      ...summarizeExport(ours),
      beside: summarizeBeside(ours),
      baselineBeside: base.length > 0 ? summarizeBeside(base) : undefined,
      baseline: base.length > 0 ? summarizeExport(base) : undefined,
      ratios: base.map((run, i) => ours[i].eventsPerSecond / run.eventsPerSecond),
      // Pair by pair, this build's p99 ratio over the baseline's in the same minutes: the machine's
      // load moves a run's ratio for both builds alike (one build read 1.6x to 2.3x in one night).
      besideRatioOfRatios: base.map(
        (run, i) => ours[i].beside.decisionP99Ratio / run.beside.decisionP99Ratio,
      ),
      againRatios: base.map((run, i) => ours[i].againEventsPerSecond / run.againEventsPerSecond),
    };
  });
}

type ExportRun = Awaited<ReturnType<typeof exportOnce>>;

/** A build of the service the export runs on, and the node flags it runs with. */
interface ServiceBuild {
  name: string;
  entry: string;
  nodeFlags: string[];
}

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
  { name, entry, nodeFlags }: ServiceBuild,
  profiling: boolean,
  live: BenchMatch[],
) {
  const path = '/api/v1/export/matches?status=finished&with=events';
  let service: Server | undefined;
  try {
    service = await startService(dir, name, entry, {}, nodeFlags);
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
  /** Every latency, ascending: the runs' samples pooled give a p99 of a few thousand. */
  sorted: number[];
}

export function latencies(ms: number[], failed: number): Latencies {
  const sorted = [...ms].sort((a, b) => a - b);
  return {
    count: sorted.length,
    failed,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    sorted,
  };
}

/** The p99 of every run's samples together. */
function pooledP99(samples: Latencies[]): number {
  return percentile(
    samples.flatMap((latency) => latency.sorted).sort((a, b) => a - b),
    99,
  );
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
  await loopReport(service); // starts the watch: the figures below are of each phase alone
  const quiet = await decideAndProbe(service, live, sleep(config.exportQuietSeconds * 1000));
  const quietLoop = await loopReport(service);
  const started = performance.now();
  const exports = readStreamsInThread(
    service.url,
    path,
    config.exportConcurrent,
    '"eventId":"',
    600_000,
  ).then((reads) => reads.map(({ count, ...read }) => ({ ...read, events: count })));
  const loaded = await decideAndProbe(service, live, exports);
  const runs = await exports;
  const loadedLoop = await loopReport(service);
  const seconds = (performance.now() - started) / 1000;
  const events = runs.reduce((sum, run) => sum + run.events, 0);
  return {
    quiet: { ...quiet, loop: quietLoop },
    loaded: { ...loaded, loop: loadedLoop },
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
    pooledDecisionP99Ratio:
      pooledP99(beside.map((run) => run.loaded.decisions)) /
      pooledP99(beside.map((run) => run.quiet.decisions)),
    quietLiveP99: of((run) => run.quiet.live.p99),
    loadedLiveP50: of((run) => run.loaded.live.p50),
    loadedLiveP99: of((run) => run.loaded.live.p99),
    loadedLiveMax: of((run) => run.loaded.live.max),
    quietLoopDelayP99: of((run) => run.quiet.loop.delayMs.p99),
    loadedLoopDelayP99: of((run) => run.loaded.loop.delayMs.p99),
    loadedLoopDelayMax: of((run) => run.loaded.loop.delayMs.max),
    // The collector's major pauses per second of each phase, and their longest.
    quietMajorGcPerSecond: of((run) => run.quiet.loop.majorGc.count / config.exportQuietSeconds),
    loadedMajorGcPerSecond: of((run) => run.loaded.loop.majorGc.count / run.seconds),
    loadedMajorGcMaxMs: of((run) => run.loaded.loop.majorGc.maxMs),
    loadedGcShare: of(
      (run) =>
        (run.loaded.loop.majorGc.totalMs + run.loaded.loop.minorGc.totalMs) / (run.seconds * 1000),
    ),
    eventsPerSecond: of((run) => run.eventsPerSecond),
    runs: beside,
  };
}

/** Prints this part's figures (with another part's, when both ran). */
export function reportExport({ bulkExport }: ApiResults): void {
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
          `p99 ${formatMs(beside.quietDecisionP99)} alone, ${formatMs(beside.loadedDecisionP99)} beside, ${beside.decisionP99Ratio.toFixed(2)}x (target <= ${TARGETS.exportDecisionP99Ratio}x; every run's decisions pooled ${beside.pooledDecisionP99Ratio.toFixed(2)}x); ` +
          `/health/live p99 ${formatMs(beside.quietLiveP99)} alone, p50 ${formatMs(beside.loadedLiveP50)} and p99 ${formatMs(beside.loadedLiveP99)} beside (target < ${TARGETS.exportLiveP99Ms} ms), max ${formatMs(beside.loadedLiveMax)}; ` +
          `the service's event-loop delay p99 ${formatMs(beside.quietLoopDelayP99)} alone, ${formatMs(beside.loadedLoopDelayP99)} beside (max ${formatMs(beside.loadedLoopDelayMax)}); ` +
          `major collections ${beside.quietMajorGcPerSecond.toFixed(1)}/s alone, ${beside.loadedMajorGcPerSecond.toFixed(1)}/s beside (longest ${formatMs(beside.loadedMajorGcMaxMs)}), the collector ${(100 * beside.loadedGcShare).toFixed(1)}% of the time beside; ` +
          `the exports together ${formatRate(beside.eventsPerSecond)} events/s ` +
          `(run by run: ${beside.runs.map((run) => `${run.decisionP99Ratio.toFixed(2)}x, live p99 ${formatMs(run.loaded.live.p99)}, ${formatRate(run.eventsPerSecond)} events/s, ${run.loaded.decisions.count} decisions`).join('; ')})`,
      );
    }
    if (bulkExport.baseline)
      console.log(
        `bulk export: this build at ${(median(bulkExport.ratios) * 100).toFixed(1)}% of the baseline's events/s ` +
          `(median of the pairs; run by run: ${bulkExport.ratios.map((r) => `${(r * 100).toFixed(1)}%`).join(', ')})`,
      );
    if (bulkExport.besideRatioOfRatios.length > 0)
      console.log(
        `decision p99 ratio beside the exports: this build's over the baseline's ${median(bulkExport.besideRatioOfRatios).toFixed(2)} ` +
          `(median of the pairs; pair by pair: ${bulkExport.besideRatioOfRatios.map((r) => r.toFixed(2)).join(', ')})`,
      );
  }
}

/** This part's rows of the run's summary table. */
export function summaryRowsExport({ bulkExport }: ApiResults): (SummaryRow | undefined)[] {
  return [
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
      value: `${formatMs(bulkExport.beside.loadedDecisionP99)} vs ${formatMs(bulkExport.beside.quietDecisionP99)}: ${bulkExport.beside.decisionP99Ratio.toFixed(2)}x (pooled ${bulkExport.beside.pooledDecisionP99Ratio.toFixed(2)}x)`,
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
      value:
        `${bulkExport.baselineBeside.decisionP99Ratio.toFixed(2)}x; ${formatMs(bulkExport.baselineBeside.loadedLiveP99)}; ` +
        `this build's ratio over the baseline's, median of pairs ${median(bulkExport.besideRatioOfRatios).toFixed(2)}`,
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
  ];
}

export const exportPart: ApiBenchPart = {
  name: 'export',
  run: async () => ({ bulkExport: await runExport() }),
  report: reportExport,
  summarize: summaryRowsExport,
};

if (require.main === module) runAlone(exportPart);
