import { legionsOfSeats, seatRole } from './sw-roles';
import type { NewEvent, RecordedEvent } from '../../events/recorded-event';
import { own } from '../../shared/id-record';
import { ruCount, type LocalizedText } from '../../shared/localized-text';
import type { PositionPiece } from '../../table/table-position';
import { positionProblem as problem } from '../kit/position-problem';
import type { PositionInput, PositionProblem, RulesetPosition } from '../ruleset';
import {
  SHIPS,
  STATION,
  SUPPORT_KINDS,
  UNITS,
  type ShipClass,
  type SupportKind,
  type UnitKind,
  type Vessel,
} from './sw-catalog';
import type { MapId, SwEvents } from './sw-events';
import type { Hex } from './sw-hex';
import { hexKey, shipCells } from './sw-mission';
import { legionName, pieceName } from './sw-names';
import { swOptions } from './sw-options';
import { RULES } from './sw-rules-text';
import { cannotEnter, spaceOccupancy } from './sw-space-map';
import { evolveSw, legionOf, type SwState } from './sw-state';
import { SwPositionRulesParams } from './sw.params';
import { cellId } from './sw-table';
import { captainFor } from './decisions/space';
import { roundOrder } from './decisions/turns';

/**
 * A Star Wars strategic mission from a given position (issue 45), read as GET state shows the
 * table (sw-table.ts): ships with their bow cell, heading, shields and decks; stations, mines,
 * ground units, support means and generators; each legion's credits; and, when a `turn` is
 * given, the round and the factions whose turn starts on each map (`turn.active`: space, then
 * ground; one seat when it is the same) with the rolled orders in `rules.order`. Without a
 * `turn` the position is the mission's start: orders are still rolled by «begin». Everything is
 * recorded with the events the game already folds, then checked on the laid slice as play
 * would check it: cells, occupancy, the class maxima, stations, credits.
 */

interface Laid {
  events: NewEvent[];
  problems: PositionProblem[];
}

const VESSELS = Object.keys(SHIPS) as Vessel[];
const NEW_UNIT_KINDS: readonly UnitKind[] = ['infantry', 'walker'];
const MAPS = ['space', 'ground'] as const;
/** What GET state shows a piece as: its damage is in its attrs. */
const STATUSES: readonly string[] = ['active', 'damaged', 'destroyed'];

function lay(input: PositionInput<SwState>): Laid {
  const rs = structuredClone(input.rs) as SwState;
  const events: NewEvent[] = [];
  const problems: PositionProblem[] = [];
  const seats = legionsOfSeats(input.seats);
  const push = <K extends keyof SwEvents>(type: K, data: SwEvents[K]) => {
    events.push({ type, data });
    evolveSw(rs, { type, data } as unknown as RecordedEvent);
  };
  const who = (seat: string) => legionName(rs, seat);
  for (const [index, piece] of (input.position.pieces ?? []).entries())
    layPiece(rs, input, piece, `pieces.${index}`, push, problems);

  for (const [index, track] of (input.position.tracks ?? []).entries()) {
    const path = `tracks.${index}`;
    // A track not on the table at all is the engine's problem, reported once.
    if (!own(input.setupTable.tracks, track.id)) continue;
    const seat = track.id.startsWith('credits:') ? track.id.slice('credits:'.length) : undefined;
    if (seat === undefined || !seats.includes(seat)) {
      problems.push(
        problem(`${path}.id`, {
          en: `A position sets each legion's credits (credits:<seat>), not ${track.id}: the other counters follow from play`,
          ru: `Позиция задаёт кредиты легиона (credits:<место>), а не «${track.id}»: остальные счётчики набираются в игре`,
        }),
      );
      continue;
    }
    if (track.value < 0) {
      problems.push(
        problem(
          `${path}.value`,
          {
            en: `${who(seat).en} cannot have ${track.value} credits: credits are never below 0`,
            ru: `У легиона «${who(seat).ru}» не может быть ${track.value} кредитов: кредитов не бывает меньше 0`,
          },
          RULES.purchase,
        ),
      );
      continue;
    }
    push('IncomeCollected', { legion: seat, dice: 0, total: 0, credits: track.value });
  }
  layTurn(rs, input, push, problems);
  problems.push(...slotProblems(rs, input));
  return { events, problems };
}

type Push = <K extends keyof SwEvents>(type: K, data: SwEvents[K]) => void;

