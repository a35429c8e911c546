import type { KeyObject } from 'node:crypto';
import { utf8Bytes } from '../shared/bytes';
import { canonicalJson } from '../events/canonical-json';
import type { RecordedEvent } from '../events/recorded-event';
import { BASE64, verifiesWith } from './ed25519';
import type { LocalizedText } from '../shared/localized-text';

/**
 * A signed receipt (DESIGN section 2): the server's word that a match's log held `headHash`
 * at `seq` when it acknowledged a write. A hash chain cannot show that its last events were
 * cut off; a receipt kept by a seat can: an export that lacks the receipted head at that seq
 * is proven incomplete or rewritten (the idea of Certificate Transparency's signed tree heads).
 *
 * What is signed (Ed25519, with the key that signs exports): the UTF-8 bytes of
 *
 *   "matchlog-receipt/1\n" + canonicalJson({ match, seq, headHash, recordedAt, keyId? })
 *
 * that is the receipt without its `signature`, in RFC 8785 canonical JSON, after a prefix that
 * keeps a receipt signature from ever being read as another signed message (an export's trailer
 * signs a bare head hash). `recordedAt` is the server time recorded in the event at `seq`.
 */
export const RECEIPT_FORMAT = 'matchlog-receipt/1';

export interface ReceiptBody {
  /** The match id. */
  match: string;
  /** The seq of the last event the acknowledged write appended. */
  seq: number;
  /** `meta.hash` of the event at `seq`: the head of the chain at that moment. */
  headHash: string;
  /** `meta.recordedAt` of that event (server time, ISO 8601). */
  recordedAt: string;
  /** The id of the signing key (first 16 hex digits of sha256 of its SPKI DER). */
  keyId?: string;
}

export interface Receipt extends ReceiptBody {
  /** base64 of the Ed25519 signature over `receiptSignedBytes` of the rest. */
  signature: string;
}

/** The receipt of the write whose last appended event is `event`, before it is signed. */
export function receiptBodyOf(event: RecordedEvent, keyId: string): ReceiptBody {
  return {
    match: event.matchId,
    seq: event.seq,
    headHash: event.meta.hash,
    recordedAt: event.meta.recordedAt,
    keyId,
  };
}

/** The bytes a receipt's signature covers (see RECEIPT_FORMAT). */
export function receiptSignedBytes(body: ReceiptBody): Uint8Array {
  const { match, seq, headHash, recordedAt, keyId } = body;
  const signed = { match, seq, headHash, recordedAt, ...(keyId === undefined ? {} : { keyId }) };
  return utf8Bytes(`${RECEIPT_FORMAT}\n${canonicalJson(signed)}`);
}

/** A receipt as read from a receipts file, with its 1-based line number. */
export interface NumberedReceipt extends Receipt {
  line: number;
}

export type ReceiptProblemCode =
  | 'malformed_receipt'
  | 'receipt_other_match'
  | 'receipt_unknown_key'
  | 'bad_receipt_signature'
  | 'receipt_not_in_export';

export interface ReceiptProblem {
  code: ReceiptProblemCode;
  /** The English of `text`. */
  message: string;
  text: LocalizedText;
  /** The 1-based line of the receipts file. */
  receiptLine: number;
  /** The seq the receipt acknowledges, when it names one. */
  seq?: number;
}

const HASH = /^[0-9a-f]{64}$/;
const KEY_ID = /^[0-9a-f]{16}$/;

/**
 * Reads a receipts file (NDJSON: one receipt a line, blank lines skipped): the receipts, or
 * the first line that is not one.
 */
export function parseReceipts(lines: Iterable<string>): NumberedReceipt[] | ReceiptProblem {
  const receipts: NumberedReceipt[] = [];
  let line = 0;
  for (const raw of lines) {
    line += 1;
    const text = raw.replace(/\r?\n$/, '');
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      return malformed(line, {
        en: `is not JSON (${(error as Error).message})`,
        ru: `— не JSON (${(error as Error).message})`,
      });
    }
    const receipt = receiptOf(value);
    if (!('signature' in receipt)) return malformed(line, receipt);
    receipts.push({ ...receipt, line });
  }
  return receipts;
}

function malformed(line: number, what: LocalizedText): ReceiptProblem {
  const text = {
    en: `the receipt at line ${line} ${what.en}`,
    ru: `квитанция в строке ${line} ${what.ru}`,
  };
  return {
    code: 'malformed_receipt',
    message: text.en,
    text,
    receiptLine: line,
  };
}

/** The receipt in a parsed value, or what is wrong with it. */
function receiptOf(value: unknown): Receipt | LocalizedText {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { en: 'is not a JSON object', ru: '— не объект JSON' };
  const r = value as Record<string, unknown>;
  if (typeof r.match !== 'string' || r.match === '')
    return { en: 'has no match', ru: 'не называет матч (match)' };
  if (!Number.isSafeInteger(r.seq) || (r.seq as number) < 0)
    return { en: 'has no seq (an integer ≥ 0)', ru: 'без seq (целого числа ≥ 0)' };
  if (typeof r.headHash !== 'string' || !HASH.test(r.headHash))
    return {
      en: 'has no headHash (64 lowercase hex digits)',
      ru: 'без headHash (64 строчных шестнадцатеричных цифр)',
    };
  if (typeof r.recordedAt !== 'string')
    return { en: 'has no recordedAt', ru: 'без времени записи (recordedAt)' };
  if (r.keyId !== undefined && (typeof r.keyId !== 'string' || !KEY_ID.test(r.keyId)))
    return {
      en: 'has a keyId that is not 16 lowercase hex digits',
      ru: 'с keyId, который не из 16 строчных шестнадцатеричных цифр',
    };
  if (typeof r.signature !== 'string' || !BASE64.test(r.signature) || r.signature === '')
    return { en: 'has no signature (base64)', ru: 'без подписи (base64)' };
  return {
    match: r.match,
    seq: r.seq as number,
    headHash: r.headHash,
    recordedAt: r.recordedAt,
    ...(r.keyId === undefined ? {} : { keyId: r.keyId as string }),
    signature: r.signature,
  };
}

