import { createHash, randomUUID } from 'node:crypto';
import {
  StreamNotFoundError,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
} from '../../../application/ports/event-store.port';
import type { LogTileStore } from '../../../application/ports/log-tile-store.port';
import { base64Of, bytesOfBase64 } from '../../../domain/shared/bytes';
import {
  TRANSPARENCY_CHECKPOINTS_STREAM,
  TRANSPARENCY_TILES_STREAM,
} from '../../../domain/transparency/log-leaf';
import type { HashTile } from '../../../domain/transparency/tiles';

const TILE_EVENT = 'LogTileStored';
const CHECKPOINT_EVENT = 'LogCheckpointSigned';
/** Tiles per append: a tile is about 11 KB of JSON, an append stays well under 1 MB. */
const TILES_PER_APPEND = 64;

interface StoredTile {
  height: number;
  index: number;
  /** base64 of the 256 hashes. */
  hashes: string;
}

/** One id per tile: a replica storing a tile another one stored is the same event. */
function tileEventId(height: number, index: number): string {
  const h = createHash('sha256')
    .update(`${TRANSPARENCY_TILES_STREAM} ${height} ${index}`)
    .digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * The transparency log's tiles and checkpoints on EventStoreDB, in streams of their own that
 * every replica reads. EventStoreDB has no transaction over two streams: a tile is appended
 * just after the leaf that completes it, so a crash between the two leaves a full tile unstored,
 * which the next start hashes from the leaves and stores. Replicas may store a tile twice: the
 * copies are the same hashes (the log compares them when it loads them).
 */
export class EventStoreLogTileStore implements LogTileStore {
  constructor(private readonly store: EventStore) {}

  async tiles(): Promise<HashTile[]> {
    const tiles: HashTile[] = [];
    try {
      for await (const event of this.store.read(TRANSPARENCY_TILES_STREAM)) {
        const { height, index, hashes } = event.data as StoredTile;
        tiles.push({ height, index, hashes: bytesOfBase64(hashes) });
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return tiles;
  }

  async appendLeaf(
    stream: string,
    events: EventToAppend[],
    expected: ExpectedRevision,
    tiles: readonly HashTile[],
  ): Promise<AppendResult> {
    const result = await this.store.append(stream, events, expected);
    await this.saveTiles(tiles);
    return result;
  }

  async saveTiles(tiles: readonly HashTile[]): Promise<void> {
    for (let at = 0; at < tiles.length; at += TILES_PER_APPEND) {
      await this.store.append(
        TRANSPARENCY_TILES_STREAM,
        tiles.slice(at, at + TILES_PER_APPEND).map(({ height, index, hashes }) => ({
          eventId: tileEventId(height, index),
          type: TILE_EVENT,
          data: { height, index, hashes: base64Of(hashes) } satisfies StoredTile,
          meta: {},
        })),
        'any',
      );
    }
  }

  async saveCheckpoint(size: number, note: string): Promise<void> {
    await this.store.append(
      TRANSPARENCY_CHECKPOINTS_STREAM,
      [{ eventId: randomUUID(), type: CHECKPOINT_EVENT, data: { size, note }, meta: {} }],
      'any',
    );
  }

  async lastCheckpoint(): Promise<string | undefined> {
    try {
      // The largest of the last few: replicas sign in their own order.
      let kept: { size: number; note: string } | undefined;
      for await (const event of this.store.read(TRANSPARENCY_CHECKPOINTS_STREAM, {
        direction: 'backwards',
        limit: 16,
      })) {
        const checkpoint = event.data as { size: number; note: string };
        if (!kept || checkpoint.size > kept.size) kept = checkpoint;
      }
      return kept?.note;
    } catch (error) {
      if (error instanceof StreamNotFoundError) return undefined;
      throw error;
    }
  }
}
