import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { loadConfig } from '../config/app-config';
import { SIGNING_KEY_FILE } from '../persistence/signing-key';
import { backupKeyFile, checkKeyForBackup } from './key-file';
import { Progress } from './progress';
import { backupStore, checkDataDirectory, StoreFileError } from './store-file';
import { ruCount, type LocalizedText } from '../../domain/shared/localized-text';
import type { CliLang } from './cli-language';
import { parseVerbArgs, UsageError } from './usage-error';

export const BACKUP_USAGE: LocalizedText = {
  en: `Usage: matchlog backup [--without-key] FILE   (npm run backup -- FILE)

A consistent copy of the embedded (SQLite) store of MATCHLOG_DATA_DIR into FILE, taken while
the service runs: events, read models, dice seeds, token hashes and the public part of every
signing key used. The private signing key (signing-key.pem, or MATCHLOG_SIGNING_KEY_FILE) is
copied beside it as FILE.signing-key.pem (mode 600): keep both, as secrets. FILE must not
exist, nor its key file.

  --without-key  back up the store alone: the restored service then signs with a new key
                 (what was signed before still verifies against GET /api/v1/keys).

Exit status: 0 backed up, 1 refused (what was wrong is printed), 2 usage error.`,
  ru: `Использование: matchlog backup [--without-key] ФАЙЛ   (npm run backup -- ФАЙЛ)

Согласованная копия встроенного хранилища (SQLite) каталога MATCHLOG_DATA_DIR в ФАЙЛ,
снятая, пока сервис работает: события, модели чтения, зёрна костей, хеши токенов и открытая
часть каждого использованного ключа подписи. Закрытый ключ подписи (signing-key.pem или
MATCHLOG_SIGNING_KEY_FILE) копируется рядом как ФАЙЛ.signing-key.pem (права 600): храните
оба как секреты. Ни ФАЙЛ, ни его файл ключа не должны существовать.

  --without-key  скопировать только хранилище: восстановленный сервис будет подписывать
                 новым ключом (подписанное раньше по-прежнему проверяется по GET /api/v1/keys).

Код выхода: 0 — резервная копия сделана, 1 — отказ (напечатано, что не так), 2 — ошибка
в аргументах.`,
};

/** `matchlog backup FILE` (see BACKUP_USAGE). */
export async function backup(args: string[], lang: CliLang = 'en'): Promise<number> {
  const { values, positionals } = parseVerbArgs(
    args,
    { 'without-key': { type: 'boolean' } },
    BACKUP_USAGE,
  );
  if (positionals.length !== 1)
    throw new UsageError(
      positionals.length === 0
        ? { en: 'which file? matchlog backup FILE', ru: 'какой файл? matchlog backup ФАЙЛ' }
        : { en: 'one backup file at a time', ru: 'нужен ровно один файл резервной копии' },
      BACKUP_USAGE,
    );
  const file = resolve(positionals[0]);
  const config = loadConfig();
  checkDataDirectory(config.dataDir);
  if (config.eventStoreUrl)
    throw new StoreFileError({
      en: 'EVENTSTORE_URL is set: the events live in EventStoreDB; back them up with its own backup tools.',
      ru: 'Задан EVENTSTORE_URL: события хранятся в EventStoreDB; делайте их резервные копии её собственными средствами.',
    });
  const folder = dirname(file);
  if (!existsSync(folder) || !statSync(folder).isDirectory())
    throw new StoreFileError({
      en: `There is no directory ${folder} to back up into: make it first`,
      ru: `Каталога ${folder} для резервной копии нет: сначала создайте его`,
    });
  const keyFile = config.signingKeyFile ?? join(config.dataDir, SIGNING_KEY_FILE);
  const withKey = values['without-key'] !== true;
  // Checked before the store is copied: a refused backup leaves nothing behind.
  if (withKey) checkKeyForBackup(keyFile, file);
  const progress = new Progress(
    { en: 'Backing up', ru: 'Резервное копирование' },
    { en: 'pages', ru: 'страниц' },
    0,
    lang,
  );
  const result = await backupStore(config.dataDir, file, (done, total) =>
    progress.update(done, total),
  );
  progress.finish(result.pages);
  const say = (text: LocalizedText) => console.log(text[lang]);
  say({
    en: `Backed up ${result.events} events (${result.pages} pages) into ${file}`,
    ru: `Резервная копия: ${ruCount(result.events, 'событие', 'события', 'событий')} (${ruCount(result.pages, 'страница', 'страницы', 'страниц')}) в ${file}`,
  });
  if (withKey) {
    const keyCopy = backupKeyFile(keyFile, file);
    say({
      en: `The signing key is copied beside it: ${keyCopy}`,
      ru: `Ключ подписи скопирован рядом с ней: ${keyCopy}`,
    });
  } else
    say({
      en: 'The signing key is not in this backup (--without-key).',
      ru: 'Ключа подписи в этой резервной копии нет (--without-key).',
    });
  return 0;
}
