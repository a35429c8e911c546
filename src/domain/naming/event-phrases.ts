import { own } from '../shared/id-record';
import { IntlMessageFormat } from 'intl-messageformat';
import type { RecordedEvent } from '../events/recorded-event';
import type { Lang } from '../rulesets/ruleset';
import type { LocalizedText } from '../shared/localized-text';
import type { RussianCase } from './russian-name-cases';
import type {
  CardsDiscardedData,
  CardsDrawnData,
  CardsPlayedData,
  DeckShuffledData,
  FleetChangedData,
  FleetDisbandedData,
  FleetFormedData,
  PieceChangedData,
  PiecesCapturedData,
  PiecesCreatedData,
  PiecesDestroyedData,
  PiecesMovedData,
  PiecesRestoredData,
  PhaseStartedData,
  RoundStartedData,
  TableEventMap,
  TrackChangedData,
  ZonesCreatedData,
} from '../table/table-events';
import type { MatchEventMap } from '../match/match-events';

/**
 * Readable sentences for the generic table and match events, in English and Russian, for
 * the replay log. Pure: names come from the caller (players' names, the ruleset's catalog,
 * zone names). A game's own sentences (its words' `describe`) take precedence for its events.
 *
 * Sentences are ICU MessageFormat patterns, one catalogue per language: Russian number and
 * case come from plural and select forms, never from gluing words. Names whose gender and
 * case are unknown (a piece type, a zone) stand after a colon or an arrow, in the nominative,
 * behind a counted noun whose forms are known («Перемещена 1 фигура: Лидер → Резерв»).
 */

/** How the caller names things; every member is optional and falls back to the id. */
export interface PhraseNames {
  /** A seat's player or side ("Анна", "Сол"). */
  seat?(seat: string, lang: Lang): string | undefined;
  /** The same name in a Russian case («против Бориса»); the nominative where it is absent. */
  seatIn?(seat: string, lang: Lang, grammaticalCase: RussianCase): string | undefined;
  /** The side or faction a seat plays ("Сол", "Империя"), when it has one. */
  side?(seat: string, lang: Lang): string | undefined;
  /** A seat's place in the match's list of seats, from 1: how a seat with no side is named. */
  seatNumber?(seat: string): number | undefined;
  zone?(zone: string, lang: Lang): string | undefined;
  /** A piece's readable name (usually its type's catalog name). */
  piece?(piece: string, lang: Lang): string | undefined;
  /** A piece type's catalog name. */
  pieceType?(type: string, lang: Lang): string | undefined;
  /** The grammatical gender of a piece's Russian name, for the words that agree with it. */
  gender?(piece: string): Gender | undefined;
  fleet?(fleet: string, lang: Lang): string | undefined;
  track?(track: string, lang: Lang): string | undefined;
  /** A decision kind's summary (the ruleset's DecisionSpec.summary). */
  decision?(kind: string, lang: Lang): string | undefined;
  /** A phase of the ruleset's turn. */
  phase?(phase: string, lang: Lang): string | undefined;
  /** The ruleset's other words: dice purposes, causes, victory conditions, attribute keys. */
  term?(term: string, lang: Lang): string | undefined;
}

/**
 * The grammatical gender (or the plural) of a Russian name: «Лейтенант Орлов» m, «Команда
 * разведки» f, «Стрелковое отделение 1» n, «Сапёры» pl. Where it is unknown, the words
 * that would agree with it are phrased to need no agreement (`statusName`).
 */
export const GENDERS = ['m', 'f', 'n', 'pl'] as const;
export type Gender = (typeof GENDERS)[number];

export function isGender(value: unknown): value is Gender {
  return typeof value === 'string' && (GENDERS as readonly string[]).includes(value);
}

export interface DescribeOptions {
  names?: PhraseNames;
}

/**
 * The sentence for an event: the generic one, or a fallback. A game's sentences for its own
 * events are its words' (`RulesetNaming.describe`), asked first by the Phraser.
 */
export function describeEvent(
  event: RecordedEvent,
  lang: Lang,
  options: DescribeOptions = {},
): string {
  return describeGenericEvent(event, lang, options.names) ?? fallbackPhrase(event.type, lang);
}

/** The generic sentence, or undefined for an event type this module does not know. */
export function describeGenericEvent(
  event: Pick<RecordedEvent, 'type' | 'data'>,
  lang: Lang,
  names: PhraseNames = {},
): string | undefined {
  const phrase = own(PHRASES, event.type) as ((d: unknown, w: Words) => string) | undefined;
  const data = event.data;
  if (!phrase || data === null || typeof data !== 'object') return undefined;
  return safely(() => phrase(data, words(lang, names)));
}

