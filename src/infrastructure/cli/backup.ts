import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config/app-config';
import { Progress } from './progress';
import { backupStore, StoreFileError } from './store-file';

/**
 * `npm run backup -- FILE`: a consistent copy of the embedded store (events, read models,
 * dice seeds, token hashes) into FILE, taken while the service runs. The signing key
 * (`signing-key.pem`) is a separate file: keep it apart, as a secret.
 */
async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file || process.argv.length > 3) {
    console.error('Usage: npm run backup -- FILE   (FILE must not exist)');
    process.exit(2);
  }
  const config = loadConfig();
  if (config.eventStoreUrl)
    throw new StoreFileError(
      'EVENTSTORE_URL is set: the events live in EventStoreDB; back them up with its own backup tools.',
    );
  const progress = new Progress('Backing up', 'pages', 0);
  const result = await backupStore(config.dataDir, resolve(file), (done, total) =>
    progress.update(done, total),
  );
  progress.finish(result.pages);
  console.log(`Backed up ${result.events} events (${result.pages} pages) into ${resolve(file)}`);
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError || error instanceof StoreFileError ? error.message : error,
  );
  process.exit(1);
});
