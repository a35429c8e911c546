import { own } from '../../shared/id-record';
import type { RecordedEvent } from '../../events/recorded-event';
import type { PhraseNames } from '../kit';
import { enCount, ruCount, type LocalizedText } from '../../shared/localized-text';
import type { Lang } from '../ruleset';
import type { CancellableAbility, RexEventMap } from './rex-events';
import { FACTIONS, isFaction } from './rex-factions';
import { DEFAULT_MAP } from './rex-map';

/**
 * Influence is counted in points, its name after the number: «1 Влияние», «2 Влияния»,
 * «5 Влияния»: the Russian forms for one, few and many, as `ruCount` takes them, one source for
 * the event sentences here and the decision sentences (decisions/<phase>.sentences.ts).
 */
export const INFLUENCE_RU = ['Влияние', 'Влияния', 'Влияния'] as const;

/** The counts of the decision sentences (ICU plural), in the same forms. */
export const TROOPS_RU =
  '{troops, plural, one {# войско} few {# войска} many {# войск} other {# войска}}';
export const TROOPS_EN = '{troops, plural, one {# troop} other {# troops}}';
// «ставит 1 Влияние», «2 Влияния»: the forms the event sentences count Influence with.
export const INFLUENCE_RU_ICU = `{amount, plural, one {# ${INFLUENCE_RU[0]}} few {# ${INFLUENCE_RU[1]}} many {# ${INFLUENCE_RU[2]}} other {# ${INFLUENCE_RU[1]}}}`;

/**
 * Sentences for Rex's own events, in English and Russian, for the replay log. The Russian
 * names the result rather than the actor (the actor is shown beside the sentence).
 */

/** Names of the match's seats, leaders and places, from the caller (ids when none is given). */
interface Words {
  who(seat: string): string;
  whos(seats: readonly string[], separator?: string): string;
  /** «Аня (Сол)»: the seat's player with the faction, or the faction alone. */
  withFaction(seat: string, faction: string): string;
  /** «Аня против Бориса и Егора»: the first side, then the others in the genitive. */
  versus(seats: readonly string[]): string;
  place(id: string): string;
  /** Where something happens, for a Russian sentence: «в Императорском Дворце». */
  placeIn(id: string): string;
  piece(id: string): string;
  term(id: string): string;
}

function wordsOf(lang: Lang, names: PhraseNames = {}): Words {
  const who = (seat: string): string => names.seat?.(seat, lang) ?? seat;
  const place = (id: string): string =>
    names.zone?.(id, lang) ?? DEFAULT_MAP.locations.find((l) => l.id === id)?.name[lang] ?? id;
  return {
    who,
    whos: (seats, separator = ', ') => seats.map(who).join(separator),
    withFaction: (seat, faction) => {
      const named = isFaction(faction) ? FACTIONS[faction].name[lang] : faction;
      const player = who(seat);
      return player === named || player === seat ? named : `${player} (${named})`;
    },
    versus: ([first = '', ...others]) => {
      if (lang === 'en') return [first, ...others].map(who).join(' vs ');
      const genitive = others.map((seat) => names.seatIn?.(seat, lang, 'gen') ?? who(seat));
      return `${who(first)} против ${genitive.join(' и ')}`;
    },
    place,
    placeIn: (id) => {
      const name = place(id);
      if (lang === 'en') return `in ${name}`;
      // The default board's places in the prepositional; another board's are not known.
      const onDefaultBoard = DEFAULT_MAP.locations.some((l) => l.id === id && l.name.ru === name);
      return (onDefaultBoard ? own(WHERE_ON_DEFAULT_BOARD, id) : undefined) ?? `(${name})`;
    },
    piece: (id) => names.piece?.(id, lang) ?? id,
    term: (id) => own(REX_TERMS, id)?.[lang] ?? id,
  };
}
/** The default board's locations as a Russian sentence places something in them. */
const WHERE_ON_DEFAULT_BOARD: Readonly<Record<string, string>> = {
  'north-power-station': 'на Северной Энергостанции Mecatol',
  'tarragus-slums': 'в Трущобах Таррагуса',
  'civilian-spaceport': 'в Гражданском Космопорте',
  'sallab-slums': 'в Трущобах Саллаб',
  'archive-hall': 'в Зале Архива',
  'cartography-hall': 'в Зале Картографии',
  'imperial-intelligence-hq': 'в Штабе Имперской Разведки',
  'south-power-station': 'на Южной Энергостанции Mecatol',
  'vel-terro': 'в Жилом Районе Вел Терро',
  'imperial-palace': 'в Императорском Дворце',
  'embassy-quarters': 'в Посольских Кварталах',
  'holonet-central-square': 'на Центральной Площади Голосети',
  'imperial-fleet-base': 'на Базе Императорского Флота',
  'sai-sallai': 'в Жилом Районе Сай Саллай',
  'icarcetorum-sector': 'в Секторе Икарцеторум',
  'adminus-imperialis': 'в Админус Империалис',
  'galactic-council': 'в Галактическом Совете',
};
const list = (items: readonly string[]) => items.join(', ');
const troops = (count: number, lang: Lang) =>
  lang === 'en' ? enCount(count, 'troop', 'troops') : ruCount(count, 'Войско', 'Войска', 'Войск');
