import { HASH_BYTES, nodeHash, type MerkleTree } from './merkle';

/**
 * The C2SP tlog-tiles layout of the tree (https://c2sp.org/tlog-tiles): a tile at level L
 * holds up to 256 consecutive hashes of the tree's level 8·L (level 0: the leaf hashes), the
 * hashes concatenated; tile N at level L starts at that level's hash N·256. A full tile never
 * changes; a partial tile `.p/W` (1 ≤ W < 256) holds the first W hashes of a tile still filling.
 * Entry bundles (`tile/entries/N`) hold the leaves' data: each a big-endian uint16 length, then
 * the bytes. With the tiles a monitor rebuilds any root from static reads.
 */

export const TILE_HEIGHT = 8;
export const TILE_WIDTH = 1 << TILE_HEIGHT;
/** The highest level the spec allows. */
export const MAX_TILE_LEVEL = 63;

/** A tile's coordinates: its level (or 'entries'), its index in that level, its width (256: full). */
export interface TileCoordinates {
  level: number | 'entries';
  index: number;
  width: number;
}

/** The index as the spec writes it in a path: 3-digit groups, all but the last with an `x`. */
export function tileIndexPath(index: number): string {
  const groups: string[] = [];
  let rest = index;
  do {
    groups.unshift(String(rest % 1000).padStart(3, '0'));
    rest = Math.floor(rest / 1000);
  } while (rest > 0);
  return groups.map((group, i) => (i < groups.length - 1 ? `x${group}` : group)).join('/');
}

/** The path of a tile below the log's prefix: `tile/<L>/<N>[.p/<W>]` or `tile/entries/<N>[.p/<W>]`. */
export function tilePath(tile: TileCoordinates): string {
  const partial = tile.width < TILE_WIDTH ? `.p/${tile.width}` : '';
  return `tile/${tile.level}/${tileIndexPath(tile.index)}${partial}`;
}

const LEVEL = /^(?:0|[1-9][0-9]?)$/;
const WIDTH = /^(?:[1-9][0-9]?|1[0-9][0-9]|2[0-4][0-9]|25[0-5])$/;

/**
 * The coordinates a path below `tile/` names (`0/x001/234.p/7`, `entries/000`), or why it names
 * none: the spec's form exactly (no leading zeros in a level or width, 3 digits a group).
 */
export function parseTilePath(path: string): TileCoordinates | { problem: string } {
  const parts = path.split('/');
  const levelText = parts.shift() ?? '';
  let level: number | 'entries';
  if (levelText === 'entries') level = 'entries';
  else if (LEVEL.test(levelText) && Number(levelText) <= MAX_TILE_LEVEL) level = Number(levelText);
  else return { problem: 'level' };
  let width = TILE_WIDTH;
  if (parts.length >= 2 && parts[parts.length - 2].endsWith('.p')) {
    const widthText = parts.pop() as string;
    if (!WIDTH.test(widthText)) return { problem: 'width' };
    width = Number(widthText);
    parts[parts.length - 1] = parts[parts.length - 1].slice(0, -2);
  }
  if (parts.length === 0) return { problem: 'index' };
  let index = 0;
  for (let i = 0; i < parts.length; i += 1) {
    const last = i === parts.length - 1;
    const group = last ? parts[i] : parts[i].startsWith('x') ? parts[i].slice(1) : '';
    if (!/^[0-9]{3}$/.test(group)) return { problem: 'index' };
    index = index * 1000 + Number(group);
  }
  // One form a tile: no leading zero groups (x000/001 is 001).
  if (parts.length > 1 && parts[0] === 'x000') return { problem: 'index' };
  if (!Number.isSafeInteger(index)) return { problem: 'index' };
  return { level, index, width };
}

/** How many hashes tile `index` at `level` holds in a tree of `size` leaves (0 to 256). */
export function tileWidthAt(level: number, index: number, size: number): number {
  const hashesAtLevel = Math.floor(size / 2 ** (TILE_HEIGHT * level));
  return Math.max(0, Math.min(TILE_WIDTH, hashesAtLevel - index * TILE_WIDTH));
}

/** How many leaves entry bundle `index` holds in a tree of `size` leaves (0 to 256). */
export function entryBundleWidthAt(index: number, size: number): number {
  return tileWidthAt(0, index, size);
}

/** An entry bundle: each entry's length as a big-endian uint16, then its bytes. */
export function entryBundle(entries: readonly Uint8Array[]): Uint8Array {
  const total = entries.reduce((sum, entry) => sum + 2 + entry.length, 0);
  const bundle = new Uint8Array(total);
  let at = 0;
  for (const entry of entries) {
    if (entry.length > 0xffff) throw new RangeError('an entry is at most 65,535 bytes');
    bundle[at] = entry.length >> 8;
    bundle[at + 1] = entry.length & 0xff;
    bundle.set(entry, at + 2);
    at += 2 + entry.length;
  }
  return bundle;
}

