import { has, type DecisionSentence } from '../../../naming/decision-sentences';

/** The ground map: production, units moved and attacking, trenches, reactions. */
export const GROUND_SENTENCES: Record<string, DecisionSentence> = {
  react: () => ({
    en: 'has its Sword Master deflect or its Medic heal',
    ru: 'пробует отразить выстрел или вылечить пехотинца',
  }),
  'decline-reaction': () => ({
    en: 'lets the hit stand',
    ru: 'отказывается отражать или лечить',
  }),
  'gm-decline-reaction': () => ({
    en: 'closes the waiting reaction as declined: it was not claimed at once',
    ru: 'закрывает реакцию как отклонённую: её не заявили сразу',
  }),
  'queue-production': (p) =>
    has(p, 'item')
      ? { en: 'queues {item} for production', ru: 'ставит в очередь производства: {item}' }
      : undefined,
  'move-unit': (p) =>
    has(p, 'unit')
      ? {
          en: '{stepsCount, plural, one {moves {unit} # hex} other {moves {unit} # hexes}}',
          // «юнит Пехота 13»: the unit's name after the noun stays as the board writes it.
          ru: 'перемещает юнит {unit}: {stepsCount, plural, one {# гекс} few {# гекса} many {# гексов} other {# гекса}}',
        }
      : undefined,
  attack: (p) =>
    has(p, 'unit', 'target')
      ? has(p, 'join')
        ? {
            en: 'shoots at {target} with {unit}, joined by {join}',
            ru: 'стреляет: {unit} → {target} (также: {join})',
          }
        : { en: 'shoots at {target} with {unit}', ru: 'стреляет: {unit} → {target}' }
      : undefined,
  'dig-trench': (p) =>
    has(p, 'unit') ? { en: 'digs a trench with {unit}', ru: 'роет окоп: {unit}' } : undefined,
  'shoot-trench': (p) =>
    has(p, 'unit')
      ? { en: 'shoots at a trench with {unit}', ru: 'стреляет по окопу: {unit}' }
      : undefined,
  'fire-cannon': () => ({ en: 'fires the orbital cannon', ru: 'стреляет из орбитальной пушки' }),
};
