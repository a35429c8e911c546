import { LogIntegrityError } from './application/transparency/transparency-log';
import { createApp } from './infrastructure/app.factory';
import { langOfEnvironment } from './infrastructure/cli/cli-language';
import { checkDataDirectory, checkStoreBeforeStart } from './infrastructure/cli/store-file';
import { loadConfig } from './infrastructure/config/app-config';
import {
  checkListenAddress,
  checkSigningKey,
  listenRefusal,
  StartRefusal,
} from './infrastructure/config/start-checks';
import { tuneHeapGrowth } from './infrastructure/heap-growth';
import { OperatorError } from './infrastructure/operator-error';
import { holdServiceLock } from './infrastructure/persistence/service-lock';

/** How long a shutdown may take before the process exits anyway. */
const SHUTDOWN_BOUND_MS = 10_000;

async function main(): Promise<void> {
  // Streamed exports allocate Buffers fast: fewer full collections hold the loop (issue 42).
  tuneHeapGrowth();
  const config = loadConfig();
  checkDataDirectory(config.dataDir);
  // The offline tools (rebuild, restore) refuse to run under a live service.
  const releaseLock = holdServiceLock(config.dataDir);
  process.once('exit', releaseLock);
  // A damaged SQLite file is never served: its header and SQLite's quick_check first.
  checkStoreBeforeStart(config.dataDir, Boolean(config.eventStoreUrl));
  checkSigningKey(config);
  await checkListenAddress(config.host, config.port);
  const app = await createApp(config);
  // SIGTERM / SIGINT: stop accepting, let the requests in flight finish (their decisions are
  // committed before they are answered), end live streams, close the stores, exit 0.
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.once(signal, () => {
      app
        .getHttpAdapter()
        .getInstance()
        .log.info(
          { signal },
          `${signal}: stopping (no new connections; requests in flight finish, within ${SHUTDOWN_BOUND_MS} ms)`,
        );
      setTimeout(() => {
        console.error(`matchlog: not stopped ${SHUTDOWN_BOUND_MS} ms after ${signal}; exiting`);
        process.exit(1);
      }, SHUTDOWN_BOUND_MS).unref();
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  try {
    await app.listen(config.port, config.host);
  } catch (error) {
    await app.close();
    throw listenRefusal(error, config.host, config.port);
  }
  // Fastify's logger has said where it listens.
}

main().catch((caught: unknown) => {
  // The transparency log's stored tree checked at start: said like the other refusals.
  const error = caught instanceof LogIntegrityError ? new StartRefusal(caught.message) : caught;
  // A refusal is one line, in the locale's language (LANG=ru_RU.UTF-8: Russian), as the CLI's.
  console.error(error instanceof OperatorError ? error.in(langOfEnvironment(process.env)) : error);
  process.exit(1);
});
