import { defineOptions, readOptions, type OptionsOf } from '../kit/options';
import type { OptionValue } from '../ruleset';
import { REPORTED_ROLL_CONFIRMATION_OPTION } from '../dice-source';
import { RULES } from './cp-rules-text';

/**
 * Every gap or contradiction of the rules text the engine has to settle is a named option,
 * chosen at match creation and recorded in MatchCreated, so a ruling can cite it.
 */
export const CP_OPTIONS = defineOptions([
  {
    id: 'diceSource',
    title: { en: 'Dice source', ru: 'Источник кубиков' },
    description: {
      en: 'Server: provable server dice, revealed and re-checkable after the match. Reported: players roll real dice and report the faces in each decision. Either: faces given are reported dice, faces left out are server dice. Every roll records its source.',
      ru: 'Сервер: проверяемые серверные кубики. Физические: игроки бросают настоящие кубики и сообщают значения в решении. Любые: указанные значения — физические кубики, без них — серверные. Источник записывается в каждом броске.',
    },
    ruleRef: RULES.d6,
    type: 'enum',
    choices: [
      { value: 'server', title: { en: 'Server dice', ru: 'Серверные кубики' } },
      { value: 'reported', title: { en: 'Reported dice', ru: 'Физические кубики' } },
      { value: 'either', title: { en: 'Either', ru: 'Любые' } },
    ],
    default: 'server',
  },
  {
    id: 'deckShuffle',
    title: { en: 'Deck shuffles', ru: 'Перемешивание колод' },
    description: {
      en: 'Server: decks are shuffled by the provable RNG (the shuffle that binds cards to hidden ids is separate from the one that orders the deck). None: decks keep the registered order (top card first) and redeals go to the bottom — for logging a game played at a physical table in its real draw order, tutorials and tests.',
      ru: 'Сервер: колоды перемешиваются проверяемым генератором. Без перемешивания: колода остаётся в порядке регистрации (первая карта сверху), при пересдаче карты уходят вниз — для записи партии, сыгранной за столом, обучения и тестов.',
    },
    ruleRef: RULES.redeal,
    type: 'enum',
    choices: [
      { value: 'server', title: { en: 'Shuffled by the server', ru: 'Перемешивает сервер' } },
      { value: 'none', title: { en: 'Registered order', ru: 'Порядок регистрации' } },
    ],
    default: 'server',
  },
  {
    id: 'manualAdjustments',
    title: { en: 'Manual adjustments', ru: 'Ручные поправки' },
    description: {
      en: 'Card texts override the rules and no catalog knows every card, so manual-<kind> decisions (the freeform decisions) change the table directly, recorded as manual with who made them. Opponent: each one waits for the other seat’s approve-manual. Free: applied at once. (Judge consent comes with the judges’ issue.)',
      ru: 'Текст карты важнее правил, а каталог не знает всех карт, поэтому решения «Ручная поправка: …» меняют стол напрямую и записываются как ручные, с автором. Соперник: каждая поправка ждёт, пока другой игрок её одобрит («Одобрить ручную поправку соперника»). Свободно: применяется сразу. (Согласие судьи появится вместе с задачей о судьях.)',
    },
    ruleRef: RULES.cardText,
    type: 'enum',
    choices: [
      { value: 'opponent', title: { en: 'Opponent approves', ru: 'С согласия соперника' } },
      { value: 'free', title: { en: 'Applied at once', ru: 'Сразу' } },
    ],
    default: 'opponent',
  },
  {
    id: 'initiativeTie',
    title: { en: 'Initiative tie in later turns', ru: 'Равная инициатива в следующих ходах' },
    description: {
      en: 'Equal initiatives: the text says to roll D6, and also that Priority persists until one initiative exceeds the other. Retain: once set, Priority stays on a tie (the D6 decides only when nobody holds Priority yet). Roll: every tied turn rolls again. Equal dice are rolled again in both.',
      ru: 'При равной инициативе текст велит бросить D6, но и говорит, что Приоритет сохраняется, пока одна инициатива не превысит другую. Сохранять: при равенстве Приоритет остаётся (D6 — только когда Приоритета ещё нет). Бросать: каждый ход с равенством бросают заново. Равные кубики перебрасываются в обоих вариантах.',
    },
    ruleRef: RULES.priorityPersists,
    type: 'enum',
    choices: [
      { value: 'retain', title: { en: 'Priority is retained', ru: 'Приоритет сохраняется' } },
      { value: 'roll', title: { en: 'Roll each tied turn', ru: 'Бросать каждый раз' } },
    ],
    default: 'retain',
  },
  {
    id: 'boardingTie',
    title: { en: 'Equal boarding totals', ru: 'Равенство при абордаже' },
    description: {
      en: 'The higher total wins; equal totals are not covered. Defender: the boarding fails (the boarder did not get the higher total). Attacker: the boarding succeeds. Reroll: both roll again (reported dice then need two more faces per reroll).',
      ru: 'Побеждает большее значение; равенство не описано. Защитник: абордаж провален. Атакующий: абордаж успешен. Переброс: оба бросают снова.',
    },
    ruleRef: RULES.boardingRoll,
    type: 'enum',
    choices: [
      { value: 'defender', title: { en: 'Boarding fails', ru: 'Абордаж провален' } },
      { value: 'attacker', title: { en: 'Boarding succeeds', ru: 'Абордаж успешен' } },
      { value: 'reroll', title: { en: 'Roll again', ru: 'Перебросить' } },
    ],
    default: 'defender',
  },
  {
    id: 'manoeuvreTie',
    title: { en: 'Equal light-ship manoeuvre totals', ru: 'Равенство при маневрировании ЛК' },
    description: {
      en: 'Attacker higher: the weapon applies; lower: no damage; equal is not covered. No damage (default: the attacker is not higher), or the attack applies.',
      ru: 'Выше у атакующего — оружие применяется, ниже — без повреждений; равенство не описано. Без повреждений (атакующий не выше) или атака проходит.',
    },
    ruleRef: RULES.manoeuvre,
    type: 'enum',
    choices: [
      { value: 'no-damage', title: { en: 'No damage', ru: 'Без повреждений' } },
      { value: 'applies', title: { en: 'The attack applies', ru: 'Атака проходит' } },
    ],
    default: 'no-damage',
  },
  {
    id: 'maserUnshielded',
    title: { en: 'Maser against an unshielded target', ru: 'Мазер против цели без щита' },
    description: {
      en: 'The maser rule speaks only of shield types. Full: no shield means no conflicting type, full power. Half: treated like the same type. Forbidden: a maser cannot target it. Also applies to a target whose shield a Nova hit disabled.',
      ru: 'Правило мазера говорит только о типах щитов. Полная мощность: нет щита — нет запрета. Половина: как щит того же типа. Запрещено: мазером нельзя атаковать. Относится и к цели, чей щит отключён “Новой”.',
    },
    ruleRef: RULES.maser,
    type: 'enum',
    choices: [
      { value: 'full', title: { en: 'Full power', ru: 'Полная мощность' } },
      { value: 'half', title: { en: 'Half power', ru: 'Половина мощности' } },
      { value: 'forbidden', title: { en: 'Cannot target', ru: 'Нельзя атаковать' } },
    ],
    default: 'full',
  },
  {
    id: 'ramDamage',
    title: { en: 'Ram damage', ru: 'Повреждения при таране' },
    description: {
      en: '“Damage equal to the other ship’s durability”: printed durability, or what remains of it (durability minus damage taken).',
      ru: '«Повреждения, равные прочности корабля противника»: напечатанная прочность или оставшаяся (прочность минус полученные повреждения).',
    },
    ruleRef: RULES.ramDamage,
    type: 'enum',
    choices: [
      { value: 'printed', title: { en: 'Printed durability', ru: 'Напечатанная прочность' } },
      { value: 'remaining', title: { en: 'Remaining durability', ru: 'Оставшаяся прочность' } },
    ],
    default: 'printed',
  },
  {
    id: 'lightRamArmor',
    title: { en: 'Light ship ramming a medium one', ru: 'ЛК таранит СК' },
    description: {
      en: 'Only a light ship ramming a heavy one has armor subtracted. Heavy only (literal), or medium and heavy targets alike.',
      ru: 'Броня вычитается, только если ЛК таранит ТК. Только ТК (буквально) или и СК, и ТК.',
    },
    ruleRef: RULES.ramDamage,
    type: 'enum',
    choices: [
      { value: 'heavy-only', title: { en: 'Heavy targets only', ru: 'Только ТК' } },
      { value: 'medium-and-heavy', title: { en: 'Medium and heavy', ru: 'СК и ТК' } },
    ],
    default: 'heavy-only',
  },
  {
    id: 'ramManoeuvre',
    title: { en: 'Light ram and the manoeuvre', ru: 'Таран ЛК и маневрирование' },
    description: {
      en: 'Does a light ship ramming a light ship roll the light-ship manoeuvre? A ram replaces an attack “with any weapon”, so by default it is not a weapon and does not.',
      ru: 'Проводится ли маневрирование, когда ЛК таранит ЛК? Таран заменяет атаку «каким-либо оружием», поэтому по умолчанию оружием не считается.',
    },
    ruleRef: RULES.manoeuvre,
    type: 'boolean',
    default: false,
  },
  {
    id: 'compulsoryAttack',
    title: { en: 'Which attacks are compulsory', ru: 'Какие атаки обязательны' },
    description: {
      en: 'A ship able to attack must attack. The phase list says a side acts while it has ships able to attack “and to deal damage”. Damaging: only attacks that can deal damage are compulsory. Any: any legal attack is compulsory, even one that deals 0.',
      ru: 'Корабль, способный атаковать, обязан атаковать. В перечне подфаз — корабли, «способные атаковать ... и наносить повреждения». Наносящие повреждения: обязательны только атаки, способные нанести повреждения. Любые: обязательна любая допустимая атака, даже с 0 повреждений.',
    },
    ruleRef: RULES.compulsory,
    type: 'enum',
    choices: [
      { value: 'damaging', title: { en: 'Damaging attacks only', ru: 'Только с повреждениями' } },
      { value: 'any', title: { en: 'Any legal attack', ru: 'Любая атака' } },
    ],
    default: 'damaging',
  },
  {
    id: 'evasiveWhenTapped',
    title: { en: 'Evasive manoeuvre by a tapped ship', ru: 'Маневр уклонения повернутым кораблем' },
    description: {
      en: 'Evasion taps the ship, and a card cannot be tapped twice: by default a ship that already attacked this round cannot evade. Allowed: it may evade anyway.',
      ru: 'Уклонение поворачивает корабль, а карта не может быть повернута дважды: по умолчанию уже атаковавший корабль уклониться не может. Разрешено: может.',
    },
    ruleRef: RULES.evasive,
    type: 'boolean',
    default: false,
  },
  {
    id: 'counterFire',
    title: { en: 'Manoeuvre counter-fire', ru: 'Ответный огонь при маневрировании' },
    description: {
      en: 'When the attacked light ship beats the attacker by 4, it may fire back with a Short-range weapon. Untapped: only if it is untapped, and it taps (using a weapon taps). Free: it fires back whatever its state and stays as it was.',
      ru: 'Если атакованный ЛК превзошел атакующего на 4, он может ответить оружием малой дистанции. Неповернутый: только неповернутый корабль, и он поворачивается. Свободно: отвечает в любом состоянии и не поворачивается.',
    },
    ruleRef: RULES.manoeuvreCounter,
    type: 'enum',
    choices: [
      {
        value: 'untapped',
        title: { en: 'Untapped, and taps', ru: 'Неповернутый, поворачивается' },
      },
      { value: 'free', title: { en: 'Free', ru: 'Свободно' } },
    ],
    default: 'untapped',
  },
  {
    id: 'commanderLossTiming',
    title: { en: 'When a lost Commander counts', ru: 'Когда засчитывается потеря Командора' },
    description: {
      en: 'End of round: checked at the end of every battle round and of every battle phase (the victory text), so a ship boarded mid-round or lost to critical damage after the battle counts at the next check. Immediate: the moment the host is destroyed or held by the enemy (the Commander card text).',
      ru: 'Конец раунда: проверяется в конце каждого раунда боя и фазы сражения (текст условий победы). Сразу: в момент уничтожения или захвата носителя (текст карты Командора).',
    },
    ruleRef: RULES.commanderLost,
    type: 'enum',
    choices: [
      { value: 'end-of-round', title: { en: 'End of round or phase', ru: 'В конце раунда/фазы' } },
      { value: 'immediate', title: { en: 'Immediately', ru: 'Сразу' } },
    ],
    default: 'end-of-round',
  },
  {
    id: 'mutualCommanderLoss',
    title: { en: 'Both Commanders lost at once', ru: 'Оба Командора потеряны одновременно' },
    description: {
      en: 'Not covered. Priority: as with simultaneous extra wins and deck-outs, the Priority holder wins. Draw: nobody wins.',
      ru: 'Не описано. Приоритет: как при одновременных дополнительных условиях, побеждает обладатель Приоритета. Ничья: победителя нет.',
    },
    ruleRef: RULES.simultaneous,
    type: 'enum',
    choices: [
      { value: 'priority', title: { en: 'Priority holder wins', ru: 'Побеждает Приоритет' } },
      { value: 'draw', title: { en: 'Draw', ru: 'Ничья' } },
    ],
    default: 'priority',
  },
  {
    id: 'objectCapCounts',
    title: { en: 'What the 7-object cap counts', ru: 'Что считается в лимите 7 объектов' },
    description: {
      en: 'Introduced: the objects the player brought into play, including those the enemy captured or blockades (literal). Introduced and held: objects captured from the opponent count too.',
      ru: 'Введенные: объекты, введенные игроком, включая захваченные/заблокированные противником (буквально). Введенные и удерживаемые: считаются и объекты, захваченные у противника.',
    },
    ruleRef: RULES.objectCap,
    type: 'enum',
    choices: [
      { value: 'introduced', title: { en: 'Introduced', ru: 'Введенные' } },
      {
        value: 'introduced-and-held',
        title: { en: 'Introduced and held', ru: 'Введенные и удерживаемые' },
      },
    ],
    default: 'introduced',
  },
  {
    id: 'setupObjectCap',
    title: { en: 'Setup limit of 2 objects', ru: 'Лимит 2 объектов при расстановке' },
    description: {
      en: '“At most 2 object cards” stands beside building; starting production is the alternative. Built: only objects fully built at setup count. Built and started: objects put into production count too.',
      ru: '«Не более 2 карт объектов» относится к постройке; начало производства — альтернатива. Построенные: считаются только построенные объекты. Построенные и начатые: считаются и начатые.',
    },
    ruleRef: RULES.setupSpend,
    type: 'enum',
    choices: [
      { value: 'built', title: { en: 'Built objects', ru: 'Построенные' } },
      {
        value: 'built-and-started',
        title: { en: 'Built and started', ru: 'Построенные и начатые' },
      },
    ],
    default: 'built',
  },
  {
    id: 'installationsFight',
    title: { en: 'Battles against installations', ru: 'Сражение с постройками' },
    description: {
      en: 'Does a fleet on an orbit with no enemy ships but enemy military buildings, an armed station, or ground units it can bomb or land on, fight a battle? The trigger speaks of fleets; military buildings and armed objects take part in battles. Default yes.',
      ru: 'Вступает ли флот в сражение на орбите без кораблей противника, но с его военными постройками, вооруженной станцией или наземными отрядами, которые можно бомбить или атаковать десантом? По умолчанию да.',
    },
    ruleRef: RULES.battleTrigger,
    type: 'boolean',
    default: true,
  },
  {
    id: 'failedCardRoll',
    title: { en: 'A failed card roll', ru: 'Неудачный бросок за карту' },
    description: {
      en: 'A tactical or situation card whose D6 cost roll fails: it goes to Losses with no effect (tokens spent), or back to hand (tokens kept).',
      ru: 'Тактическая карта или карта обстановки с проваленным броском D6: уходит в потери без эффекта (фишки потрачены) или возвращается в руку (фишки сохраняются).',
    },
    ruleRef: RULES.tactical,
    type: 'enum',
    choices: [
      { value: 'lost', title: { en: 'To Losses', ru: 'В потери' } },
      { value: 'back-to-hand', title: { en: 'Back to hand', ru: 'В руку' } },
    ],
    default: 'lost',
  },
  {
    id: 'deadlock',
    title: { en: 'A battle nobody can fight', ru: 'Бой, в котором никто не может атаковать' },
    description: {
      en: 'Short rounds repeat “until a fleet retreats or is destroyed”. When a whole round passes with no attack possible for either side and nobody can deal damage at that distance, the stalemate rule is applied (both retreat to open space; on an orbit the attacker retreats). Off: the round repeats until someone withdraws.',
      ru: 'Раунды малой дистанции повторяются «пока один из флотов не отступит или не будет уничтожен». Если весь раунд ни одна сторона не могла атаковать и нанести повреждения, применяется правило тупика (оба отступают в открытый космос; на орбите отступает нападающий). Выкл.: раунд повторяется, пока кто-то не выйдет из боя.',
    },
    ruleRef: RULES.stalemate,
    type: 'boolean',
    default: true,
  },
  // The text assumes everyone sees the dice at the table: which roll it is about, not when it is trusted.
  { ...REPORTED_ROLL_CONFIRMATION_OPTION, ruleRef: RULES.d6 },
]);

export type CpOptions = OptionsOf<typeof CP_OPTIONS>;

/** The options of a match, typed (an option added later reads as its default). */
export function cpOptions(chosen: Readonly<Record<string, OptionValue>>): CpOptions {
  return readOptions(CP_OPTIONS, chosen);
}
