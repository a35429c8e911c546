import {
  describeEvent,
  formatMessage,
  statusName,
  termOf,
  type PhraseNames,
} from './event-phrases';
import { own } from '../shared/id-record';
import { PIECE_STATUSES } from '../table/table';
import type { Lang } from '../rulesets/ruleset';
import type { RecordedEvent } from '../events/recorded-event';
import { upperFirst, type LocalizedText } from '../shared/localized-text';
import { TABLE_SENTENCES } from './decision-sentences';
import { localized, type NameIndex } from './name-index';
import { zoneKind, type RulesetNaming } from './ruleset-naming';
import type { SeatNames } from './seat-names';

/** What the phraser reads of a ruleset's description: its piece types' and decisions' names. */
export interface RulesetVocabulary {
  catalog?: readonly { id: string; name: LocalizedText }[];
  decisions?: readonly { kind: string; summary: LocalizedText }[];
}

/**
 * Sentences and names for the log and the board: the ruleset's own phrasing first, then the
 * generic phrasing of event-phrases.ts, with this match's names (players,
 * sides, zones, pieces) in place of ids. The pages phrase every event in the browser (a match
 * file replays with no server); the server's phrases read the same sentences from it.
 * `W` is the words the caller holds (the pages' carry their board and choosers too).
 */
export class Phraser<W extends RulesetNaming = RulesetNaming> {
  private readonly cache = new Map<string, string>();
  /** The sentences (by lang and seq) the ruleset's own words gave. */
  private readonly rulesetPhrased = new Set<string>();
  private readonly subjects = new Map<number, string | undefined>();
  private readonly catalog = new Map<string, { en: string; ru: string }>();
  private readonly decisions = new Map<string, { en: string; ru: string }>();
  readonly nameOf: PhraseNames;

  constructor(
    readonly names: NameIndex,
    readonly seats: SeatNames,
    readonly words: W,
    ruleset: RulesetVocabulary | undefined,
  ) {
    for (const spec of ruleset?.catalog ?? []) this.catalog.set(spec.id, spec.name);
    for (const d of ruleset?.decisions ?? []) this.decisions.set(d.kind, d.summary);
    this.nameOf = {
      seat: (seat, lang) => seats.seat(seat, lang),
      seatIn: (seat, lang, grammaticalCase) => seats.seatIn(seat, lang, grammaticalCase),
      side: (seat, lang) => seats.side(seat, lang),
      seatNumber: (seat) => seats.number(seat),
      zone: (zone, lang) => this.zoneName(zone, lang),
      piece: (piece, lang) => this.pieceName(piece, lang),
      pieceType: (type, lang) => this.pieceType(type, lang),
      gender: (piece) => {
        const type = names.pieceTypes.get(piece);
        return names.genders.get(piece) ?? (type === undefined ? undefined : words.gender?.(type));
      },
      fleet: (fleet, lang) => this.fleetName(fleet, lang),
      track: (track, lang) => this.trackName(track, lang),
      decision: (kind, lang) => decisionInSentence(localized(this.decisions.get(kind), lang)),
      phase: (phase, lang) => this.term(phase, lang),
      term: (term, lang) =>
        words.term(term, lang, this.nameOf) ??
        (this.names.pieceTypes.has(term) ? this.pieceName(term, lang) : undefined),
    };
  }

  /**
   * A ruleset word (phase, purpose, cause, zone kind), translated where it is known; a cause
   * that is a piece (the card that killed a leader) by the piece's name.
   */
  term(term: string, lang: Lang): string {
    return (
      this.words.term(term, lang, this.nameOf) ??
      (this.names.pieceTypes.has(term) ? this.pieceName(term, lang) : termOf(term, lang))
    );
  }

  pieceType(type: string, lang: Lang): string | undefined {
    // A type outside the catalogue (a face-down card) is a term of the ruleset's words.
    return localized(this.catalog.get(type), lang) ?? this.words.term(type, lang, this.nameOf);
  }

  /** A piece by its own name (a leader, a revealed card), else by its type's name. */
  pieceName(piece: string, lang: Lang): string {
    const own = localized(this.names.pieceNames.get(piece), lang);
    if (own) return own;
    const type = this.names.pieceTypes.get(piece) ?? this.typeByPrefix(piece);
    return type === undefined ? piece : (this.pieceType(type, lang) ?? type);
  }

  /**
   * A piece hidden from the reader (another seat's card leaving its hand) has no recorded
   * type in the reader's view: an id "strategy:18" whose prefix names exactly one catalog
   * type ("strategy" or "strategy-…") is named by that type, never shown as the id.
   */
  private typeByPrefix(piece: string): string | undefined {
    const prefix = piece.split(':')[0];
    if (!prefix || prefix === piece) return undefined;
    const types = [...this.catalog.keys()].filter(
      (t) => t === prefix || t.startsWith(`${prefix}-`),
    );
    return types.length === 1 ? types[0] : undefined;
  }