/** "SomethingHappened" → "Something happened" (en) / "Событие SomethingHappened" (ru). */
export function fallbackPhrase(type: string, lang: Lang): string {
  if (lang === 'ru') return `Событие ${type}`;
  const spaced = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/**
 * A piece status in the language, agreeing with the gender of the piece's Russian name where
 * it is known; where it is not, in words that agree with nothing («с повреждениями», «в
 * плену»), never a guessed gender. An unknown status as it is.
 */
export function statusName(status: string, lang: Lang, gender?: Gender): string {
  return formatMessage(lang, MESSAGES[lang].statusName, { status, gender: gender ?? 'other' });
}

const formats = new Map<string, IntlMessageFormat>();

/**
 * Formats an ICU MessageFormat pattern (plural, select, `#`) in the language; compiled
 * patterns are kept. Rulesets' phrasing formats its own catalogue with it.
 */
export function formatMessage(
  lang: Lang,
  pattern: string,
  values: Record<string, string | number> = {},
): string {
  const key = `${lang}\u0000${pattern}`;
  let format = formats.get(key);
  if (!format) {
    format = new IntlMessageFormat(pattern, lang);
    formats.set(key, format);
  }
  return String(format.format(values));
}

/** A catalogue: message id → ICU pattern, one per language. */
export type Catalogue<K extends string> = Record<Lang, Record<K, string>>;

/** Words of every game the generic sentences use, when the ruleset has no better name. */
const COMMON_TERMS: Record<string, LocalizedText> = {
  // The purpose of a freeform roll when none is given, and the commonest one given.
  roll: { en: 'general', ru: 'общий' },
  attack: { en: 'attack', ru: 'атака' },
  combat: { en: 'combat', ru: 'бой' },
  battle: { en: 'battle', ru: 'бой' },
  counterattack: { en: 'counterattack', ru: 'контратака' },
  initiative: { en: 'initiative', ru: 'инициатива' },
  movement: { en: 'movement', ru: 'движение' },
  production: { en: 'production', ru: 'производство' },
  resources: { en: 'resources', ru: 'ресурсы' },
  influence: { en: 'influence', ru: 'влияние' },
  setup: { en: 'setup', ru: 'подготовка' },
  ended: { en: 'ended', ru: 'окончен' },
  damage: { en: 'damage', ru: 'повреждения' },
  hp: { en: 'hit points', ru: 'прочность' },
  cost: { en: 'cost', ru: 'стоимость' },
  shields: { en: 'shields', ru: 'щиты' },
  tapped: { en: 'tapped', ru: 'повёрнута' },
  controller: { en: 'controller', ru: 'контроль' },
  count: { en: 'count', ru: 'количество' },
  troops: { en: 'troops', ru: 'войска' },
  dial: { en: 'dial', ru: 'диск' },
};

/** A ruleset's word (a purpose, a cause, a phase), translated by the caller or the common list. */
export function termOf(term: string, lang: Lang, names: PhraseNames = {}): string {
  return names.term?.(term, lang) ?? own(COMMON_TERMS, term)?.[lang] ?? term;
}

/** How a match ended, in words ("Борис сдаётся", "особая победа Хакана"). */
export function describeCondition(condition: string, lang: Lang, names: PhraseNames = {}): string {
  return words(lang, names).condition(condition);
}

type AllEvents = TableEventMap & MatchEventMap;

type Key =
  | 'matchCreated'
  | 'seatClaimed'
  | 'seatClaimedNumber'
  | 'seatClaimedSide'
  | 'matchStarted'
  | 'decisionMade'
  | 'rollServer'
  | 'rollReported'
  | 'rollConfirmed'
  | 'finishedWin'
  | 'finishedDraw'
  | 'concession'
  | 'abandoned'
  | 'rngRevealed'
  | 'matchCited'
  | 'citedDraw'
  | 'sealed'
  | 'sealRevealed'
  | 'sealVoided'
  | 'undoRequested'
  | 'undoAccepted'
  | 'undoRejected'
  | 'undoExpired'
  | 'rewound'
  | 'rewoundRange'
  | 'causeRuling'
  | 'causeUndo'
  | 'disputeOpened'
  | 'disputeCommented'
  | 'rulingAppealed'
  | 'organizerAppeals'
  | 'appealUpheld'
  | 'appealOverturned'
  | 'seatLinkReissued'
  | 'paused'
  | 'resumed'
  | 'ruling'
  | 'upheld'
  | 'rejected'
  | 'amended'
  | 'remedyRewind'
  | 'remedyCorrective'
  | 'zonesCreated'
  | 'placedIn'
  | 'placedMany'
  | 'placedHidden'
  | 'fleetMoved'
  | 'piecesMoved'
  | 'statusTo'
  | 'statusName'
  | 'typeTo'
  | 'ownerTo'
  | 'pieceChanged'
  | 'destroyed'
  | 'captured'
  | 'restored'
  | 'fleetFormed'
  | 'fleetChanged'
  | 'fleetRenamed'
  | 'fleetDisbanded'
  | 'cardsDrawn'
  | 'cardsPlayed'
  | 'cardsDiscarded'
  | 'deckShuffled'
  | 'phase'
  | 'round'
  | 'toAct'
  | 'more';

const MESSAGES: Catalogue<Key> = {
  en: {
    matchCreated: 'Match{title} created ({n, plural, one {# seat} other {# seats}})',
    seatClaimed: '{player} takes a seat',
    seatClaimedNumber: '{player} takes seat {n}',
    seatClaimedSide: '{player} plays {side}',
    matchStarted: 'The match starts',
    decisionMade: '{seat} decides: {decision}',
    rollServer: 'Roll {spec} for {purpose}: {faces}',
    rollReported: 'Roll {spec} for {purpose}, reported by {reporter}: {faces}',
    rollConfirmed: '{seat} confirms the reported roll of step {rollSeq}',
    finishedWin: 'The match ends: {winners} won ({condition})',
    finishedDraw: 'The match ends in a draw ({condition})',
    concession: '{seat} concedes',
    abandoned: 'The match was abandoned: {reason}',
    rngRevealed: 'The server’s dice seed is revealed',
    matchCited:
      'Linked match {match} at event {seq} (hash {hash}…): {n, plural, one {winner} other {winners}} {winners}',
    citedDraw: 'Linked match {match} at event {seq} (hash {hash}…): no winner',
    sealed: '{seat} seals a hidden choice — {decision}',
    sealRevealed: '{seat} reveals a sealed choice',
    sealVoided: '{seat} reveals a sealed choice the rules refuse: it is void',
    undoRequested: '{seat} asks to undo back to event {toSeq}{reason}',
    undoAccepted: '{seat} accepts the undo',
    undoRejected: '{seat} rejects the undo{reason}',
    undoExpired: 'The undo request expired',
    rewound: 'Rewound to event {toSeq} by {cause}',
    rewoundRange: 'Rewound to event {toSeq} by {cause}: events {from}–{to} taken back',
    causeRuling: 'a ruling',
    causeUndo: 'an undo',
    disputeOpened: '{seat} disputes event {atSeq}: {claim}{ref}',
    disputeCommented: 'Comment on the dispute: {text}',
    rulingAppealed: '{who} appeals the ruling to the head judge: {reason}',
    organizerAppeals: 'The organizer',
    appealUpheld: 'Head judge: the ruling stands: {rationale}',
    appealOverturned: 'Head judge: the ruling is overturned: {rationale}',
    seatLinkReissued:
      'The organizer issued a new link for {seat}; the old one no longer opens the match',
    paused: 'The match is paused: {reason}',
    resumed: 'The match resumes',
    ruling: 'Ruling: {verdict}{ref}: {rationale}{remedy}',
    upheld: 'upheld',
    rejected: 'rejected',
    amended: 'amended',
    remedyRewind: 'back to event {toSeq}',
    remedyCorrective: '{n, plural, one {# corrective decision} other {# corrective decisions}}',
    zonesCreated: 'Zones: {zones}',
    placedIn: 'Placed in {zone}: {types}',
    placedHidden: 'Placed face down in {zone}: {n, plural, one {# piece} other {# pieces}}',
    placedMany:
      'Placed {n, plural, one {# piece} other {# pieces}} in {zones, plural, one {# zone} other {# zones}}',
    fleetMoved: 'Fleet {fleet} moves to {zone}',
    piecesMoved: 'Moved {n, plural, one {# piece} other {# pieces}}: {pieces} → {zone}',
    statusTo: 'status → {status}',
    statusName:
      '{status, select, active {active} tapped {tapped} damaged {damaged} broken {broken} destroyed {destroyed} captured {captured} other {{status}}}',
    typeTo: 'type → {type}',
    ownerTo: 'owner → {owner}',
    pieceChanged: '{piece}: {changes}',
    destroyed: 'Destroyed {n, plural, one {# piece} other {# pieces}}: {pieces}{cause}',
    captured: '{by} captures {n, plural, one {# piece} other {# pieces}}: {pieces}{to}',
    restored: 'Restored {n, plural, one {# piece} other {# pieces}}: {pieces} → {zone}',
    fleetFormed: 'Fleet {fleet} formed: {pieces}',
    fleetChanged: 'Fleet {fleet}: {changes}',
    fleetRenamed: 'renamed {name}',
    fleetDisbanded: 'Fleet {fleet} disbanded',
    cardsDrawn: 'Drew {n, plural, one {# card} other {# cards}}: {deck} → {to}{seen}',
    cardsPlayed: 'Played {n, plural, one {# card} other {# cards}}: {what} → {zone}',
    cardsDiscarded: 'Discarded {n, plural, one {# card} other {# cards}}: {what} → {zone}',
    deckShuffled: 'Deck shuffled: {deck} ({n, plural, one {# card} other {# cards}})',
    phase: 'Phase: {phase}{active}',
    round: 'Round {round}{active}',
    toAct: ', {seats} to act',
    more: 'and {n} more',
  },
  ru: {
    matchCreated: 'Создан матч{title} ({n, plural, one {# место} few {# места} other {# мест}})',
    seatClaimed: '{player} занимает место',
    seatClaimedNumber: '{player} занимает место {n}',
    seatClaimedSide: '{player} занимает место: {side}',
    matchStarted: 'Матч начался',
    decisionMade: '{seat}, решение: {decision}',
    rollServer: 'Бросок {spec} ({purpose}): {faces}',
    rollReported: 'Бросок {spec} ({purpose}), сообщает {reporter}: {faces}',
    rollConfirmed: '{seat} подтверждает физический бросок шага {rollSeq}',
    finishedWin:
      'Матч окончен, {n, plural, one {победитель} other {победители}}: {winners} ({condition})',
    finishedDraw: 'Матч окончен вничью ({condition})',
    concession: '{seat} сдаётся',
    abandoned: 'Матч прерван: {reason}',
    rngRevealed: 'Ключ кубиков сервера раскрыт',
    matchCited:
      'Связана партия {match} на событии {seq} (хеш {hash}…), {n, plural, one {победитель} other {победители}}: {winners}',
    citedDraw: 'Связана партия {match} на событии {seq} (хеш {hash}…): победителя нет',
    sealed: '{seat} запечатывает скрытый выбор — {decision}',
    sealRevealed: '{seat}: запечатанный выбор раскрыт',
    sealVoided:
      '{seat}: запечатанный выбор раскрыт, но правила его не допускают — он недействителен',
    undoRequested: '{seat} просит отменить ходы до события {toSeq}{reason}',
    undoAccepted: '{seat}: отмена принята',
    undoRejected: '{seat}: отмена отклонена{reason}',
    undoExpired: 'Запрос отмены истёк',
    rewound: 'Возврат к событию {toSeq} ({cause})',
    rewoundRange: 'Возврат к событию {toSeq} ({cause}): события {from}–{to} отменены',
    causeRuling: 'решение судьи',
    causeUndo: 'отмена хода',
    disputeOpened: '{seat} оспаривает событие {atSeq}: {claim}{ref}',
    disputeCommented: 'Комментарий к спору: {text}',
    rulingAppealed: '{who} обжалует решение у главного судьи: {reason}',
    organizerAppeals: 'Организатор',
    appealUpheld: 'Главный судья оставил решение в силе: {rationale}',
    appealOverturned: 'Главный судья отменил решение: {rationale}',
    seatLinkReissued:
      'Организатор выдал новую ссылку места: {seat}; старая больше не открывает матч',
    paused: 'Матч приостановлен: {reason}',
    resumed: 'Матч продолжается',
    ruling: 'Решение судьи: {verdict}{ref}: {rationale}{remedy}',
    upheld: 'жалоба удовлетворена',
    rejected: 'жалоба отклонена',
    amended: 'решение изменено',
    remedyRewind: 'возврат к событию {toSeq}',
    remedyCorrective:
      '{n, plural, one {# корректирующее решение} few {# корректирующих решения} other {# корректирующих решений}}',
    zonesCreated: 'Зоны: {zones}',
    placedIn: 'Выставлено в зону {zone}: {types}',
    placedHidden:
      'Выставлено в зону {zone} лицом вниз: {n, plural, one {# фигура} few {# фигуры} other {# фигур}}',
    placedMany:
      'Выставлено {n, plural, one {# фигура} few {# фигуры} other {# фигур}} в {zones, plural, one {# зону} few {# зоны} other {# зон}}',
    fleetMoved: 'Флот {fleet} перемещается → {zone}',
    piecesMoved:
      '{n, plural, =1 {Перемещена фигура} one {Перемещена # фигура} few {Перемещены # фигуры} other {Перемещено # фигур}}: {pieces} → {zone}',
    statusTo: 'состояние → {status}',
    // The state agrees with the piece's name: «Лейтенант Орлов: состояние → сломлен». A name
    // whose gender is not known gets the state in words that need no agreement («Крейсер:
    // состояние → с повреждениями»): a guessed «повреждена» would misname «Крейсер».
    statusName:
      '{status, select, active {в строю} tapped {{gender, select, m {повёрнут} f {повёрнута} n {повёрнуто} pl {повёрнуты} other {в повёрнутом положении}}} damaged {{gender, select, m {повреждён} f {повреждена} n {повреждено} pl {повреждены} other {с повреждениями}}} broken {{gender, select, m {сломлен} f {сломлена} n {сломлено} pl {сломлены} other {в сломленном состоянии}}} destroyed {{gender, select, m {уничтожен} f {уничтожена} n {уничтожено} pl {уничтожены} other {в потерях}}} captured {{gender, select, m {захвачен} f {захвачена} n {захвачено} pl {захвачены} other {в плену}}} other {{status}}}',
    typeTo: 'тип → {type}',
    ownerTo: 'владелец → {owner}',
    pieceChanged: '{piece}: {changes}',
    destroyed:
      '{n, plural, =1 {Уничтожена фигура} one {Уничтожена # фигура} few {Уничтожены # фигуры} other {Уничтожено # фигур}}: {pieces}{cause}',
    captured:
      '{by} захватывает {n, plural, =1 {фигуру} one {# фигуру} few {# фигуры} other {# фигур}}: {pieces}{to}',
    restored:
      '{n, plural, =1 {Возвращена фигура} one {Возвращена # фигура} few {Возвращены # фигуры} other {Возвращено # фигур}}: {pieces} → {zone}',
    fleetFormed: 'Сформирован флот {fleet}: {pieces}',
    fleetChanged: 'Флот {fleet}: {changes}',
    fleetRenamed: 'новое имя {name}',
    fleetDisbanded: 'Флот {fleet} расформирован',
    cardsDrawn:
      '{n, plural, =1 {Взята карта} one {Взята # карта} few {Взяты # карты} other {Взято # карт}}: {deck} → {to}{seen}',
    cardsPlayed:
      '{n, plural, =1 {Сыграна карта} one {Сыграна # карта} few {Сыграны # карты} other {Сыграно # карт}}: {what} → {zone}',
    cardsDiscarded:
      '{n, plural, =1 {Сброшена карта} one {Сброшена # карта} few {Сброшены # карты} other {Сброшено # карт}}: {what} → {zone}',
    deckShuffled:
      'Колода перемешана: {deck} ({n, plural, one {# карта} few {# карты} other {# карт}})',
    phase: 'Фаза: {phase}{active}',
    round: 'Раунд {round}{active}',
    toAct: ', ходит {seats}',
    more: 'и ещё {n}',
  },
};

interface Words {
  lang: Lang;
  say(key: Key, values?: Record<string, string | number>): string;
  seat(id: string | undefined): string;
  side(id: string): string | undefined;
  seatNumber(id: string): number | undefined;
  gender(piece: string): Gender | undefined;
  seats(ids: string[] | undefined): string;
  /** A zone by the caller's name for it, else the recorded name, else its id. */
  zone(id: string | undefined, recorded?: string): string;
  pieces(ids: string[] | undefined): string;
  types(types: string[] | undefined): string;
  fleet(id: string | undefined): string;
  track(id: string, name?: LocalizedText): string;
  decision(kind: string): string;
  phase(phase: string): string;
  term(term: string): string;
  condition(condition: string): string;
}

const MAX_NAMED = 6;

function words(lang: Lang, names: PhraseNames): Words {
  const say = (key: Key, values: Record<string, string | number> = {}): string =>
    formatMessage(lang, MESSAGES[lang][key], values);
  const named = (list: string[]): string => {
    const counts = new Map<string, number>();
    for (const name of list) counts.set(name, (counts.get(name) ?? 0) + 1);
    const parts = [...counts].map(([name, n]) => (n > 1 ? `${name} ×${n}` : name));
    const shown = parts.slice(0, MAX_NAMED).join(', ');
    const rest = parts.length - MAX_NAMED;
    return rest > 0 ? `${shown} ${say('more', { n: rest })}` : shown;
  };
  const strings = (items: unknown): string[] =>
    Array.isArray(items) ? items.filter((x): x is string => typeof x === 'string') : [];
  const seat = (id: string): string => names.seat?.(id, lang) ?? id;
  const term = (t: string): string => termOf(t, lang, names);
  return {
    lang,
    say,
    seat: (id) => (id === undefined ? '?' : seat(id)),
    side: (id) => names.side?.(id, lang),
    seatNumber: (id) => names.seatNumber?.(id),
    gender: (piece) => names.gender?.(piece),
    seats: (ids) => strings(ids).map(seat).join(', ') || '—',
    zone: (id, recorded) => (id === undefined ? '?' : (names.zone?.(id, lang) ?? recorded ?? id)),
    pieces: (ids) => named(strings(ids).map((id) => names.piece?.(id, lang) ?? id)) || '—',
    types: (types) => named(strings(types).map((ty) => names.pieceType?.(ty, lang) ?? ty)),
    fleet: (id) => (id === undefined ? '?' : (names.fleet?.(id, lang) ?? id)),
    track: (id, name) => names.track?.(id, lang) ?? name?.[lang] ?? id,
    decision: (kind) => names.decision?.(kind, lang) ?? kind,
    phase: (phase) => names.phase?.(phase, lang) ?? term(phase),
    term,
    condition: (condition) => {
      // Freeform and Commanders Path record a concession as "concession by <seat>".
      const conceded = /^concession by (.+)$/.exec(condition);
      if (conceded) return say('concession', { seat: seat(conceded[1]) });
      return term(condition);
    },
  };
}

const count = (list: unknown): number => (Array.isArray(list) ? list.length : 0);
/** " (x)" or "" */
const aside = (text: string | undefined): string => (text ? ` (${text})` : '');

type Phrases = { [K in keyof AllEvents]?: (data: AllEvents[K], w: Words) => string };

const PHRASES: Phrases = {
  MatchCreated: (d, w) =>
    w.say('matchCreated', { title: d.title ? ` «${d.title}»` : '', n: count(d.seats) }),
  SeatClaimed: (d, w) => {
    // A seat is named by its side; one with none by its place («место 2»), never by its id.
    const player = d.player?.name ?? '?';
    const side = w.side(d.seat);
    if (side) return w.say('seatClaimedSide', { player, side });
    const n = w.seatNumber(d.seat);
    return n === undefined
      ? w.say('seatClaimed', { player })
      : w.say('seatClaimedNumber', { player, n });
  },
  MatchStarted: (_d, w) => w.say('matchStarted'),
  DecisionMade: (d, w) =>
    w.say('decisionMade', { seat: w.seat(d.seat), decision: w.decision(d.kind) }),
  DiceRolled: (d, w) => {
    const faces = d.faces ?? [];
    const sum = faces.reduce((a, b) => a + b, 0);
    const values = {
      spec: d.spec,
      purpose: w.term(d.purpose),
      faces: `${faces.join(', ')}${faces.length > 1 ? ` (= ${sum})` : ''}`,
    };
    return d.source === 'reported'
      ? w.say('rollReported', { ...values, reporter: w.seat(d.reporter) })
      : w.say('rollServer', values);
  },
  ReportedRollConfirmed: (d, w) =>
    w.say('rollConfirmed', { seat: w.seat(d.seat), rollSeq: d.rollSeq }),
  MatchFinished: (d, w) =>
    (d.winners ?? []).length > 0
      ? w.say('finishedWin', {
          winners: w.seats(d.winners),
          n: d.winners.length,
          condition: w.condition(d.condition),
        })
      : w.say('finishedDraw', { condition: w.condition(d.condition) }),
  MatchAbandoned: (d, w) => w.say('abandoned', { reason: d.reason }),
  RngRevealed: (_d, w) => w.say('rngRevealed'),
  MatchCited: (d, w) => {
    // The cited match's seats are its own: named by its players, not by this match's seats.
    const name = (seat: string) => d.seats?.find((s) => s.seat === seat)?.player ?? seat;
    const winners = (d.took?.winners ?? []).map(name);
    const values = { match: d.matchId, seq: d.headSeq, hash: String(d.headHash).slice(0, 12) };
    return winners.length > 0
      ? w.say('matchCited', { ...values, winners: winners.join(', '), n: winners.length })
      : w.say('citedDraw', values);
  },
  DecisionSealed: (d, w) => w.say('sealed', { seat: w.seat(d.seat), decision: w.decision(d.kind) }),
  SealRevealed: (d, w) => w.say(d.void ? 'sealVoided' : 'sealRevealed', { seat: w.seat(d.seat) }),
  UndoRequested: (d, w) =>
    w.say('undoRequested', {
      seat: w.seat(d.seat),
      toSeq: d.toSeq,
      reason: d.reason ? `: ${d.reason}` : '',
    }),
  UndoAccepted: (d, w) => w.say('undoAccepted', { seat: w.seat(d.seat) }),
  UndoRejected: (d, w) =>
    w.say('undoRejected', { seat: w.seat(d.seat), reason: d.reason ? `: ${d.reason}` : '' }),
  UndoRequestExpired: (_d, w) => w.say('undoExpired'),
  TimelineRewound: (d, w) => {
    const cause = w.say(d.cause?.kind === 'ruling' ? 'causeRuling' : 'causeUndo');
    return d.voided
      ? w.say('rewoundRange', { toSeq: d.toSeq, cause, from: d.voided.from, to: d.voided.to })
      : w.say('rewound', { toSeq: d.toSeq, cause });
  },
  DisputeOpened: (d, w) =>
    w.say('disputeOpened', {
      seat: w.seat(d.seat),
      atSeq: d.atSeq,
      claim: d.claim,
      ref: aside(d.ruleRef),
    }),
  DisputeCommented: (d, w) => w.say('disputeCommented', { text: d.text }),
  RulingAppealed: (d, w) =>
    w.say('rulingAppealed', {
      who: d.seat === undefined ? w.say('organizerAppeals') : w.seat(d.seat),
      reason: d.reason,
    }),
  AppealDecided: (d, w) =>
    w.say(d.outcome === 'overturned' ? 'appealOverturned' : 'appealUpheld', {
      rationale: d.rationale,
    }),
  MatchPaused: (d, w) => w.say('paused', { reason: d.reason }),
  MatchResumed: (_d, w) => w.say('resumed'),
  SeatLinkReissued: (d, w) => w.say('seatLinkReissued', { seat: w.seat(d.seat) }),
  RulingIssued: (d, w) => {
    const verdict = ['upheld', 'rejected', 'amended'].includes(d.decision)
      ? w.say(d.decision)
      : d.decision;
    const remedy =
      d.remedy?.kind === 'rewind'
        ? w.say('remedyRewind', { toSeq: d.remedy.toSeq })
        : d.remedy?.kind === 'corrective'
          ? w.say('remedyCorrective', { n: count(d.remedy.decisions) })
          : '';
    // The rationale is the judge's own sentence: its final stop is not doubled by a "; …".
    const rationale = remedy ? d.rationale.replace(/[.;\s]+$/, '') : d.rationale;
    return w.say('ruling', {
      verdict,
      ref: aside(d.ruleRef),
      rationale,
      remedy: remedy ? `; ${remedy}` : '',
    });
  },
  ZonesCreated: (d: ZonesCreatedData, w) => {
    const zones = (d.zones ?? []).map((z) => w.zone(z.id, z.name?.[w.lang]));
    const shown = zones.slice(0, MAX_NAMED).join(', ');
    const rest =
      zones.length > MAX_NAMED ? `, ${w.say('more', { n: zones.length - MAX_NAMED })}` : '';
    return w.say('zonesCreated', { zones: `${shown}${rest}` });
  },
  PiecesCreated: (d: PiecesCreatedData, w) => {
    const pieces = [...(d.pieces ?? []), ...(d.secret?.pieces ?? [])];
    // Set out in hidden zones, read by someone who may not see them: how many, and where.
    const hidden = Array.isArray(d.hidden) ? d.hidden : [];
    if (pieces.length === 0 && hidden.length > 0) {
      const n = hidden.reduce((sum, h) => sum + (Number(h?.count) || 0), 0);
      return hidden.length === 1
        ? w.say('placedHidden', { zone: w.zone(hidden[0].zone), n })
        : w.say('placedMany', { n, zones: hidden.length });
    }
    const zones = [...new Set(pieces.map((p) => p.zone))];
    if (zones.length === 1)
      return w.say('placedIn', {
        zone: w.zone(zones[0]),
        types: w.types(pieces.map((p) => p.type)),
      });
    return w.say('placedMany', { n: pieces.length, zones: zones.length });
  },
  PiecesMoved: (d: PiecesMovedData, w) =>
    d.fleet
      ? w.say('fleetMoved', { fleet: w.fleet(d.fleet), zone: w.zone(d.to) })
      : w.say('piecesMoved', {
          n: count(d.pieces),
          pieces: w.pieces(d.pieces),
          zone: w.zone(d.to),
        }),
  PieceChanged: (d: PieceChangedData, w) => {
    const parts: string[] = [];
    if (d.status)
      parts.push(w.say('statusTo', { status: statusName(d.status, w.lang, w.gender(d.piece)) }));
    if (d.type) parts.push(w.say('typeTo', { type: w.types([d.type]) }));
    if (d.owner !== undefined) parts.push(w.say('ownerTo', { owner: w.seat(d.owner) }));
    for (const [key, value] of Object.entries(d.attrs ?? {}))
      parts.push(
        value === null
          ? `−${w.term(key)}`
          : `${w.term(key)} = ${typeof value === 'string' ? w.seat(value) : JSON.stringify(value)}`,
      );
    return w.say('pieceChanged', {
      piece: w.pieces([d.piece]),
      changes: parts.join('; ') || statusName('active', w.lang),
    });
  },
  PiecesDestroyed: (d: PiecesDestroyedData, w) =>
    w.say('destroyed', {
      n: count(d.pieces),
      pieces: w.pieces(d.pieces),
      cause: aside(d.cause ? w.term(d.cause) : undefined),
    }),
  PiecesCaptured: (d: PiecesCapturedData, w) =>
    w.say('captured', {
      by: w.seat(d.by),
      n: count(d.pieces),
      pieces: w.pieces(d.pieces),
      to: d.to ? ` → ${w.zone(d.to)}` : '',
    }),
  PiecesRestored: (d: PiecesRestoredData, w) =>
    w.say('restored', { n: count(d.pieces), pieces: w.pieces(d.pieces), zone: w.zone(d.to) }),
  FleetFormed: (d: FleetFormedData, w) =>
    w.say('fleetFormed', { fleet: d.name ?? w.fleet(d.fleet), pieces: w.pieces(d.pieces) }),
  FleetChanged: (d: FleetChangedData, w) => {
    const parts: string[] = [];
    if (d.add?.length) parts.push(`+ ${w.pieces(d.add)}`);
    if (d.remove?.length) parts.push(`− ${w.pieces(d.remove)}`);
    if (d.name) parts.push(w.say('fleetRenamed', { name: d.name }));
    return w.say('fleetChanged', { fleet: w.fleet(d.fleet), changes: parts.join('; ') });
  },
  FleetDisbanded: (d: FleetDisbandedData, w) =>
    w.say('fleetDisbanded', { fleet: w.fleet(d.fleet) }),
  TrackChanged: (d: TrackChangedData, w) => {
    const delta =
      typeof d.delta === 'number' && d.delta !== 0 ? ` (${d.delta > 0 ? '+' : ''}${d.delta})` : '';
    const owner = d.owner ? ` (${w.seat(d.owner)})` : '';
    return `${w.track(d.track, d.name)}${owner}: ${d.value}${delta}`;
  },
  CardsDrawn: (d: CardsDrawnData, w) =>
    w.say('cardsDrawn', {
      n: d.count,
      deck: w.zone(d.deck),
      to: w.zone(d.to),
      seen: d.secret?.pieces ? `: ${w.pieces(d.secret.pieces)}` : '',
    }),
  CardsPlayed: (d: CardsPlayedData, w) =>
    w.say('cardsPlayed', {
      n: count(d.pieces),
      what: d.types?.length ? w.types(d.types) : w.pieces(d.pieces),
      zone: w.zone(d.to),
    }),
  CardsDiscarded: (d: CardsDiscardedData, w) =>
    w.say('cardsDiscarded', { n: count(d.pieces), what: w.pieces(d.pieces), zone: w.zone(d.to) }),
  DeckShuffled: (d: DeckShuffledData, w) =>
    w.say('deckShuffled', { deck: w.zone(d.deck), n: d.count }),
  PhaseStarted: (d: PhaseStartedData, w) =>
    w.say('phase', {
      phase: w.phase(d.phase),
      active: (d.active ?? []).length > 0 ? w.say('toAct', { seats: w.seats(d.active) }) : '',
    }),
  RoundStarted: (d: RoundStartedData, w) =>
    w.say('round', {
      round: d.round,
      active: d.active?.length ? w.say('toAct', { seats: w.seats(d.active) }) : '',
    }),
};

function safely(phrase: () => string | undefined): string | undefined {
  try {
    return phrase();
  } catch {
    // A stored event of an old or odd shape must never break the log.
    return undefined;
  }
}
