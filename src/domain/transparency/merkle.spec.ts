import { createHash } from 'node:crypto';
import {
  EMPTY_ROOT,
  MerkleTree,
  leafHash,
  rootFromInclusionProof,
  verifyConsistency,
  verifyInclusion,
} from './merkle';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const unhex = (text: string) => new Uint8Array(Buffer.from(text, 'hex'));

// The RFC 6962 reference leaves and tree heads (as published with transparency-dev/merkle and
// Certificate Transparency's test suites), used as data.
const RFC_LEAVES = [
  '',
  '00',
  '10',
  '2021',
  '3031',
  '40414243',
  '5051525354555657',
  '606162636465666768696a6b6c6d6e6f',
].map(unhex);
const RFC_ROOTS = [
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];

// RFC 9162 §2.1.1–2.1.4 written as the RFC states them (recursion over slices, no cache):
// the reference the cached tree must agree with.
const sha = (...parts: Uint8Array[]) => {
  const h = createHash('sha256');
  for (const part of parts) h.update(part);
  return new Uint8Array(h.digest());
};
const split = (n: number) => 2 ** Math.ceil(Math.log2(n) - 1);
const mth = (d: Uint8Array[]): Uint8Array =>
  d.length === 0
    ? sha()
    : d.length === 1
      ? sha(Uint8Array.of(0), d[0])
      : sha(Uint8Array.of(1), mth(d.slice(0, split(d.length))), mth(d.slice(split(d.length))));
const path = (m: number, d: Uint8Array[]): Uint8Array[] => {
  if (d.length <= 1) return [];
  const k = split(d.length);
  return m < k
    ? [...path(m, d.slice(0, k)), mth(d.slice(k))]
    : [...path(m - k, d.slice(k)), mth(d.slice(0, k))];
};
const subproof = (m: number, d: Uint8Array[], b: boolean): Uint8Array[] => {
  if (m === d.length) return b ? [] : [mth(d)];
  const k = split(d.length);
  return m <= k
    ? [...subproof(m, d.slice(0, k), b), mth(d.slice(k))]
    : [...subproof(m - k, d.slice(k), false), mth(d.slice(0, k))];
};

function treeOf(data: Uint8Array[]): MerkleTree {
  const tree = new MerkleTree();
  for (const d of data) tree.append(leafHash(d));
  return tree;
}

const synthetic = (n: number) =>
  Array.from({ length: n }, (_, i) => new Uint8Array(Buffer.from(`leaf ${i}`)));

