import { own } from '../shared/id-record';
import type { RecordedEvent } from '../events/recorded-event';
import type { Ruleset } from '../rulesets/ruleset';
import { indexNames } from './name-index';
import { Phraser } from './phraser';
import { TABLE_SENTENCES } from './decision-sentences';
import { CC_SENTENCES } from './decision-sentences-cc';
import { CP_SENTENCES } from './decision-sentences-cp';
import { GL_SENTENCES } from './decision-sentences-gl';
import { REX_SENTENCES } from './decision-sentences-rex';
import { SW_SENTENCES } from './decision-sentences-sw';
import { CC_WORDS } from './ruleset-words-cc';
import { CP_WORDS } from './ruleset-words-cp';
import { FREEFORM_WORDS } from './ruleset-words-freeform';
import { GL_WORDS } from './ruleset-words-gl';
import { REX_WORDS } from './ruleset-words-rex';
import { SW_WORDS } from './ruleset-words-sw';
import { GENERIC_NAMING, type RulesetNaming } from './ruleset-naming';
import { SeatNames, type MatchSeatNames } from './seat-names';

/**
 * Every ruleset's words with its decisions' sentences, at once, for the server (the browser
 * loads one ruleset's as a chunk of its own: client/ruleset-words.ts).
 */
const NAMING: Record<string, RulesetNaming> = {
  rex: { ...REX_WORDS, decisions: { ...TABLE_SENTENCES, ...REX_SENTENCES } },
  'commanders-path': { ...CP_WORDS, decisions: { ...TABLE_SENTENCES, ...CP_SENTENCES } },
  'combat-commander': { ...CC_WORDS, decisions: { ...TABLE_SENTENCES, ...CC_SENTENCES } },
  'sw-strategic': { ...SW_WORDS, decisions: { ...TABLE_SENTENCES, ...SW_SENTENCES } },
  'galaxy-league': { ...GL_WORDS, decisions: { ...TABLE_SENTENCES, ...GL_SENTENCES } },
  freeform: { ...FREEFORM_WORDS, decisions: TABLE_SENTENCES },
};

/** A ruleset's words; a ruleset with none of its own (freeform) reads by the table's. */
export function rulesetNaming(id: string): RulesetNaming {
  return own(NAMING, id) ?? { ...GENERIC_NAMING, decisions: TABLE_SENTENCES };
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
  const words = rulesetNaming(ruleset.id);
  const names = indexNames(events, words);
  const phraser = new Phraser(
    names,
    new SeatNames(seats, words, names.claims, names.sides),
    words,
    {
      catalog: ruleset.catalog,
      decisions: Object.entries(ruleset.decisions).map(([kind, spec]) => ({
        kind,
        summary: spec.summary,
      })),
    },
  );
  return events
    .filter((event) => event.seq >= from && event.seq <= to)
    .map((event) => ({
      seq: event.seq,
      en: phraser.logPhrase(event, 'en'),
      ru: phraser.logPhrase(event, 'ru'),
    }));
}
