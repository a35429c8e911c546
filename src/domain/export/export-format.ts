import { createHash } from 'node:crypto';
import { utf8Bytes } from '../shared/bytes';
import type { RecordedEvent } from '../events/recorded-event';
import type { DiceModes } from '../dice/dice-modes';
import type { MatchCreatedData } from '../match/match-events';
import type { LogLeaf } from '../transparency/log-leaf';
import type { MatchState } from '../match/match-state';
import type { OptionValue, SeatSpec } from '../rulesets/ruleset';

/**
 * The signed export of a match (`GET /api/v1/matches/:id/export`): NDJSON, one JSON value a
 * line, in this order:
 *
 *   {"kind":"header","format":"matchlog-export/2","matchId":…,"ruleset":{id,version},
 *    "options":…,"setup":…,"seats":[…],"commitment":…,"dice"?:{default,purposes?},"exportedAt":…}
 *   {"kind":"event","event":<RecordedEvent>}        one a line, seq 0, 1, 2, …, never redacted
 *   {"kind":"trailer","eventCount":n,"headHash":…,"seed"?:…,
 *    "signature":{"alg":"Ed25519","keyId":…,"publicKey":…,"value":…},
 *    "log"?:{"leaf":…,"index":…,"inclusionProof":[…],"checkpoint":…}}
 *
 * What is authenticated: the events, by their hash chain (DESIGN section 2), their secrets
 * by the salted commitments the chain covers; the chain's
 * head, by the server's Ed25519 signature over the UTF-8 bytes of `headHash`; the seed, by
 * the commitment recorded in `MatchCreated`. The header repeats what `MatchCreated` and
 * `SeatClaimed` record, for readers; `verifyExport` checks that it says the same.
 * `exportedAt` is informative only.
 *
 * Keys: `publicKey` is the base64 of the key's SPKI DER encoding (44 bytes for Ed25519);
 * `keyId` is the first 16 hex digits of sha256 of those DER bytes (see `keyIdOf`).
 */

/**
 * Formats: `matchlog-export/1`, events hashed with their secrets bare; `matchlog-export/2`,
 * events may commit to their secret (`meta.secretCommitment`, salt in `meta.secretSalt`, see
 * hash-chain.ts). The server writes the newest; the verifier reads every one of them (a
 * match recorded across the change holds events of both kinds, each saying which it is).
 */
export const EXPORT_FORMAT = 'matchlog-export/2';
export const READABLE_EXPORT_FORMATS: readonly string[] = ['matchlog-export/1', EXPORT_FORMAT];
export const SIGNATURE_ALG = 'Ed25519';

export interface ExportSeat extends SeatSpec {
  /** The player who claimed the seat (`SeatClaimed`), if anyone did. */
  player?: { name: string };
}

export interface ExportHeader {
  kind: 'header';
  /** `EXPORT_FORMAT` when written; any of `READABLE_EXPORT_FORMATS` when read. */
  format: string;
  matchId: string;
  ruleset: { id: string; version: string };
  title?: string;
  options: Record<string, OptionValue>;
  setup: Record<string, unknown>;
  seats: ExportSeat[];
  /** hex(sha256(seed)), as recorded in MatchCreated. */
  commitment: string;
  /** Which dice each purpose uses, as MatchCreated fixed them (absent for older matches). */
  dice?: DiceModes;
  /** Server time of the export, ISO 8601 (not covered by the signature). */
  exportedAt: string;
}

export interface ExportEventLine {
  kind: 'event';
  event: RecordedEvent;
}

export interface ExportSignature {
  alg: typeof SIGNATURE_ALG;
  /** First 16 hex digits of sha256(SPKI DER of the public key). */
  keyId: string;
  /** base64 of the public key's SPKI DER encoding. */
  publicKey: string;
  /** base64 of the Ed25519 signature over the UTF-8 bytes of `headHash`. */
  value: string;
}

export interface ExportTrailer {
  kind: 'trailer';
  eventCount: number;
  /** meta.hash of the last event ('' for none). */
  headHash: string;
  /** The revealed dice seed (64 hex digits), once the match has ended. */
  seed?: string;
  signature: ExportSignature;
  /** Where the match's head is in the transparency log, once it has ended (not signed: it proves itself). */
  log?: ExportLogProof;
}

/**
 * A match's latest leaf in the transparency log (DESIGN section 12), its RFC 9162 inclusion
 * proof and the signed checkpoint it is proven against: `matchlog verify` checks the leaf names
 * a head of the export, the proof leads to the checkpoint's root, and the checkpoint's signature.
 */
export interface ExportLogProof {
  leaf: LogLeaf;
  /** The leaf's index: the match's position in the log. */
  index: number;
  /** base64 hashes, from the leaf up. */
  inclusionProof: string[];
  /** The C2SP tlog-checkpoint note the proof leads to (its size is the tree's). */
  checkpoint: string;
}

export type ExportLine = ExportHeader | ExportEventLine | ExportTrailer;

/** The bytes the server signs: the head hash as UTF-8 text. */
export function signedBytes(headHash: string): Uint8Array {
  return utf8Bytes(headHash);
}

/** The id of a public key: the first 16 hex digits of sha256 of its SPKI DER encoding. */
export function keyIdOf(spkiDer: Uint8Array): string {
  return createHash('sha256').update(spkiDer).digest('hex').slice(0, 16);
}

/** The seats as the header lists them: the seat specs of MatchCreated and who claimed each. */
export function exportSeatsOf(
  specs: readonly SeatSpec[],
  claimed: readonly { seat: string; player?: { name: string } }[],
): ExportSeat[] {
  return specs.map(({ seat, side, faction }) => {
    const player = claimed.find((s) => s.seat === seat)?.player;
    return {
      seat,
      ...(side === undefined ? {} : { side }),
      ...(faction === undefined ? {} : { faction }),
      ...(player === undefined ? {} : { player: { name: player.name } }),
    };
  });
}

/**
 * The header of an export: what MatchCreated (seq 0) records, and the players of the seats
 * (from the match state). A deep copy: the state may move on while the export streams.
 */
export function exportHeaderOf(
  created: MatchCreatedData,
  seats: MatchState['seats'],
  exportedAt: string,
): ExportHeader {
  return structuredClone({
    kind: 'header',
    format: EXPORT_FORMAT,
    matchId: created.matchId,
    ruleset: { id: created.ruleset.id, version: created.ruleset.version },
    ...(created.title === undefined ? {} : { title: created.title }),
    options: created.options,
    setup: created.setup,
    seats: exportSeatsOf(created.seats, seats),
    commitment: created.commitment,
    ...(created.dice === undefined ? {} : { dice: created.dice }),
    exportedAt,
  });
}
