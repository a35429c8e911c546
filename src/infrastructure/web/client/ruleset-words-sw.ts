import { own } from '../../../domain/shared/id-record';
import type { Lang } from '../../../domain/rulesets/ruleset';
import { describeSwEvent, named } from '../../../domain/rulesets/sw-strategic/sw-phrasing';
import type { RulesetWords } from './ruleset-words';

/**
 * Star Wars strategic missions' words: a sentence for each of its own events and its terms
 * (steps, maps, dice purposes, cells, and pieces by name, never by id). What each seat did is
 * decision-sentences-sw.ts, loaded beside.
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

export function swTerm(term: string, lang: Lang): string | undefined {
  const known = own(TERMS, term);
  if (known) return known[lang === 'ru' ? 1 : 0];
  const cell = /^[sg]:(-?\d+):(-?\d+)$/.exec(term);
  if (cell) return `(${cell[1]}, ${cell[2]})`;
  const name = named(term, lang);
  return name === term ? undefined : name;
}

export const SW_WORDS: RulesetWords = {
  describe: describeSwEvent,
  term: (term, lang) => swTerm(term, lang),
};