/** Cards as an object of a sentence: «1 карту», «3 карты», «5 карт Стратегии». */
const cards = (count: number, lang: Lang, of = '') =>
  lang === 'en'
    ? enCount(count, 'card', 'cards')
    : of
      ? `${ruCount(count, 'Карту', 'Карты', 'Карт')} ${of}`
      : ruCount(count, 'карту', 'карты', 'карт');
const influence = (amount: number): string => ruCount(amount, ...INFLUENCE_RU);

export const ABILITY_NAMES: Record<CancellableAbility, LocalizedText> = {
  'sol-look': {
    en: 'the look at the top Bombardment card',
    ru: 'взгляд на верхнюю Карту Бомбардировки',
  },
  'lazax-payment': { en: 'the payment for one Strategy card', ru: 'плата за одну Карту Стратегии' },
  'hacan-payment': { en: 'the payment for one deployment', ru: 'плата за одно Развертывание' },
  'hacan-discount': { en: 'the deployment discount', ru: 'скидка на Развертывание' },
  'xxcha-flip': {
    en: 'turning troops face down this round',
    ru: 'переворот Войск лицом вниз в этом раунде',
  },
};

const STEP_NAMES: Record<string, LocalizedText> = {
  plans: { en: 'battle wheels', ru: 'Колёса Битвы' },
  cards: { en: 'battle cards', ru: 'карты боя' },
  traitor: { en: 'Traitor call', ru: 'вызов Предателя' },
  losses: { en: 'losses', ru: 'потери' },
  keep: { en: 'cards kept', ru: 'сохранение карт' },
};

/** Why a card went to the box (CardBoxed.reason, recorded in English), as the Russian log says it. */
const BOXED_RU: Record<string, string> = {
  'Radar Tracking': 'Отслеживание Радаром',
  'repeated Sol Offensive': 'повторное «Наступление Сол»',
  'Sol Offensive resolved': '«Наступление Сол» разыграно',
  'Ceasefire closed': '«Прекращение огня» окончено',
};

const SLOT_RU: Record<string, string> = {
  none: '«–»',
  attack: 'атака',
  defense: 'защита',
  'attack-defense': 'атака и защита',
};

type Phrases = { [K in keyof RexEventMap]: (d: RexEventMap[K], l: Lang, w: Words) => string };

