import { createPublicKey, type KeyObject } from 'node:crypto';
import { DiceInputError, seedFromHex, verifyCommitment } from '../dice';
import { canonicalJson } from '../events/canonical-json';
import { hashEvent, secretCommitmentProblem } from '../events/hash-chain';
import type { RecordedEvent } from '../events/recorded-event';
import type { MatchCreatedData, SeatClaimedData } from '../match/match-events';
import {
  READABLE_EXPORT_FORMATS,
  SIGNATURE_ALG,
  keyIdOf,
  signedBytes,
  type ExportHeader,
  type ExportSeat,
  type ExportSignature,
  type ExportTrailer,
} from './export-format';
import { RULESETS } from '../rulesets';
import { MatchAudit, type AuditProblemCode, type AuditSummary } from './match-audit';
import { decodeBase64, spkiKeyOf, verifiesWith } from './ed25519';
import { base64Of } from '../shared/bytes';
import { ruCount, type LocalizedText } from '../shared/localized-text';
import { checkLogProof } from '../transparency/log-proof';
import type { SignedCheckpoint } from '../transparency/checkpoint';
import {
  linkOf,
  type ExportLink,
  type LinkProblemCode,
  type LinkedExportRecord,
} from './linked-exports';
import {
  checkReceipts,
  parseReceipts,
  type KnownKey,
  type NumberedReceipt,
  type ReceiptProblem,
  type ReceiptProblemCode,
} from './receipt';

/**
 * Offline verification of a signed export (see export-format.ts): no server, no network.
 *
 * Problems are reported one at a time, the first found, in this order:
 * 1. line by line, in file order: a line that is not JSON or not a known kind
 *    (`malformed_line`), no header first (`header_missing`), an unknown `format`
 *    (`unsupported_format`), a header, event or trailer of the wrong shape (`malformed_*`),
 *    the hash chain (`seq_out_of_order`, `match_id_mismatch`, `prev_hash_mismatch`,
 *    `hash_mismatch`, `secret_mismatch`: the same checks as `verifyChain`), a header that says otherwise than
 *    `MatchCreated` at seq 0 (`header_mismatch`), anything after the trailer (`malformed_line`);
 * 2. at the end: no events (`events_missing`), the header's players (`header_mismatch`),
 *    the seed against the commitment (`invalid_seed`, `commitment_mismatch`, `seed_mismatch`),
 *    every server roll and shuffle recomputed from the seed (`forged_roll`, `forged_shuffle`,
 *    `draw_sequence`, `invalid_draw`: named by the seq of the event), a missing trailer
 *    (`trailer_missing`: a truncated file), the trailer's count and head hash
 *    (`event_count_mismatch`, `head_hash_mismatch`), and last the signature
 *    (`unsupported_signature`, `malformed_signature`, `key_id_mismatch`, `untrusted_key`,
 *    `bad_signature`).
 *
 * So a forged die in a re-hashed, re-signed log (what a dishonest operator could make) is
 * caught by the dice at its seq, and a forgery that breaks the chain is caught at its seq.
 * A match that has not ended has no revealed seed: its dice cannot be checked yet, which is
 * reported as `dice: 'not_revealed'`, not as a problem.
 */

export type ExportProblemCode =
  | 'malformed_line'
  | 'header_missing'
  | 'unsupported_format'
  | 'malformed_header'
  | 'malformed_event'
  | 'malformed_trailer'
  | 'header_mismatch'
  | 'seq_out_of_order'
  | 'match_id_mismatch'
  | 'prev_hash_mismatch'
  | 'hash_mismatch'
  | 'secret_mismatch'
  | 'events_missing'
  | 'invalid_seed'
  | 'commitment_mismatch'
  | 'seed_mismatch'
  | AuditProblemCode
  | 'trailer_missing'
  | 'event_count_mismatch'
  | 'head_hash_mismatch'
  | 'unsupported_signature'
  | 'malformed_signature'
  | 'key_id_mismatch'
  | 'untrusted_key'
  | 'bad_signature'
  | ReceiptProblemCode
  | LinkProblemCode
  | 'log_proof';

export interface ExportProblem {
  ok: false;
  code: ExportProblemCode;
  /** The English of `text` (logs, `--json`, English readers). */
  message: string;
  /** What is wrong, in both languages: the CLI's `--lang` and the page's language choose. */
  text: LocalizedText;
  /** The seq of the event at fault, when one is. */
  seq?: number;
  /** The 1-based line of the file at fault, when one is. */
  line?: number;
  /** The 1-based line of the receipts file at fault, when a receipt is. */
  receiptLine?: number;
}

