import { defineOptions, readOptions, type OptionsOf } from '../kit/options';
import type { OptionValue } from '../ruleset';
import { RULES, RULESET_CHOICES } from './rex-rules-text';

/**
 * Every contradiction of the excerpt and every gap the engine must fill is a named option,
 * chosen at match creation and recorded in MatchCreated, so a ruling can cite it. Each
 * says which text it settles (ruleRef) and what the alternatives mean.
 */

/** An enum option's choice; its value stays a literal, so the option's type is the union. */
function choice<const V extends string>(value: V, en: string, ru: string) {
  return { value, title: { en, ru } };
}

export const REX_OPTIONS = defineOptions([
  {
    id: 'bombardmentCard',
    title: { en: 'Bombardment card value', ru: 'Число на Карте Бомбардировки' },
    description: {
      en: 'The text says the Fleet moves "to the sector numbered on the card"; its example moves it that many steps (18 + "3" → 3 fits both). Steps: the Fleet moves N sectors forward. Sector: it moves forward to sector N (not at all when already there).',
      ru: 'Текст говорит, что Флот перемещается «на тот сектор, чей номер указан в Карте»; пример перемещает его на столько шагов (18 + «3» → 3 подходит к обоим). Шаги: Флот проходит N секторов вперёд. Сектор: Флот идёт вперёд до сектора N (и стоит, если уже там).',
    },
    ruleRef: `${RULES.bombardmentToSector} / ${RULES.bombardmentSteps}`,
    type: 'enum',
    choices: [
      choice('steps', 'N steps forward (the example)', 'N шагов вперёд (пример)'),
      choice('sector', 'Forward to sector N (the sentence)', 'Вперёд до сектора N (фраза)'),
    ],
    default: 'steps',
  },
  {
    id: 'solOffensiveTarget',
    title: { en: 'Sol Offensive target', ru: 'Цель «Наступления Сол»' },
    description: {
      en: 'The rule says the players pick the discarded Influence card "with the most Influence"; both examples use the top card of the discard. Top: the last card discarded. Most: the discarded card placing the most Influence in total (the latest of equals).',
      ru: 'Правило говорит о карте сброса «с самым большим количеством Влияния»; оба примера берут верхнюю карту сброса. Верхняя: последняя сброшенная карта. Наибольшая: карта сброса, помещающая больше всего Влияния (из равных — последняя).',
    },
    ruleRef: `${RULES.solOffensiveMost} / ${RULES.solOffensiveTop}`,
    type: 'enum',
    choices: [
      choice('top-discard', 'Top of the discard (the examples)', 'Верхняя карта сброса (примеры)'),
      choice(
        'most-influence',
        'The card with the most Influence (the rule)',
        'Карта с наибольшим Влиянием (правило)',
      ),
    ],
    default: 'top-discard',
  },
  {
    id: 'victoryCheck',
    title: {
      en: 'When Stronghold victory is checked',
      ru: 'Когда проверяется победа по Крепостям',
    },
    description: {
      en: 'The text says Strongholds win "during the Collection phase" and also "until the end of the round"; Bombardment comes after Collection and can destroy troops. End of round: checked after Bombardment. Collection: checked at the end of Collection.',
      ru: 'Текст говорит, что Крепости приносят победу «во время Фазы Сбора» и также «до конца раунда»; Бомбардировка идёт после Сбора и может уничтожить Войска. Конец раунда: проверка после Бомбардировки. Сбор: проверка в конце Фазы Сбора.',
    },
    ruleRef: `${RULES.controlWinsInCollection} / ${RULES.victoryAlone}`,
    type: 'enum',
    choices: [
      choice('end-of-round', 'At the end of the round', 'В конце раунда'),
      choice('collection', 'During Collection', 'Во время Сбора'),
    ],
    default: 'end-of-round',
  },
  {
    id: 'spaceportBonusGroup',
    title: {
      en: 'Movement bonus: where the group may be',
      ru: 'Бонус перемещения: где может быть группа',
    },
    description: {
      en: '"не должна находится" reads both as "need not be" and "must not be" in the Fleet Base or Spaceport. Anywhere: any group of the player gets range 4. Not from there: a group moving out of the bonus location itself keeps range 2.',
      ru: '«не должна находится» читается и как «не обязана», и как «не должна» находиться в Базе Флота или Космопорте. Где угодно: любая группа игрока идёт на 4. Не оттуда: группа, выходящая из самой бонусной локации, идёт на 2.',
    },
    ruleRef: RULES.moveBonusGroup,
    type: 'enum',
    choices: [
      choice('anywhere', 'Need not be there (any group)', 'Не обязана быть там (любая группа)'),
      choice('not-from-bonus-location', 'Must not be there', 'Не должна быть там'),
    ],
    default: 'anywhere',
  },
  {
    id: 'mostStrongholdsWinner',
    title: {
      en: 'Round 8: the most-Strongholds winner',
      ru: '8-й раунд: победитель по большинству Крепостей',
    },
    description: {
      en: 'The text says the player "(not in an alliance)" with the most Strongholds wins alone and that "his alliance brothers do not win with him". Alone: any player may win this way, allies do not share. With allies: the winner’s allies share it. Unallied only: only players outside alliances count.',
      ru: 'Текст говорит, что игрок «(не состоящий в Альянсе)» с большинством Крепостей побеждает один и что «его братья по Альянсу не побеждают с ним». Один: так может победить любой, союзники не делят победу. С союзниками: союзники делят её. Только вне альянсов: считаются лишь игроки без альянса.',
    },
    ruleRef: `${RULES.mostStrongholds} / ${RULES.mostStrongholdsAllies}`,
    type: 'enum',
    choices: [
      choice('alone', 'Wins alone, allies do not share', 'Один, без союзников'),
      choice('with-allies', 'Allies share the win', 'Союзники делят победу'),
      choice('unallied-only', 'Only players outside alliances', 'Только игроки вне альянсов'),
    ],
    default: 'alone',
  },
  {
    id: 'repeatedSpecialCard',
    title: { en: 'A repeated special Influence card', ru: 'Повторная особая Карта Влияния' },
    description: {
      en: 'A second Sol Offensive (or Ceasefire) in one phase is put away "without its effect and replacement by another card"; the round-4 example reveals another card. Reveal next: another card is revealed. End phase: no other card; the Influence phase ends.',
      ru: 'Вторая карта «Наступление Сол» (или «Прекращение огня») в одной фазе убирается «без выполнения ее эффекта и замены на другую карту»; пример 4-го раунда открывает другую карту. Открыть следующую: открывается новая карта. Завершить фазу: новой карты нет, Фаза Влияния окончена.',
    },
    ruleRef: `${RULES.solOffensiveRepeat} / ${RULES.ceasefireRepeat}`,
    type: 'enum',
    choices: [
      choice(
        'reveal-next',
        'Reveal the next card (the example)',
        'Открыть следующую карту (пример)',
      ),
      choice('end-phase', 'No replacement: the phase ends', 'Без замены: фаза окончена'),
    ],
    default: 'reveal-next',
  },
  {
    id: 'repeatedCeasefire',
    title: {
      en: 'Where a repeated Ceasefire goes',
      ru: 'Куда уходит повторное «Прекращение огня»',
    },
    description: {
      en: 'A first Ceasefire goes to the box; the text sends a repeated one "to the deck". Deck: to the bottom of the Influence deck. Box: to the box, like the first.',
      ru: 'Первое «Прекращение огня» уходит в коробку; повторное текст отправляет «в колоду». Колода: под низ колоды Влияния. Коробка: в коробку, как первое.',
    },
    ruleRef: RULES.ceasefireRepeat,
    type: 'enum',
    choices: [
      choice('deck', 'To the deck (the sentence)', 'В колоду (фраза)'),
      choice('box', 'To the box', 'В коробку'),
    ],
    default: 'deck',
  },
  {
    id: 'firstRoundSolOffensive',
    title: { en: 'Sol Offensive in round 1', ru: '«Наступление Сол» в 1-м раунде' },
    description: {
      en: 'In the first Influence phase Sol Offensives have no effect and are shuffled back "at the end of the Influence phase"; the next sentence is garbled. Set aside: the card waits beside the deck, another card is revealed, all set-aside cards are shuffled back when the phase ends. Shuffle now: the card is shuffled back at once and another card is revealed.',
      ru: 'В первой Фазе Влияния «Наступления Сол» не действуют и замешиваются обратно «в конце Фазы Влияния»; следующая фраза искажена. Отложить: карта лежит рядом с колодой, открывается другая, отложенные карты замешиваются в конце фазы. Замешать сразу: карта сразу замешивается, открывается другая.',
    },
    ruleRef: `${RULES.solOffensiveFirstRound} / ${RULES.solOffensiveFirstRoundGarbled}`,
    type: 'enum',
    choices: [
      choice(
        'set-aside',
        'Set aside, shuffled back at the end of the phase',
        'Отложить до конца фазы',
      ),
      choice('shuffle-now', 'Shuffled back at once', 'Замешать сразу'),
    ],
    default: 'set-aside',
  },
  {
    id: 'auctionPayee',
    title: { en: 'Who is paid for Strategy cards', ru: 'Кому платят за Карты Стратегий' },
    description: {
      en: 'The auction is missing; the Lazax cancellation note implies Lazax is paid for Strategy cards and that otherwise the Influence goes to the Bank. Lazax: paid to Lazax when Lazax plays and is not the buyer. Bank: always to the Bank.',
      ru: 'Торгов в тексте нет; примечание об аннулировании у Лазакс подразумевает, что за Карты Стратегий платят Лазакс, а иначе Влияние идёт в Банк. Лазакс: платят Лазакс, если он в игре и не покупатель. Банк: всегда в Банк.',
    },
    ruleRef: RULES.lazaxPayments,
    type: 'enum',
    choices: [choice('lazax', 'To Lazax', 'Лазакс'), choice('bank', 'To the Bank', 'В Банк')],
    default: 'lazax',
  },
  {
    id: 'deploymentPayee',
    title: { en: 'Who is paid for deployment', ru: 'Кому платят за Развертывание' },
    description: {
      en: 'The Hacan cancellation note implies Hacan is paid for other players’ deployments and that otherwise the Influence goes to the Bank. Hacan: paid to Hacan when Hacan plays and is not the deployer. Bank: always to the Bank.',
      ru: 'Примечание об аннулировании у Хакан подразумевает, что за Развертывание других игроков платят Хакан, а иначе Влияние идёт в Банк. Хакан: платят Хакан, если он в игре и разворачивает не он. Банк: всегда в Банк.',
    },
    ruleRef: RULES.hacanPayments,
    type: 'enum',
    choices: [choice('hacan', 'To Hacan', 'Хакан'), choice('bank', 'To the Bank', 'В Банк')],
    default: 'hacan',
  },
  {
    id: 'collectionScope',
    title: { en: 'Where Influence is collected', ru: 'Где собирается Влияние' },
    description: {
      en: 'The text gives 2 Influence per own troop "in the location" (never more than is there); whether the location must be controlled, and who collects in a shared Galactic Council, is not said. Own troops: every location with own troops, in turn order. Controlled only: only locations the player controls.',
      ru: 'Текст даёт 2 Влияния за каждое своё Войско «в локации» (не больше, чем там есть); нужно ли контролировать локацию и кто собирает в общем Галактическом Совете, не сказано. Свои Войска: каждая локация со своими Войсками, в порядке хода. Только контролируемые: лишь локации под контролем игрока.',
    },
    ruleRef: RULES.collection,
    type: 'enum',
    choices: [
      choice(
        'own-troops',
        'Wherever own troops are (turn order)',
        'Везде, где свои Войска (порядок хода)',
      ),
      choice('controlled-only', 'Only controlled locations', 'Только контролируемые локации'),
    ],
    default: 'own-troops',
  },
  {
    id: 'alliesSharingLocation',
    title: {
      en: 'Forming an alliance while sharing a location',
      ru: 'Альянс игроков в одной локации',
    },
    description: {
      en: 'Allies never share a location, but the text does not say what happens when players who share one ally. Refuse: they cannot ally until they no longer share a location. Allow: the alliance forms; they still never fight each other.',
      ru: 'Союзники не находятся в одной локации, но текст не говорит, что делать, если в союз вступают игроки из одной локации. Запретить: союз невозможен, пока они в одной локации. Разрешить: союз образуется; друг с другом они не сражаются.',
    },
    ruleRef: RULES.alliesNeverShare,
    type: 'enum',
    choices: [
      choice('refuse', 'Refuse the alliance', 'Запретить союз'),
      choice('allow', 'Allow it', 'Разрешить'),
    ],
    default: 'refuse',
  },
  {
    id: 'slotWithoutCard',
    title: { en: 'A wheel slot without a matching card', ru: 'Слот Колеса без подходящей карты' },
    description: {
      en: 'A player must play the card types of the slot the leader is in; the text gives no remedy when the hand has none. Plays nothing: that card is simply not played. Leader counts 0: the leader’s strength does not count in that battle.',
      ru: 'Игрок обязан сыграть карты типов слота, где стоит Лидер; что делать, если таких карт нет, текст не говорит. Ничего: карта просто не играется. Лидер 0: сила Лидера в этом бою не учитывается.',
    },
    ruleRef: RULES.slotMustPlay,
    type: 'enum',
    choices: [
      choice('plays-nothing', 'That card is not played', 'Карта не играется'),
      choice('leader-counts-zero', 'The leader counts 0', 'Лидер считается за 0'),
    ],
    default: 'plays-nothing',
  },
  {
    id: 'influenceTransfers',
    title: { en: 'When Influence may be given', ru: 'Когда можно передавать Влияние' },
    description: {
      en: 'Deals are allowed "any time", but bribes and trading "only while a Ceasefire card is played" (Lazax may also give an ally Influence during Bidding). Ceasefire: transfers only in a Ceasefire window. Any time: transfers whenever the match is in play. Transfers are irreversible either way.',
      ru: 'Сделки разрешены «в любое время», но взятки и торговля — «только во время игры карты «Временное прекращение огня»» (Лазакс также может дать союзнику Влияние в Фазу Торгов). Прекращение огня: передачи только в его окне. В любое время: всегда, пока идёт матч. Передачи в любом случае необратимы.',
    },
    ruleRef: RULES.bribesInCeasefire,
    type: 'enum',
    choices: [
      choice('ceasefire-only', 'Only during a Ceasefire', 'Только при «Прекращении огня»'),
      choice('any-time', 'Any time', 'В любое время'),
    ],
    default: 'ceasefire-only',
  },
  {
    id: 'deckOrder',
    title: { en: 'Deck order', ru: 'Порядок колод' },
    description: {
      en: 'Server: every deck is shuffled by the provable RNG (re-checkable after the match). As listed: decks keep the order given at setup, top first, and cards returned to a deck go to its bottom — for recording a game played at a physical table in its real order, tutorials and tests.',
      ru: 'Сервер: колоды перемешиваются проверяемым генератором (проверяется после матча). Как задано: колоды остаются в порядке, заданном при создании (первая — сверху), возвращённые карты идут вниз — для записи партии за настоящим столом, обучения и тестов.',
    },
    ruleRef: RULES.bombardmentShuffle,
    type: 'enum',
    choices: [
      choice('server', 'Shuffled by the server', 'Перемешивает сервер'),
      choice('as-listed', 'As listed at setup', 'Как задано при создании'),
    ],
    default: 'server',
  },
  {
    id: 'handLimit',
    title: { en: 'Strategy hand limit', ru: 'Предел Карт Стратегий на руке' },
    description: {
      en: 'The text implies 4 (a cancelled Letnev discards "to 4"); Letnev holds up to 8. A player at the limit cannot bid.',
      ru: 'Из текста следует 4 (Летнев при аннулировании сбрасывает «до 4х»); Летнев держит до 8. Игрок на пределе не участвует в торгах.',
    },
    ruleRef: RULES.letnevHand,
    type: 'integer',
    min: 1,
    max: 8,
    default: 4,
  },
  {
    id: 'troopRecruitCost',
    title: { en: 'Recruitment cost per troop', ru: 'Цена найма Войска' },
    description: {
      en: 'Recruitment costs are missing from the excerpt: Influence paid to the Bank per troop bought back from the Loss Bank.',
      ru: 'Цен найма в отрывке нет: Влияние, уплачиваемое в Банк за каждое Войско, возвращаемое из Банка Потерь.',
    },
    ruleRef: RULES.recruitment,
    type: 'integer',
    min: 0,
    max: 10,
    default: 2,
  },
  {
    id: 'freeRecruits',
    title: { en: 'Free recruits per round', ru: 'Бесплатный найм за раунд' },
    description: {
      en: '"Players may recruit some troops for free": how many is missing. Troops each player recruits free of charge per Recruitment phase.',
      ru: '«Игроки могут набирать некоторые войска бесплатно»: сколько — в отрывке нет. Сколько Войск каждый игрок нанимает бесплатно за Фазу Найма.',
    },
    ruleRef: RULES.recruitment,
    type: 'integer',
    min: 0,
    max: 20,
    default: 0,
  },
  {
    id: 'leaderRecruitCost',
    title: { en: 'Leader recruitment cost', ru: 'Цена возвращения Лидера' },
    description: {
      en: 'A player pays Influence to bring back one leader per Recruitment phase; the price is missing. Strength: the leader’s strength. Troop cost: the price of one troop.',
      ru: 'Игрок платит Влиянием за возвращение одного Лидера за Фазу Найма; цены в отрывке нет. Сила: сила Лидера. Цена Войска: как одно Войско.',
    },
    ruleRef: RULES.leaderRecruit,
    type: 'enum',
    choices: [
      choice('strength', 'The leader’s strength', 'Сила Лидера'),
      choice('troop-cost', 'The price of one troop', 'Цена одного Войска'),
    ],
    default: 'strength',
  },
  {
    id: 'influenceSupply',
    title: { en: 'Influence in the Bank', ru: 'Влияние в Банке' },
    description: {
      en: 'Components are limited, but the Bank’s size and what happens when it runs out are missing. 0: unlimited. N: the Bank starts with N; payouts beyond what is left are paid short, and the shortfall is recorded.',
      ru: 'Количество компонентов ограничено, но размер Банка и что делать, когда он пуст, не сказано. 0: без ограничения. N: в Банке N; выплаты сверх остатка урезаются, недостача записывается.',
    },
    ruleRef: RULES.componentsLimited,
    type: 'integer',
    min: 0,
    max: 100_000,
    default: 0,
  },
  {
    id: 'recruitsCardTroops',
    title: { en: 'Recruits card: free troops', ru: 'Карта «Новобранцы»: бесплатные Войска' },
    description: {
      en: 'The text only says several Recruits cards may be played in one Recruitment phase; the card’s own text is missing. Each Recruits card played before the player recruits lets them recruit this many more troops free of charge in that phase (a reconstruction).',
      ru: 'Текст говорит лишь, что за одну Фазу Найма можно сыграть несколько карт «Новобранцы»; текста самой карты нет. Каждая карта «Новобранцы», сыгранная до найма, даёт нанять в этой фазе бесплатно ещё столько Войск (реконструкция).',
    },
    ruleRef: `${RULES.recruitsStack} / ${RULESET_CHOICES.missingText}`,
    type: 'integer',
    min: 0,
    max: 20,
    default: 3,
  },
  {
    id: 'acceleratedMobilizationRange',
    title: {
      en: 'Accelerated Mobilization: range of the extra move',
      ru: '«Ускоренная Мобилизация»: дальность дополнительного хода',
    },
    description: {
      en: 'The card gives another move "from one location to one adjacent location", yet "following all the usual movement rules (e.g. only 2 locations forward)". Normal: the extra move has the group’s usual range. Adjacent: one step.',
      ru: 'Карта даёт ещё одно Перемещение «из одной локации в одну соседнюю», но «соблюдая все обычные правила Перемещения (например, только вперёд на 2 локации)». Обычная: дополнительный ход на обычную дальность группы. Соседняя: на один шаг.',
    },
    ruleRef: RULES.mobilizationRange,
    type: 'enum',
    choices: [
      choice(
        'normal',
        'The usual range (2, or 4 with the bonus)',
        'Обычная дальность (2, или 4 с бонусом)',
      ),
      choice('adjacent', 'One adjacent location', 'Одна соседняя локация'),
    ],
    default: 'normal',
  },
  {
    id: 'gravitonInverterWindow',
    title: { en: 'When Graviton Inverter is played', ru: 'Когда играется «Инвертор Гравитона»' },
    description: {
      en: 'The text says where the card is played, not when. Any time: whenever the game is under way (the text’s "at that moment" check of the bombarded sector then matters). Bombardment: only in the Bombardment phase, before the Fleet moves.',
      ru: 'Текст говорит, где играется карта, но не когда. В любое время: пока идёт игра (тогда важна проверка «в данный момент» сектора под Бомбардировкой). Бомбардировка: только в Фазу Бомбардировки, до движения Флота.',
    },
    ruleRef: RULES.graviton,
    type: 'enum',
    choices: [
      choice('any-time', 'Any time', 'В любое время'),
      choice('bombardment', 'In the Bombardment phase', 'В Фазу Бомбардировки'),
    ],
    default: 'any-time',
  },
  {
    id: 'gravitonInverterShield',
    title: { en: 'Graviton Inverter and the shield', ru: '«Инвертор Гравитона» и Щит' },
    description: {
      en: 'Only the destruction of troops in a bombarded location is written; the card’s main effect is missing. Rest of game: the location’s shield is gone for the rest of the game (the Fleet strikes it). This round: until the end of the round. Text only: the shield stays.',
      ru: 'Написано только уничтожение Войск в локации под Бомбардировкой; главный эффект карты в тексте отсутствует. До конца игры: Щита у локации больше нет (Флот её поражает). Этот раунд: до конца раунда. Только текст: Щит остаётся.',
    },
    ruleRef: `${RULES.gravitonBombarded} / ${RULESET_CHOICES.missingText}`,
    type: 'enum',
    choices: [
      choice('rest-of-game', 'Shield gone for the rest of the game', 'Щита нет до конца игры'),
      choice('this-round', 'Shield gone until the end of the round', 'Щита нет до конца раунда'),
      choice('text-only', 'The shield stays', 'Щит остаётся'),
    ],
    default: 'rest-of-game',
  },
  {
    id: 'radarTrackingWindow',
    title: { en: 'When Radar Tracking is played', ru: 'Когда играется «Отслеживание Радаром»' },
    description: {
      en: 'The text gives the effect, not the moment. Influence phase: only during the Influence phase; a Sol Offensive revealed later in that phase is removed. Any time: whenever the game is under way; the next Sol Offensive revealed in an Influence phase is removed.',
      ru: 'Текст даёт эффект, но не момент. Фаза Влияния: только во время Фазы Влияния; «Наступление Сол», открытое позже в этой фазе, удаляется. В любое время: пока идёт игра; удаляется следующее «Наступление Сол», открытое в Фазу Влияния.',
    },
    ruleRef: `${RULES.radarTracking} / ${RULES.radarRepeat}`,
    type: 'enum',
    choices: [
      choice('influence-phase', 'During the Influence phase', 'Во время Фазы Влияния'),
      choice('any-time', 'Any time', 'В любое время'),
    ],
    default: 'influence-phase',
  },
  {
    id: 'xxchaFlipWindow',
    title: {
      en: 'When Xxcha flips troops face down',
      ru: 'Когда Кззча переворачивает Войска лицом вниз',
    },
    description: {
      en: 'Xxcha’s race sheet is missing; the text only says Xxcha turns troops face down and that face-up Xxcha troops in the same location turn them face up again. Own Maneuvers turn: in Xxcha’s Maneuvers turn. Any time: whenever the game is under way.',
      ru: 'Расового листа Кззча в тексте нет; сказано лишь, что Кззча переворачивает Войска лицом вниз, а Войска Кззча лицом вверх в той же локации переворачивают их обратно. Свой ход Маневров: в ход Маневров Кззча. В любое время: пока идёт игра.',
    },
    ruleRef: `${RULES.xxchaFaceDown} / ${RULESET_CHOICES.missingText}`,
    type: 'enum',
    choices: [
      choice('own-maneuvers-turn', 'In Xxcha’s Maneuvers turn', 'В ход Маневров Кззча'),
      choice('any-time', 'Any time', 'В любое время'),
    ],
    default: 'own-maneuvers-turn',
  },
  {
    id: 'faceDownControl',
    title: { en: 'Face-down Xxcha troops and control', ru: 'Войска Кззча лицом вниз и контроль' },
    description: {
      en: 'The text is silent on what face-down troops do. Not counted: they neither control a location nor stop another player controlling it. Counted: they count as troops.',
      ru: 'Текст молчит о том, что делают Войска лицом вниз. Не учитываются: не дают контроля и не мешают контролю другого игрока. Учитываются: считаются Войсками.',
    },
    ruleRef: `${RULES.control} / ${RULESET_CHOICES.missingText}`,
    type: 'enum',
    choices: [
      choice('not-counted', 'Not counted', 'Не учитываются'),
      choice('counted', 'Counted', 'Учитываются'),
    ],
    default: 'not-counted',
  },
  {
    id: 'faceDownCollection',
    title: { en: 'Face-down Xxcha troops in Collection', ru: 'Войска Кззча лицом вниз при Сборе' },
    description: {
      en: 'The text is silent. Not collected: face-down troops collect no Influence. Collected: they collect as troops do.',
      ru: 'Текст молчит. Не собирают: Войска лицом вниз не собирают Влияние. Собирают: как обычные Войска.',
    },
    ruleRef: `${RULES.collection} / ${RULESET_CHOICES.missingText}`,
    type: 'enum',
    choices: [
      choice('not-collected', 'Collect nothing', 'Не собирают'),
      choice('collected', 'Collect', 'Собирают'),
    ],
    default: 'not-collected',
  },
  {
    id: 'faceDownCombat',
    title: { en: 'Face-down Xxcha troops in battle', ru: 'Войска Кззча лицом вниз в бою' },
    description: {
      en: 'The text is silent. No battle: a location where Xxcha has only face-down troops holds no battle with Xxcha. Battle: they fight as troops do.',
      ru: 'Текст молчит. Без боя: в локации, где у Кззча только Войска лицом вниз, Кззча не сражается. Бой: сражаются как обычные Войска.',
    },
    ruleRef: `${RULES.duels} / ${RULESET_CHOICES.missingText}`,
    type: 'enum',
    choices: [
      choice('no-battle', 'No battle', 'Без боя'),
      choice('battle', 'They fight', 'Сражаются'),
    ],
    default: 'no-battle',
  },
  {
    id: 'bombardmentOwnSector',
    title: {
      en: 'Sector reading: a card naming the Fleet’s own sector',
      ru: 'Чтение «сектор»: карта с номером сектора, где стоит Флот',
    },
    description: {
      en: 'Only under bombardmentCard = sector. The Fleet moves "to the sector numbered on the card", one sector at a time, always forward; the text does not say what a card naming the sector it stands in does. No move: the Fleet stays, and nothing is struck. Full lap: it goes once round the city (18 sectors), striking every sector, and stops where it started.',
      ru: 'Только при «Число на Карте Бомбардировки» = «Вперёд до сектора N». Флот перемещается «на тот сектор, чей номер указан в Карте», по одному сектору, всегда вперёд; что делать с картой, где указан сектор самого Флота, текст не говорит. Без движения: Флот стоит, ничего не поражено. Полный круг: Флот обходит город (18 секторов), поражая каждый, и останавливается там же.',
    },
    ruleRef: RULES.bombardmentToSector,
    type: 'enum',
    choices: [
      choice('no-move', 'The Fleet stays', 'Флот стоит'),
      choice('full-lap', 'A full lap of 18 sectors', 'Полный круг из 18 секторов'),
    ],
    default: 'no-move',
  },
  {
    id: 'concession',
    title: { en: 'After a concession', ru: 'После сдачи' },
    description: {
      en: 'The text is silent on conceding. Play on: the others play on without the conceding race, and the last race left wins. Match ends: a concession ends the match at once; the races still playing share the result.',
      ru: 'Текст о сдаче молчит. Играть дальше: остальные продолжают без сдавшейся расы, последняя оставшаяся побеждает. Конец матча: сдача сразу заканчивает матч; оставшиеся расы делят результат.',
    },
    ruleRef: RULESET_CHOICES.concession,
    type: 'enum',
    choices: [
      choice('play-on', 'The others play on', 'Остальные играют дальше'),
      choice('match-ends', 'The match ends', 'Матч заканчивается'),
    ],
    default: 'play-on',
  },
  {
    id: 'troopSectors',
    title: {
      en: 'Troops in a location spanning several sectors',
      ru: 'Войска в локации из нескольких секторов',
    },
    description: {
      en: 'Each location lies in sectors and the Fleet "covers every location in its sector"; whether troops in a location spanning several sectors stand in all of them is not said. Whole location: the troops stand in the whole location; the Fleet entering any of its sectors strikes them all, and a bombarded sector closes the whole location. One sector: troops stand in one of its sectors (chosen when they deploy or move in, else its first open one); the Fleet strikes only the troops in the sector it enters, and only that part is closed (troops there may not leave; the rest of the location may be entered, crossed and left). Influence on the location is struck and blocked as a whole either way.',
      ru: 'Каждая локация лежит в секторах, и Флот «охватывает все локации в находящемся секторе»; стоят ли Войска в локации из нескольких секторов во всех них, не сказано. Вся локация: Войска стоят во всей локации; Флот, входя в любой её сектор, поражает их все, а сектор под бомбардировкой закрывает всю локацию. Один сектор: Войска стоят в одном её секторе (выбранном при Развертывании или Перемещении, иначе в первом открытом); Флот поражает только Войска в секторе, в который входит, и закрыта только эта часть (Войска оттуда не выходят; остальную часть можно занимать, проходить и покидать). Влияние в локации в обоих случаях поражается и блокируется целиком.',
    },
    ruleRef: `${RULES.fleetCoversSector} / ${RULES.bombardedSector}`,
    type: 'enum',
    choices: [
      choice('whole-location', 'The whole location', 'Вся локация'),
      choice('one-sector', 'One of its sectors', 'Один из её секторов'),
    ],
    default: 'whole-location',
  },
  {
    id: 'undoOthersMove',
    title: {
      en: 'Asking to take back another race’s move',
      ru: 'Просьба отменить ход другой расы',
    },
    description: {
      en: 'The text says nothing of taking a move back; here a move can be undone until the next player acts, never past a reveal, a draw, a shuffle or an Influence transfer. Any player: any player may ask to take back the last move, another’s too (the next player who saw a misclick); it is recorded once every other player agrees. Its mover only: only the player who moved may ask (granted at once).',
      ru: 'Текст ничего не говорит об отмене хода; здесь ход можно отменить, пока следующий игрок не сделал свой, и никогда — после вскрытия, взятия карты, перемешивания или передачи Влияния. Любой игрок: отменить последний ход, в том числе чужой, может попросить любой игрок (например, следующий, заметивший ошибку); отмена записывается, когда согласны все остальные. Только сделавший ход: просить может лишь сам игрок, сделавший ход (отмена сразу).',
    },
    ruleRef: RULESET_CHOICES.undoUntilNextPlayer,
    type: 'enum',
    choices: [
      choice(
        'any-player',
        'Any player, the others consenting',
        'Любой игрок, с согласия остальных',
      ),
      choice('mover-only', 'Its mover only', 'Только сделавший ход'),
    ],
    default: 'any-player',
  },
]);

/** The options as the ruleset reads them, typed from their specs. */
export type RexOptions = OptionsOf<typeof REX_OPTIONS>;

export type BombardmentCardMode = RexOptions['bombardmentCard'];

export function rexOptions(chosen: Readonly<Record<string, OptionValue>>): RexOptions {
  return readOptions(REX_OPTIONS, chosen);
}