/** A cell id of a map (`s:q:r`, `g:q:r`) as a hex, if it is one of that map's cells. */
function cellOf(rs: Readonly<SwState>, map: MapId, id: string): Hex | undefined {
  const match = /^([sg]):(-?\d+):(-?\d+)$/.exec(id);
  if (!match || match[1] !== map[0]) return undefined;
  const hex = { q: Number(match[2]), r: Number(match[3]) };
  const cells: Readonly<Record<string, unknown>> = rs[map].cells;
  return own(cells, hexKey(hex)) ? hex : undefined;
}

const mapName = (map: MapId): LocalizedText =>
  map === 'space'
    ? { en: 'the space map', ru: 'карте «Космическое сражение»' }
    : { en: 'the ground map', ru: 'карте «Наземное сражение»' };

function layPiece(
  rs: SwState,
  input: PositionInput<SwState>,
  piece: PositionPiece,
  path: string,
  push: Push,
  problems: PositionProblem[],
): void {
  const before = own(input.setupTable.pieces, piece.id);
  const type = piece.type ?? before?.type ?? '';
  const name = pieceName(piece.id);
  const say = (at: string, message: LocalizedText, ruleRef?: string): void => {
    problems.push(problem(`${path}${at}`, message, ruleRef));
  };
  if (before && piece.type !== undefined && piece.type !== before.type)
    return say('.type', {
      en: `${name.en} (${piece.id}) is a ${before.type}, not a ${piece.type}`,
      ru: `${name.ru} (${piece.id}) — это «${before.type}», а не «${piece.type}»`,
    });
  const isStation = type === 'station';
  if (before && !isStation && piece.owner !== undefined && piece.owner !== before.owner)
    return say('.owner', {
      en: `${name.en} (${piece.id}) stays with its legion`,
      ru: `${name.ru} (${piece.id}) остаётся в своём легионе`,
    });
  const owner = piece.owner ?? before?.owner;
  if (!before && !isStation && owner === undefined)
    return say('.owner', {
      en: `A new piece names the legion it belongs to (owner)`,
      ru: `У новой фигуры указывают легион, которому она принадлежит (owner)`,
    });
  const destroyed = piece.status === 'destroyed';
  if (
    piece.status !== undefined &&
    !STATUSES.includes(piece.status) &&
    !(isStation && piece.status === 'captured')
  )
    return say('.status', {
      en: `${name.en} (${piece.id}) is on the table (active or damaged) or destroyed, not ${piece.status}`,
      ru: `${name.ru} (${piece.id}) стоит на столе (active или damaged) или уничтожена (destroyed), а не «${piece.status}»`,
    });
  if (!before && destroyed)
    return say('.status', {
      en: `A new piece starts on the table, not destroyed`,
      ru: `Новая фигура ставится на стол, а не уничтоженной`,
    });
  const attrs = piece.attrs ?? {};
  const count = (key: string, max: number): number | undefined => {
    const value = attrs[key];
    if (value === undefined) return undefined;
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max)
      return value;
    say(`.attrs.${key}`, {
      en: `${name.en} (${piece.id}): ${key} is a whole number from 0 to ${max}`,
      ru: `${name.ru} (${piece.id}): ${key} — целое число от 0 до ${max}`,
    });
    return undefined;
  };
  const onMap = (map: MapId): Hex | undefined => {
    const hex = cellOf(rs, map, piece.zone);
    // A zone not on the table at all is the engine's problem, reported once.
    if (!hex && own(input.setupTable.zones, piece.zone))
      say('.zone', {
        en: `${name.en} (${piece.id}) stands on a cell of ${mapName(map).en}, not in ${piece.zone}`,
        ru: `${name.ru} (${piece.id}) стоит на клетке на ${mapName(map).ru}, а не в «${piece.zone}»`,
      });
    return hex;
  };
  const stays = (hex: Hex, map: MapId) => {
    if (piece.zone === cellId(map, hex)) return true;
    say('.zone', {
      en: `${name.en} (${piece.id}) does not move: it stands on ${cellId(map, hex)}`,
      ru: `${name.ru} (${piece.id}) не перемещается: она стоит на ${cellId(map, hex)}`,
    });
    return false;
  };

  if ((VESSELS as string[]).includes(type)) {
    const cls = type as Vessel;
    const ship = own(rs.space.ships, piece.id);
    const legion = owner ?? '';
    if (destroyed) {
      if (ship) push('ShipDestroyed', shipLoss(ship.id, legion, cls));
      return;
    }
    if (piece.zone === `reserve:${legion}`) {
      if (ship)
        return say('.zone', {
          en: `${name.en} (${piece.id}) starts the mission on the map: place it on a cell, or destroy it`,
          ru: `${name.ru} (${piece.id}) начинает миссию на карте: поставьте его на клетку или уничтожьте`,
        });
      push('ItemPurchased', {
        legion,
        item: cls,
        id: piece.id,
        cost: 0,
        credits: legionOf(rs, legion)?.credits ?? 0,
        turns: 0,
      });
      return;
    }
    const bow = onMap('space');
    const heading = count('heading', 5) ?? ship?.heading ?? 0;
    if (!bow) return;
    const cells = shipCells(bow, heading, SHIPS[cls].decks);
    const captain = ship ? ship.captain : captainFor(rs, legion, cls);
    push('ShipEntered', {
      ship: piece.id,
      legion,
      class: cls,
      cells,
      heading,
      via: 'tunnel',
      ...(captain ? { captain } : {}),
    });
    const max = cls === 'transport' ? 0 : SHIPS[cls].shields;
    const shields = count('shields', max);
    const decks = attrs.decks;
    const lost: number[] = [];
    if (decks !== undefined) {
      const valid =
        Array.isArray(decks) &&
        decks.length === SHIPS[cls].decks &&
        decks.every((d) => typeof (d as { hp?: unknown })?.hp === 'number');
      if (!valid)
        say('.attrs.decks', {
          en: `${name.en} (${piece.id}) has ${SHIPS[cls].decks} decks: list each as { hp }`,
          ru: `У корабля «${name.ru}» (${piece.id}) палуб: ${SHIPS[cls].decks}; укажите каждую как { hp }`,
        });
      else
        (decks as { hp: number }[]).forEach((d, i) => {
          if (d.hp <= 0) lost.push(i + 1);
        });
    }
    if (shields !== undefined || lost.length > 0)
      push('ShipDamaged', {
        ship: piece.id,
        shields: shields ?? own(rs.space.ships, piece.id)?.shields ?? 0,
        decksLost: lost,
        cause: 'laser',
      });
    return;
  }

  if (isStation) {
    const station = own(rs.space.stations, piece.id);
    if (destroyed) {
      if (station) push('StationDestroyed', { station: piece.id, by: '' });
      return;
    }
    if (station && !stays(station.cell, 'space')) return;
    const cell = station?.cell ?? onMap('space');
    if (!cell) return;
    const captured = piece.status === 'captured' ? piece.capturedBy : undefined;
    if (captured !== undefined && piece.owner !== undefined && piece.owner !== captured)
      return say('.owner', {
        en: `${name.en} (${piece.id}) belongs to the legion that captured it`,
        ru: `${name.ru} (${piece.id}) принадлежит легиону, который её захватил`,
      });
    if (!station)
      push('StationDeployed', {
        station: piece.id,
        legion: captured === undefined ? (piece.owner ?? '') : '',
        cell,
        transport: '',
      });
    else if (captured === undefined && piece.owner !== undefined && piece.owner !== station.owner)
      return say('.owner', {
        en: `${name.en} (${piece.id}) changes hands by capture: status captured, capturedBy`,
        ru: `${name.ru} (${piece.id}) переходит к другому легиону только захватом: status captured и capturedBy`,
      });
    if (captured !== undefined)
      push('StationCaptured', { station: piece.id, legion: captured, how: 'commando' });
    const hp = count('hp', STATION.hp);
    if (hp === 0)
      say('.attrs.hp', {
        en: `${name.en} (${piece.id}) with no hit points left is destroyed: status destroyed`,
        ru: `${name.ru} (${piece.id}) без единицы прочности уничтожена: status destroyed`,
      });
    else if (hp !== undefined && hp < STATION.hp)
      push('StationDamaged', { station: piece.id, hp, by: '' });
    return;
  }

  if (type === 'mine') {
    if (before) return;
    const cell = onMap('space');
    if (cell) push('MineLaid', { mine: piece.id, legion: owner ?? '', ship: '', cell });
    return;
  }

  if (type === 'generator') {
    const generator = own(rs.ground.generators, piece.id);
    if (!generator) return say('.type', unknownType(piece.id, type));
    if (!destroyed && !stays(generator.hexes[0], 'ground')) return;
    const hits = count('hits', 100);
    if (hits !== undefined || destroyed)
      push('GeneratorHit', {
        generator: piece.id,
        hits: hits ?? generator.hits,
        destroyed,
        by: '',
      });
    return;
  }

  const kind = type.startsWith('unit-') ? type.slice('unit-'.length) : undefined;
  if (kind !== undefined && (before || (NEW_UNIT_KINDS as string[]).includes(kind))) {
    const unit = own(rs.ground.units, piece.id);
    const stats = UNITS[kind as UnitKind];
    if (destroyed) {
      if (unit) push('PieceHit', { piece: piece.id, hits: stats.hits, destroyed: true });
      return;
    }
    const first = onMap('ground');
    if (!first) return;
    const listed = attrs.cells;
    let hexes: Hex[] = [first];
    if (listed === undefined && unit && hexKey(unit.hexes[0]) === hexKey(first)) hexes = unit.hexes;
    else if (listed !== undefined || stats.hexes > 1) {
      const given = Array.isArray(listed)
        ? listed.map((id) => cellOf(rs, 'ground', String(id)))
        : [];
      if (
        given.length !== stats.hexes ||
        given.some((h) => h === undefined) ||
        (listed as unknown[])[0] !== piece.zone
      )
        return say('.attrs.cells', {
          en: `${name.en} (${piece.id}) fills ${stats.hexes} ground cells: list them in cells, the first being its zone`,
          ru: `${name.ru} (${piece.id}) занимает ${ruCount(stats.hexes, 'клетку', 'клетки', 'клеток')} земли: перечислите их в cells, первой — клетку из zone`,
        });
      hexes = given as Hex[];
    }
    const squad = typeof attrs.squad === 'string' ? attrs.squad : (unit?.squad ?? '');
    push('UnitPlaced', {
      unit: piece.id,
      legion: owner ?? '',
      kind: kind as UnitKind,
      hexes,
      squad,
    });
    const hits = count('hits', stats.hits - 1);
    if (hits) push('PieceHit', { piece: piece.id, hits, destroyed: false });
    return;
  }

  if ((SUPPORT_KINDS as readonly string[]).includes(type)) {
    if (destroyed) {
      if (own(rs.ground.support, piece.id))
        push('PieceHit', { piece: piece.id, hits: 0, destroyed: true });
      return;
    }
    const hex = onMap('ground');
    if (!hex) return;
    push('SupportPlaced', {
      piece: piece.id,
      legion: owner ?? '',
      kind: type as SupportKind,
      hex,
    });
    const hits = count('hits', 100);
    if (hits) push('PieceHit', { piece: piece.id, hits, destroyed: false });
    return;
  }
  say('.type', unknownType(piece.id, type));
}

