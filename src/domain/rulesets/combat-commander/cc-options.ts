import { defineOptions, readOptions, type OptionsOf } from '../kit/options';
import type { OptionValue } from '../ruleset';
import { RULES } from './cc-rules-text';

/**
 * Every contradiction of the excerpt and every rule it only names is an option, chosen at
 * match creation and recorded in MatchCreated, so a ruling can cite it.
 */

function choice<const V extends string>(value: V, en: string, ru: string) {
  return { value, title: { en, ru } };
}

/** The outcome of a rule the excerpt lacks: stated by a player, confirmed by the other. */
function lacking<const Id extends string>(
  id: Id,
  what: { en: string; ru: string },
  ruleRef: string,
) {
  return {
    id,
    title: { en: `${what.en}: stated outcome`, ru: `${what.ru}: заявленный результат` },
    description: {
      en: `The excerpt names this rule but does not contain it (${what.en}). A player states the outcome; under "opponent" it applies once the other player (or a judge recording for them) confirms it, under "as-stated" at once (a match recorded after the fact).`,
      ru: `Отрывок называет это правило, но не содержит его (${what.ru}). Игрок заявляет результат; при «соперник» он применяется после подтверждения другим игроком (или судьёй за него), при «как заявлено» — сразу (партия, записываемая после игры).`,
    },
    ruleRef,
    type: 'enum' as const,
    choices: [
      choice('opponent', 'Confirmed by the opponent', 'Подтверждает соперник'),
      choice('as-stated', 'Applied as stated', 'Применяется как заявлено'),
    ],
    default: 'opponent' as const,
  };
}

