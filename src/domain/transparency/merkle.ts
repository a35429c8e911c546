import { createHash } from 'node:crypto';

/**
 * The Merkle tree of RFC 9162 §2.1 (the hashing of RFC 6962, Certificate Transparency):
 * a leaf hashes as SHA-256(0x00 || data), a node as SHA-256(0x01 || left || right), a tree of
 * n > 1 leaves splits at the largest power of two below n, the empty tree is SHA-256("").
 * Proofs are generated and verified with the algorithms of §2.1.3 (inclusion) and §2.1.4
 * (consistency), so any RFC 9162 client checks what this log serves.
 */

export const HASH_BYTES = 32;

const LEAF_PREFIX = Uint8Array.of(0);
const NODE_PREFIX = Uint8Array.of(1);

export function leafHash(data: Uint8Array): Uint8Array {
  return createHash('sha256').update(LEAF_PREFIX).update(data).digest();
}

export function nodeHash(left: Uint8Array, right: Uint8Array): Uint8Array {
  return createHash('sha256').update(NODE_PREFIX).update(left).update(right).digest();
}

export const EMPTY_ROOT: Uint8Array = createHash('sha256').digest();

/** The largest power of two strictly below `n` (n ≥ 2): where RFC 9162 splits a tree of n leaves. */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

function isPowerOfTwo(n: number): boolean {
  return n > 0 && (n & (n - 1)) === 0;
}

/** Nodes a level's buffer holds at first: it doubles as the level fills. */
const FIRST_CAPACITY = 256;

/**
 * An append-only tree over leaf hashes. It keeps the hash of every complete, aligned subtree
 * (level h holds the hashes of the leaves [i·2^h, (i+1)·2^h)), so any root or proof of any size
 * takes O(log² n) hashes instead of rehashing the leaves. Each level's hashes are packed in one
 * buffer, 32 bytes a node: a proof's hashes are views into it, so serving one allocates little
 * and the heap holds a few large buffers instead of one small object per node.
 */
export class MerkleTree {
  /** levels[h]: the nodes of height h packed, the first counts[h] of them written. */
  private readonly levels: Buffer[] = [Buffer.alloc(0)];
  private readonly counts: number[] = [0];

