import { generateKeyPairSync, sign } from 'node:crypto';
import { base64Of, utf8Bytes } from '../shared/bytes';
import {
  checkpointBody,
  noteKeyHash,
  parseCheckpoint,
  rawEd25519Key,
  signedNote,
} from './checkpoint';
import { logLeafHash, type LogLeaf } from './log-leaf';
import { checkLogProof, checkSavedCheckpoint } from './log-proof';
import { MerkleTree } from './merkle';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const spkiDer = new Uint8Array(publicKey.export({ format: 'der', type: 'spki' }));
const spki = base64Of(spkiDer);
const origin = 'matchlog/00000000000000aa';

function checkpointOf(tree: MerkleTree, size: number): string {
  const body = checkpointBody({ origin, size, rootHash: tree.root(size) });
  return signedNote(body, {
    keyName: origin,
    keyHash: noteKeyHash(origin, rawEd25519Key(spkiDer)),
    signature: sign(null, utf8Bytes(body), privateKey),
  });
}

const leafOf = (i: number): LogLeaf => ({
  matchId: `m${i}`,
  seq: 5,
  headHash: i.toString(16).padStart(64, '0'),
  time: '2026-12-07T00:00:00.000Z',
});

describe('an export’s log proof', () => {
  const tree = new MerkleTree();
  for (let i = 0; i < 13; i += 1) tree.append(logLeafHash(leafOf(i)));
  const proofOf = (index: number, size = 13) => ({
    leaf: leafOf(index),
    index,
    inclusionProof: tree.inclusionProof(index, size).map(base64Of),
    checkpoint: checkpointOf(tree, size),
  });
  const context = (index: number) => ({
    matchId: `m${index}`,
    hashAt: (seq: number) => (seq === 5 ? leafOf(index).headHash : undefined),
    keys: [spki],
  });

  it('holds when the leaf names the export’s head and the proof leads to the signed root', () => {
    expect(checkLogProof(proofOf(7), context(7))).toMatchObject({
      ok: true,
      index: 7,
      treeSize: 13,
      seq: 5,
    });
  });

  it('fails for another head, another match, another index, another key', () => {
    const rewritten = { ...context(7), hashAt: () => 'f'.repeat(64) };
    expect(checkLogProof(proofOf(7), rewritten)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/another head at seq 5/),
    });
    expect(checkLogProof(proofOf(7), context(8))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/names match m7/),
    });
    expect(checkLogProof({ ...proofOf(7), index: 6 }, context(7))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/does not lead from leaf 6/),
    });
    const stranger = base64Of(
      new Uint8Array(
        generateKeyPairSync('ed25519').publicKey.export({ format: 'der', type: 'spki' }),
      ),
    );
    expect(checkLogProof(proofOf(7), { ...context(7), keys: [stranger] })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/not signed by the server's key/),
    });
  });

  it('compares a saved checkpoint: same root, split view, consistency with and without a proof', () => {
    const at = (size: number) => parseCheckpoint(checkpointOf(tree, size));
    expect(checkSavedCheckpoint(at(13), at(13))).toMatchObject({ ok: true, proven: true });
    const forgedBody = checkpointBody({ origin, size: 13, rootHash: new Uint8Array(32) });
    const forged = parseCheckpoint(
      signedNote(forgedBody, {
        keyName: origin,
        keyHash: noteKeyHash(origin, rawEd25519Key(spkiDer)),
        signature: sign(null, utf8Bytes(forgedBody), privateKey),
      }),
    );
    expect(checkSavedCheckpoint(forged, at(13))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^split view/),
    });
    expect(checkSavedCheckpoint(at(9), at(13))).toMatchObject({ ok: true, proven: false });
    const proof = { from: 9, to: 13, consistencyProof: tree.consistencyProof(9, 13).map(base64Of) };
    expect(checkSavedCheckpoint(at(9), at(13), proof)).toMatchObject({ ok: true, proven: true });
    expect(
      checkSavedCheckpoint(at(9), at(13), {
        ...proof,
        consistencyProof: tree.consistencyProof(8, 13).map(base64Of),
      }),
    ).toMatchObject({ ok: false });
    expect(checkSavedCheckpoint(at(9), at(13), { ...proof, from: 8 })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/from=9&to=13/),
    });
  });
});
