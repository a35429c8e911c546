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
      en: 'During a Time advance "one of the players" shuffles discard and deck together [6.1.2, absent]. Revealing: the deck whose card set the advance off, with its discard. Both: both players’ decks. Other: the other player’s deck, with its discard.',
      ru: 'Во время Продвижения Игрового Времени «один из игроков» перемешивает вместе сброс и колоду [6.1.2, нет в тексте]. Открывшая: колода, чья карта вызвала продвижение, со своим сбросом. Обе: колоды обоих игроков. Другого игрока: колода другого игрока, со своим сбросом.',
    },
    ruleRef: RULES.reshuffle,
    type: 'enum',
    choices: [
      choice('revealing', 'The deck whose card set it off', 'Колода, чья карта его вызвала'),
      choice('both', 'Both decks', 'Обе колоды'),
      choice('other', 'The other player’s deck', 'Колода другого игрока'),
    ],
    default: 'revealing',
  },
  {
    id: 'suddenDeathTiming',
    title: {
      en: 'The Sudden Death roll and the reshuffle',
      ru: 'Бросок Внезапной Смерти и перемешивание',
    },
    description: {
      en: 'Both the Sudden Death roll and the reshuffle happen during the Time advance [6.1.2, absent]; the text does not say which comes first. After: the deck is reshuffled, then the roll reveals the new deck’s top card. Before: the roll reveals the top card of the deck as it is, then the deck is reshuffled (that card with it).',
      ru: 'И Бросок Внезапной Смерти, и перемешивание происходят во время Продвижения Игрового Времени [6.1.2, нет в тексте]; что раньше, текст не говорит. После: колода перемешивается, затем бросок открывает верхнюю карту новой колоды. До: бросок открывает верхнюю карту колоды как она есть, затем колода перемешивается (вместе с этой картой).',
    },
    ruleRef: `${RULES.insideTrigger} / ${RULES.reshuffle}`,
    type: 'enum',
    choices: [
      choice('after-reshuffle', 'After the reshuffle', 'После перемешивания'),
      choice('before-reshuffle', 'Before the reshuffle', 'До перемешивания'),
    ],
    default: 'after-reshuffle',
  },
  {
    id: 'turnDiscard',
    title: { en: 'Orders and a discard in one Turn', ru: 'Приказы и сброс в одном Ходу' },
    description: {
      en: 'A Turn is "a player giving one or more orders or discarding zero or more Fate cards" [5, absent]: the "or" may exclude both in one Turn, or not. Orders or discard: a Turn is Orders, or a discard. Orders then discard: after his Orders the player may still discard, which ends the Turn.',
      ru: 'Ход — это «игрок, отдающий один или несколько приказов или сбрасывающий ноль или больше Карт Судьбы» [5, нет в тексте]: «или» может исключать одно другим, а может и нет. Приказы или сброс: Ход — это Приказы либо сброс. Приказы, затем сброс: после своих Приказов игрок может ещё сбросить карты, и этим Ход заканчивается.',
    },
    ruleRef: RULES.turn,
    type: 'enum',
    choices: [
      choice('orders-or-discard', 'Orders or a discard', 'Приказы или сброс'),
      choice('orders-then-discard', 'Orders, then a discard', 'Приказы, затем сброс'),
    ],
    default: 'orders-or-discard',
  },
  {
    id: 'orderDiscard',
    title: {
      en: 'When an Order’s card is discarded',
      ru: 'Когда карта Приказа уходит в сброс',
    },
    description: {
      en: '"If a card is played as an Order, it is placed in the discard" [Orders]; the text does not say whether at once or once the Order is carried out. On play: the card goes to the discard as it is played. After it resolves: it lies face up before its player while the Order is carried out, and goes to the discard when the next Order is given or the Turn ends (so a Time reshuffle meanwhile leaves it out of the new deck).',
      ru: '«Если карта играется как Приказ, она кладется в сброс» [Приказы]; сразу ли или после выполнения Приказа, текст не говорит. При розыгрыше: карта уходит в сброс, как только сыграна. После выполнения: она лежит в открытую перед игроком, пока Приказ выполняется, и уходит в сброс, когда отдан следующий Приказ или окончен Ход (поэтому перемешивание при Продвижении Времени в это время оставляет её вне новой колоды).',
    },
    ruleRef: RULES.orderDiscard,
    type: 'enum',
    choices: [
      choice('on-play', 'On play', 'При розыгрыше'),
      choice('after-resolve', 'After the Order is carried out', 'После выполнения Приказа'),
    ],
    default: 'on-play',
  },
  {
    id: 'deckExhausted',
    title: { en: 'The last card of a deck', ru: 'Последняя карта колоды' },
    description: {
      en: 'The text resolves triggers on the last card of the deck "after the Time advance", so the last card brings a Time advance; the advance itself is in the absent 6.1.2. Time advance: revealing or drawing the last card advances Time (with the reshuffle) before anything else. Reshuffle only: the deck is reshuffled without advancing Time. When needed: the empty deck advances Time (with the reshuffle) only when the next card must come from it (a roll, a Random Hex or a draw).',
      ru: 'Текст применяет триггеры последней карты колоды «после Продвижения Игрового Времени», значит последняя карта вызывает Продвижение; само оно в отсутствующем 6.1.2. Продвижение: открытие или взятие последней карты продвигает Время (с перемешиванием) прежде всего остального. Только перемешивание: колода перемешивается без продвижения Времени. Когда понадобится: опустевшая колода продвигает Время (с перемешиванием) только тогда, когда из неё нужна следующая карта (бросок, Случайный Гекс или добор).',
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
      choice(
        'when-needed',
        'A Time advance when the next card is needed',
        'Продвижение Времени, когда понадобится следующая карта',
      ),
    ],
    default: 'time-advance',
  },
  {
    id: 'lastCardTime',
    title: { en: 'Time! on the last card', ru: 'Триггер «Время!» на последней карте' },
    description: {
      en: 'The last-card rule excludes Time! without saying whether a Time! on the last card is one advance or two (the last card’s and the trigger’s). One: a single advance. Two: both.',
      ru: 'Правило последней карты исключает триггер «Время!», не говоря, одно это продвижение или два (от последней карты и от триггера). Одно: одно продвижение. Два: оба.',
    },
    ruleRef: RULES.lastCard,
    type: 'enum',
    choices: [
      choice('one', 'One advance', 'Одно продвижение'),
      choice('two', 'Two advances', 'Два продвижения'),
    ],
    default: 'one',
  },
  {
    id: 'orderActivation',
    title: { en: 'Units one Order activates', ru: 'Сколько подразделений активирует Приказ' },
    description: {
      en: 'The text says a Leader’s Command "helps to activate additional units" for Orders and Op Fire [3.3.1.1, absent], so without it an Order activates one unit; how many a Command adds, and how far it reaches, is in the absent 3.3.1.1 (option commandReach). One unless Command: an Order (or Op Fire) activates one unit, more only through a Leader named for it. As listed: an Order activates the units the player lists (no count is checked).',
      ru: 'Текст говорит, что Командование Командира «помогает активировать дополнительные подразделения» для Приказов и Огня по Обстоятельствам [3.3.1.1, нет в тексте], значит без него Приказ активирует одно подразделение; сколько добавляет Командование и как далеко оно действует — в отсутствующем 3.3.1.1 (опция «Кого достаёт Командование»). Одно без Командования: Приказ (или Огонь по Обстоятельствам) активирует одно подразделение, больше — только через названного Командира. Как перечислено: Приказ активирует перечисленные игроком подразделения (число не проверяется).',
    },
    ruleRef: `${RULES.command} / ${RULES.activate}`,
    type: 'enum',
    choices: [
      choice(
        'one-unless-command',
        'One unit; more through a Leader’s Command',
        'Одно подразделение; больше — через Командование',
      ),
      choice('as-listed', 'The units as listed', 'Подразделения, как перечислены'),
    ],
    default: 'one-unless-command',
  },
  {
    id: 'commandReach',
    title: { en: 'Which units a Leader’s Command reaches', ru: 'Кого достаёт Командование' },
    description: {
      en: 'Which additional units a Leader’s Command activates is in the absent 3.3.1.1. Stated: the units the player lists with the Leader (the Order records the Leader and its Command; the opponent may dispute it). Within Command hexes: each additional unit stands no farther from the Leader, in hexes, than its Command (the English rulebook’s reading, not in this text).',
      ru: 'Какие дополнительные подразделения активирует Командование — в отсутствующем 3.3.1.1. Заявлено: подразделения, перечисленные игроком вместе с Командиром (Приказ записывает Командира и его Командование; соперник может оспорить). В пределах Командования: каждое дополнительное подразделение не дальше от Командира в гексах, чем его Командование (прочтение английских правил, не этого текста).',
    },
    ruleRef: RULES.command,
    type: 'enum',
    choices: [
      choice('stated', 'As the player lists them', 'Как перечислил игрок'),
      choice('within-command', 'Within Command hexes of the Leader', 'В пределах Командования'),
    ],
    default: 'stated',
  },
  {
    id: 'suddenDeathRoller',
    title: { en: 'Who makes the Sudden Death roll', ru: 'Кто делает Бросок Внезапной Смерти' },
    description: {
      en: 'The text names the Sudden Death roll made during the Time! trigger and the Sudden Death marker; who rolls, and when the roll is due, are in the absent 6.1.2. The roll is made when a Time! advance brings the Time track to or past the Sudden Death marker’s space. Time roller: the player whose roll showed Time!. Active: the player whose Turn it is.',
      ru: 'Текст называет Бросок Внезапной Смерти во время триггера «Время!» и Маркер Внезапной Смерти; кто бросает и когда бросок положен — в отсутствующем 6.1.2. Бросок делается, когда продвижение от триггера «Время!» доводит трек Времени до деления Маркера Внезапной Смерти или дальше. Выбросивший «Время!»: игрок, чей бросок показал «Время!». Активный: игрок, чей сейчас Ход.',
    },
    ruleRef: `${RULES.insideTrigger} / ${RULES.suddenDeathMarker}`,
    type: 'enum',
    choices: [
      choice('time-roller', 'The player who rolled Time!', 'Выбросивший «Время!»'),
      choice('active', 'The active player', 'Активный игрок'),
    ],
    default: 'time-roller',
  },
  {
    id: 'lineOfFire',
    title: { en: 'Line of fire and the map’s obstacles', ru: 'Линия огня и препятствия карты' },
    description: {
      en: 'A unit in hex A sees hex B if a taut thread between the hexes’ centres does not touch the drawing of an obstacle in the hexes between [10]; an obstacle blocks sight through it, not into or out of it [10.2]. Which terrain is an obstacle is in the absent T79–T99, and the drawing is the map’s art, so the scenario marks its obstacle hexes. Whole hex: an obstacle hex is drawn edge to edge, so a Fire is refused when the thread passes through or touches (along an edge, at a corner) any intermediate hex the scenario marks as an obstacle; the Hindrance hexes it crosses are recorded. Not checked: the art decides and the players judge (the Fire’s outcome is stated and confirmed).',
      ru: 'Подразделение в гексе А видит гекс Б, если туго натянутая нитка между центрами гексов не касается изображения препятствий в промежуточных гексах [10]; препятствие закрывает видимость сквозь себя, но не в себя и не из себя [10.2]. Какая местность — препятствие, сказано в отсутствующих T79–T99, а изображение — это рисунок карты, поэтому сценарий отмечает гексы препятствий. Весь гекс: препятствие нарисовано от края до края гекса, и Стрельба отклоняется, если нитка проходит через отмеченный сценарием как препятствие промежуточный гекс или касается его (вдоль края, в углу); пересечённые гексы Помех записываются. Не проверяется: решает рисунок карты, судят игроки (результат Стрельбы заявляется и подтверждается).',
    },
    ruleRef: `${RULES.los} / ${RULES.obstacle}`,
    type: 'enum',
    choices: [
      choice(
        'whole-hex',
        'Obstacle hexes of the scenario, edge to edge',
        'Гексы препятствий сценария, целиком',
      ),
      choice('not-checked', 'Not checked (the players judge)', 'Не проверяется (судят игроки)'),
    ],
    default: 'whole-hex',
  },
  {
    id: 'weaponFire',
    title: {
      en: 'A Weapon and the unit that carries it',
      ru: 'Вооружение и несущее его подразделение',
    },
    description: {
      en: 'A Weapon, unlike a marker, has its own FP and Range [11, absent]; how it fires with the unit that carries it is in the absent 11 and O20. Own Range: the Weapon fires at its own Range when its carrier is activated for the Fire, whether or not the carrier itself is in the firing group. With carrier: the Weapon fires only together with its carrier, which is in the firing group and has the target within its own Range too.',
      ru: 'У Вооружения, в отличие от маркеров, есть свои ОМ и Дальность [11, нет в тексте]; как оно стреляет вместе с несущим его подразделением — в отсутствующих 11 и O20. Своя Дальность: Вооружение стреляет на свою Дальность, если несущее его подразделение активировано для Стрельбы, входит ли оно само в Огневую группу или нет. С несущим: Вооружение стреляет только вместе с несущим его подразделением, которое входит в Огневую группу и тоже достаёт цель своей Дальностью.',
    },
    ruleRef: RULES.weaponStats,
    type: 'enum',
    choices: [
      choice(
        'own-range',
        'At its own Range, its carrier activated',
        'На свою Дальность, несущий активирован',
      ),
      choice(
        'with-carrier',
        'Only with its carrier in the group',
        'Только вместе с несущим в Огневой группе',
      ),
    ],
    default: 'own-range',
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
  lacking(
    'initiativeOutcome',
    { en: 'the use of the Initiative card [9]', ru: 'использование Карты Инициативы [9]' },
    RULES.initiativeCard,
  ),
  lacking(
    'suddenDeathOutcome',
    {
      en: 'whether the Sudden Death roll ends the game [6.1.2]',
      ru: 'заканчивает ли игру Бросок Внезапной Смерти [6.1.2]',
    },
    `${RULES.insideTrigger} / ${RULES.suddenDeathMarker}`,
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
  initiative: 'initiativeOutcome',
  'sudden-death': 'suddenDeathOutcome',
} as const;
export type OutcomeAbout = keyof typeof OUTCOME_OPTION;
export const OUTCOME_ABOUTS = Object.keys(OUTCOME_OPTION) as OutcomeAbout[];
