import { canonicalJson } from '@domain/events/canonical-json';
import type { Receipt } from '../api/client';
import { safeStorage } from '../i18n';
import { storedToken } from '../session';

/**
 * What the seat's browser keeps of its match: the server's signed receipt of every accepted
 * write (in localStorage: a lost tab keeps it too), and the salt and params of every sealed
 * choice until its reveal. A sealed choice is kept for this tab only (sessionStorage), so the
 * next person at a shared club computer cannot read it; when the player asks to keep it on
 * the device it is also kept in localStorage, encrypted with a key derived from the seat's
 * token (never stored there), so a reload or another tab opened with the seat's link can
 * still reveal it. Both leave the browser as files: the receipts as `matchlog verify FILE
 * --receipts R` reads them (one JSON document a line), a sealed choice as a "sealed receipt"
 * another tab or browser imports to reveal it.
 */

const RECEIPTS = (matchId: string): string => `matchlog.receipts.${matchId}`;
const SEALS = (matchId: string, seat: string): string => `matchlog.seals.${matchId}.${seat}`;
/** The encrypted copy of the seals kept on the device: base64 of the IV and the ciphertext. */
const DEVICE_SEALS = (matchId: string, seat: string): string =>
  `matchlog.device-seals.${matchId}.${seat}`;

function read<T>(storage: () => Storage, key: string): T[] {
  const text = safeStorage(() => storage().getItem(key));
  if (!text) return [];
  return parsedArray<T>(text);
}

function parsedArray<T>(text: string): T[] {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

function write(storage: () => Storage, key: string, items: readonly unknown[]): void {
  safeStorage(() =>
    items.length > 0 ? storage().setItem(key, JSON.stringify(items)) : storage().removeItem(key),
  );
}

const local = (): Storage => localStorage;
const tab = (): Storage => sessionStorage;

export function receiptsOf(matchId: string): Receipt[] {
  return read<Receipt>(local, RECEIPTS(matchId));
}

/** Keeps a write's receipt (once: a retried write answers the same receipt). */
export function keepReceipt(matchId: string, receipt: Receipt | undefined): void {
  if (!receipt || receipt.match !== matchId) return;
  const kept = receiptsOf(matchId);
  if (kept.some((r) => r.seq === receipt.seq && r.headHash === receipt.headHash)) return;
  write(local, RECEIPTS(matchId), [...kept, receipt]);
}

/** The receipts as `matchlog verify --receipts` reads them: one JSON document a line. */
export function receiptsFile(receipts: readonly Receipt[]): string {
  return receipts.map((r) => JSON.stringify(r)).join('\n') + '\n';
}

/** A sealed choice the seat has not revealed yet: all it takes to reveal it. */
export interface PendingSeal {
  matchId: string;
  seat: string;
  sealId: string;
  kind: string;
  params: Record<string, unknown>;
  salt: string;
  commitment: string;
  /** The player asked to keep it on this device (encrypted in localStorage) too. */
  onDevice?: boolean;
}

const SEALED_RECEIPT_FORMAT = 'matchlog-sealed-choice/1';

export function pendingSeals(matchId: string, seat: string): PendingSeal[] {
  return read<PendingSeal>(tab, SEALS(matchId, seat));
}

/** Keeps a sealed choice for this tab, and encrypted on the device if the player asked. */
export async function keepSeal(seal: PendingSeal): Promise<void> {
  const others = pendingSeals(seal.matchId, seal.seat).filter((s) => s.sealId !== seal.sealId);
  const kept = [...others, seal];
  write(tab, SEALS(seal.matchId, seal.seat), kept);
  if (kept.some((s) => s.onDevice)) await keepOnDevice(seal.matchId, seal.seat, kept);
}

/** Forgets seals once revealed (or voided): their salt has no more use, here or on the device. */
export async function forgetSeals(
  matchId: string,
  seat: string,
  sealIds: ReadonlySet<string>,
): Promise<void> {
  const kept = pendingSeals(matchId, seat);
  const left = kept.filter((s) => !sealIds.has(s.sealId));
  if (left.length === kept.length) return;
  write(tab, SEALS(matchId, seat), left);
  if (kept.some((s) => s.onDevice)) await keepOnDevice(matchId, seat, left);
}

/**
 * Takes the seals kept on the device into this tab (a reload, or another tab opened with
 * the seat's link): how many it added. Nothing without the seat's token, or when the copy
 * was sealed with another token.
 */
export async function restoreSealsFromDevice(matchId: string, seat: string): Promise<number> {
  const stored = safeStorage(() => localStorage.getItem(DEVICE_SEALS(matchId, seat)));
  const token = storedToken();
  if (!stored || !token) return 0;
  const opened = await decrypted(stored, token, matchId, seat);
  if (opened === undefined) return 0;
  const kept = pendingSeals(matchId, seat);
  const known = new Set(kept.map((s) => s.sealId));
  const added = parsedArray<PendingSeal>(opened).filter(
    (s) => s.matchId === matchId && s.seat === seat && !known.has(s.sealId),
  );
  if (added.length > 0) write(tab, SEALS(matchId, seat), [...kept, ...added]);
  return added.length;
}

/** Writes the seals asked to be kept on the device, encrypted (or removes the copy if none). */
async function keepOnDevice(matchId: string, seat: string, seals: PendingSeal[]): Promise<void> {
  const onDevice = seals.filter((s) => s.onDevice);
  const token = storedToken();
  if (onDevice.length === 0 || !token) {
    safeStorage(() => localStorage.removeItem(DEVICE_SEALS(matchId, seat)));
    return;
  }
  const sealed = await encrypted(JSON.stringify(onDevice), token, matchId, seat);
  safeStorage(() => localStorage.setItem(DEVICE_SEALS(matchId, seat), sealed));
}

/**
 * The AES-GCM key of a seat's seals on the device: HKDF-SHA-256 of its token (32 random
 * bytes, so no password stretching is needed), bound to the match and seat.
 */
async function deviceKey(token: string, matchId: string, seat: string): Promise<CryptoKey> {
  const encoder = new TextEncoder();
  const material = await crypto.subtle.importKey('raw', encoder.encode(token), 'HKDF', false, [
    'deriveKey',
  ]);
  return crypto.subtle.deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: encoder.encode('matchlog sealed choices/1'),
      info: encoder.encode(`${matchId}\n${seat}`),
    },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

const IV_BYTES = 12;

async function encrypted(
  text: string,
  token: string,
  matchId: string,
  seat: string,
): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const key = await deviceKey(token, matchId, seat);
  const cipher = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(text)),
  );
  const whole = new Uint8Array(IV_BYTES + cipher.length);
  whole.set(iv);
  whole.set(cipher, IV_BYTES);
  return base64(whole);
}

