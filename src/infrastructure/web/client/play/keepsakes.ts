import { canonicalJson } from '../../../../domain/events/canonical-json';
import type { Receipt } from '../api';
import { safeStorage } from '../i18n';

/**
 * What the seat's browser keeps of its match, in localStorage (a lost tab keeps it too):
 * the server's signed receipt of every accepted write, and the salt and params of every
 * sealed choice until its reveal. Both leave the browser as files: the receipts as
 * `matchlog verify FILE --receipts R` reads them (one JSON document a line), a sealed
 * choice as a "sealed receipt" another tab or browser imports to reveal it.
 */

const RECEIPTS = (matchId: string): string => `matchlog.receipts.${matchId}`;
const SEALS = (matchId: string, seat: string): string => `matchlog.seals.${matchId}.${seat}`;

function read<T>(key: string): T[] {
  const text = safeStorage(() => localStorage.getItem(key));
  if (!text) return [];
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

function write(key: string, items: readonly unknown[]): void {
  safeStorage(() =>
    items.length > 0
      ? localStorage.setItem(key, JSON.stringify(items))
      : localStorage.removeItem(key),
  );
}

export function receiptsOf(matchId: string): Receipt[] {
  return read<Receipt>(RECEIPTS(matchId));
}

/** Keeps a write's receipt (once: a retried write answers the same receipt). */
export function keepReceipt(matchId: string, receipt: Receipt | undefined): void {
  if (!receipt || receipt.match !== matchId) return;
  const kept = receiptsOf(matchId);
  if (kept.some((r) => r.seq === receipt.seq && r.headHash === receipt.headHash)) return;
  write(RECEIPTS(matchId), [...kept, receipt]);
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
}

const SEALED_RECEIPT_FORMAT = 'matchlog-sealed-choice/1';

export function pendingSeals(matchId: string, seat: string): PendingSeal[] {
  return read<PendingSeal>(SEALS(matchId, seat));
}

export function keepSeal(seal: PendingSeal): void {
  const others = pendingSeals(seal.matchId, seal.seat).filter((s) => s.sealId !== seal.sealId);
  write(SEALS(seal.matchId, seal.seat), [...others, seal]);
}

/** Forgets seals once revealed (or voided): their salt has no more use. */
export function forgetSeals(matchId: string, seat: string, sealIds: ReadonlySet<string>): void {
  const kept = pendingSeals(matchId, seat);
  const left = kept.filter((s) => !sealIds.has(s.sealId));
  if (left.length !== kept.length) write(SEALS(matchId, seat), left);
}

/** The sealed receipt file: the seal, its params and salt, to reveal from another tab. */
export function sealedReceiptFile(seal: PendingSeal): string {
  return `${JSON.stringify({ format: SEALED_RECEIPT_FORMAT, ...seal }, null, 2)}\n`;
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