  /**
   * The tree of `size` leaves from the hashes stored of it: `stored[h]`, the first hashes of
   * height h packed (any whole number of them, none beyond the tree), and the leaves' hashes
   * for what is not stored (`leafHashAt`, asked only for the leaves past the stored level 0).
   * Every node not stored is hashed from the level below, so a tree stored to its last full
   * tiles is rebuilt by hashing only its right edge.
   */
  static restored(
    size: number,
    stored: readonly (Uint8Array | undefined)[],
    leafHashAt: (index: number) => Uint8Array,
  ): MerkleTree {
    if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`no tree of ${size} leaves`);
    const tree = new MerkleTree();
    for (let height = 0; height === 0 || size >= 2 ** height; height += 1) {
      const count = Math.floor(size / 2 ** height);
      const kept = stored[height] ?? new Uint8Array(0);
      if (kept.length % HASH_BYTES !== 0 || kept.length / HASH_BYTES > count)
        throw new RangeError(
          `${kept.length} bytes stored at height ${height}: not a whole number of the ${count} nodes a tree of ${size} has there`,
        );
      if (height > 0) {
        tree.levels.push(Buffer.alloc(0));
        tree.counts.push(0);
      }
      tree.reserve(height, count);
      tree.levels[height].set(kept);
      tree.counts[height] = kept.length / HASH_BYTES;
      for (let i = tree.counts[height]; i < count; i += 1)
        tree.push(
          height,
          height === 0
            ? leafHashAt(i)
            : nodeHash(tree.node(height - 1, 2 * i), tree.node(height - 1, 2 * i + 1)),
        );
    }
    return tree;
  }

  get size(): number {
    return this.counts[0];
  }

  /** The highest height that holds a node (0 for a tree of at most one leaf). */
  get height(): number {
    return this.counts.length - 1;
  }

  /** Appends a leaf hash (not the leaf's data: hash it with `leafHash`); returns its index. */
  append(hash: Uint8Array): number {
    const index = this.counts[0];
    this.push(0, hash);
    let level = 0;
    let position = index;
    while (position % 2 === 1) {
      const parent = nodeHash(this.node(level, position - 1), this.node(level, position));
      level += 1;
      if (this.levels.length === level) {
        this.levels.push(Buffer.alloc(0));
        this.counts.push(0);
      }
      this.push(level, parent);
      position = (position - 1) / 2;
    }
    return index;
  }

  leaf(index: number): Uint8Array {
    return this.node(0, index);
  }

  /** How many complete subtrees of height `height` the tree holds (level 0: its leaves). */
  countAt(height: number): number {
    return this.counts[height] ?? 0;
  }

  /** The hash of the `index`-th complete subtree of height `height`: a view, not a copy. */
  node(height: number, index: number): Uint8Array {
    if (index < 0 || index >= this.countAt(height))
      throw new RangeError(`no node ${index} at height ${height}`);
    return this.levels[height].subarray(index * HASH_BYTES, (index + 1) * HASH_BYTES);
  }

  /**
   * The hashes of the complete subtrees of height `height` (level 0: the leaves), `count` of
   * them from the `from`-th: fewer where the tree does not hold that many yet (a tile's hashes).
   */
  hashesAt(height: number, from: number, count: number): Uint8Array[] {
    const packed = this.packedHashesAt(height, from, count);
    const hashes: Uint8Array[] = [];
    for (let at = 0; at < packed.length; at += HASH_BYTES)
      hashes.push(packed.subarray(at, at + HASH_BYTES));
    return hashes;
  }

  /** `hashesAt`, concatenated as a tile holds them: a view of the level, not a copy. */
  packedHashesAt(height: number, from: number, count: number): Uint8Array {
    const available = this.countAt(height);
    const start = Math.min(Math.max(0, from), available);
    const end = Math.min(Math.max(start, from + count), available);
    return (this.levels[height] ?? Buffer.alloc(0)).subarray(start * HASH_BYTES, end * HASH_BYTES);
  }

  /** The root of the first `size` leaves (default all). */
  root(size = this.size): Uint8Array {
    this.checkSize(size);
    return size === 0 ? EMPTY_ROOT : this.rangeHash(0, size);
  }

  /** RFC 9162 §2.1.3.1: the inclusion proof of leaf `index` in the tree of the first `size` leaves. */
  inclusionProof(index: number, size = this.size): Uint8Array[] {
    this.checkSize(size);
    if (!Number.isSafeInteger(index) || index < 0 || index >= size)
      throw new RangeError(`leaf ${index} is not in a tree of ${size}`);
    const proof: Uint8Array[] = [];
    let start = 0;
    let end = size;
    // Walks down from the root; each step's sibling is the next proof hash up from the leaf.
    while (end - start > 1) {
      const k = splitPoint(end - start);
      if (index < start + k) {
        proof.push(this.rangeHash(start + k, end));
        end = start + k;
      } else {
        proof.push(this.rangeHash(start, start + k));
        start += k;
      }
    }
    return proof.reverse();
  }

  /** RFC 9162 §2.1.4.1: the consistency proof between the trees of the first `from` and `to` leaves. */
  consistencyProof(from: number, to = this.size): Uint8Array[] {
    this.checkSize(to);
    if (!Number.isSafeInteger(from) || from < 0 || from > to)
      throw new RangeError(`no consistency proof from ${from} to ${to}`);
    if (from === 0 || from === to) return [];
    const proof: Uint8Array[] = [];
    let start = 0;
    let end = to;
    let m = from;
    let whole = true;
    // SUBPROOF(m, D[start:end], whole), unrolled: the hashes are found top-down, listed bottom-up.
    while (m !== end - start) {
      const k = splitPoint(end - start);
      if (m <= k) {
        proof.push(this.rangeHash(start + k, end));
        end = start + k;
      } else {
        proof.push(this.rangeHash(start, start + k));
        start += k;
        m -= k;
        whole = false;
      }
    }
    if (!whole) proof.push(this.rangeHash(start, end));
    return proof.reverse();
  }

  private checkSize(size: number): void {
    if (!Number.isSafeInteger(size) || size < 0 || size > this.size)
      throw new RangeError(`the tree has ${this.size} leaves, not ${size}`);
  }

  /** MTH of the leaves [start, end) (end > start): cached where the range is a complete subtree. */
  private rangeHash(start: number, end: number): Uint8Array {
    const width = end - start;
    if (isPowerOfTwo(width) && start % width === 0) {
      return this.node(Math.log2(width), start / width);
    }
    const k = splitPoint(width);
    return nodeHash(this.rangeHash(start, start + k), this.rangeHash(start + k, end));
  }

  /** Room for at least `count` nodes at `height`, the written ones kept. */
  private reserve(height: number, count: number): void {
    const level = this.levels[height];
    if (level.length >= count * HASH_BYTES) return;
    let capacity = Math.max(FIRST_CAPACITY, level.length / HASH_BYTES);
    while (capacity < count) capacity *= 2;
    const grown = Buffer.alloc(capacity * HASH_BYTES);
    level.copy(grown, 0, 0, this.counts[height] * HASH_BYTES);
    this.levels[height] = grown;
  }

  private push(height: number, hash: Uint8Array): void {
    const count = this.counts[height];
    this.reserve(height, count + 1);
    this.levels[height].set(hash, count * HASH_BYTES);
    this.counts[height] = count + 1;
  }
}

function sameHash(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

/** The root an inclusion proof leads to (RFC 9162 §2.1.3.2), or undefined when it cannot be one. */
export function rootFromInclusionProof(
  index: number,
  size: number,
  leaf: Uint8Array,
  proof: readonly Uint8Array[],
): Uint8Array | undefined {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size)
    return undefined;
  // Index arithmetic beyond 2^31 would need BigInt; the log's sizes are safe integers.
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return undefined;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(p, r);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 ? r : undefined;
}

export function verifyInclusion(
  index: number,
  size: number,
  leaf: Uint8Array,
  proof: readonly Uint8Array[],
  root: Uint8Array,
): boolean {
  const computed = rootFromInclusionProof(index, size, leaf, proof);
  return computed !== undefined && sameHash(computed, root);
}

/** RFC 9162 §2.1.4.2: whether `proof` shows the tree of size `from` is a prefix of the tree of size `to`. */
export function verifyConsistency(
  from: number,
  to: number,
  fromRoot: Uint8Array,
  toRoot: Uint8Array,
  proof: readonly Uint8Array[],
): boolean {
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from < 0 || from > to)
    return false;
  if (from === to) return proof.length === 0 && sameHash(fromRoot, toRoot);
  if (from === 0) return proof.length === 0;
  if (proof.length === 0) return false;
  const path = isPowerOfTwo(from) ? [fromRoot, ...proof] : [...proof];
  let fn = from - 1;
  let sn = to - 1;
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  let fr = path[0];
  let sr = path[0];
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && sameHash(fr, fromRoot) && sameHash(sr, toRoot);
}
