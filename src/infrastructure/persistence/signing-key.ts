import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import {
  closeSync,
  existsSync,
  fchmodSync,
  fsyncSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { Logger, type FactoryProvider } from '@nestjs/common';
import type Database from 'better-sqlite3';
import { CLOCK, type Clock } from '../../application/ports/clock.port';
import {
  SIGNING_KEY,
  type PublicKeyInfo,
  type PublishedKeyInfo,
  type SignatureInfo,
  type Signer,
} from '../../application/ports/signer.port';
import { EVENT_STORE, type EventStore } from '../../application/ports/event-store.port';
import { keyIdOf } from '../../domain/export/export-format';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { LOCAL_DATABASE } from './local-database.provider';
import {
  EventStoreSigningKeyRecords,
  SqliteSigningKeyRecords,
  type SigningKeyRecords,
} from './signing-key-records';
import { signingThread } from './signing-thread';
import { makeDirectory } from './directories';

/** The server's Ed25519 private key, PKCS8 PEM, in the data directory (mode 0600). */
export const SIGNING_KEY_FILE = 'signing-key.pem';

/** An Ed25519 key pair: signs exports; its public key is published at GET /api/v1/keys. */
export class Ed25519Signer implements Signer {
  private readonly info: PublicKeyInfo;
  /** The private key as the signing thread receives it. */
  private readonly pem: string;

  private constructor(privateKey: KeyObject) {
    this.pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const der = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
    this.info = { alg: 'Ed25519', keyId: keyIdOf(der), publicKey: der.toString('base64') };
  }

  /** Reads a PKCS8 PEM private key; refuses anything but Ed25519. */
  static fromPem(pem: string, source = 'the signing key'): Ed25519Signer {
    let key: KeyObject;
    try {
      key = createPrivateKey(pem);
    } catch (error) {
      throw new Error(`${source} holds no readable private key: ${(error as Error).message}`);
    }
    if (key.asymmetricKeyType !== 'ed25519') {
      throw new Error(`${source} is a ${key.asymmetricKeyType ?? 'unknown'} key, not Ed25519`);
    }
    return new Ed25519Signer(key);
  }

  static generate(): Ed25519Signer {
    return new Ed25519Signer(generateKeyPairSync('ed25519').privateKey);
  }

  get keyId(): string {
    return this.info.keyId;
  }

  /** The private key as PKCS8 PEM (only for storing it). */
  toPem(): string {
    return this.pem;
  }

  /** Signed on the signing thread, off the event loop (see signing-thread.ts). */
  async sign(bytes: Uint8Array): Promise<SignatureInfo> {
    const signature = await signingThread.sign(this.pem, bytes);
    return { ...this.info, value: signature.toString('base64') };
  }

  publicKeys(): PublicKeyInfo[] {
    return [{ ...this.info }];
  }
}

/**
 * The key in `${dataDir}/signing-key.pem`, generated there at first start. A key file that
 * cannot be read is an error, never a reason to make a new key: the key is the server's
 * identity, and exports signed before must stay verifiable with the published key.
 */
export function loadOrCreateSigningKey(dataDir: string, logger?: Logger): Ed25519Signer {
  const path = join(dataDir, SIGNING_KEY_FILE);
  const existing = readKeyFile(path);
  if (existing !== undefined) {
    if ((statSync(path).mode & 0o077) !== 0) {
      logger?.warn(`${path} is readable by other users: chmod 600 it`);
    }
    return Ed25519Signer.fromPem(existing, path);
  }
  makeDirectory(dataDir);
  const created = Ed25519Signer.generate();
  // Written whole to a private temporary file, then linked into place: a concurrent start
  // either wins or reads the winner's complete file, never half of one.
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    fchmodSync(fd, 0o600);
    writeSync(fd, created.toPem());
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temporary, path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (!NO_HARD_LINKS.has(code)) {
      unlinkSync(temporary);
      if (code !== 'EEXIST') throw error;
      // Another process made the key first: use its key.
      return Ed25519Signer.fromPem(readFileSync(path, 'utf8'), path);
    }
    renameSync(temporary, path);
  }
  try {
    unlinkSync(temporary);
  } catch {
    // Renamed into place: nothing left to remove.
  }
  logger?.log(`Generated the signing key ${created.keyId} in ${path}`);
  return created;
}

/** Errors of file systems that cannot hard-link: the key is renamed into place instead. */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

function readKeyFile(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * SIGNING_KEY, once when the app starts: the configured key file, else the data directory's
 * key (generated there at first start). Its public part is recorded in the store (SQLite: a
 * table of `matchlog.db`; EventStoreDB: a stream), which GET /keys lists with every key
 * recorded before, so a restore onto a new key leaves old exports and receipts verifiable.
 */
export const signingKeyProvider: FactoryProvider<Promise<Signer>> = {
  provide: SIGNING_KEY,
  inject: [APP_CONFIG, EVENT_STORE, LOCAL_DATABASE, CLOCK],
  useFactory: async (
    config: AppConfig,
    store: EventStore,
    database: Database.Database,
    clock: Clock,
  ) => {
    const logger = new Logger('SigningKey');
    const keyFileWasThere =
      config.signingKeyFile !== undefined || existsSync(join(config.dataDir, SIGNING_KEY_FILE));
    const signer = config.signingKeyFile
      ? Ed25519Signer.fromPem(readFileSync(config.signingKeyFile, 'utf8'), config.signingKeyFile)
      : loadOrCreateSigningKey(config.dataDir, logger);
    const records = config.eventStoreUrl
      ? new EventStoreSigningKeyRecords(store)
      : new SqliteSigningKeyRecords(database);
    const recorded = await recordedKeysSigner(signer, records, clock.nowIso());
    const older = recorded.publicKeys().slice(1);
    if (!keyFileWasThere && older.length > 0)
      logger.warn(
        `The data directory had no ${SIGNING_KEY_FILE}, yet this store was signed with ${older.map((key) => key.keyId).join(', ')}: a new key ${signer.keyId} was made. ` +
          'What was signed before still verifies against GET /api/v1/keys, which lists the old keys; ' +
          `to sign with the old key again, stop the service and put its ${SIGNING_KEY_FILE} back (matchlog restore does, from a backup that holds it).`,
      );
    return recorded;
  },
};

/**
 * Records the signer's public key in the store and lists it first, then every key recorded
 * before it (newest first), each with the time it was first recorded.
 */
export async function recordedKeysSigner(
  signer: Signer,
  records: SigningKeyRecords,
  now: string,
): Promise<Signer> {
  const [current] = signer.publicKeys();
  await records.record(current, now);
  const recorded = await records.all();
  const own = recorded.find((key) => key.keyId === current.keyId);
  const keys: PublishedKeyInfo[] = [
    { ...current, ...(own?.since !== undefined && { since: own.since }) },
    ...recorded.filter((key) => key.keyId !== current.keyId).reverse(),
  ];
  return { sign: (bytes) => signer.sign(bytes), publicKeys: () => keys.map((key) => ({ ...key })) };
}
