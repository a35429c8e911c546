import { createHash, randomUUID } from 'node:crypto';
import type { EventStore } from '../../src/application/ports/event-store.port';
import {
  LEAF_EVENT,
  TRANSPARENCY_LOG_STREAM,
  TransparencyLog,
} from '../../src/application/transparency/transparency-log';
import { Ed25519Signer } from '../../src/infrastructure/persistence/signing-key';
import {
  TILE_WIDTH,
  leafBytes,
  leafHash,
  parseCheckpoint,
  parseEntryBundle,
  rootFromTiles,
} from '../../src/domain/transparency';

export interface TransparencyLogStores {
  store: EventStore;
  /** The same store through another connection (another replica, or the service restarted). */
  reopened(): Promise<EventStore>;
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

    const logOn = (store: EventStore) => {
      const log = new TransparencyLog(store, signer, clock);
      logs.push(log);
      log.start();
      return log;
    };

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
      const log = new TransparencyLog(subject.store, signer, clock);
      logs.push(log);
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
  });
}
