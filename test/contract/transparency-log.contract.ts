import { createHash, randomUUID } from 'node:crypto';
import type { EventStore } from '../../src/application/ports/event-store.port';
import type { LogTileStore } from '../../src/application/ports/log-tile-store.port';
import {
  LEAF_EVENT,
  LogIntegrityError,
  TRANSPARENCY_LOG_STREAM,
  TransparencyLog,
} from '../../src/application/transparency/transparency-log';
import { Ed25519Signer } from '../../src/infrastructure/persistence/signing-key';
import {
  TILE_WIDTH,
  checkpointBody,
  leafBytes,
  leafHash,
  parseCheckpoint,
  parseEntryBundle,
  rootFromTiles,
  signedNote,
  type HashTile,
} from '../../src/domain/transparency';

export interface TransparencyLogStores {
  store: EventStore;
  /** The same store through another connection (another replica, or the service restarted). */
  reopened(): Promise<EventStore>;
  /** Where the log keeps its tiles and checkpoint in `store` (as the persistence module picks). */
  tilesOf(store: EventStore): LogTileStore;
  /** Changes one byte of a stored tile under the service (a damaged or tampered store). */
  alterStoredTile(store: EventStore, height: number, index: number): Promise<void>;
  cleanup(): Promise<void>;
}

/**
 * The transparency log kept in an event store: the same leaves, the same tree on SQLite and
 * on EventStoreDB, after a restart, and with two replicas following one log.
 */
