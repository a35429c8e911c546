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

/**
 * An append-only tree over leaf hashes. It keeps the hash of every complete, aligned subtree
 * (level h holds the hashes of the leaves [i·2^h, (i+1)·2^h)), so any root or proof of any size
 * takes O(log² n) hashes instead of rehashing the leaves.
 */
export class MerkleTree {
  /** levels[0]: the leaf hashes; levels[h][i]: the node over leaves [i·2^h, (i+1)·2^h). */
  private readonly levels: Uint8Array[][] = [[]];

  get size(): number {
    return this.levels[0].length;
  }

  /** Appends a leaf hash (not the leaf's data: hash it with `leafHash`); returns its index. */
  append(hash: Uint8Array): number {
    const index = this.levels[0].length;
    this.levels[0].push(hash);
    let level = 0;
    let position = index;
    while (position % 2 === 1) {
      const nodes = this.levels[level];
      const parent = nodeHash(nodes[position - 1], nodes[position]);
      level += 1;
      if (this.levels.length === level) this.levels.push([]);
      this.levels[level].push(parent);
      position = (position - 1) / 2;
    }
    return index;
  }

  leaf(index: number): Uint8Array {
    return this.levels[0][index];
  }

  /**
   * The hashes of the complete subtrees of height `height` (level 0: the leaves), `count` of
   * them from the `from`-th: fewer where the tree does not hold that many yet (a tile's hashes).
   */
  hashesAt(height: number, from: number, count: number): Uint8Array[] {
    return (this.levels[height] ?? []).slice(from, from + count);
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
      return this.levels[Math.log2(width)][start / width];
    }
    const k = splitPoint(width);
    return nodeHash(this.rangeHash(start, start + k), this.rangeHash(start + k, end));
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