export const CC_OPTIONS = defineOptions([
  {
    id: 'actionTiming',
    title: { en: 'When Actions may be played', ru: 'Когда можно играть Действия' },
    description: {
      en: 'The glossary says Actions may be played in either player’s Turn; section 1.6 of this translation says "at any moment during his own Turn". Either Turn: the glossary (and Op Fire, played against moving enemy forces, needs it). Own Turn: section 1.6 as translated.',
      ru: 'Словарь говорит, что Действия можно играть на Ходу любого игрока; раздел 1.6 перевода — «в любой момент во время своего Хода». На любом Ходу: словарь (и Огонь по Обстоятельствам против движущихся сил противника требует этого). Только в свой Ход: раздел 1.6 в переводе.',
    },
    ruleRef: `${RULES.glossaryAction} / ${RULES.actionsOwnTurn}`,
    type: 'enum',
    choices: [
      choice(
        'either-turn',
        'In either player’s Turn (glossary)',
        'На Ходу любого игрока (словарь)',
      ),
      choice('own-turn', 'Only in one’s own Turn (section 1.6)', 'Только в свой Ход (раздел 1.6)'),
    ],
    default: 'either-turn',
  },
  {
    id: 'rollDeck',
    title: { en: 'Whose deck a roll reveals', ru: 'Из чьей колоды бросок' },
    description: {
      en: 'A roll reveals "the top card of the deck", and each player has a Fate deck; the text does not say whose. Roller: the deck of the player who rolls (and reads the Event, the Sniper hex or the Random Hex). Active: the active player’s deck.',
      ru: 'Бросок открывает «верхнюю карту колоды», а колода Судьбы есть у каждого игрока; чья — текст не говорит. Бросающий: колода игрока, делающего бросок (он же зачитывает Событие, гекс Снайпера или Случайный Гекс). Активный: колода активного игрока.',
    },
    ruleRef: RULES.roll,
    type: 'enum',
    choices: [
      choice('roller', 'The roller’s own deck', 'Своя колода бросающего'),
      choice('active', 'The active player’s deck', 'Колода активного игрока'),
    ],
    default: 'roller',
  },
  {
    id: 'reshuffleDecks',
    title: {
      en: 'Which deck a Time advance reshuffles',
      ru: 'Какую колоду перемешивает Продвижение Времени',
    },
    description: {
      en: 'During a Time advance "one of the players" shuffles discard and deck together [6.1.2, absent]. Revealing: the deck whose card set the advance off, with its discard. Both: both players’ decks.',
      ru: 'Во время Продвижения Игрового Времени «один из игроков» перемешивает вместе сброс и колоду [6.1.2, нет в тексте]. Открывшая: колода, чья карта вызвала продвижение, со своим сбросом. Обе: колоды обоих игроков.',
    },
    ruleRef: RULES.reshuffle,
    type: 'enum',
    choices: [
      choice('revealing', 'The deck whose card set it off', 'Колода, чья карта его вызвала'),
      choice('both', 'Both decks', 'Обе колоды'),
    ],
    default: 'revealing',
  },
  {
    id: 'deckExhausted',
    title: { en: 'The last card of a deck', ru: 'Последняя карта колоды' },
    description: {
      en: 'The text resolves triggers on the last card of the deck "after the Time advance", so the last card brings a Time advance; the advance itself is in the absent 6.1.2. Time advance: revealing or drawing the last card advances Time (with the reshuffle) before anything else. Reshuffle only: the deck is reshuffled without advancing Time.',
      ru: 'Текст применяет триггеры последней карты колоды «после Продвижения Игрового Времени», значит последняя карта вызывает Продвижение; само оно в отсутствующем 6.1.2. Продвижение: открытие или взятие последней карты продвигает Время (с перемешиванием) прежде всего остального. Только перемешивание: колода перемешивается без продвижения Времени.',
    },
    ruleRef: RULES.lastCard,
    type: 'enum',
    choices: [
      choice(
        'time-advance',
        'A Time advance with the reshuffle',
        'Продвижение Времени с перемешиванием',
      ),
      choice('reshuffle-only', 'Only a reshuffle', 'Только перемешивание'),
    ],
    default: 'time-advance',
  },
  {
    id: 'lastCardTime',
    title: { en: 'Time! on the last card', ru: 'Time! на последней карте' },
    description: {
      en: 'The last-card rule excludes Time! without saying whether a Time! on the last card is one advance or two (the last card’s and the trigger’s). One: a single advance. Two: both.',
      ru: 'Правило последней карты исключает Time!, не говоря, одно это продвижение или два (от последней карты и от триггера). Одно: одно продвижение. Два: оба.',
    },
    ruleRef: RULES.lastCard,
    type: 'enum',
    choices: [
      choice('one', 'One advance', 'Одно продвижение'),
      choice('two', 'Two advances', 'Два продвижения'),
    ],
    default: 'one',
  },
  lacking(
    'fireOutcome',
    { en: 'fire and its Targeting [O20]', ru: 'стрельба и прицеливание [O20]' },
    RULES.firepower,
  ),
  lacking('meleeOutcome', { en: 'melee [O16.4]', ru: 'рукопашная [O16.4]' }, RULES.boxedMelee),
  lacking(
    'moveOutcome',
    { en: 'movement costs and LOS [O21, 10]', ru: 'стоимость движения и ЛВ [O21, 10]' },
    RULES.movement,
  ),
  lacking(
    'moraleOutcome',
    { en: 'Recover and Rout [O22, O23]', ru: 'восстановление и отступление [O22, O23]' },
    RULES.morale,
  ),
  lacking(
    'eventOutcome',
    { en: 'the Event texts [E43–E77]', ru: 'тексты Событий [E43–E77]' },
    RULES.event,
  ),
  lacking(
    'repairOutcome',
    { en: 'Weapon repair [11.4]', ru: 'починка Вооружения [11.4]' },
    RULES.repair,
  ),
  lacking(
    'victoryOutcome',
    {
      en: 'victory points, Sudden Death and the end [6, 7]',
      ru: 'победные очки, Внезапная Смерть и конец игры [6, 7]',
    },
    RULES.victory,
  ),
]);

export type CcOptions = OptionsOf<typeof CC_OPTIONS>;

export function ccOptions(chosen: Readonly<Record<string, OptionValue>>): CcOptions {
  return readOptions(CC_OPTIONS, chosen);
}

/** What an outcome is about, and the option that says how a statement of it is confirmed. */
export const OUTCOME_OPTION = {
  fire: 'fireOutcome',
  melee: 'meleeOutcome',
  move: 'moveOutcome',
  morale: 'moraleOutcome',
  event: 'eventOutcome',
  repair: 'repairOutcome',
  victory: 'victoryOutcome',
} as const;
export type OutcomeAbout = keyof typeof OUTCOME_OPTION;
export const OUTCOME_ABOUTS = Object.keys(OUTCOME_OPTION) as OutcomeAbout[];
