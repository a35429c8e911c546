import { defineOptions, readOptions, type OptionsOf } from '../kit/options';
import type { OptionValue } from '../ruleset';
import { RULES } from './sw-rules-text';

const yes = (en: string, ru: string) => ({ en, ru });

/**
 * Every contradiction and gap of the text (digest §10) is an option, with its default and
 * the sentence it interprets. Where the text has the Game Master decide, the choice is
 * whether the GM decides (a judge's decision) or a fixed reading applies.
 */
export const SW_OPTIONS = defineOptions([
  {
    id: 'shotsPerTurn',
    title: yes('Shots per turn', 'Выстрелов за ход'),
    description: yes(
      '"At most two shots a turn" (S3.9.3) against "shots = decks" (S3.1): the example of S3.9.7 (3+1 or 2+2 decks) reads it as two volleys, each deck once.',
      '«не может превышать двух» (3.9.3) против «выстрелов = палуб» (3.1): пример 3.9.7 (3+1 или 2+2 палубы) читает это как два залпа, каждая палуба один раз.',
    ),
    ruleRef: RULES.shotsPerTurn,
    type: 'enum',
    choices: [
      {
        value: 'two-volleys',
        title: yes('Two volleys, each deck once', 'Два залпа, каждая палуба раз'),
      },
      { value: 'two-decks', title: yes('Two firing decks in all', 'Всего две стреляющие палубы') },
    ],
    default: 'two-volleys',
  },
  {
    id: 'bomberDouble',
    title: yes('Bomber double damage', 'Удвоенный урон бомбардировщика'),
    description: yes(
      'S3.3.5 says double against any 2-, 3- or 4-deck ship; Tables 1 and 3 say frigates and cruisers only.',
      '3.3.5: удвоенный урон по кораблям с 2, 3 или 4 палубами; таблицы 1 и 3: только по фрегату и крейсеру.',
    ),
    ruleRef: RULES.bomberDouble,
    type: 'enum',
    choices: [
      {
        value: 'tables',
        title: yes('Frigates and cruisers (tables)', 'Фрегат и крейсер (таблицы)'),
      },
      {
        value: 'multi-deck',
        title: yes('Every multi-deck ship (S3.3.5)', 'Любой многопалубный (3.3.5)'),
      },
    ],
    default: 'tables',
  },
  {
    id: 'bomberVsTransport',
    title: yes('Bomber against a transport', 'Бомбардировщик по транспорту'),
    description: yes(
      'Table 3 hits a transport on 5-8, Table 10 on 6-8.',
      'Таблица 3: попадание 5-8, таблица 10: 6-8.',
    ),
    ruleRef: RULES.transportHits,
    type: 'enum',
    choices: [
      { value: 'table-10', title: yes('6-8 (Table 10)', '6-8 (таблица 10)') },
      { value: 'table-3', title: yes('5-8 (Table 3)', '5-8 (таблица 3)') },
    ],
    default: 'table-10',
  },
  {
    id: 'frigateFive',
    title: yes("A frigate's 5 against a fighter or bomber", 'Пятёрка фрегата по истребителю'),
    description: yes(
      'Table 5 gives 1-4 a miss and 6-8 a hit against single-deck ships: a 5 has no result.',
      'Таблица 5: 1-4 промах, 6-8 попадание по однопалубным; у 5 результата нет.',
    ),
    ruleRef: RULES.frigateVsFighter,
    type: 'enum',
    choices: [
      { value: 'miss', title: yes('Miss', 'Промах') },
      { value: 'hit', title: yes('Hit', 'Попадание') },
    ],
    default: 'miss',
  },
  {
    id: 'shieldRegenTurns',
    title: yes('Shield regeneration', 'Восстановление щитов'),
    description: yes(
      'S3.6: turns without a hit equal to the decks; its example gives a frigate (3 decks) 2 turns.',
      '3.6: ходов без попаданий столько, сколько палуб; пример даёт фрегату (3 палубы) два хода.',
    ),
    ruleRef: RULES.shieldRegenExample,
    type: 'enum',
    choices: [
      { value: 'decks', title: yes('As many turns as decks', 'Столько ходов, сколько палуб') },
      {
        value: 'decks-minus-one',
        title: yes('One fewer (the example)', 'На один меньше (пример)'),
      },
    ],
    default: 'decks',
  },
  {
    id: 'dockClasses',
    title: yes('What a Dock launches', 'Кого выпускает док'),
    description: yes(
      'S3.3.1 names fighters, bombers and destroyers; S3.4 any ship of 1, 2 or 3 decks.',
      '3.3.1: истребители, бомбардировщики и эсминцы; 3.4: корабли с 1, 2 и 3 палубами.',
    ),
    ruleRef: RULES.dockCompartment,
    type: 'enum',
    choices: [
      {
        value: 'named',
        title: yes('Fighters, bombers, destroyers', 'Истребители, бомбардировщики, эсминцы'),
      },
      {
        value: 'up-to-three-decks',
        title: yes('Any ship of 1-3 decks', 'Любой корабль в 1-3 палубы'),
      },
    ],
    default: 'named',
  },
  {
    id: 'cruiserPivot',
    title: yes('Cruiser pivot', 'Разворот крейсера'),
    description: yes(
      'S3.12.3 gives the pivot axis of a frigate and a destroyer, not of a cruiser.',
      '3.12.3 называет ось разворота фрегата и эсминца, но не крейсера.',
    ),
    ruleRef: RULES.pivot,
    type: 'enum',
    choices: [
      { value: 'none', title: yes('A cruiser does not pivot', 'Крейсер не разворачивается') },
      { value: 'middle', title: yes('About deck 2 or 3', 'Вокруг 2-й или 3-й палубы') },
    ],
    default: 'none',
  },
  {
    id: 'pivotCost',
    title: yes('What a pivot costs', 'Цена разворота'),
    description: yes(
      'Speed counts cells; whether a pivot uses speed is not said.',
      'Скорость считается в клетках; тратит ли её разворот, не сказано.',
    ),
    ruleRef: RULES.speed,
    type: 'integer',
    min: 0,
    max: 2,
    default: 0,
  },
  {
    id: 'minePersistence',
    title: yes('A mine after it fires', 'Мина после срабатывания'),
    description: yes(
      'The text does not say whether a triggered mine stays.',
      'Текст не говорит, остаётся ли сработавшая мина.',
    ),
    ruleRef: RULES.mineTrigger,
    type: 'enum',
    choices: [
      { value: 'removed', title: yes('Removed', 'Снимается') },
      { value: 'stays', title: yes('Stays', 'Остаётся') },
    ],
    default: 'removed',
  },
  {
    id: 'lineOfFireOnEdge',
    title: yes('A line of fire along an edge', 'Линия огня по ребру клеток'),
    description: yes(
      'Where the line runs between two cells, "in disputed cases ask the Game Master": the GM decides, or a fixed reading.',
      'Где линия идёт между двумя клетками — «при спорных моментах необходимо обратиться к Мастеру игры»: решает Мастер или фиксированное прочтение.',
    ),
    ruleRef: RULES.lineOfFireDispute,
    type: 'enum',
    choices: [
      { value: 'gm', title: yes('The GM decides', 'Решает Мастер игры') },
      {
        value: 'blocked-if-either',
        title: yes('Blocked if either cell blocks', 'Закрыта, если закрывает любая'),
      },
      {
        value: 'clear-if-either',
        title: yes('Clear if either cell is clear', 'Открыта, если свободна любая'),
      },
    ],
    default: 'gm',
  },
  {
    id: 'spaceOrderRotates',
    title: yes('Space turn order rotates', 'Порядок в космосе сменяется'),
    description: yes(
      'The ground order rotates each round (G1.4); the space text never says so.',
      'На земле порядок сменяется каждый круг (1.4); в космосе текст этого не говорит.',
    ),
    ruleRef: RULES.turnOrder,
    type: 'boolean',
    default: false,
  },
  {
    id: 'fullTurn',
    title: yes('"One full turn"', '«Один полный ход»'),
    description: yes(
      'Repair, Commando, control points: "one full turn" is the faction\'s own next turn, or a whole round of all three.',
      'Ремонт, Коммандо, контрольные точки: «один полный ход» — следующий свой ход фракции или целый круг всех трёх.',
    ),
    ruleRef: RULES.controlPoint,
    type: 'enum',
    choices: [
      { value: 'own-turn', title: yes("The faction's next own turn", 'Следующий свой ход') },
      { value: 'round', title: yes('A whole round', 'Целый круг') },
    ],
    default: 'own-turn',
  },
  {
    id: 'capitalRebuy',
    title: yes('Buying a lost capital ship class again', 'Покупка потерянных крупных кораблей'),
    description: yes(
      'Cruisers, frigates and destroyers are "irrevocably lost" (S3.7.1), yet a Medic\'s captain takes a "new ship of the class".',
      'Крейсеры, фрегаты и эсминцы «безвозвратно потеряны» (3.7.1), но капитан с медиком командует «новым кораблём выбранного класса».',
    ),
    ruleRef: RULES.lostForGood,
    type: 'enum',
    choices: [
      { value: 'within-maximum', title: yes('New ones may be bought', 'Новые можно купить') },
      {
        value: 'never',
        title: yes('The lost ones count against the maximum', 'Потерянные входят в максимум'),
      },
    ],
    default: 'within-maximum',
  },
  {
    id: 'fighterToGround',
    title: yes('Where a fighter leaves for the ground', 'Откуда истребитель уходит на землю'),
    description: yes(
      'G3.4 has the fighter "in the planet surface zone", which S1.2 opens to transports only.',
      '3.4: истребитель в зоне «Поверхность планеты», куда по 1.2 заходят только транспорты.',
    ),
    ruleRef: RULES.groundFighter,
    type: 'enum',
    choices: [
      {
        value: 'adjacent',
        title: yes('From a cell next to the planet', 'С клетки рядом с планетой'),
      },
      {
        value: 'enter-planet',
        title: yes('Fighters may enter the planet', 'Истребители заходят на планету'),
      },
    ],
    default: 'adjacent',
  },
  {
    id: 'bombardmentDamage',
    title: yes('Orbital bombardment damage', 'Урон орбитального обстрела'),
    description: yes(
      '"Damaged or destroyed": how much is not said. The GM decides, each unshielded piece there takes one hit, or everything unshielded there is destroyed.',
      '«Повреждены или уничтожены»: насколько — не сказано. Решает Мастер игры, каждая незащищённая фигура там получает одно попадание или всё незащищённое там уничтожается.',
    ),
    ruleRef: RULES.bombardmentEffect,
    type: 'enum',
    choices: [
      { value: 'gm', title: yes('The GM decides', 'Решает Мастер игры') },
      { value: 'one-hit', title: yes('One hit to each piece', 'По одному попаданию каждому') },
      {
        value: 'destroyed',
        title: yes('Everything there is destroyed', 'Всё там уничтожено'),
      },
    ],
    default: 'gm',
  },
  {
    id: 'cannonShields',
    title: yes('The orbital cannon and shields', 'Орбитальная пушка и щиты'),
    description: yes(
      '"Automatically damaged": whether shields take it first is not said.',
      '«Автоматически считаются повреждёнными»: принимают ли удар щиты, не сказано.',
    ),
    ruleRef: RULES.orbitalCannonHit,
    type: 'enum',
    choices: [
      { value: 'ignored', title: yes('Shields ignored', 'Щиты не помогают') },
      { value: 'shields-first', title: yes('Shields first', 'Сначала щиты') },
    ],
    default: 'ignored',
  },
  {
    id: 'groundDie',
    title: yes('Ground die', 'Кубик наземной игры'),
    description: yes(
      'The ground text says "a die" without its sides; Medic and deflect read 5-6.',
      'Наземный текст говорит «кубик» без числа граней; медик и отражение — на 5-6.',
    ),
    ruleRef: RULES.opposedRoll,
    type: 'integer',
    min: 6,
    max: 20,
    default: 6,
  },
  {
    id: 'walkerDice',
    title: yes("A walker's two dice", 'Два кубика шагохода'),
    description: yes(
      'A walker "rolls twice": whether the two are summed or the better counts is not said.',
      'Шагоход «бросает кубик дважды»: суммировать или брать лучший — не сказано.',
    ),
    ruleRef: RULES.twoDice,
    type: 'enum',
    choices: [
      { value: 'best', title: yes('The better die', 'Лучший кубик') },
      { value: 'sum', title: yes('The sum', 'Сумма') },
    ],
    default: 'best',
  },
  {
    id: 'actionPoints',
    title: yes('Action points per turn', 'Очки действия за ход'),
    description: yes(
      'Set by the Observer Corps order; the value is not in the text.',
      'Устанавливаются приказом Корпуса Наблюдателей; значения в тексте нет.',
    ),
    ruleRef: RULES.actionPoints,
    type: 'integer',
    min: 1,
    max: 100,
    default: 10,
  },
  {
    id: 'generatorShooters',
    title: yes('Who may shoot generators', 'Кто стреляет по генераторам'),
    description: yes(
      'G2.7: walker, fighter, turret; G1.3: any combat unit.',
      '2.7: шагоход, истребитель, турель; 1.3: любой боевой юнит.',
    ),
    ruleRef: RULES.generatorShooters,
    type: 'enum',
    choices: [
      {
        value: 'walker-fighter-turret',
        title: yes('Walker, fighter, turret', 'Шагоход, истребитель, турель'),
      },
      { value: 'any-unit', title: yes('Any combat unit', 'Любой боевой юнит') },
    ],
    default: 'walker-fighter-turret',
  },
  {
    id: 'supportPlacementRange',
    title: yes('Support means placement', 'Установка средств поддержки'),
    description: yes(
      '"At one cell\'s distance or on the adjacent cell": adjacent only, or up to two hexes.',
      '«На расстоянии одной клетки или на соседней клетке»: только соседняя или до двух гекс.',
    ),
    ruleRef: RULES.supportAppear,
    type: 'enum',
    choices: [
      { value: 'adjacent', title: yes('Adjacent only', 'Только соседняя') },
      { value: 'two', title: yes('Up to two hexes', 'До двух гекс') },
    ],
    default: 'adjacent',
  },
  {
    id: 'commCentreHits',
    title: yes('Hits to destroy a communications centre', 'Попаданий на центр связи'),
    description: yes(
      'The text gives a turret 3 and a shield field 2, a communications centre none.',
      'Турели 3, полю 2, центру связи — не сказано.',
    ),
    ruleRef: RULES.commCentre,
    type: 'integer',
    min: 1,
    max: 5,
    default: 2,
  },
  {
    id: 'centralGeneratorScore',
    title: yes("An enemy Central generator's worth", 'Очки за центральный генератор'),
    description: yes(
      '+10 for every generator and +30 for a Central: 30, or 10 + 30.',
      '+10 за каждый генератор и +30 за центральный: 30 или 10 + 30.',
    ),
    ruleRef: RULES.centralPoints,
    type: 'enum',
    choices: [
      { value: '30', title: yes('30', '30') },
      { value: '40', title: yes('40 (10 + 30)', '40 (10 + 30)') },
    ],
    default: '30',
  },
  {
    id: 'bothCentralsEnd',
    title: yes('Both enemy Centrals destroyed', 'Уничтожены оба центральных генератора'),
    description: yes(
      '"Victory in the mission ahead of time": the whole mission, or the ground game.',
      '«Победу в миссии досрочно»: всю миссию или наземную игру.',
    ),
    ruleRef: RULES.bothCentrals,
    type: 'enum',
    choices: [
      { value: 'mission', title: yes('Ends the mission', 'Конец миссии') },
      { value: 'ground', title: yes('Ends the ground map only', 'Конец только наземной игры') },
    ],
    default: 'mission',
  },
  {
    id: 'combinedScore',
    title: yes('The combined result', 'Общий итог'),
    description: yes(
      'The legion with most points on both maps wins the planet; space scores in percent, ground in points, and no formula is given.',
      'Планету получает легион с наибольшими очками на обеих картах; космос считается в процентах, земля — в очках, формулы нет.',
    ),
    ruleRef: RULES.combined,
    type: 'enum',
    choices: [
      {
        value: 'places',
        title: yes('Places on each map (3/2/1), summed', 'Места на каждой карте (3/2/1), сумма'),
      },
      {
        value: 'sum',
        title: yes('Space percent plus ground points', 'Проценты космоса плюс очки земли'),
      },
    ],
    default: 'places',
  },
  {
    id: 'medicHeal',
    title: yes('Medic heals into an occupied hex', 'Медик и занятая гекса'),
    description: yes(
      'The infantry "returns to its place": if that hex is taken, the text is silent.',
      'Пехотинец «возвращается на своё место»: если гекса занята — не сказано.',
    ),
    ruleRef: RULES.medicHeal,
    type: 'enum',
    choices: [
      { value: 'refused', title: yes('No heal then', 'Лечение невозможно') },
      {
        value: 'nearest-free',
        title: yes(
          'It returns to the nearest free hex',
          'Возвращается на ближайшую свободную гексу',
        ),
      },
    ],
    default: 'refused',
  },
  {
    id: 'orderTies',
    title: yes('Tied order rolls', 'Равные броски на очерёдность'),
    description: yes(
      "The highest d8 goes first, the lowest third; a tie is not covered. The tied legions roll again among themselves, or keep the mission's legion order (I, II, III).",
      'Наибольший d8 ходит первым, наименьший — третьим; ничья не описана. Равные легионы перебрасывают между собой или остаются в порядке миссии (I, II, III).',
    ),
    ruleRef: RULES.turnOrder,
    type: 'enum',
    choices: [
      { value: 'reroll', title: yes('Tied legions roll again', 'Равные перебрасывают') },
      {
        value: 'legion-order',
        title: yes("The mission's legion order", 'Порядок легионов миссии'),
      },
    ],
    default: 'reroll',
  },
  {
    id: 'stationHits',
    title: yes('Fire at a station', 'Стрельба по станции'),
    description: yes(
      "S5.5 gives each shot its damage (1 or 2) but no hit table: every shot hits, or each die must hit as against a mine (the mine column of the shooter's table).",
      '5.5 даёт урон за выстрел (1 или 2), но не таблицу попаданий: каждый выстрел попадает или кубик должен попасть как по мине (столбец «мина» таблицы стрелка).',
    ),
    ruleRef: RULES.stationDamage,
    type: 'enum',
    choices: [
      { value: 'automatic', title: yes('Every shot hits', 'Каждый выстрел попадает') },
      { value: 'roll', title: yes('A d8 as against a mine', 'Кубик d8, как по мине') },
    ],
    default: 'automatic',
  },
  {
    id: 'bombardmentArea',
    title: yes('What a bombardment explodes', 'Зона орбитального обстрела'),
    description: yes(
      'S3.10: the explosion is "in the squares shown" and the hex "and its neighbours" must be unshielded: the hex and its six neighbours explode, or the hex alone.',
      '3.10: взрыв «в указанных квадратах», а защищены должны быть «клетка и соседние клетки»: взрываются гекса и шесть соседних или одна гекса.',
    ),
    ruleRef: RULES.bombardmentBlast,
    type: 'enum',
    choices: [
      {
        value: 'hex-and-neighbours',
        title: yes('The hex and its neighbours', 'Гекса и соседние'),
      },
      { value: 'hex-only', title: yes('The hex shown only', 'Только указанная гекса') },
    ],
    default: 'hex-and-neighbours',
  },
  {
    id: 'deckOverflow',
    title: yes('Damage beyond the target deck', 'Урон сверх палубы-цели'),
    description: yes(
      'A volley aims at one deck (S3.9.4) of 1 point: damage left after the shields and that deck is lost, or goes on to the nearest intact decks.',
      'Залп целится в одну палубу (3.9.4) прочностью 1: урон сверх щитов и этой палубы пропадает или переходит на ближайшие целые палубы.',
    ),
    ruleRef: RULES.targetDeck,
    type: 'enum',
    choices: [
      { value: 'lost', title: yes('Lost', 'Пропадает') },
      { value: 'next-deck', title: yes('On to the nearest decks', 'На ближайшие палубы') },
    ],
    default: 'lost',
  },
  {
    id: 'doubleAgainstShields',
    title: yes('A double hit against shields', 'Двойной урон и щиты'),
    description: yes(
      "The tables double a hit's damage; whether a doubled hit takes two shields or one (doubling only what passes the shields) is not said.",
      'Таблицы удваивают урон попадания; снимает ли удвоенное попадание два щита или один (удваивается лишь то, что прошло щиты), не сказано.',
    ),
    ruleRef: RULES.laserDamage,
    type: 'enum',
    choices: [
      { value: 'doubled', title: yes('Two shields', 'Два щита') },
      {
        value: 'decks-only',
        title: yes('One shield; doubled on decks', 'Один щит; двойной по палубам'),
      },
    ],
    default: 'doubled',
  },
  {
    id: 'transportMine',
    title: yes('A transport on a mine', 'Транспорт на мине'),
    description: yes(
      'A mine takes "the deck that entered" whole; a transport\'s one deck holds 2 points: it is lost with the deck, or a mine takes 1 point.',
      'Мина «полностью деактивирует палубу»; у транспорта одна палуба прочностью 2: он гибнет с палубой или мина снимает 1 очко.',
    ),
    ruleRef: RULES.mineTrigger,
    type: 'enum',
    choices: [
      { value: 'deck-lost', title: yes('Lost with its deck', 'Гибнет с палубой') },
      { value: 'one-point', title: yes('Loses 1 of its 2 points', 'Теряет 1 очко из 2') },
    ],
    default: 'deck-lost',
  },
  {
    id: 'mineDeck',
    title: yes('Which deck a standing mine takes', 'Какую палубу берёт мина'),
    description: yes(
      'With mines that stay (option minePersistence), a long ship crossing one: every deck that enters the cell is lost, or the mine takes one deck of a ship and the rest pass.',
      'Если мина остаётся (опция «Мина после срабатывания»), длинный корабль проходит её: теряется каждая зашедшая палуба или мина берёт одну палубу корабля, остальные проходят.',
    ),
    ruleRef: RULES.mineTrigger,
    type: 'enum',
    choices: [
      { value: 'each-deck', title: yes('Every deck that enters', 'Каждая зашедшая палуба') },
      { value: 'once-per-ship', title: yes('One deck a ship', 'Одна палуба корабля') },
    ],
    default: 'each-deck',
  },
  {
    id: 'jointCounterHit',
    title: yes('A joint attack beaten', 'Отбитая совместная атака'),
    description: yes(
      'A defender who rolls more than a joint attack\'s sum: "on defence the like does not happen" leaves open whether it counter-hits, and whom.',
      'Защитник выбросил больше суммы совместной атаки: «при защите аналогичный процесс не происходит» не говорит, контратакует ли он и кого.',
    ),
    ruleRef: RULES.noJointDefence,
    type: 'enum',
    choices: [
      { value: 'none', title: yes('No counter-hit', 'Без контратаки') },
      {
        value: 'leader',
        title: yes('The unit that opened the attack', 'Юнит, начавший атаку'),
      },
    ],
    default: 'none',
  },
  {
    id: 'cargoAfterUnload',
    title: yes('Stations aboard a transport that delivered', 'Станции на ушедшем транспорте'),
    description: yes(
      'A transport that delivered reinforcements leaves at once (S4.4): a station still aboard stays aboard, or is lost.',
      'Транспорт, доставивший подкрепления, сразу выводится из игры (4.4): станция на борту остаётся на борту или теряется.',
    ),
    ruleRef: RULES.unload,
    type: 'enum',
    choices: [
      { value: 'kept', title: yes('Stays aboard', 'Остаётся на борту') },
      { value: 'lost', title: yes('Lost', 'Теряется') },
    ],
    default: 'kept',
  },
  {
    id: 'tiedTasks',
    title: yes('Legions tied on a task', 'Равенство в задаче'),
    description: yes(
      'Each task of "the most" (the space tasks, the ground\'s most units left) goes to the best legion; how a tie goes is not said: they share its weight, each takes it whole, or nobody does.',
      'Каждая задача «наибольшего» (задачи космоса, больше всех юнитов на земле) достаётся лучшему легиону; как делить ничью, не сказано: поровну, каждому целиком или никому.',
    ),
    ruleRef: RULES.reinforcementsWeight,
    type: 'enum',
    choices: [
      { value: 'shared', title: yes('Shared', 'Поровну') },
      { value: 'full', title: yes('Each takes it whole', 'Каждому целиком') },
      { value: 'nobody', title: yes('Nobody', 'Никому') },
    ],
    default: 'shared',
  },
  {
    id: 'producedUnitHex',
    title: yes('A unit whose hex is taken', 'Юнит, чья гекса занята'),
    description: yes(
      'Units appear "where the legionnaires said" and only on free territory hexes: if the hex named is taken, the unit takes the first free hex of the territory, or the queue waits.',
      'Юниты появляются «в указанном легионерами месте» и только на свободных клетках территории: если названная гекса занята, юнит встаёт на первую свободную или очередь ждёт.',
    ),
    ruleRef: RULES.appearWhereSaid,
    type: 'enum',
    choices: [
      { value: 'first-free', title: yes('The first free hex', 'Первая свободная гекса') },
      { value: 'wait', title: yes('The queue waits', 'Очередь ждёт') },
    ],
    default: 'first-free',
  },
  {
    id: 'unansweredReaction',
    title: yes('A reaction not claimed', 'Незаявленная реакция'),
    description: yes(
      'G3.11: a Sword Master or Medic turns to the map master "at once"; how long the ground map waits is not said. The Game Master may always close it as declined (gm-decline-reaction); with gm-end-turn his end of the ground turn closes it too.',
      '3.11: мастер меча или медик обращается к мастеру карты «сразу»; сколько ждёт наземная карта, не сказано. Мастер игры всегда может закрыть реакцию как отклонённую («Мастер игры: реакция не заявлена сразу»); при «конец хода» её закрывает и завершение им наземного хода.',
    ),
    ruleRef: RULES.reactionAtOnce,
    type: 'enum',
    choices: [
      {
        value: 'gm-end-turn',
        title: yes("The GM's end of the turn declines it", 'Завершение хода мастером — отказ'),
      },
      {
        value: 'gm-decline-only',
        title: yes('Only the GM declining it', 'Только отказ мастера игры'),
      },
    ],
    default: 'gm-end-turn',
  },
  {
    id: 'buildTimeCounts',
    title: yes('Whose turns count the build time', 'Чьи ходы считают время постройки'),
    description: yes(
      'S3.1: build time is "the number of turns after payment"; whether only the legion\'s own turns count or every faction\'s turn is not said.',
      '3.1: время постройки — «количество ходов после оплаты»; считаются ли только ходы своего легиона или ход каждой фракции, не сказано.',
    ),
    ruleRef: RULES.buildTime,
    type: 'enum',
    choices: [
      {
        value: 'own-turns',
        title: yes("The legion's own turns", 'Свои ходы легиона'),
      },
      {
        value: 'every-turn',
        title: yes("Every faction's turn", 'Ход каждой фракции'),
      },
    ],
    default: 'own-turns',
  },
  {
    id: 'commCentreReach',
    title: yes('Which fighters a centre downs', 'Какие истребители сбивает центр связи'),
    description: yes(
      'G4.9: an enemy fighter that "finds itself" (оказывается) next to a centre is destroyed; whether only by moving there or also by landing from space or a centre built beside it is not said.',
      '4.9: уничтожается вражеский истребитель, который «оказывается» рядом с центром; только ли передвинувшись туда или также высадившись из космоса или когда центр построен рядом, не сказано.',
    ),
    ruleRef: RULES.commCentre,
    type: 'enum',
    choices: [
      {
        value: 'moves-next',
        title: yes('One that moves next to it', 'Подлетевший к нему'),
      },
      {
        value: 'any-arrival',
        title: yes(
          'Any: moved, landed, or a centre built beside it',
          'Любой: подлетевший, высадившийся, или центр построен рядом',
        ),
      },
    ],
    default: 'moves-next',
  },
  {
    id: 'medicAfterBombardment',
    title: yes('A Medic after an orbital bombardment', 'Медик после орбитального обстрела'),
    description: yes(
      'G3.11 has the specialists act on "the result of a shot at their units"; G3.11.1 lets a Medic heal infantry "if it was destroyed", not saying by what. Whether infantry an orbital bombardment destroys may be healed is not said. With after-bombardment, each such unit with a Medic able to heal it waits for him, in turn, and the ground map waits until every one is answered.',
      '3.11: специалисты влияют «на результат выстрела по их боевым юнитам»; 3.11.1: медик лечит пехотинца, «если он был уничтожен», не говоря чем. Можно ли вылечить пехоту, уничтоженную орбитальным обстрелом, не сказано. При «и после обстрела» каждый такой юнит, которого может вылечить медик, ждёт его по очереди, и наземная карта ждёт, пока ответят на все.',
    ),
    ruleRef: RULES.reactionOnShots,
    type: 'enum',
    choices: [
      {
        value: 'shots-only',
        title: yes('Only after a ground shot', 'Только после наземного выстрела'),
      },
      {
        value: 'after-bombardment',
        title: yes('After a bombardment too, in turn', 'И после обстрела, по очереди'),
      },
    ],
    default: 'shots-only',
  },
  {
    id: 'medicScope',
    title: yes('Whose infantry a Medic heals', 'Чью пехоту лечит медик'),
    description: yes(
      'A Medic heals "his own" infantry: that of his own squad, or any of his legion.',
      'Медик лечит «своего» пехотинца: из своего отряда или любого своего легиона.',
    ),
    ruleRef: RULES.medicOwnUnit,
    type: 'enum',
    choices: [
      { value: 'squad', title: yes('His own squad', 'Свой отряд') },
      { value: 'legion', title: yes('His legion', 'Свой легион') },
    ],
    default: 'squad',
  },
  {
    id: 'deflectUnits',
    title: yes('What a Sword Master deflects', 'Что отражает мастер меча'),
    description: yes(
      'Shots "at the units of his squad", yet "the infantryman takes no damage": any unit of his squad, or infantry only.',
      'Выстрелы «по юнитам, входящим в его отряд», но «пехотинец не получает повреждений»: любой юнит отряда или только пехота.',
    ),
    ruleRef: RULES.deflect,
    type: 'enum',
    choices: [
      { value: 'squad', title: yes('Any unit of his squad', 'Любой юнит отряда') },
      { value: 'infantry', title: yes('Infantry only', 'Только пехота') },
    ],
    default: 'squad',
  },
  {
    id: 'centralsBy',
    title: yes('Both enemy Centrals destroyed by whom', 'Кем уничтожены оба центральных'),
    description: yes(
      'A legion wins early when both enemy Centrals are destroyed: by that legion itself, or by anyone (the one legion whose Central stands).',
      'Легион побеждает досрочно, когда уничтожены оба центральных генератора противников: им самим или кем угодно (побеждает легион, чей центральный цел).',
    ),
    ruleRef: RULES.bothCentrals,
    type: 'enum',
    choices: [
      { value: 'the-legion', title: yes('By the legion itself', 'Самим легионом') },
      { value: 'anyone', title: yes('By anyone', 'Кем угодно') },
    ],
    default: 'the-legion',
  },
  {
    id: 'reinforcementsOnGround',
    title: yes('Reinforcements on the ground', 'Подкрепления на земле'),
    description: yes(
      'Delivered reinforcements "automatically become credits or units" on the ground map, which has no credits and gives no rate: action points on the legion\'s next ground turn, or an infantry unit each.',
      'Доставленные подкрепления «автоматически превращаются в кредиты или юнитов» на наземной карте, где кредитов нет и курс не дан: очки действия в следующий наземный ход легиона или по пехотинцу за каждое.',
    ),
    ruleRef: RULES.reinforcements,
    type: 'enum',
    choices: [
      { value: 'action-points', title: yes('Action points', 'Очки действия') },
      { value: 'infantry', title: yes('An infantry unit each', 'По пехотинцу') },
    ],
    default: 'action-points',
  },
  {
    id: 'reinforcementActionPoints',
    title: yes('Action points per reinforcement', 'Очков действия за подкрепление'),
    description: yes(
      'With reinforcements as action points: how many each one gives (no rate in the text).',
      'Если подкрепления дают очки действия: сколько за каждое (курса в тексте нет).',
    ),
    ruleRef: RULES.reinforcements,
    type: 'integer',
    min: 1,
    max: 10,
    default: 1,
  },
  {
    id: 'productionSlowdown',
    title: yes('Production after a generator is lost', 'Производство после потери генератора'),
    description: yes(
      '"Production slows" with a generator lost: an item under way takes the new table time less the turns already spent (at least 1 left), or its turns left scaled by the new time over the old.',
      '«Время производства замедляется»: начатое изделие получает новое время по таблице за вычетом прошедших ходов (не меньше 1) или оставшиеся ходы, умноженные на отношение нового времени к старому.',
    ),
    ruleRef: RULES.productionTime,
    type: 'enum',
    choices: [
      { value: 'elapsed', title: yes('New time less turns spent', 'Новое время минус прошедшее') },
      { value: 'scaled', title: yes('Turns left scaled', 'Оставшееся пропорционально') },
    ],
    default: 'elapsed',
  },
  {
    id: 'destroyedDeck',
    title: yes('A destroyed deck on the map', 'Разрушенная палуба на карте'),
    description: yes(
      'A ship fills as many cells as it has decks (S3.1); whether a deck destroyed while the ship lives still fills its cell is not said: it stays (blocks moves and lines of fire, holds orbit), or its cell is free.',
      'Корабль занимает столько клеток, сколько у него палуб (3.1); занимает ли клетку палуба, разрушенная у живого корабля, не сказано: она остаётся (мешает движению и линии огня, держит орбиту) или её клетка свободна.',
    ),
    ruleRef: RULES.deckCells,
    type: 'enum',
    choices: [
      { value: 'stays', title: yes('It stays on its cell', 'Остаётся на клетке') },
      { value: 'removed', title: yes('Its cell is free', 'Её клетка свободна') },
    ],
    default: 'stays',
  },
  {
    id: 'bombardmentShields',
    title: yes('Shield fields against a bombardment', 'Защитное поле и орбитальный обстрел'),
    description: yes(
      'S3.10: units are hit "if the cell and the neighbouring cells are not protected by a shield field": each hex under a field is spared, or a field over any hex of the blast stops the whole blast.',
      '3.10: юниты поражаются, «если клетка и соседние клетки не защищены защитным полем»: щадится каждая гекса под полем или поле над любой гексой взрыва останавливает весь взрыв.',
    ),
    ruleRef: RULES.bombardmentBlast,
    type: 'enum',
    choices: [
      {
        value: 'per-hex',
        title: yes('Each shielded hex is spared', 'Щадится каждая гекса под полем'),
      },
      {
        value: 'whole-blast',
        title: yes('Any shielded hex stops the blast', 'Поле над любой гексой гасит весь взрыв'),
      },
    ],
    default: 'per-hex',
  },
  {
    id: 'cannonKill',
    title: yes("An orbital cannon's kill", 'Корабль, сбитый орбитальной пушкой'),
    description: yes(
      'Each enemy ship destroyed brings "the team" its points (S1.7.3); whether a ship the ground\'s orbital cannon destroys scores for the legion that fired it is not said.',
      'Каждый уничтоженный корабль противника приносит «команде» очки (1.7.3); засчитывается ли корабль, уничтоженный орбитальной пушкой с земли, выстрелившему легиону, не сказано.',
    ),
    ruleRef: RULES.killPoints,
    type: 'enum',
    choices: [
      { value: 'the-legion', title: yes('The legion that fired', 'Выстрелившему легиону') },
      { value: 'nobody', title: yes('Nobody', 'Никому') },
    ],
    default: 'the-legion',
  },
  {
    id: 'orbitWinCheck',
    title: yes('When a win in orbit is checked', 'Когда проверяется победа на орбите'),
    description: yes(
      "More than 21 orbit points wins the Space Battle outright (S1.7.1); when it is checked is not said: when the space battle ends, or at the end of every faction's space turn, which then ends the space battle.",
      'Более 21 балла орбиты — полная победа в Космическом сражении (1.7.1); когда это проверяется, не сказано: по окончании космического сражения или в конце каждого хода фракции в космосе, и тогда космическое сражение заканчивается.',
    ),
    ruleRef: RULES.orbitOutright,
    type: 'enum',
    choices: [
      { value: 'at-end', title: yes('When the space battle ends', 'По окончании сражения') },
      {
        value: 'turn-end',
        title: yes("At the end of every faction's turn", 'В конце каждого хода фракции'),
      },
    ],
    default: 'at-end',
  },
  {
    id: 'trenchPenalty',
    title: yes("A trench's −2 in a joint attack", 'Минус 2 за окоп в совместной атаке'),
    description: yes(
      "A shot across a trench takes 2 off the attacker's roll (G3.14); in a joint attack whether each attacker whose line crosses a trench loses 2, or the attack loses 2 once, is not said.",
      'Выстрел через окоп вычитает две единицы из броска атакующего (3.14); в совместной атаке теряет ли 2 каждый атакующий, чья линия проходит через окоп, или атака теряет 2 один раз, не сказано.',
    ),
    ruleRef: RULES.trenchMinus,
    type: 'enum',
    choices: [
      {
        value: 'per-attacker',
        title: yes('Each attacker across it', 'Каждый атакующий через окоп'),
      },
      { value: 'per-attack', title: yes('Once per attack', 'Один раз за атаку') },
    ],
    default: 'per-attacker',
  },
  {
    id: 'productionTicks',
    title: yes('Whose turns count production', 'Чьи ходы считают производство'),
    description: yes(
      "G2.6: production \"takes a number of turns\"; whether only the legion's own ground turns count, or every faction's ground turn, is not said. Either way, what is ready appears at the start of its legion's own turn.",
      '2.6: производство «занимает определенное количество ходов»; считаются ли только свои наземные ходы легиона или наземный ход каждой фракции, не сказано. В обоих случаях готовое появляется в начале своего хода легиона.',
    ),
    ruleRef: RULES.productionTurns,
    type: 'enum',
    choices: [
      { value: 'own-turns', title: yes("The legion's own turns", 'Свои ходы легиона') },
      { value: 'every-turn', title: yes("Every faction's turn", 'Ход каждой фракции') },
    ],
    default: 'own-turns',
  },
]);

export type SwOptions = OptionsOf<typeof SW_OPTIONS>;

export function swOptions(chosen: Readonly<Record<string, OptionValue>>): SwOptions {
  return readOptions(SW_OPTIONS, chosen);
}
