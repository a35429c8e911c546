import { parseDiceOrReject } from '../../match/decision-context';
import { hiddenFrom } from '../../match/hidden-zones';
import { matchEvent } from '../../match/match-events';
import { hasOwn, own } from '../../shared/id-record';
import type { Piece, Table } from '../../table/table';
import { tableEvent, type PieceSpec, type ZoneSpec } from '../../table/table-events';
import {
  decisionSpec,
  type AvailabilityContext,
  type DecisionContext,
  type DecisionSpec,
} from '../ruleset';
import type { LocalizedText } from '../../shared/localized-text';
import { ruCount } from '../../shared/localized-text';
import { refuse } from './refuse';
import { seatName } from './seat-name';
import { pieceName, zoneName } from './table-names';
import { withCandidates, withExamples } from './decision';
import { withChoices } from '../decision-choices';
import {
  drawableDecks,
  movablePieces,
  reachableCards,
  TABLE_CHOICES,
  targetZones,
} from './table-choices';
import {
  CaptureParams,
  CardsToParams,
  ChangeFleetParams,
  ChangePieceParams,
  ChangeTrackParams,
  CreatePiecesParams,
  CreateZonesParams,
  DeckParams,
  DeclareResultParams,
  DestroyParams,
  DrawParams,
  FleetParams,
  FormFleetParams,
  MoveParams,
  NewPieceParams,
  NewZoneParams,
  NoParams,
  RestoreParams,
  RollParams,
  StartPhaseParams,
  StartRoundParams,
  ZoneParams,
} from './table-decisions.params';

/**
 * The generic decisions that edit the table: create zones and pieces, move, change, destroy,
 * restore and capture pieces, fleets, tracks, dice, cards, phases and rounds, the result.
 * They check only that what they name exists. Freeform is made of them; other games offer
 * them as manual adjustments (card texts override rules and no catalog knows every card).
 */

type Ctx = DecisionContext<unknown>;

/** A seat's hand zone, where draws go by default. */
export const handZoneId = (seat: string): string => `hand:${seat}`;

