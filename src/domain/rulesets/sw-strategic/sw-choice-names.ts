import type { LocalizedText } from '../../shared/localized-text';

/**
 * Star Wars strategic missions' values as the mission form offers them (x-choice-names), in
 * the text's words («Офицер снабжения», «Командир эскадрильи», «Мастер меча»).
 */
export const SPACE_CELL_NAMES: Record<
  'planet' | 'orbit' | 'orbit-light' | 'asteroid' | 'space' | 'tunnel',
  LocalizedText
> = {
  planet: { en: 'Planet surface', ru: 'Поверхность планеты' },
  orbit: { en: 'Orbit, 2 points', ru: 'Орбита, 2 очка' },
  'orbit-light': { en: 'Orbit, 1 point', ru: 'Орбита, 1 очко' },
  asteroid: { en: 'Asteroid', ru: 'Астероид' },
  space: { en: 'Open space', ru: 'Космос' },
  tunnel: { en: 'Hyperspace tunnel', ru: 'Гиперпространственный тоннель' },
};

export const GROUND_CELL_NAMES: Record<'surface' | 'control' | 'territory', LocalizedText> = {
  surface: { en: 'Surface', ru: 'Поверхность' },
  control: { en: 'Control point', ru: 'Контрольная точка' },
  territory: { en: 'Territory of a legion', ru: 'Территория легиона' },
};

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
