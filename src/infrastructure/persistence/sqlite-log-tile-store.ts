import type Database from 'better-sqlite3';
import type {
  AppendResult,
  EventToAppend,
  ExpectedRevision,
} from '../../application/ports/event-store.port';
import type { LogTileStore } from '../../application/ports/log-tile-store.port';
import type { HashTile } from '../../domain/transparency/tiles';
import type { SqliteEventStore } from '../eventstore/sqlite/sqlite-event-store';

/**
 * The transparency log's tiles and last checkpoint in the embedded store's file, so a backup
 * holds them with the leaves. A tile is inserted in the transaction of the leaf that completes
 * it: no commit ever holds the one without the other.
 */
export class SqliteLogTileStore implements LogTileStore {
  private readonly insertTile: Database.Statement<[number, number, Uint8Array]>;
  private readonly selectTiles: Database.Statement<
    [],
    { height: number; idx: number; hashes: Buffer }
  >;
  private readonly upsertCheckpoint: Database.Statement<[number, string]>;
  private readonly selectCheckpoint: Database.Statement<[], string>;
  private readonly insertTiles: Database.Transaction<(tiles: readonly HashTile[]) => void>;

  constructor(private readonly store: SqliteEventStore) {
    const database = store.database;
    database.exec(`
      CREATE TABLE IF NOT EXISTS transparency_log_tiles (
        height INTEGER NOT NULL,
        idx    INTEGER NOT NULL,
        hashes BLOB    NOT NULL,
        PRIMARY KEY (height, idx)
      ) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS transparency_log_checkpoint (
        id   INTEGER PRIMARY KEY CHECK (id = 1),
        size INTEGER NOT NULL,
        note TEXT    NOT NULL
      );
    `);
    this.insertTile = database.prepare(
      'INSERT INTO transparency_log_tiles (height, idx, hashes) VALUES (?, ?, ?) ON CONFLICT (height, idx) DO NOTHING',
    );
    this.selectTiles = database.prepare('SELECT height, idx, hashes FROM transparency_log_tiles');
    this.upsertCheckpoint = database.prepare(
      `INSERT INTO transparency_log_checkpoint (id, size, note) VALUES (1, ?, ?)
       ON CONFLICT (id) DO UPDATE SET size = excluded.size, note = excluded.note
       WHERE excluded.size >= transparency_log_checkpoint.size`,
    );
    this.selectCheckpoint = database
      .prepare<[], string>('SELECT note FROM transparency_log_checkpoint WHERE id = 1')
      .pluck();
    this.insertTiles = database.transaction((tiles: readonly HashTile[]) => {
      for (const tile of tiles) this.insertTile.run(tile.height, tile.index, tile.hashes);
    });
  }

  async tiles(): Promise<HashTile[]> {
    return this.selectTiles
      .all()
      .map(({ height, idx, hashes }) => ({ height, index: idx, hashes }));
  }

  appendLeaf(
    stream: string,
    events: EventToAppend[],
    expected: ExpectedRevision,
    tiles: readonly HashTile[],
  ): Promise<AppendResult> {
    return this.store.append(
      stream,
      events,
      expected,
      tiles.length === 0 ? undefined : () => this.insertTiles(tiles),
    );
  }

  async saveTiles(tiles: readonly HashTile[]): Promise<void> {
    this.insertTiles.immediate(tiles);
  }

  async saveCheckpoint(size: number, note: string): Promise<void> {
    this.upsertCheckpoint.run(size, note);
  }

  async lastCheckpoint(): Promise<string | undefined> {
    return this.selectCheckpoint.get();
  }
}