const TABLE_DECISION_SPECS: Record<string, DecisionSpec<unknown, never>> = {
  'create-zones': decisionSpec({
    summary: { en: 'Create zones', ru: 'Создать зоны' },
    params: CreateZonesParams,
    turn: 'any',
    decide(ctx: Ctx, { zones }: CreateZonesParams) {
      const ids = new Set<string>();
      const specs: ZoneSpec[] = [];
      for (const zone of zones) {
        const id = zone.id ?? freshZoneId(zone, (id) => hasOwn(ctx.table.zones, id) || ids.has(id));
        if (hasOwn(ctx.table.zones, id) || ids.has(id))
          return refuse('duplicate_zone', {
            en: `Zone ${id} already exists`,
            ru: `Зона «${id}» уже есть на столе`,
          });
        ids.add(id);
        specs.push(toZoneSpec({ ...zone, id }));
      }
      return [tableEvent('ZonesCreated', { zones: specs })];
    },
  }),
  'create-pieces': decisionSpec({
    summary: { en: 'Create pieces', ru: 'Создать фигуры' },
    params: CreatePiecesParams,
    turn: 'active',
    decide(ctx: Ctx, { pieces }: CreatePiecesParams) {
      const specs: PieceSpec[] = [];
      const ids = new Set<string>();
      for (const piece of pieces) {
        requireZone(ctx.table, piece.zone);
        const id = piece.id ?? ctx.newPieceId('p');
        if (hasOwn(ctx.table.pieces, id) || ids.has(id))
          return refuse('duplicate_piece', {
            en: `Piece ${id} already exists`,
            ru: `Фигура с идентификатором «${id}» уже есть на столе`,
          });
        ids.add(id);
        specs.push(toPieceSpec(piece, id));
      }
      return [tableEvent('PiecesCreated', { pieces: specs })];
    },
  }),
  move: decisionSpec({
    summary: { en: 'Move pieces or a fleet', ru: 'Переместить фигуры или флот' },
    params: MoveParams,
    turn: 'active',
    decide(ctx: Ctx, { pieces, fleet, to }: MoveParams) {
      if (!pieces === !fleet)
        return refuse('move_target', {
          en: 'Name either pieces or a fleet to move',
          ru: 'Выберите либо фигуры, либо флот — что-то одно',
        });
      requireZone(ctx.table, to);
      if (fleet) {
        const found = own(ctx.table.fleets, fleet);
        if (!found) return refuse('unknown_fleet', noFleet(fleet));
        return [tableEvent('PiecesMoved', { pieces: [...found.pieces], to, fleet })];
      }
      requirePieces(ctx.table, pieces ?? []);
      return [tableEvent('PiecesMoved', { pieces: pieces ?? [], to })];
    },
  }),
  'change-piece': decisionSpec({
    summary: { en: 'Change a piece', ru: 'Изменить фигуру' },
    params: ChangePieceParams,
    turn: 'active',
    decide(ctx: Ctx, params: ChangePieceParams) {
      requirePieces(ctx.table, [params.piece]);
      return [tableEvent('PieceChanged', { ...params })];
    },
  }),
  destroy: decisionSpec({
    summary: {
      en: 'Destroy pieces (to their owner’s losses)',
      ru: 'Уничтожить фигуры (в потери владельца)',
    },
    params: DestroyParams,
    turn: 'active',
    decide(ctx: Ctx, { pieces, cause }: DestroyParams) {
      requirePieces(ctx.table, pieces, (p) => p.status !== 'destroyed');
      return [tableEvent('PiecesDestroyed', { pieces, cause })];
    },
  }),
  restore: decisionSpec({
    summary: { en: 'Restore pieces from losses', ru: 'Вернуть фигуры из потерь' },
    params: RestoreParams,
    turn: 'active',
    decide(ctx: Ctx, { pieces, to }: RestoreParams) {
      requirePieces(ctx.table, pieces, (p) => p.status === 'destroyed' || p.status === 'captured');
      requireZone(ctx.table, to);
      return [tableEvent('PiecesRestored', { pieces, to })];
    },
  }),
  capture: decisionSpec({
    summary: { en: 'Capture pieces', ru: 'Захватить фигуры' },
    params: CaptureParams,
    turn: 'active',
    decide(ctx: Ctx, { pieces, by, to, cause }: CaptureParams) {
      requirePieces(ctx.table, pieces, (p) => p.status !== 'destroyed' && p.status !== 'captured');
      const captor = by ?? ctx.seat;
      if (!ctx.seats.some((s) => s.seat === captor)) return refuse('unknown_seat', noSeat(captor));
      if (to) {
        requireZone(ctx.table, to);
      }
      return [
        tableEvent('PiecesCaptured', {
          pieces,
          by: captor,
          ...(to ? { to } : {}),
          ...(cause ? { cause } : {}),
        }),
      ];
    },
  }),
  'form-fleet': decisionSpec({
    summary: { en: 'Form a fleet', ru: 'Сформировать флот' },
    params: FormFleetParams,
    turn: 'active',
    decide(ctx: Ctx, { pieces, fleet, name }: FormFleetParams) {
      requirePieces(ctx.table, pieces);
      const id = fleet ?? ctx.newPieceId('fleet');
      if (hasOwn(ctx.table.fleets, id))
        return refuse('duplicate_fleet', {
          en: `Fleet ${id} already exists`,
          ru: `Флот «${id}» уже есть`,
        });
      return [
        tableEvent('FleetFormed', {
          fleet: id,
          owner: ctx.seat,
          pieces,
          ...(name ? { name } : {}),
        }),
      ];
    },
  }),
  'change-fleet': decisionSpec({
    summary: { en: 'Change a fleet', ru: 'Изменить флот' },
    params: ChangeFleetParams,
    turn: 'active',
    decide(ctx: Ctx, params: ChangeFleetParams) {
      if (!hasOwn(ctx.table.fleets, params.fleet))
        return refuse('unknown_fleet', noFleet(params.fleet));
      requirePieces(ctx.table, [...(params.add ?? []), ...(params.remove ?? [])]);
      return [tableEvent('FleetChanged', { ...params })];
    },
  }),
  'disband-fleet': decisionSpec({
    summary: { en: 'Disband a fleet', ru: 'Расформировать флот' },
    params: FleetParams,
    turn: 'active',
    decide(ctx: Ctx, { fleet }: FleetParams) {
      if (!hasOwn(ctx.table.fleets, fleet)) return refuse('unknown_fleet', noFleet(fleet));
      return [tableEvent('FleetDisbanded', { fleet })];
    },
  }),
  'change-track': decisionSpec({
    summary: { en: 'Change a track', ru: 'Изменить трек' },
    params: ChangeTrackParams,
    turn: 'active',
    decide(ctx: Ctx, { track, value, delta, owner, name }: ChangeTrackParams) {
      if ((value === undefined) === (delta === undefined))
        return refuse('track_change', {
          en: 'Give either value or delta',
          ru: 'Укажите либо новое значение, либо изменение — что-то одно',
        });
      const previous = own(ctx.table.tracks, track)?.value ?? 0;
      const next = value ?? previous + (delta ?? 0);
      return [
        tableEvent('TrackChanged', {
          track,
          value: next,
          delta: next - previous,
          ...(owner ? { owner } : {}),
          ...(name ? { name } : {}),
        }),
      ];
    },
  }),
  roll: decisionSpec({
    summary: {
      en: 'Roll dice (server or reported)',
      ru: 'Бросить кубики (сервер или физические)',
    },
    params: RollParams,
    turn: 'active',
    decide(ctx: Ctx, { dice, purpose, faces }: RollParams) {
      return [ctx.roll(purpose ?? 'roll', parseDiceOrReject(dice), faces).event];
    },
  }),
  draw: decisionSpec({
    summary: { en: 'Draw cards', ru: 'Взять карты' },
    params: DrawParams,
    turn: 'active',
    decide(ctx: Ctx, { deck, count, to }: DrawParams) {
      const pile = own(ctx.table.decks, deck);
      if (!pile)
        return refuse('unknown_deck', {
          en: `There is no deck ${deck}`,
          ru: `Колоды «${deck}» на столе нет`,
        });
      // A seat draws from a shared deck or its own, never from another seat's.
      const deckOwner = own(ctx.table.zones, deck)?.owner;
      if (deckOwner !== undefined && deckOwner !== ctx.seat)
        return refuse('not_your_deck', {
          en: `${seatName(ctx, ctx.seat).en} cannot draw from ${seatName(ctx, deckOwner).en}'s deck`,
          ru: `Нельзя брать карты из чужой колоды (её владелец — ${seatName(ctx, deckOwner).ru})`,
        });
      if (pile.order.length < count)
        return refuse('deck_short', {
          en: `Deck ${deck} has ${pile.order.length} cards, ${count} asked for`,
          ru: `В колоде «${zoneName(ctx.table, deck).ru}» ${ruCount(pile.order.length, 'карта', 'карты', 'карт')}, а взять нужно ${count}`,
        });
      const target = to ?? handZoneId(ctx.seat);
      requireZone(ctx.table, target);
      const pieces = pile.order.slice(0, count);
      return [
        tableEvent(
          'CardsDrawn',
          { deck, to: target, count, secret: { pieces } },
          `seat:${ctx.seat}`,
        ),
      ];
    },
  }),
  play: decisionSpec({
    summary: { en: 'Play cards', ru: 'Сыграть карты' },
    params: CardsToParams,
    turn: 'active',
    decide(ctx: Ctx, { pieces, to }: CardsToParams) {
      requireCardsTo(ctx, pieces, to);
      return [
        tableEvent('CardsPlayed', {
          pieces,
          to,
          types: pieces.map((id) => own(ctx.table.pieces, id)?.type ?? ''),
        }),
      ];
    },
  }),
  discard: decisionSpec({
    summary: { en: 'Discard cards', ru: 'Сбросить карты' },
    params: CardsToParams,
    turn: 'active',
    decide(ctx: Ctx, { pieces, to }: CardsToParams) {
      requireCardsTo(ctx, pieces, to);
      return [tableEvent('CardsDiscarded', { pieces, to })];
    },
  }),
  shuffle: decisionSpec({
    summary: { en: 'Shuffle a deck', ru: 'Перемешать колоду' },
    params: DeckParams,
    turn: 'active',
    decide(ctx: Ctx, { deck }: DeckParams) {
      return [ctx.shuffle(deck)];
    },
  }),
  'start-phase': decisionSpec({
    summary: { en: 'Start a phase', ru: 'Начать фазу' },
    params: StartPhaseParams,
    turn: 'active',
    decide(ctx: Ctx, { phase, active, priority }: StartPhaseParams) {
      requireSeats(ctx, [...(active ?? []), ...(priority ? [priority] : [])]);
      return [
        tableEvent('PhaseStarted', {
          phase,
          active: active ?? [],
          ...(priority ? { priority } : {}),
        }),
      ];
    },
  }),
  'start-round': decisionSpec({
    summary: { en: 'Start a round', ru: 'Начать раунд' },
    params: StartRoundParams,
    turn: 'active',
    decide(ctx: Ctx, { round, active, priority }: StartRoundParams) {
      requireSeats(ctx, [...(active ?? []), ...(priority ? [priority] : [])]);
      return [
        tableEvent('RoundStarted', {
          round: round ?? ctx.table.turn.round + 1,
          ...(active ? { active } : {}),
          ...(priority ? { priority } : {}),
        }),
      ];
    },
  }),
  pass: decisionSpec({
    summary: {
      en: 'Pass (the turn goes to the next seat)',
      ru: 'Пас (ход переходит к следующему месту)',
    },
    params: NoParams,
    turn: 'active',
    decide(ctx: Ctx) {
      const { turn } = ctx.table;
      if (turn.active.length !== 1) return [];
      const order = ctx.seats.map((s) => s.seat);
      const next = order[(order.indexOf(ctx.seat) + 1) % order.length];
      return [tableEvent('PhaseStarted', { phase: turn.phase ?? 'turn', active: [next] })];
    },
  }),
  concede: decisionSpec({
    summary: { en: 'Concede', ru: 'Сдаться' },
    params: NoParams,
    turn: 'any',
    decide(ctx: Ctx) {
      const winners = ctx.seats.map((s) => s.seat).filter((seat) => seat !== ctx.seat);
      return [matchEvent('MatchFinished', { winners, condition: `concession by ${ctx.seat}` })];
    },
  }),
  'declare-result': decisionSpec({
    summary: { en: 'Declare the result', ru: 'Объявить результат' },
    params: DeclareResultParams,
    turn: 'any',
    decide(ctx: Ctx, { winners, condition }: DeclareResultParams) {
      requireSeats(ctx, winners);
      return [matchEvent('MatchFinished', { winners, condition })];
    },
  }),
};