  /** A zone's recorded name with seats named, "Потери (Анна)" for loss piles, else the id. */
  zoneName(zone: string, lang: Lang): string {
    const owner = this.names.zoneOwners.get(zone) ?? ownerInId(zone, this.seats);
    const recorded = localized(this.names.zones.get(zone), lang);
    if (recorded) return this.seats.withSeatNames(recorded, owner, lang);
    const [kind] = zone.split(':');
    if (owner && kind) {
      const kindName = kind === 'losses' ? zoneKind('losses', lang) : this.kindName(kind, lang);
      return `${upperFirst(kindName)} (${this.seats.seat(owner, lang)})`;
    }
    // A zone made with no name (a judge's adjustment) by its kind and number: «Сектор 90».
    const numbered = /^([a-z-]+):(\d+)$/.exec(zone);
    if (numbered) {
      // A kind the words know (its Russian differs from the id; English may equal it).
      const known = this.kindName(numbered[1], 'ru') !== numbered[1];
      if (known) return `${upperFirst(this.kindName(numbered[1], lang))} ${numbered[2]}`;
    }
    return zone;
  }

  /** A zone kind as a word: the ruleset's, the generic list's, or the kind itself. */
  kindName(kind: string, lang: Lang): string {
    return this.words.term(kind, lang, this.nameOf) ?? zoneKind(kind, lang);
  }

  fleetName(fleet: string, lang: Lang): string {
    const named = this.names.fleets.get(fleet);
    if (named) return named;
    // Rulesets name fleets "fleet:<seat>@<zone>": the seat's fleet in that zone.
    const match = /^fleet:([^@]+)@(.+)$/.exec(fleet);
    if (match) return `${this.seats.seat(match[1], lang)}, ${this.zoneName(match[2], lang)}`;
    return fleet;
  }

  trackName(track: string, lang: Lang): string | undefined {
    const name = localized(this.names.tracks.get(track), lang);
    return name
      ? this.seats.withSeatNames(name, this.names.trackOwners.get(track), lang)
      : undefined;
  }

  phrase(event: RecordedEvent, lang: Lang): string {
    const key = `${lang}${event.seq}`;
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const own = attempt(() => this.words.describe?.(event, lang, this.nameOf));
    const text = own || describeEvent(event, lang, { names: this.nameOf });
    if (own) this.rulesetPhrased.add(key);
    this.cache.set(key, text);
    return text;
  }

  /**
   * The log's row for `event` under `who` (afterWho): a decision as its seat's predicate, else
   * its sentence (`logPhrase`), lowered after the colon where it is the engine's own sentence
   * and opens with no name («Аня: перемещена фигура: …»); a ruleset's sentence keeps its
   * capitals (its rulebook terms: «Колесо Битвы»), and so does one that opens with a seat's,
   * piece's or place's name.
   */
  logRow(event: RecordedEvent, lang: Lang, who: string): LogRow {
    // A decision under its seat reads as what the seat did: «Анна | тасует: Колода приказов».
    const parts = this.decisionParts(event, lang);
    if (parts && who === this.seats.seat(parts.seat, lang))
      return { text: parts.predicate, colon: false };
    const phrase = this.logPhrase(event, lang);
    const ruleset = event.type !== 'DecisionMade' && this.rulesetPhrased.has(`${lang}${event.seq}`);
    const opensWithName = () => this.namesOf(event, lang).some((name) => phrase.startsWith(name));
    return afterWho(phrase, who, !ruleset && !opensWithName());
  }

  /** The names an event's sentence may open with: the seats', and those of the ids it holds. */
  private namesOf(event: RecordedEvent, lang: Lang): string[] {
    const data = (event.data ?? {}) as Record<string, unknown>;
    const ids = Object.values(data)
      .flat()
      .filter((value): value is string => typeof value === 'string');
    return [
      ...this.seats.seats.map((seat) => this.seats.seat(seat, lang)),
      ...ids.map((id) => this.idText(id, lang)),
    ].filter((name) => name !== '');
  }

  /**
   * In the log a decision reads as what the player did: its kind's summary and its params
   * with names ("Переместить фигуры: Крейсер → Центр"), not the kind's description alone.
   */
  logPhrase(event: RecordedEvent, lang: Lang): string {
    if (event.type !== 'DecisionMade') return this.phrase(event, lang);
    const key = `d${lang}${event.seq}`;
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const text = this.decisionPhrase(event, lang);
    this.cache.set(key, text);
    return text;
  }

