import type { NewEvent, RecordedEvent } from '../events/recorded-event';
import { catalogPieceName, positionProblem } from '../rulesets/kit/position-problem';
import { zoneName } from '../rulesets/kit/table-names';
import { PositionParams } from '../rulesets/position.params';
import type { InvalidParams } from '../rulesets/rule-violation';
import type { PositionInput, PositionProblem, Ruleset, SeatSpec } from '../rulesets/ruleset';
import { reportedFieldErrors, validateParams } from '../rulesets/validate-params';
import { own } from '../shared/id-record';
import { ruCount, type LocalizedText } from '../shared/localized-text';
import { lossZoneId, type Table } from '../table/table';
import { tableEvent, type PiecesCreatedData, type PieceSpec } from '../table/table-events';
import type { Position, PositionPiece } from '../table/table-position';
import { evolveMatch } from './evolve-match';
import { initialMatchState, type MatchState } from './match-state';
import { tableOfMatch } from './score-series';

/**
 * A match from a given position (issue 45). The position's table part is laid over what the
 * ruleset's setup lays out: every piece it names is taken out of the setup's creation and
 * created again where the position puts it (so pieces in hands and decks are committed like
 * any setup piece in a hidden zone, hidden-zones.ts), a deck laid out is created in the
 * order given, and tracks and the turn follow as table events. The ruleset checks the
 * position against its rules and records its own slice with its own events. Every problem
 * is reported at once; a position with any is refused and no match is created.
 */

/** The cause a piece destroyed before the first decision carries in its owner's losses. */
export const POSITION_CAUSE = 'position';

export interface LaidPosition {
  /** The setup's events with the pieces the position names created where it puts them. */
  setupEvents: NewEvent[];
  /** What follows the setup: losses, captures, tracks, the turn, the ruleset's own slice. */
  after: NewEvent[];
  /** Deck zones laid out in a given order by the organizer. */
  laidOutDecks: string[];
  /** The position as MatchCreated records it, once the hidden pieces are known (`publicPosition`). */
  position: Position;
}

interface Draft {
  ruleset: Ruleset;
  matchId: string;
  seats: readonly SeatSpec[];
  options: Readonly<Record<string, string | number | boolean>>;
  setup: Readonly<Record<string, unknown>>;
  /** MatchCreated, as it will be recorded (rulesets fold their seats and setup from it). */
  created: NewEvent;
  setupEvents: readonly NewEvent[];
}

/** Lays the position over the setup, or refuses it naming each problem. */
export function layPosition(base: Draft, raw: unknown): LaidPosition | InvalidParams {
  const { ruleset } = base;
  const part = ruleset.position;
  if (!part)
    return refusal([
      problem('', {
        en: `${ruleset.title.en} cannot start from a given position`,
        ru: `Игру «${ruleset.title.ru}» нельзя начать с заданной позиции`,
      }),
    ]);
  const checked = validateParams(PositionParams, raw, 'The position');
  if (!checked.ok) return prefixedRejection(checked.rejection);
  const given = structuredClone(raw) as Position;
  const position = part.complete ? part.complete(structuredClone(given)) : given;
  // Zones that come into play with the position's pieces are laid out before them.
  const zones = part.zones?.(position, base.seats) ?? [];
  const draft: Draft =
    zones.length > 0
      ? { ...base, setupEvents: [...base.setupEvents, tableEvent('ZonesCreated', { zones })] }
      : base;
  const setupState = fold(draft, [draft.created, ...draft.setupEvents]);
  // A game that keeps its table in its own slice (`projectTable`, Star Wars) is read as GET
  // state shows it: the engine checks the position's names against that table and the game
  // records the whole position with its own events (laying table events under it would
  // leave pieces its evolve never sees).
  const projected = ruleset.projectTable !== undefined;
  const setupTable = tableOfMatch(ruleset, setupState);
  const problems: PositionProblem[] = [];
  const placed = placements(draft, position, setupTable, problems);
  const checkedAfter = afterEvents(draft, position, setupTable, problems);
  const setupEvents = projected ? [...draft.setupEvents] : recreated(draft.setupEvents, placed);
  const after = projected ? [] : checkedAfter;
  let rules: Record<string, unknown> = {};
  if (position.rules !== undefined) {
    if (!part.rules)
      problems.push(
        problem('rules', {
          en: `A position of ${ruleset.title.en} has no rules part`,
          ru: `У позиции игры «${ruleset.title.ru}» нет части правил (rules)`,
        }),
      );
    else {
      const valid = validateParams(part.rules, position.rules, 'The position rules');
      if (valid.ok) rules = position.rules;
      else
        for (const error of valid.rejection.errors)
          problems.push({
            path: `rules.${error.path}`,
            message: error.localized?.[0] ?? { en: error.messages[0], ru: error.messages[0] },
          });
    }
  }
  const laidState = fold(draft, [draft.created, ...setupEvents, ...after]);
  const input: PositionInput<unknown> = {
    seats: draft.seats,
    options: draft.options,
    setup: draft.setup,
    table: projected ? setupTable : laidState.table,
    setupTable,
    rs: laidState.rs as never,
    position,
    rules,
  };
  problems.push(...part.validate(input));
  if (problems.length > 0) return refusal(problems);
  return {
    setupEvents,
    after: [...after, ...part.events(input)],
    laidOutDecks: (position.decks ?? []).map((deck) => deck.deck),
    position: given,
  };
}

