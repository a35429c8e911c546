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
  return {
    app,
    url: url.replace('[::1]', '127.0.0.1'),
    dataDir: dir,
    async close(options) {
      await app.close();
      if (!options?.keepData) rmSync(dir, { recursive: true, force: true });
    },
  };
}
