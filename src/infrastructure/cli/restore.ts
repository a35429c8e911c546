import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config/app-config';
import { ServiceRunningError } from '../persistence/service-lock';
import { Progress } from './progress';
import { restoreStore, StoreFileError } from './store-file';

/**
 * `npm run restore -- FILE`: replaces the embedded store with a backup, once every hash chain
 * in it has verified. Refuses while the service runs on the data directory; the store it
 * replaces is kept beside it.
 */
function main(): void {
  const file = process.argv[2];
  if (!file || process.argv.length > 3) {
    console.error('Usage: npm run restore -- FILE   (stop the service first)');
    process.exit(2);
  }
  const config = loadConfig();
  if (config.eventStoreUrl)
    throw new StoreFileError(
      'EVENTSTORE_URL is set: the events live in EventStoreDB; restore them with its own tools.',
    );
  console.log(
    'Restoring: the service must be stopped; every chain is checked before anything is replaced.',
  );
  const progress = new Progress('Checking chains', 'events', 0);
  const result = restoreStore(resolve(file), config.dataDir, new Date(), (done, total) =>
    progress.update(done, total),
  );
  progress.finish(result.events);
  console.log(
    `Restored ${result.events} events in ${result.streams} streams, every chain verified.` +
      (result.replaced ? ` The store it replaced is kept as ${result.replaced}.` : ''),
  );
}

try {
  main();
} catch (error) {
  const refusal =
    error instanceof ConfigError ||
    error instanceof StoreFileError ||
    error instanceof ServiceRunningError;
  console.error(refusal ? error.message : error);
  process.exit(1);
}
