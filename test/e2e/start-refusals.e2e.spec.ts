import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import {
  LEAF_EVENT,
  TRANSPARENCY_LOG_STREAM,
  TransparencyLog,
} from '../../src/application/transparency/transparency-log';
import { SqliteEventStore } from '../../src/infrastructure/eventstore/sqlite/sqlite-event-store';
import { SQLITE_EVENTS_FILE } from '../../src/infrastructure/eventstore/sqlite/sqlite-schema';
import { Ed25519Signer } from '../../src/infrastructure/persistence/signing-key';
import { SqliteLogTileStore } from '../../src/infrastructure/persistence/sqlite-log-tile-store';
import { startServiceProcess } from '../support/service-process';

/**
 * Operations review 2026-12-06, L2 and issue 44's bad input: a start that cannot succeed stops
 * with one line that says what to change, exit 1, never a stack or Nest's start-up lines. (A
 * malformed MATCHLOG_TRUSTED_PROXIES and a data directory that is a file: trusted-proxies.)
 */

/** The refusal a start ended with: its exit code and standard error, which must be one line. */
async function refusal(
  env: Record<string, string>,
  listen?: { host?: string; port?: number },
): Promise<string> {
  const failure = await startServiceProcess(env, listen).then(
    () => 'started',
    (error: Error) => error.message,
  );
  const [head, stderr = ''] = failure.split('; its standard error:\n');
  expect(head).toBe('the service exited with 1');
  expect(stderr).not.toMatch(/^\s+at /m);
  expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  return stderr.trimEnd();
}

describe('operations: a start that cannot succeed', () => {
  const work = mkdtempSync(join(tmpdir(), 'matchlog-start-'));
  const dataDir = (name: string) => join(work, name);
  let occupier: Server;

  beforeAll(async () => {
    // Another program on the port: it answers the harness's health probe with 503.
    occupier = createServer((_request, response) => response.writeHead(503).end());
    await new Promise<void>((resolve) => occupier.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    occupier.closeAllConnections();
    await new Promise((resolve) => occupier.close(resolve));
    rmSync(work, { recursive: true, force: true });
  });

  it('says a port in use is in use', async () => {
    const { port } = occupier.address() as { port: number };
    expect(await refusal({ MATCHLOG_DATA_DIR: dataDir('port') }, { port })).toBe(
      `matchlog: not starting: port ${port} on 127.0.0.1 is in use (another matchlog, or another program): stop it, or set PORT to a free port`,
    );
  }, 90_000);

  it('says a host that does not resolve, or is not this machine, is wrong', async () => {
    expect(
      await refusal({ MATCHLOG_DATA_DIR: dataDir('host') }, { host: 'no-such-host.invalid' }),
    ).toMatch(
      /^matchlog: not starting: HOST no-such-host\.invalid does not resolve to an address \((ENOTFOUND|EAI_AGAIN)\): set HOST/,
    );
    // 192.0.2.1 is TEST-NET-1 (RFC 5737): never an address of this machine.
    expect(await refusal({ MATCHLOG_DATA_DIR: dataDir('host') }, { host: '192.0.2.1' })).toBe(
      'matchlog: not starting: HOST 192.0.2.1 is not an address of this machine: set HOST to one of its addresses, or 0.0.0.0 for all',
    );
  }, 90_000);

  it('refuses a signing key it cannot read or sign with, and makes no new one', async () => {
    const garbage = join(work, 'garbage.pem');
    writeFileSync(garbage, 'not a key\n', { mode: 0o600 });
    expect(
      await refusal({ MATCHLOG_DATA_DIR: dataDir('k1'), MATCHLOG_SIGNING_KEY_FILE: garbage }),
    ).toMatch(
      new RegExp(
        `^matchlog: not starting: MATCHLOG_SIGNING_KEY_FILE ${garbage.replace(/[.]/g, '\\.')} holds no readable private key: .*Put back the key's PEM file`,
      ),
    );
    const missing = join(work, 'missing.pem');
    expect(
      await refusal({ MATCHLOG_DATA_DIR: dataDir('k2'), MATCHLOG_SIGNING_KEY_FILE: missing }),
    ).toBe(`matchlog: not starting: MATCHLOG_SIGNING_KEY_FILE ${missing} does not exist`);
    for (const dir of ['k1', 'k2'])
      expect(existsSync(join(dataDir(dir), 'signing-key.pem'))).toBe(false);

    // The data directory's own key is a directory: refused, never replaced by a new key.
    const keyDir = join(dataDir('k3'), 'signing-key.pem');
    mkdirSync(keyDir, { recursive: true });
    expect(await refusal({ MATCHLOG_DATA_DIR: dataDir('k3') })).toBe(
      `matchlog: not starting: the signing key ${keyDir} is a directory, not a key file`,
    );
  }, 120_000);

  it('refuses a transparency log whose kept tile does not give the checkpoint it signed', async () => {
    const dir = dataDir('tiles');
    const store = new SqliteEventStore({ dataDir: dir });
    await store.append(
      TRANSPARENCY_LOG_STREAM,
      Array.from({ length: 600 }, (_, i) => ({
        eventId: randomUUID(),
        type: LEAF_EVENT,
        data: {
          matchId: `m-${i}`,
          seq: 3,
          headHash: createHash('sha256').update(`m ${i}`).digest('hex'),
          time: '2026-12-07T00:00:00.000Z',
          position: '0',
        },
        meta: {},
      })),
      'no_stream',
    );
    // The log keeps its tiles and signs a checkpoint of the 600 leaves, as a service would.
    const log = new TransparencyLog(
      store,
      Ed25519Signer.generate(),
      { nowIso: () => new Date().toISOString() },
      new SqliteLogTileStore(store),
    );
    expect((await log.checkpoint()).size).toBe(600);
    await log.stop();
    await store.close();
    // One byte of the tile over the first 512 leaves' pairs changed under the service.
    const db = new Database(join(dir, SQLITE_EVENTS_FILE));
    const tile = db
      .prepare('SELECT hashes FROM transparency_log_tiles WHERE height = 1 AND idx = 0')
      .pluck()
      .get() as Buffer;
    tile[7] ^= 1;
    db.prepare('UPDATE transparency_log_tiles SET hashes = ? WHERE height = 1 AND idx = 0').run(
      tile,
    );
    db.close();
    expect(await refusal({ MATCHLOG_DATA_DIR: dir })).toMatch(
      /^matchlog: not starting: the transparency log's stored tiles and leaves give the root \S+ to its first 600 leaves, but the checkpoint it signed of them says \S+: the store was changed after it was signed; stop here and restore the last good backup \(npm run restore -- BACKUP_FILE; on EventStoreDB, its own backup\)$/,
    );
  }, 120_000);
});
