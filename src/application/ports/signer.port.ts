/**
 * The server's signing key: exports are signed with it (DESIGN section 2: the head hash of a
 * match, signed, lets anyone check offline that an export came from this server unchanged).
 */
export interface PublicKeyInfo {
  alg: 'Ed25519';
  /** First 16 hex digits of sha256 of the SPKI DER encoding of the public key. */
  keyId: string;
  /** base64 of the public key's SPKI DER encoding. */
  publicKey: string;
}

/** A key as GET /api/v1/keys lists it. */
export interface PublishedKeyInfo extends PublicKeyInfo {
  /** When this store first signed with it (ISO 8601 UTC); absent for keys recorded before. */
  since?: string;
}

export interface SignatureInfo extends PublicKeyInfo {
  /** base64 of the signature. */
  value: string;
}

export interface Signer {
  /**
   * Signs `bytes` with the current key, off the event loop (every accepted write is answered
   * with a signed receipt: a signature on the main thread would cost the decision path about
   * 70 µs each).
   */
  sign(bytes: Uint8Array): Promise<SignatureInfo>;
  /** The keys this server signs or has signed with, current first. */
  publicKeys(): PublishedKeyInfo[];
}

export const SIGNING_KEY = Symbol('SigningKey');
