import { has, type DecisionSentence } from '../../../naming/decision-sentences';

/**
 * The space map. Hex cells are coordinates, not names: a sentence says what was done and
 * by which ship, and the board shows where.
 */
export const SPACE_SENTENCES: Record<string, DecisionSentence> = {
  'buy-ships': (p) =>
    has(p, 'classes')
      ? { en: 'buys ships: {classes}', ru: 'покупает корабли: {classes}' }
      : undefined,
  'buy-cargo': (p) =>
    has(p, 'transport', 'cargo')
      ? { en: 'buys cargo ({cargo}) for {transport}', ru: 'покупает груз ({cargo}) → {transport}' }
      : undefined,
  'enter-ship': (p) =>
    has(p, 'ship') ? { en: 'brings {ship} into play', ru: 'вводит в игру: {ship}' } : undefined,
  'move-ship': (p) =>
    has(p, 'ship')
      ? {
          en: '{stepsCount, plural, one {moves {ship} # step} other {moves {ship} # steps}}',
          ru: 'перемещает {ship}: {stepsCount, plural, one {# шаг} few {# шага} many {# шагов} other {# шага}}',
        }
      : undefined,
  fire: (p) =>
    has(p, 'ship', 'target')
      ? {
          en: 'fires a turbolaser volley from {ship} at {target}',
          ru: 'даёт залп турболазеров: {ship} → {target}',
        }
      : undefined,
  'lay-mine': (p) =>
    has(p, 'ship') ? { en: 'lays a mine from {ship}', ru: 'ставит мину: {ship}' } : undefined,
  unload: (p) =>
    has(p, 'ship')
      ? { en: 'unloads reinforcements from {ship}', ru: 'выгружает подкрепления: {ship}' }
      : undefined,
  'deploy-station': (p) =>
    has(p, 'ship')
      ? {
          en: 'deploys a mining station from {ship}',
          ru: 'устанавливает добывающую станцию: {ship}',
        }
      : undefined,
};