  /**
   * A decision as what its seat did: the seat and the sentence after its name ("перемещает
   * 3 войска: Зал Архива → Трущобы Саллаб"), from the ruleset's sentences or the table
   * decisions'; undefined when none fits its params.
   */
  decisionParts(event: RecordedEvent, lang: Lang): { seat: string; predicate: string } | undefined {
    if (event.type !== 'DecisionMade') return undefined;
    const data = (event.data ?? {}) as { kind?: unknown; params?: unknown; seat?: unknown };
    if (typeof data.kind !== 'string' || typeof data.seat !== 'string') return undefined;
    const params =
      data.params !== null && typeof data.params === 'object' && !Array.isArray(data.params)
        ? (data.params as Record<string, unknown>)
        : {};
    const sentence = own(this.words.decisions, data.kind) ?? own(TABLE_SENTENCES, data.kind);
    const pattern = attempt(() => sentence?.(params));
    if (!pattern) return undefined;
    const values: Record<string, string | number> = {};
    const piece = typeof params.piece === 'string' ? params.piece : undefined;
    for (const [key, value] of Object.entries(params)) {
      if (typeof value === 'number') values[key] = value;
      else {
        if (Array.isArray(value)) values[`${key}Count`] = value.length;
        const text = this.valueText(key, value, lang, piece);
        if (text) values[key] = text;
      }
    }
    if (typeof params.delta === 'number')
      values.signed = params.delta > 0 ? `+${params.delta}` : String(params.delta);
    // Rex's battle cards: the attack and the defense card, whichever were chosen.
    values.cards = ['attack', 'defense']
      .map((key) => (typeof values[key] === 'string' ? values[key] : ''))
      .filter(Boolean)
      .join(', ');
    const predicate = attempt(() => formatMessage(lang, pattern[lang], values));
    return predicate ? { seat: data.seat, predicate } : undefined;
  }

  private decisionPhrase(event: RecordedEvent, lang: Lang): string {
    const parts = this.decisionParts(event, lang);
    if (parts) return `${this.seats.seat(parts.seat, lang)} ${parts.predicate}`;
    const data = (event.data ?? {}) as { kind?: unknown; params?: unknown };
    if (typeof data.kind !== 'string') return this.phrase(event, lang);
    const summary = this.nameOf.decision?.(data.kind, lang) ?? data.kind;
    const params = this.paramsText(data.params, lang);
    const text = params ? `${summary}: ${params}` : summary;
    return upperFirst(text);
  }

  /** A decision's params in words: ids named, numbers and short texts as they are. */
  paramsText(params: unknown, lang: Lang): string {
    if (params === null || typeof params !== 'object') return '';
    const parts: string[] = [];
    let from: string | undefined;
    let to: string | undefined;
    const about = (params as { piece?: unknown }).piece;
    const piece = typeof about === 'string' ? about : undefined;
    for (const [key, value] of Object.entries(params as Record<string, unknown>)) {
      const text = this.valueText(key, value, lang, piece);
      if (!text) continue;
      if (key === 'from') from = text;
      else if (key === 'to') to = text;
      else parts.push(text);
    }
    const route = from ? `${from} → ${to ?? '?'}` : to ? `→ ${to}` : '';
    const listed = parts.join(', ');
    return listed && route ? `${listed} ${route}` : listed || route;
  }

  /**
   * A param's value in words: ids named, lists counted, numbers and short texts as they are; a
   * status agreeing with `piece`, the piece the params change.
   */
  valueText(key: string, value: unknown, lang: Lang, piece?: string): string {
    if (value === null || value === undefined || value === '') return '';
    if (Array.isArray(value)) {
      const items = value.map((v) => this.valueText(key, v, lang)).filter(Boolean);
      const counts = new Map<string, number>();
      for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
      const shown = [...counts].map(([item, n]) => (n > 1 ? `${item} ×${n}` : item));
      return shown.length > 6 ? `${shown.slice(0, 6).join(', ')}, …` : shown.join(', ');
    }
    if (typeof value === 'number')
      return key === 'troops' || key === 'count' || key === 'dial'
        ? `${this.term(key, lang)} ${value}`
        : String(value);
    if (typeof value === 'boolean') return value ? this.term(key, lang) : '';
    if (typeof value === 'string') {
      // A piece status reads in the page's language, like the table shows it.
      return key === 'status' && (PIECE_STATUSES as readonly string[]).includes(value)
        ? statusName(value, lang, piece === undefined ? undefined : this.nameOf.gender?.(piece))
        : this.idText(value, lang);
    }
    if (isLocalizedText(value)) return value[lang];
    if (typeof value === 'object') {
      // Nested choices ({ card, to }, { location, troops }): their own words, in brackets.
      const inner = this.paramsText(value, lang);
      return inner ? `(${inner})` : '';
    }
    return '';
  }

