import { own } from '../../shared/id-record';
import type { RecordedEvent } from '../../events/recorded-event';
import type { Lang } from '../ruleset';
import type { RexEventMap } from './rex-events';
import { DEFAULT_MAP } from './rex-map';

/**
 * Sentences for Rex's own events, in English and Russian, for the replay log. The Russian
 * names the result rather than the actor (the actor is shown beside the sentence).
 */

const place = (id: string, lang: Lang): string =>
  DEFAULT_MAP.locations.find((l) => l.id === id)?.name[lang] ?? id;
const list = (items: readonly string[], _lang: Lang) => items.join(', ');
const n = (count: number, en: string, ru: [string, string, string], lang: Lang): string => {
  if (lang === 'en') return `${count} ${en}${count === 1 ? '' : 's'}`;
  const mod10 = count % 10;
  const mod100 = count % 100;
  const form =
    mod10 === 1 && mod100 !== 11
      ? 0
      : mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)
        ? 1
        : 2;
  return `${count} ${ru[form]}`;
};
const troops = (count: number, lang: Lang) =>
  n(count, 'troop', ['Войско', 'Войска', 'Войск'], lang);

const SLOT_RU: Record<string, string> = {
  none: '«–»',
  attack: 'атака',
  defense: 'защита',
  'attack-defense': 'атака и защита',
};

type Phrases = { [K in keyof RexEventMap]: (d: RexEventMap[K], lang: Lang) => string };

