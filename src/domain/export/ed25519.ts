import { createPublicKey, verify, type KeyObject } from 'node:crypto';

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
export function spkiKeyOf(base64: string): { key: KeyObject; der: Buffer } {
  const der = decodeBase64(base64);
  return { der, key: createPublicKey({ key: der, format: 'der', type: 'spki' }) };
}

export const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Strict base64: Buffer.from would skip characters that are not base64. */
export function decodeBase64(text: string): Buffer {
  if (!BASE64.test(text)) throw new TypeError('not base64');
  return Buffer.from(text, 'base64');
}
