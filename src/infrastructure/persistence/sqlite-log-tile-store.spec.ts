import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WrongExpectedRevisionError } from '../../application/ports/event-store.port';
import { TRANSPARENCY_LOG_STREAM } from '../../domain/transparency/log-leaf';
import type { HashTile } from '../../domain/transparency/tiles';
import { SqliteEventStore } from '../eventstore/sqlite/sqlite-event-store';
import { SqliteLogTileStore } from './sqlite-log-tile-store';

describe('the transparency log’s tiles in matchlog.db', () => {
  let dataDir: string;
  let store: SqliteEventStore;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'matchlog-tiles-'));
    store = new SqliteEventStore({ dataDir });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const tile = (index: number, fill: number): HashTile => ({
    height: 0,
    index,
    hashes: new Uint8Array(256 * 32).fill(fill),
  });
  const leaf = (n: number) => [
    {
      eventId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      type: 'LeafAppended',
      data: { n },
      meta: {},
    },
  ];

  it('commits a tile with its leaf, and neither when the leaf’s append is refused', async () => {
    const tiles = new SqliteLogTileStore(store);
    await tiles.appendLeaf(TRANSPARENCY_LOG_STREAM, leaf(0), 'no_stream', [tile(0, 1)]);
    // Another replica appended first: the expected revision is stale, nothing of it is kept.
    await expect(
      tiles.appendLeaf(TRANSPARENCY_LOG_STREAM, leaf(1), 'no_stream', [tile(1, 2)]),
    ).rejects.toThrow(WrongExpectedRevisionError);
    const reopened = new SqliteEventStore({ dataDir });
    try {
      const stored = await new SqliteLogTileStore(reopened).tiles();
      expect(stored.map(({ height, index }) => `${height}/${index}`)).toEqual(['0/0']);
      expect(Buffer.from(stored[0].hashes)).toEqual(Buffer.alloc(256 * 32, 1));
      let leaves = 0;
      for await (const _event of reopened.read(TRANSPARENCY_LOG_STREAM)) leaves += 1;
      expect(leaves).toBe(1);
    } finally {
      await reopened.close();
    }
  });

  it('keeps a tile stored first, and the checkpoint of the largest tree', async () => {
    const tiles = new SqliteLogTileStore(store);
    await tiles.saveTiles([tile(0, 1)]);
    await tiles.saveTiles([tile(0, 2), tile(1, 3)]);
    const stored = await tiles.tiles();
    expect(stored.map((t) => [t.index, t.hashes[0]])).toEqual([
      [0, 1],
      [1, 3],
    ]);
    expect(await tiles.lastCheckpoint()).toBeUndefined();
    await tiles.saveCheckpoint(5, 'five');
    await tiles.saveCheckpoint(3, 'three (a replica behind)');
    expect(await tiles.lastCheckpoint()).toBe('five');
    await tiles.saveCheckpoint(7, 'seven');
    expect(await tiles.lastCheckpoint()).toBe('seven');
  });
});
