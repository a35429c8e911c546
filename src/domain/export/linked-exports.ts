import { canonicalJson } from '../events/canonical-json';
import type { RecordedEvent } from '../events/recorded-event';
import type { MatchCitedData } from '../match/match-events';
import type { LocalizedText } from '../shared/localized-text';

/**
 * Campaign links in exports: a league (or any match whose decisions cite others) records
 * MatchCited with the cited match's head (seq and hash) and what it took (its winners). Given
 * the cited matches' own exports, the league's verification checks each link: the cited export
 * verifies on its own, its event at the linked seq has the linked hash, and its winners are
 * those the league took. A battle rewritten after it was linked (re-chained and re-signed by
 * whoever holds the key) so fails in the league that cites it.
 */

export type LinkProblemCode =
  'linked_export_invalid' | 'linked_hash_mismatch' | 'linked_result_mismatch';

/** One link of a verified export: the MatchCited at `seq`. */
export interface ExportLink {
  seq: number;
  matchId: string;
  headSeq: number;
  headHash: string;
  winners: string[];
}

/** A cited match's export as its own verification read it (ExportVerifier `keepHashes`). */
export interface LinkedExportRecord {
  matchId: string;
  /** Every event's hash, by seq. */
  hashes: string[];
  /** Its MatchFinished winners, when it has one. */
  winners?: string[];
}

/** A cited match's export given to the verifier: its own verdict, and its record when it verified. */
export interface LinkedExport {
  /** Where it was read from (a file name), for messages. */
  source: string;
  /** The match its header names, when it has one (a failed export too). */
  matchId?: string;
  /** Its own verification failed with this message (the first problem), else undefined. */
  problem?: LocalizedText;
  record?: LinkedExportRecord;
}

export interface LinkProblem {
  ok: false;
  code: LinkProblemCode;
  /** The English of `text`. */
  message: string;
  text: LocalizedText;
  /** The seq of the citing MatchCited. */
  seq: number;
}

export interface LinksChecked {
  ok: true;
  /** Links checked against their match's export. */
  checked: number;
  /** Cited matches whose export was not given: their links are not proven. */
  notGiven: string[];
  /** Exports given that no link cites (by their source). */
  unused: string[];
}

export function linkOf(event: RecordedEvent): ExportLink | undefined {
  const data = event.data as Partial<MatchCitedData> | null;
  if (
    !data ||
    typeof data.matchId !== 'string' ||
    !Number.isSafeInteger(data.headSeq) ||
    typeof data.headHash !== 'string'
  )
    return undefined;
  const winners = Array.isArray(data.took?.winners)
    ? data.took.winners.filter((w): w is string => typeof w === 'string')
    : [];
  return {
    seq: event.seq,
    matchId: data.matchId,
    headSeq: data.headSeq as number,
    headHash: data.headHash,
    winners,
  };
}

/** Checks every link against the export of the match it cites; the first problem, in log order. */
export function checkLinkedExports(
  links: readonly ExportLink[],
  given: readonly LinkedExport[],
): LinkProblem | LinksChecked {
  const notGiven: string[] = [];
  const used = new Set<LinkedExport>();
  let checked = 0;
  for (const link of links) {
    const linked = given.find((g) => (g.record?.matchId ?? g.matchId) === link.matchId);
    if (!linked) {
      if (!notGiven.includes(link.matchId)) notGiven.push(link.matchId);
      continue;
    }
    used.add(linked);
    if (linked.problem !== undefined || !linked.record)
      return fail(
        'linked_export_invalid',
        {
          en: `the linked match ${link.matchId} (${linked.source}) does not verify: ${linked.problem?.en ?? 'no record'}`,
          ru: `связанный матч ${link.matchId} (${linked.source}) не проходит проверку: ${linked.problem?.ru ?? 'нет записи'}`,
        },
        link.seq,
      );
    const hash = linked.record.hashes[link.headSeq];
    if (hash !== link.headHash)
      return fail(
        'linked_hash_mismatch',
        hash === undefined
          ? {
              en: `the linked match ${link.matchId} was linked at its seq ${link.headSeq}, which its export (${linked.source}) does not hold`,
              ru: `связанный матч ${link.matchId} связан на его seq ${link.headSeq}, а в его экспорте (${linked.source}) такого события нет`,
            }
          : {
              en: `the linked match ${link.matchId} has hash ${hash} at seq ${link.headSeq} in ${linked.source}, not the ${link.headHash} it was linked with: it was changed after the link`,
              ru: `у связанного матча ${link.matchId} на seq ${link.headSeq} в ${linked.source} хеш ${hash}, а не ${link.headHash}, с которым его связали: матч изменён после связывания`,
            },
        link.seq,
      );
    if (canonicalJson(linked.record.winners ?? []) !== canonicalJson(link.winners))
      return fail(
        'linked_result_mismatch',
        {
          en: `the link took winners [${link.winners.join(', ')}] from match ${link.matchId}; its export (${linked.source}) records [${(linked.record.winners ?? []).join(', ')}]`,
          ru: `связь взяла из матча ${link.matchId} победителей [${link.winners.join(', ')}], а его экспорт (${linked.source}) записывает [${(linked.record.winners ?? []).join(', ')}]`,
        },
        link.seq,
      );
    checked += 1;
  }
  return {
    ok: true,
    checked,
    notGiven,
    unused: given.filter((g) => !used.has(g)).map((g) => g.source),
  };
}

function fail(code: LinkProblemCode, text: LocalizedText, seq: number): LinkProblem {
  return { ok: false, code, message: text.en, text, seq };
}
