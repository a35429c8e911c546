import { has, type DecisionSentence } from '../../../naming/decision-sentences';

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

/** The turns: a map's turn begun or ended, the Game Master's calls. */
export const TURN_SENTENCES: Record<string, DecisionSentence> = {
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
};