/** The table decisions, each with the example GET rulesets/:id and the OpenAPI document publish. */
const TABLE_DECISIONS_WITH_EXAMPLES = withExamples(TABLE_DECISION_SPECS, {
  'create-zones': {
    zones: [{ id: 'north', kind: 'location', name: { en: 'North', ru: 'Север' } }],
  },
  'create-pieces': {
    pieces: [{ id: 'cruiser-2', type: 'Крейсер', owner: 'red', zone: 'north', attrs: { cost: 7 } }],
  },
  move: { pieces: ['cruiser'], to: 'south' },
  'change-piece': { piece: 'cruiser', status: 'damaged', attrs: { damage: 2 } },
  destroy: { pieces: ['cruiser'], cause: 'torpedo hit' },
  restore: { pieces: ['cruiser'], to: 'north' },
  capture: { pieces: ['cruiser'], by: 'blue', to: 'south', cause: 'boarding' },
  'form-fleet': { pieces: ['cruiser', 'frigate'], fleet: 'fleet-1', name: 'Первый флот' },
  'change-fleet': { fleet: 'fleet-1', add: ['destroyer'] },
  'disband-fleet': { fleet: 'fleet-1' },
  'change-track': { track: 'vp:red', delta: 2, owner: 'red' },
  roll: { dice: '2d6', purpose: 'attack' },
  draw: { deck: 'deck', count: 1 },
  play: { pieces: ['card-7'], to: 'discard' },
  discard: { pieces: ['card-7'], to: 'discard' },
  shuffle: { deck: 'deck' },
  'start-phase': { phase: 'movement', active: ['red'] },
  'start-round': { round: 2, active: ['red'] },
  pass: {},
  concede: {},
  'declare-result': { winners: ['red'], condition: 'flagship destroyed' },
});