export interface ExportCounts extends Omit<AuditSummary['counts'], never> {
  /** Events whose hash chain was verified. */
  events: number;
  /** Receipts checked: signed by the server, and their head is in the export at their seq. */
  receipts: number;
}

export interface ExportVerified extends Omit<AuditSummary, 'counts'> {
  ok: true;
  matchId: string;
  headHash: string;
  format: string;
  counts: ExportCounts;
  signedBy: {
    keyId: string;
    /** base64 SPKI DER. */
    publicKey: string;
    /** The key is one of the trusted keys given (false when none were given). */
    trusted: boolean;
  };
  /** What this verdict does not prove, for lack of an input (no receipts given), in English. */
  notProven: string[];
  /** `notProven` in both languages. */
  notProvenText: LocalizedText[];
  /**
   * Where the match is in the transparency log, from the trailer's `log` (leaf, inclusion
   * proof and signed checkpoint, all verified); absent when the export carries none.
   */
  log?: {
    index: number;
    treeSize: number;
    origin: string;
    checkpointTime?: string;
    /** The seq of the logged head. */
    seq: number;
    /** Events after the logged head (a dispute opened after the end): not in the log yet. */
    laterEvents: number;
  };
  /**
   * The finished matches this match cites (MatchCited: a league's linked battles), each with
   * the head it was linked at; `checkLinkedExports` checks them against their own exports.
   */
  links?: ExportLink[];
  /**
   * Decks laid out in a given order by the organizer (a starting position, MatchCreated's
   * `laidOutDecks`): their order was set, not shuffled, so no shuffle proves it.
   */
  laidOutDecks?: string[];
}

export type ExportVerdict = ExportVerified | ExportProblem;

export interface VerifyExportOptions {
  /**
   * Public keys the signature must be made with (base64 SPKI DER, or PEM), e.g. those of
   * `GET /api/v1/keys`. Without them any key is accepted and named in the result: compare
   * its id with the server's.
   */
  trustedPublicKeys?: readonly string[];
  /**
   * The lines of a receipts file (NDJSON, one receipt a line, see receipt.ts): each must be
   * signed by the server and its head must be in the export at its seq. Without them a tail
   * cut off the log cannot be detected, and the verdict says so.
   */
  receiptLines?: Iterable<string>;
  /**
   * Keep every event's hash and the result (`linkedRecord`), for an export given as a match
   * another one links: its hash at the linked seq is checked against the link.
   */
  keepHashes?: boolean;
}

export const NO_RECEIPTS_TEXT: LocalizedText = {
  en: 'no receipts given: a cut tail cannot be detected',
  ru: 'квитанции не даны: отрезанный конец журнала не обнаружить',
};
export const NO_RECEIPTS = NO_RECEIPTS_TEXT.en;
/** What the verifier says of an ended match's export that carries no `log` (from before the log, or cut off). */
export const NOT_LOGGED_TEXT: LocalizedText = {
  en: 'the export carries no transparency log proof: its place in the public log is not shown',
  ru: 'в экспорте нет доказательства из открытого журнала: его место в журнале не показано',
};
export const NOT_LOGGED = NOT_LOGGED_TEXT.en;

/**
 * Verifies an export fed one line at a time (`push`), in constant memory apart from the
 * dice events, then `finish()`. `verifyExport` wraps it for lines already in memory.
 */
export class ExportVerifier {
  private readonly trusted: readonly string[] | undefined;
  private lineNo = 0;
  private header: ExportHeader | undefined;
  private trailer: ExportTrailer | undefined;
  private problem: ExportProblem | undefined;
  private expectedSeq = 0;
  private prevHash = '';
  private readonly seats = new Map<string, ExportSeat>();
  private readonly audit = new MatchAudit(RULESETS);
  private revealed: { seed: string; seq: number } | undefined;
  private summary: AuditSummary | undefined;
  private readonly receipts: readonly NumberedReceipt[] | ReceiptProblem | undefined;
  /** meta.hash of the events at the receipted seqs, as the file is read. */
  private readonly receiptedHashes = new Map<number, string>();
  private readonly links: ExportLink[] = [];
  /** Decks the organizer laid out in a given order (MatchCreated): set, not shuffled. */
  private laidOutDecks: string[] = [];
  /** Every event's hash, by seq (only with `keepHashes`). */
  private readonly hashes: string[] | undefined;
  private winners: string[] | undefined;
  /** meta.hash of the events a log leaf may name (the end's revealed seed, rulings), by seq. */
  private readonly loggableHashes = new Map<number, string>();
  private logged: (ExportVerified['log'] & { checkpoint: SignedCheckpoint }) | undefined;

