import { own } from '../shared/id-record';
import type { RecordedEvent } from '../events/recorded-event';
import type { Lang, Ruleset } from '../rulesets/ruleset';
import type { LocalizedText } from '../shared/localized-text';
import type { PieceStatus } from '../table/table';
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
import type { MatchEventMap } from './match-events';

/**
 * Readable sentences for the generic table and match events, in English and Russian, for
 * the replay log. Pure: names come from the caller (the ruleset's catalog, zone names).
 * A ruleset's own `describeEvent` takes precedence for the events it knows.
 *
 * The Russian phrasing avoids gendered past-tense verbs ("red переместил") by naming the
 * result ("Перемещены: …"): the actor is shown beside the sentence, not inside it.
 */

/** How the caller names things; every member is optional and falls back to the id. */
export interface PhraseNames {
  seat?(seat: string, lang: Lang): string | undefined;
  zone?(zone: string, lang: Lang): string | undefined;
  /** A piece's readable name (usually its type's catalog name). */
  piece?(piece: string, lang: Lang): string | undefined;
  /** A piece type's catalog name. */
  pieceType?(type: string, lang: Lang): string | undefined;
  fleet?(fleet: string, lang: Lang): string | undefined;
  track?(track: string, lang: Lang): string | undefined;
  /** A decision kind's summary (the ruleset's DecisionSpec.summary). */
  decision?(kind: string, lang: Lang): string | undefined;
}

export interface DescribeOptions {
  names?: PhraseNames;
  /** The ruleset's phrasing for its own events; asked first. */
  ruleset?: Pick<Ruleset, 'describeEvent'>;
}