/**
 * The position as MatchCreated records it: without what it places in hidden zones, and its
 * `rules` without what the ruleset keeps hidden (`RulesetPosition.publicRules`).
 */
export function publicPosition(
  position: Position,
  hidden: ReadonlySet<string>,
  ruleset?: Pick<Ruleset, 'position'>,
): Position {
  const { decks: _decks, rules, ...rest } = position;
  const shownRules =
    rules && ruleset?.position?.publicRules ? ruleset.position.publicRules(rules) : rules;
  return {
    ...rest,
    ...(position.pieces ? { pieces: position.pieces.filter((p) => !hidden.has(p.id)) } : {}),
    ...(shownRules !== undefined ? { rules: shownRules } : {}),
  };
}

/** Each piece the position names, with the spec it is created with (in creation order). */
function placements(
  draft: Draft,
  position: Position,
  table: Readonly<Table>,
  problems: PositionProblem[],
): PieceSpec[] {
  const { ruleset } = draft;
  const seatIds = new Set(draft.seats.map((s) => s.seat));
  const placedAt = new Map<string, { path: string; zone: string }>();
  const specs = new Map<string, PieceSpec>();
  const named = (id: string, spec?: { type?: string }): LocalizedText =>
    own(table.pieces, id)
      ? catalogPieceName(ruleset.catalog, table, id)
      : { en: spec?.type ?? id, ru: spec?.type ?? id };
  const place = (path: string, id: string, zone: string): boolean => {
    const earlier = placedAt.get(id);
    if (!earlier) {
      placedAt.set(id, { path, zone });
      return true;
    }
    const name = named(id, specs.get(id));
    const [a, b] = [zoneName(table, earlier.zone), zoneName(table, zone)];
    if (earlier.zone === zone)
      problems.push(
        problem(path, {
          en: `${name.en} (${id}) is listed twice in ${a.en} (${earlier.path} and ${path})`,
          ru: `Фигура «${name.ru}» (${id}) указана в «${a.ru}» дважды (${earlier.path} и ${path})`,
        }),
      );
    else
      problems.push(
        problem(path, {
          en: `${name.en} (${id}) is placed twice: in ${a.en} (${earlier.path}) and in ${b.en}`,
          ru: `Фигура «${name.ru}» (${id}) указана в двух местах: «${a.ru}» (${earlier.path}) и «${b.ru}»`,
        }),
      );
    return false;
  };
  const checkSeat = (path: string, seat: string | undefined) => {
    if (seat !== undefined && !seatIds.has(seat)) problems.push(unknownSeat(path, seat));
  };
  for (const [index, piece] of (position.pieces ?? []).entries()) {
    const path = `pieces.${index}`;
    const existing = own(table.pieces, piece.id);
    if (!existing && (piece.type === undefined || !ruleset.position?.newPieces)) {
      problems.push(
        problem(`${path}.id`, {
          en: `There is no piece ${piece.id} on this game's table${ruleset.position?.newPieces ? ' (a new piece needs its type)' : ''}`,
          ru: `Фигуры «${piece.id}» на столе этой игры нет${ruleset.position?.newPieces ? ' (для новой фигуры укажите её тип)' : ''}`,
        }),
      );
      continue;
    }
    if (
      existing &&
      piece.type !== undefined &&
      piece.type !== existing.type &&
      !ruleset.position?.newPieces
    )
      problems.push(
        problem(`${path}.type`, {
          en: `${catalogPieceName(ruleset.catalog, table, piece.id).en} (${piece.id}) is a ${existing.type}, not a ${piece.type}`,
          ru: `Фигура «${catalogPieceName(ruleset.catalog, table, piece.id).ru}» (${piece.id}) — это ${existing.type}, а не ${piece.type}`,
        }),
      );
    checkSeat(`${path}.owner`, piece.owner);
    checkSeat(`${path}.capturedBy`, piece.capturedBy);
    const owner = piece.owner ?? existing?.owner;
    const name = named(piece.id, piece);
    if (piece.status === 'destroyed') {
      if (piece.zone !== lossZoneId(owner))
        problems.push(
          problem(`${path}.zone`, {
            en: `${name.en} (${piece.id}) is destroyed: it lies in its owner's losses, ${lossZoneId(owner)}`,
            ru: `Фигура «${name.ru}» (${piece.id}) уничтожена: она лежит в потерях владельца, ${lossZoneId(owner)}`,
          }),
        );
    } else if (!own(table.zones, piece.zone)) {
      problems.push(unknownZone(`${path}.zone`, piece.zone));
      continue;
    }
    if ((piece.status === 'captured') !== (piece.capturedBy !== undefined))
      problems.push(
        problem(`${path}.capturedBy`, {
          en: `${name.en} (${piece.id}): a captured piece names the seat that captured it (capturedBy), and only a captured one`,
          ru: `Фигура «${name.ru}» (${piece.id}): у захваченной фигуры указывают, кто её захватил (capturedBy), и только у захваченной`,
        }),
      );
    if (!place(path, piece.id, piece.zone)) continue;
    specs.set(piece.id, specOf(piece, existing));
  }
  for (const [index, deck] of (position.decks ?? []).entries()) {
    const path = `decks.${index}`;
    if (!own(table.decks, deck.deck)) {
      problems.push(
        problem(`${path}.deck`, {
          en: `There is no deck ${deck.deck} on this game's table`,
          ru: `Колоды «${deck.deck}» на столе этой игры нет`,
        }),
      );
      continue;
    }
    for (const [at, id] of deck.order.entries()) {
      const given = specs.get(id);
      const existing = own(table.pieces, id);
      if (!given && !existing) {
        problems.push(
          problem(`${path}.order.${at}`, {
            en: `There is no card ${id} on this game's table`,
            ru: `Карты «${id}» на столе этой игры нет`,
          }),
        );
        continue;
      }
      // A new card listed in `pieces` in this very deck is the same placement, not a second.
      if (given && given.zone === deck.deck && placedAt.get(id)?.path.startsWith('pieces')) {
        placedAt.set(id, { path: `${path}.order.${at}`, zone: deck.deck });
        specs.delete(id);
        specs.set(id, given);
        continue;
      }
      if (!place(`${path}.order.${at}`, id, deck.deck)) continue;
      specs.set(id, { ...specOf({ id, zone: deck.deck }, existing) });
    }
  }
  // A laid-out deck lists every card in it: what the setup left there and no order names.
  for (const [index, deck] of (position.decks ?? []).entries()) {
    const listed = new Set(deck.order);
    const left = Object.values(table.pieces)
      .filter((p) => p.zone === deck.deck && !listed.has(p.id) && !specs.has(p.id))
      .map((p) => p.id);
    const moved = [...specs.values()]
      .filter((spec) => spec.zone === deck.deck && !listed.has(spec.id))
      .map((spec) => spec.id);
    const extra = [...left, ...moved];
    if (extra.length === 0 || !own(table.decks, deck.deck)) continue;
    const name = zoneName(table, deck.deck);
    problems.push(
      problem(`decks.${index}.order`, {
        en: `The deck ${name.en} also holds ${extra.join(', ')}, which its order does not list: list every card of the deck, or place those elsewhere`,
        ru: `В колоде «${name.ru}» лежат ещё ${extra.join(', ')}, а в её порядке ${extra.length === 1 ? 'этой карты' : 'этих карт'} нет: перечислите все карты колоды или положите ${extra.length === 1 ? 'эту карту' : 'эти карты'} в другое место`,
      }),
    );
  }
  return [...specs.values()];
}

