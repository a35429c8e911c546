import { has, type DecisionSentence } from '../../../naming/decision-sentences';

/** The specialists' tasks and what comes down from orbit. */
export const SPECIALIST_AND_ORBIT_SENTENCES: Record<string, DecisionSentence> = {
  repair: (p) =>
    has(p, 'ship')
      ? typeof p.deck === 'number'
        ? {
            en: 'repairs deck {deck} of {ship} for a full turn',
            ru: 'ремонтирует палубу {deck} весь ход: {ship}',
          }
        : {
            en: 'restores the shields of {ship} for a full turn',
            ru: 'восстанавливает щиты весь ход: {ship}',
          }
      : undefined,
  'commando-capture': (p) =>
    has(p, 'ship')
      ? {
          en: 'sends commandos from {ship} to capture a station',
          ru: 'высаживает коммандос на захват станции: {ship}',
        }
      : undefined,
  persuade: (p) =>
    has(p, 'specialist', 'target')
      ? {
          en: '{specialist} blocks {target} for a turn',
          ru: 'блокирует легионера на ход: {specialist} → {target}',
        }
      : undefined,
  bombard: (p) =>
    has(p, 'ship')
      ? {
          en: 'bombards a ground hex from orbit with {ship}',
          ru: 'ведёт орбитальный обстрел: {ship}',
        }
      : undefined,
  'gm-bombardment-damage': (p) =>
    has(p, 'hits')
      ? { en: 'rules the bombardment’s damage: {hits}', ru: 'определяет урон обстрела: {hits}' }
      : { en: 'rules that the bombardment did no damage', ru: 'решает: обстрел не нанёс урона' },
  'fighter-to-ground': (p) =>
    has(p, 'ship')
      ? { en: 'sends {ship} to the ground map', ru: 'переводит на наземную карту: {ship}' }
      : undefined,
};