/** The sentence for an event: the ruleset's own phrasing, the generic one, or a fallback. */
export function describeEvent(
  event: RecordedEvent,
  lang: Lang,
  options: DescribeOptions = {},
): string {
  const own = safely(() => options.ruleset?.describeEvent?.(event, lang));
  if (own) return own;
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

export const STATUS_NAMES: Record<PieceStatus, LocalizedText> = {
  active: { en: 'active', ru: 'в строю' },
  tapped: { en: 'tapped', ru: 'повёрнута' },
  damaged: { en: 'damaged', ru: 'повреждена' },
  broken: { en: 'broken', ru: 'сломлена' },
  destroyed: { en: 'destroyed', ru: 'уничтожена' },
  captured: { en: 'captured', ru: 'захвачена' },
};

/** Russian plural form for n: one (1, 21), few (2-4, 22-24), many (5-20, 25...). */
export function ruPlural(n: number, one: string, few: string, many: string): string {
  const mod10 = Math.abs(n) % 10;
  const mod100 = Math.abs(n) % 100;
  if (mod10 === 1 && mod100 !== 11) return one;
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return few;
  return many;
}

type AllEvents = TableEventMap & MatchEventMap;

interface Words {
  lang: Lang;
  t(en: string, ru: string): string;
  seat(id: string | undefined): string;
  seats(ids: string[] | undefined): string;
  zone(id: string | undefined): string;
  pieces(ids: string[] | undefined): string;
  types(types: string[] | undefined): string;
  fleet(id: string | undefined): string;
  track(id: string, name?: LocalizedText): string;
  decision(kind: string): string;
  count(n: number, en: [string, string], ru: [string, string, string]): string;
}

const MAX_NAMED = 6;

function words(lang: Lang, names: PhraseNames): Words {
  const t = (en: string, ru: string): string => (lang === 'ru' ? ru : en);
  const named = (list: string[]): string => {
    const counts = new Map<string, number>();
    for (const name of list) counts.set(name, (counts.get(name) ?? 0) + 1);
    const parts = [...counts].map(([name, n]) => (n > 1 ? `${name} ×${n}` : name));
    const shown = parts.slice(0, MAX_NAMED).join(', ');
    const rest = parts.length - MAX_NAMED;
    return rest > 0 ? `${shown} ${t(`and ${rest} more`, `и ещё ${rest}`)}` : shown;
  };
  const strings = (items: unknown): string[] =>
    Array.isArray(items) ? items.filter((x): x is string => typeof x === 'string') : [];
  return {
    lang,
    t,
    seat: (id) => (id === undefined ? '?' : (names.seat?.(id, lang) ?? id)),
    seats: (ids) =>
      strings(ids)
        .map((id) => names.seat?.(id, lang) ?? id)
        .join(', ') || '—',
    zone: (id) => (id === undefined ? '?' : (names.zone?.(id, lang) ?? id)),
    pieces: (ids) => named(strings(ids).map((id) => names.piece?.(id, lang) ?? id)) || '—',
    types: (types) => named(strings(types).map((ty) => names.pieceType?.(ty, lang) ?? ty)),
    fleet: (id) => (id === undefined ? '?' : (names.fleet?.(id, lang) ?? id)),
    track: (id, name) => names.track?.(id, lang) ?? name?.[lang] ?? id,
    decision: (kind) => names.decision?.(kind, lang) ?? kind,
    count: (n, [enOne, enMany], [one, few, many]) =>
      lang === 'ru' ? `${n} ${ruPlural(n, one, few, many)}` : `${n} ${n === 1 ? enOne : enMany}`,
  };
}

const PIECES_EN: [string, string] = ['piece', 'pieces'];
const PIECES_RU: [string, string, string] = ['фигура', 'фигуры', 'фигур'];
const CARDS_EN: [string, string] = ['card', 'cards'];
const CARDS_RU: [string, string, string] = ['карта', 'карты', 'карт'];

type Phrases = { [K in keyof AllEvents]?: (data: AllEvents[K], w: Words) => string };

const PHRASES: Phrases = {
  MatchCreated: (d, w) => {
    const seats = w.count(d.seats?.length ?? 0, ['seat', 'seats'], ['место', 'места', 'мест']);
    const title = d.title ? ` «${d.title}»` : '';
    return w.t(`Match${title} created (${seats})`, `Создан матч${title} (${seats})`);
  },
  SeatClaimed: (d, w) =>
    w.t(
      `${d.player?.name ?? '?'} takes seat ${w.seat(d.seat)}`,
      `${d.player?.name ?? '?'} — место ${w.seat(d.seat)}`,
    ),
  MatchStarted: (_d, w) => w.t('The match starts', 'Матч начался'),
  DecisionMade: (d, w) =>
    w.t(
      `${w.seat(d.seat)} decides: ${w.decision(d.kind)}`,
      `${w.seat(d.seat)}, решение: ${w.decision(d.kind)}`,
    ),
  DiceRolled: (d, w) => {
    const faces = (d.faces ?? []).join(', ');
    const sum = (d.faces ?? []).reduce((a, b) => a + b, 0);
    const total = (d.faces ?? []).length > 1 ? ` (= ${sum})` : '';
    const how =
      d.source === 'reported'
        ? w.t(` reported by ${w.seat(d.reporter)}`, ` (сообщил ${w.seat(d.reporter)})`)
        : '';
    return w.t(
      `Roll ${d.spec} for ${d.purpose}${how}: ${faces}${total}`,
      `Бросок ${d.spec} (${d.purpose})${how}: ${faces}${total}`,
    );
  },
  MatchFinished: (d, w) =>
    (d.winners ?? []).length > 0
      ? w.t(
          `The match ends: ${w.seats(d.winners)} won (${d.condition})`,
          `Матч окончен, победа: ${w.seats(d.winners)} (${d.condition})`,
        )
      : w.t(`The match ends in a draw (${d.condition})`, `Матч окончен вничью (${d.condition})`),
  MatchAbandoned: (d, w) =>
    w.t(`The match was abandoned: ${d.reason}`, `Матч прерван: ${d.reason}`),
  RngRevealed: (_d, w) =>
    w.t(
      'The dice seed is revealed: every roll and shuffle can be verified',
      'Ключ кубиков раскрыт: каждый бросок и перемешивание можно проверить',
    ),
  DecisionSealed: (d, w) =>
    w.t(
      `${w.seat(d.seat)} seals a hidden choice (${w.decision(d.kind)})`,
      `${w.seat(d.seat)}: скрытый выбор запечатан (${w.decision(d.kind)})`,
    ),
  SealRevealed: (d, w) =>
    w.t(
      `${w.seat(d.seat)} reveals a sealed choice`,
      `${w.seat(d.seat)}: запечатанный выбор раскрыт`,
    ),
  UndoRequested: (d, w) =>
    w.t(
      `${w.seat(d.seat)} asks to undo back to event ${d.toSeq}${d.reason ? `: ${d.reason}` : ''}`,
      `${w.seat(d.seat)} просит отменить ходы до события ${d.toSeq}${d.reason ? `: ${d.reason}` : ''}`,
    ),
  UndoAccepted: (d, w) =>
    w.t(`${w.seat(d.seat)} accepts the undo`, `${w.seat(d.seat)}: отмена принята`),
  UndoRejected: (d, w) =>
    w.t(
      `${w.seat(d.seat)} rejects the undo${d.reason ? `: ${d.reason}` : ''}`,
      `${w.seat(d.seat)}: отмена отклонена${d.reason ? `: ${d.reason}` : ''}`,
    ),
  UndoRequestExpired: (_d, w) => w.t('The undo request expired', 'Запрос отмены истёк'),
  TimelineRewound: (d, w) => {
    const cause =
      d.cause?.kind === 'ruling' ? w.t('a ruling', 'решение судьи') : w.t('an undo', 'отмена хода');
    const range = d.voided ? ` ${d.voided.from}–${d.voided.to}` : '';
    return w.t(
      `Rewound to event ${d.toSeq} by ${cause}: events${range} taken back`,
      `Возврат к событию ${d.toSeq} (${cause}): события${range} отменены`,
    );
  },
  DisputeOpened: (d, w) =>
    w.t(
      `${w.seat(d.seat)} disputes event ${d.atSeq}: ${d.claim}${d.ruleRef ? ` (${d.ruleRef})` : ''}`,
      `${w.seat(d.seat)} оспаривает событие ${d.atSeq}: ${d.claim}${d.ruleRef ? ` (${d.ruleRef})` : ''}`,
    ),
  DisputeCommented: (d, w) =>
    w.t(`Comment on the dispute: ${d.text}`, `Комментарий к спору: ${d.text}`),
  MatchPaused: (d, w) => w.t(`The match is paused: ${d.reason}`, `Матч приостановлен: ${d.reason}`),
  MatchResumed: (_d, w) => w.t('The match resumes', 'Матч продолжается'),
  RulingIssued: (d, w) => {
    const verdict =
      {
        upheld: w.t('upheld', 'жалоба удовлетворена'),
        rejected: w.t('rejected', 'жалоба отклонена'),
        amended: w.t('amended', 'изменено'),
      }[d.decision] ?? d.decision;
    const remedy =
      d.remedy?.kind === 'rewind'
        ? w.t(`; back to event ${d.remedy.toSeq}`, `; возврат к событию ${d.remedy.toSeq}`)
        : d.remedy?.kind === 'corrective'
          ? w.t(
              `; ${w.count(d.remedy.decisions.length, ['corrective decision', 'corrective decisions'], ['корректирующее решение', 'корректирующих решения', 'корректирующих решений'])}`,
              `; ${w.count(d.remedy.decisions.length, ['', ''], ['корректирующее решение', 'корректирующих решения', 'корректирующих решений'])}`,
            )
          : '';
    const ref = d.ruleRef ? ` (${d.ruleRef})` : '';
    return w.t(
      `Ruling: ${verdict}${ref}: ${d.rationale}${remedy}`,
      `Решение судьи: ${verdict}${ref}: ${d.rationale}${remedy}`,
    );
  },
  ZonesCreated: (d: ZonesCreatedData, w) => {
    const zones = (d.zones ?? []).map((z) => (z.name ? z.name[w.lang] : w.zone(z.id)));
    const shown = zones.slice(0, MAX_NAMED).join(', ');
    const rest = zones.length > MAX_NAMED ? w.t(', …', ', …') : '';
    return w.t(`Zones: ${shown}${rest}`, `Зоны: ${shown}${rest}`);
  },
  PiecesCreated: (d: PiecesCreatedData, w) => {
    const pieces = d.pieces ?? [];
    const zones = [...new Set(pieces.map((p) => p.zone))];
    const types = w.types(pieces.map((p) => p.type));
    if (zones.length === 1)
      return w.t(
        `Placed ${types} in ${w.zone(zones[0])}`,
        `Выставлены ${types} → ${w.zone(zones[0])}`,
      );
    const count = w.count(pieces.length, PIECES_EN, PIECES_RU);
    const zoneCount = w.count(zones.length, ['zone', 'zones'], ['зона', 'зоны', 'зон']);
    return w.t(`Placed ${count} in ${zoneCount}`, `Выставлено: ${count}, ${zoneCount}`);
  },
  PiecesMoved: (d: PiecesMovedData, w) =>
    d.fleet
      ? w.t(
          `Fleet ${w.fleet(d.fleet)} moves to ${w.zone(d.to)}`,
          `Флот ${w.fleet(d.fleet)} → ${w.zone(d.to)}`,
        )
      : w.t(
          `Moved ${w.pieces(d.pieces)} to ${w.zone(d.to)}`,
          `Перемещены ${w.pieces(d.pieces)} → ${w.zone(d.to)}`,
        ),
  PieceChanged: (d: PieceChangedData, w) => {
    const parts: string[] = [];
    if (d.status)
      parts.push(
        `${w.t('status', 'состояние')} → ${own(STATUS_NAMES, d.status)?.[w.lang] ?? d.status}`,
      );
    if (d.type) parts.push(`${w.t('type', 'тип')} → ${w.types([d.type])}`);
    if (d.owner !== undefined) parts.push(`${w.t('owner', 'владелец')} → ${w.seat(d.owner)}`);
    for (const [key, value] of Object.entries(d.attrs ?? {}))
      parts.push(value === null ? `−${key}` : `${key} = ${JSON.stringify(value)}`);
    return `${w.pieces([d.piece])}: ${parts.join('; ') || w.t('changed', 'изменена')}`;
  },
  PiecesDestroyed: (d: PiecesDestroyedData, w) =>
    w.t(
      `Destroyed ${w.pieces(d.pieces)}${d.cause ? ` (${d.cause})` : ''}`,
      `Уничтожены ${w.pieces(d.pieces)}${d.cause ? ` (${d.cause})` : ''}`,
    ),
  PiecesCaptured: (d: PiecesCapturedData, w) => {
    const to = d.to ? ` → ${w.zone(d.to)}` : '';
    return w.t(
      `${w.seat(d.by)} captured ${w.pieces(d.pieces)}${to}`,
      `Захвачены ${w.pieces(d.pieces)} (${w.seat(d.by)})${to}`,
    );
  },
  PiecesRestored: (d: PiecesRestoredData, w) =>
    w.t(
      `Restored ${w.pieces(d.pieces)} to ${w.zone(d.to)}`,
      `Возвращены ${w.pieces(d.pieces)} → ${w.zone(d.to)}`,
    ),
  FleetFormed: (d: FleetFormedData, w) => {
    const name = d.name ?? w.fleet(d.fleet);
    return w.t(
      `Fleet ${name} formed: ${w.pieces(d.pieces)}`,
      `Сформирован флот ${name}: ${w.pieces(d.pieces)}`,
    );
  },
  FleetChanged: (d: FleetChangedData, w) => {
    const parts: string[] = [];
    if (d.add?.length) parts.push(`+ ${w.pieces(d.add)}`);
    if (d.remove?.length) parts.push(`− ${w.pieces(d.remove)}`);
    if (d.name) parts.push(w.t(`renamed ${d.name}`, `новое имя ${d.name}`));
    return w.t(`Fleet ${w.fleet(d.fleet)}: `, `Флот ${w.fleet(d.fleet)}: `) + parts.join('; ');
  },
  FleetDisbanded: (d: FleetDisbandedData, w) =>
    w.t(`Fleet ${w.fleet(d.fleet)} disbanded`, `Флот ${w.fleet(d.fleet)} расформирован`),
  TrackChanged: (d: TrackChangedData, w) => {
    const delta =
      typeof d.delta === 'number' && d.delta !== 0 ? ` (${d.delta > 0 ? '+' : ''}${d.delta})` : '';
    const owner = d.owner ? ` (${w.seat(d.owner)})` : '';
    return `${w.track(d.track, d.name)}${owner}: ${d.value}${delta}`;
  },
  CardsDrawn: (d: CardsDrawnData, w) => {
    const cards = w.count(d.count, CARDS_EN, CARDS_RU);
    const seen = d.secret?.pieces ? `: ${w.pieces(d.secret.pieces)}` : '';
    return w.t(
      `Drew ${cards} from ${w.zone(d.deck)} to ${w.zone(d.to)}${seen}`,
      `Взято из ${w.zone(d.deck)} → ${w.zone(d.to)}: ${cards}${seen ? ` (${seen.slice(2)})` : ''}`,
    );
  },
  CardsPlayed: (d: CardsPlayedData, w) => {
    const what = d.types?.length ? w.types(d.types) : w.pieces(d.pieces);
    return w.t(`Played ${what} to ${w.zone(d.to)}`, `Сыграны ${what} → ${w.zone(d.to)}`);
  },
  CardsDiscarded: (d: CardsDiscardedData, w) =>
    w.t(
      `Discarded ${w.pieces(d.pieces)} to ${w.zone(d.to)}`,
      `Сброшены ${w.pieces(d.pieces)} → ${w.zone(d.to)}`,
    ),
  DeckShuffled: (d: DeckShuffledData, w) => {
    const cards = w.count(d.count, CARDS_EN, CARDS_RU);
    return w.t(
      `Shuffled ${w.zone(d.deck)} (${cards})`,
      `Перемешана колода ${w.zone(d.deck)} (${cards})`,
    );
  },
  PhaseStarted: (d: PhaseStartedData, w) => {
    const active =
      (d.active ?? []).length > 0
        ? w.t(`, ${w.seats(d.active)} to act`, `, ходит ${w.seats(d.active)}`)
        : '';
    return w.t(`Phase ${d.phase}${active}`, `Фаза ${d.phase}${active}`);
  },
  RoundStarted: (d: RoundStartedData, w) => {
    const active = d.active?.length
      ? w.t(`, ${w.seats(d.active)} to act`, `, ходит ${w.seats(d.active)}`)
      : '';
    return w.t(`Round ${d.round}${active}`, `Раунд ${d.round}${active}`);
  },
};

function safely(phrase: () => string | undefined): string | undefined {
  try {
    return phrase();
  } catch {
    // A stored event of an old or odd shape must never break the log.
    return undefined;
  }
}
