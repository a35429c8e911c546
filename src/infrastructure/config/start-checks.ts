import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { Ed25519Signer, SIGNING_KEY_FILE } from '../persistence/signing-key';
import type { AppConfig } from './app-config';

/**
 * A start that cannot succeed, said in one line before the application is built (an operator
 * reads it in a journal: what is wrong and what to change), exit 1.
 */
export class StartRefusal extends Error {
  override readonly name = 'StartRefusal';
  constructor(reason: string) {
    super(`matchlog: not starting: ${reason}`);
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
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !configured) return;
    const why =
      code === 'ENOENT'
        ? 'does not exist'
        : code === 'EISDIR'
          ? 'is a directory, not a key file'
          : code === 'EACCES'
            ? "cannot be read by the service's user (permission denied): chown it to that user, mode 600"
            : `cannot be read (${(error as Error).message})`;
    throw new StartRefusal(`${named} ${why}`);
  }
  try {
    Ed25519Signer.fromPem(pem, named);
  } catch (error) {
    throw new StartRefusal(
      `${(error as Error).message}. Put back the key's PEM file (a backup keeps it as FILE.signing-key.pem)${configured ? '' : `, or move ${file} aside to make a new key (what the old one signed still verifies through GET /api/v1/keys)`}`,
    );
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
      return new StartRefusal(
        `port ${port} on ${host} is in use (another matchlog, or another program): stop it, or set PORT to a free port`,
      );
    case 'EADDRNOTAVAIL':
      return new StartRefusal(
        `HOST ${host} is not an address of this machine: set HOST to one of its addresses, or 0.0.0.0 for all`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
      return new StartRefusal(
        `HOST ${host} does not resolve to an address (${code}): set HOST to an address of this machine, or 0.0.0.0 for all`,
      );
    case 'EACCES':
      return new StartRefusal(
        `listening on port ${port} needs privileges this user lacks: set PORT to 1024 or above (a reverse proxy can take 80 and 443)`,
      );
    default:
      return error;
  }
}
