import { createHash } from 'node:crypto';
import { base64Of, bytesOfBase64, hexOf, utf8Bytes } from '../shared/bytes';
import { spkiKeyOf, verifiesWith } from '../export/ed25519';
import { HASH_BYTES } from './merkle';

/**
 * Checkpoints in the C2SP `tlog-checkpoint` format, as C2SP `signed-note` notes (the format
 * of the Go checksum database and Rekor v2):
 *
 *   <origin>\n<tree size, decimal>\n<base64 root hash>\n[extension lines]\n
 *   \n
 *   — <key name> <base64(key hash (4 bytes) || Ed25519 signature (64 bytes))>\n
 *
 * The signature covers the body (the lines above the blank one, with their final LF). An
 * Ed25519 key's hash is the first 4 bytes of SHA-256(key name || 0x0A || 0x01 || public key).
 * matchlog adds one extension line, `time <ISO 8601>`: when the checkpoint was signed.
 */

export interface Checkpoint {
  origin: string;
  size: number;
  rootHash: Uint8Array;
  /** The `time` extension line's value, when present. */
  time?: string;
}

export interface NoteSignature {
  keyName: string;
  /** 4 bytes. */
  keyHash: Uint8Array;
  /** The signature proper (64 bytes for Ed25519). */
  signature: Uint8Array;
}

export interface SignedCheckpoint extends Checkpoint {
  /** The signed body's bytes (the text before the blank line). */
  body: Uint8Array;
  signatures: NoteSignature[];
  /** The note as given. */
  text: string;
}

/** Thrown by parseCheckpoint: one line saying what is wrong. */
export class CheckpointFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CheckpointFormatError';
  }
}

const ED25519_SIGNATURE_TYPE = 0x01;
const SIGNATURE_PREFIX = '\u2014 ';
const KEY_NAME = /^[^\s+]+$/;
const TIME_EXTENSION = 'time ';

export function checkpointBody(checkpoint: Checkpoint): string {
  if (checkpoint.origin === '' || /[\n\r]/.test(checkpoint.origin))
    throw new TypeError('a checkpoint origin is one non-empty line');
  return (
    `${checkpoint.origin}\n${checkpoint.size}\n${base64Of(checkpoint.rootHash)}\n` +
    (checkpoint.time === undefined ? '' : `${TIME_EXTENSION}${checkpoint.time}\n`)
  );
}

/** The C2SP key hash of an Ed25519 key named `keyName` (raw 32-byte public key). */
export function noteKeyHash(keyName: string, rawPublicKey: Uint8Array): Uint8Array {
  return createHash('sha256')
    .update(utf8Bytes(`${keyName}\n`))
    .update(Uint8Array.of(ED25519_SIGNATURE_TYPE))
    .update(rawPublicKey)
    .digest()
    .subarray(0, 4);
}

/** The raw 32-byte Ed25519 key of an SPKI DER encoding (its last 32 bytes). */
export function rawEd25519Key(spkiDer: Uint8Array): Uint8Array {
  return spkiDer.subarray(spkiDer.length - 32);
}

/** The verifier key text (`<name>+<hex key hash>+<base64(0x01 || key)>`) Go's note package reads. */
export function noteVerifierKey(keyName: string, rawPublicKey: Uint8Array): string {
  const hash = hexOf(noteKeyHash(keyName, rawPublicKey));
  return `${keyName}+${hash}+${base64Of(Uint8Array.of(ED25519_SIGNATURE_TYPE, ...rawPublicKey))}`;
}

/** The note: `body`, a blank line, and one signature line. */
export function signedNote(body: string, signature: NoteSignature): string {
  if (!KEY_NAME.test(signature.keyName)) throw new TypeError('a key name has no spaces and no +');
  const blob = new Uint8Array(signature.keyHash.length + signature.signature.length);
  blob.set(signature.keyHash);
  blob.set(signature.signature, signature.keyHash.length);
  return `${body}\n${SIGNATURE_PREFIX}${signature.keyName} ${base64Of(blob)}\n`;
}

export interface SignedNote {
  /** The signed body's bytes (the text before the blank line, with its final LF). */
  body: Uint8Array;
  bodyText: string;
  signatures: NoteSignature[];
}

