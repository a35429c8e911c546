import { defineOptions, readOptions, type OptionsOf } from '../kit/options';
import type { OptionValue } from '../ruleset';
import { RULES } from './coin-race-rules-text';

/**
 * Every point the rules text leaves open is an option with its default and the rule it
 * interprets. The types of the options are read off these specs (`OptionsOf`).
 */
export const COIN_RACE_OPTIONS = defineOptions([
  {
    id: 'trackLength',
    title: { en: 'Track length', ru: 'Длина дорожки' },
    description: {
      en: 'The text says "the last space of the track" without saying how many spaces it has.',
      ru: 'Текст говорит «последнего деления дорожки», не говоря, сколько на ней делений.',
    },
    ruleRef: RULES.victory,
    type: 'integer',
    min: 2,
    max: 30,
    default: 5,
  },
  {
    id: 'boostOnHeads',
    title: { en: 'A boost after heads', ru: 'Ускорение после орла' },
    description: {
      en: 'Whether a seat that flipped heads may still play a boost in the same turn: the text does not say.',
      ru: 'Может ли игрок, у которого выпал орёл, в тот же ход сыграть ускорение: текст не говорит.',
    },
    ruleRef: RULES.playBoost,
    type: 'enum',
    choices: [
      { value: 'never', title: { en: 'No', ru: 'Нет' } },
      { value: 'allowed', title: { en: 'Yes', ru: 'Да' } },
    ],
    default: 'never',
  },
]);

export type CoinRaceOptions = OptionsOf<typeof COIN_RACE_OPTIONS>;

export function coinRaceOptions(chosen: Readonly<Record<string, OptionValue>>): CoinRaceOptions {
  return readOptions(COIN_RACE_OPTIONS, chosen);
}
