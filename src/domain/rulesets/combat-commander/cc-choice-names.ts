import type { LocalizedText } from '../../shared/localized-text';
import type { Gender } from '../kit/phrasing';
import type { Posture } from './cc-cards';
import type { OutcomeAbout } from './cc-options';

/**
 * Combat Commander's values as the forms offer them (x-choice-names), in the text's words
 * («Атака, Защита или Разведка» [1.1]; «Командир, Команда, Отделение» [3]): a claim, a
 * scenario or a roll never shows an id on the page.
 */
export const POSTURE_NAMES: Record<Posture, LocalizedText> = {
  attack: { en: 'Attack', ru: 'Атака' },
  defense: { en: 'Defense', ru: 'Защита' },
  recon: { en: 'Recon', ru: 'Разведка' },
};

export const UNIT_KIND_NAMES: Record<'leader' | 'team' | 'squad', LocalizedText> = {
  leader: { en: 'Leader', ru: 'Командир' },
  team: { en: 'Team', ru: 'Команда' },
  squad: { en: 'Squad', ru: 'Отделение' },
};

/** The grammatical gender of a counter's Russian name, for the words that agree with it. */
export const GENDER_NAMES: Record<Gender, LocalizedText> = {
  m: { en: 'Masculine («он»)', ru: 'Мужской род («он»)' },
  f: { en: 'Feminine («она»)', ru: 'Женский род («она»)' },
  n: { en: 'Neuter («оно»)', ru: 'Средний род («оно»)' },
  pl: { en: 'Plural («они»)', ru: 'Множественное число («они»)' },
};

export const RANDOM_HEX_PURPOSE_NAMES: Record<'event' | 'repair', LocalizedText> = {
  event: { en: 'An Event', ru: 'Событие' },
  repair: { en: 'Repairing a Weapon', ru: 'Починка Вооружения' },
};

/** The rules a claim states an outcome of, where the excerpt lacks them. */
export const OUTCOME_ABOUT_NAMES: Record<OutcomeAbout, LocalizedText> = {
  fire: { en: 'Fire', ru: 'Огонь' },
  melee: { en: 'Melee', ru: 'Рукопашная' },
  move: { en: 'Movement', ru: 'Движение' },
  morale: { en: 'Recover and Rout', ru: 'Восстановление и Бегство' },
  event: { en: 'An Event', ru: 'Событие' },
  repair: { en: 'Repair', ru: 'Починка' },
  victory: { en: 'Victory', ru: 'Победа' },
  initiative: { en: 'The Initiative card', ru: 'Карта Инициативы' },
  'sudden-death': { en: 'Sudden Death', ru: 'Внезапная Смерть' },
};

/** What a claimed outcome may do, effect by effect (`CcEffectParams.kind`). */
export const EFFECT_KINDS = [
  'break',
  'eliminate',
  'recover',
  'repair',
  'move',
  'exit',
  'return',
  'vp',
  'end',
  'initiative',
  'reroll',
  'show-hand',
] as const;
export type EffectKind = (typeof EFFECT_KINDS)[number];

/** What a claimed outcome does, effect by effect. */
export const EFFECT_KIND_NAMES: Record<EffectKind, LocalizedText> = {
  break: { en: 'Break a unit', ru: 'Сломить подразделение' },
  eliminate: { en: 'Eliminate', ru: 'Уничтожить' },
  recover: { en: 'Recover a unit', ru: 'Восстановить подразделение' },
  repair: { en: 'Repair a Weapon', ru: 'Починить Вооружение' },
  move: { en: 'Move', ru: 'Переместить' },
  exit: { en: 'Exit the map', ru: 'Вывести с поля' },
  return: { en: 'Return an eliminated unit', ru: 'Вернуть уничтоженное подразделение' },
  vp: { en: 'Victory points', ru: 'Победные очки' },
  end: { en: 'The game ends', ru: 'Конец игры' },
  initiative: { en: 'Pass the Initiative card', ru: 'Передать Карту Инициативы' },
  reroll: { en: 'Roll again', ru: 'Перебросить' },
  'show-hand': { en: 'Show the hand', ru: 'Показать руку' },
};