/** How many of a kind's pieces, zones or decks are tried: enough to find one that fits. */
const TRIED = 20;

/**
 * The params to try now for each table decision (`DecisionSpec.examples`), built from the
 * table: one candidate per thing the decision could name, so that whenever the decision
 * would be accepted with some params, one of these is. `legal-decisions` offers a kind
 * only when one is accepted.
 */
function tableCandidates(): Record<string, (ctx: AvailabilityContext<unknown>) => object[]> {
  const zones = (ctx: AvailabilityContext<unknown>) => Object.keys(ctx.table.zones).slice(0, TRIED);
  // Only pieces the seat sees: the engine refuses the others (hidden-zones.ts), and an
  // example naming a hidden piece would tell the seat it is there.
  const pieces = (ctx: AvailabilityContext<unknown>, usable: (p: Piece) => boolean = () => true) =>
    Object.values(ctx.table.pieces)
      .filter((p) => usable(p) && !hiddenFrom(own(ctx.table.zones, p.zone), ctx.seat))
      .slice(0, TRIED)
      .map((p) => p.id);
  const fresh = (taken: Record<string, unknown>, prefix: string) => {
    for (let n = Object.keys(taken).length + 1; ; n += 1)
      if (!hasOwn(taken, `${prefix}-${n}`)) return `${prefix}-${n}`;
  };
  const decks = (ctx: AvailabilityContext<unknown>) => Object.keys(ctx.table.decks).slice(0, TRIED);
  // Where a seat's pieces and cards may go, as their choices offer it.
  const places = (ctx: AvailabilityContext<unknown>) =>
    targetZones(ctx)
      .slice(0, TRIED)
      .map((z) => z.id);
  const alive = (p: Piece) => p.status !== 'destroyed' && p.status !== 'captured';
  return {
    'create-zones': (ctx) => [
      { zones: [{ id: fresh(ctx.table.zones, 'zone'), kind: 'location' }] },
    ],
    'create-pieces': (ctx) => zones(ctx).map((zone) => ({ pieces: [{ type: 'marker', zone }] })),
    move: (ctx) => {
      const [piece] = movablePieces(ctx).map((p) => p.id);
      const [fleet] = Object.keys(ctx.table.fleets);
      return places(ctx).flatMap((to) => [
        ...(piece ? [{ pieces: [piece], to }] : []),
        ...(fleet ? [{ fleet, to }] : []),
      ]);
    },
    'change-piece': (ctx) =>
      pieces(ctx)
        .slice(0, 1)
        .map((piece) => ({ piece, attrs: {} })),
    destroy: (ctx) =>
      pieces(ctx, (p) => p.status !== 'destroyed')
        .slice(0, 1)
        .map((piece) => ({ pieces: [piece], cause: 'as the table says' })),
    restore: (ctx) =>
      pieces(ctx, (p) => !alive(p))
        .slice(0, 1)
        .flatMap((piece) => zones(ctx).map((to) => ({ pieces: [piece], to }))),
    capture: (ctx) =>
      pieces(ctx, alive)
        .slice(0, 1)
        .map((piece) => ({ pieces: [piece] })),
    'form-fleet': (ctx) =>
      pieces(ctx)
        .slice(0, 1)
        .map((piece) => ({ pieces: [piece] })),
    'change-fleet': (ctx) =>
      Object.keys(ctx.table.fleets)
        .slice(0, 1)
        .map((fleet) => ({ fleet })),
    'disband-fleet': (ctx) =>
      Object.keys(ctx.table.fleets)
        .slice(0, 1)
        .map((fleet) => ({ fleet })),
    'change-track': (ctx) => [{ track: Object.keys(ctx.table.tracks)[0] ?? 'track-1', delta: 1 }],
    roll: () => [{ dice: '1d6' }, { dice: '1d6', faces: [1] }],
    draw: (ctx) =>
      drawableDecks(ctx)
        .map((zone) => zone.id)
        .slice(0, TRIED)
        .flatMap((deck) => [
          { deck, count: 1 },
          ...zones(ctx).map((to) => ({ deck, count: 1, to })),
        ]),
    play: (ctx) => cardsToCandidates(ctx, places(ctx)),
    discard: (ctx) => cardsToCandidates(ctx, places(ctx)),
    shuffle: (ctx) => decks(ctx).map((deck) => ({ deck })),
    'start-phase': () => [{ phase: 'turn' }],
    'start-round': () => [{}],
    'declare-result': (ctx) => [{ winners: [ctx.seat], condition: 'as the table says' }],
  };
}

