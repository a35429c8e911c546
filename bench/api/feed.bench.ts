/**
 * API bench part `feed`:
 * sSE readers of the feed while decisions are written at a fixed rate.
 * Runs in `npm run bench:api` (BENCH_API_PARTS), or alone:
 * `node -r @swc-node/register bench/api/feed.bench.ts`.
 */
import 'reflect-metadata';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { inParallel, JsonClient } from './http';
import { setUpMatches } from './decision-load';
import { DelayHistogram, FeedSubscriber } from './streams';
import { cpuSeconds, startProfile, type Server } from './processes';
import { areaId, DEFAULT_SIZE, pieceId, SEATS, seededRandom } from './scenario';
import { config, formatRate, log, inTempDir, TARGETS } from './bench-config';
import { ADMIN_TOKEN, startService } from './service';
import { runAlone, type ApiBenchPart, type ApiResults, type SummaryRow } from './run-parts';

/** N SSE readers of the feed while decisions are written at a fixed rate: commit→delivery delays. */
export async function runFeed() {
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

/** Prints this part's figures (with another part's, when both ran). */
export function reportFeed({ feed }: ApiResults): void {
  if (feed) {
    console.log(
      `\nFeed fan-out: ${formatRate(feed.subscribers)} SSE subscribers, ${formatRate(feed.decisions)} decisions ` +
        `(${formatRate(feed.decisionsPerSecond)}/s, ${feed.failed} failed), ${formatRate(feed.eventsWritten)} events, ` +
        `${formatRate(feed.deliveries)} deliveries: commit→delivery p50 ${feed.p50} ms, p99 ${feed.p99} ms (target ${TARGETS.feedP99Ms} ms), max ${feed.max} ms; ` +
        `${feed.complete} of ${feed.subscribers} got every event (fewest ${formatRate(feed.fewest)}), ${feed.cutOff} cut off; ` +
        `service CPU ${feed.serviceCpuSeconds.toFixed(1)} s, ${((1e6 * feed.serviceCpuSeconds) / Math.max(1, feed.deliveries)).toFixed(1)} µs per delivery; bench process CPU ${feed.benchCpuSeconds.toFixed(1)} s; entry ${config.serviceEntry}`,
    );
  }
}

/** This part's rows of the run's summary table. */
export function summaryRowsFeed({ feed }: ApiResults): (SummaryRow | undefined)[] {
  return [
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
  ];
}

export const feedPart: ApiBenchPart = {
  name: 'feed',
  run: async () => ({ feed: await runFeed() }),
  report: reportFeed,
  summarize: summaryRowsFeed,
};

if (require.main === module) runAlone(feedPart);