  constructor(options: VerifyExportOptions = {}) {
    this.hashes = options.keepHashes ? [] : undefined;
    this.trusted = options.trustedPublicKeys?.map(normalizePublicKey);
    this.receipts =
      options.receiptLines === undefined ? undefined : parseReceipts(options.receiptLines);
    if (this.receipts !== undefined && !('code' in this.receipts))
      for (const receipt of this.receipts) this.receiptedHashes.set(receipt.seq, '');
  }

  /** The match the header names, once a header was read. */
  get matchId(): string | undefined {
    return this.header?.matchId;
  }

  /** The first problem found so far, if any: once there is one, further lines are ignored. */
  get firstProblem(): ExportProblem | undefined {
    return this.problem;
  }

  /** Feeds the next line of the file (with or without its line break). */
  push(text: string): ExportProblem | undefined {
    if (this.problem) return this.problem;
    this.lineNo += 1;
    const line = text.replace(/\r?\n$/, '');
    if (line.trim() === '') return undefined;
    this.problem = this.read(line);
    return this.problem;
  }

  /** The verdict on everything pushed: the first problem, or what was verified. */
  finish(): ExportVerdict {
    if (this.problem) return this.problem;
    this.problem = this.checkEnd();
    if (this.problem) return this.problem;
    return this.verified();
  }

  private fail(code: ExportProblemCode, text: LocalizedText, seq?: number): ExportProblem {
    return {
      ok: false,
      code,
      message: text.en,
      text,
      ...(seq === undefined ? {} : { seq }),
    };
  }

  private failAtLine(code: ExportProblemCode, text: LocalizedText, seq?: number): ExportProblem {
    return { ...this.fail(code, text, seq), line: this.lineNo };
  }

