import { resolve } from 'node:path';
import { loadConfig } from '../config/app-config';
import { keyBackupOf, restoreKeyFile } from './key-file';
import { Progress } from './progress';
import { checkDataDirectory, restoreStore, StoreFileError } from './store-file';
import { ruCount, type LocalizedText } from '../../domain/shared/localized-text';
import type { CliLang } from './cli-language';
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
export async function restore(args: string[], lang: CliLang = 'en'): Promise<number> {
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
    throw new StoreFileError({
      en: 'EVENTSTORE_URL is set: the events live in EventStoreDB; restore them with its own tools.',
      ru: 'Задан EVENTSTORE_URL: события хранятся в EventStoreDB; восстанавливайте их её собственными средствами.',
    });
  const say = (text: LocalizedText) => console.log(text[lang]);
  const warn = (text: LocalizedText) =>
    console.warn(`${lang === 'ru' ? 'предупреждение' : 'warning'}: ${text[lang]}`);
  say({
    en: 'Restoring: the service must be stopped; every chain is checked before anything is replaced.',
    ru: 'Восстановление: сервис должен быть остановлен; каждая цепочка проверяется до того, как что-либо будет заменено.',
  });
  const progress = new Progress(
    { en: 'Checking chains', ru: 'Проверка цепочек' },
    { en: 'events', ru: 'событий' },
    0,
    lang,
  );
  const result = restoreStore(file, config.dataDir, new Date(), (done, total) =>
    progress.update(done, total),
  );
  progress.finish(result.events);
  say({
    en:
      `Restored ${result.events} events in ${result.streams} streams, every chain verified.` +
      (result.replaced ? ` The store it replaced is kept as ${result.replaced}.` : ''),
    ru:
      `Восстановлено: ${ruCount(result.events, 'событие', 'события', 'событий')} в ${ruCount(result.streams, 'потоке', 'потоках', 'потоках')}, каждая цепочка проверена.` +
      (result.replaced ? ` Заменённое хранилище сохранено как ${result.replaced}.` : ''),
  });
  if (config.signingKeyFile) return 0;
  const key = restoreKeyFile(file, config.dataDir);
  if (key.outcome === 'restored')
    say({
      en: `Restored the signing key into ${key.path}.`,
      ru: `Ключ подписи восстановлен в ${key.path}.`,
    });
  else if (key.outcome === 'kept' && key.backupKeyDiffers)
    warn({
      en: `kept the data directory's own signing key ${key.path}, not the backup's ${keyBackupOf(file)}: the service signs on with it (GET /api/v1/keys lists both).`,
      ru: `оставлен собственный ключ подписи каталога данных ${key.path}, а не ключ резервной копии ${keyBackupOf(file)}: сервис продолжит подписывать им (GET /api/v1/keys перечисляет оба).`,
    });
  else if (key.outcome === 'missing')
    warn({
      en: `the data directory has no signing key and none is beside the backup (${keyBackupOf(file)}): the service will make a new one at its start. What was signed before still verifies against GET /api/v1/keys; to sign with the old key, put it at ${key.path} first.`,
      ru: `ключа подписи нет ни в каталоге данных, ни рядом с резервной копией (${keyBackupOf(file)}): сервис создаст новый при запуске. Подписанное раньше по-прежнему проверяется по GET /api/v1/keys; чтобы подписывать старым ключом, сначала положите его в ${key.path}.`,
    });
  return 0;
}
