import { own } from '../../shared/id-record';
import type { RecordedEvent } from '../../events/recorded-event';
import type { PhraseNames } from '../kit';
import type { Lang } from '../ruleset';
import type { LocalizedText } from '../../shared/localized-text';
import { named } from './sw-catalog';
import { describeSwEvent } from './sw-phrasing';
import { roleSeatTitle, seatRole } from './sw-roles';
import type { RulesetNaming } from '../../naming/ruleset-naming';

/**
 * Star Wars strategic missions' words: a sentence for each of its own events and its terms
 * (steps, maps, dice purposes, cells, and pieces by name, never by id). What each seat did is
 * sw-decision-sentences.ts, loaded beside.
 */

const TERMS: Record<string, [string, string]> = {
  forward: ['forward', 'вперёд'],
  'forward-left': ['forward left', 'вперёд-влево'],
  'forward-right': ['forward right', 'вперёд-вправо'],
  back: ['back', 'назад'],
  'back-left': ['back left', 'назад-влево'],
  'back-right': ['back right', 'назад-вправо'],
  'turn-left': ['turn left', 'разворот влево'],
  'turn-right': ['turn right', 'разворот вправо'],
  space: ['space', 'космос'],
  ground: ['ground', 'земля'],
  'order:space': ['turn order (space)', 'порядок ходов (космос)'],
  'order:ground': ['turn order (ground)', 'порядок ходов (земля)'],
  turbolaser: ['turbolaser', 'турболазер'],
  income: ['income', 'доход'],
  'ground:attack': ['attack', 'атака'],
  'ground:defence': ['defence', 'защита'],
  'ground:trench': ['shot at a trench', 'выстрел по окопу'],
  'ground:deflect': ['deflection', 'отражение выстрела'],
  'ground:medic': ['healing', 'лечение'],
  reinforcements: ['reinforcements', 'подкрепления'],
  station: ['mining station', 'добывающая станция'],
};

export function swTerm(term: string, lang: Lang, names?: PhraseNames): string | undefined {
  const known = own(TERMS, term);
  if (known) return known[lang === 'ru' ? 1 : 0];
  // A legionnaire of the mission (a Sword Master, a squad) by his title, when it gives one.
  const person = names?.piece?.(term, lang);
  if (person !== undefined && person !== term) return person;
  const cell = /^[sg]:(-?\d+):(-?\d+)$/.exec(term);
  if (cell) return `(${cell[1]}, ${cell[2]})`;
  const name = named(term, lang);
  return name === term ? undefined : name;
}

/**
 * The mission's legionnaires by the name decisions and the log use, in both languages where
 * the mission titles them (MissionLaidOut): the log, the legend and the decisions name them so.
 */
function* legionnaireNames(events: readonly RecordedEvent[]): Iterable<[string, LocalizedText]> {
  for (const { type, data } of events) {
    if (type !== 'MissionLaidOut') continue;
    const legions = (data as { mission?: { legions?: unknown } } | null)?.mission?.legions;
    if (!Array.isArray(legions)) continue;
    for (const legion of legions as { roster?: unknown }[])
      for (const person of Array.isArray(legion?.roster) ? legion.roster : []) {
        const { name, title } = (person ?? {}) as {
          name?: unknown;
          title?: Partial<LocalizedText>;
        };
        if (
          typeof name === 'string' &&
          typeof title?.en === 'string' &&
          typeof title.ru === 'string'
        )
          yield [name, { en: title.en, ru: title.ru }];
      }
  }
}

/**
 * The role seats' titles («Офицер снабжения Легиона I») and their legions' («Легион I»), from
 * the match's seats and the mission's legions: a seat of its own legion keeps the name its
 * player or organizer gave it.
 */
function* roleSeatTitles(events: readonly RecordedEvent[]): Iterable<[string, LocalizedText]> {
  const created = events.find((e) => e.type === 'MatchCreated')?.data as
    { seats?: { seat?: unknown }[] } | undefined;
  const laid = events.find((e) => e.type === 'MissionLaidOut')?.data as
    | { legions?: unknown; mission?: { legions?: { name?: unknown; title?: LocalizedText }[] } }
    | undefined;
  if (!Array.isArray(created?.seats) || !Array.isArray(laid?.legions)) return;
  const legions = laid.legions as unknown[];
  const specs = Array.isArray(laid.mission?.legions) ? laid.mission.legions : [];
  const titleOf = (legion: string): LocalizedText => {
    const spec = specs[legions.indexOf(legion)];
    if (typeof spec?.title?.en === 'string' && typeof spec.title.ru === 'string')
      return { en: spec.title.en, ru: spec.title.ru };
    const name = typeof spec?.name === 'string' ? spec.name : legion;
    return { en: name, ru: name };
  };
  const byRole = new Set<string>();
  for (const { seat } of created.seats)
    if (typeof seat === 'string' && seatRole(seat).role) {
      byRole.add(seatRole(seat).legion);
      yield [seat, roleSeatTitle(seat, titleOf)];
    }
  // A legion played from its role seats is no seat: the table and the log name it by its title.
  for (const legion of byRole) yield [legion, titleOf(legion)];
}

export const SW_WORDS: RulesetNaming = {
  describe: describeSwEvent,
  seatSides: roleSeatTitles,
  term: (term, lang, names) => swTerm(term, lang, names),
  pieceNames: legionnaireNames,
};