  private read(line: string): ExportProblem | undefined {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      // Where an event is due and the line still names that seq, say which event it was.
      const due = this.header !== undefined && this.trailer === undefined;
      const named = due ? /"seq":(\d+)[,}]/.exec(line)?.[1] : undefined;
      const seq =
        named !== undefined && Number(named) === this.expectedSeq ? this.expectedSeq : undefined;
      const where = `${this.lineNo}${seq === undefined ? '' : ` (seq ${seq})`}`;
      return this.failAtLine(
        'malformed_line',
        {
          en: `line ${where} is not JSON (${(error as Error).message})`,
          ru: `строка ${where} — не JSON`,
        },
        seq,
      );
    }
    const kind = isRecord(value) ? value.kind : undefined;
    if (this.header === undefined) {
      if (kind !== 'header') {
        return this.failAtLine('header_missing', {
          en: `line ${this.lineNo} should be the export header ({"kind":"header",…}): is this a matchlog export?`,
          ru: `строка ${this.lineNo} должна быть заголовком экспорта ({"kind":"header",…}): это точно экспорт matchlog?`,
        });
      }
      return this.readHeader(value as Record<string, unknown>);
    }
    if (this.trailer) {
      return this.failAtLine('malformed_line', {
        en: `line ${this.lineNo} follows the trailer, which must be the last line`,
        ru: `строка ${this.lineNo} идёт после трейлера, а он должен быть последней строкой`,
      });
    }
    if (kind === 'event') return this.readEvent((value as Record<string, unknown>).event);
    if (kind === 'trailer') return this.readTrailer(value as Record<string, unknown>);
    return this.failAtLine(
      'malformed_line',
      kind === 'header'
        ? {
            en: `line ${this.lineNo} is a second header`,
            ru: `строка ${this.lineNo} — второй заголовок`,
          }
        : {
            en: `line ${this.lineNo} is not an event or the trailer (kind ${String(kind)})`,
            ru: `строка ${this.lineNo} — не событие и не трейлер (kind ${String(kind)})`,
          },
    );
  }

  private readHeader(header: Record<string, unknown>): ExportProblem | undefined {
    if (typeof header.format !== 'string' || !READABLE_EXPORT_FORMATS.includes(header.format)) {
      return this.failAtLine('unsupported_format', {
        en: `the export format is ${String(header.format)}; this verifier reads ${READABLE_EXPORT_FORMATS.join(' and ')}`,
        ru: `формат экспорта — ${String(header.format)}, а эта проверка читает ${READABLE_EXPORT_FORMATS.join(' и ')}`,
      });
    }
    const ruleset = header.ruleset;
    const shapeOk =
      typeof header.matchId === 'string' &&
      header.matchId !== '' &&
      isRecord(ruleset) &&
      typeof ruleset.id === 'string' &&
      typeof ruleset.version === 'string' &&
      isRecord(header.options) &&
      isRecord(header.setup) &&
      typeof header.commitment === 'string' &&
      Array.isArray(header.seats) &&
      header.seats.every((s) => isRecord(s) && typeof s.seat === 'string');
    if (!shapeOk) {
      return this.failAtLine('malformed_header', {
        en: 'the header needs matchId, ruleset {id, version}, options, setup, seats and commitment',
        ru: 'в заголовке должны быть matchId, ruleset {id, version}, options, setup, seats и commitment',
      });
    }
    this.header = header as unknown as ExportHeader;
    return undefined;
  }

  /** The checks of `verifyChain`, one event at a time, plus the header against seq 0. */
  private readEvent(value: unknown): ExportProblem | undefined {
    const header = this.header as ExportHeader;
    const seqOf =
      isRecord(value) && Number.isSafeInteger(value.seq) ? (value.seq as number) : undefined;
    if (!isEventShape(value)) {
      return this.failAtLine(
        'malformed_event',
        {
          en: `line ${this.lineNo} is not a recorded event (eventId, matchId, seq, type, data, meta with prevHash and hash)`,
          ru: `строка ${this.lineNo} — не записанное событие (eventId, matchId, seq, type, data, meta с prevHash и hash)`,
        },
        seqOf,
      );
    }
    const event = value;
    if (event.seq !== this.expectedSeq) {
      return this.failAtLine(
        'seq_out_of_order',
        {
          en: `expected seq ${this.expectedSeq}, found seq ${event.seq}: an event is missing or out of order`,
          ru: `ожидался seq ${this.expectedSeq}, а найден seq ${event.seq}: событие пропущено или стоит не на своём месте`,
        },
        this.expectedSeq,
      );
    }
    if (event.matchId !== header.matchId) {
      return this.failAtLine(
        'match_id_mismatch',
        {
          en: `seq ${event.seq} belongs to match ${event.matchId}, not ${header.matchId}`,
          ru: `seq ${event.seq} принадлежит матчу ${event.matchId}, а не ${header.matchId}`,
        },
        event.seq,
      );
    }
    if (event.meta.prevHash !== this.prevHash) {
      return this.failAtLine(
        'prev_hash_mismatch',
        {
          en: `seq ${event.seq} does not follow the hash of seq ${event.seq - 1}`,
          ru: `seq ${event.seq} не продолжает хеш seq ${event.seq - 1}`,
        },
        event.seq,
      );
    }
    let hash: string;
    try {
      hash = hashEvent(event);
    } catch (error) {
      return this.failAtLine(
        'malformed_event',
        {
          en: `seq ${event.seq} cannot be hashed: ${(error as Error).message}`,
          ru: `seq ${event.seq} не хешируется: его данные нельзя записать в каноническом JSON`,
        },
        event.seq,
      );
    }
    if (hash !== event.meta.hash) {
      return this.failAtLine(
        'hash_mismatch',
        {
          en: `seq ${event.seq} was altered: its hash does not match its content`,
          ru: `seq ${event.seq} изменён: его хеш не совпадает с содержимым`,
        },
        event.seq,
      );
    }
    const secret = secretCommitmentProblem(event);
    if (secret)
      return this.failAtLine(
        'secret_mismatch',
        {
          en: secret,
          ru: `seq ${event.seq}: секрет события не открывает его обязательство (meta.secretCommitment вместе с солью meta.secretSalt)`,
        },
        event.seq,
      );
    this.prevHash = event.meta.hash;
    this.expectedSeq += 1;
    this.hashes?.push(event.meta.hash);
    if (event.type === 'RngRevealed' || event.type === 'RulingIssued')
      this.loggableHashes.set(event.seq, event.meta.hash);
    if (this.receiptedHashes.has(event.seq)) this.receiptedHashes.set(event.seq, event.meta.hash);
    return this.observe(event);
  }

  /** What the end checks need from an event already known to be intact. */
  private observe(event: RecordedEvent): ExportProblem | undefined {
    const data = isRecord(event.data) ? event.data : {};
    if (event.seq === 0) {
      const mismatch = headerMismatch(this.header as ExportHeader, event);
      if (mismatch) return this.failAtLine('header_mismatch', mismatch, 0);
      for (const seat of (data as unknown as MatchCreatedData).seats ?? []) {
        this.seats.set(seat.seat, { ...seat });
      }
      const laidOut = (data as unknown as MatchCreatedData).laidOutDecks;
      if (Array.isArray(laidOut))
        this.laidOutDecks = laidOut.filter((deck): deck is string => typeof deck === 'string');
    }
    if (event.type === 'SeatClaimed') {
      const claimed = data as unknown as SeatClaimedData;
      const seat = this.seats.get(claimed.seat);
      if (seat && isRecord(claimed.player)) seat.player = { name: claimed.player.name };
    }
    if (event.type === 'MatchCited') {
      const link = linkOf(event);
      if (!link)
        return this.failAtLine(
          'malformed_event',
          {
            en: `seq ${event.seq}: a MatchCited without its match, head seq and hash`,
            ru: `seq ${event.seq}: MatchCited без своего матча, seq и хеша его вершины`,
          },
          event.seq,
        );
      this.links.push(link);
    }
    if (event.type === 'MatchFinished' && Array.isArray(data.winners))
      this.winners = data.winners.filter((w): w is string => typeof w === 'string');
    if (event.type === 'RngRevealed' && typeof data.seed === 'string') {
      this.revealed = { seed: data.seed, seq: event.seq };
    }
    if (event.type === 'MatchStarted' && typeof data.entropy !== 'string')
      return this.failAtLine(
        'invalid_draw',
        {
          en: `seq ${event.seq}: the entropy of MatchStarted is not a string`,
          ru: `seq ${event.seq}: энтропия MatchStarted — не строка`,
        },
        event.seq,
      );
    const problem = this.audit.observe(event);
    return problem && this.failAtLine(problem.code, problem.text, problem.seq);
  }

  private readTrailer(trailer: Record<string, unknown>): ExportProblem | undefined {
    const signature = trailer.signature;
    const shapeOk =
      Number.isSafeInteger(trailer.eventCount) &&
      typeof trailer.headHash === 'string' &&
      (trailer.seed === undefined || typeof trailer.seed === 'string') &&
      isRecord(signature) &&
      ['alg', 'keyId', 'publicKey', 'value'].every((k) => typeof signature[k] === 'string');
    if (!shapeOk) {
      return this.failAtLine('malformed_trailer', {
        en: 'the trailer needs eventCount, headHash and signature {alg, keyId, publicKey, value}',
        ru: 'в трейлере должны быть eventCount, headHash и signature {alg, keyId, publicKey, value}',
      });
    }
    this.trailer = trailer as unknown as ExportTrailer;
    return undefined;
  }

  private checkEnd(): ExportProblem | undefined {
    const header = this.header;
    if (!header) {
      return this.fail('header_missing', {
        en: 'the file is empty: no export header',
        ru: 'файл пуст: нет заголовка экспорта',
      });
    }
    if (this.expectedSeq === 0) {
      return this.fail('events_missing', {
        en: 'the export holds no events (a match starts with MatchCreated)',
        ru: 'в экспорте нет событий (матч начинается с MatchCreated)',
      });
    }
    const players = this.playersMismatch(header);
    if (players) return players;
    const dice = this.checkDice(header);
    if (dice) return dice;
    const trailer = this.trailer;
    if (!trailer) {
      return this.fail('trailer_missing', {
        en: `the file ends after seq ${this.expectedSeq - 1} without its trailer: it was cut short`,
        ru: `файл кончается после seq ${this.expectedSeq - 1} без трейлера: он обрезан`,
      });
    }
    if (trailer.eventCount !== this.expectedSeq) {
      const missing = trailer.eventCount > this.expectedSeq;
      return this.fail(
        'event_count_mismatch',
        {
          en: missing
            ? `the trailer counts ${trailer.eventCount} events but the file holds ${this.expectedSeq}: seq ${this.expectedSeq} onwards are missing`
            : `the trailer counts ${trailer.eventCount} events but the file holds ${this.expectedSeq}`,
          ru: `трейлер насчитывает ${ruCount(trailer.eventCount, 'событие', 'события', 'событий')}, а в файле ${ruCount(this.expectedSeq, 'событие', 'события', 'событий')}${missing ? `: нет событий начиная с seq ${this.expectedSeq}` : ''}`,
        },
        missing ? this.expectedSeq : trailer.eventCount,
      );
    }
    if (trailer.headHash !== this.prevHash) {
      return this.fail('head_hash_mismatch', {
        en: `the trailer's head hash is not the hash of the last event (seq ${this.expectedSeq - 1})`,
        ru: `хеш вершины в трейлере — не хеш последнего события (seq ${this.expectedSeq - 1})`,
      });
    }
    return (
      this.checkSignature(trailer.signature, trailer.headHash) ??
      this.checkReceipts(trailer.signature) ??
      this.checkLog(trailer)
    );
  }

  /** The trailer's transparency log proof: the leaf names a head of this export, and leads to a signed checkpoint. */
  private checkLog(trailer: ExportTrailer): ExportProblem | undefined {
    if (trailer.log === undefined) return undefined;
    const checked = checkLogProof(trailer.log, {
      matchId: (this.header as ExportHeader).matchId,
      hashAt: (seq) => this.loggableHashes.get(seq),
      keys: [trailer.signature.publicKey, ...(this.trusted ?? [])],
    });
    if (!checked.ok) return this.fail('log_proof', checked.text);
    const { ok: _ok, ...proven } = checked;
    this.logged = { ...proven, laterEvents: this.expectedSeq - 1 - checked.seq };
    return undefined;
  }

  /** The checkpoint the export's log proof leads to, once verified (for `--checkpoint`). */
  get logCheckpoint(): SignedCheckpoint | undefined {
    return this.logged?.checkpoint;
  }

  /** The seats' receipts, against the export whose signature is verified. */
  private checkReceipts(signature: ExportSignature): ExportProblem | undefined {
    const receipts = this.receipts;
    if (receipts === undefined) return undefined;
    const toKnown = (publicKey: string): KnownKey => {
      const { der, key } = spkiKeyOf(publicKey);
      return { keyId: keyIdOf(der), key };
    };
    const problem = !('code' in receipts)
      ? checkReceipts(receipts, {
          matchId: (this.header as ExportHeader).matchId,
          eventCount: this.expectedSeq,
          hashAt: (seq) => this.receiptedHashes.get(seq),
          signingKey: toKnown(signature.publicKey),
          trustedKeys: (this.trusted ?? []).map(toKnown),
        })
      : receipts;
    return problem && { ok: false, ...problem };
  }

  private playersMismatch(header: ExportHeader): ExportProblem | undefined {
    for (const seat of header.seats) {
      const recorded = this.seats.get(seat.seat)?.player?.name;
      const listed = isRecord(seat.player) ? seat.player.name : undefined;
      if (recorded !== listed) {
        return this.fail('header_mismatch', {
          en: `the header lists ${listed === undefined ? 'no player' : `«${listed}»`} at seat ${seat.seat}, the log ${recorded === undefined ? 'none' : `«${recorded}»`}`,
          ru: `заголовок называет на месте ${seat.seat} ${listed === undefined ? 'никого' : `игрока «${listed}»`}, а журнал — ${recorded === undefined ? 'никого' : `«${recorded}»`}`,
        });
      }
    }
    return undefined;
  }

  /** The seed (trailer's, else the RngRevealed event's) against the commitment, then every draw. */
  private checkDice(header: ExportHeader): ExportProblem | undefined {
    const given = this.trailer?.seed ?? this.revealed?.seed;
    if (given === undefined) return this.audited(header, undefined);
    const isRevealedSeed = this.revealed !== undefined && this.revealed.seed === given;
    let seed: Uint8Array;
    try {
      seed = seedFromHex(given);
    } catch (error) {
      if (!(error instanceof DiceInputError)) throw error;
      return this.fail(
        'invalid_seed',
        {
          en: `the revealed seed is not valid: ${error.message}`,
          ru: 'раскрытое зерно неверно: это не 64 шестнадцатеричные цифры',
        },
        isRevealedSeed ? this.revealed?.seq : undefined,
      );
    }
    if (!verifyCommitment(seed, header.commitment)) {
      return this.fail(
        'commitment_mismatch',
        {
          en: `sha256 of the ${isRevealedSeed ? 'seed revealed in the log' : "trailer's seed"} is not the commitment recorded in MatchCreated (seq 0)`,
          ru: `sha256 ${isRevealedSeed ? 'зерна, раскрытого в журнале' : 'зерна из трейлера'} — не то обязательство, что записано в MatchCreated (seq 0)`,
        },
        isRevealedSeed ? this.revealed?.seq : undefined,
      );
    }
    if (this.revealed && !isRevealedSeed) {
      return this.fail(
        'seed_mismatch',
        {
          en: `the trailer's seed is not the seed revealed at seq ${this.revealed.seq}`,
          ru: `зерно в трейлере — не то, что раскрыто на seq ${this.revealed.seq}`,
        },
        this.revealed.seq,
      );
    }
    return this.audited(header, seed);
  }

  private audited(header: ExportHeader, seed: Uint8Array | undefined): ExportProblem | undefined {
    const result = this.audit.finish(header.matchId, seed);
    if ('code' in result) return this.fail(result.code, result.text, result.seq);
    this.summary = result;
    return undefined;
  }

  private checkSignature(signature: ExportSignature, headHash: string): ExportProblem | undefined {
    if (signature.alg !== SIGNATURE_ALG) {
      return this.fail('unsupported_signature', {
        en: `the signature algorithm is ${signature.alg}; this verifier checks ${SIGNATURE_ALG}`,
        ru: `алгоритм подписи — ${signature.alg}, а эта проверка проверяет ${SIGNATURE_ALG}`,
      });
    }
    let key: KeyObject;
    let der: Uint8Array;
    try {
      ({ der, key } = spkiKeyOf(signature.publicKey));
    } catch {
      return this.fail('malformed_signature', {
        en: "the signature's public key is not a base64 SPKI DER key",
        ru: 'открытый ключ подписи — не ключ SPKI DER в base64',
      });
    }
    if (key.asymmetricKeyType !== 'ed25519') {
      return this.fail('unsupported_signature', {
        en: `the signing key is ${key.asymmetricKeyType ?? 'of an unknown type'}, not Ed25519`,
        ru: `ключ подписи — ${key.asymmetricKeyType ?? 'неизвестного типа'}, а не Ed25519`,
      });
    }
    const keyId = keyIdOf(der);
    if (signature.keyId !== keyId) {
      return this.fail('key_id_mismatch', {
        en: `the signature names key ${signature.keyId} but its public key is key ${keyId}`,
        ru: `подпись называет ключ ${signature.keyId}, а её открытый ключ — ключ ${keyId}`,
      });
    }
    const canonical = base64Of(der);
    if (this.trusted && !this.trusted.includes(canonical)) {
      return this.fail('untrusted_key', {
        en: `the export is signed by key ${keyId}, which is not one of the trusted keys`,
        ru: `экспорт подписан ключом ${keyId}, а его нет среди доверенных ключей`,
      });
    }
    if (!verifiesWith(key, signedBytes(headHash), signature.value)) {
      return this.fail('bad_signature', {
        en: `the signature is not key ${keyId}'s signature of the head hash ${headHash}`,
        ru: `подпись — не подпись ключа ${keyId} под хешем вершины ${headHash}`,
      });
    }
    return undefined;
  }

  private verified(): ExportVerified {
    const header = this.header as ExportHeader;
    const trailer = this.trailer as ExportTrailer;
    const { counts, ...summary } = this.summary as AuditSummary;
    const publicKey = base64Of(decodeBase64(trailer.signature.publicKey));
    return {
      ok: true,
      matchId: header.matchId,
      headHash: trailer.headHash,
      format: header.format,
      counts: {
        events: this.expectedSeq,
        ...counts,
        receipts: this.receipts === undefined || 'code' in this.receipts ? 0 : this.receipts.length,
      },
      ...summary,
      signedBy: {
        keyId: trailer.signature.keyId,
        publicKey,
        trusted: this.trusted !== undefined,
      },
      notProven: this.receipts === undefined ? [NO_RECEIPTS] : [],
      notProvenText: this.receipts === undefined ? [NO_RECEIPTS_TEXT] : [],
      ...(this.logged === undefined ? {} : { log: logVerdictOf(this.logged) }),
      ...(this.links.length > 0 ? { links: this.links.map((link) => ({ ...link })) } : {}),
      ...(this.laidOutDecks.length > 0 ? { laidOutDecks: [...this.laidOutDecks] } : {}),
    };
  }

  /**
   * What a link to this export is checked against (with `keepHashes`): its match, every
   * event's hash and its winners; undefined before `finish` or without `keepHashes`.
   */
  linkedRecord(): LinkedExportRecord | undefined {
    if (!this.hashes || !this.header) return undefined;
    return {
      matchId: this.header.matchId,
      hashes: [...this.hashes],
      ...(this.winners ? { winners: [...this.winners] } : {}),
    };
  }
}

