import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp, type CreateAppOptions } from '../../src/infrastructure/app.factory';
import { loadConfig } from '../../src/infrastructure/config/app-config';

export const TEST_ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef';

/** Limits high enough for a whole suite (or a benchmark) from one address, yet on. */
export const E2E_RATE_LIMITS = {
  MATCHLOG_RATE_LIMIT_PER_ADDRESS: '100000000',
  MATCHLOG_RATE_LIMIT_PER_TOKEN: '100000000',
  MATCHLOG_AUTH_FAILURES_PER_ADDRESS: '100000',
  MATCHLOG_AUTH_FAILURES_PER_TOKEN: '100000',
  MATCHLOG_MATCHES_PER_ORGANIZER_HOUR: '100000',
};

export interface TestApp {
  app: NestFastifyApplication;
  /** http://127.0.0.1:<port> */
  url: string;
  dataDir: string;
  /** Closes the app; removes the data dir unless `keepData`. */
  close(options?: { keepData?: boolean }): Promise<void>;
}

/** The real service, in-process, on a loopback port and a fresh data dir. */
export async function startTestApp(
  env: Record<string, string> = {},
  dataDir?: string,
  options: CreateAppOptions = {},
): Promise<TestApp> {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'matchlog-e2e-'));
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    MATCHLOG_DATA_DIR: dir,
    MATCHLOG_ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    // Rate limiting stays on, with room for a suite's many requests from one address.
    ...E2E_RATE_LIMITS,
    // Suites read answers, not log lines; the logging spec turns it on.
    MATCHLOG_LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await createApp(config, options);
  await app.listen(config.port, config.host);
  const url = await app.getUrl();
  const connections = openConnections(app);
  return {
    app,
    url: url.replace('[::1]', '127.0.0.1'),
    dataDir: dir,
    async close(options) {
      await closeSayingWhatItWaitsOn(app, connections);
      if (!options?.keepData) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** How long a close may take before the suite is told what it still waits on. */
const SLOW_CLOSE_MS = 10_000;

/**
 * Closes the app; one that has not closed after SLOW_CLOSE_MS says on stderr what it still
 * holds (each open connection: the request on it, or the bytes it has sent; the process's
 * active handles), so a close that hangs in CI names its cause instead of only timing out.
 */
async function closeSayingWhatItWaitsOn(
  app: NestFastifyApplication,
  connections: OpenConnections,
): Promise<void> {
  const started = Date.now();
  const watch = setTimeout(() => {
    process.stderr.write(
      `test app: still closing after ${Date.now() - started} ms: server listening ` +
        `${app.getHttpServer().listening}; ${connections.describe()}; active resources ` +
        `${process.getActiveResourcesInfo().join(', ')}\n`,
    );
  }, SLOW_CLOSE_MS);
  watch.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(watch);
  }
}

interface OpenConnections {
  /** Each open connection: the request it carries now, or how many bytes it has sent. */
  describe(): string;
}

/** Follows the app's connections and the request each carries, for a slow close to name. */
function openConnections(app: NestFastifyApplication): OpenConnections {
  const requestOn = new Map<Socket, string | undefined>();
  const server = app.getHttpServer();
  server.on('connection', (socket: Socket) => {
    requestOn.set(socket, undefined);
    socket.once('close', () => requestOn.delete(socket));
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    requestOn.set(request.socket, `${request.method} ${request.url}`);
    response.once('close', () => {
      if (requestOn.has(request.socket)) requestOn.set(request.socket, undefined);
    });
  });
  return {
    describe: () =>
      `${requestOn.size} connections open` +
      [...requestOn]
        .map(([socket, request]) => `, ${request ?? `no request (${socket.bytesRead} bytes in)`}`)
        .join(''),
  };
}
