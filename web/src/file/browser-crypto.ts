import { base64Of, bytesOfBase64, hexOf, utf8Bytes } from '@domain/shared/bytes';
import { hmacSha256, sha256 } from './sha256';

/**
 * The part of `node:crypto` the domain's verifier uses (sha256, HMAC-SHA256, Ed25519 public
 * keys and signatures), for the browser: the viewer's build resolves `node:crypto` to this
 * module (vite.config.mjs), so a match file is checked by the very code `matchlog verify`
 * runs. Hashes are computed here, synchronously; an Ed25519 signature is checked by WebCrypto,
 * which is asynchronous: `verify` answers from `checkedSignatures`, and a signature not yet
 * checked is answered `true` and listed in `uncheckedSignatures` for the caller to check and
 * run the verifier again (see verify-file.ts).
 */

type Data = string | Uint8Array;

function bytesOf(data: Data): Uint8Array {
  return typeof data === 'string' ? utf8Bytes(data) : data;
}

/** What node's Hash and Hmac give: update, then a digest as bytes or hex. */
class Digest {
  private readonly parts: Uint8Array[] = [];

  constructor(private readonly finish: (message: Uint8Array) => Uint8Array) {}

  update(data: Data): this {
    this.parts.push(bytesOf(data));
    return this;
  }

  digest(): Uint8Array;
  digest(encoding: 'hex'): string;
  digest(encoding?: 'hex'): Uint8Array | string {
    const message = this.parts.length === 1 ? this.parts[0] : concat(this.parts);
    const bytes = this.finish(message);
    return encoding === 'hex' ? hexOf(bytes) : bytes;
  }
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}

function only(algorithm: string): void {
  if (algorithm !== 'sha256') throw new Error(`${algorithm} is not available in the browser`);
}

export function createHash(algorithm: string): Digest {
  only(algorithm);
  return new Digest(sha256);
}

/** node's one-shot `hash` (sha256Hex uses it). */
export function hash(algorithm: string, data: Data, encoding: 'hex'): string {
  return createHash(algorithm).update(data).digest(encoding);
}

export function createHmac(algorithm: string, key: Uint8Array): Digest {
  only(algorithm);
  return new Digest((message) => hmacSha256(key, message));
}

/** The SPKI DER prefix of every Ed25519 public key (RFC 8410): the key's 32 bytes follow. */
const ED25519_SPKI_PREFIX = '302a300506032b6570032100';

export interface BrowserPublicKey {
  asymmetricKeyType: 'ed25519' | undefined;
  der: Uint8Array;
}

export function createPublicKey(input: { key: Uint8Array } | string): BrowserPublicKey {
  if (typeof input === 'string') {
    const body = input.replace(/-----(BEGIN|END) PUBLIC KEY-----|\s/g, '');
    return createPublicKey({ key: bytesOfBase64(body) });
  }
  const der = input.key;
  const ed25519 = der.length === 44 && hexOf(der.subarray(0, 12)) === ED25519_SPKI_PREFIX;
  if (!ed25519 && der[0] !== 0x30) throw new TypeError('not an SPKI DER key');
  return { asymmetricKeyType: ed25519 ? 'ed25519' : undefined, der };
}

export interface SignatureCheck {
  key: Uint8Array;
  data: Uint8Array;
  signature: Uint8Array;
}

const checkedSignatures = new Map<string, boolean>();
const unchecked = new Map<string, SignatureCheck>();

function signatureKey({ key, data, signature }: SignatureCheck): string {
  return `${base64Of(key)}|${base64Of(signature)}|${base64Of(data)}`;
}

export function verify(
  _algorithm: null,
  data: Uint8Array,
  key: BrowserPublicKey,
  signature: Uint8Array,
): boolean {
  const check = { key: key.der, data, signature };
  const id = signatureKey(check);
  const known = checkedSignatures.get(id);
  if (known !== undefined) return known;
  unchecked.set(id, check);
  return true;
}

/** The signatures `verify` was asked about and answered without checking, then forgets them. */
export function uncheckedSignatures(): SignatureCheck[] {
  const list = [...unchecked.values()];
  unchecked.clear();
  return list;
}

/** Checks signatures with WebCrypto's Ed25519; `verify` answers them from then on. */
export async function checkSignatures(checks: readonly SignatureCheck[]): Promise<boolean[]> {
  return Promise.all(
    checks.map(async (check) => {
      let ok: boolean;
      try {
        const key = await crypto.subtle.importKey(
          'spki',
          new Uint8Array(check.key),
          { name: 'Ed25519' },
          false,
          ['verify'],
        );
        ok = await crypto.subtle.verify(
          { name: 'Ed25519' },
          key,
          new Uint8Array(check.signature),
          new Uint8Array(check.data),
        );
      } catch {
        ok = false;
      }
      checkedSignatures.set(signatureKey(check), ok);
      return ok;
    }),
  );
}
