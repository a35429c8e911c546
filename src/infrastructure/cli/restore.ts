import { resolve } from 'node:path';
import { loadConfig } from '../config/app-config';
import { keyBackupOf, restoreKeyFile } from './key-file';
import { Progress } from './progress';
import { checkDataDirectory, restoreStore, StoreFileError } from './store-file';
import type { LocalizedText } from '../../domain/shared/localized-text';
import { parseVerbArgs, UsageError } from './usage-error';

export const RESTORE_USAGE: LocalizedText = {
  en: `Usage: matchlog restore FILE   (npm run restore -- FILE; stop the service first)

Replaces the embedded (SQLite) store of MATCHLOG_DATA_DIR with the backup FILE, once every hash
chain in it has verified; the store it replaces is kept beside it as matchlog.db.replaced-<time>.
The signing key saved beside the backup (FILE.signing-key.pem) is put into the data directory
unless it has one; when neither has a key, it says so: the service will then make a new one
(what was signed before still verifies against GET /api/v1/keys).

Exit status: 0 restored, 1 refused (what was wrong is printed; nothing replaced), 2 usage error.`,
  ru: `Использование: matchlog restore ФАЙЛ   (npm run restore -- ФАЙЛ; сначала остановите сервис)

Заменяет встроенное хранилище (SQLite) каталога MATCHLOG_DATA_DIR резервной копией ФАЙЛ,
когда каждая цепочка хешей в ней прошла проверку; заменённое хранилище остаётся рядом как
matchlog.db.replaced-<время>. Ключ подписи, сохранённый рядом с резервной копией
(ФАЙЛ.signing-key.pem), кладётся в каталог данных, если там своего нет; если ключа нет ни там,
ни там, об этом сообщается: сервис тогда создаст новый (подписанное раньше по-прежнему
проверяется по GET /api/v1/keys).

Код выхода: 0 — восстановлено, 1 — отказ (напечатано, что не так; ничего не заменено),
2 — ошибка в аргументах.`,
};

/** `matchlog restore FILE` (see RESTORE_USAGE). */
export async function restore(args: string[]): Promise<number> {
  const { positionals } = parseVerbArgs(args, {}, RESTORE_USAGE);
  if (positionals.length !== 1)
    throw new UsageError(
      positionals.length === 0
        ? { en: 'which file? matchlog restore FILE', ru: 'какой файл? matchlog restore ФАЙЛ' }
        : { en: 'one backup file at a time', ru: 'нужен ровно один файл резервной копии' },
      RESTORE_USAGE,
    );
  const file = resolve(positionals[0]);
  const config = loadConfig();
  checkDataDirectory(config.dataDir);
  if (config.eventStoreUrl)
    throw new StoreFileError(
      'EVENTSTORE_URL is set: the events live in EventStoreDB; restore them with its own tools.',
    );
  console.log(
    'Restoring: the service must be stopped; every chain is checked before anything is replaced.',
  );
  const progress = new Progress('Checking chains', 'events', 0);
  const result = restoreStore(file, config.dataDir, new Date(), (done, total) =>
    progress.update(done, total),
  );
  progress.finish(result.events);
  console.log(
    `Restored ${result.events} events in ${result.streams} streams, every chain verified.` +
      (result.replaced ? ` The store it replaced is kept as ${result.replaced}.` : ''),
  );
  if (config.signingKeyFile) return 0;
  const key = restoreKeyFile(file, config.dataDir);
  if (key.outcome === 'restored') console.log(`Restored the signing key into ${key.path}.`);
  else if (key.outcome === 'kept' && key.backupKeyDiffers)
    console.warn(
      `warning: kept the data directory's own signing key ${key.path}, not the backup's ${keyBackupOf(file)}: the service signs on with it (GET /api/v1/keys lists both).`,
    );
  else if (key.outcome === 'missing')
    console.warn(
      `warning: the data directory has no signing key and none is beside the backup (${keyBackupOf(file)}): the service will make a new one at its start. What was signed before still verifies against GET /api/v1/keys; to sign with the old key, put it at ${key.path} first.`,
    );
  return 0;
}
