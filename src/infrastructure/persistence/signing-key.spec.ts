import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keyIdOf, signedBytes } from '../../domain/export/export-format';
import Database from 'better-sqlite3';
import {
  Ed25519Signer,
  loadOrCreateSigningKey,
  recordedKeysSigner,
  SIGNING_KEY_FILE,
} from './signing-key';
import { SqliteSigningKeyRecords } from './signing-key-records';

describe('the signing key', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-key-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is generated at first start as a private PKCS8 PEM file, and loaded afterwards', () => {
    const dataDir = join(dir, 'data');
    const first = loadOrCreateSigningKey(dataDir);
    const file = join(dataDir, SIGNING_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(readdirSync(dataDir)).toEqual([SIGNING_KEY_FILE]);
    const again = loadOrCreateSigningKey(dataDir);
    expect(again.publicKeys()).toEqual(first.publicKeys());
  });

  it('signs the head hash with Ed25519 and names its key by the sha256 of the SPKI DER', async () => {
    const signer = loadOrCreateSigningKey(dir);
    const [key] = signer.publicKeys();
    const der = Buffer.from(key.publicKey, 'base64');
    expect(key).toEqual({ alg: 'Ed25519', keyId: keyIdOf(der), publicKey: key.publicKey });
    expect(key.keyId).toMatch(/^[0-9a-f]{16}$/);
    const signature = await signer.sign(signedBytes('abc123'));
    expect(signature).toMatchObject(key);
    const publicKey = createPublicKey({ key: der, format: 'der', type: 'spki' });
    const value = Buffer.from(signature.value, 'base64');
    expect(verify(null, Buffer.from('abc123'), publicKey, value)).toBe(true);
    expect(verify(null, Buffer.from('abc124'), publicKey, value)).toBe(false);
  });

  it('refuses a key file it cannot read, or of another algorithm, and leaves it alone', () => {
    const file = join(dir, SIGNING_KEY_FILE);
    writeFileSync(file, 'garbage', { mode: 0o600 });
    expect(() => loadOrCreateSigningKey(dir)).toThrow(/holds no readable private key/);
    expect(readFileSync(file, 'utf8')).toBe('garbage');
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey;
    writeFileSync(file, rsa.export({ format: 'pem', type: 'pkcs8' }));
    expect(() => loadOrCreateSigningKey(dir)).toThrow(/rsa key, not Ed25519/);
  });

  it('round-trips through PEM', () => {
    const signer = Ed25519Signer.generate();
    expect(Ed25519Signer.fromPem(signer.toPem()).publicKeys()).toEqual(signer.publicKeys());
  });

  it('lists the current key first, then every key the store was signed with before, newest first', async () => {
    const database = new Database(':memory:');
    const records = new SqliteSigningKeyRecords(database);
    const [first, second, third] = [0, 1, 2].map(() => Ed25519Signer.generate());
    await recordedKeysSigner(first, records, '2026-10-01T00:00:00.000Z');
    await recordedKeysSigner(second, records, '2026-11-01T00:00:00.000Z');
    // Back to the first key (its old file restored), then a third.
    const again = await recordedKeysSigner(first, records, '2026-11-15T00:00:00.000Z');
    expect(again.publicKeys()).toEqual([
      { ...first.publicKeys()[0], since: '2026-10-01T00:00:00.000Z' },
      { ...second.publicKeys()[0], since: '2026-11-01T00:00:00.000Z' },
    ]);
    const latest = await recordedKeysSigner(third, records, '2026-12-01T00:00:00.000Z');
    expect(latest.publicKeys().map((key) => key.keyId)).toEqual(
      [third, second, first].map((signer) => signer.keyId),
    );
    // It signs with the current key only.
    expect((await latest.sign(signedBytes('abc'))).keyId).toBe(third.keyId);
    database.close();
  });
});