const PHRASES: Phrases = {
  RexGameConfigured: (d, l) =>
    l === 'en'
      ? `Rex set up: ${d.seats.map((s) => `${s.seat} (${s.faction})`).join(', ')}; map ${d.map.title.en}${d.map.reconstruction ? ' (a reconstruction)' : ''}; Fleet in sector ${d.fleetSector}`
      : `Rex подготовлен: ${d.seats.map((s) => `${s.seat} (${s.faction})`).join(', ')}; поле ${d.map.title.ru}${d.map.reconstruction ? ' (реконструкция)' : ''}; Флот в секторе ${d.fleetSector}`,
  GameBegan: (d, l) =>
    l === 'en' ? `The game begins in round ${d.round}` : `Игра начинается с раунда ${d.round}`,
  StartingCardsDealt: (d, l) =>
    l === 'en'
      ? `${d.seat} is dealt ${d.traitors} Traitor and ${d.strategy} Strategy cards`
      : `${d.seat}: розданы Карты Предателей (${d.traitors}) и Стратегий (${d.strategy})`,
  DeckShuffleDeferred: (d, l) =>
    l === 'en'
      ? `${d.deck} will be shuffled at the next decision`
      : `${d.deck} будет перемешана при следующем решении`,
  FirstPlayerMarkerPassed: (d, l) =>
    l === 'en'
      ? `The First Player marker passes from ${d.from} to ${d.to}`
      : `Маркер Первого Игрока передан: ${d.from} → ${d.to}`,
  InfluenceCardRevealed: (d, l) =>
    l === 'en' ? `Influence card revealed: ${d.name.en}` : `Открыта Карта Влияния: ${d.name.ru}`,
  InfluencePlaced: (d, l) =>
    l === 'en'
      ? `${d.amount} Influence placed in ${place(d.location, l)}`
      : `Влияние ${d.amount} помещено: ${place(d.location, l)}`,
  InfluencePlacementBlocked: (d, l) =>
    l === 'en'
      ? `No Influence placed in ${place(d.location, l)}: sector ${d.sector} is under bombardment`
      : `Влияние не помещено: ${place(d.location, l)} — сектор ${d.sector} под бомбардировкой`,
  InfluenceCardResolved: (d, l) =>
    l === 'en' ? `Influence card discarded face up` : `Карта Влияния сброшена лицом вверх`,
  SolOffensiveResolved: (d, l) =>
    l === 'en'
      ? `Sol Offensive strikes ${list(
          d.locations.map((x) => place(x, l)),
          l,
        )}: ${troops(
          d.destroyed.reduce((s, x) => s + x.troops.length, 0),
          l,
        )} and ${d.destroyed.reduce((s, x) => s + x.influence, 0)} Influence destroyed`
      : `«Наступление Сол»: ${list(
          d.locations.map((x) => place(x, l)),
          l,
        )}; уничтожено ${troops(
          d.destroyed.reduce((s, x) => s + x.troops.length, 0),
          l,
        )} и Влияние ${d.destroyed.reduce((s, x) => s + x.influence, 0)}`,
  SolOffensiveIgnored: (d, l) =>
    l === 'en'
      ? `Sol Offensive has no effect (${d.reason === 'repeat' ? 'a second one this phase' : 'round 1'})`
      : `«Наступление Сол» не действует (${d.reason === 'repeat' ? 'второе в этой фазе' : '1-й раунд'})`,
  InfluenceCardsReturned: (d, l) =>
    l === 'en'
      ? `${d.cards.length} Sol Offensive cards go back into the deck`
      : `Карты «Наступление Сол» (${d.cards.length}) возвращены в колоду`,
  CardBoxed: (d, l) =>
    l === 'en' ? `A card goes to the box (${d.reason})` : `Карта убрана в коробку (${d.reason})`,
  CeasefireOpened: (_d, l) =>
    l === 'en'
      ? 'Temporary Ceasefire: alliances may be formed and left, Influence given'
      : '«Временное прекращение огня»: можно заключать и расторгать союзы, передавать Влияние',
  CeasefireIgnored: (d, l) =>
    l === 'en'
      ? `A second Ceasefire has no effect; it goes to the ${d.to}`
      : `Второе «Прекращение огня» не действует; уходит ${d.to === 'deck' ? 'в колоду' : 'в коробку'}`,
  CeasefireSeatDone: (d, l) =>
    l === 'en' ? `${d.seat} is done in the Ceasefire` : `${d.seat}: переговоры закончены`,
  CeasefireClosed: (_d, l) =>
    l === 'en'
      ? 'The Ceasefire ends; its card goes to the box'
      : '«Прекращение огня» окончено, карта в коробке',
  InfluencePhaseEnded: (d, l) =>
    l === 'en'
      ? `The Influence phase of round ${d.round} ends`
      : `Фаза Влияния раунда ${d.round} окончена`,
  AllianceCardsOffered: (d, l) =>
    l === 'en'
      ? `${d.from} gives ${d.to} an Alliance Benefit card`
      : `Карта Альянсных Преимуществ: ${d.from} → ${d.to}`,
  AllianceFormed: (d, l) =>
    l === 'en'
      ? `Alliance formed: ${list(d.members, l)}`
      : `Образован Альянс: ${list(d.members, l)}`,
  AllianceJoined: (d, l) =>
    l === 'en'
      ? `${d.member} joins the alliance: ${list(d.members, l)}`
      : `${d.member} вступает в Альянс: ${list(d.members, l)}`,
  AllianceLeft: (d, l) =>
    l === 'en' ? `${d.member} leaves the alliance` : `${d.member} выходит из Альянса`,
  AllianceDissolved: (_d, l) => (l === 'en' ? 'The alliance is dissolved' : 'Альянс распался'),
  InfluenceTransferred: (d, l) =>
    l === 'en'
      ? `${d.from} gives ${d.to} ${d.amount} Influence (irreversible)`
      : `Влияние ${d.amount}: ${d.from} → ${d.to} (необратимо)`,
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
  AuctionLotPeeked: (d, l) =>
    l === 'en' ? `${d.seat} looks at lot ${d.lot}` : `${d.seat} смотрит лот ${d.lot}`,
  BidPlaced: (d, l) =>
    l === 'en'
      ? `${d.seat} bids ${d.amount} on lot ${d.lot}`
      : `${d.seat}: ставка ${d.amount} на лот ${d.lot}`,
  BidPassed: (d, l) =>
    l === 'en' ? `${d.seat} passes on lot ${d.lot}` : `${d.seat}: пас на лот ${d.lot}`,
  AuctionLotWon: (d, l) =>
    l === 'en'
      ? `${d.seat} wins lot ${d.lot} for ${d.price}, paid to ${d.payee}`
      : `Лот ${d.lot}: ${d.seat} за ${d.price}, оплата: ${d.payee === 'bank' ? 'Банк' : d.payee}`,
  AuctionLotUnsold: (d, l) =>
    l === 'en'
      ? `Nobody bids on lot ${d.lot}; it returns to the deck`
      : `Лот ${d.lot} без ставок, возвращён в колоду`,
  AuctionClosed: (d, l) =>
    l === 'en' ? `Auction over: ${d.sold} sold` : `Торги окончены: продано ${d.sold}`,
  TroopsRecruited: (d, l) =>
    l === 'en'
      ? `${d.seat} recruits ${troops(d.troops.length, l)}${d.leader ? ' and a leader' : ''} for ${d.cost}`
      : `${d.seat}: нанято ${troops(d.troops.length, l)}${d.leader ? ' и Лидер' : ''} за ${d.cost}`,
  ManeuversStarted: (d, l) =>
    l === 'en'
      ? `Maneuvers; range 4 for ${Object.keys(d.bonus).join(', ') || 'nobody'}`
      : `Маневры; перемещение на 4: ${Object.keys(d.bonus).join(', ') || 'никто'}`,
  TroopsDeployed: (d, l) =>
    l === 'en'
      ? `${d.seat} deploys ${troops(d.troops.length, l)} to ${place(d.location, l)} for ${d.cost} Influence`
      : `${d.seat}: развернуто ${troops(d.troops.length, l)} — ${place(d.location, l)}, за Влияние ${d.cost}`,
  TroopsMoved: (d, l) =>
    l === 'en'
      ? `${d.seat} moves ${troops(d.troops.length, l)} from ${place(d.from, l)} to ${place(d.to, l)}`
      : `${d.seat}: перемещено ${troops(d.troops.length, l)} — ${place(d.from, l)} → ${place(d.to, l)}`,
  ManeuverTurnEnded: (d, l) =>
    l === 'en' ? `${d.seat}'s Maneuvers turn ends` : `${d.seat}: ход Маневров окончен`,
  CombatStarted: (d, l) =>
    l === 'en'
      ? `Combat: ${d.battles.length} locations contested`
      : `Бой: спорных локаций — ${d.battles.length}`,
  BattleOpened: (d, l) =>
    l === 'en'
      ? `Battle in ${place(d.location, l)}: ${d.sides.join(' vs ')}`
      : `Бой: ${place(d.location, l)} — ${d.sides.join(' против ')}`,
  BattleStepStarted: (d, l) =>
    l === 'en'
      ? `Battle step: ${d.step} (${d.due.join(', ')})`
      : `Шаг боя: ${d.step} (${d.due.join(', ')})`,
  BattlePlanRevealed: (d, l) =>
    l === 'en'
      ? `${d.seat}'s wheel: dial ${d.plan.dial}, leader ${d.leaderName?.en ?? d.plan.leader ?? 'none'}, slot ${d.plan.slot}`
      : `Колесо ${d.seat}: ${d.plan.dial}, Лидер ${d.leaderName?.ru ?? d.plan.leader ?? 'нет'}, слот ${own(SLOT_RU, d.plan.slot) ?? d.plan.slot}`,
  BattleWheelsRevealed: (_d, l) =>
    l === 'en' ? 'Both battle wheels are revealed' : 'Оба Колеса Битвы вскрыты',
  BattleCardsRevealed: (d, l) => {
    const cards = d.names?.map((name) => name[l]) ?? [d.attack, d.defense].filter(Boolean);
    return l === 'en'
      ? `${d.seat} plays ${cards.join(' and ') || 'no cards'}`
      : `${d.seat}: ${cards.join(' и ') || 'без карт'}`;
  },
  TraitorCallRevealed: (d, l) =>
    l === 'en'
      ? `${d.seat} ${d.traitor ? 'calls a Traitor' : 'calls no Traitor'}`
      : `${d.seat}: ${d.traitor ? 'вскрыт Предатель' : 'без Предателя'}`,
  TraitorRevealed: (d, l) =>
    l === 'en' ? `Traitor! ${d.leader} betrays its side` : `Предатель! ${d.leader} предаёт своих`,
  LeaderKilled: (d, l) =>
    l === 'en'
      ? `Leader ${d.name?.en ?? d.leader} of ${d.owner} is killed`
      : `Погиб Лидер: ${d.name?.ru ?? d.leader} (${d.owner})`,
  AttackStopped: (d, l) =>
    l === 'en'
      ? `${d.names?.card.en ?? d.card} is stopped by ${d.names?.by.en ?? d.by}`
      : `${d.names?.card.ru ?? d.card}: не сработала, защита — ${d.names?.by.ru ?? d.by}`,
  InfluenceGained: (d, l) =>
    l === 'en'
      ? `${d.seat} gains ${d.amount} Influence`
      : `${d.seat}: получено Влияние ${d.amount}`,
  TacticalRetreatResolved: (d, l) =>
    l === 'en'
      ? `Tactical Retreat: ${d.seats.join(', ')} back to the Reserve`
      : `Тактическое отступление: ${d.seats.join(', ')} — в Резерв`,
  BattleResolved: (d, l) =>
    d.winner
      ? l === 'en'
        ? `${d.winner} wins the battle${d.byTraitor ? ' by a Traitor' : ''}${d.tieBreak ? ' (tie, earlier in turn order)' : ''}`
        : `${d.winner} побеждает в бою${d.byTraitor ? ' (Предатель)' : ''}${d.tieBreak ? ' (ничья, раньше по ходу)' : ''}`
      : l === 'en'
        ? 'Nobody wins the battle'
        : 'Никто не побеждает в бою',
  BattleLossesTaken: (d, l) =>
    l === 'en'
      ? `${d.seat} loses ${troops(d.troops.length, l)}`
      : `${d.seat}: потеряно ${troops(d.troops.length, l)}`,
  BattleCardsKept: (d, l) =>
    l === 'en'
      ? `${d.seat} keeps ${d.kept.length} and discards ${d.discarded.length} cards`
      : `${d.seat}: оставлено карт ${d.kept.length}, сброшено ${d.discarded.length}`,
  BattleClosed: (_d, l) => (l === 'en' ? 'The battle is over' : 'Бой окончен'),
  CombatEnded: (_d, l) => (l === 'en' ? 'All battles are fought' : 'Все бои проведены'),
  InfluenceCollected: (d, l) =>
    l === 'en'
      ? `${d.seat} collects ${d.amount} Influence in ${place(d.location, l)}`
      : `${d.seat}: собрано Влияние ${d.amount} — ${place(d.location, l)}`,
  SupportFleetPaid: (d, l) =>
    l === 'en' ? `Support Fleet: ${d.seat} +${d.amount}` : `Флот Поддержки: ${d.seat} +${d.amount}`,
  BombardmentCardRevealed: (d, l) =>
    l === 'en' ? `Bombardment card: ${d.value}` : `Карта Бомбардировки: ${d.value}`,
  DreadnoughtFleetStepped: (d, l) =>
    l === 'en' ? `The Fleet moves to sector ${d.to}` : `Флот в секторе ${d.to}`,
  BombardmentHit: (d, l) =>
    l === 'en'
      ? `Bombardment of ${place(d.location, l)}: ${troops(d.troops.length, l)} and ${d.influence} Influence destroyed`
      : `Бомбардировка: ${place(d.location, l)} — уничтожено ${troops(d.troops.length, l)} и Влияние ${d.influence}`,
  DreadnoughtFleetStopped: (d, l) =>
    l === 'en'
      ? `Sector ${d.sector} is under bombardment`
      : `Сектор ${d.sector} под бомбардировкой`,
  BombardmentTopPeeked: (d, l) =>
    l === 'en'
      ? `${d.seat} looks at the top Bombardment card`
      : `${d.seat} смотрит верхнюю Карту Бомбардировки`,
  PredictionRevealed: (d, l) =>
    l === 'en'
      ? `Xxcha’s prediction: ${d.predicted.seat}, round ${d.predicted.round}${d.matched ? ' — it comes true' : ''}`
      : `Предсказание Кззча: ${d.predicted.seat}, раунд ${d.predicted.round}${d.matched ? ' — сбылось' : ''}`,
  VictoryPending: (d, l) =>
    l === 'en'
      ? `${list(d.winners, l)} would win (${d.condition}); Xxcha reveals its prediction`
      : `Побеждают ${list(d.winners, l)} (${d.condition}); Кззча вскрывает предсказание`,
  RoundEnded: (d, l) => (l === 'en' ? `Round ${d.round} ends` : `Раунд ${d.round} окончен`),
  SealVoided: (d, l) =>
    l === 'en'
      ? `${d.seat}'s sealed ${d.kind} is void (${d.reason})`
      : `Запечатанное решение ${d.kind} (${d.seat}) недействительно`,
};

export function describeRexEvent(
  event: Pick<RecordedEvent, 'type' | 'data'>,
  lang: Lang,
): string | undefined {
  const phrase = own(PHRASES, event.type as keyof RexEventMap) as
    ((d: unknown, l: Lang) => string) | undefined;
  if (!phrase || event.data === null || typeof event.data !== 'object') return undefined;
  try {
    return phrase(event.data, lang);
  } catch {
    return undefined;
  }
}

export const PHRASED_EVENTS = Object.keys(PHRASES);