/** The plaintext, or undefined when it was not sealed with this token for this seat. */
async function decrypted(
  stored: string,
  token: string,
  matchId: string,
  seat: string,
): Promise<string | undefined> {
  try {
    const whole = Uint8Array.from(atob(stored), (c) => c.charCodeAt(0));
    const key = await deviceKey(token, matchId, seat);
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: whole.subarray(0, IV_BYTES) },
      key,
      whole.subarray(IV_BYTES),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return undefined;
  }
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The sealed receipt file: the seal, its params and salt, to reveal from another tab. */
export function sealedReceiptFile(seal: PendingSeal): string {
  const { onDevice: _onDevice, ...choice } = seal;
  return `${JSON.stringify({ format: SEALED_RECEIPT_FORMAT, ...choice }, null, 2)}\n`;
}

/**
 * A sealed receipt read back: for this match and seat, and its salt and params must open
 * its commitment (a file edited by hand would only be refused by the server later).
 */
export async function readSealedReceipt(
  text: string,
  matchId: string,
  seat: string,
): Promise<PendingSeal | 'unreadable' | 'other-match' | 'mismatch'> {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return 'unreadable';
  }
  const { format, sealId, kind, params, salt, commitment } = value ?? {};
  if (
    format !== SEALED_RECEIPT_FORMAT ||
    typeof sealId !== 'string' ||
    typeof kind !== 'string' ||
    typeof salt !== 'string' ||
    typeof commitment !== 'string' ||
    params === null ||
    typeof params !== 'object' ||
    Array.isArray(params)
  )
    return 'unreadable';
  if (value.matchId !== matchId || value.seat !== seat) return 'other-match';
  const seal = {
    matchId,
    seat,
    sealId,
    kind,
    params: params as Record<string, unknown>,
    salt,
    commitment,
  };
  return (await commitmentOf(salt, seal.params)) === commitment ? seal : 'mismatch';
}

/** A fresh salt: 256 random bits as 64 lowercase hex digits (the server takes 128 bits up). */
export function newSalt(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return hex(bytes);
}

/**
 * hex(sha256(salt + canonicalJson(params))) with WebCrypto: the commitment the server opens
 * at the reveal (saltedCommitment in src/domain/events/secret-commitment.ts).
 */
export async function commitmentOf(salt: string, params: unknown): Promise<string> {
  const bytes = new TextEncoder().encode(salt + canonicalJson(params));
  return hex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)));
}

function hex(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += byte.toString(16).padStart(2, '0');
  return text;
}

/** Offers text as a file to save. */
export function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Rule codes of a refused reveal that are the moment's fault, not the sealed choice's. */
const NOT_THE_CHOICE = new Set(['reveal_too_early', 'seal_mismatch']);

/**
 * Whether a refused reveal refused the choice itself (its params, or a rule): a sealed choice
 * cannot be changed, so its seat may only record it void. Too early, a wrong salt or a paused
 * match are the moment's fault: the reveal may be tried again.
 */
export function refusesTheChoice(error: {
  status: number;
  code: string;
  problem?: { rule?: { code?: string } };
}): boolean {
  if (error.status === 400) return error.code === 'invalid-params';
  return (
    error.status === 422 &&
    error.code === 'rule-violation' &&
    !NOT_THE_CHOICE.has(error.problem?.rule?.code ?? '')
  );
}
