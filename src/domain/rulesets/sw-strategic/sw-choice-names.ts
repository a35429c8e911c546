import { choiceNames, type LocalizedText } from '../../shared/localized-text';

/**
 * Star Wars strategic missions' values as the mission form offers them (x-choice-names), in
 * the text's words («Офицер снабжения», «Командир эскадрильи», «Мастер меча»).
 */
/**
 * What a hex of each map is, as the board's hex titles and a sentence name it (lower case):
 * one source for the mission form's choices below and the client's board.
 */
export const SPACE_CELL_KINDS: Record<
  'planet' | 'orbit' | 'orbit-light' | 'asteroid' | 'space' | 'tunnel',
  LocalizedText
> = {
  planet: { en: 'planet surface', ru: 'поверхность планеты' },
  orbit: { en: 'orbit, 2 points', ru: 'орбита, 2 очка' },
  'orbit-light': { en: 'orbit, 1 point', ru: 'орбита, 1 очко' },
  asteroid: { en: 'asteroid', ru: 'астероид' },
  space: { en: 'open space', ru: 'космос' },
  tunnel: { en: 'hyperspace tunnel', ru: 'гиперпространственный тоннель' },
};

export const GROUND_CELL_KINDS: Record<'surface' | 'control' | 'territory', LocalizedText> = {
  surface: { en: 'surface', ru: 'поверхность' },
  control: { en: 'control point', ru: 'контрольная точка' },
  territory: { en: 'territory of a legion', ru: 'территория легиона' },
};

export const SPACE_CELL_NAMES = choiceNames(SPACE_CELL_KINDS);

export const GROUND_CELL_NAMES = choiceNames(GROUND_CELL_KINDS);

export const ROLE_NAMES: Record<'commander' | 'supply' | 'squadron' | 'captain', LocalizedText> = {
  commander: { en: 'Battle Commander', ru: 'Командующий флотом' },
  supply: { en: 'Supply Officer', ru: 'Офицер снабжения' },
  squadron: { en: 'Squadron Commander', ru: 'Командир эскадрильи' },
  captain: { en: 'Captain', ru: 'Капитан' },
};

export const SPECIALTY_NAMES: Record<
  'pilot' | 'medic' | 'mechanic' | 'commando' | 'sword-master',
  LocalizedText
> = {
  pilot: { en: 'Pilot', ru: 'Пилот' },
  medic: { en: 'Medic', ru: 'Медик' },
  mechanic: { en: 'Mechanic', ru: 'Механик' },
  commando: { en: 'Commando', ru: 'Коммандо' },
  'sword-master': { en: 'Sword Master', ru: 'Мастер меча' },
};