/** Reads a C2SP signed note; throws CheckpointFormatError saying what is wrong. */
export function parseNote(text: string): SignedNote {
  const split = text.lastIndexOf('\n\n');
  if (split < 0 || !text.endsWith('\n'))
    throw new CheckpointFormatError(
      'not a signed checkpoint: a C2SP note is its body, a blank line, then signature lines, each ending in a newline',
    );
  const bodyText = text.slice(0, split + 1);
  const signatures = text
    .slice(split + 2, -1)
    .split('\n')
    .map((line, i) => parseSignatureLine(line, i + 1));
  return { body: utf8Bytes(bodyText), bodyText, signatures };
}

/** Reads a checkpoint note; throws CheckpointFormatError saying what is wrong. */
export function parseCheckpoint(text: string): SignedCheckpoint {
  const note = parseNote(text);
  const lines = note.bodyText.slice(0, -1).split('\n');
  if (lines.length < 3)
    throw new CheckpointFormatError(
      'the checkpoint body needs three lines: origin, tree size, base64 root hash',
    );
  const [origin, sizeText, rootText, ...extensions] = lines;
  if (origin === '') throw new CheckpointFormatError('the checkpoint has no origin line');
  if (!/^(0|[1-9][0-9]*)$/.test(sizeText) || !Number.isSafeInteger(Number(sizeText)))
    throw new CheckpointFormatError(
      `the checkpoint's second line must be the tree size, a decimal number (got ${JSON.stringify(sizeText.slice(0, 40))})`,
    );
  let rootHash: Uint8Array;
  try {
    rootHash = bytesOfBase64(rootText);
  } catch {
    rootHash = new Uint8Array();
  }
  if (rootHash.length !== HASH_BYTES)
    throw new CheckpointFormatError(
      "the checkpoint's third line must be the root hash: 32 bytes in base64",
    );
  if (extensions.some((line) => line === ''))
    throw new CheckpointFormatError('the checkpoint has an empty extension line');
  const time = extensions
    .find((line) => line.startsWith(TIME_EXTENSION))
    ?.slice(TIME_EXTENSION.length);
  return {
    origin,
    size: Number(sizeText),
    rootHash,
    ...(time === undefined ? {} : { time }),
    body: note.body,
    signatures: note.signatures,
    text,
  };
}

function parseSignatureLine(line: string, n: number): NoteSignature {
  const malformed = () =>
    new CheckpointFormatError(
      `signature line ${n} of the checkpoint must be "— <key name> <base64 key hash and signature>"`,
    );
  if (!line.startsWith(SIGNATURE_PREFIX)) throw malformed();
  const [keyName, blobText, ...rest] = line.slice(SIGNATURE_PREFIX.length).split(' ');
  if (rest.length > 0 || !KEY_NAME.test(keyName ?? '') || blobText === undefined) throw malformed();
  let blob: Uint8Array;
  try {
    blob = bytesOfBase64(blobText);
  } catch {
    throw malformed();
  }
  if (blob.length < 5) throw malformed();
  return { keyName, keyHash: blob.subarray(0, 4), signature: blob.subarray(4) };
}

const ED25519_SPKI_PREFIX = Uint8Array.of(
  0x30,
  0x2a,
  0x30,
  0x05,
  0x06,
  0x03,
  0x2b,
  0x65,
  0x70,
  0x03,
  0x21,
  0x00,
);

/** The base64 SPKI DER encoding of a raw 32-byte Ed25519 key (the form GET /api/v1/keys lists). */
export function spkiOfRawEd25519Key(raw: Uint8Array): string {
  return base64Of(Uint8Array.of(...ED25519_SPKI_PREFIX, ...raw));
}

/**
 * Whether the note carries a valid Ed25519 signature by the key `publicKeySpki` (base64 SPKI
 * DER, as GET /api/v1/keys lists it) under the name `keyName`.
 */
export function noteSignedBy(
  note: Pick<SignedNote, 'body' | 'signatures'>,
  publicKeySpki: string,
  keyName: string,
): boolean {
  let key: ReturnType<typeof spkiKeyOf>;
  try {
    key = spkiKeyOf(publicKeySpki);
  } catch {
    return false;
  }
  const hash = hexOf(noteKeyHash(keyName, rawEd25519Key(key.der)));
  return note.signatures.some(
    (s) =>
      s.keyName === keyName &&
      hexOf(s.keyHash) === hash &&
      s.signature.length === 64 &&
      verifiesWith(key.key, note.body, base64Of(s.signature)),
  );
}

/** Whether the checkpoint is signed by `publicKeySpki` under its origin, the log's key name. */
export function checkpointSignedBy(checkpoint: SignedCheckpoint, publicKeySpki: string): boolean {
  return noteSignedBy(checkpoint, publicKeySpki, checkpoint.origin);
}