function specOf(piece: PositionPiece, existing: Table['pieces'][string] | undefined): PieceSpec {
  const owner = piece.owner ?? existing?.owner;
  const attrs = { ...existing?.attrs, ...piece.attrs };
  const status = piece.status ?? existing?.status;
  return {
    id: piece.id,
    type: piece.type ?? existing?.type ?? piece.id,
    ...(owner === undefined ? {} : { owner }),
    zone: piece.zone,
    ...(status === undefined || status === 'active' ? {} : { status }),
    ...(Object.keys(attrs).length > 0 ? { attrs } : {}),
  };
}

/**
 * The setup's events, each piece the position names taken out of its creation and created
 * again, where the position puts it, in one `PiecesCreated` after them (decks in their order).
 */
function recreated(events: readonly NewEvent[], placed: readonly PieceSpec[]): NewEvent[] {
  if (placed.length === 0) return [...events];
  const ids = new Set(placed.map((spec) => spec.id));
  const out: NewEvent[] = [];
  for (const event of events) {
    if (event.type !== 'PiecesCreated') {
      out.push(event);
      continue;
    }
    const data = event.data as PiecesCreatedData;
    const pieces = (data.pieces ?? []).filter((p) => !ids.has(p.id));
    const secret = data.secret?.pieces.filter((p) => !ids.has(p.id));
    if (pieces.length === 0 && (secret === undefined || secret.length === 0)) continue;
    out.push({
      ...event,
      data: {
        ...data,
        pieces,
        ...(secret && data.secret ? { secret: { ...data.secret, pieces: secret } } : {}),
      },
    });
  }
  // Created in this order, a laid-out deck's cards make its order (they alone are in it).
  out.push(tableEvent('PiecesCreated', { pieces: placed.map((spec) => ({ ...spec })) }));
  return out;
}

