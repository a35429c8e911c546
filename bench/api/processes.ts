import { type ChildProcess, type Serializable, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Child processes of the bench (the service and the bare Fastify baseline). Every child is
 * registered here and killed when the bench exits, however it exits (normal end, error,
 * Ctrl-C, SIGTERM): a bench must never leave a server behind.
 */

const ROOT = join(__dirname, '..', '..');
const children = new Set<ChildProcess>();
/** Temp directories to remove when the bench exits before its own cleanup ran. */
const tempDirs = new Set<string>();

function killAll(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  children.clear();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

/** Runs `work` in a fresh temp directory under `parent`, removed afterwards (even on Ctrl-C). */
export async function inTempDir<T>(parent: string, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(parent, 'matchlog-api-bench-'));
  tempDirs.add(dir);
  try {
    return await work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    tempDirs.delete(dir);
  }
}

process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    killAll();
    process.exit(130);
  });
}

export interface Server {
  name: string;
  pid: number;
  url: string;
  /** Everything the child wrote (kept for error reports). */
  output(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the child has exited. */
  stop(graceMs?: number): Promise<void>;
  /** The child process (for its IPC channel). */
  process: ChildProcess;
}

export interface StartOptions {
  name: string;
  /** Node flags, script and arguments. */
  args: string[];
  /** Loads TypeScript through `-r @swc-node/register` (default true). */
  typescript?: boolean;
  env: Record<string, string>;
  port: number;
  /** A GET path that answers once the server is ready. */
  readyPath: string;
  timeoutMs?: number;
  /** Opens an IPC channel to the child (the GC probe answers on it). */
  ipc?: boolean;
}

/** Starts `node [-r @swc-node/register] <args>` on 127.0.0.1:<port> and waits until it answers. */
export async function startServer(options: StartOptions): Promise<Server> {
  const child = spawn(
    process.execPath,
    [...(options.typescript === false ? [] : ['-r', '@swc-node/register']), ...options.args],
    {
      cwd: ROOT,
      env: { ...process.env, ...options.env, HOST: '127.0.0.1', PORT: String(options.port) },
      stdio: options.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
    },
  );
  children.add(child);
  // The last chunks only, kept cheaply: a service that logs every request writes thousands a
  // second into this process, which also drives the load.
  const chunks: Buffer[] = [];
  const keep = (chunk: Buffer) => {
    chunks.push(chunk);
    if (chunks.length > 64) chunks.splice(0, chunks.length - 64);
  };
  const output = () => Buffer.concat(chunks).toString().slice(-20_000);
  child.stdout?.on('data', keep);
  // BENCH_SERVICE_LOG=<path>: the whole stdout (the access log, with each request's own
  // durationMs) kept in <path>.<name>, to tell the service's time from the client's.
  if (process.env.BENCH_SERVICE_LOG)
    child.stdout?.pipe(createWriteStream(`${process.env.BENCH_SERVICE_LOG}.${options.name}`));
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => children.delete(child));

  const url = `http://127.0.0.1:${options.port}`;
  const server: Server = {
    name: options.name,
    pid: child.pid ?? -1,
    url,
    output,
    process: child,
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${options.name} exited during startup:\n${output()}`);
    }
    try {
      const response = await fetch(url + options.readyPath, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      if (response.ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.stop(1000);
      throw new Error(`${options.name} did not answer ${options.readyPath} in time:\n${output()}`);
    }
    await sleep(100);
  }
}

function statusBytes(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status);
  if (!match) throw new Error(`no ${field} for ${pid}`);
  return Number(match[1]) * 1024;
}

/** VmRSS of a process, in bytes (Linux /proc). */
export function residentBytes(pid: number): number {
  return statusBytes(pid, 'VmRSS');
}

/**
 * CPU seconds (user + system) a process has used so far (Linux /proc/<pid>/stat, in clock
 * ticks of 1/100 s). On a shared machine, CPU time per request moves far less with the load
 * of other work than requests per second do.
 */
export function cpuSeconds(pid: number): number {
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command name.
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}
const CLOCK_TICKS_PER_SECOND = 100;

/** VmHWM: the highest resident size the process has had, in bytes. */
export function peakResidentBytes(pid: number): number {
  return statusBytes(pid, 'VmHWM');
}

export interface GcReport {
  before: NodeJS.MemoryUsage;
  after: NodeJS.MemoryUsage;
}

/** Sends `message` to a child started with `probe.preload.ts` and `ipc`, and waits for its answer. */
function ask<T>(
  server: Server,
  message: unknown,
  replyType: string,
  timeoutMs = 30_000,
): Promise<T> {
  const child = server.process;
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`${server.name} did not answer ${replyType}`));
    }, timeoutMs);
    const onMessage = (answer: unknown) => {
      if ((answer as { type?: string })?.type !== replyType) return;
      done();
      resolve(answer as T);
    };
    child.on('message', onMessage);
    if (!child.send?.(message as Serializable)) {
      done();
      reject(new Error(`${server.name} has no IPC channel`));
    }
  });
}

/** A full GC in the child; process.memoryUsage() before and after. */
export function collectGarbage(server: Server): Promise<GcReport> {
  return ask<GcReport>(server, 'bench:gc', 'bench:gc');
}

/**
 * The service's event-loop delay and collector pauses since the last ask (probe.preload.js);
 * the first ask starts the watch and answers nothing yet.
 */
export interface LoopReport {
  delayMs: { p99: number; max: number };
  majorGc: GcPauses;
  minorGc: GcPauses;
}

interface GcPauses {
  count: number;
  totalMs: number;
  maxMs: number;
}

export function loopReport(server: Server): Promise<LoopReport> {
  return ask<LoopReport>(server, 'bench:loop', 'bench:loop');
}

/** Starts a CPU profile in the child; `stop()` writes it to `file`. */
export async function startProfile(server: Server): Promise<{ stop(file: string): Promise<void> }> {
  await ask(server, { type: 'bench:profile', action: 'start' }, 'bench:profile');
  return {
    async stop(file: string) {
      const answer = await ask<{ error?: string }>(
        server,
        { type: 'bench:profile', action: 'stop', file },
        'bench:profile',
      );
      if (answer.error) throw new Error(`profile of ${server.name}: ${answer.error}`);
    },
  };
}

/** A free loopback port: the OS picks one, we close it and use the number. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}
