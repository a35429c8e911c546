import type { Lang } from '../rulesets/ruleset';

/**
 * What a seat did, as the log says it after the seat's name: an ICU pattern per language over
 * the decision's params in words (`{to}` a zone's name, `{troops}` a number for plural forms).
 * Names stand after a colon or an arrow, never declined: «Вера перемещает 3 войска: Зал Архива
 * → Трущобы Саллаб» keeps every name in the form the map gives it, while counts agree with
 * their nouns. A sentence answers undefined for params it does not fit, and the log falls back
 * to the kind's summary and its params; every kind of every ruleset has one
 * (decision-sentences.spec.ts).
 */
export type DecisionSentence = (
  params: Record<string, unknown>,
) => Record<Lang, string> | undefined;

export const has = (params: Record<string, unknown>, ...keys: string[]): boolean =>
  keys.every((key) => {
    const value = params[key];
    return (
      value !== undefined &&
      value !== null &&
      value !== '' &&
      !(Array.isArray(value) && value.length === 0)
    );
  });

export const when =
  (keys: string[], pattern: Record<Lang, string>): DecisionSentence =>
  (params) =>
    has(params, ...keys) ? pattern : undefined;

const CARDS_RU = '{count, plural, one {# карту} few {# карты} many {# карт} other {# карты}}';
const CARDS_EN = '{count, plural, one {# card} other {# cards}}';
// A list's length is `{<key>Count}` (the phraser counts every list param).
const ZONES_RU = '{zonesCount, plural, one {# зону} few {# зоны} many {# зон} other {# зоны}}';
const ZONES_EN = '{zonesCount, plural, one {# zone} other {# zones}}';
const PIECES_RU =
  '{piecesCount, plural, one {# фигуру} few {# фигуры} many {# фигур} other {# фигуры}}';
const PIECES_EN = '{piecesCount, plural, one {# piece} other {# pieces}}';

/** The table decisions every ruleset may offer (freeform, and Commanders Path's adjustments). */
export const TABLE_SENTENCES: Record<string, DecisionSentence> = {
  move: (p) =>
    has(p, 'to') && (has(p, 'pieces') || has(p, 'fleet'))
      ? has(p, 'pieces')
        ? { en: 'moves {pieces} to {to}', ru: 'перемещает {pieces} → {to}' }
        : { en: 'moves the fleet {fleet} to {to}', ru: 'перемещает флот {fleet} → {to}' }
      : undefined,
  destroy: (p) =>
    has(p, 'pieces')
      ? has(p, 'cause')
        ? { en: 'destroys {pieces} ({cause})', ru: 'уничтожает: {pieces} ({cause})' }
        : { en: 'destroys {pieces}', ru: 'уничтожает: {pieces}' }
      : undefined,
  restore: (p) =>
    has(p, 'pieces', 'to')
      ? { en: 'brings {pieces} back to {to}', ru: 'возвращает в игру: {pieces} → {to}' }
      : has(p, 'pieces')
        ? { en: 'brings {pieces} back', ru: 'возвращает в игру: {pieces}' }
        : undefined,
  capture: when(['pieces'], { en: 'captures {pieces}', ru: 'захватывает: {pieces}' }),
  'form-fleet': when(['pieces'], {
    en: 'forms a fleet of {pieces}',
    ru: 'собирает флот: {pieces}',
  }),
  'disband-fleet': when(['fleet'], {
    en: 'disbands the fleet {fleet}',
    ru: 'распускает флот {fleet}',
  }),
  'change-track': (p) =>
    has(p, 'track') && typeof p.delta === 'number'
      ? { en: 'changes {track} by {signed}', ru: 'меняет трек: {track} {signed}' }
      : has(p, 'track') && typeof p.value === 'number'
        ? { en: 'sets {track} to {value}', ru: 'ставит трек: {track} = {value}' }
        : undefined,
  roll: (p) =>
    has(p, 'dice')
      ? has(p, 'purpose')
        ? { en: 'rolls {dice} ({purpose})', ru: 'бросает {dice} ({purpose})' }
        : { en: 'rolls {dice}', ru: 'бросает {dice}' }
      : undefined,
  draw: (p) =>
    has(p, 'deck')
      ? typeof p.count === 'number'
        ? { en: `draws ${CARDS_EN} from {deck}`, ru: `берёт ${CARDS_RU}: {deck}` }
        : { en: 'draws from {deck}', ru: 'берёт карту: {deck}' }
      : undefined,
  play: (p) =>
    has(p, 'pieces', 'to')
      ? { en: 'plays {pieces} to {to}', ru: 'разыгрывает {pieces} → {to}' }
      : has(p, 'pieces')
        ? { en: 'plays {pieces}', ru: 'разыгрывает {pieces}' }
        : undefined,
  discard: when(['pieces'], { en: 'discards {pieces}', ru: 'сбрасывает: {pieces}' }),
  shuffle: when(['deck'], { en: 'shuffles {deck}', ru: 'тасует: {deck}' }),
  'start-phase': when(['phase'], { en: 'starts the phase: {phase}', ru: 'начинает фазу: {phase}' }),
  'start-round': (p) =>
    typeof p.round === 'number'
      ? { en: 'starts round {round}', ru: 'начинает раунд {round}' }
      : { en: 'starts the next round', ru: 'начинает следующий раунд' },
  pass: () => ({ en: 'passes', ru: 'пасует' }),
  concede: () => ({ en: 'concedes', ru: 'сдаётся' }),
  'confirm-result': () => ({
    en: 'confirms the declared result',
    ru: 'подтверждает объявленный итог',
  }),
  'dispute-result': () => ({
    en: 'disputes the declared result',
    ru: 'оспаривает объявленный итог',
  }),
  'declare-result': when(['winners'], {
    en: 'declares the result: {winners} won',
    ru: 'объявляет итог: победа — {winners}',
  }),
  'create-zones': when(['zones'], {
    en: `creates ${ZONES_EN}`,
    ru: `создаёт ${ZONES_RU}`,
  }),
  'create-pieces': when(['pieces'], {
    en: `puts ${PIECES_EN} on the table`,
    ru: `ставит на стол ${PIECES_RU}`,
  }),
  'change-piece': (p) =>
    has(p, 'piece')
      ? has(p, 'status')
        ? { en: 'marks {piece} {status}', ru: 'меняет фигуру: {piece} — {status}' }
        : { en: 'changes {piece}', ru: 'меняет фигуру: {piece}' }
      : undefined,
  'change-fleet': (p) =>
    has(p, 'fleet', 'add') && has(p, 'remove')
      ? {
          en: 'changes the fleet {fleet}: adds {add}, takes out {remove}',
          ru: 'меняет флот {fleet}: добавляет {add}, выводит {remove}',
        }
      : has(p, 'fleet', 'add')
        ? { en: 'adds {add} to the fleet {fleet}', ru: 'добавляет во флот {fleet}: {add}' }
        : has(p, 'fleet', 'remove')
          ? {
              en: 'takes {remove} out of the fleet {fleet}',
              ru: 'выводит из флота {fleet}: {remove}',
            }
          : has(p, 'fleet')
            ? { en: 'changes the fleet {fleet}', ru: 'меняет флот {fleet}' }
            : undefined,
  // Freeform's sealed choice, read once revealed: its topic and the choice as the player wrote them.
  declare: (p) =>
    has(p, 'topic', 'choice')
      ? { en: 'declares {topic}: {choice}', ru: 'объявляет выбор ({topic}): {choice}' }
      : { en: 'declares a choice', ru: 'объявляет выбор' },
};
