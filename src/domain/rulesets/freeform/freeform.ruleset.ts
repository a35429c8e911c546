import type { NewEvent, RecordedEvent } from '../../events/recorded-event';
import { matchEvent } from '../../match/match-events';
import { hasOwn, own, setOwn } from '../../shared/id-record';
import { lossCostSum, type Piece, type Table } from '../../table/table';
import { tableEvent, type PieceSpec, type ZoneSpec } from '../../table/table-events';
import { parseDiceOrReject } from '../../match/decision-context';
import { diceModesFromSource } from '../dice-source';
import { violation, type Rejection } from '../rule-violation';
import {
  decisionSpec,
  type DecisionContext,
  type DecisionSpec,
  type Derived,
  type Ruleset,
  type UndoVerdict,
} from '../ruleset';
import {
  CaptureParams,
  CardsToParams,
  ChangeFleetParams,
  ChangePieceParams,
  ChangeTrackParams,
  CreatePiecesParams,
  CreateZonesParams,
  DeckParams,
  DeclareParams,
  DeclareResultParams,
  DestroyParams,
  DrawParams,
  FleetParams,
  FormFleetParams,
  FreeformSetupParams,
  MoveParams,
  NewPieceParams,
  NoParams,
  RestoreParams,
  RollParams,
  StartPhaseParams,
  StartRoundParams,
  ZoneParams,
} from './freeform.params';

/**
 * Freeform: any game can be logged with no rules enforced. It checks only that what a
 * decision names exists (pieces, zones, decks, fleets, seats) and, when a phase names
 * active seats, that the seat acting is one of them. Judges can use it today for a game
 * no ruleset covers yet.
 */

type FreeformState = Record<string, never>;
type Ctx = DecisionContext<unknown>;

export const handZoneId = (seat: string): string => `hand:${seat}`;

/**
 * Cards played are revealed: an undo would un-see them. (Rolls, draws, shuffles and reveals
 * are barriers for every ruleset: the engine refuses undos across them.)
 */
const REVEALS = new Set(['CardsPlayed']);

/**
 * The freeform decisions. Other rulesets reuse them as manual adjustments (card texts
 * override rules and no catalog knows every card), recorded as such.
 */
