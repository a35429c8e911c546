/**
 * API bench part `memory`:
 * resident memory of the service after many matches were read over HTTP.
 * Runs in `npm run bench:api` (BENCH_API_PARTS), or alone:
 * `node -r @swc-node/register bench/api/memory.bench.ts`.
 */
import 'reflect-metadata';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { inParallel, JsonClient } from './http';
import { seedMatchesInThreads } from './match-seeder';
import { peakResidentBytes, startProfile, type Server } from './processes';
import { config, formatRate, log, inTempDir, TARGETS, formatMiB } from './bench-config';
import {
  ADMIN_TOKEN,
  startService,
  loaderOverheadBytes,
  memoryAfterGc,
  waitForProjector,
} from './service';
import { runAlone, type ApiBenchPart, type ApiResults, type SummaryRow } from './run-parts';

export async function runMemory() {
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

/** Prints this part's figures (with another part's, when both ran). */
export function reportMemory({ memory }: ApiResults): void {
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
}

/** This part's rows of the run's summary table. */
export function summaryRowsMemory({ memory }: ApiResults): (SummaryRow | undefined)[] {
  return [
    memory && {
      figure: `service RSS after GC, ${formatRate(memory.matches)} matches read`,
      value: formatMiB(memory.afterReads.rssAfterGc),
      target: `< ${formatMiB(TARGETS.rssBytes)}`,
      met: memory.afterReads.rssAfterGc < TARGETS.rssBytes && memory.failedReads === 0,
    },
  ];
}

export const memoryPart: ApiBenchPart = {
  name: 'memory',
  run: async () => ({ memory: await runMemory() }),
  report: reportMemory,
  summarize: summaryRowsMemory,
};

if (require.main === module) runAlone(memoryPart);
