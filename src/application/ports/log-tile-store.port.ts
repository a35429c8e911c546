import type { HashTile } from '../../domain/transparency/tiles';
import type { AppendResult, EventToAppend, ExpectedRevision } from './event-store.port';

/**
 * Where the transparency log keeps its tree's full tiles (every height's, 256 hashes each) and
 * its last signed checkpoint, beside its leaves: a start reads them instead of hashing every
 * leaf again, and checks them against the checkpoint. On SQLite, tables of `matchlog.db`
 * written in the leaf's own transaction; on EventStoreDB, streams of their own.
 */
export interface LogTileStore {
  /** Every stored tile, in no particular order (a tile stored twice may be listed twice). */
  tiles(): Promise<HashTile[]>;
  /**
   * Appends the leaf's events to the log's stream as `EventStore.append` does, and the tiles
   * the leaf completes: in the same transaction where the store has them (then a leaf is never
   * stored without its tiles); else just after, a tile lost between the two written again at the
   * next start.
   */
  appendLeaf(
    stream: string,
    events: EventToAppend[],
    expected: ExpectedRevision,
    tiles: readonly HashTile[],
  ): Promise<AppendResult>;
  /** Stores tiles not stored yet (a tile already stored is kept as it is). */
  saveTiles(tiles: readonly HashTile[]): Promise<void>;
  /** Keeps the checkpoint signed last (a C2SP signed note) unless a larger one is kept. */
  saveCheckpoint(size: number, note: string): Promise<void>;
  /** The checkpoint kept, or undefined when none was signed yet. */
  lastCheckpoint(): Promise<string | undefined>;
}

export const LOG_TILE_STORE = Symbol('LogTileStore');