/** Losses, captures, tracks and the turn, as table events after the setup. */
function afterEvents(
  draft: Draft,
  position: Position,
  table: Readonly<Table>,
  problems: PositionProblem[],
): NewEvent[] {
  const seatIds = new Set(draft.seats.map((s) => s.seat));
  const events: NewEvent[] = [];
  const pieces = position.pieces ?? [];
  const destroyed = pieces.filter((p) => p.status === 'destroyed').map((p) => p.id);
  if (destroyed.length > 0)
    events.push(tableEvent('PiecesDestroyed', { pieces: destroyed, cause: POSITION_CAUSE }));
  const capturers = new Set(pieces.flatMap((p) => (p.capturedBy ? [p.capturedBy] : [])));
  for (const by of capturers)
    events.push(
      tableEvent('PiecesCaptured', {
        pieces: pieces
          .filter((p) => p.capturedBy === by && p.status === 'captured')
          .map((p) => p.id),
        by,
      }),
    );
  const seen = new Set<string>();
  for (const [index, track] of (position.tracks ?? []).entries()) {
    const path = `tracks.${index}`;
    const existing = own(table.tracks, track.id);
    if (seen.has(track.id)) {
      problems.push(
        problem(path, {
          en: `The track ${track.id} is given twice`,
          ru: `Трек «${track.id}» указан дважды`,
        }),
      );
      continue;
    }
    seen.add(track.id);
    if (!existing && !draft.ruleset.position?.newTracks) {
      problems.push(
        problem(`${path}.id`, {
          en: `There is no track ${track.id} on this game's table`,
          ru: `Трека «${track.id}» на столе этой игры нет`,
        }),
      );
      continue;
    }
    if (track.owner !== undefined && !seatIds.has(track.owner)) {
      problems.push(unknownSeat(`${path}.owner`, track.owner));
      continue;
    }
    const owner = existing?.owner ?? track.owner;
    events.push(
      tableEvent('TrackChanged', {
        track: track.id,
        ...(owner === undefined ? {} : { owner }),
        ...(existing?.name ? { name: existing.name } : {}),
        value: track.value,
        delta: track.value - (existing?.value ?? 0),
      }),
    );
  }
  const turn = position.turn;
  if (turn) {
    for (const [index, seat] of (turn.active ?? []).entries())
      if (!seatIds.has(seat)) problems.push(unknownSeat(`turn.active.${index}`, seat));
    if (turn.priority !== undefined && !seatIds.has(turn.priority))
      problems.push(unknownSeat('turn.priority', turn.priority));
    events.push(
      tableEvent('RoundStarted', {
        round: turn.round,
        ...(turn.active ? { active: [...turn.active] } : {}),
        ...(turn.priority !== undefined ? { priority: turn.priority } : {}),
      }),
    );
    if (turn.phase !== undefined)
      events.push(
        tableEvent('PhaseStarted', {
          phase: turn.phase,
          active: [...(turn.active ?? [])],
          ...(turn.priority !== undefined ? { priority: turn.priority } : {}),
        }),
      );
  }
  return events;
}

