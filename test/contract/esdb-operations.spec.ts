import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  StoreUnavailableError,
  type EventStore,
} from '../../src/application/ports/event-store.port';
import { EsdbEventStore } from '../../src/infrastructure/eventstore/esdb/esdb-event-store';
import { startEsdbFake, type ClusterMember, type EsdbFake } from '../support/esdb-fake/esdb-fake';

/** A key and a self-signed certificate for 127.0.0.1, the certificate also as the CA file. */
function selfSignedCertificate(): { key: Buffer; cert: Buffer; caFile: string } {
  const dir = mkdtempSync(join(tmpdir(), 'matchlog-esdb-tls-'));
  const keyFile = join(dir, 'node.key');
  const caFile = join(dir, 'ca.crt');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      keyFile,
      '-out',
      caFile,
    ],
    { stdio: 'ignore', timeout: 60_000 },
  );
  return { key: readFileSync(keyFile), cert: readFileSync(caFile), caFile };
}

/** The adapter on what a real server does on its bad days, as the gRPC fake plays them. */
describe('eventstoredb adapter: an unreachable server, a follower, credentials (gRPC fake)', () => {
  const fakes: EsdbFake[] = [];
  const stores: EventStore[] = [];
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
    for (const fake of fakes.splice(0)) await fake.close();
  });
  const fake = async (options: Parameters<typeof startEsdbFake>[0] = {}) => {
    const started = await startEsdbFake(options);
    fakes.push(started);
    return started;
  };
  const storeAt = (connectionString: string) => {
    const store = new EsdbEventStore({ connectionString });
    stores.push(store);
    return store;
  };
  const event = () => ({ eventId: randomUUID(), type: 'Noted', data: { n: 1 }, meta: {} });
  const events = async (store: EventStore, stream: string) => {
    const read = [];
    for await (const stored of store.read(stream)) read.push(stored);
    return read;
  };

  it('answers StoreUnavailableError while the server refuses, and writes again once it answers', async () => {
    const server = await fake();
    const store = storeAt(server.connectionString);
    await store.append('s-1', [event()], 'no_stream');
    server.refuse();
    const refused = await store.append('s-1', [event()], 0n).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StoreUnavailableError);
    expect((refused as StoreUnavailableError).retryAfterSeconds).toBeGreaterThan(0);
    await expect(events(store, 's-1')).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(server.log.stream('s-1')).toHaveLength(1);
    server.recover();
    let written = false;
    // The client may first meet its broken channel once more; it reconnects by itself.
    for (let attempt = 0; attempt < 20 && !written; attempt += 1)
      written = await store.append('s-1', [event()], 0n).then(
        () => true,
        async (error: unknown) => {
          if (!(error instanceof StoreUnavailableError)) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
          return false;
        },
      );
    expect(written).toBe(true);
    expect((await events(store, 's-1')).map((e) => e.revision)).toEqual([0n, 1n]);
  });

  it('on a follower: the not-leader answer is a StoreUnavailableError naming the leader, and the next call goes there', async () => {
    const leader = await fake();
    const follower = await fake({
      leader: { host: '127.0.0.1', port: leader.port },
      log: leader.log,
    });
    const store = storeAt(follower.connectionString);
    const first = await store.append('s-2', [event()], 'no_stream').catch((e: unknown) => e);
    expect(first).toBeInstanceOf(StoreUnavailableError);
    expect((first as StoreUnavailableError).retryAfterSeconds).toBe(1);
    expect((first as StoreUnavailableError).reason).toContain(`127.0.0.1:${leader.port}`);
    await store.append('s-2', [event()], 'no_stream');
    expect((await events(store, 's-2')).map((e) => e.revision)).toEqual([0n]);
    expect(leader.log.stream('s-2')).toHaveLength(1);
  });

  it('in a cluster (esdb://h1,h2): the seeds’ gossip leads to the leader, and after an election to the new one', async () => {
    let members: ClusterMember[] = [];
    const cluster = () => members;
    const a = await fake({ cluster });
    const b = await fake({ cluster, log: a.log });
    const c = await fake({ cluster, log: a.log });
    const at = (node: EsdbFake) => ({ host: '127.0.0.1', port: node.port });
    const member = (node: EsdbFake, role: ClusterMember['role'], alive = true) => ({
      ...at(node),
      role,
      alive,
    });
    a.follow(at(b));
    c.follow(at(b));
    members = [member(a, 'follower'), member(b, 'leader'), member(c, 'follower')];
    // The seeds are the two followers: only gossip can name the leader, and a follower would
    // answer the first append with not-leader.
    const store = storeAt(`esdb://127.0.0.1:${a.port},127.0.0.1:${c.port}?tls=false`);
    await store.append('s-4', [event()], 'no_stream');

    // The leader goes down; the cluster elects a.
    b.refuse();
    a.follow(undefined);
    c.follow(at(a));
    members = [member(a, 'leader'), member(b, 'shutdown', false), member(c, 'follower')];
    const during = await store.append('s-4', [event()], 0n).catch((e: unknown) => e);
    expect(during).toBeInstanceOf(StoreUnavailableError);
    await store.append('s-4', [event()], 0n);
    expect((await events(store, 's-4')).map((e) => e.revision)).toEqual([0n, 1n]);
  });

  it('on a secured server (TLS, a CA file, credentials): calls carry the credentials; without them nothing is written', async () => {
    const { key, cert, caFile } = selfSignedCertificate();
    const server = await fake({
      tls: { key, cert },
      credentials: { username: 'matchlog', password: 's3cret' },
    });
    const secure = `127.0.0.1:${server.port}?tls=true&tlsCAFile=${caFile}`;
    const authorized = storeAt(`esdb://matchlog:s3cret@${secure}`);
    await authorized.append('s-3', [event()], 'no_stream');
    expect(await events(authorized, 's-3')).toHaveLength(1);
    const anonymous = storeAt(`esdb://${secure}`);
    const refused = await anonymous.append('s-3', [event()], 0n).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Error);
    expect(refused).not.toBeInstanceOf(StoreUnavailableError);
    expect(String(refused)).toMatch(/UNAUTHENTICATED|credentials|access/i);
    expect(server.log.stream('s-3')).toHaveLength(1);
  });
});
