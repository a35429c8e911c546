import type { Lang } from '../rulesets/ruleset';
import { own } from '../shared/id-record';
import type { LocalizedText } from '../shared/localized-text';
import type { PieceStatus, Table, Turn } from './table';

/**
 * One thing that differs between two tables of a match (then → now), by ids: a judge's
 * dispute page writes it out with names (`changeSentence`).
 */
export type TableChange =
  | { kind: 'moved'; piece: string; from: string; to: string }
  | { kind: 'came'; piece: string; to: string }
  | { kind: 'gone'; piece: string; from: string }
  | { kind: 'status'; piece: string; from: PieceStatus; to: PieceStatus }
  | { kind: 'attrs'; piece: string; keys: string[] }
  | { kind: 'track'; track: string; from?: number; to?: number }
  | { kind: 'losses'; owner: string; from: number; to: number }
  | { kind: 'shuffled'; deck: string }
  | { kind: 'turn'; from: Turn; to: Turn };

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const keysOf = (a: object, b: object): string[] => [
  ...new Set([...Object.keys(a), ...Object.keys(b)]),
];

/**
 * What differs between the table `then` and the table `now`: pieces (cards are pieces too)
 * moved, come, gone, with another status or other attributes; tracks; loss piles; decks
 * whose order changed with the same cards in them (a shuffle); and the turn. Pieces in the
 * order of their ids, so the same two tables always read the same.
 */
export function tableDifference(then: Table, now: Table): TableChange[] {
  const changes: TableChange[] = [];
  for (const id of keysOf(then.pieces, now.pieces).sort()) {
    const before = own(then.pieces, id);
    const after = own(now.pieces, id);
    if (!before && after) changes.push({ kind: 'came', piece: id, to: after.zone });
    else if (before && !after) changes.push({ kind: 'gone', piece: id, from: before.zone });
    else if (before && after) {
      if (before.zone !== after.zone)
        changes.push({ kind: 'moved', piece: id, from: before.zone, to: after.zone });
      if (before.status !== after.status)
        changes.push({ kind: 'status', piece: id, from: before.status, to: after.status });
      const keys = keysOf(before.attrs, after.attrs).filter(
        (key) => !same(own(before.attrs, key), own(after.attrs, key)),
      );
      if (keys.length > 0) changes.push({ kind: 'attrs', piece: id, keys: keys.sort() });
    }
  }
  for (const id of keysOf(then.tracks, now.tracks).sort()) {
    const from = own(then.tracks, id)?.value;
    const to = own(now.tracks, id)?.value;
    if (from !== to)
      changes.push({
        kind: 'track',
        track: id,
        ...(from !== undefined ? { from } : {}),
        ...(to !== undefined ? { to } : {}),
      });
  }
  for (const owner of keysOf(then.losses, now.losses).sort()) {
    const from = (own(then.losses, owner) ?? []).length;
    const to = (own(now.losses, owner) ?? []).length;
    if (from !== to) changes.push({ kind: 'losses', owner, from, to });
  }
  for (const id of keysOf(then.decks, now.decks).sort()) {
    const before = own(then.decks, id)?.order ?? [];
    const after = own(now.decks, id)?.order ?? [];
    // Cards that came or went are told as the pieces' moves; a new order of the same cards is a shuffle.
    if (!same(before, after) && same([...before].sort(), [...after].sort()))
      changes.push({ kind: 'shuffled', deck: id });
  }
  if (!same(then.turn, now.turn)) changes.push({ kind: 'turn', from: then.turn, to: now.turn });
  return changes;
}

/** The names a sentence uses: the match's own (the client's Phraser is one). */
export interface TableNamer {
  pieceName(piece: string, lang: Lang): string;
  zoneName(zone: string, lang: Lang): string;
  trackName(track: string, lang: Lang): string | undefined;
  term(term: string, lang: Lang): string;
  seats: { seat(seat: string, lang: Lang): string };
}

const WORDS = {
  absent: { en: 'not on the table', ru: 'не было на столе' },
  noValue: { en: 'none', ru: 'нет' },
  changed: { en: 'changed', ru: 'изменено' },
  losses: { en: 'Losses', ru: 'Потери' },
  shuffled: { en: 'shuffled, the order differs', ru: 'карты перемешаны, порядок другой' },
  turn: { en: 'Round, phase, whose move', ru: 'Раунд, фаза, чей ход' },
} satisfies Record<string, LocalizedText>;

/** One change written out with the match's names, never ids: «Отделение А: C3 → E5». */
export function changeSentence(change: TableChange, names: TableNamer, lang: Lang): string {
  const arrow = (from: string, to: string): string => `${from} → ${to}`;
  const turnText = (turn: Turn): string =>
    [
      // Games that count no rounds (Combat Commander's time is a track) stay at round 0.
      turn.round > 0 ? String(turn.round) : '',
      turn.phase ? names.term(turn.phase, lang) : '',
      turn.active.map((seat) => names.seats.seat(seat, lang)).join(', '),
    ]
      .filter(Boolean)
      .join(', ');
  switch (change.kind) {
    case 'moved':
      return `${names.pieceName(change.piece, lang)}: ${arrow(names.zoneName(change.from, lang), names.zoneName(change.to, lang))}`;
    case 'came':
      return `${names.pieceName(change.piece, lang)}: ${arrow(WORDS.absent[lang], names.zoneName(change.to, lang))}`;
    case 'gone':
      return `${names.pieceName(change.piece, lang)}: ${arrow(names.zoneName(change.from, lang), WORDS.absent[lang])}`;
    case 'status':
      return `${names.pieceName(change.piece, lang)}: ${arrow(names.term(change.from, lang), names.term(change.to, lang))}`;
    case 'attrs': {
      const what = change.keys.map((key) => names.term(key, lang)).join(', ');
      return `${names.pieceName(change.piece, lang)}: ${WORDS.changed[lang]} — ${what}`;
    }
    case 'track': {
      const value = (v: number | undefined): string =>
        v === undefined ? WORDS.noValue[lang] : String(v);
      const name = names.trackName(change.track, lang) ?? names.term(change.track, lang);
      return `${name}: ${arrow(value(change.from), value(change.to))}`;
    }
    case 'losses':
      return `${WORDS.losses[lang]} (${names.seats.seat(change.owner, lang)}): ${arrow(String(change.from), String(change.to))}`;
    case 'shuffled':
      return `${names.zoneName(change.deck, lang)}: ${WORDS.shuffled[lang]}`;
    case 'turn':
      return `${WORDS.turn[lang]}: ${arrow(turnText(change.from), turnText(change.to))}`;
  }
}