/** The match state a draft of events folds to (no envelope yet: seqs from 0, no hashes). */
function fold(draft: Draft, events: readonly NewEvent[]): MatchState {
  const { ruleset, matchId } = draft;
  const state = initialMatchState(matchId, ruleset.initialState()) as MatchState;
  for (const [seq, event] of events.entries())
    evolveMatch(ruleset, state, {
      eventId: `draft-${seq}`,
      matchId,
      seq,
      type: event.type,
      data: structuredClone(event.data),
      meta: {
        actor: { kind: 'system', id: 'system' },
        recordedAt: '1970-01-01T00:00:00.000Z',
        ruleset: { id: ruleset.id, version: ruleset.version },
        visibility: event.visibility ?? 'public',
        prevHash: '',
        hash: '',
      },
    } satisfies RecordedEvent);
  return state;
}

const problem = positionProblem;

function unknownSeat(path: string, seat: string): PositionProblem {
  return problem(path, {
    en: `There is no seat ${seat} in this match`,
    ru: `Места «${seat}» в этом матче нет`,
  });
}

function unknownZone(path: string, zone: string): PositionProblem {
  return problem(path, {
    en: `There is no zone ${zone} on this game's table`,
    ru: `Зоны «${zone}» на столе этой игры нет`,
  });
}

/** One refusal naming every problem: each is a field error at its path in the position. */
export function refusal(problems: readonly PositionProblem[]): InvalidParams {
  const errors = problems.map((p) => ({
    path: p.path ? `position.${p.path}` : 'position',
    messages: [p.message.en],
    localized: [p.message],
    ...(p.ruleRef ? { ruleRef: p.ruleRef } : {}),
  }));
  const { listed, omitted } = reportedFieldErrors(errors);
  const said = problems.slice(0, listed.length).map((p) => p.message);
  const count = problems.length;
  const more =
    omitted > 0 ? { en: `, and ${omitted} more`, ru: ` (и ещё ${omitted})` } : { en: '', ru: '' };
  return {
    kind: 'invalid_params',
    message: `The position is refused (${count} ${count === 1 ? 'problem' : 'problems'}): ${said.map((m) => m.en).join('; ')}${more.en}`,
    localized: {
      en: `The position is refused (${count} ${count === 1 ? 'problem' : 'problems'}): ${said.map((m) => m.en).join('; ')}${more.en}`,
      ru: `Позиция не принята (${ruCount(count, 'ошибка', 'ошибки', 'ошибок')}): ${said.map((m) => m.ru).join('; ')}${more.ru}`,
    },
    errors: listed,
  };
}

/** A schema refusal of the position, its paths under `position`. */
function prefixedRejection(rejection: InvalidParams): InvalidParams {
  return {
    ...rejection,
    errors: rejection.errors.map((e) => ({
      ...e,
      path: e.path ? `position.${e.path}` : 'position',
    })),
  };
}