/** The entries of a bundle, or undefined when its lengths do not add up to its bytes. */
export function parseEntryBundle(bundle: Uint8Array): Uint8Array[] | undefined {
  const entries: Uint8Array[] = [];
  let at = 0;
  while (at < bundle.length) {
    if (at + 2 > bundle.length) return undefined;
    const length = (bundle[at] << 8) | bundle[at + 1];
    if (at + 2 + length > bundle.length) return undefined;
    entries.push(bundle.subarray(at + 2, at + 2 + length));
    at += 2 + length;
  }
  return entries;
}

/** The hashes of a tile's bytes, or undefined when they are not `width` hashes. */
export function tileHashes(tile: Uint8Array, width: number): Uint8Array[] | undefined {
  if (tile.length !== width * HASH_BYTES) return undefined;
  const hashes: Uint8Array[] = [];
  for (let at = 0; at < tile.length; at += HASH_BYTES)
    hashes.push(tile.subarray(at, at + HASH_BYTES));
  return hashes;
}

/** Reads a hash tile of a given level, index and width (a static mirror, an HTTP client, a test). */
export type ReadTile = (level: number, index: number, width: number) => Promise<Uint8Array>;

/**
 * The root of the tree of `size` (≥ 1) leaves from its tiles alone: each complete subtree of
 * the size's binary decomposition is hashed up from the hashes of one tile, then the subtrees
 * are folded right to left (RFC 9162's split is exactly that decomposition). Reads one tile a
 * level, each
 * at the width the tree of `size` gives it, as the spec asks of clients. Undefined when a tile
 * read is not as wide as it must be.
 */
export async function rootFromTiles(size: number, read: ReadTile): Promise<Uint8Array | undefined> {
  if (!Number.isSafeInteger(size) || size < 1)
    throw new RangeError('a root from tiles needs size ≥ 1');
  const subtrees: Uint8Array[] = [];
  const tiles = new Map<string, Uint8Array>();
  let start = 0;
  for (let height = Math.floor(Math.log2(size)); height >= 0; height -= 1) {
    if (Math.floor(size / 2 ** height) % 2 === 0) continue;
    const level = Math.floor(height / TILE_HEIGHT);
    const rise = height - level * TILE_HEIGHT;
    const first = start / 2 ** (level * TILE_HEIGHT);
    const index = Math.floor(first / TILE_WIDTH);
    const width = tileWidthAt(level, index, size);
    // The subtrees of one level share a tile: the larger ones before them end on its edge.
    const key = `${level}/${index}`;
    const tile = tiles.get(key) ?? (await read(level, index, width));
    tiles.set(key, tile);
    const hashes = tileHashes(tile, width);
    if (!hashes) return undefined;
    let row = hashes.slice(first - index * TILE_WIDTH, first - index * TILE_WIDTH + 2 ** rise);
    while (row.length > 1) {
      const up: Uint8Array[] = [];
      for (let i = 0; i < row.length; i += 2) up.push(nodeHash(row[i], row[i + 1]));
      row = up;
    }
    subtrees.push(row[0]);
    start += 2 ** height;
  }
  let root = subtrees[subtrees.length - 1];
  for (let i = subtrees.length - 2; i >= 0; i -= 1) root = nodeHash(subtrees[i], root);
  return root;
}

/**
 * A full tile of the tree as the log stores it: the 256 hashes of height `height` from the
 * `index`-th tile's first, packed. The log keeps one at every height, not only at the tile
 * levels' heights 0, 8, 16… (which are the C2SP tiles), so a start reads every complete
 * subtree's hash instead of hashing the leaves again.
 */
export interface HashTile {
  height: number;
  index: number;
  hashes: Uint8Array;
}

/**
 * The full tiles that appending the leaf hash `hash` to `tree` completes, the tree left as it
 * is: what the store writes with the leaf. None unless the leaf is the last of a tile.
 */
export function tilesCompletedBy(tree: MerkleTree, hash: Uint8Array): HashTile[] {
  if ((tree.size + 1) % TILE_WIDTH !== 0) return [];
  const tiles: HashTile[] = [];
  let position = tree.size;
  let node = hash;
  for (let height = 0; ; height += 1) {
    if ((position + 1) % TILE_WIDTH !== 0) break;
    const first = position + 1 - TILE_WIDTH;
    const hashes = new Uint8Array(TILE_WIDTH * HASH_BYTES);
    hashes.set(tree.packedHashesAt(height, first, TILE_WIDTH - 1));
    hashes.set(node, (TILE_WIDTH - 1) * HASH_BYTES);
    tiles.push({ height, index: first / TILE_WIDTH, hashes });
    // The tile ends on an odd position: its last node pairs with the one before it.
    node = nodeHash(tree.node(height, position - 1), node);
    position = (position - 1) / 2;
  }
  return tiles;
}

/** How many full tiles the tree holds at `height`. */
export function fullTilesAt(tree: MerkleTree, height: number): number {
  return Math.floor(tree.countAt(height) / TILE_WIDTH);
}

/** The full tile `index` of height `height` of the tree (a view of its level, not a copy). */
export function fullTile(tree: MerkleTree, height: number, index: number): HashTile {
  if (index >= fullTilesAt(tree, height))
    throw new RangeError(`the tree has no full tile ${index} at height ${height}`);
  return {
    height,
    index,
    hashes: tree.packedHashesAt(height, index * TILE_WIDTH, TILE_WIDTH),
  };
}
