import { createHash, createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import { base64Of, bytesOfBase64, utf8Bytes } from '../shared/bytes';
import {
  CheckpointFormatError,
  checkpointBody,
  checkpointSignedBy,
  noteKeyHash,
  noteSignedBy,
  noteVerifierKey,
  parseCheckpoint,
  parseNote,
  rawEd25519Key,
  signedNote,
  spkiOfRawEd25519Key,
} from './checkpoint';
import { LEAF_FORMAT, leafBytes, leafProblem, logLeafHash } from './log-leaf';

// The signed note of golang.org/x/mod/sumdb/note's documentation and tests (C2SP signed-note's
// reference implementation), used as data: its verifier key, signer key and note.
const PETER_VKEY = 'PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW';
const PETER_SKEY_SEED = 'AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz';
const PETER_TEXT =
  'If you think cryptography is the answer to your problem,\n' +
  "then you don't know what your problem is.\n";
const PETER_NOTE = `${PETER_TEXT}\n— PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n`;
const peterRawKey = bytesOfBase64(PETER_VKEY.split('+')[2]).subarray(1);

function privateKeyOfSeed(seed: Uint8Array) {
  // PKCS#8 of an Ed25519 seed: the fixed prefix then the 32 bytes.
  const prefix = Buffer.from('302e020100300506032b657004220420', 'hex');
  return createPrivateKey({ key: Buffer.concat([prefix, seed]), format: 'der', type: 'pkcs8' });
}

describe('signed notes (C2SP signed-note)', () => {
  it('computes the reference key hash and verifier key', () => {
    expect(Buffer.from(noteKeyHash('PeterNeumann', peterRawKey)).toString('hex')).toBe('c74f20a3');
    expect(noteVerifierKey('PeterNeumann', peterRawKey)).toBe(PETER_VKEY);
  });

  it('verifies the reference note and refuses it altered or under another name', () => {
    const spki = spkiOfRawEd25519Key(peterRawKey);
    expect(noteSignedBy(parseNote(PETER_NOTE), spki, 'PeterNeumann')).toBe(true);
    const altered = PETER_NOTE.replace('cryptography', 'cryptographY');
    expect(noteSignedBy(parseNote(altered), spki, 'PeterNeumann')).toBe(false);
    expect(noteSignedBy(parseNote(PETER_NOTE), spki, 'PaulNeumann')).toBe(false);
  });

  it('writes the reference note byte for byte (Ed25519 is deterministic)', () => {
    const seed = bytesOfBase64(PETER_SKEY_SEED).subarray(1);
    const signature = sign(null, utf8Bytes(PETER_TEXT), privateKeyOfSeed(seed));
    const note = signedNote(PETER_TEXT, {
      keyName: 'PeterNeumann',
      keyHash: noteKeyHash('PeterNeumann', peterRawKey),
      signature,
    });
    expect(note).toBe(PETER_NOTE);
  });
});

const SIG = base64Of(new Uint8Array(68));

describe('checkpoints (C2SP tlog-checkpoint)', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const spkiDer = new Uint8Array(publicKey.export({ format: 'der', type: 'spki' }));
  const spki = base64Of(spkiDer);
  const origin = 'matchlog/0123456789abcdef';
  const root = new Uint8Array(32).fill(9);
  const checkpointText = (body: string) =>
    signedNote(body, {
      keyName: origin,
      keyHash: noteKeyHash(origin, rawEd25519Key(spkiDer)),
      signature: sign(null, utf8Bytes(body), privateKey),
    });

  it('round-trips origin, size, root and time, signed under the origin', () => {
    const body = checkpointBody({ origin, size: 42, rootHash: root, time: '2026-12-07T03:00:00Z' });
    expect(body).toBe(`${origin}\n42\n${base64Of(root)}\ntime 2026-12-07T03:00:00Z\n`);
    const parsed = parseCheckpoint(checkpointText(body));
    expect(parsed).toMatchObject({ origin, size: 42, time: '2026-12-07T03:00:00Z' });
    expect(base64Of(parsed.rootHash)).toBe(base64Of(root));
    expect(checkpointSignedBy(parsed, spki)).toBe(true);
    const other = base64Of(
      new Uint8Array(
        generateKeyPairSync('ed25519').publicKey.export({ format: 'der', type: 'spki' }),
      ),
    );
    expect(checkpointSignedBy(parsed, other)).toBe(false);
    // Another size under the same signature.
    expect(
      checkpointSignedBy(parseCheckpoint(checkpointText(body).replace('\n42\n', '\n43\n')), spki),
    ).toBe(false);
  });

  it.each([
    ['', /body, a blank line/],
    ['just some text\n', /body, a blank line/],
    [`${origin}\n42\n\n— x ${SIG}\n`, /three lines/],
    [`${origin}\nforty\n${base64Of(root)}\n\n— x ${SIG}\n`, /tree size, a decimal number/],
    [`${origin}\n042\n${base64Of(root)}\n\n— x ${SIG}\n`, /tree size, a decimal number/],
    [`${origin}\n42\nnot-base64\n\n— x ${SIG}\n`, /32 bytes in base64/],
    [`${origin}\n42\n${base64Of(root)}\n\n- x AAAAAAAA\n`, /signature line 1/],
    [`${origin}\n42\n${base64Of(root)}\n\n— x A\n`, /signature line 1/],
  ])('refuses %j with one line saying what is wrong', (text, message) => {
    let error: unknown;
    try {
      parseCheckpoint(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CheckpointFormatError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
  });
});

describe('log leaves', () => {
  const leaf = {
    matchId: 'm-1',
    seq: 12,
    headHash: 'ab'.repeat(32),
    time: '2026-12-07T03:00:00.000Z',
  };

  it('are text, one field a line', () => {
    expect(Buffer.from(leafBytes(leaf)).toString()).toBe(
      `${LEAF_FORMAT}\nm-1\n12\n${'ab'.repeat(32)}\n2026-12-07T03:00:00.000Z\n`,
    );
    // RFC 9162: 0x00 || bytes.
    const expected = createHash('sha256')
      .update(Buffer.concat([Buffer.of(0), Buffer.from(leafBytes(leaf))]))
      .digest('hex');
    expect(Buffer.from(logLeafHash(leaf)).toString('hex')).toBe(expected);
  });

  it('refuse fields that would not read back the same', () => {
    expect(leafProblem(leaf)).toBeUndefined();
    expect(leafProblem({ ...leaf, matchId: 'a\nb' })).toMatch(/matchId/);
    expect(leafProblem({ ...leaf, seq: -1 })).toMatch(/seq/);
    expect(leafProblem({ ...leaf, headHash: 'AB'.repeat(32) })).toMatch(/headHash/);
    expect(leafProblem({ ...leaf, time: '' })).toMatch(/time/);
    expect(() => leafBytes({ ...leaf, seq: 1.5 })).toThrow(TypeError);
  });
});
