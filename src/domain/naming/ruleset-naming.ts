import type { Gender, PhraseNames } from './event-phrases';
import type { RecordedEvent } from '../events/recorded-event';
import type { Lang } from '../rulesets/ruleset';
import { own } from '../shared/id-record';
import type { LocalizedText } from '../shared/localized-text';
import type { DecisionSentence } from './decision-sentences';

/**
 * How a ruleset's matches are named to a reader: its sentences for its own events, its terms
 * (phases, zone kinds, dice purposes, causes), its factions' names, what each seat did by
 * decision kind, and the names and sides its own events give. The replay page (in the
 * browser, a chunk per ruleset) and the server's phrases (match-phrases.ts) read the same words.
 */
export interface RulesetNaming {
  describe?(event: RecordedEvent, lang: Lang, names: PhraseNames): string | undefined;
  term(term: string, lang: Lang, names: PhraseNames): string | undefined;
  faction?(id: string): LocalizedText | undefined;
  /** The factions a seat may play, where the setup's schema does not list them. */
  factions?: readonly string[];
  /** What a seat did, by decision kind (the table decisions' and the ruleset's own). */
  decisions?: Record<string, DecisionSentence>;
  /** Names the ruleset's own events give pieces (a registered deck's cards, to whoever may see them). */
  pieceNames?(events: readonly RecordedEvent[]): Iterable<[string, LocalizedText]>;
  /** The sides the ruleset's own events give seats (a scenario's nationalities), by seat. */
  seatSides?(events: readonly RecordedEvent[]): Iterable<[string, LocalizedText]>;
  /** The gender of a piece type's pieces' Russian names, where the piece records none. */
  gender?(type: string): Gender | undefined;
}

/** The zone kinds DESIGN.md names, in both languages; a ruleset's own kinds show as they are. */
const ZONE_KINDS: Record<string, Record<Lang, string>> = {
  location: { en: 'location', ru: 'локация' },
  hex: { en: 'hex', ru: 'гекс' },
  sector: { en: 'sector', ru: 'сектор' },
  orbit: { en: 'orbit', ru: 'орбита' },
  reserve: { en: 'reserve', ru: 'резерв' },
  hand: { en: 'hand', ru: 'рука' },
  deck: { en: 'deck', ru: 'колода' },
  discard: { en: 'discard', ru: 'сброс' },
  production: { en: 'production', ru: 'производство' },
  box: { en: 'box', ru: 'коробка' },
  area: { en: 'area', ru: 'область' },
  losses: { en: 'losses', ru: 'потери' },
};

export function zoneKind(kind: string, lang: Lang): string {
  return own(ZONE_KINDS, kind)?.[lang] ?? kind;
}

/** The words of a ruleset that has none of its own (freeform): the generic phrasing's. */
export const GENERIC_NAMING: RulesetNaming = { term: () => undefined };
