import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** A secret sealed with AES-256-GCM: which key, the nonce, the ciphertext and its tag (base64). */
export interface SealedSecret {
  alg: 'A256GCM';
  keyId: string;
  iv: string;
  ciphertext: string;
  tag: string;
}

/** The id of a key, recorded beside what it sealed (a hash of the key, never the key). */
export function secretKeyId(key: Buffer): string {
  return createHash('sha256')
    .update('matchlog-secret-key/1\n')
    .update(key)
    .digest('hex')
    .slice(0, 16);
}

/**
 * The keys that seal the secrets kept in the event store (dice seeds): the current key seals,
 * and every key, current or previous, opens what it sealed. Rotating is adding a new current
 * key and keeping the old one among the previous keys until nothing sealed with it is needed.
 */
export class SecretKeyring {
  private readonly keys = new Map<string, Buffer>();
  private readonly currentId: string;

  constructor(current: Buffer, previous: readonly Buffer[] = []) {
    for (const key of [current, ...previous]) {
      if (key.length !== 32) throw new Error('A secret key must be 32 bytes (AES-256)');
      this.keys.set(secretKeyId(key), key);
    }
    this.currentId = secretKeyId(current);
  }

  /** Seals `plaintext` under the current key, bound to `context` (what it belongs to). */
  seal(plaintext: Uint8Array, context: string): SealedSecret {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.currentId)!, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return {
      alg: 'A256GCM',
      keyId: this.currentId,
      iv: iv.toString('base64'),
      ciphertext: ciphertext.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
    };
  }

  /** Opens a sealed secret; throws when its key is unknown or it was altered or moved. */
  open(sealed: SealedSecret, context: string): Uint8Array {
    const key = this.keys.get(sealed.keyId);
    if (key === undefined)
      throw new Error(
        `The secret of ${context} is sealed with key ${sealed.keyId}, which is not configured (MATCHLOG_SECRET_KEY or MATCHLOG_SECRET_KEYS_PREVIOUS)`,
      );
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    return new Uint8Array(
      Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()]),
    );
  }
}