function logVerdictOf({
  checkpoint: _checkpoint,
  ...log
}: NonNullable<ExportVerified['log']> & { checkpoint: SignedCheckpoint }): ExportVerified['log'] {
  return log;
}

/** Verifies the lines of an export held in memory (one string a line). */
export function verifyExport(
  lines: Iterable<string>,
  trustedPublicKeys?: readonly string[],
  receiptLines?: Iterable<string>,
): ExportVerdict {
  const verifier = new ExportVerifier({ trustedPublicKeys, receiptLines });
  for (const line of lines) if (verifier.push(line)) break;
  return verifier.finish();
}

/** Verifies an export read as a stream of lines (a file, a download). */
export async function verifyExportLines(
  lines: AsyncIterable<string>,
  trustedPublicKeys?: readonly string[],
): Promise<ExportVerdict> {
  const verifier = new ExportVerifier({ trustedPublicKeys });
  for await (const line of lines) if (verifier.push(line)) break;
  return verifier.finish();
}

/**
 * A public key given as base64 SPKI DER or as PEM, as base64 SPKI DER. Throws a TypeError
 * naming the problem when it is neither, or not an Ed25519 key.
 */
export function normalizePublicKey(text: string): string {
  let key: KeyObject;
  try {
    const trimmed = text.trim();
    key = trimmed.startsWith('-----BEGIN') ? createPublicKey(trimmed) : spkiKeyOf(trimmed).key;
  } catch {
    throw new TypeError(
      'a public key must be base64 SPKI DER (as GET /api/v1/keys gives it) or PEM',
    );
  }
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new TypeError(`the key is ${key.asymmetricKeyType ?? 'of an unknown type'}, not Ed25519`);
  }
  return key.export({ format: 'der', type: 'spki' }).toString('base64');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isEventShape(value: unknown): value is RecordedEvent {
  if (!isRecord(value) || !isRecord(value.meta)) return false;
  return (
    typeof value.eventId === 'string' &&
    typeof value.matchId === 'string' &&
    Number.isSafeInteger(value.seq) &&
    typeof value.type === 'string' &&
    'data' in value &&
    typeof value.meta.prevHash === 'string' &&
    typeof value.meta.hash === 'string'
  );
}