/** A card the seat may play or discard (in one of its zones or a public one), to each zone. */
function cardsToCandidates(ctx: AvailabilityContext<unknown>, zones: string[]): object[] {
  const [card] = reachableCards(ctx);
  return card ? zones.map((to) => ({ pieces: [card.id], to })) : [];
}

/** The table decisions, with their examples, the params to try in a state and their choices. */
export const TABLE_DECISIONS = withChoices(
  withCandidates(TABLE_DECISIONS_WITH_EXAMPLES, tableCandidates()),
  TABLE_CHOICES,
);

export function toZoneSpec(zone: ZoneParams): ZoneSpec {
  return { ...zone, adjacency: zone.adjacency ?? [], visibility: zone.visibility ?? 'public' };
}

/**
 * The id of a new zone given none: its name as a word of the id pattern («Лес у реки» →
 * «лес-у-реки»), else its kind, numbered past the ids taken («колода-2»).
 */
export function freshZoneId(
  zone: Pick<NewZoneParams, 'name' | 'kind'>,
  taken: (id: string) => boolean,
): string {
  const word = (text: string | undefined): string =>
    (text ?? '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}_.:@+#-]+/gu, '-')
      .slice(0, 100)
      .replace(/^[^\p{L}\p{N}]+|-+$/gu, '');
  const base = word(zone.name?.ru) || word(zone.name?.en) || word(zone.kind) || 'zone';
  if (!taken(base)) return base;
  for (let n = 2; ; n += 1) if (!taken(`${base}-${n}`)) return `${base}-${n}`;
}

export function toPieceSpec(piece: NewPieceParams, id: string): PieceSpec {
  return { ...piece, id };
}

function requireZone(table: Readonly<Table>, zone: string): void {
  if (!hasOwn(table.zones, zone))
    refuse('unknown_zone', { en: `There is no zone ${zone}`, ru: `Зоны «${zone}» на столе нет` });
}

function requirePieces(
  table: Readonly<Table>,
  ids: string[],
  usable: (piece: Piece) => boolean = () => true,
): void {
  for (const id of ids) {
    const piece = own(table.pieces, id);
    if (!piece)
      refuse('unknown_piece', { en: `There is no piece ${id}`, ru: `Фигуры «${id}» на столе нет` });
    if (!usable(piece))
      refuse('piece_state', {
        en: `Piece ${id} is ${piece.status}`,
        ru: `Фигура «${pieceName(table, id).ru}» ${PIECE_STATUS_RU[piece.status]}`,
      });
  }
}

function requireSeats(ctx: Ctx, seats: string[]): void {
  const unknown = seats.find((seat) => !ctx.seats.some((s) => s.seat === seat));
  if (unknown !== undefined) refuse('unknown_seat', noSeat(unknown));
}

/** Cards played or discarded must be in the acting seat's own zones (or a public one). */
function requireCardsTo(ctx: Ctx, pieces: string[], to: string): void {
  requirePieces(ctx.table, pieces);
  requireZone(ctx.table, to);
  const foreign = pieces.find((id) => {
    const from = own(ctx.table.zones, own(ctx.table.pieces, id)?.zone ?? '');
    return from?.visibility !== 'public' && from?.owner !== ctx.seat;
  });
  if (foreign)
    refuse('not_your_card', {
      en: `Card ${foreign} is not in one of ${ctx.seat}'s zones`,
      ru: `Карта «${pieceName(ctx.table, foreign).ru}» лежит не в вашей зоне`,
    });
}

function noSeat(seat: string): LocalizedText {
  return { en: `There is no seat ${seat}`, ru: `В матче нет места «${seat}»` };
}

function noFleet(fleet: string): LocalizedText {
  return { en: `There is no fleet ${fleet}`, ru: `Флота «${fleet}» нет` };
}

/** A piece's status after «Фигура … »: the feminine agrees with «фигура». */
const PIECE_STATUS_RU: Readonly<Record<Piece['status'], string>> = {
  active: 'в игре',
  tapped: 'повёрнута',
  damaged: 'повреждена',
  broken: 'сломана',
  destroyed: 'уничтожена',
  captured: 'захвачена',
};
