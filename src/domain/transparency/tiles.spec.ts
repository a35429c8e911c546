import { MerkleTree, leafHash } from './merkle';
import {
  TILE_WIDTH,
  entryBundle,
  fullTile,
  fullTilesAt,
  parseEntryBundle,
  parseTilePath,
  rootFromTiles,
  tileIndexPath,
  tilePath,
  tileWidthAt,
  tilesCompletedBy,
  type HashTile,
} from './tiles';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

function treeOf(size: number): MerkleTree {
  const tree = new MerkleTree();
  for (let i = 0; i < size; i += 1) tree.append(leafHash(Buffer.from(`leaf ${i}`)));
  return tree;
}

/** A tile as a server holding `tree` serves it: the hashes at level 8·L, `width` of them. */
function servedTile(tree: MerkleTree, level: number, index: number, width: number): Uint8Array {
  return Buffer.concat(tree.hashesAt(8 * level, index * TILE_WIDTH, width));
}

describe('C2SP tlog-tiles paths', () => {
  it('writes an index in 3-digit groups, all but the last marked x', () => {
    expect(tileIndexPath(0)).toBe('000');
    expect(tileIndexPath(7)).toBe('007');
    expect(tileIndexPath(1000)).toBe('x001/000');
    expect(tileIndexPath(1234067)).toBe('x001/x234/067');
    expect(tilePath({ level: 0, index: 1234067, width: 8 })).toBe('tile/0/x001/x234/067.p/8');
    expect(tilePath({ level: 'entries', index: 3, width: TILE_WIDTH })).toBe('tile/entries/003');
  });

  it('reads back every path it writes', () => {
    for (const tile of [
      { level: 0, index: 0, width: 256 },
      { level: 2, index: 1234067, width: 1 },
      { level: 'entries' as const, index: 999, width: 255 },
      { level: 63, index: 1000, width: 256 },
    ]) {
      expect(parseTilePath(tilePath(tile).slice('tile/'.length))).toEqual(tile);
    }
  });

  it.each([
    ['64/000', 'level'],
    ['01/000', 'level'],
    ['x/000', 'level'],
    ['0/7', 'index'],
    ['0/0007', 'index'],
    ['0/001/002', 'index'],
    ['0/x000/001', 'index'],
    ['0/', 'index'],
    ['0/000.p/0', 'width'],
    ['0/000.p/256', 'width'],
    ['0/000.p/07', 'width'],
  ])('refuses %s: its %s is not the spec’s form', (path, problem) => {
    expect(parseTilePath(path)).toEqual({ problem });
  });

  it('knows how wide each tile is in a tree of a given size', () => {
    expect(tileWidthAt(0, 0, 255)).toBe(255);
    expect(tileWidthAt(0, 0, 700)).toBe(256);
    expect(tileWidthAt(0, 2, 700)).toBe(700 - 512);
    expect(tileWidthAt(0, 3, 700)).toBe(0);
    expect(tileWidthAt(1, 0, 700)).toBe(2);
    expect(tileWidthAt(1, 0, 255)).toBe(0);
    expect(tileWidthAt(2, 0, 65536)).toBe(1);
  });
});

describe('entry bundles', () => {
  it('prefixes each entry with its length, big-endian, and reads them back', () => {
    const entries = [Buffer.from('a'), Buffer.alloc(0), Buffer.alloc(300, 7)];
    const bundle = entryBundle(entries);
    expect(hex(bundle.subarray(0, 3))).toBe('000161');
    expect(hex(bundle.subarray(3, 5))).toBe('0000');
    expect(hex(bundle.subarray(5, 7))).toBe('012c');
    expect(parseEntryBundle(bundle)?.map((e) => Buffer.from(e))).toEqual(entries);
  });

  it('refuses a bundle whose lengths run past its end', () => {
    expect(parseEntryBundle(Uint8Array.of(0, 5, 1, 2))).toBeUndefined();
    expect(parseEntryBundle(Uint8Array.of(0))).toBeUndefined();
  });
});