/** What the header repeats of MatchCreated must be what MatchCreated says. */
function headerMismatch(header: ExportHeader, event: RecordedEvent): LocalizedText | undefined {
  if (event.type !== 'MatchCreated' || !isRecord(event.data)) {
    return {
      en: `seq 0 is ${event.type}, not MatchCreated`,
      ru: `seq 0 — ${event.type}, а не MatchCreated`,
    };
  }
  const created = event.data as unknown as MatchCreatedData;
  const same = (a: unknown, b: unknown): boolean => {
    try {
      return canonicalJson(a ?? null) === canonicalJson(b ?? null);
    } catch {
      return false;
    }
  };
  const specs = (seats: readonly ExportSeat[] | undefined) =>
    (seats ?? []).map(({ seat, side, faction }) => ({ seat, side, faction }));
  const fields: [string, unknown, unknown][] = [
    ['matchId', header.matchId, created.matchId],
    ['ruleset', header.ruleset, created.ruleset],
    ['title', header.title, created.title],
    ['options', header.options, created.options],
    ['setup', header.setup, created.setup],
    ['commitment', header.commitment, created.commitment],
    ['dice', header.dice, created.dice],
    ['seats', specs(header.seats), specs(created.seats)],
  ];
  const differing = fields.find(([, listed, recorded]) => !same(listed, recorded));
  return (
    differing && {
      en: `the header's ${differing[0]} is not what MatchCreated (seq 0) records`,
      ru: `${differing[0]} в заголовке — не то, что записано в MatchCreated (seq 0)`,
    }
  );
}