/** A public key the verifier knows: the export's signing key, or one given as trusted. */
export interface KnownKey {
  keyId: string;
  key: KeyObject;
}

/** What a receipt is checked against: a log (an export, or the server's own) and its keys. */
export interface ReceiptLog {
  matchId: string;
  /** The number of events in the log: seqs 0 … eventCount - 1. */
  eventCount: number;
  /** meta.hash of the log's event at a receipted seq. */
  hashAt: (seq: number) => string | undefined;
  /** The key that signs the log (the export's signer, or the server's current key). */
  signingKey: KnownKey;
  /** Other keys that may have signed receipts (keys given as trusted, or the server's older keys). */
  trustedKeys: readonly KnownKey[];
}

/**
 * Checks one receipt against a log: signed by the log's key (or, for a receipt naming another
 * key id, by a trusted key of that id), for this match, and the log holds the receipted head
 * hash at the receipted seq.
 */
export function checkReceipt(
  receipt: NumberedReceipt,
  log: ReceiptLog,
): ReceiptProblem | undefined {
  const { line, seq } = receipt;
  const fail = (code: ReceiptProblemCode, what: LocalizedText): ReceiptProblem => ({
    code,
    message: `the receipt at line ${line} (seq ${seq}) ${what.en}`,
    text: {
      en: `the receipt at line ${line} (seq ${seq}) ${what.en}`,
      ru: `квитанция в строке ${line} (seq ${seq}) ${what.ru}`,
    },
    receiptLine: line,
    seq,
  });
  if (receipt.match !== log.matchId)
    return fail('receipt_other_match', {
      en: `is for match ${receipt.match}, not ${log.matchId}`,
      ru: `выдана матчу ${receipt.match}, а не ${log.matchId}`,
    });
  const keyId = receipt.keyId ?? log.signingKey.keyId;
  const known = [log.signingKey, ...log.trustedKeys].find((k) => k.keyId === keyId);
  if (!known)
    return fail('receipt_unknown_key', {
      en: `is signed by key ${keyId}, not by the export's key ${log.signingKey.keyId}: give the server's keys with --keys (GET /api/v1/keys saved), or that key with --key`,
      ru: `подписана ключом ${keyId}, а не ключом экспорта ${log.signingKey.keyId}: передайте ключи сервера через --keys (сохранённый ответ GET /api/v1/keys) или этот ключ через --key`,
    });
  if (!verifiesWith(known.key, receiptSignedBytes(receipt), receipt.signature))
    return fail('bad_receipt_signature', {
      en: `is not signed by key ${keyId}: it is not a receipt of this server`,
      ru: `не подписана ключом ${keyId}: это не квитанция этого сервера`,
    });
  if (seq >= log.eventCount)
    return fail('receipt_not_in_export', {
      en: `acknowledges head ${receipt.headHash} at seq ${seq} (${receipt.recordedAt}), but the export ends at seq ${log.eventCount - 1}: events acknowledged to a seat were cut off`,
      ru: `подтверждает вершину ${receipt.headHash} на seq ${seq} (${receipt.recordedAt}), но экспорт кончается на seq ${log.eventCount - 1}: события, подтверждённые месту, отрезаны`,
    });
  if (log.hashAt(seq) !== receipt.headHash)
    return fail('receipt_not_in_export', {
      en: `acknowledges head ${receipt.headHash} at seq ${seq} (${receipt.recordedAt}), but the export holds another event there: the log was rewritten after it was acknowledged`,
      ru: `подтверждает вершину ${receipt.headHash} на seq ${seq} (${receipt.recordedAt}), но в экспорте там другое событие: журнал переписан после подтверждения`,
    });
  return undefined;
}

/** The first receipt that `checkReceipt` refuses, if any. */
export function checkReceipts(
  receipts: readonly NumberedReceipt[],
  log: ReceiptLog,
): ReceiptProblem | undefined {
  for (const receipt of receipts) {
    const problem = checkReceipt(receipt, log);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * A receipt a seat attached to a dispute, with what the server found when it was attached:
 * `in_log` (signed by the server, and the log holds that head at that seq), `not_in_log` (signed,
 * but the log does not: an acknowledged write is missing or was changed), `bad_signature` (not
 * signed by the server: not evidence), `unknown_key` (signed by a key the server does not know),
 * `other_match` (a receipt of another match).
 */
export type ReceiptFinding =
  'in_log' | 'not_in_log' | 'bad_signature' | 'unknown_key' | 'other_match';

export interface AttachedReceipt extends Receipt {
  finding: ReceiptFinding;
}

const FINDINGS: Record<ReceiptProblemCode, ReceiptFinding> = {
  malformed_receipt: 'bad_signature',
  bad_receipt_signature: 'bad_signature',
  receipt_unknown_key: 'unknown_key',
  receipt_other_match: 'other_match',
  receipt_not_in_export: 'not_in_log',
};

/** The finding for a receipt, from `checkReceipt`'s answer. */
export function findingOf(problem: ReceiptProblem | undefined): ReceiptFinding {
  return problem === undefined ? 'in_log' : FINDINGS[problem.code];
}