function unknownType(id: string, type: string): LocalizedText {
  const kinds = [...VESSELS, 'station', 'mine', 'unit-infantry', 'unit-walker', ...SUPPORT_KINDS];
  return {
    en: `${id}: a position places ${kinds.join(', ')}, not ${type || 'a piece of no type'}`,
    ru: `${id}: позиция ставит ${kinds.join(', ')}, а не «${type || 'фигуру без типа'}»`,
  };
}

function shipLoss(ship: string, legion: string, cls: Vessel): SwEvents['ShipDestroyed'] {
  return { ship, legion, class: cls, points: 0, cargoLost: 0 };
}

/** The turn: the orders as rolled, then each map's turns of the round up to the active one. */
function layTurn(
  rs: SwState,
  input: PositionInput<SwState>,
  push: Push,
  problems: PositionProblem[],
): void {
  const { turn } = input.position;
  const given = input.rules.order as Partial<Record<MapId, string[]>> | undefined;
  if (!turn) {
    if (given)
      problems.push(
        problem('rules.order', {
          en: 'The turn orders go with a turn (turn.round, turn.active); without one «begin» rolls them',
          ru: 'Порядок ходов задают вместе с ходом (turn.round, turn.active); без хода его бросают в «begin»',
        }),
      );
    return;
  }
  const seats = legionsOfSeats(input.seats);
  if (turn.phase !== undefined)
    problems.push(
      problem('turn.phase', {
        en: `A strategic mission has no phases: a position starts a faction's turn, not ${turn.phase}`,
        ru: `В стратегической миссии нет фаз: позиция начинается с хода фракции, а не с «${turn.phase}»`,
      }),
    );
  if (turn.round < 1 || turn.round > rs.plannedTurns)
    problems.push(
      problem(
        'turn.round',
        {
          en: `The mission's rounds run from 1 to ${rs.plannedTurns}, not ${turn.round}`,
          ru: `Раунды миссии идут с 1 по ${rs.plannedTurns}, а не ${turn.round}`,
        },
        RULES.turns,
      ),
    );
  const active = turn.active ?? [];
  if (active.length < 1 || active.length > 2) {
    problems.push(
      problem('turn.active', {
        en: 'turn.active names the faction whose turn starts in space, then the one on the ground (one seat when it is the same)',
        ru: 'В turn.active указывают фракцию, чей ход начинается в космосе, затем на земле (одно место, если это одна фракция)',
      }),
    );
    return;
  }
  const names = {
    en: seats.map((seat) => legionName(rs, seat).en).join(', '),
    ru: seats.map((seat) => legionName(rs, seat).ru).join(', '),
  };
  const playing: Record<MapId, string> = { space: active[0], ground: active[1] ?? active[0] };
  for (const map of MAPS) {
    const order = given?.[map];
    const path = `rules.order.${map}`;
    if (
      !Array.isArray(order) ||
      order.length !== seats.length ||
      new Set(order).size !== seats.length ||
      order.some((seat) => !seats.includes(seat))
    ) {
      problems.push(
        problem(
          path,
          {
            en: `The order of turns on ${mapName(map).en}, as rolled, names each legion once: ${names.en}`,
            ru: `Порядок ходов на ${mapName(map).ru}, как его выбросили, называет каждый легион по разу: ${names.ru}`,
          },
          RULES.turnOrder,
        ),
      );
      continue;
    }
    push('TurnOrderRolled', { map, order: [...order], rolls: [] });
    const rotates = map === 'ground' || swOptions(input.options).spaceOrderRotates;
    const round = roundOrder(rs, map, turn.round, rotates);
    const at = round.indexOf(playing[map]);
    if (at < 0) continue;
    // The turns before it in the round count its place in the round (endTurn's next).
    for (const legion of round.slice(0, at + 1))
      push('FactionTurnStarted', { map, legion, round: turn.round });
  }
}

