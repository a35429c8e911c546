/**
 * API bench part `stats`:
 * statistics queries over many finished matches.
 * Runs in `npm run bench:api` (BENCH_API_PARTS), or alone:
 * `node -r @swc-node/register bench/api/stats.bench.ts`.
 */
import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { JsonClient, percentile } from './http';
import { seedMatchesInThreads } from './match-seeder';
import type { Server } from './processes';
import { config, formatRate, log, inTempDir, TARGETS, formatMs } from './bench-config';
import { PROJECTOR_TIMEOUT_MS, startService, waitForProjector, profiled } from './service';
import { runAlone, type ApiBenchPart, type ApiResults, type SummaryRow } from './run-parts';

/** The statistics queries timed, one after another, each STATS_GETS times. */
const STATS_QUERIES = {
  'ruleset, no filter': '/api/v1/stats/rulesets/freeform',
  'ruleset, player filter': '/api/v1/stats/rulesets/freeform?player=player%20red',
  player: '/api/v1/stats/players/Player%20blue',
} as const;

export async function runStats() {
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

/** Prints this part's figures (with another part's, when both ran). */
export function reportStats({ stats }: ApiResults): void {
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
}

/** This part's rows of the run's summary table. */
export function summaryRowsStats({ stats }: ApiResults): (SummaryRow | undefined)[] {
  return [
    ...(stats?.rows ?? []).map((row) => ({
      figure: `GET stats (${row.query}) p99, ${formatRate(stats!.matches)} finished matches`,
      value: formatMs(row.p99),
      target: `< ${TARGETS.statsP99Ms} ms`,
      met: row.p99 < TARGETS.statsP99Ms,
    })),
  ];
}

export const statsPart: ApiBenchPart = {
  name: 'stats',
  run: async () => ({ stats: await runStats() }),
  report: reportStats,
  summarize: summaryRowsStats,
};

if (require.main === module) runAlone(statsPart);
