import type { RecordedEvent } from '../events/recorded-event';
import type { Lang, Ruleset } from '../rulesets/ruleset';
import type { LocalizedText } from '../shared/localized-text';
import { own } from '../shared/id-record';
import { indexNames } from './name-index';
import { Phraser } from './phraser';
import { TABLE_SENTENCES } from './decision-sentences';
import type { Game } from '../rulesets/game';
import { GAMES } from '../rulesets/games';
import { GENERIC_NAMING, type RulesetNaming } from './ruleset-naming';
import { SeatNames, type MatchSeatNames } from './seat-names';

/** A game's words with its decisions' sentences over the table decisions'. */
export function gameNaming(game: Pick<Game, 'naming' | 'sentences'>): RulesetNaming {
  return { ...game.naming, decisions: { ...TABLE_SENTENCES, ...game.sentences } };
}

/**
 * Every game's words at once, for the server (the browser loads one game's as a chunk of its
 * own: client/ruleset-words.ts).
 */
const NAMING = new Map(GAMES.map((game) => [game.ruleset.id, gameNaming(game)]));

/** A ruleset's words; a ruleset with none of its own reads by the table's. */
export function rulesetNaming(id: string): RulesetNaming {
  return NAMING.get(id) ?? { ...GENERIC_NAMING, decisions: TABLE_SENTENCES };
}

/** An event as the log says it, in English and Russian. */
export interface EventPhrase {
  seq: number;
  en: string;
  ru: string;
}

/**
 * The log's sentences for the events of [from, to], as the replay page says them: seats by
 * their players or sides, pieces and zones by their names, words agreeing with them. `events`
 * is the match from its start as the reader may see it (redacted, up to the reader's horizon):
 * the page names things from every event it holds, so a name recorded later names a piece in
 * an earlier sentence too, and a hidden member the reader may not see names nothing.
 */
export function phraseEvents(
  events: readonly RecordedEvent[],
  seats: readonly MatchSeatNames[],
  ruleset: Pick<Ruleset, 'id' | 'catalog' | 'decisions'>,
  from: number,
  to: number,
): EventPhrase[] {
  const phraser = phraserOf(events, seats, ruleset);
  return events
    .filter((event) => event.seq >= from && event.seq <= to)
    .map((event) => ({
      seq: event.seq,
      en: phraser.logPhrase(event, 'en'),
      ru: phraser.logPhrase(event, 'ru'),
    }));
}

/**
 * What a seat chose in each of these decisions, as the log says it after the seat's name
 * ("перемещает Крейсер → Север"), named from the whole match as `phraseEvents` names it; the
 * decision kind's summary where no sentence of the game fits its params. Without the seat, the
 * same choice reads the same in every match: the opening statistics group by it.
 */
export function decisionChoices(
  events: readonly RecordedEvent[],
  seats: readonly MatchSeatNames[],
  ruleset: Pick<Ruleset, 'id' | 'catalog' | 'decisions'>,
  decisions: readonly RecordedEvent[],
): Map<number, LocalizedText> {
  const phraser = phraserOf(events, seats, ruleset);
  const choices = new Map<number, LocalizedText>();
  for (const decision of decisions) {
    const kind = (decision.data as { kind?: unknown } | null)?.kind;
    const summary = typeof kind === 'string' ? own(ruleset.decisions, kind)?.summary : undefined;
    const said = (lang: Lang) =>
      phraser.decisionParts(decision, lang)?.predicate ?? summary?.[lang] ?? String(kind);
    choices.set(decision.seq, { en: said('en'), ru: said('ru') });
  }
  return choices;
}

function phraserOf(
  events: readonly RecordedEvent[],
  seats: readonly MatchSeatNames[],
  ruleset: Pick<Ruleset, 'id' | 'catalog' | 'decisions'>,
): Phraser {
  const words = rulesetNaming(ruleset.id);
  const names = indexNames(events, words);
  return new Phraser(names, new SeatNames(seats, words, names.claims, names.sides), words, {
    catalog: ruleset.catalog,
    decisions: Object.entries(ruleset.decisions).map(([kind, spec]) => ({
      kind,
      summary: spec.summary,
    })),
  });
}
