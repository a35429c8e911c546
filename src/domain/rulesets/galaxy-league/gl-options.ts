import { defineOptions, readOptions, type OptionsOf } from '../kit/options';
import type { OptionValue } from '../ruleset';
import { RULES } from './gl-rules-text';

const yesNo = (yes: string, no: string) =>
  [
    { value: 'yes', title: { en: 'Yes', ru: yes } },
    { value: 'no', title: { en: 'No', ru: no } },
  ] as const;

/**
 * Every gap and contradiction of the league's text (rules digest §9) is an option with its
 * default and the rule it interprets; the organizer chooses at creation, and a ruling cites it.
 */
export const GALAXY_LEAGUE_OPTIONS = defineOptions([
  {
    id: 'rounds',
    title: { en: 'Rounds', ru: 'Раунды' },
    description: {
      en: 'The text plays 12 rounds; a club may run a shorter league (a house rule).',
      ru: 'По тексту 12 раундов; клуб может провести более короткую лигу (домашнее правило).',
    },
    ruleRef: RULES.rounds,
    type: 'integer',
    min: 1,
    max: 52,
    default: 12,
  },
  {
    id: 'startingCredits',
    title: { en: 'Starting credits', ru: 'Стартовые ИК' },
    description: {
      en: 'The text gives the first players no credits to start with (only a new entrant gets «300 ИК»): they start with the first round’s income (45 IC on the illustrative map), less than the first dues of an alliance of 2 (100 IC, paid at once). A league may give each starting player these credits as well (a house rule).',
      ru: 'Текст не даёт первым игрокам стартовых ИК (только новый игрок получает «300 ИК»): они начинают с доходом первого раунда (45 ИК на примерной карте), а это меньше первого взноса Альянса из 2 игроков (100 ИК, платится сразу). Лига может дать каждому игроку на старте ещё столько ИК (домашнее правило).',
    },
    ruleRef: RULES.allianceFirstDues,
    type: 'integer',
    min: 0,
    max: 1000,
    default: 0,
  },
  {
    id: 'allianceDuesBasis',
    title: { en: 'Alliance dues', ru: 'Взнос Альянса' },
    description: {
      en: 'The dues (100/250/500 IC a round for 2/3/4 members) are split among the members «from available funds»: a total per alliance (the default), or each member pays the figure.',
      ru: 'Взнос (100/250/500 ИК в раунд для 2/3/4 игроков) делится между членами «из имеющихся средств»: это сумма на весь Альянс (по умолчанию) или каждый член платит эту сумму.',
    },
    ruleRef: RULES.duesSize,
    type: 'enum',
    choices: [
      { value: 'per-alliance', title: { en: 'A total per alliance', ru: 'На весь Альянс' } },
      { value: 'per-member', title: { en: 'Each member pays it', ru: 'С каждого члена' } },
    ],
    default: 'per-alliance',
  },
  {
    id: 'allianceDuesDefault',
    title: { en: 'Unpaid dues', ru: 'Неуплата взноса' },
    description: {
      en: 'Line 29 dissolves an alliance whose dues are not paid; line 114 keeps it and takes one planet of every member when the dues cannot be paid. By cause (default): line 114 whenever the dues cannot be paid. By term: line 114 within the 3-round minimum, line 29 after it.',
      ru: 'Строка 29: при неуплате Альянс распадается; строка 114: при невозможности оплатить каждый член теряет планету, Альянс сохраняется. По причине (по умолчанию): строка 114 всякий раз, когда оплатить нечем. По сроку: строка 114 в первые 3 раунда, строка 29 после них.',
    },
    ruleRef: RULES.duesDefault,
    type: 'enum',
    choices: [
      { value: 'by-cause', title: { en: 'By cause', ru: 'По причине' } },
      { value: 'by-term', title: { en: 'By term', ru: 'По сроку' } },
    ],
    default: 'by-cause',
  },
  {
    id: 'allianceMaxSize',
    title: { en: 'Largest alliance', ru: 'Наибольший Альянс' },
    description: {
      en: 'Dues are given for 2, 3 and 4 members only; whether 5 or more may ally is not said. Above 4, the dues of 4 apply.',
      ru: 'Взнос указан только для 2, 3 и 4 игроков; могут ли объединиться 5 и больше — не сказано. Свыше 4 действует взнос для 4.',
    },
    ruleRef: RULES.duesSize,
    type: 'integer',
    min: 2,
    max: 8,
    default: 4,
  },
  {
    id: 'pausedAttackable',
    title: { en: 'Attacks on a paused player', ru: 'Атаки на игрока в паузе' },
    description: {
      en: 'The text breaks off at «Игрок во время паузы:». Whether a paused player’s planets may be attacked: no by default (the player «условно выйти из игры»).',
      ru: 'Текст обрывается на «Игрок во время паузы:». Можно ли атаковать планеты игрока в паузе: по умолчанию нет (игрок «условно выйти из игры»).',
    },
    ruleRef: RULES.pauseTruncated,
    type: 'enum',
    choices: yesNo('Да', 'Нет'),
    default: 'no',
  },
  {
    id: 'pausedIncome',
    title: { en: 'Income and dues in a pause', ru: 'Доход и взнос в паузе' },
    description: {
      en: 'Whether a paused player receives income and pays alliance dues in the paused round: the text breaks off before saying. Default: neither.',
      ru: 'Получает ли игрок в паузе доход и платит ли взнос Альянса: текст обрывается раньше. По умолчанию — ни то, ни другое.',
    },
    ruleRef: RULES.pauseTruncated,
    type: 'enum',
    choices: yesNo('Да', 'Нет'),
    default: 'no',
  },
  {
    id: 'declarationConflicts',
    title: { en: 'Two declarations on one planet', ru: 'Две заявки на одну планету' },
    description: {
      en: '«Already declared» may mean first in time, or (default) the sealed declarations revealed together are settled in priority order: the first in priority declares, the others’ declarations on that planet lapse and may join at the Joining stage.',
      ru: '«Уже объявили» может значить «раньше по времени» или (по умолчанию) запечатанные заявки раскрываются вместе и решаются по очередности: заявляет первый по очередности, заявки остальных на эту планету отпадают, они могут присоединиться на этапе присоединения.',
    },
    ruleRef: RULES.conflicts,
    type: 'enum',
    choices: [
      { value: 'priority', title: { en: 'By priority', ru: 'По очередности' } },
      { value: 'first-declared', title: { en: 'First declared', ru: 'Кто раньше' } },
    ],
    default: 'priority',
  },
  {
    id: 'priorityPoints',
    title: { en: 'Points for priority', ru: 'Очки для очередности' },
    description: {
      en: 'Priority goes by «победных очков на момент начала раунда»: whether the territory points held then count (default) or only wins and technologies.',
      ru: 'Очередность по «победных очков на момент начала раунда»: считаются ли очки за планеты, которыми игрок владеет в этот момент (по умолчанию), или только победы и технологии.',
    },
    ruleRef: RULES.priorityPoints,
    type: 'enum',
    choices: [
      { value: 'with-territory', title: { en: 'With territory', ru: 'С территориями' } },
      { value: 'wins-and-other', title: { en: 'Wins and other', ru: 'Победы и другое' } },
    ],
    default: 'with-territory',
  },
  {
    id: 'defendersPerPlanet',
    title: { en: 'Defenders on a planet', ru: 'Защитники планеты' },
    description: {
      en: 'Line 52 allows 1 defender per planet; line 125 lets an ally defend «даже если союзник тоже выставил свой звездолёт». Default: one ship per player (the owner and each ally once).',
      ru: 'Строка 52: на защиту планеты 1 звездолёт; строка 125: союзник может защищать, «даже если союзник тоже выставил свой звездолёт». По умолчанию — по одному звездолёту от каждого игрока (владелец и каждый союзник).',
    },
    ruleRef: RULES.oneDefender,
    type: 'enum',
    choices: [
      { value: 'one-per-player', title: { en: 'One per player', ru: 'По одному от игрока' } },
      { value: 'one', title: { en: 'One in all', ru: 'Один на планету' } },
    ],
    default: 'one-per-player',
  },
  {
    id: 'mercenariesBesideDefender',
    title: { en: 'Mercenaries beside a defender', ru: 'Наёмники рядом с защитником' },
    description: {
      en: 'Whether mercenaries may stand on a planet that also has a player’s defender: the text does not say. Default: yes (they win the battle anyway).',
      ru: 'Могут ли наёмники защищать планету, на которой уже стоит защитник игрока: текст не говорит. По умолчанию — да (бой они всё равно выигрывают).',
    },
    ruleRef: RULES.mercenaries,
    type: 'enum',
    choices: yesNo('Да', 'Нет'),
    default: 'yes',
  },
  {
    id: 'mercenaryLoserPayout',
    title: { en: 'Payout against mercenaries', ru: 'Выплата против наёмников' },
    description: {
      en: 'Mercenaries «автоматически выигрывают бой»: whether the attackers still get the 25 IC loser’s minimum. Default: no (no battle is played).',
      ru: 'Наёмники «автоматически выигрывают бой»: получают ли атакующие 25 ИК проигравшего. По умолчанию — нет (боя не было).',
    },
    ruleRef: RULES.loserMinimum,
    type: 'enum',
    choices: yesNo('Да', 'Нет'),
    default: 'no',
  },
  {
    id: 'winnerPayout4to5',
    title: { en: 'Winner’s payout, 4–5 players', ru: 'Выплата победителю, 4–5 игроков' },
    description: {
      en: '«При участии 4-5 игроков победитель получает 75 ИК» names no points condition. Below 75 (default, like the other minimums), below 50 (the 2–3 condition carried over), or 75 whatever the points.',
      ru: '«При участии 4-5 игроков победитель получает 75 ИК» — без условия по очкам. Если меньше 75 (по умолчанию, как другие минимумы), если меньше 50 (условие для 2–3) или 75 при любых очках.',
    },
    ruleRef: RULES.winnerMinimum,
    type: 'enum',
    choices: [
      { value: 'below-75', title: { en: 'When below 75', ru: 'Если меньше 75' } },
      { value: 'below-50', title: { en: 'When below 50', ru: 'Если меньше 50' } },
      { value: 'always', title: { en: 'Always 75', ru: 'Всегда 75' } },
    ],
    default: 'below-75',
  },
  {
    id: 'battleWinnerBasis',
    title: { en: 'Most points: when', ru: 'Больше всего очков: как' },
    description: {
      en: 'The attacker «набрал в бою больше всего очков»: before or after the battle penalties. Default: after (money and minimums use points after penalties).',
      ru: 'Атакующий «набрал в бою больше всего очков»: до или после боевых штрафов. По умолчанию — после (деньги и минимумы считаются после штрафов).',
    },
    ruleRef: RULES.captureAttackerWins,
    type: 'enum',
    choices: [
      { value: 'after-penalties', title: { en: 'After penalties', ru: 'После штрафов' } },
      { value: 'before-penalties', title: { en: 'Before penalties', ru: 'До штрафов' } },
    ],
    default: 'after-penalties',
  },
  {
    id: 'recallFromPair',
    title: { en: 'Recalling one of two colonisers', ru: 'Отзыв одного из двух колонистов' },
    description: {
      en: 'A 3 LY colonisation needs 2 ships; the text does not cover recalling one of them. Default: refused (recall the colonisation’s ships only when it has one); else the colonisation lapses and both ships return.',
      ru: 'Колонизация на 3 СГ требует 2 звездолёта; отзыв одного из них текст не рассматривает. По умолчанию — нельзя; иначе колонизация отменяется и оба звездолёта возвращаются.',
    },
    ruleRef: RULES.recall,
    type: 'enum',
    choices: [
      { value: 'refused', title: { en: 'Refused', ru: 'Нельзя' } },
      { value: 'lapses', title: { en: 'The colonisation lapses', ru: 'Колонизация отменяется' } },
    ],
    default: 'refused',
  },
  {
    id: 'joinerColonisationShips',
    title: { en: 'A joiner’s colonisation at 3 LY', ru: 'Присоединение к колонизации на 3 СГ' },
    description: {
      en: 'A joiner commits one attacking ship, but a 3 LY colonisation costs 2 ships and 100 IC. Default: the joiner commits one ship and, if it wins, pays 100 IC.',
      ru: 'Присоединившийся выставляет один атакующий звездолёт, а колонизация на 3 СГ стоит 2 звездолёта и 100 ИК. По умолчанию — один звездолёт, а при победе платит 100 ИК.',
    },
    ruleRef: RULES.joinerDistance,
    type: 'enum',
    choices: [
      { value: 'one', title: { en: 'One ship', ru: 'Один звездолёт' } },
      { value: 'two', title: { en: 'Two ships', ru: 'Два звездолёта' } },
    ],
    default: 'one',
  },
  {
    id: 'attackersWithoutDefender',
    title: { en: 'Several attackers, no defender', ru: 'Несколько атакующих без защитника' },
    description: {
      en: 'The text gives the planet to the attacker when «атакует всего один другой игрок» and no defender stands. With several attackers and no defender: they fight each other (default), or the first in priority takes it.',
      ru: 'Текст отдаёт планету атакующему, когда «атакует всего один другой игрок» и защитника нет. Если атакующих несколько, а защитника нет: они сражаются между собой (по умолчанию) или планету берёт первый по очередности.',
    },
    ruleRef: RULES.noDefender,
    type: 'enum',
    choices: [
      { value: 'battle', title: { en: 'They fight', ru: 'Бой между ними' } },
      {
        value: 'first-in-priority',
        title: { en: 'First in priority', ru: 'Первый по очередности' },
      },
    ],
    default: 'battle',
  },
  {
    id: 'attackerNoShow',
    title: { en: 'An attacker does not show up', ru: 'Атакующий не явился' },
    description: {
      en: 'Only the defender’s no-show is ruled on («или не явился на бой до конца раунда»: the attacker takes the planet). An attacker who does not show up by the end of the round: a participant who came records it and the owner keeps the planet (default), or only a judge of the league records it (a seat’s claim is refused).',
      ru: 'Правило есть только для неявки защитника («или не явился на бой до конца раунда»: планета переходит к атакующему). Если до конца раунда не явился атакующий: неявку записывает явившийся участник, и планета остаётся у владельца (по умолчанию), или её записывает только судья Лиги (заявление игрока не принимается).',
    },
    ruleRef: RULES.noDefender,
    type: 'enum',
    choices: [
      { value: 'owner-keeps', title: { en: 'The owner keeps it', ru: 'Остаётся у владельца' } },
      { value: 'judge', title: { en: 'A judge decides', ru: 'Решает судья' } },
    ],
    default: 'owner-keeps',
  },
  {
    id: 'returnRounds',
    title: { en: 'When an eliminated player returns', ru: 'Когда выбывший возвращается' },
    description: {
      en: '«Через раунд, выбывший игрок может пытаться вернуться в игру»: from the round after the skipped one, in any round (default), or only at the start of rounds 4 and 8, when new players enter.',
      ru: '«Через раунд, выбывший игрок может пытаться вернуться в игру»: с раунда после пропущенного, в любом раунде (по умолчанию), или только в начале 4-го и 8-го раундов, когда входят новые игроки.',
    },
    ruleRef: RULES.returnAfterRound,
    type: 'enum',
    choices: [
      { value: 'any-round', title: { en: 'Any round after', ru: 'В любом раунде после' } },
      { value: 'entry-rounds', title: { en: 'Rounds 4 and 8', ru: 'В 4-м и 8-м раундах' } },
    ],
    default: 'any-round',
  },
  {
    id: 'returnAttackPenalty',
    title: { en: 'A returning player’s penalty', ru: 'Штраф возвращающегося' },
    description: {
      en: 'The attack penalty goes by the light years from the player’s own territories, and a returning player has none. As a neighbour’s attack, 1 LY: -10 (default), or no penalty.',
      ru: 'Штраф атаки зависит от расстояния от своих территорий, а у возвращающегося их нет. Как атака на соседа, 1 СГ: -10 (по умолчанию), или без штрафа.',
    },
    ruleRef: RULES.returning,
    type: 'enum',
    choices: [
      { value: 'one-ly', title: { en: 'As 1 LY (-10)', ru: 'Как 1 СГ (-10)' } },
      { value: 'none', title: { en: 'No penalty', ru: 'Без штрафа' } },
    ],
    default: 'one-ly',
  },
  {
    id: 'returnCapital',
    title: { en: 'A returning player’s capital', ru: 'Столица вернувшегося' },
    description: {
      en: 'A captured territory «становится столицей игрока»; when both are captured the text does not say which. The first one captured (default), or the player names one of them.',
      ru: 'Захваченная территория «становится столицей игрока»; какая — если захвачены обе, не сказано. Первая захваченная (по умолчанию) или игрок сам назначает одну из них.',
    },
    ruleRef: RULES.returnCapital,
    type: 'enum',
    choices: [
      { value: 'first-captured', title: { en: 'The first captured', ru: 'Первая захваченная' } },
      { value: 'player-chooses', title: { en: 'The player chooses', ru: 'Выбирает игрок' } },
    ],
    default: 'first-captured',
  },
  {
    id: 'entryAttackShips',
    title: { en: 'An entrant’s 3 attacks', ru: '3 атаки новичка' },
    description: {
      en: 'A new entrant «может совершить 3 атаки» but has 2 attacking ships (the Devourers 3). Any of its ships may make them (default), or its attacking ships only.',
      ru: 'Новый игрок «может совершить 3 атаки», а атакующих звездолётов у него 2 (у Пожирателей 3). Их может совершить любой его звездолёт (по умолчанию) или только атакующие.',
    },
    ruleRef: RULES.entryAttacks,
    type: 'enum',
    choices: [
      { value: 'any-ship', title: { en: 'Any ship', ru: 'Любой звездолёт' } },
      { value: 'attacking-only', title: { en: 'Attacking ships', ru: 'Только атакующие' } },
    ],
    default: 'any-ship',
  },
  {
    id: 'moraleConflict',
    title: { en: 'Demoralised and inspired at once', ru: 'Деморализация и воодушевление сразу' },
    description: {
      en: 'A player may both lose its capital and capture another’s in one round; the text does not say which status wins. Default: they cancel out.',
      ru: 'Игрок может за раунд и потерять столицу, и захватить чужую; какой статус действует — не сказано. По умолчанию — они взаимно отменяются.',
    },
    ruleRef: RULES.inspired,
    type: 'enum',
    choices: [
      { value: 'cancel', title: { en: 'They cancel out', ru: 'Отменяют друг друга' } },
      { value: 'demoralised', title: { en: 'Demoralised', ru: 'Деморализация' } },
    ],
    default: 'cancel',
  },
  {
    id: 'entryPartialNeighbours',
    title: { en: 'An entrant with 1–2 free neighbours', ru: 'Новичок при 1–2 свободных соседях' },
    description: {
      en: 'A new entrant takes «еще 3» planets next to its capital «Если есть доступные»; with only 1 or 2 free: it takes those (default), or attacks instead as «Если таких нет».',
      ru: 'Новый игрок занимает «еще 3» планеты рядом со столицей, «Если есть доступные»; если свободны только 1–2: занимает их (по умолчанию) или атакует, как «Если таких нет».',
    },
    ruleRef: RULES.entryNeighbours,
    type: 'enum',
    choices: [
      { value: 'take-available', title: { en: 'Take those', ru: 'Занять их' } },
      { value: 'attack-instead', title: { en: 'Attack instead', ru: 'Атаковать' } },
    ],
    default: 'take-available',
  },
  {
    id: 'standingsTie',
    title: { en: 'Equal final totals', ru: 'Равные итоговые очки' },
    description: {
      en: 'The text gives no tie-break for the final standings (its order by points, faction and lot is for priority). Players on equal totals share the place (default), or the priority order breaks the tie, or more battle wins («Очки за победы в сражениях») do, and players equal in those too share the place.',
      ru: 'Для итогового зачёта текст не даёт правила при равенстве (очки, фракция и жребий — для очередности). Игроки с равным счётом делят место (по умолчанию), или решает очередность, или больше побед в сражениях («Очки за победы в сражениях»), а равные и по ним делят место.',
    },
    ruleRef: RULES.score,
    type: 'enum',
    choices: [
      { value: 'shared', title: { en: 'Shared place', ru: 'Делят место' } },
      { value: 'priority', title: { en: 'By priority', ru: 'По очередности' } },
      { value: 'more-wins', title: { en: 'More battle wins', ru: 'Больше побед в боях' } },
    ],
    default: 'shared',
  },
  {
    id: 'entryFreeTechnologies',
    title: { en: 'An entrant’s free technologies', ru: 'Бесплатные технологии новичка' },
    description: {
      en: '«2/4 бесплатные технологии»: 2 when entering in round 4 and 4 in round 8 (default), or always 2, or always 4.',
      ru: '«2/4 бесплатные технологии»: 2 при входе в 4-м раунде и 4 — в 8-м (по умолчанию), или всегда 2, или всегда 4.',
    },
    ruleRef: RULES.entryGifts,
    type: 'enum',
    choices: [
      { value: 'by-round', title: { en: '2 in round 4, 4 in round 8', ru: '2 в 4-м, 4 в 8-м' } },
      { value: 'two', title: { en: 'Always 2', ru: 'Всегда 2' } },
      { value: 'four', title: { en: 'Always 4', ru: 'Всегда 4' } },
    ],
    default: 'by-round',
  },
  {
    id: 'mercenaryPrices',
    title: { en: 'Mercenary prices', ru: 'Цены наёмников' },
    description: {
      en: '«100 … за первый звездолет, 150 за второй и по 200 за каждый последующий» does not say when the count starts again. Each round (default): a player’s first mercenary of a round costs 100. The whole league: the count never starts again.',
      ru: '«100 … за первый звездолет, 150 за второй и по 200 за каждый последующий» — не сказано, когда счёт начинается заново. Каждый раунд (по умолчанию): первый наёмник игрока в раунде стоит 100. На всю лигу: счёт не начинается заново.',
    },
    ruleRef: RULES.mercenaryCost,
    type: 'enum',
    choices: [
      { value: 'each-round', title: { en: 'Counted each round', ru: 'Счёт за раунд' } },
      { value: 'whole-league', title: { en: 'Counted for the league', ru: 'Счёт на всю лигу' } },
    ],
    default: 'each-round',
  },
  {
    id: 'beyondThreeLy',
    title: { en: 'Beyond 3 LY', ru: 'Дальше 3 СГ' },
    description: {
      en: 'The Eternals and the Wormholes technology reach past 3 LY, but the penalties and colonisation costs stop at 3 LY. As 3 LY (default, like a joiner’s «считается … ровно в 3 СГ»): -40, 2 ships and 100 IC. Extended: each LY past 3 adds the table’s last step (-15 points, 25 IC).',
      ru: 'Вечные и технология Червоточин достают дальше 3 СГ, а штрафы и цены колонизации даны только до 3 СГ. Как 3 СГ (по умолчанию, как у присоединившегося: «считается … ровно в 3 СГ»): -40, 2 звездолёта и 100 ИК. С продолжением: каждый СГ сверх 3 добавляет последний шаг таблицы (-15 очков, 25 ИК).',
    },
    ruleRef: RULES.joinerDistance,
    type: 'enum',
    choices: [
      { value: 'as-3-ly', title: { en: 'As 3 LY', ru: 'Как 3 СГ' } },
      { value: 'extended', title: { en: 'Extended', ru: 'С продолжением' } },
    ],
    default: 'as-3-ly',
  },
  {
    id: 'colonisationFunds',
    title: { en: 'Paying for a colonisation', ru: 'Оплата колонизации' },
    description: {
      en: 'The winner «платит цену колонизации»; the text does not say when a player must have the credits. At declaration (default): a colonisation the player cannot pay is refused. When won: checked only then, and a winner who cannot pay leaves the planet neutral.',
      ru: 'Победитель «платит цену колонизации»; когда у игрока должны быть кредиты — не сказано. При заявке (по умолчанию): колонизация, которую нечем оплатить, не принимается. При победе: проверяется только тогда, и если победителю нечем заплатить, планета остаётся нейтральной.',
    },
    ruleRef: RULES.colonisationWinner,
    type: 'enum',
    choices: [
      { value: 'at-declaration', title: { en: 'At declaration', ru: 'При заявке' } },
      { value: 'when-won', title: { en: 'When won', ru: 'При победе' } },
    ],
    default: 'at-declaration',
  },
  {
    id: 'duesUnpayable',
    title: { en: 'Dues that cannot be paid', ru: 'Взнос, который нечем оплатить' },
    description: {
      en: 'Who counts as unable to pay is not said. A member short (default): the alliance cannot pay when a member cannot pay its part. The members together: parts are taken «из имеющихся средств», others covering a short member, and the alliance cannot pay only when all together cannot.',
      ru: 'Кто считается неспособным заплатить — не сказано. Если не хватает у члена (по умолчанию): Альянс не может заплатить, когда кто-то из членов не может внести свою долю. Все вместе: доли берутся «из имеющихся средств», недостачу одного покрывают другие, и Альянс не может заплатить, только когда не хватает у всех вместе.',
    },
    ruleRef: RULES.duesSplit,
    type: 'enum',
    choices: [
      { value: 'member-short', title: { en: 'A member short', ru: 'Не хватает у члена' } },
      { value: 'all-short', title: { en: 'The members together', ru: 'Все вместе' } },
    ],
    default: 'member-short',
  },
  {
    id: 'wormholeAccess',
    title: { en: 'Crossing wormholes', ru: 'Проход через Червоточины' },
    description: {
      en: 'The map’s wormholes are named with «технология Червоточин» and as no direct path to the capital; who may cross them is not said. With the technology (default), or every player (reaching past 3 LY stays the technology’s).',
      ru: 'Червоточины карты упомянуты вместе с «технология Червоточин» и как не прямой путь к столице; кто может через них пролетать — не сказано. С технологией (по умолчанию) или все игроки (дальше 3 СГ — по-прежнему только с технологией).',
    },
    ruleRef: RULES.wormholes,
    type: 'enum',
    choices: [
      { value: 'technology', title: { en: 'With the technology', ru: 'С технологией' } },
      { value: 'everyone', title: { en: 'Every player', ru: 'Все игроки' } },
    ],
    default: 'technology',
  },
  {
    id: 'hostility',
    title: { en: 'Hostile factions', ru: 'Враждебные фракции' },
    description: {
      en: 'Alliances need factions «не являющиеся враждебными», and the text gives no hostility table. Listed or none (default): only the pairs the organizer lists at creation are hostile. Required: the league is not created without the organizer’s list.',
      ru: 'В Альянс входят фракции, «не являющиеся враждебными», а таблицы враждебности в тексте нет. По списку или никто (по умолчанию): враждебны только пары, которые организатор перечислил при создании. Обязательный список: без списка организатора лига не создаётся.',
    },
    ruleRef: RULES.allianceHostility,
    type: 'enum',
    choices: [
      { value: 'listed-or-none', title: { en: 'Listed or none', ru: 'По списку или никто' } },
      { value: 'list-required', title: { en: 'List required', ru: 'Список обязателен' } },
    ],
    default: 'listed-or-none',
  },
  {
    id: 'emptyDeclaration',
    title: { en: 'Declaring nothing', ru: 'Без заявок' },
    description: {
      en: '«все игроки заявляют свои атаки»: a player with nothing to declare seals an empty declaration (default; nobody can tell it from a real one), or simply ends the stage.',
      ru: '«все игроки заявляют свои атаки»: игрок, которому нечего заявить, запечатывает пустую заявку (по умолчанию; её не отличить от настоящей) или просто завершает этап.',
    },
    ruleRef: RULES.attackPhase,
    type: 'enum',
    choices: [
      { value: 'sealed', title: { en: 'Sealed, empty', ru: 'Пустая запечатанная' } },
      { value: 'end-stage', title: { en: 'End the stage', ru: 'Завершить этап' } },
    ],
    default: 'sealed',
  },
  {
    id: 'voidedDeclaration',
    title: { en: 'A declaration the rules refuse', ru: 'Недопустимая заявка' },
    description: {
      en: '«все игроки заявляют свои атаки»: the text does not say what becomes of a sealed declaration that breaks a rule once it is revealed. It cannot be changed (the others’ are public by then). When its player records it void, that player declared nothing this stage (default), or it stays sealed and a judge rules on it.',
      ru: '«все игроки заявляют свои атаки»: текст не говорит, что становится с запечатанной заявкой, которая после раскрытия нарушает правила. Изменить её нельзя (заявки остальных уже открыты). Если игрок признаёт её недействительной, он ничего не заявил на этом этапе (по умолчанию), или заявка остаётся запечатанной и решает судья.',
    },
    ruleRef: RULES.attackPhase,
    type: 'enum',
    choices: [
      { value: 'nothing', title: { en: 'Nothing declared', ru: 'Ничего не заявлено' } },
      { value: 'judge', title: { en: 'A judge rules', ru: 'Решает судья' } },
    ],
    default: 'nothing',
  },
  {
    id: 'eliminatedCredits',
    title: { en: 'An eliminated player’s credits', ru: 'ИК выбывшего игрока' },
    description: {
      en: '«Игроки, выбывшие из игры не получают дохода пока у них нет территорий»: the text stops an eliminated player’s income but does not say what becomes of the credits it holds. It keeps them for its return (default), or loses them when it is eliminated.',
      ru: '«Игроки, выбывшие из игры не получают дохода пока у них нет территорий»: текст лишает выбывшего игрока дохода, но не говорит, что становится с его ИК. Он сохраняет их до возвращения (по умолчанию) или теряет их при выбывании.',
    },
    ruleRef: RULES.eliminatedNoIncome,
    type: 'enum',
    choices: [
      { value: 'kept', title: { en: 'Kept for the return', ru: 'Сохраняются' } },
      { value: 'lost', title: { en: 'Lost', ru: 'Теряются' } },
    ],
    default: 'kept',
  },
  {
    id: 'allyCrossing',
    title: { en: 'Crossing an ally’s territories', ru: 'Перелёт через территории союзника' },
    description: {
      en: '«перелёт через все территории союзника всегда занимает равно 1 СГ» can be read two ways. A run of an ally’s territories crossed one after another is 1 LY in all (default), or each of its territories is 1 LY, however long the lane into it.',
      ru: '«перелёт через все территории союзника всегда занимает равно 1 СГ» можно понять двояко. Подряд идущие территории союзника вместе занимают 1 СГ (по умолчанию), или каждая его территория — 1 СГ, какой бы длины ни был путь в неё.',
    },
    ruleRef: RULES.allyCrossing,
    type: 'enum',
    choices: [
      { value: 'whole-run', title: { en: 'A run is 1 LY', ru: 'Все подряд — 1 СГ' } },
      { value: 'each-territory', title: { en: 'Each is 1 LY', ru: 'Каждая — 1 СГ' } },
    ],
    default: 'whole-run',
  },
  {
    id: 'entrantIncome',
    title: { en: 'An entrant’s income in its first round', ru: 'Доход новичка в первом раунде' },
    description: {
      en: 'A new player enters «В начале 4го и 8го раундов», and income comes «В начале каждого раунда» to every player holding a planet; the text does not say whether one entering gets that round’s. Not until the next round (default: the round’s income was handed out before it entered), or on entering, from the planets it takes.',
      ru: 'Новый игрок входит «В начале 4го и 8го раундов», а доход приходит «В начале каждого раунда» всем, у кого есть планета; получает ли вошедший доход этого раунда — не сказано. Только со следующего раунда (по умолчанию: доход раунда выдан до его входа) или сразу при входе, с занятых планет.',
    },
    ruleRef: RULES.newEntrant,
    type: 'enum',
    choices: [
      { value: 'next-round', title: { en: 'From the next round', ru: 'Со следующего раунда' } },
      { value: 'on-entry', title: { en: 'On entering', ru: 'Сразу при входе' } },
    ],
    default: 'next-round',
  },
  {
    id: 'mercenaryPriceCount',
    title: { en: 'Mercenary prices: counted where', ru: 'Цены наёмников: где счёт' },
    description: {
      en: '«100 … за первый звездолет, 150 за второй и по 200 за каждый последующий» does not say what the first, second and later are counted over. A player’s mercenaries on all its planets (default: a player’s second mercenary costs 150 wherever it stands; option mercenaryPrices says when the count starts again), or those on one planet (each planet’s first mercenary of the round costs 100).',
      ru: '«100 … за первый звездолет, 150 за второй и по 200 за каждый последующий» — не сказано, в чём считаются первый, второй и последующие. Все наёмники игрока на всех его планетах (по умолчанию: второй наёмник игрока стоит 150, где бы он ни стоял; когда счёт начинается заново, задаёт вариант «Цены наёмников»), или наёмники на одной планете (первый наёмник каждой планеты в раунде стоит 100).',
    },
    ruleRef: RULES.mercenaryCost,
    type: 'enum',
    choices: [
      { value: 'per-player', title: { en: 'Per player', ru: 'На игрока' } },
      { value: 'per-planet', title: { en: 'Per planet', ru: 'На планету' } },
    ],
    default: 'per-player',
  },
  {
    id: 'colonisationBattlePenalty',
    title: { en: 'A colonisation that meets a battle', ru: 'Колонизация, дошедшая до боя' },
    description: {
      en: 'Penalties by distance come «При объявлении атаки» (-10/-25/-40), and a colonisation costs ships and credits by distance; when several players colonise one planet «между ними проводится бой», and the text gives the colonisers no penalty for it. None (default: the colonisers fight without penalty), or by distance: each coloniser takes the attack’s penalty for its colonisation’s distance (a joiner’s counted as at most 3 LY).',
      ru: 'Штраф по расстоянию дан «При объявлении атаки» (-10/-25/-40), а колонизация стоит звездолёты и ИК по расстоянию; когда одну планету колонизируют несколько игроков, «между ними проводится бой», и штрафа колонистам в нём текст не даёт. Без штрафа (по умолчанию: колонисты сражаются без штрафа) или по расстоянию: каждый колонист получает штраф атаки на расстояние своей колонизации (у присоединившегося — не дальше 3 СГ).',
    },
    ruleRef: RULES.colonisationBattle,
    type: 'enum',
    choices: [
      { value: 'none', title: { en: 'No penalty', ru: 'Без штрафа' } },
      { value: 'by-distance', title: { en: 'By distance', ru: 'По расстоянию' } },
    ],
    default: 'none',
  },
  {
    id: 'payoutMinimum',
    title: { en: 'A battle payout’s minimum', ru: 'Минимальная выплата за бой' },
    description: {
      en: '«все игроки получают по итогам боя количество ИК равное количеству набранных в бою очков, за вычетом боевых штрафов», then a winner with «меньше 50 итоговых очков – он получает 50 ИК» (75 with 4-5 players) and a loser with fewer than 25 «получает 25 ИК». The text does not say whether these replace the points’ payout or come besides it. A floor (default): the payout is raised to 50, 75 or 25. On top: the minimum is paid besides the points (a winner of 40 points after penalties gets 90; the text then pays a winner of 49 more than one of 50).',
      ru: '«все игроки получают по итогам боя количество ИК равное количеству набранных в бою очков, за вычетом боевых штрафов», а победитель, набравший «меньше 50 итоговых очков – он получает 50 ИК» (75 при 4-5 игроках), и проигравший, набравший меньше 25, «получает 25 ИК». Заменяют ли эти суммы выплату за очки или добавляются к ней — не сказано. Нижняя граница (по умолчанию): выплата поднимается до 50, 75 или 25. Сверх очков: минимум выплачивается вдобавок к очкам (победитель с 40 очками после штрафов получает 90; тогда победитель с 49 очками получает больше, чем с 50).',
    },
    ruleRef: RULES.winnerMinimum,
    type: 'enum',
    choices: [
      { value: 'floor', title: { en: 'A floor', ru: 'Нижняя граница' } },
      { value: 'on-top', title: { en: 'On top of the points', ru: 'Сверх очков' } },
    ],
    default: 'floor',
  },
  {
    id: 'moraleThreshold',
    title: { en: 'Four battles for morale', ru: 'Четыре боя для морального духа' },
    description: {
      en: 'A player who «проиграл 4 боя» in a round is demoralised, one who «выиграл 4 боя» inspired; the text does not say «at least». Four or more (default: a fifth loss demoralises as well), or exactly four.',
      ru: 'Игрок, который за раунд «проиграл 4 боя», деморализован, «выиграл 4 боя» — воодушевлён; слов «не менее» в тексте нет. Четыре и больше (по умолчанию: пять поражений тоже деморализуют) или ровно четыре.',
    },
    ruleRef: RULES.demoralised,
    type: 'enum',
    choices: [
      { value: 'at-least-4', title: { en: 'Four or more', ru: 'Четыре и больше' } },
      { value: 'exactly-4', title: { en: 'Exactly four', ru: 'Ровно четыре' } },
    ],
    default: 'at-least-4',
  },
  {
    id: 'factionBonuses',
    title: { en: 'Faction bonuses', ru: 'Бонусы фракций' },
    description: {
      en: 'The text names faction bonuses without stating them: «бонус фракции Вечные» among the ways past 3 LY, «исключение – бонус фракции Амёбы» to moving the capital only in rounds 4 and 8, «бонус фракции Психокинетики» to building unseen, and «Бонусы некоторых фракций … могут приносить дополнительный доход» and «боевые эффекты фракций» with no figures. As named (default): the Eternals reach past 3 LY and the Amoebas move their capital in any round (50 IC); the other bonuses belong to the battles’ own matches or are not given. None: the league applies no faction bonus until the organizer’s catalogue says what they are (the Devourers’ 5 ships, a plain rule, stay).',
      ru: 'Текст называет бонусы фракций, но не раскрывает их: «бонус фракции Вечные» среди способов лететь дальше 3 СГ, «исключение – бонус фракции Амёбы» к смене столицы только в 4-м и 8-м раундах, «бонус фракции Психокинетики» при строительстве, а «Бонусы некоторых фракций … могут приносить дополнительный доход» и «боевые эффекты фракций» — без чисел. Как названы (по умолчанию): Вечные летают дальше 3 СГ, Амёбы меняют столицу в любом раунде (50 ИК); остальные бонусы разыгрываются в самих боях или не даны. Без бонусов: Лига не применяет бонусов фракций, пока их не опишет каталог организатора (5 звездолётов Пожирателей — прямое правило — остаются).',
    },
    ruleRef: RULES.eternals,
    type: 'enum',
    choices: [
      { value: 'as-named', title: { en: 'As named', ru: 'Как названы' } },
      { value: 'none', title: { en: 'None', ru: 'Без бонусов' } },
    ],
    default: 'as-named',
  },
  {
    id: 'shipLosses',
    title: { en: 'Ship losses', ru: 'Потеря звездолётов' },
    description: {
      en: '«Каждый игрок имеет 4 звездолёта (5 у Пожирателей)», and a ship destroyed in a flight puts its player out of the battle («такой игрок выбывает из боя»); the text does not say whether the player keeps that ship afterwards, and gives no way to build or buy one. Battle only (default): the fleet is whole again after the battle. Lost: a ship reported destroyed leaves its player’s fleet for the rest of the league (a battle linked from a finished match names no destroyed ships, so it costs none).',
      ru: '«Каждый игрок имеет 4 звездолёта (5 у Пожирателей)», а звездолёт, уничтоженный в полёте, выводит игрока из боя («такой игрок выбывает из боя»); сохраняется ли у игрока этот звездолёт после боя, текст не говорит, а построить или купить новый нельзя. Только в бою (по умолчанию): после боя флот снова полный. Потерян: звездолёт, о гибели которого сообщено в итоге боя, выбывает из флота до конца Лиги (бой, связанный с завершённой партией, уничтоженных не называет и звездолётов не отнимает).',
    },
    ruleRef: RULES.shipDestroyed,
    type: 'enum',
    choices: [
      { value: 'battle-only', title: { en: 'In the battle only', ru: 'Только в бою' } },
      { value: 'lost', title: { en: 'Lost for good', ru: 'Потерян навсегда' } },
    ],
    default: 'battle-only',
  },
]);

export type GalaxyLeagueOptions = OptionsOf<typeof GALAXY_LEAGUE_OPTIONS>;

export function galaxyLeagueOptions(
  chosen: Readonly<Record<string, OptionValue>>,
): GalaxyLeagueOptions {
  return readOptions(GALAXY_LEAGUE_OPTIONS, chosen);
}