  /** A string param: a seat, zone, piece, fleet or track by its name; anything else as it is. */
  private idText(value: string, lang: Lang): string {
    if (this.seats.has(value)) return this.seats.seat(value, lang);
    if (this.names.zones.has(value) || this.names.zoneOwners.has(value))
      return this.zoneName(value, lang);
    // A piece known by name only (a card whose setup the reader could not see) is named too.
    if (
      this.names.pieceTypes.has(value) ||
      this.names.pieceNames.has(value) ||
      this.typeByPrefix(value) !== undefined
    )
      return this.pieceName(value, lang);
    if (this.names.fleets.has(value) || value.startsWith('fleet:'))
      return this.fleetName(value, lang);
    return this.trackName(value, lang) ?? this.term(value, lang);
  }

  /**
   * The seat an event is about, for the log's "who" column: the seat a consequence affects
   * (the one that gains, loses, wins or draws), not the one whose decision triggered it.
   */
  subjectOf(event: RecordedEvent): string | undefined {
    if (this.subjects.has(event.seq)) return this.subjects.get(event.seq);
    const subject = this.findSubject(event);
    this.subjects.set(event.seq, subject);
    return subject;
  }

  private findSubject(event: RecordedEvent): string | undefined {
    const pieceOwner = (id: string): string | undefined => this.names.pieceOwners.get(id);
    const data = (event.data ?? {}) as Record<string, unknown>;
    const seat = (value: unknown): string | undefined =>
      typeof value === 'string' && this.seats.has(value) ? value : undefined;
    const direct =
      seat(data.seat) ??
      // A result reported stands under its reporter, never under the winner it reports.
      (data.winner !== undefined ? seat(data.by) : undefined) ??
      seat(data.winner) ??
      seat(data.owner) ??
      seat(data.member) ??
      seat(data.by);
    if (direct) return direct;
    const ids = [data.pieces, data.piece, data.add, data.remove]
      .flat()
      .filter((id): id is string => typeof id === 'string');
    const owners = new Set(ids.map(pieceOwner).filter((o): o is string => !!seat(o)));
    if (owners.size === 1) return [...owners][0];
    const zoneOwner = typeof data.to === 'string' ? this.names.zoneOwners.get(data.to) : undefined;
    return seat(zoneOwner);
  }
}

/** A log row's text, and whether its "who" column is set off from it by a colon. */
export interface LogRow {
  text: string;
  colon: boolean;
}

/**
 * A sentence as it reads after the log's "who" column. One that opens with that name reads
 * on from it («Глеб | оспаривает событие 117»); one that sets the name off keeps it set off
 * («Глеб: | запечатанный выбор раскрыт», «Анна: | решение: …»), never naming it twice; any
 * other sentence stands after a colon too, never after a bare name («Аня: | перемещена
 * фигура», not «Аня Перемещена фигура»), its first letter lowered when `lowerable`. No name,
 * no colon.
 */
export function afterWho(phrase: string, who: string, lowerable = false): LogRow {
  if (who === '') return { text: phrase, colon: false };
  if (phrase.startsWith(who)) {
    const rest = phrase.slice(who.length);
    const lead = /^([:,]?) /u.exec(rest);
    if (lead) return { text: rest.slice(lead[0].length), colon: lead[1] !== '' };
  }
  return {
    text: lowerable ? phrase.charAt(0).toLowerCase() + phrase.slice(1) : phrase,
    colon: true,
  };
}

function ownerInId(zone: string, seats: SeatNames): string | undefined {
  const [, rest] = zone.split(':');
  return rest && seats.has(rest) ? rest : undefined;
}

/**
 * A decision's summary inside a sentence: its first letter lower case (the names in it keep
 * their capitals: «выставить Колесо Битвы»), without the note in brackets at its end that the
 * sentence says already («(запечатано; вскрываются вместе)»).
 */
function decisionInSentence(summary: string | undefined): string | undefined {
  if (summary === undefined) return undefined;
  const bare = summary.replace(/\s*\([^()]*\)$/u, '');
  return bare.charAt(0).toLowerCase() + bare.slice(1);
}

function attempt<T>(hook: () => T | undefined): T | undefined {
  try {
    return hook();
  } catch {
    return undefined;
  }
}

/** A name given in both languages ({ en, ru }): shown in the page's language only. */
function isLocalizedText(value: object): value is Record<Lang, string> {
  const keys = Object.keys(value);
  return (
    keys.length === 2 &&
    typeof (value as Record<string, unknown>).en === 'string' &&
    typeof (value as Record<string, unknown>).ru === 'string'
  );
}
