import { chmodSync, constants, copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ed25519Signer, SIGNING_KEY_FILE } from '../persistence/signing-key';
import { NEVER_OVERWRITES, StoreFileError } from './store-file';

/** Where a backup keeps the signing key: beside it, `<backup>.signing-key.pem`. */
export function keyBackupOf(backupFile: string): string {
  return `${backupFile}.${SIGNING_KEY_FILE}`;
}

/**
 * Copies the private signing key beside the backup (mode 0600, never over a file), after
 * checking it is a readable Ed25519 key: a backup restored without its key signs with a new
 * one. Returns the copy's path.
 */
export function backupKeyFile(keyFile: string, backupFile: string): string {
  const target = checkKeyForBackup(keyFile, backupFile);
  copyPrivately(keyFile, target);
  return target;
}

/** What backupKeyFile checks, done before the store is copied: returns the key copy's path. */
export function checkKeyForBackup(keyFile: string, backupFile: string): string {
  if (!existsSync(keyFile))
    throw new StoreFileError({
      en: `There is no signing key at ${keyFile}: a backup holds it so that the restored service signs as before. Give --without-key to back up the store alone (the public keys stay in it, so what was signed still verifies).`,
      ru: `Ключа подписи ${keyFile} нет, а резервная копия хранит его, чтобы восстановленный сервис подписывал как прежде. Укажите --without-key, чтобы скопировать только хранилище (открытые ключи остаются в нём, так что подписанное по-прежнему проверяется).`,
    });
  const target = keyBackupOf(backupFile);
  if (existsSync(target)) throw new StoreFileError(NEVER_OVERWRITES(target));
  try {
    Ed25519Signer.fromPem(readFileSync(keyFile, 'utf8'), keyFile);
  } catch (error) {
    const { message } = error as Error;
    throw new StoreFileError({
      en: message,
      ru: `${keyFile} не годится как ключ подписи (${message})`,
    });
  }
  return target;
}

export type KeyRestored =
  | { outcome: 'restored'; path: string }
  | { outcome: 'kept'; path: string; backupKeyDiffers: boolean }
  | { outcome: 'missing'; path: string };

/**
 * Puts the backup's signing key into the data directory unless one is there (the data
 * directory's own key is never replaced). `missing`: neither has one, so the service will
 * make a new key at its start.
 */
export function restoreKeyFile(backupFile: string, dataDir: string): KeyRestored {
  const path = join(dataDir, SIGNING_KEY_FILE);
  const saved = keyBackupOf(backupFile);
  if (existsSync(path)) {
    const differs = existsSync(saved) && !readFileSync(saved).equals(readFileSync(path));
    return { outcome: 'kept', path, backupKeyDiffers: differs };
  }
  if (!existsSync(saved)) return { outcome: 'missing', path };
  copyPrivately(saved, path);
  return { outcome: 'restored', path };
}

/** A private key's copy is readable by its owner only, whatever the source's mode. */
function copyPrivately(from: string, to: string): void {
  copyFileSync(from, to, constants.COPYFILE_EXCL);
  chmodSync(to, 0o600);
}