describe('the Merkle tree (RFC 9162 §2.1)', () => {
  it('has RFC 6962’s reference root for every size of the reference leaves', () => {
    const tree = treeOf(RFC_LEAVES);
    expect(hex(EMPTY_ROOT)).toBe(RFC_ROOTS[0]);
    for (let n = 0; n <= RFC_LEAVES.length; n += 1) expect(hex(tree.root(n))).toBe(RFC_ROOTS[n]);
  });

  it('gives the reference inclusion and consistency proofs of the 8-leaf tree', () => {
    const tree = treeOf(RFC_LEAVES);
    expect(tree.inclusionProof(0, 8).map(hex)).toEqual([
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ]);
    expect(tree.inclusionProof(5, 8).map(hex)).toEqual([
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ]);
    expect(tree.consistencyProof(2, 8).map(hex)).toEqual([
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ]);
    expect(tree.consistencyProof(2, 5).map(hex)).toEqual([
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ]);
    expect(tree.consistencyProof(6, 8).map(hex)).toEqual([
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ]);
  });

  it('agrees with the RFC’s recursion on every root and proof of every size up to 64', () => {
    const data = synthetic(64);
    const tree = treeOf(data);
    const differences: string[] = [];
    const same = (a: Uint8Array[], b: Uint8Array[]) => a.map(hex).join() === b.map(hex).join();
    for (let n = 1; n <= 64; n += 1) {
      const d = data.slice(0, n);
      if (hex(tree.root(n)) !== hex(mth(d))) differences.push(`root ${n}`);
      for (let m = 0; m < n; m += 1)
        if (!same(tree.inclusionProof(m, n), path(m, d))) differences.push(`inclusion ${m}/${n}`);
      for (let m = 1; m <= n; m += 1)
        if (!same(tree.consistencyProof(m, n), subproof(m, d, true)))
          differences.push(`consistency ${m}→${n}`);
    }
    expect(differences).toEqual([]);
  });

  it('verifies every inclusion and consistency proof up to 200 leaves, and refuses altered ones', () => {
    const size = 200;
    const tree = treeOf(synthetic(size));
    const roots = Array.from({ length: size + 1 }, (_, n) => tree.root(n));
    const bad = new Uint8Array(32).fill(7);
    // One expectation at the end: 40,000 proofs, each checked four ways.
    const failures: string[] = [];
    for (let n = 1; n <= size; n += 1) {
      for (let m = 0; m < n; m += 1) {
        const proof = tree.inclusionProof(m, n);
        if (!verifyInclusion(m, n, tree.leaf(m), proof, roots[n]))
          failures.push(`inclusion ${m} in ${n}`);
        // Another leaf at the same place, or the same proof for another index.
        if (n > 1 && verifyInclusion(m, n, bad, proof, roots[n]))
          failures.push(`another leaf at ${m} in ${n}`);
        if (n > 1 && verifyInclusion((m + 1) % n, n, tree.leaf(m), proof, roots[n]))
          failures.push(`leaf ${m} at index ${(m + 1) % n} in ${n}`);
      }
      for (let m = 1; m < n; m += 1) {
        const proof = tree.consistencyProof(m, n);
        if (!verifyConsistency(m, n, roots[m], roots[n], proof))
          failures.push(`consistency ${m}→${n}`);
        if (verifyConsistency(m, n, bad, roots[n], proof)) failures.push(`old root ${m}→${n}`);
        if (verifyConsistency(m, n, roots[m], bad, proof)) failures.push(`new root ${m}→${n}`);
        const altered = proof.map((p, i) => (i === proof.length - 1 ? bad : p));
        if (verifyConsistency(m, n, roots[m], roots[n], altered))
          failures.push(`altered proof ${m}→${n}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('restores from any whole prefix of each level the same roots and proofs as the RFC’s recursion', () => {
    const data = synthetic(300);
    const full = treeOf(data);
    const differences: string[] = [];
    for (const n of [1, 2, 3, 37, 64, 100, 255, 256, 300]) {
      const d = data.slice(0, n);
      // Each level keeps an arbitrary first part of its nodes: the rest is hashed again.
      const stored = Array.from({ length: 10 }, (_, h) =>
        full.packedHashesAt(h, 0, Math.floor(Math.floor(n / 2 ** h) / (h + 2))),
      );
      const restored = MerkleTree.restored(n, stored, (i) => leafHash(data[i]));
      if (hex(restored.root()) !== hex(mth(d))) differences.push(`root ${n}`);
      for (let m = 0; m < n; m += 7)
        if (restored.inclusionProof(m, n).map(hex).join() !== path(m, d).map(hex).join())
          differences.push(`inclusion ${m}/${n}`);
      for (let m = 1; m <= n; m += 5)
        if (
          restored.consistencyProof(m, n).map(hex).join() !== subproof(m, d, true).map(hex).join()
        )
          differences.push(`consistency ${m}→${n}`);
    }
    expect(differences).toEqual([]);
  });

  it('refuses proofs of impossible shapes', () => {
    const tree = treeOf(synthetic(10));
    const proof = tree.inclusionProof(3, 10);
    expect(rootFromInclusionProof(10, 10, tree.leaf(3), proof)).toBeUndefined();
    expect(rootFromInclusionProof(3, 10, tree.leaf(3), [...proof, proof[0]])).toBeUndefined();
    expect(rootFromInclusionProof(3, 10, tree.leaf(3), proof.slice(1))).toBeUndefined();
    expect(verifyConsistency(5, 4, tree.root(4), tree.root(4), [])).toBe(false);
    expect(verifyConsistency(4, 4, tree.root(4), tree.root(4), [])).toBe(true);
    expect(verifyConsistency(4, 4, tree.root(4), tree.root(5), [])).toBe(false);
    expect(verifyConsistency(3, 10, tree.root(3), tree.root(10), [])).toBe(false);
    expect(() => tree.inclusionProof(10, 10)).toThrow(RangeError);
    expect(() => tree.consistencyProof(3, 11)).toThrow(RangeError);
    expect(() => tree.consistencyProof(4, 3)).toThrow(RangeError);
  });
});
