import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { E2E_RATE_LIMITS, TEST_ADMIN_TOKEN } from './test-app';

const ROOT = join(__dirname, '..', '..');

export interface ServiceProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  url: string;
  /** What it has written to standard output so far (its log lines). */
  stdout(): string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after a while; resolves once it has exited. */
  stop(): Promise<void>;
}

/** Every service process started and not yet exited, in this test file. */
const running = new Set<ChildProcess>();

// A test that failed or timed out before its own stop() (a start expected to fail that did
// not, an `await` that never resolved) must not leave the service running: its process and
// pipes would keep Jest (in band on a 2-core CI machine) from ever exiting after the run.
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The service as an operator runs it (`src/main.ts` in a process of its own, on a loopback
 * port), with the test admin token; resolves once it answers /health. `listen` sets HOST and
 * PORT instead (a start that must fail on them).
 */
export async function startServiceProcess(
  env: Record<string, string>,
  listen: { host?: string; port?: number } = {},
): Promise<ServiceProcess> {
  const port = listen.port ?? (await freePort());
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...E2E_RATE_LIMITS,
      MATCHLOG_ADMIN_TOKEN: TEST_ADMIN_TOKEN,
      MATCHLOG_LOG_LEVEL: 'warn',
      EVENTSTORE_URL: '',
      // Its refusals in English unless a test asks for a language: they follow the locale.
      LC_ALL: '',
      LC_MESSAGES: '',
      LANG: 'C.UTF-8',
      ...env,
      HOST: listen.host ?? '127.0.0.1',
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    if (stdout.length < 4 * 1024 * 1024) stdout += chunk.toString('utf8');
  });
  // Passed on as it comes, and kept: a service that exits at start says why in the error.
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    if (stderr.length < 64 * 1024) stderr += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const closed = new Promise((resolve) => child.once('close', resolve));
  const url = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) {
      await closed;
      throw new Error(`the service exited with ${child.exitCode}; its standard error:\n${stderr}`);
    }
    if (
      await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, url, stdout: () => stdout, exited, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the service did not start within 60 s');
}
