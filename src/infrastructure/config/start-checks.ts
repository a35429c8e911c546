import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { Ed25519Signer, SIGNING_KEY_FILE } from '../persistence/signing-key';
import type { Message } from '../../domain/shared/localized-text';
import { OperatorError } from '../operator-error';
import type { AppConfig } from './app-config';

/**
 * A start that cannot succeed, said in one line before the application is built (an operator
 * reads it in a journal: what is wrong and what to change), exit 1.
 */
export class StartRefusal extends OperatorError {
  override readonly name = 'StartRefusal';
  constructor(reason: Message) {
    super(
      typeof reason === 'string'
        ? `matchlog: not starting: ${reason}`
        : {
            en: `matchlog: not starting: ${reason.en}`,
            ru: `matchlog: не запускается: ${reason.ru}`,
          },
    );
  }
}

/**
 * Refuses a signing key the service could not sign with: MATCHLOG_SIGNING_KEY_FILE that cannot
 * be read or holds no Ed25519 key, or such a `signing-key.pem` in the data directory. A data
 * directory without a key passes: the service makes one at its first start.
 */
export function checkSigningKey(config: Pick<AppConfig, 'dataDir' | 'signingKeyFile'>): void {
  const configured = config.signingKeyFile !== undefined;
  const file = config.signingKeyFile ?? join(config.dataDir, SIGNING_KEY_FILE);
  const named = configured ? `MATCHLOG_SIGNING_KEY_FILE ${file}` : `the signing key ${file}`;
  const namedRu = configured ? `MATCHLOG_SIGNING_KEY_FILE ${file}` : `ключ подписи ${file}`;
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !configured) return;
    const why =
      code === 'ENOENT'
        ? { en: 'does not exist', ru: '— такого файла нет' }
        : code === 'EISDIR'
          ? { en: 'is a directory, not a key file', ru: '— это каталог, а не файл ключа' }
          : code === 'EACCES'
            ? {
                en: "cannot be read by the service's user (permission denied): chown it to that user, mode 600",
                ru: '— пользователю сервиса нельзя его читать (нет прав): сделайте владельцем этого пользователя, права 600',
              }
            : {
                en: `cannot be read (${(error as Error).message})`,
                ru: `— не удалось прочитать (${(error as Error).message})`,
              };
    throw new StartRefusal({ en: `${named} ${why.en}`, ru: `${namedRu} ${why.ru}` });
  }
  try {
    Ed25519Signer.fromPem(pem, named);
  } catch (error) {
    throw new StartRefusal({
      en: `${(error as Error).message}. Put back the key's PEM file (a backup keeps it as FILE.signing-key.pem)${configured ? '' : `, or move ${file} aside to make a new key (what the old one signed still verifies through GET /api/v1/keys)`}`,
      ru: `${namedRu} не годится как ключ подписи (${(error as Error).message}). Верните PEM-файл ключа (резервная копия хранит его как ФАЙЛ.signing-key.pem)${configured ? '' : `, или уберите ${file} в сторону, чтобы сервис создал новый ключ (подписанное старым по-прежнему проверяется через GET /api/v1/keys)`}`,
    });
  }
}

/**
 * Listens on the configured address for a moment and lets go, so that a port in use, a host
 * that is not this machine's or one that does not resolve stops the start in one line before
 * the application is built. What listens after may still fail (a race): `listenRefusal` says
 * that one the same way.
 */
export async function checkListenAddress(host: string, port: number): Promise<void> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) => reject(listenRefusal(error, host, port)));
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve()));
  });
}

/** A failure to listen (`error` of net's listen) as the one line that says what to change. */
export function listenRefusal(error: unknown, host: string, port: number): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'EADDRINUSE':
      return new StartRefusal({
        en: `port ${port} on ${host} is in use (another matchlog, or another program): stop it, or set PORT to a free port`,
        ru: `порт ${port} на ${host} занят (другим matchlog или другой программой): остановите её или задайте в PORT свободный порт`,
      });
    case 'EADDRNOTAVAIL':
      return new StartRefusal({
        en: `HOST ${host} is not an address of this machine: set HOST to one of its addresses, or 0.0.0.0 for all`,
        ru: `HOST ${host} — не адрес этой машины: задайте в HOST один из её адресов или 0.0.0.0 для всех`,
      });
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
      return new StartRefusal({
        en: `HOST ${host} does not resolve to an address (${code}): set HOST to an address of this machine, or 0.0.0.0 for all`,
        ru: `имя HOST ${host} не разрешается в адрес (${code}): задайте в HOST адрес этой машины или 0.0.0.0 для всех`,
      });
    case 'EACCES':
      return new StartRefusal({
        en: `listening on port ${port} needs privileges this user lacks: set PORT to 1024 or above (a reverse proxy can take 80 and 443)`,
        ru: `чтобы слушать порт ${port}, нужны права, которых у этого пользователя нет: задайте в PORT порт от 1024 (порты 80 и 443 может взять обратный прокси)`,
      });
    default:
      return error;
  }
}
