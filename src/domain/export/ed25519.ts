import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { BASE64, bytesOfBase64 } from '../shared/bytes';

/** Ed25519 signatures and keys as exports and receipts carry them: base64, SPKI DER. */

/** Whether `signatureBase64` is `key`'s Ed25519 signature of `bytes` (false for any malformed input). */
export function verifiesWith(key: KeyObject, bytes: Uint8Array, signatureBase64: string): boolean {
  try {
    return verify(null, bytes, key, decodeBase64(signatureBase64));
  } catch {
    return false;
  }
}

/** A public key given as base64 SPKI DER (throws when it is not one). */
export function spkiKeyOf(base64: string): { key: KeyObject; der: Uint8Array } {
  const der = decodeBase64(base64);
  // Node takes any Uint8Array as DER (its typings name only Buffer).
  return { der, key: createPublicKey({ key: der as Buffer, format: 'der', type: 'spki' }) };
}

export { BASE64 };

/** Strict base64: Buffer.from would skip characters that are not base64. */
export const decodeBase64 = bytesOfBase64;