export function describeTransparencyLogContract(
  name: string,
  factory: () => Promise<TransparencyLogStores>,
): void {
  describe(`transparency log: ${name}`, () => {
    let subject: TransparencyLogStores;
    const logs: TransparencyLog[] = [];
    const signer = Ed25519Signer.generate();
    const clock = { nowIso: () => new Date().toISOString() };
    beforeEach(async () => (subject = await factory()));
    afterEach(async () => {
      for (const log of logs.splice(0)) await log.stop();
      await subject.cleanup();
    });

    const logOf = (store: EventStore) => {
      const log = new TransparencyLog(store, signer, clock, subject.tilesOf(store));
      logs.push(log);
      return log;
    };
    const logOn = (store: EventStore) => {
      const log = logOf(store);
      log.start();
      return log;
    };
    /** `count` leaves as the log stores them, appended straight to its stream (a store from before the tiles were kept). */
    async function storeLeaves(count: number, from = 0): Promise<void> {
      const leaves = Array.from({ length: count }, (_, i) => ({
        matchId: `stored-${from + i}`,
        seq: 3,
        headHash: createHash('sha256')
          .update(`stored ${from + i}`)
          .digest('hex'),
        time: '2026-12-07T00:00:00.000Z',
        // Before every match event: the follower reads them all.
        position: '0',
      }));
      for (let at = 0; at < count; at += 500)
        await subject.store.append(
          TRANSPARENCY_LOG_STREAM,
          leaves
            .slice(at, at + 500)
            .map((data) => ({ eventId: randomUUID(), type: LEAF_EVENT, data, meta: {} })),
          from + at === 0 ? 'no_stream' : BigInt(from + at - 1),
        );
    }
    const tileKeys = (tiles: HashTile[]) =>
      [...new Set(tiles.map((t) => `${t.height}/${t.index}`))].sort();

    /** Appends events of these types to a new match stream, each chained to a fake head hash. */
    async function match(types: string[], matchId = randomUUID()): Promise<string> {
      await subject.store.append(
        `match-${matchId}`,
        types.map((type, seq) => ({
          eventId: randomUUID(),
          type,
          data: {},
          meta: {
            hash: createHash('sha256').update(`${matchId} ${seq}`).digest('hex'),
            recordedAt: `2026-12-07T00:00:0${seq}.000Z`,
          },
        })),
        'no_stream',
      );
      return matchId;
    }
    async function more(matchId: string, from: number, types: string[]): Promise<void> {
      await subject.store.append(
        `match-${matchId}`,
        types.map((type, i) => ({
          eventId: randomUUID(),
          type,
          data: {},
          meta: {
            hash: createHash('sha256')
              .update(`${matchId} ${from + i}`)
              .digest('hex'),
            recordedAt: `2026-12-07T00:01:0${i}.000Z`,
          },
        })),
        BigInt(from - 1),
      );
    }
    const settledSize = async (log: TransparencyLog, size: number) => {
      for (let i = 0; i < 100 && (await log.leavesFrom(0)).leaves.length < size; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 50));
      return (await log.leavesFrom(0)).leaves;
    };

    it('logs each end and each later ruling, never a ruling before the end', async () => {
      const log = logOn(subject.store);
      const ended = await match(['MatchCreated', 'RulingIssued', 'MatchFinished', 'RngRevealed']);
      await match(['MatchCreated', 'RulingIssued']);
      await more(ended, 4, ['DisputeOpened', 'RulingIssued']);
      const leaves = await settledSize(log, 2);
      expect(leaves.map(({ matchId, seq, index }) => ({ matchId, seq, index }))).toEqual([
        { matchId: ended, seq: 3, index: 0 },
        { matchId: ended, seq: 5, index: 1 },
      ]);
      expect(leaves[1].headHash).toBe(createHash('sha256').update(`${ended} 5`).digest('hex'));
    });

    it('serves full tiles and entry bundles a mirror rebuilds the checkpoint’s root from', async () => {
      // 300 leaves as the log stores them: one full tile of 256 and a partial one of 44.
      const leaves = Array.from({ length: 300 }, (_, i) => ({
        matchId: `tiled-${i}`,
        seq: 3,
        headHash: createHash('sha256').update(`tiled ${i}`).digest('hex'),
        time: '2026-12-07T00:00:00.000Z',
        position: String(i + 1),
      }));
      await subject.store.append(
        TRANSPARENCY_LOG_STREAM,
        leaves.map((data) => ({ eventId: randomUUID(), type: LEAF_EVENT, data, meta: {} })),
        'no_stream',
      );
      const log = logOf(subject.store);
      const checkpoint = parseCheckpoint((await log.checkpoint()).note);
      expect(checkpoint.size).toBe(300);
      const root = await rootFromTiles(300, (level, index, width) =>
        log.tile({ level, index, width }),
      );
      expect(Buffer.from(root as Uint8Array)).toEqual(Buffer.from(checkpoint.rootHash));
      const full = await log.tile({ level: 0, index: 0, width: TILE_WIDTH });
      const entries = parseEntryBundle(
        await log.tile({ level: 'entries', index: 0, width: TILE_WIDTH }),
      );
      expect(entries).toHaveLength(TILE_WIDTH);
      expect(Buffer.concat(entries!.map((entry) => leafHash(entry)))).toEqual(Buffer.from(full));
      const { position: _position, ...last } = leaves[299];
      expect(
        Buffer.from(
          parseEntryBundle(await log.tile({ level: 'entries', index: 1, width: 44 }))![43],
        ),
      ).toEqual(Buffer.from(leafBytes(last)));
      await expect(log.tile({ level: 0, index: 1, width: 45 })).rejects.toThrow(
        /holds 44 of 256 hashes/,
      );
    });

    it('rebuilds the same tree after a restart, and two replicas append each leaf once', async () => {
      const first = logOn(subject.store);
      await match(['MatchCreated', 'MatchAbandoned', 'RngRevealed']);
      await settledSize(first, 1);
      const other = logOn(await subject.reopened());
      await match(['MatchCreated', 'MatchFinished', 'RngRevealed']);
      await match(['MatchCreated', 'MatchFinished', 'RngRevealed']);
      await settledSize(first, 3);
      await settledSize(other, 3);
      // Both followed the same events: still three leaves, one tree.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await first.leavesFrom(0)).leaves).toHaveLength(3);
      const root = parseCheckpoint((await first.checkpointCovering(3)).note).rootHash;
      const restarted = logOn(await subject.reopened());
      const again = parseCheckpoint((await restarted.checkpointCovering(3)).note);
      expect(again.size).toBe(3);
      expect(Buffer.from(again.rootHash).equals(Buffer.from(root))).toBe(true);
      expect(
        Buffer.from(parseCheckpoint((await other.checkpointCovering(3)).note).rootHash),
      ).toEqual(Buffer.from(root));
    });

    it('stores the full tiles of a store from before them once, and a restart serves the same tiles and proofs', async () => {
      // 600 leaves: two full tiles of leaves, one of height 1 (the first 512 leaves' pairs).
      await storeLeaves(600);
      const tiles = subject.tilesOf(subject.store);
      expect(await tiles.tiles()).toEqual([]);
      const first = logOf(subject.store);
      const signed = parseCheckpoint((await first.checkpoint()).note);
      expect(tileKeys(await tiles.tiles())).toEqual(['0/0', '0/1', '1/0']);
      // Tiles of height 0 are the C2SP tiles of level 0 the log serves.
      for (const tile of (await tiles.tiles()).filter((t) => t.height === 0))
        expect(Buffer.from(tile.hashes)).toEqual(
          Buffer.from(await first.tile({ level: 0, index: tile.index, width: TILE_WIDTH })),
        );

      const restarted = logOf(await subject.reopened());
      const again = parseCheckpoint((await restarted.checkpoint()).note);
      expect(Buffer.from(again.rootHash)).toEqual(Buffer.from(signed.rootHash));
      // Stored once: the restart found every full tile there.
      expect(await subject.tilesOf(await subject.reopened()).tiles()).toHaveLength(3);
      for (const width of [TILE_WIDTH, 600 - 512])
        expect(
          Buffer.from(
            await restarted.tile({ level: 0, index: width === TILE_WIDTH ? 0 : 2, width }),
          ),
        ).toEqual(
          Buffer.from(await first.tile({ level: 0, index: width === TILE_WIDTH ? 0 : 2, width })),
        );
      for (const index of [0, 255, 256, 511, 599]) {
        const matchId = `stored-${index}`;
        // The same proof against the same size (each log signs its own checkpoint of it).
        const { checkpoint: _restarted, ...proof } = await restarted.inclusion(matchId, 600);
        const { checkpoint: _first, ...before } = await first.inclusion(matchId, 600);
        expect(proof).toEqual(before);
      }
      for (const from of [1, 256, 300, 512, 599])
        expect(await restarted.consistency(from, 600)).toEqual(await first.consistency(from, 600));
    });

    it('stores a tile with the leaf that completes it', async () => {
      await storeLeaves(TILE_WIDTH - 1);
      const log = logOn(subject.store);
      await settledSize(log, TILE_WIDTH - 1);
      const tiles = subject.tilesOf(subject.store);
      expect(await tiles.tiles()).toEqual([]);
      await match(['MatchCreated', 'MatchFinished', 'RngRevealed']);
      await settledSize(log, TILE_WIDTH);
      const stored = await tiles.tiles();
      expect(tileKeys(stored)).toEqual(['0/0']);
      expect(Buffer.from(stored[0].hashes)).toEqual(
        Buffer.from(await log.tile({ level: 0, index: 0, width: TILE_WIDTH })),
      );
    });

    it('does not open on a stored tile that disagrees with the checkpoint it signed', async () => {
      await storeLeaves(600);
      await logOf(subject.store).checkpoint();
      // The tile of height 1 holds the node over the first 512 leaves: the root depends on it.
      await subject.alterStoredTile(subject.store, 1, 0);
      const restarted = logOf(await subject.reopened());
      await expect(restarted.open()).rejects.toThrow(LogIntegrityError);
      // SQLite: the tile replaced; EventStoreDB: a second record of it, which differs.
      await expect(restarted.checkpoint()).rejects.toThrow(
        /^the transparency log's (stored tiles and leaves give the root \S+ to its first 600 leaves, but the checkpoint it signed of them says|stored tile 0 of height 1 is stored twice, with other hashes)/,
      );
    });

    it('does not open when the tree is not the checkpoint it signed (a leaf rewritten, a checkpoint forged)', async () => {
      await storeLeaves(40);
      const log = logOf(subject.store);
      const signed = parseCheckpoint((await log.checkpoint()).note);
      const forged = signedNote(
        checkpointBody({ ...signed, rootHash: new Uint8Array(32).fill(9) }),
        {
          keyName: 'matchlog/forged',
          keyHash: new Uint8Array(4),
          signature: new Uint8Array(64),
        },
      );
      await subject.tilesOf(subject.store).saveCheckpoint(40, forged);
      const restarted = logOf(await subject.reopened());
      await expect(restarted.open()).rejects.toThrow(
        /^the transparency log's stored tiles and leaves give the root \S+ to its first 40 leaves, but the checkpoint it signed of them says CQkJ/,
      );
    });
  });
}
