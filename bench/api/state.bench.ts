/**
 * API bench part `state`:
 * gET state?at=N on a long match, with and without snapshots, and by an audited admin.
 * Runs in `npm run bench:api` (BENCH_API_PARTS), or alone:
 * `node -r @swc-node/register bench/api/state.bench.ts`.
 */
import 'reflect-metadata';
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { JsonClient, percentile } from './http';
import { MatchSeeder } from './match-seeder';
import type { Server } from './processes';
import { seededRandom } from './scenario';
import { config, formatRate, log, inTempDir, TARGETS, formatMs } from './bench-config';
import { ADMIN_TOKEN, startService, waitForProjector, profiled } from './service';
import { runAlone, type ApiBenchPart, type ApiResults, type SummaryRow } from './run-parts';

/** GET state?at=N by the admin, each one a durable audit append: a second, shorter series. */
const AUDITED_STATE_GETS = 200;

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

export async function runState() {
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
      cwd: join(__dirname, '..', '..'),
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

/** Prints this part's figures (with another part's, when both ran). */
export function reportState({ state }: ApiResults): void {
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
}

/** This part's rows of the run's summary table. */
export function summaryRowsState({ state }: ApiResults): (SummaryRow | undefined)[] {
  return [
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
  ];
}

export const statePart: ApiBenchPart = {
  name: 'state',
  run: async () => ({ state: await runState() }),
  report: reportState,
  summarize: summaryRowsState,
};

if (require.main === module) runAlone(statePart);