describe('the root from tiles alone', () => {
  // Sizes around tile edges at levels 0 and 1 (256 and 65,536 leaves are one level-1 or
  // level-2 hash), and odd ones in between.
  const tree = treeOf(70_000);
  it.each([1, 2, 3, 255, 256, 257, 511, 513, 1000, 65_535, 65_536, 65_537, 70_000])(
    'rebuilds the root of %i leaves',
    async (size) => {
      const reads: string[] = [];
      const root = await rootFromTiles(size, async (level, index, width) => {
        reads.push(tilePath({ level, index, width }));
        return servedTile(tree, level, index, width);
      });
      expect(hex(root as Uint8Array)).toBe(hex(tree.root(size)));
      // A static mirror reads one tile a level, never the leaves of full subtrees.
      const levelsWithSubtrees = new Set(
        [...size.toString(2)]
          .reverse()
          .flatMap((bit, height) => (bit === '1' ? [height >> 3] : [])),
      );
      expect(reads).toHaveLength(levelsWithSubtrees.size);
    },
  );

  it('finds no root when a tile is narrower than the size needs (a log that shrank)', async () => {
    const root = await rootFromTiles(300, async (level, index, width) =>
      servedTile(tree, level, index, Math.max(0, width - 1)),
    );
    expect(root).toBeUndefined();
  });

  it('gets another root from a tile with one hash changed', async () => {
    const root = await rootFromTiles(600, async (level, index, width) => {
      const tile = Buffer.from(servedTile(tree, level, index, width));
      if (level === 0 && index === 2) tile[0] ^= 1;
      return tile;
    });
    expect(hex(root as Uint8Array)).not.toBe(hex(tree.root(600)));
  });
});

describe('full tiles at every height, as the log stores them', () => {
  const tree = treeOf(70_000);
  const leafHashes = Array.from({ length: 70_000 }, (_, i) => tree.leaf(i));

  /** Each height's stored tiles packed in order: what a store holds of a tree of `size`. */
  function storedOf(size: number): Uint8Array[] {
    const prefix = treeOf(0);
    const tiles: HashTile[][] = [];
    for (let i = 0; i < size; i += 1) {
      for (const tile of tilesCompletedBy(prefix, leafHashes[i]))
        (tiles[tile.height] ??= []).push(tile);
      prefix.append(leafHashes[i]);
    }
    return tiles.map((row) => Buffer.concat(row.map((tile) => tile.hashes)));
  }

  it('completes a tile at a height exactly when a leaf ends one, with the hashes the tree then holds', () => {
    const growing = treeOf(0);
    const completed: HashTile[] = [];
    for (let i = 0; i < 70_000; i += 1) {
      completed.push(...tilesCompletedBy(growing, leafHashes[i]));
      growing.append(leafHashes[i]);
    }
    const full: HashTile[] = [];
    for (let height = 0; height <= tree.height; height += 1)
      for (let index = 0; index < fullTilesAt(tree, height); index += 1)
        full.push(fullTile(tree, height, index));
    const key = (t: HashTile) => `${t.height}/${t.index}/${hex(t.hashes)}`;
    // 273 tiles of leaves, 136 of height 1, … one of height 8 (65,536 leaves).
    expect(completed.map(key).sort()).toEqual(full.map(key).sort());
    expect(completed.filter((t) => t.height === 8)).toHaveLength(1);
    expect(full.length).toBe(273 + 136 + 68 + 34 + 17 + 8 + 4 + 2 + 1);
  });

  // Deterministic sizes spread over the range, plus the tile edges.
  const sizes = [0, 1, 255, 256, 257, 511, 512, 65_535, 65_536, 65_537, 70_000];
  for (let x = 12_345, i = 0; i < 12; i += 1) {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
    sizes.push(1 + (x % 70_000));
  }

  it.each(sizes)(
    'restores the tree of %i leaves from its stored tiles, hashing only the right edge',
    (size) => {
      const stored = storedOf(size);
      const edge: number[] = [];
      const restored = MerkleTree.restored(size, stored, (i) => {
        edge.push(i);
        return leafHashes[i];
      });
      expect(edge.length).toBe(size % TILE_WIDTH);
      expect(restored.size).toBe(size);
      const reference = treeOf(size);
      expect(hex(restored.root())).toBe(hex(reference.root()));
      const differences: string[] = [];
      for (let k = 1; k <= 40 && size > 0; k += 1) {
        const n = 1 + ((k * 7919) % size);
        const m = (k * 104_729) % n;
        if (
          restored.inclusionProof(m, n).map(hex).join() !==
          reference.inclusionProof(m, n).map(hex).join()
        )
          differences.push(`inclusion ${m}/${n}`);
        if (
          restored.consistencyProof(m, size).map(hex).join() !==
          reference.consistencyProof(m, size).map(hex).join()
        )
          differences.push(`consistency ${m}→${size}`);
      }
      expect(differences).toEqual([]);
      // And it grows as the appended tree does.
      for (let i = size; i < Math.min(70_000, size + 300); i += 1) {
        restored.append(leafHashes[i]);
        reference.append(leafHashes[i]);
      }
      expect(hex(restored.root())).toBe(hex(reference.root()));
    },
  );

  it('refuses stored hashes beyond the tree, or not whole hashes', () => {
    const stored = storedOf(512);
    expect(() => MerkleTree.restored(511, stored, (i) => leafHashes[i])).toThrow(
      /not a whole number of the 511 nodes/,
    );
    expect(() => MerkleTree.restored(512, [stored[0].subarray(1)], (i) => leafHashes[i])).toThrow(
      RangeError,
    );
  });
});