const PHRASES: Phrases = {
  RexGameConfigured: (d, l, w) => {
    const seats = d.seats.map((s) => w.withFaction(s.seat, s.faction)).join(', ');
    const title = d.map.title[l];
    // The default board's title says already that it is a reconstruction.
    const marked = d.map.reconstruction && !/reconstruction|реконструкция/i.test(title);
    return l === 'en'
      ? `Rex set up: ${seats}; map ${title}${marked ? ' (a reconstruction)' : ''}; Fleet in sector ${d.fleetSector}`
      : `Rex подготовлен: ${seats}; поле ${title}${marked ? ' (реконструкция)' : ''}; Флот в секторе ${d.fleetSector}`;
  },
  GameBegan: (d, l) =>
    l === 'en' ? `The game begins in round ${d.round}` : `Игра начинается с раунда ${d.round}`,
  StartingCardsDealt: (d, l, w) =>
    l === 'en'
      ? `${w.who(d.seat)} is dealt ${d.traitors} Traitor and ${d.strategy} Strategy cards`
      : `${w.who(d.seat)} получает ${cards(d.traitors, l, 'Предателей')} и ${cards(d.strategy, l, 'Стратегий')}`,
  DeckShuffleDeferred: (d, l, w) =>
    l === 'en'
      ? `${w.place(d.deck)} will be shuffled at the next decision`
      : `Колода будет перемешана при следующем решении: ${w.place(d.deck)}`,
  FirstPlayerMarkerPassed: (d, l, w) =>
    l === 'en'
      ? `The First Player marker passes from ${w.who(d.from)} to ${w.who(d.to)}`
      : `Маркер Первого Игрока передан: ${w.who(d.from)} → ${w.who(d.to)}`,
  InfluenceCardRevealed: (d, l) =>
    l === 'en' ? `Influence card revealed: ${d.name.en}` : `Открыта Карта Влияния: ${d.name.ru}`,
  InfluencePlaced: (d, l, w) =>
    l === 'en'
      ? `${d.amount} Influence placed in ${w.place(d.location)}`
      : `Влияние ${d.amount} помещено: ${w.place(d.location)}`,
  InfluencePlacementBlocked: (d, l, w) =>
    l === 'en'
      ? `No Influence placed in ${w.place(d.location)}: sector ${d.sector} is under bombardment`
      : `Влияние не помещено: ${w.place(d.location)} — сектор ${d.sector} под бомбардировкой`,
  InfluenceCardResolved: (d, l) =>
    l === 'en' ? `Influence card discarded face up` : `Карта Влияния сброшена лицом вверх`,
  SolOffensiveResolved: (d, l, w) =>
    l === 'en'
      ? `Sol Offensive strikes ${list(d.locations.map((x) => w.place(x)))}: ${troops(
          d.destroyed.reduce((s, x) => s + x.troops.length, 0),
          l,
        )} and ${d.destroyed.reduce((s, x) => s + x.influence, 0)} Influence destroyed`
      : `«Наступление Сол»: ${list(d.locations.map((x) => w.place(x)))}; уничтожено ${troops(
          d.destroyed.reduce((s, x) => s + x.troops.length, 0),
          l,
        )} и Влияние ${d.destroyed.reduce((s, x) => s + x.influence, 0)}`,
  SolOffensiveIgnored: (d, l) =>
    l === 'en'
      ? `Sol Offensive has no effect (${d.reason === 'repeat' ? 'a second one this phase' : d.reason === 'radar' ? 'Radar Tracking was played' : 'round 1'})`
      : `«Наступление Сол» не действует (${d.reason === 'repeat' ? 'второе в этой фазе' : d.reason === 'radar' ? 'сыграно «Отслеживание Радаром»' : '1-й раунд'})`,
  InfluenceCardsReturned: (d, l) =>
    l === 'en'
      ? `${d.cards.length} Sol Offensive cards go back into the deck`
      : `Карты «Наступление Сол» (${d.cards.length}) возвращены в колоду`,
  CardBoxed: (d, l) =>
    l === 'en'
      ? `A card goes to the box (${d.reason})`
      : `Карта убрана в коробку (${own(BOXED_RU, d.reason) ?? d.reason})`,
  CeasefireOpened: (_d, l) =>
    l === 'en'
      ? 'Temporary Ceasefire: alliances may be formed and left, Influence given'
      : '«Временное прекращение огня»: можно заключать и расторгать союзы, передавать Влияние',
  CeasefireIgnored: (d, l, w) =>
    l === 'en'
      ? `A second Ceasefire has no effect; it goes to the ${w.who(d.to)}`
      : `Второе «Прекращение огня» не действует; уходит ${d.to === 'deck' ? 'в колоду' : 'в коробку'}`,
  CeasefireSeatDone: (d, l, w) =>
    l === 'en'
      ? `${w.who(d.seat)} is done in the Ceasefire`
      : `${w.who(d.seat)}: переговоры закончены`,
  CeasefireClosed: (_d, l) =>
    l === 'en'
      ? 'The Ceasefire ends; its card goes to the box'
      : '«Прекращение огня» окончено, карта в коробке',
  InfluencePhaseEnded: (d, l) =>
    l === 'en'
      ? `The Influence phase of round ${d.round} ends`
      : `Фаза Влияния раунда ${d.round} окончена`,
  AllianceCardsOffered: (d, l, w) =>
    l === 'en'
      ? `${w.who(d.from)} gives ${w.who(d.to)} an Alliance Benefit card`
      : `Карта Альянсных Преимуществ: ${w.who(d.from)} → ${w.who(d.to)}`,
  AllianceFormed: (d, l, w) =>
    l === 'en' ? `Alliance formed: ${w.whos(d.members)}` : `Образован Альянс: ${w.whos(d.members)}`,
  AllianceJoined: (d, l, w) =>
    l === 'en'
      ? `${w.who(d.member)} joins the alliance: ${w.whos(d.members)}`
      : `${w.who(d.member)} вступает в Альянс: ${w.whos(d.members)}`,
  AllianceLeft: (d, l, w) =>
    l === 'en' ? `${w.who(d.member)} leaves the alliance` : `${w.who(d.member)} выходит из Альянса`,
  AllianceDissolved: (_d, l) => (l === 'en' ? 'The alliance is dissolved' : 'Альянс распался'),
  InfluenceTransferred: (d, l, w) =>
    l === 'en'
      ? `${w.who(d.from)} gives ${w.who(d.to)} ${d.amount} Influence (irreversible)`
      : `Влияние ${d.amount}: ${w.who(d.from)} → ${w.who(d.to)} (необратимо)`,
  AuctionOpened: (d, l) =>
    l === 'en'
      ? `${d.lots} Strategy cards dealt face down for auction`
      : `На торги выставлено Карт Стратегий: ${d.lots}`,
  AuctionLotsDealt: (d, l) =>
    l === 'en'
      ? `${d.count} more lots dealt from the reshuffled Strategy deck`
      : `Из перемешанной колоды Карт Стратегий выставлено ещё лотов: ${d.count}`,
  AuctionLotOpened: (d, l) =>
    l === 'en' ? `Lot ${d.lot} is up for bids` : `Торги за лот ${d.lot}`,
  AuctionLotPeeked: (d, l, w) =>
    l === 'en' ? `${w.who(d.seat)} looks at lot ${d.lot}` : `${w.who(d.seat)} смотрит лот ${d.lot}`,
  BidPlaced: (d, l, w) =>
    l === 'en'
      ? `${w.who(d.seat)} bids ${d.amount} on lot ${d.lot}`
      : `${w.who(d.seat)} ставит ${influence(d.amount)} на лот ${d.lot}`,
  BidPassed: (d, l, w) =>
    l === 'en'
      ? `${w.who(d.seat)} passes on lot ${d.lot}`
      : `${w.who(d.seat)} пасует на лот ${d.lot}`,
  AuctionLotWon: (d, l, w) =>
    l === 'en'
      ? `${w.who(d.seat)} wins lot ${d.lot} for ${d.price}, paid to ${d.payee === 'bank' ? 'the bank' : w.who(d.payee)}`
      : `Лот ${d.lot}: ${w.who(d.seat)} за ${d.price}, оплата: ${d.payee === 'bank' ? 'Банк' : w.who(d.payee)}`,
  AuctionLotUnsold: (d, l) =>
    l === 'en'
      ? `Nobody bids on lot ${d.lot}; it returns to the deck`
      : `Лот ${d.lot} без ставок, возвращён в колоду`,
  AuctionClosed: (d, l) =>
    l === 'en' ? `Auction over: ${d.sold} sold` : `Торги окончены: продано ${d.sold}`,
  TroopsRecruited: (d, l, w) =>
    l === 'en'
      ? `${w.who(d.seat)} recruits ${troops(d.troops.length, l)}${d.leader ? ' and a leader' : ''} for ${d.cost}`
      : `${w.who(d.seat)} нанимает ${troops(d.troops.length, l)}${d.leader ? ' и Лидера' : ''} за ${influence(d.cost)}`,
  ManeuversStarted: (d, l) =>
    l === 'en'
      ? `Maneuvers; range 4 for ${Object.keys(d.bonus).join(', ') || 'nobody'}`
      : `Маневры; перемещение на 4: ${Object.keys(d.bonus).join(', ') || 'никто'}`,
  TroopsDeployed: (d, l, w) =>
    l === 'en'
      ? `${w.who(d.seat)} deploys ${troops(d.troops.length, l)} to ${w.place(d.location)} for ${d.cost} Influence`
      : `${w.who(d.seat)} разворачивает ${troops(d.troops.length, l)} ${w.placeIn(d.location)} за ${influence(d.cost)}`,
  TroopsMoved: (d, l, w) =>
    l === 'en'
      ? `${w.who(d.seat)} moves ${troops(d.troops.length, l)} from ${w.place(d.from)} to ${w.place(d.to)}`
      : `${w.who(d.seat)} перемещает ${troops(d.troops.length, l)}: ${w.place(d.from)} → ${w.place(d.to)}`,
  ManeuverTurnEnded: (d, l, w) =>
    l === 'en'
      ? `${w.who(d.seat)}'s Maneuvers turn ends`
      : `${w.who(d.seat)} заканчивает ход Маневров`,
  CombatStarted: (d, l) =>
    l === 'en'
      ? `Combat: ${d.battles.length} locations contested`
      : `Бой: спорных локаций — ${d.battles.length}`,
  BattleOpened: (d, l, w) =>
    l === 'en'
      ? `Battle in ${w.place(d.location)}: ${w.whos(d.sides, ' vs ')}`
      : `Бой ${w.placeIn(d.location)}: ${w.versus(d.sides)}`,
  BattleStepStarted: (d, l, w) =>
    l === 'en'
      ? `Battle step: ${own(STEP_NAMES, d.step)?.en ?? d.step} (${w.whos(d.due)})`
      : `Шаг боя: ${own(STEP_NAMES, d.step)?.ru ?? d.step} (${w.whos(d.due)})`,
  BattlePlanRevealed: (d, l, w) =>
    l === 'en'
      ? `${w.who(d.seat)}'s Battle Wheel: dial ${d.plan.dial}, leader: ${d.leaderName?.en ?? d.plan.leader ?? 'none'}, slot: ${d.plan.slot}`
      : // The leader's name already begins with «Лидер»: the label is lower case and set off by a colon.
        `Колесо Битвы (${w.who(d.seat)}): число ${d.plan.dial}, лидер: ${d.leaderName?.ru ?? d.plan.leader ?? 'нет'}, слот: ${own(SLOT_RU, d.plan.slot) ?? d.plan.slot}`,
  BattleWheelsRevealed: (_d, l) =>
    l === 'en' ? 'Both battle wheels are revealed' : 'Оба Колеса Битвы вскрыты',
  BattleCardsRevealed: (d, l, w) => {
    const played = d.names?.map((name) => name[l]) ?? [d.attack, d.defense].filter(Boolean);
    return l === 'en'
      ? `${w.who(d.seat)} plays ${played.join(' and ') || 'no cards'}`
      : played.length > 0
        ? `${w.who(d.seat)} играет ${played.join(' и ')}`
        : `${w.who(d.seat)} не играет карт`;
  },
  TraitorCallRevealed: (d, l, w) =>
    l === 'en'
      ? `${w.who(d.seat)} ${d.traitor ? 'calls a Traitor' : 'calls no Traitor'}`
      : `${w.who(d.seat)} ${d.traitor ? 'вскрывает Предателя' : 'не вызывает Предателя'}`,
  TraitorRevealed: (d, l, w) =>
    l === 'en'
      ? `Traitor! ${w.piece(d.leader)} betrays its side`
      : `Предатель! ${w.piece(d.leader)} предаёт своих`,
  LeaderKilled: (d, l, w) =>
    l === 'en'
      ? `Leader ${d.name?.en ?? d.leader} of ${w.who(d.owner)} is killed`
      : `Погиб Лидер: ${d.name?.ru ?? d.leader} (${w.who(d.owner)})`,
  AttackStopped: (d, l) =>
    l === 'en'
      ? `${d.names?.card.en ?? d.card} is stopped by ${d.names?.by.en ?? d.by}`
      : `${d.names?.card.ru ?? d.card}: не сработала, защита — ${d.names?.by.ru ?? d.by}`,
  InfluenceGained: (d, l, w) =>
    l === 'en'
      ? `${w.who(d.seat)} gains ${d.amount} Influence`
      : `${w.who(d.seat)} получает ${influence(d.amount)}`,
  TacticalRetreatResolved: (d, l, w) =>
    l === 'en'
      ? `Tactical Retreat: ${w.whos(d.seats)} back to the Reserve`
      : `Тактическое отступление: ${w.whos(d.seats)} — в Резерв`,
  BattleResolved: (d, l, w) =>
    d.winner
      ? l === 'en'
        ? `${w.who(d.winner)} wins the battle${d.byTraitor ? ' by a Traitor' : ''}${d.tieBreak ? ' (tie, earlier in turn order)' : ''}`
        : `${w.who(d.winner)} побеждает в бою${d.byTraitor ? ' (Предатель)' : ''}${d.tieBreak ? ' (ничья, раньше по ходу)' : ''}`
      : l === 'en'
        ? 'Nobody wins the battle'
        : 'Никто не побеждает в бою',
  BattleLossesTaken: (d, l, w) =>
    l === 'en'
      ? `${w.who(d.seat)} loses ${troops(d.troops.length, l)}`
      : `${w.who(d.seat)} теряет ${troops(d.troops.length, l)}`,
  BattleCardsKept: (d, l, w) =>
    l === 'en'
      ? `${w.who(d.seat)} keeps ${d.kept.length} and discards ${d.discarded.length} cards`
      : `${w.who(d.seat)} оставляет ${cards(d.kept.length, l)} и сбрасывает ${cards(d.discarded.length, l)}`,
  BattleClosed: (_d, l) => (l === 'en' ? 'The battle is over' : 'Бой окончен'),
  CombatEnded: (_d, l) => (l === 'en' ? 'All battles are fought' : 'Все бои проведены'),
  InfluenceCollected: (d, l, w) =>
    l === 'en'
      ? `${w.who(d.seat)} collects ${d.amount} Influence in ${w.place(d.location)}`
      : `${w.who(d.seat)} собирает ${influence(d.amount)} ${w.placeIn(d.location)}`,
  SupportFleetPaid: (d, l, w) =>
    l === 'en'
      ? `Support Fleet: ${w.who(d.seat)} +${d.amount}`
      : `Флот Поддержки: ${w.who(d.seat)} +${d.amount}`,
  BombardmentCardRevealed: (d, l) =>
    l === 'en' ? `Bombardment card: ${d.value}` : `Карта Бомбардировки: ${d.value}`,
  DreadnoughtFleetStepped: (d, l) =>
    l === 'en' ? `The Fleet moves to sector ${d.to}` : `Флот в секторе ${d.to}`,
  BombardmentHit: (d, l, w) =>
    l === 'en'
      ? `Bombardment of ${w.place(d.location)}: ${troops(d.troops.length, l)} and ${d.influence} Influence destroyed`
      : `Бомбардировка: ${w.place(d.location)} — уничтожено ${troops(d.troops.length, l)} и Влияние ${d.influence}`,
  DreadnoughtFleetStopped: (d, l) =>
    l === 'en'
      ? `Sector ${d.sector} is under bombardment`
      : `Сектор ${d.sector} под бомбардировкой`,
  BombardmentTopPeeked: (d, l, w) =>
    l === 'en'
      ? `${w.who(d.seat)} looks at the top Bombardment card`
      : `${w.who(d.seat)} смотрит верхнюю Карту Бомбардировки`,
  SeatConceded: (d, l, w) =>
    l === 'en'
      ? `${w.who(d.seat)} concedes: troops and leaders leave play (${d.removed.length}), ${d.influence} Influence goes to the Bank, Strategy cards to the discard (${d.strategyCards})`
      : `${w.who(d.seat)} сдаётся: из игры выходят Войска и Лидеры (${d.removed.length}), в Банк — ${influence(d.influence)}, в сброс — ${ruCount(d.strategyCards, 'Карта', 'Карты', 'Карт')} Стратегий`,
  TroopsFlipped: (d, l, w) => {
    const count = d.troops.length;
    if (l === 'en')
      return `${w.who(d.seat)}: ${troops(count, l)} in ${w.place(d.location)} turned face ${d.faceDown ? 'down' : 'up'}${d.automatic ? ' (face-up troops joined them)' : ''}`;
    return `${w.who(d.seat)} переворачивает лицом ${d.faceDown ? 'вниз' : 'вверх'} ${troops(count, l)} ${w.placeIn(d.location)}${d.automatic ? ' (к ним пришли Войска лицом вверх)' : ''}`;
  },
  SolOffensiveMoved: (d, l, w) =>
    l === 'en'
      ? `${w.who(d.seat)} uses the Sol Offensive: ${troops(d.troops.length, l)} move from ${w.place(d.from)} to ${w.place(d.to)}`
      : `${w.who(d.seat)} использует «Наступление Сол»: ${troops(d.troops.length, l)} — из локации ${w.place(d.from)} в локацию ${w.place(d.to)}`,
  StrategyCardPlayed: (d, l, w) => {
    const on = d.location ? w.place(d.location) : undefined;
    const target = d.target ? w.who(d.target) : undefined;
    if (l === 'en')
      return `${w.who(d.seat)} plays ${d.name.en}${on ? ` on ${on}` : ''}${target ? ` against ${target}` : ''}${d.ability ? ` (${ABILITY_NAMES[d.ability].en})` : ''}`;
    return `${w.who(d.seat)} играет «${d.name.ru}»${on ? `: ${on}` : ''}${target ? `; цель — ${target}` : ''}${d.ability ? ` (${ABILITY_NAMES[d.ability].ru})` : ''}`;
  },
  AuctionLotWithdrawn: (d, l) =>
    l === 'en'
      ? `Lot ${d.lot} is withdrawn: one Strategy card fewer is up for auction`
      : `Лот ${d.lot} снят с торгов: на одну Карту Стратегии меньше`,
  BidderBarred: (d, l, w) =>
    l === 'en'
      ? `${w.who(d.seat)} may not bid in this auction`
      : `${w.who(d.seat)} не участвует в этих торгах`,
  ShieldInverted: (d, l, w) => {
    const until = {
      'rest-of-game': { en: 'for the rest of the game', ru: 'до конца игры' },
      'this-round': { en: 'until the end of the round', ru: 'до конца раунда' },
      'text-only': { en: 'and stays', ru: 'и остаётся' },
    }[d.until];
    const lost = d.destroyed.length;
    return l === 'en'
      ? `The shield of ${w.place(d.location)} is inverted ${until.en}${lost > 0 ? `; ${troops(lost, l)} destroyed under bombardment` : ''}`
      : `Щит локации ${w.place(d.location)} снят ${until.ru}${lost > 0 ? `; под Бомбардировкой уничтожено ${troops(lost, l)}` : ''}`;
  },
  AbilityCancelled: (d, l, w) =>
    l === 'en'
      ? `${w.who(d.seat)} loses ${ABILITY_NAMES[d.ability].en}`
      : `${w.who(d.seat)}: аннулировано — ${ABILITY_NAMES[d.ability].ru}`,
  CancellationUsed: (d, l, w) =>
    l === 'en'
      ? `${w.who(d.seat)}: the cancellation of ${ABILITY_NAMES[d.ability].en} applies`
      : `${w.who(d.seat)}: действует аннулирование — ${ABILITY_NAMES[d.ability].ru}`,
  PredictionRevealed: (d, l, w) =>
    l === 'en'
      ? `Xxcha’s prediction: ${w.who(d.predicted.seat)}, round ${d.predicted.round}${d.matched ? ' — it comes true' : ''}`
      : `Предсказание Кззча: ${w.who(d.predicted.seat)}, раунд ${d.predicted.round}${d.matched ? ' — сбылось' : ''}`,
  VictoryPending: (d, l, w) =>
    l === 'en'
      ? `${w.whos(d.winners)} would win (${w.term(d.condition)}); Xxcha reveals its prediction`
      : `Побеждают ${w.whos(d.winners)} (${w.term(d.condition)}); Кззча вскрывает предсказание`,
  RoundEnded: (d, l) => (l === 'en' ? `Round ${d.round} ends` : `Раунд ${d.round} окончен`),
  SealVoided: (d, l, w) =>
    l === 'en'
      ? `${w.who(d.seat)}'s sealed ${d.kind} is void (${d.reason})`
      : `Запечатанное решение ${d.kind} (${w.who(d.seat)}) недействительно`,
};

