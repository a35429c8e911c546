/**
 * API bench part `scale`:
 * decisions per second as the number of live matches grows, and RSS per hot match.
 * Runs in `npm run bench:api` (BENCH_API_PARTS), or alone:
 * `node -r @swc-node/register bench/api/scale.bench.ts`.
 */
import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { median } from './fold';
import { load, loadServer, type BenchMatch, type LoadRun } from './decision-load';
import { seedMatchesInThreads } from './match-seeder';
import type { Server } from './processes';
import { config, formatRate, log, inTempDir, TARGETS, formatMs, formatMiB } from './bench-config';
import { startService, memoryAfterGc, waitForProjector, profiled } from './service';
import { runAlone, type ApiBenchPart, type ApiResults, type SummaryRow } from './run-parts';

export async function runScale() {
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

/** Prints this part's figures (with another part's, when both ran). */
export function reportScale({ scale }: ApiResults): void {
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
}

/** This part's rows of the run's summary table. */
export function summaryRowsScale({ scale }: ApiResults): (SummaryRow | undefined)[] {
  return [
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
  ];
}

export const scalePart: ApiBenchPart = {
  name: 'scale',
  run: async () => ({ scale: await runScale() }),
  report: reportScale,
  summarize: summaryRowsScale,
};

if (require.main === module) runAlone(scalePart);
