import { has, type DecisionSentence } from '../../naming/decision-sentences';

const TURNS_RU =
  '{turns, plural, one {остался # ход} few {осталось # хода} many {осталось # ходов} other {осталось # хода}}';
const TURNS_EN = '{turns, plural, one {# turn is left} other {# turns are left}}';

/** The map a turn is on, in words («космос», «земля» as the mission's log says them). */
const MAPS: Record<string, { en: string; ru: string }> = {
  space: { en: 'space', ru: 'космос' },
  ground: { en: 'ground', ru: 'земля' },
};

/** A sentence about one of the two maps: `say` gets the map's words, or none when unnamed. */
const onMap =
  (
    say: (map: { en: string; ru: string } | undefined) => { en: string; ru: string },
  ): DecisionSentence =>
  (p) =>
    say(typeof p.map === 'string' && Object.hasOwn(MAPS, p.map) ? MAPS[p.map] : undefined);

const mapNote = (map: { en: string; ru: string } | undefined) =>
  map ? { en: ` (${map.en})`, ru: ` (${map.ru})` } : { en: '', ru: '' };

/**
 * Star Wars Stories, strategic missions. Hex cells are coordinates, not names: a sentence says
 * what was done and by which ship or unit, and the board shows where.
 */
export const SW_SENTENCES: Record<string, DecisionSentence> = {
  begin: () => ({ en: 'rolls the turn orders and begins', ru: 'бросает порядок ходов и начинает' }),
  'end-turn': onMap((map) => {
    const on = mapNote(map);
    return { en: `ends the faction’s turn${on.en}`, ru: `заканчивает ход фракции${on.ru}` };
  }),
  'gm-call-time': onMap((map) => {
    const on = mapNote(map);
    return { en: `calls time on the turn${on.en}`, ru: `объявляет, что время хода вышло${on.ru}` };
  }),
  'gm-end-turn': onMap((map) => {
    const on = mapNote(map);
    return { en: `ends the faction’s turn${on.en}`, ru: `завершает ход фракции${on.ru}` };
  }),
  'gm-announce-turns': (p) => {
    if (typeof p.turns !== 'number') return undefined;
    const on = mapNote(
      typeof p.map === 'string' && Object.hasOwn(MAPS, p.map) ? MAPS[p.map] : undefined,
    );
    return { en: `announces that ${TURNS_EN}${on.en}`, ru: `объявляет: ${TURNS_RU}${on.ru}` };
  },
  'gm-line-of-fire': (p) =>
    has(p, 'ship', 'target') && typeof p.clear === 'boolean'
      ? p.clear
        ? {
            en: 'rules the line of fire from {ship} to {target} clear',
            ru: 'решает: линия огня {ship} → {target} открыта',
          }
        : {
            en: 'rules the line of fire from {ship} to {target} blocked',
            ru: 'решает: линия огня {ship} → {target} закрыта',
          }
      : undefined,
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
};