export function describeRexEvent(
  event: Pick<RecordedEvent, 'type' | 'data'>,
  lang: Lang,
  names?: PhraseNames,
): string | undefined {
  const phrase = own(PHRASES, event.type as keyof RexEventMap) as
    ((d: unknown, l: Lang, w: Words) => string) | undefined;
  if (!phrase || event.data === null || typeof event.data !== 'object') return undefined;
  try {
    return phrase(event.data, lang, wordsOf(lang, names));
  } catch {
    return undefined;
  }
}

export const PHRASED_EVENTS = Object.keys(PHRASES);

/**
 * Rex's words the generic sentences and the viewer use: phases, zone kinds, causes, victory
 * conditions and battle slots, named as the Russian rules name them.
 */
export const REX_TERMS: Record<string, LocalizedText> = {
  setup: { en: 'Setup', ru: 'Подготовка' },
  influence: { en: 'Influence', ru: 'Влияние' },
  ceasefire: { en: 'Temporary Ceasefire', ru: 'Временное прекращение огня' },
  bidding: { en: 'Bidding', ru: 'Торги' },
  recruitment: { en: 'Recruitment', ru: 'Вербовка' },
  maneuvers: { en: 'Maneuvers', ru: 'Маневры' },
  combat: { en: 'Combat', ru: 'Бой' },
  collection: { en: 'Collection', ru: 'Сбор' },
  bombardment: { en: 'Bombardment', ru: 'Бомбардировка' },
  prediction: { en: 'Prediction', ru: 'Предсказание' },
  ended: { en: 'Game over', ru: 'Игра окончена' },
  battle: { en: 'battle', ru: 'бой' },
  'sol-offensive': { en: 'Sol Offensive', ru: '«Наступление Сол»' },
  played: { en: 'played', ru: 'сыграна' },
  traitors: { en: 'Traitors', ru: 'Предатели' },
  // A leader killed by a Traitor card (the cause of its PiecesDestroyed).
  traitor: { en: 'Traitor', ru: 'Предатель' },
  hand: { en: 'Strategy cards', ru: 'Карты Стратегий' },
  reserve: { en: 'Reserve', ru: 'Резерв' },
  'loss-bank': { en: 'Loss Bank', ru: 'Банк Потерь' },
  location: { en: 'location', ru: 'локация' },
  sector: { en: 'sector', ru: 'сектор' },
  strongholds: { en: 'Strongholds', ru: 'Крепости' },
  'sol-special': { en: 'Sol’s special victory', ru: 'особая победа Сол' },
  'hacan-special': { en: 'Hacan’s special victory', ru: 'особая победа Хакана' },
  'most-strongholds': { en: 'most Strongholds', ru: 'больше всех Крепостей' },
  'last-race-left': {
    en: 'the last race left in the game',
    ru: 'последняя раса, оставшаяся в игре',
  },
  concession: { en: 'a concession', ru: 'соперник сдался' },
  'no-winner': { en: 'no winner', ru: 'без победителя' },
  none: { en: '“–”', ru: '«–»' },
  attack: { en: 'attack', ru: 'атака' },
  defense: { en: 'defense', ru: 'защита' },
  'attack-defense': { en: 'attack and defense', ru: 'атака и защита' },
};