export const freeformDecisions: Record<string, DecisionSpec<unknown, never>> = {
  'create-zones': decisionSpec({
    summary: { en: 'Create zones', ru: 'Создать зоны' },
    params: CreateZonesParams,
    turn: 'any',
    decide(ctx: Ctx, { zones }: CreateZonesParams) {
      const taken = zones.find((z) => hasOwn(ctx.table.zones, z.id));
      if (taken) return violation('duplicate_zone', `Zone ${taken.id} already exists`);
      return [tableEvent('ZonesCreated', { zones: zones.map(toZoneSpec) })];
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
        const zone = requireZone(ctx.table, piece.zone);
        if (zone) return zone;
        const id = piece.id ?? ctx.newPieceId('p');
        if (hasOwn(ctx.table.pieces, id) || ids.has(id))
          return violation('duplicate_piece', `Piece ${id} already exists`);
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
        return violation('move_target', 'Name either pieces or a fleet to move');
      const zone = requireZone(ctx.table, to);
      if (zone) return zone;
      if (fleet) {
        const found = own(ctx.table.fleets, fleet);
        if (!found) return violation('unknown_fleet', `There is no fleet ${fleet}`);
        return [tableEvent('PiecesMoved', { pieces: [...found.pieces], to, fleet })];
      }
      const missing = requirePieces(ctx.table, pieces ?? []);
      if (missing) return missing;
      return [tableEvent('PiecesMoved', { pieces: pieces ?? [], to })];
    },
  }),
  'change-piece': decisionSpec({
    summary: { en: 'Change a piece', ru: 'Изменить фигуру' },
    params: ChangePieceParams,
    turn: 'active',
    decide(ctx: Ctx, params: ChangePieceParams) {
      const missing = requirePieces(ctx.table, [params.piece]);
      if (missing) return missing;
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
      const missing = requirePieces(ctx.table, pieces, (p) => p.status !== 'destroyed');
      if (missing) return missing;
      return [tableEvent('PiecesDestroyed', { pieces, cause })];
    },
  }),
  restore: decisionSpec({
    summary: { en: 'Restore pieces from losses', ru: 'Вернуть фигуры из потерь' },
    params: RestoreParams,
    turn: 'active',
    decide(ctx: Ctx, { pieces, to }: RestoreParams) {
      const missing = requirePieces(
        ctx.table,
        pieces,
        (p) => p.status === 'destroyed' || p.status === 'captured',
      );
      if (missing) return missing;
      const zone = requireZone(ctx.table, to);
      if (zone) return zone;
      return [tableEvent('PiecesRestored', { pieces, to })];
    },
  }),
  capture: decisionSpec({
    summary: { en: 'Capture pieces', ru: 'Захватить фигуры' },
    params: CaptureParams,
    turn: 'active',
    decide(ctx: Ctx, { pieces, by, to, cause }: CaptureParams) {
      const missing = requirePieces(
        ctx.table,
        pieces,
        (p) => p.status !== 'destroyed' && p.status !== 'captured',
      );
      if (missing) return missing;
      const captor = by ?? ctx.seat;
      if (!ctx.seats.some((s) => s.seat === captor))
        return violation('unknown_seat', `There is no seat ${captor}`);
      if (to) {
        const zone = requireZone(ctx.table, to);
        if (zone) return zone;
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
      const missing = requirePieces(ctx.table, pieces);
      if (missing) return missing;
      const id = fleet ?? ctx.newPieceId('fleet');
      if (hasOwn(ctx.table.fleets, id))
        return violation('duplicate_fleet', `Fleet ${id} already exists`);
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
        return violation('unknown_fleet', `There is no fleet ${params.fleet}`);
      const missing = requirePieces(ctx.table, [...(params.add ?? []), ...(params.remove ?? [])]);
      if (missing) return missing;
      return [tableEvent('FleetChanged', { ...params })];
    },
  }),
  'disband-fleet': decisionSpec({
    summary: { en: 'Disband a fleet', ru: 'Расформировать флот' },
    params: FleetParams,
    turn: 'active',
    decide(ctx: Ctx, { fleet }: FleetParams) {
      if (!hasOwn(ctx.table.fleets, fleet))
        return violation('unknown_fleet', `There is no fleet ${fleet}`);
      return [tableEvent('FleetDisbanded', { fleet })];
    },
  }),
  'change-track': decisionSpec({
    summary: { en: 'Change a track', ru: 'Изменить трек' },
    params: ChangeTrackParams,
    turn: 'active',
    decide(ctx: Ctx, { track, value, delta, owner, name }: ChangeTrackParams) {
      if ((value === undefined) === (delta === undefined))
        return violation('track_change', 'Give either value or delta');
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
      if (!pile) return violation('unknown_deck', `There is no deck ${deck}`);
      if (pile.order.length < count)
        return violation(
          'deck_short',
          `Deck ${deck} has ${pile.order.length} cards, ${count} asked for`,
        );
      const target = to ?? handZoneId(ctx.seat);
      const zone = requireZone(ctx.table, target);
      if (zone) return zone;
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
      const checked = requireCardsTo(ctx, pieces, to);
      if (checked) return checked;
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
      const checked = requireCardsTo(ctx, pieces, to);
      if (checked) return checked;
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
      const unknown = requireSeats(ctx, [...(active ?? []), ...(priority ? [priority] : [])]);
      if (unknown) return unknown;
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
      const unknown = requireSeats(ctx, [...(active ?? []), ...(priority ? [priority] : [])]);
      if (unknown) return unknown;
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
  declare: decisionSpec({
    summary: {
      en: 'Declare a simultaneous choice (sealed)',
      ru: 'Объявить одновременный выбор (запечатанный)',
    },
    params: DeclareParams,
    turn: 'any',
    sealing: 'required',
    revealAfter: (ctx) => ctx.seats.map((s) => s.seat),
    // The choice is the decision's params, now revealed; freeform enforces nothing about it.
    decide: () => [],
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
      const unknown = requireSeats(ctx, winners);
      if (unknown) return unknown;
      return [matchEvent('MatchFinished', { winners, condition })];
    },
  }),
};

export const freeformRuleset: Ruleset<FreeformState> = {
  id: 'freeform',
  version: '1.0.0',
  title: { en: 'Freeform', ru: 'Свободная запись' },
  summary: {
    en: 'Logs any game without enforcing its rules: zones, pieces, fleets, losses, tracks, cards and dice.',
    ru: 'Запись любой игры без проверки правил: зоны, фигуры, флоты, потери, треки, карты и кубики.',
  },
  options: [
    {
      id: 'diceSource',
      title: { en: 'Dice source', ru: 'Источник кубиков' },
      description: {
        en: 'Server: every roll uses provable server dice. Reported: players roll real dice and report the faces. Either: each roll chooses (faces given: reported; left out: server). Fixed at match creation and checked by matchlog verify.',
        ru: 'Сервер: все броски — проверяемые серверные кубики. Физические: игроки сообщают значения настоящих кубиков. Любые: каждый бросок выбирает сам (значения указаны — физические, нет — серверные). Фиксируется при создании партии и проверяется matchlog verify.',
      },
      type: 'enum',
      choices: [
        { value: 'server', title: { en: 'Server dice', ru: 'Серверные кубики' } },
        { value: 'reported', title: { en: 'Reported dice', ru: 'Физические кубики' } },
        { value: 'either', title: { en: 'Either', ru: 'Любые' } },
      ],
      default: 'either',
    },
  ],
  diceModes: (options) => diceModesFromSource(options.diceSource),
  catalog: [],
  seats: { min: 1, max: 16 },
  setupParams: FreeformSetupParams,
  initialState: () => ({}),
  setup({ seats, params }) {
    const setup = params as FreeformSetupParams;
    const hands: ZoneSpec[] = seats.map(({ seat }) => ({
      id: handZoneId(seat),
      kind: 'hand',
      owner: seat,
      name: { en: `${seat}'s hand`, ru: `Рука ${seat}` },
      visibility: 'owner',
    }));
    const zones = [...hands, ...(setup.zones ?? []).map(toZoneSpec)];
    const zoneIds = new Set(zones.map((z) => z.id));
    if (zoneIds.size !== zones.length)
      return violation(
        'duplicate_zone',
        'Zone ids must be unique (hand:<seat> zones are created for every seat)',
      );
    const pieces = setup.pieces ?? [];
    const pieceIds = new Set<string>();
    const specs: PieceSpec[] = [];
    for (const [index, piece] of pieces.entries()) {
      if (!zoneIds.has(piece.zone))
        return violation('unknown_zone', `Piece ${index} is placed in unknown zone ${piece.zone}`);
      const id = piece.id ?? `p${index + 1}`;
      if (pieceIds.has(id)) return violation('duplicate_piece', `Piece id ${id} is used twice`);
      pieceIds.add(id);
      specs.push(toPieceSpec(piece, id));
    }
    const events: NewEvent[] = [tableEvent('ZonesCreated', { zones })];
    if (specs.length > 0) events.push(tableEvent('PiecesCreated', { pieces: specs }));
    return events;
  },
  decisions: freeformDecisions,
  evolve: (rs) => rs,
  derive(table: Readonly<Table>): Derived {
    const losses: Record<string, { count: number; cost: number }> = {};
    for (const [owner, pile] of Object.entries(table.losses)) {
      setOwn(losses, owner, { count: pile.length, cost: lossCostSum(table as Table, owner) });
    }
    return { losses };
  },
  undo({ seat, since }): UndoVerdict {
    const blocking = since.find((e) => REVEALS.has(e.type));
    if (blocking) {
      return {
        allowed: false,
        violation: {
          ...violation(
            'undo_blocked',
            `${blocking.type} at seq ${blocking.seq} cannot be taken back`,
          ),
          blockingSeq: blocking.seq,
        },
      };
    }
    return { allowed: true, needsConsent: !isOwnSingleDecision(since, seat) };
  },
};

/** An own decision not yet followed by anything may be undone without consent. */
function isOwnSingleDecision(since: readonly RecordedEvent[], seat: string): boolean {
  const decisionIds = new Set(since.map((e) => e.meta.decisionId));
  return decisionIds.size === 1 && since.every((e) => e.meta.actor.seat === seat);
}

function toZoneSpec(zone: ZoneParams): ZoneSpec {
  return { ...zone, adjacency: zone.adjacency ?? [], visibility: zone.visibility ?? 'public' };
}

function toPieceSpec(piece: NewPieceParams, id: string): PieceSpec {
  return { ...piece, id };
}

function requireZone(table: Readonly<Table>, zone: string): Rejection | undefined {
  return hasOwn(table.zones, zone)
    ? undefined
    : violation('unknown_zone', `There is no zone ${zone}`);
}

function requirePieces(
  table: Readonly<Table>,
  ids: string[],
  usable: (piece: Piece) => boolean = () => true,
): Rejection | undefined {
  for (const id of ids) {
    const piece = own(table.pieces, id);
    if (!piece) return violation('unknown_piece', `There is no piece ${id}`);
    if (!usable(piece)) return violation('piece_state', `Piece ${id} is ${piece.status}`);
  }
  return undefined;
}

function requireSeats(ctx: Ctx, seats: string[]): Rejection | undefined {
  const unknown = seats.find((seat) => !ctx.seats.some((s) => s.seat === seat));
  return unknown === undefined
    ? undefined
    : violation('unknown_seat', `There is no seat ${unknown}`);
}

/** Cards played or discarded must be in the acting seat's own zones (or a public one). */
function requireCardsTo(ctx: Ctx, pieces: string[], to: string): Rejection | undefined {
  const missing = requirePieces(ctx.table, pieces);
  if (missing) return missing;
  const zone = requireZone(ctx.table, to);
  if (zone) return zone;
  const foreign = pieces.find((id) => {
    const from = own(ctx.table.zones, own(ctx.table.pieces, id)?.zone ?? '');
    return from?.visibility !== 'public' && from?.owner !== ctx.seat;
  });
  return foreign
    ? violation('not_your_card', `Card ${foreign} is not in one of ${ctx.seat}'s zones`)
    : undefined;
}