/** What the laid slice breaks: cells and occupancy, the class maxima, stations. */
function slotProblems(rs: Readonly<SwState>, input: PositionInput<SwState>): PositionProblem[] {
  const problems: PositionProblem[] = [];
  const options = swOptions(input.options);
  const occupancy = spaceOccupancy(rs);
  const pathOf = (id: string) => {
    const index = (input.position.pieces ?? []).findIndex((p) => p.id === id);
    return index < 0 ? 'pieces' : `pieces.${index}`;
  };
  for (const ship of Object.values(rs.space.ships)) {
    if (ship.status !== 'map') continue;
    for (const deck of ship.decks) {
      const why = cannotEnter(rs, occupancy, ship.class, ship.legion, deck.cell, options, ship.id);
      if (!why) continue;
      const name = pieceName(ship.id);
      problems.push(
        problem(
          `${pathOf(ship.id)}.zone`,
          {
            en: `${name.en} (${ship.id}) cannot stand there: ${why.en}`,
            ru: `${name.ru} (${ship.id}) не может стоять там: ${why.ru}`,
          },
          blockRule(rs, deck.cell),
        ),
      );
      break;
    }
  }
  for (const mine of Object.values(rs.space.mines)) {
    const at = occupancy.get(hexKey(mine.cell));
    const kind = own(rs.space.cells, hexKey(mine.cell))?.kind;
    if (
      at?.mine === mine.id &&
      !at.ship &&
      !at.station &&
      kind !== 'asteroid' &&
      kind !== 'planet' &&
      kind !== 'tunnel'
    )
      continue;
    problems.push(
      problem(
        `${pathOf(mine.id)}.zone`,
        {
          en: `A mine (${mine.id}) lies on a free cell of space or orbit`,
          ru: `Мина (${mine.id}) лежит на свободной клетке космоса или орбиты`,
        },
        RULES.minePlace,
      ),
    );
  }
  const ground = new Map<string, string>();
  const stand = (id: string, hexes: readonly Hex[]) => {
    for (const hex of hexes) {
      const other = ground.get(hexKey(hex));
      if (other === undefined) {
        ground.set(hexKey(hex), id);
        continue;
      }
      const named = pathOf(id) === 'pieces' ? other : id;
      problems.push(
        problem(`${pathOf(named)}.zone`, {
          en: `${pieceName(id).en} (${id}) and ${pieceName(other).en} (${other}) both stand on ${cellId('ground', hex)}`,
          ru: `${pieceName(id).ru} (${id}) и ${pieceName(other).ru} (${other}) стоят на одной клетке ${cellId('ground', hex)}`,
        }),
      );
      return;
    }
  };
  for (const g of Object.values(rs.ground.generators)) if (!g.destroyed) stand(g.id, g.hexes);
  for (const s of Object.values(rs.ground.support)) stand(s.id, [s.hex]);
  for (const u of Object.values(rs.ground.units)) stand(u.id, u.hexes);

  for (const legion of rs.legions) {
    const name = legionName(rs, legion.seat);
    const alive = Object.values(rs.space.ships).filter(
      (s) => s.legion === legion.seat && s.status !== 'destroyed',
    );
    const singles = alive.filter((s) => s.class === 'fighter' || s.class === 'bomber').length;
    const over: [string, number, number][] = [];
    if (singles > SHIPS.fighter.max) over.push(['fighter+bomber', singles, SHIPS.fighter.max]);
    for (const cls of VESSELS) {
      if (cls === 'fighter' || cls === 'bomber') continue;
      const n = alive.filter((s) => s.class === cls).length;
      if (n > SHIPS[cls].max) over.push([cls, n, SHIPS[cls].max]);
    }
    for (const [cls, n, max] of over) {
      const label =
        cls === 'fighter+bomber'
          ? { en: 'fighters and bombers', ru: 'истребителей и бомбардировщиков' }
          : { en: `${cls}s`, ru: `кораблей «${pieceName(cls as ShipClass).ru}»` };
      problems.push(
        problem(
          'pieces',
          {
            en: `${name.en} has ${n} ${label.en}: at most ${max} at once`,
            ru: `У легиона «${name.ru}» ${label.ru} ${n}, а одновременно можно не больше ${max}`,
          },
          cls === 'transport' ? RULES.transportTable : RULES.shipTable,
        ),
      );
    }
    const stations = Object.values(rs.space.stations).filter(
      (s) => s.owner === legion.seat && !s.captured,
    ).length;
    if (stations > STATION.max)
      problems.push(
        problem(
          'pieces',
          {
            en: `${name.en} has ${stations} stations of its own: at most ${STATION.max} at once`,
            ru: `У легиона «${name.ru}» своих станций ${stations}, а одновременно можно не больше ${STATION.max}`,
          },
          RULES.stationMax,
        ),
      );
  }
  return problems;
}

