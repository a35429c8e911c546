import { createHash, createPrivateKey, randomUUID, sign } from 'node:crypto';
import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SIGNING_KEY_FILE } from '../../src/infrastructure/persistence/signing-key';
import { SQLITE_EVENTS_FILE } from '../../src/infrastructure/eventstore/sqlite/sqlite-schema';
import { SqliteEventStore } from '../../src/infrastructure/eventstore/sqlite/sqlite-event-store';
import { sealEvent } from '../../src/domain/events/hash-chain';
import type { RecordedEvent } from '../../src/domain/events/recorded-event';
import { canonicalJson } from '../../src/domain/events/canonical-json';
import { base64Of, bytesOfBase64, utf8Bytes } from '../../src/domain/shared/bytes';
import {
  LEAF_EVENT,
  TRANSPARENCY_LOG_STREAM,
  checkpointBody,
  checkpointSignedBy,
  leafBytes,
  leafHash,
  logLeafHash,
  noteKeyHash,
  parseCheckpoint,
  parseEntryBundle,
  rawEd25519Key,
  rootFromTiles,
  signedNote,
  tilePath,
  verifyConsistency,
  verifyInclusion,
  type LogLeaf,
} from '../../src/domain/transparency';
import { createApi, type Api } from '../support/api-client';
import { expectProblem, ok, startedFreeform } from '../support/match-checks';
import { startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../support/test-app';
import { matchlogCli, verifyCli } from '../support/verify-cli';

/**
 * The transparency log over HTTP and through `matchlog verify`: finished matches get leaves,
 * checkpoints are signed C2SP notes, proofs verify offline, bad input is refused by name.
 */
// The verifier CLI runs as child processes (each loads TypeScript through SWC).
jest.setTimeout(120_000);

describe('transparency log', () => {
  let running: TestApp;
  let api: Api;
  let files: string;
  let serverKey: string;

  beforeAll(async () => {
    running = await startTestApp();
    api = await createApi(running.url);
    files = mkdtempSync(join(tmpdir(), 'matchlog-tlog-'));
    const keys = ok(await api.client.GET('/api/v1/keys'), 200);
    serverKey = keys.keys[0].publicKey;
  });
  afterAll(async () => {
    await running.close();
    rmSync(files, { recursive: true, force: true });
  });

  /** A freeform match started and conceded by blue: it ends, so it enters the log. */
  async function finishedMatch(name: string): Promise<string> {
    const { matchId, seats } = await startedFreeform(api, name);
    ok(
      await api.client.POST('/api/v1/matches/{id}/decisions', {
        headers: seats.blue.headers,
        params: { path: { id: matchId } },
        body: { kind: 'concede', params: {} },
      }),
      201,
    );
    return matchId;
  }

  const get = (template: string, url: string, language = 'en') =>
    api.fetchChecked(template, url, { headers: { 'accept-language': language } });

  async function checkpointText(): Promise<string> {
    // A text/plain answer: the document validator reads JSON only.
    const response = await fetch(`${running.url}/api/v1/log/checkpoint`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    return response.text();
  }

  async function exportOf(matchId: string): Promise<string> {
    const response = await api.fetchChecked(
      '/api/v1/matches/{id}/export',
      `/api/v1/matches/${matchId}/export`,
    );
    expect(response.status).toBe(200);
    return response.text();
  }

  const trailerOf = (text: string) =>
    JSON.parse(text.trim().split('\n').at(-1) as string) as {
      headHash: string;
      eventCount: number;
      log?: {
        leaf: { matchId: string; seq: number; headHash: string; time: string };
        index: number;
        inclusionProof: string[];
        checkpoint: string;
      };
    };

  it('logs a finished match, and its export carries a proof matchlog verify checks offline', async () => {
    const first = await finishedMatch('Клуб «Первый»');
    const second = await finishedMatch('Клуб «Второй»');
    const text = await exportOf(second);
    const trailer = trailerOf(text);
    // The leaf names the export's head: the revealed seed closes the match.
    expect(trailer.log).toMatchObject({
      leaf: { matchId: second, seq: trailer.eventCount - 1, headHash: trailer.headHash },
      index: expect.any(Number),
    });
    const log = trailer.log!;
    const checkpoint = parseCheckpoint(log.checkpoint);
    expect(checkpoint.size).toBeGreaterThan(log.index);
    expect(checkpointSignedBy(checkpoint, serverKey)).toBe(true);
    expect(
      verifyInclusion(
        log.index,
        checkpoint.size,
        logLeafHash(log.leaf),
        log.inclusionProof.map(bytesOfBase64),
        checkpoint.rootHash,
      ),
    ).toBe(true);

    const file = join(files, 'second.ndjson');
    writeFileSync(file, text);
    const run = await verifyCli(file, '--key', serverKey);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      `  log: in the transparency log ${checkpoint.origin} at position ${log.index} (seq ${log.leaf.seq}), inclusion proven in the signed checkpoint of ${checkpoint.size} leaves`,
    );

    // The first match's proof over HTTP, against the latest checkpoint.
    const answer = (await (
      await get('/api/v1/log/proof/inclusion', `/api/v1/log/proof/inclusion?match=${first}`)
    ).json()) as {
      leaf: { matchId: string };
      index: number;
      treeSize: number;
      inclusionProof: string[];
      checkpoint: string;
    };
    expect(answer.leaf.matchId).toBe(first);
    const latest = parseCheckpoint(answer.checkpoint);
    expect(latest.size).toBe(answer.treeSize);
    expect(
      verifyInclusion(
        answer.index,
        answer.treeSize,
        logLeafHash(answer.leaf as never),
        answer.inclusionProof.map(bytesOfBase64),
        latest.rootHash,
      ),
    ).toBe(true);
  });

  it('a later checkpoint is proven consistent with an earlier one, offline too', async () => {
    await finishedMatch('Клуб «До»');
    // Saved before the next match ends: its tree is smaller than the one the export proves in.
    const earlierText = await checkpointText();
    const logged = await finishedMatch('Клуб «После»');
    const text = await exportOf(logged);
    const exported = parseCheckpoint(trailerOf(text).log!.checkpoint);
    const earlier = parseCheckpoint(earlierText);
    expect(earlier.size).toBeLessThan(exported.size);
    const proofResponse = await get(
      '/api/v1/log/proof/consistency',
      `/api/v1/log/proof/consistency?from=${earlier.size}&to=${exported.size}`,
    );
    expect(proofResponse.status).toBe(200);
    const proof = (await proofResponse.json()) as { consistencyProof: string[] };
    expect(
      verifyConsistency(
        earlier.size,
        exported.size,
        earlier.rootHash,
        exported.rootHash,
        proof.consistencyProof.map(bytesOfBase64),
      ),
    ).toBe(true);

    const exportFile = join(files, 'after.ndjson');
    const savedFile = join(files, 'saved.checkpoint');
    const proofFile = join(files, 'consistency.json');
    writeFileSync(exportFile, text);
    writeFileSync(savedFile, earlierText);
    writeFileSync(proofFile, JSON.stringify(proof));
    const unproven = await verifyCli(exportFile, '--checkpoint', savedFile);
    expect(unproven.code).toBe(0);
    expect(unproven.stdout).toMatch(
      /checkpoint .*: not proven: consistency of the saved checkpoint/,
    );
    const proven = await verifyCli(
      exportFile,
      '--checkpoint',
      savedFile,
      '--consistency',
      proofFile,
    );
    expect(proven.code).toBe(0);
    expect(proven.stdout).toContain(
      `the log of size ${exported.size} extends the one of size ${earlier.size}`,
    );

    // A split view: a checkpoint of the export's size with another root, signed with the key.
    const privateKey = createPrivateKey(readFileSync(join(running.dataDir, SIGNING_KEY_FILE)));
    const body = checkpointBody({
      origin: exported.origin,
      size: exported.size,
      rootHash: new Uint8Array(32).fill(1),
      time: exported.time,
    });
    const spki = bytesOfBase64(serverKey);
    const forged = signedNote(body, {
      keyName: exported.origin,
      keyHash: noteKeyHash(exported.origin, rawEd25519Key(spki)),
      signature: sign(null, utf8Bytes(body), privateKey),
    });
    const forgedFile = join(files, 'split.checkpoint');
    writeFileSync(forgedFile, forged);
    const split = await verifyCli(exportFile, '--checkpoint', forgedFile);
    expect(split.code).toBe(1);
    expect(split.stdout).toMatch(/^FAIL: split view: .* different roots/);

    // A malformed checkpoint file: one line, exit 2.
    const badFile = join(files, 'bad.checkpoint');
    writeFileSync(badFile, 'not a checkpoint\n');
    const bad = await verifyCli(exportFile, '--checkpoint', badFile);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/--checkpoint .* is not a checkpoint: not a signed checkpoint/);
    expect(base64Of(exported.rootHash)).not.toBe(base64Of(new Uint8Array(32).fill(1)));
  });

  it('refuses bad proof requests with what is valid, in Russian too', async () => {
    const size = parseCheckpoint(await checkpointText()).size;
    await expectProblem(
      {
        response: await get(
          '/api/v1/log/proof/inclusion',
          '/api/v1/log/proof/inclusion?match=no-such-match',
        ),
      },
      404,
      'not-found',
      /not in the transparency log: a match enters it when it ends/,
    );
    await expectProblem(
      {
        response: await get(
          '/api/v1/log/proof/inclusion',
          '/api/v1/log/proof/inclusion?match=no-such-match',
          'ru',
        ),
      },
      404,
      'not-found',
      /нет в журнале прозрачности/,
    );
    const { leaves } = (await (
      await get('/api/v1/log/leaves', '/api/v1/log/leaves?from=0&limit=1')
    ).json()) as { leaves: { matchId: string }[] };
    const logged = leaves[0].matchId;
    await expectProblem(
      {
        response: await get(
          '/api/v1/log/proof/inclusion',
          `/api/v1/log/proof/inclusion?match=${logged}&size=${size + 5}`,
        ),
      },
      400,
      'log-size-beyond-tree',
      `size ${size + 5} is beyond the tree`,
    );
    await expectProblem(
      {
        response: await get(
          '/api/v1/log/proof/consistency',
          `/api/v1/log/proof/consistency?from=${size}&to=1`,
        ),
      },
      400,
      'log-from-above-to',
      'a consistency proof goes from an older, smaller tree to a newer one',
    );
    await expectProblem(
      {
        response: await get(
          '/api/v1/log/proof/consistency',
          `/api/v1/log/proof/consistency?from=1&to=${size + 1}`,
          'ru',
        ),
      },
      400,
      'log-size-beyond-tree',
      'за пределами дерева',
    );
    for (const query of ['from=1e3&to=2', 'from=-1&to=2', 'from=1', 'from=0x1&to=2']) {
      const response = await get(
        '/api/v1/log/proof/consistency',
        `/api/v1/log/proof/consistency?${query}`,
      );
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
  });

  it('serves tiles a static mirror rebuilds a checkpoint’s root from, and refuses bad tile paths', async () => {
    await finishedMatch('Клуб «Плитки»');
    const checkpoint = parseCheckpoint(await checkpointText());
    const tileResponse = (path: string) => fetch(`${running.url}/api/v1/log/${path}`);
    const reads: string[] = [];
    const root = await rootFromTiles(checkpoint.size, async (level, index, width) => {
      const path = tilePath({ level, index, width });
      reads.push(path);
      const response = await tileResponse(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/octet-stream');
      // Fewer than 256 leaves: the tile is filling, cached briefly.
      expect(response.headers.get('cache-control')).toBe('public, max-age=60');
      return new Uint8Array(await response.arrayBuffer());
    });
    expect(reads).toEqual([`tile/0/000.p/${checkpoint.size}`]);
    expect(base64Of(root as Uint8Array)).toBe(base64Of(checkpoint.rootHash));

    // The entry bundle holds the leaves whose hashes tile 0 lists, and they are the log's leaves.
    const bundle = await tileResponse(`tile/entries/000.p/${checkpoint.size}`);
    expect(bundle.status).toBe(200);
    const entries = parseEntryBundle(new Uint8Array(await bundle.arrayBuffer()));
    expect(entries).toHaveLength(checkpoint.size);
    const hashTile = new Uint8Array(
      await (await tileResponse(`tile/0/000.p/${checkpoint.size}`)).arrayBuffer(),
    );
    expect(Buffer.concat(entries!.map((entry) => leafHash(entry)))).toEqual(Buffer.from(hashTile));
    const { leaves } = (await (
      await get('/api/v1/log/leaves', '/api/v1/log/leaves?from=0&limit=1')
    ).json()) as { leaves: LogLeaf[] };
    const { index: _index, ...first } = leaves[0] as LogLeaf & { index: number };
    expect(Buffer.from(entries![0]).toString()).toBe(Buffer.from(leafBytes(first)).toString());

    // A narrower partial tile is the start of the wider one; a wider one does not exist yet.
    const one = await tileResponse('tile/0/000.p/1');
    expect(Buffer.from(await one.arrayBuffer())).toEqual(Buffer.from(hashTile.subarray(0, 32)));
    const beyond = await tileResponse(`tile/0/000.p/${checkpoint.size + 5}`);
    await expectProblem({ response: beyond }, 404, 'not-found', /holds \d+ of 256 hashes/);
    await expectProblem({ response: await tileResponse('tile/0/000') }, 404, 'not-found', '');
    await expectProblem(
      { response: await tileResponse('tile/1/000') },
      404,
      'not-found',
      'does not exist yet',
    );
    for (const [path, part] of [
      ['tile/0/7', 'index'],
      ['tile/64/000', 'level'],
      ['tile/0/000.p/256', 'width'],
      ['tile/entries/x000/001', 'index'],
    ]) {
      await expectProblem(
        { response: await tileResponse(path) },
        400,
        'log-tile-path',
        `its ${part} is not in the form`,
      );
    }
    const russian = await fetch(`${running.url}/api/v1/log/tile/0/12`, {
      headers: { 'accept-language': 'ru' },
    });
    await expectProblem({ response: russian }, 400, 'log-tile-path', 'номер не по форме');
  });

  /** A checkpoint note of `size` leaves with another root, signed with the service's own key. */
  function forgedCheckpoint(origin: string, size: number): string {
    const privateKey = createPrivateKey(readFileSync(join(running.dataDir, SIGNING_KEY_FILE)));
    const body = checkpointBody({ origin, size, rootHash: new Uint8Array(32).fill(2) });
    return signedNote(body, {
      keyName: origin,
      keyHash: noteKeyHash(origin, rawEd25519Key(bytesOfBase64(serverKey))),
      signature: sign(null, utf8Bytes(body), privateKey),
    });
  }

  it('a monitor proves each checkpoint consistent, and catches a split view and a rewritten store', async () => {
    const state = join(files, 'monitor');
    const watch = (...extra: string[]) =>
      matchlogCli([
        'monitor',
        running.url,
        '--state',
        state,
        '--token',
        TEST_ADMIN_TOKEN,
        ...extra,
      ]);
    const first = await watch();
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^OK: log matchlog\/[0-9a-f]{16} at \d+ leaves \(first run/);
    await finishedMatch('Клуб «Наблюдатель»');
    await exportOf(await finishedMatch('Клуб «Наблюдатель 2»'));
    const second = await watch();
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/consistent with the \d+ this monitor saw before; 2 new leaves/);

    // Two monitors exchange checkpoints: one of the same size with another root is a split view.
    const saved = parseCheckpoint(readFileSync(join(state, 'checkpoint'), 'utf8'));
    const peerFile = join(files, 'peer.checkpoint');
    writeFileSync(peerFile, forgedCheckpoint(saved.origin, saved.size));
    const split = await watch('--peer', peerFile);
    expect(split.code).toBe(1);
    expect(split.stdout).toMatch(/^ALARM: split view or rewrite: the peer's checkpoint/);
    // The same alarm in a Russian locale: `ALARM` stays for the scripts that grep for it.
    const russian = await matchlogCli(
      ['monitor', running.url, '--state', state, '--token', TEST_ADMIN_TOKEN, '--peer', peerFile],
      { LANG: 'ru_RU.UTF-8', LC_ALL: '', LC_MESSAGES: '' },
    );
    expect(russian.code).toBe(1);
    expect(russian.stdout).toMatch(
      new RegExp(
        `^ALARM \\(ТРЕВОГА\\): раздвоенное представление или переписывание: контрольная точка другого монитора ${peerFile.replace(/[.]/g, '\\.')} и последняя контрольная точка — обе по \\d+ лист(у|а|ьев), но корни разные\n`,
      ),
    );
    const malformed = join(files, 'malformed.checkpoint');
    writeFileSync(malformed, `${saved.origin}\nmany\n`);
    const refused = await watch('--peer', malformed);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(/--peer .* is not a checkpoint/);

    // The operator rewrites a finished match under the service: an event backdated, the chain
    // re-hashed to the head, the leaf rewritten to the new head, the tree rebuilt at restart.
    const { leaves } = (await (
      await get('/api/v1/log/leaves', '/api/v1/log/leaves?from=0&limit=1')
    ).json()) as { leaves: { matchId: string }[] };
    const victim = leaves[0].matchId;
    await running.close({ keepData: true });
    const db = new Database(join(running.dataDir, SQLITE_EVENTS_FILE));
    const rows = db
      .prepare(
        'SELECT position, revision, event_id, type, data, meta FROM events WHERE stream = ? ORDER BY revision',
      )
      .all(`match-${victim}`) as {
      position: number;
      revision: number;
      event_id: string;
      type: string;
      data: string;
      meta: string;
    }[];
    let prev = '';
    const update = db.prepare('UPDATE events SET data = ?, meta = ? WHERE position = ?');
    for (const row of rows) {
      const data = JSON.parse(row.data) as Record<string, unknown>;
      const { hash: _h, prevHash: _p, ...meta } = JSON.parse(row.meta) as RecordedEvent['meta'];
      // Backdated: nothing in the chain re-derives a time, so the export alone cannot tell.
      if (row.type === 'MatchFinished') meta.recordedAt = '2026-01-01T00:00:00.000Z';
      const sealed = sealEvent(
        { eventId: row.event_id, matchId: victim, seq: row.revision, type: row.type, data, meta },
        prev,
      );
      prev = sealed.meta.hash;
      update.run(canonicalJson(sealed.data), canonicalJson(sealed.meta), row.position);
    }
    const leafRow = db
      .prepare(
        "SELECT position, data FROM events WHERE stream = 'transparency-log' ORDER BY revision LIMIT 1",
      )
      .get() as { position: number; data: string };
    db.prepare('UPDATE events SET data = ? WHERE position = ?').run(
      canonicalJson({ ...JSON.parse(leafRow.data), headHash: prev }),
      leafRow.position,
    );
    // The tree the service kept goes too (else its start refuses the rewritten leaf): its
    // tiles and the checkpoint it signed last, so the restart builds the tree anew.
    db.exec('DELETE FROM transparency_log_tiles; DELETE FROM transparency_log_checkpoint');
    db.close();
    running = await startTestApp({}, running.dataDir);
    api = await createApi(running.url);
    // The rewritten match verifies on its own: only the log shows it was changed.
    const rewritten = join(files, 'rewritten.ndjson');
    writeFileSync(rewritten, await exportOf(victim));
    expect((await verifyCli(rewritten, '--key', serverKey)).code).toBe(0);
    const caught = await matchlogCli([
      'monitor',
      running.url,
      '--state',
      state,
      '--token',
      TEST_ADMIN_TOKEN,
    ]);
    expect(caught.code).toBe(1);
    expect(caught.stdout).toMatch(
      /^ALARM: (split view or rewrite: the checkpoint this monitor saw last and the latest checkpoint both have \d+ leaves but different roots|the log of \d+ leaves is not an extension)/,
    );
    expect(caught.stdout).toContain('"consistencyProof"');
  });
});

/**
 * The tree's full tiles are kept in the store: a restart reads them (it hashes only the leaves
 * after the last full tile) and serves the same tiles and proofs; a stored tile changed under
 * the service stops its start.
 */
describe('transparency log tiles kept across a restart', () => {
  const PRESTORED = 600;
  let dataDir: string;
  beforeAll(async () => {
    // A store from before the tiles were kept: 600 leaves, no tiles.
    dataDir = mkdtempSync(join(tmpdir(), 'matchlog-tlog-tiles-'));
    const store = new SqliteEventStore({ dataDir });
    await store.append(
      TRANSPARENCY_LOG_STREAM,
      Array.from({ length: PRESTORED }, (_, i) => ({
        eventId: randomUUID(),
        type: LEAF_EVENT,
        data: {
          matchId: `prestored-${i}`,
          seq: 3,
          headHash: createHash('sha256').update(`prestored ${i}`).digest('hex'),
          time: '2026-12-07T00:00:00.000Z',
          position: '0',
        },
        meta: {},
      })),
      'no_stream',
    );
    await store.close();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** What a mirror or a verifier reads of the log of 601 leaves. */
  async function readLog(url: string, matchId: string) {
    const bytes = async (path: string) => {
      const response = await fetch(`${url}/api/v1/log/${path}`);
      expect(response.status).toBe(200);
      return Buffer.from(await response.arrayBuffer()).toString('base64');
    };
    const json = async (path: string) => {
      const response = await fetch(`${url}/api/v1/log/${path}`);
      expect(response.status).toBe(200);
      const { checkpoint: _signedNow, ...answer } = (await response.json()) as {
        checkpoint?: string;
      };
      return answer;
    };
    return {
      tiles: await Promise.all(
        ['tile/0/000', 'tile/0/001', 'tile/0/002.p/89', 'tile/1/000.p/2'].map(bytes),
      ),
      proofs: [
        await json(`proof/inclusion?match=${matchId}&size=601`),
        await json('proof/inclusion?match=prestored-300&size=601'),
        await json('proof/consistency?from=300&to=601'),
      ],
      root: parseCheckpoint(await (await fetch(`${url}/api/v1/log/checkpoint`)).text()).rootHash,
    };
  }

  const storedTiles = () => {
    const db = new Database(join(dataDir, SQLITE_EVENTS_FILE), { readonly: true });
    try {
      return db
        .prepare('SELECT height, idx FROM transparency_log_tiles ORDER BY height, idx')
        .all();
    } finally {
      db.close();
    }
  };

  it('stores the tiles once, serves the same tiles and proofs after a restart, and refuses a changed tile', async () => {
    let running = await startTestApp({}, dataDir);
    const api = await createApi(running.url);
    const { matchId, seats } = await startedFreeform(api, 'Клуб «Плитки»');
    ok(
      await api.client.POST('/api/v1/matches/{id}/decisions', {
        headers: seats.blue.headers,
        params: { path: { id: matchId } },
        body: { kind: 'concede', params: {} },
      }),
      201,
    );
    // The export waits for the match's leaf: the 601st.
    const exported = await fetch(`${running.url}/api/v1/matches/${matchId}/export`);
    const trailer = (await exported.text()).trim().split('\n').at(-1) as string;
    expect((JSON.parse(trailer) as { log: { index: number } }).log.index).toBe(PRESTORED);
    const before = await readLog(running.url, matchId);
    await running.close({ keepData: true });
    // Written at the first start (two tiles of leaves, one of their pairs), not since.
    expect(storedTiles()).toEqual([
      { height: 0, idx: 0 },
      { height: 0, idx: 1 },
      { height: 1, idx: 0 },
    ]);

    running = await startTestApp({}, dataDir);
    const after = await readLog(running.url, matchId);
    await running.close({ keepData: true });
    expect(after).toEqual(before);
    expect(storedTiles()).toHaveLength(3);

    // The tile over the first 512 leaves' pairs, one byte changed: the root at the checkpoint's
    // size is no longer the one signed.
    const db = new Database(join(dataDir, SQLITE_EVENTS_FILE));
    const tile = db
      .prepare('SELECT hashes FROM transparency_log_tiles WHERE height = 1 AND idx = 0')
      .pluck()
      .get() as Buffer;
    tile[0] ^= 1;
    db.prepare('UPDATE transparency_log_tiles SET hashes = ? WHERE height = 1 AND idx = 0').run(
      tile,
    );
    db.close();
    await expect(startTestApp({}, dataDir)).rejects.toThrow(
      /^the transparency log's stored tiles and leaves give the root \S+ to its first 601 leaves, but the checkpoint it signed of them says \S+: the store was changed after it was signed; stop here and restore the last good backup/,
    );
  });
});
