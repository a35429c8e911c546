/**
 * The service under test, as every API bench part starts and watches it: a child process on the
 * embedded SQLite store, its memory, its projector's progress, CPU profiles when asked.
 */
import { E2E_RATE_LIMITS } from '../../test/support/test-app';
import { MATCH_STREAM_PREFIX } from '../../src/domain/match/match-events';
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  collectGarbage,
  freePort,
  residentBytes,
  startProfile,
  startServer,
  type Server,
} from './processes';
import { config, log } from './bench-config';

export const ADMIN_TOKEN = 'bench-admin-token-0123456789abcdef';
/** How long the bench waits for the projector to catch up (and build snapshots) at most. */
export const PROJECTOR_TIMEOUT_MS = 180_000;

/**
 * The real service, `node -r @swc-node/register src/main.ts` (or BENCH_SERVICE_ENTRY, e.g.
 * dist/main.js after `npm run build`), with the probe preloaded and an IPC channel to it.
 */
export async function startService(
  dataDir: string,
  name = 'matchlog',
  entry = config.serviceEntry,
  extraEnv: Record<string, string> = {},
  nodeFlags: string[] = config.serviceNodeFlags,
): Promise<Server> {
  const typescript = entry.endsWith('.ts');
  return startServer({
    name,
    typescript,
    args: [...nodeFlags, '--expose-gc', '-r', './bench/api/probe.preload.js', entry],
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
export function loaderOverheadBytes(): number {
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
        { cwd: join(__dirname, '..', '..'), encoding: 'utf8' },
      ),
    );
  const plain = probe([]);
  const withSwc = probe(['-r', '@swc-node/register', '-r', './bench/api/scenario.ts']);
  return withSwc - plain;
}

/** Resident size after a full GC in the child, and the V8 heap in use then. */
export async function memoryAfterGc(server: Server) {
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

interface ProjectorProgress {
  head: number;
  checkpoint: number;
  snapshots: number;
}

function projectorProgress(db: Database.Database): ProjectorProgress {
  // The head of the match streams the projector follows (the transparency log's leaves, after
  // the last match event, are not its to project).
  const head = Number(
    db
      .prepare('SELECT coalesce(max(position), 0) FROM events WHERE stream LIKE ?')
      .pluck()
      .get(`${MATCH_STREAM_PREFIX}%`),
  );
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
export async function waitForProjector(dataDir: string, expectedSnapshots: number) {
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

/** When BENCH_PROFILE_DIR is set: `work` once more under the CPU profiler (not counted). */
export async function profiled(server: Server, name: string, work: () => Promise<unknown>) {
  if (!config.profileDir) return undefined;
  const file = join(config.profileDir, `${name}.cpuprofile`);
  log(`profiling ${server.name} into ${file}`);
  const profiler = await startProfile(server);
  await work();
  await profiler.stop(file);
  return file;
}