/** The rule a cell breaks for a ship standing on it (as a move is refused there). */
function blockRule(rs: Readonly<SwState>, cell: Hex): string {
  const kind = own(rs.space.cells, hexKey(cell))?.kind;
  if (kind === 'asteroid') return RULES.asteroidZone;
  if (kind === 'planet') return RULES.planetZone;
  if (kind === 'tunnel') return RULES.tunnel;
  return RULES.occupied;
}

export const SW_STRATEGIC_POSITION: RulesetPosition<SwState> = {
  newPieces: true,
  rules: SwPositionRulesParams,
  example: {
    pieces: [
      { id: 'destroyer-1', zone: 's:2:-1', attrs: { heading: 3, shields: 1 } },
      { id: 'destroyer-8', zone: 'losses:blue', status: 'destroyed' },
      { id: 'station:n1', zone: 's:4:-2', status: 'captured', capturedBy: 'red' },
      { id: 'station-red-1', type: 'station', owner: 'red', zone: 's:4:1', attrs: { hp: 1 } },
      { id: 'mine-1', type: 'mine', owner: 'gold', zone: 's:-4:2' },
      { id: 'walker-7', zone: 'g:4:0', attrs: { hits: 1 } },
      { id: 'infantry-10', zone: 'losses:blue', status: 'destroyed' },
      { id: 'generator:5', zone: 'losses:blue', status: 'destroyed' },
    ],
    tracks: [
      { id: 'credits:red', value: 12 },
      { id: 'credits:blue', value: 3 },
      { id: 'credits:gold', value: 0 },
    ],
    turn: { round: 3, active: ['blue', 'gold'] },
    rules: { order: { space: ['red', 'blue', 'gold'], ground: ['gold', 'red', 'blue'] } },
  },
  validate: (input) => {
    // A position names a legion's pieces, credits and turn by the legion's seat: one seat.
    const byRole = input.seats.filter((s) => seatRole(s.seat).role !== undefined);
    if (byRole.length > 0)
      return [
        problem('', {
          en: 'A position is laid for legions seated whole (a seat per legion), not by role',
          ru: 'Позицию задают для легионов с одним местом на легион, а не с местами ролей',
        }),
      ];
    return lay(input).problems;
  },
  events: (input) => lay(input).events,
};
