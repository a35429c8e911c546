import type { LocalizedText } from '../../shared/localized-text';
import type { RecordedEvent } from '../../events/recorded-event';
import { deleteOwn, own, setOwn } from '../../shared/id-record';
import {
  SHIPS,
  TRANSPORT_HP,
  type Cargo,
  type Compartment,
  type ProductionItem,
  type ShipClass,
  type SupportKind,
  type UnitKind,
  type Vessel,
} from './sw-catalog';
import type { MapId, SwEvents } from './sw-events';
import type { Hex } from './sw-hex';
import {
  hexKey,
  type GroundCellSpec,
  type Legionnaire,
  type SpaceCellSpec,
  type SwMission,
} from './sw-mission';

export interface Deck {
  cell: Hex;
  hp: number;
  compartments: Compartment[];
}

export interface Ship {
  id: string;
  legion: string;
  class: Vessel;
  status: 'queued' | 'ready' | 'map' | 'destroyed' | 'recalled' | 'ground';
  heading: number;
  decks: Deck[];
  shields: number;
  captain?: string;
  cargo: Cargo[];
  minesLeft: number;
  // This turn of its legion.
  moved: number;
  firedDecks: number[];
  volleys: number;
  /** Targets fired at this turn, and whether the ship moved after. */
  targets: string[];
  movedSinceFire: boolean;
  minesLaid: number;
  bombarded: boolean;
  entered: boolean;
  hitThisRound: boolean;
  turnsWithoutHit: number;
  /** Turns left in the build queue while queued. */
  turnsLeft: number;
  /** A full turn's task (S6.1): a Mechanic's repair or a Commando's capture. */
  task?: { kind: 'repair' | 'capture'; by: string; station?: string; deck?: number };
}

export interface Station {
  id: string;
  cell: Hex;
  /** The seat owning it; '' while neutral. */
  owner: string;
  hp: number;
  captured: boolean;
}

export interface Mine {
  id: string;
  cell: Hex;
  legion: string;
  /** Ships it has taken a deck of, while it stays (option minePersistence). */
  hit?: string[];
}

export interface Unit {
  id: string;
  legion: string;
  kind: UnitKind;
  hexes: Hex[];
  hits: number;
  squad: string;
  shots: number;
  moved: boolean;
  dug: boolean;
  /** A ground round (turn count) from which it has stood still on a control point. */
  still?: number;
}

export interface SupportPiece {
  id: string;
  legion: string;
  kind: SupportKind;
  hex: Hex;
  hits: number;
}

export interface Generator {
  id: string;
  legion: string;
  central: boolean;
  hexes: Hex[];
  hits: number;
  destroyed: boolean;
  by?: string;
}

export interface Production {
  id: string;
  item: ProductionItem;
  /** The table time it was queued (or last slowed) with. */
  turns?: number;
  turnsLeft: number;
  hex?: Hex;
  squad?: string;
}

export interface MapTurn {
  /** The first round's order (rolled); later rounds rotate it where the map says so. */
  order: string[];
  /** The faction playing now. */
  current?: string;
  /** How many factions played this round before the current one. */
  position: number;
  round: number;
  timeCalled: boolean;
  finished: boolean;
  turnsAnnounced?: number;
}

export interface Legion {
  seat: string;
  name: string;
  /** The legion's name in both languages, when the mission gives it. */
  title?: LocalizedText;
  roster: Legionnaire[];
  credits: number;
  reinforcements: number;
  killPoints: number;
  deadCaptains: string[];
  /** Uses spent of a specialty, by legionnaire name. */
  usesSpent: Record<string, number>;
  actionPoints: number;
  production: Production[];
  controlPoints: string[];
  generatorsDestroyed: { central: number; additional: number };
  /** A legionnaire blocked by an enemy Sword Master for the legion's next space turn. */
  blocked?: string;
  /** Whether the legion's Sword Master has used Persuasion (once a game). */
  persuaded?: boolean;
  /** Reinforcements delivered in space, waiting for the legion's next ground turn. */
  groundReserve?: number;
}

export type Reaction = SwEvents['ReactionAwaited'];

export interface SwState {
  legions: Legion[];
  missionId: string;
  missionName: string;
  /** The mission's name in both languages, when the mission gives it. */
  missionTitle?: LocalizedText;
  illustrative: boolean;
  plannedTurns: number;
  turnSeconds: number;
  apPerTurn: number;
  /** Option tiedTasks (how legions tied for best share a task). */
  tiedTasks: 'shared' | 'full' | 'nobody';
  /** Option destroyedDeck: whether a destroyed deck still fills its cell. */
  destroyedDeck: 'stays' | 'removed';
  passports: SwMission['passports'];
  space: {
    cells: Record<string, SpaceCellSpec>;
    ships: Record<string, Ship>;
    stations: Record<string, Station>;
    mines: Record<string, Mine>;
    barred: string[];
    turn: MapTurn;
    lineOfFireRulings: { ship: string; target: string; clear: boolean }[];
    pausedForBombardment?: { ship: string; hexes: Hex[] };
  };
  ground: {
    cells: Record<string, GroundCellSpec>;
    units: Record<string, Unit>;
    support: Record<string, SupportPiece>;
    generators: Record<string, Generator>;
    /** Trenches by hex key: the two sides covered. */
    trenches: Record<string, number[]>;
    turn: MapTurn;
    /**
     * The reactions waiting, answered in order (G3.11): a shot's hit waits for the hit
     * legion's Sword Master or Medic; each infantry unit a bombardment destroys, for its Medic.
     */
    reactions: Reaction[];
  };
  scored?: SwEvents['MissionScored'];
}

const emptyTurn = (): MapTurn => ({
  order: [],
  position: 0,
  round: 0,
  timeCalled: false,
  finished: false,
});

export function initialSwState(): SwState {
  return {
    legions: [],
    missionId: '',
    missionName: '',
    illustrative: false,
    plannedTurns: 0,
    turnSeconds: 0,
    apPerTurn: 0,
    tiedTasks: 'shared',
    destroyedDeck: 'stays',
    passports: { destroyer: [], frigate: [], cruiser: [] },
    space: {
      cells: {},
      ships: {},
      stations: {},
      mines: {},
      barred: [],
      turn: emptyTurn(),
      lineOfFireRulings: [],
    },
    ground: {
      cells: {},
      units: {},
      support: {},
      generators: {},
      trenches: {},
      turn: emptyTurn(),
      reactions: [],
    },
  };
}

export function legionOf(rs: Readonly<SwState>, seat: string): Legion | undefined {
  return rs.legions.find((l) => l.seat === seat);
}

/** The faction playing a map now, if any. */
export function playing(rs: Readonly<SwState>, map: MapId): string | undefined {
  const turn = rs[map].turn;
  return turn.finished ? undefined : turn.current;
}

export function newShip(
  id: string,
  legion: string,
  cls: Vessel,
  passports: SwMission['passports'],
): Ship {
  const stats = SHIPS[cls];
  const layout =
    cls === 'destroyer' || cls === 'frigate' || cls === 'cruiser' ? passports[cls] : [];
  return {
    id,
    legion,
    class: cls,
    status: 'queued',
    heading: 0,
    decks: Array.from({ length: stats.decks }, (_, i) => ({
      cell: { q: 0, r: 0 },
      hp: cls === 'transport' ? TRANSPORT_HP : 1,
      compartments: [...(layout[i] ?? [])],
    })),
    shields: stats.shields,
    cargo: [],
    minesLeft: stats.mines === 'total' ? stats.mineCount : 0,
    moved: 0,
    firedDecks: [],
    volleys: 0,
    targets: [],
    movedSinceFire: false,
    minesLaid: 0,
    bombarded: false,
    entered: false,
    hitThisRound: false,
    turnsWithoutHit: 0,
    turnsLeft: stats.build,
  };
}

function resetShipTurn(ship: Ship): void {
  ship.moved = 0;
  ship.firedDecks = [];
  ship.volleys = 0;
  ship.targets = [];
  ship.movedSinceFire = false;
  ship.minesLaid = 0;
  ship.bombarded = false;
  ship.entered = false;
}

function data<K extends keyof SwEvents>(event: RecordedEvent, _type: K): Partial<SwEvents[K]> {
  return (event.data ?? {}) as Partial<SwEvents[K]>;
}

/** Never throws and never validates: a stored event must replay forever. */
export function evolveSw(rs: SwState, event: RecordedEvent): SwState {
  try {
    apply(rs, event);
  } catch {
    // A malformed stored event changes nothing it could not read.
  }
  return rs;
}

function apply(rs: SwState, event: RecordedEvent): void {
  const ship = (id: unknown): Ship | undefined =>
    typeof id === 'string' ? own(rs.space.ships, id) : undefined;
  const legion = (seat: unknown): Legion | undefined =>
    typeof seat === 'string' ? legionOf(rs, seat) : undefined;
  switch (event.type) {
    case 'MissionLaidOut': {
      const d = data(event, 'MissionLaidOut');
      const m = d.mission;
      if (!m || !Array.isArray(d.legions)) return;
      rs.missionId = m.id;
      rs.missionName = m.name;
      if (m.title) rs.missionTitle = m.title;
      rs.illustrative = m.illustrative;
      rs.plannedTurns = m.plannedTurns;
      rs.turnSeconds = m.turnSeconds;
      rs.apPerTurn = d.actionPoints ?? 0;
      rs.tiedTasks = d.tiedTasks ?? 'shared';
      rs.destroyedDeck = d.destroyedDeck ?? 'stays';
      rs.passports = m.passports;
      for (const cell of m.space.cells) setOwn(rs.space.cells, hexKey(cell), cell);
      for (const cell of m.ground.cells) setOwn(rs.ground.cells, hexKey(cell), cell);
      rs.legions = d.legions.map((seat, i) => ({
        seat,
        name: m.legions[i]?.name ?? seat,
        ...(m.legions[i]?.title ? { title: m.legions[i].title } : {}),
        roster: m.legions[i]?.roster ?? [],
        credits: m.legions[i]?.credits ?? 0,
        reinforcements: 0,
        killPoints: 0,
        deadCaptains: [],
        usesSpent: {},
        actionPoints: 0,
        production: [],
        controlPoints: [],
        generatorsDestroyed: { central: 0, additional: 0 },
      }));
      m.space.neutralStations.forEach((cell, i) => {
        const id = `station:n${i + 1}`;
        setOwn(rs.space.stations, id, { id, cell, owner: '', hp: 2, captured: false });
      });
      m.ground.generators.forEach((g, i) => {
        const seat = d.legions?.[g.legion - 1] ?? '';
        const id = `generator:${i + 1}`;
        setOwn(rs.ground.generators, id, {
          id,
          legion: seat,
          central: g.central,
          hexes: g.hexes,
          hits: 0,
          destroyed: false,
        });
      });
      return;
    }
    case 'TurnOrderRolled': {
      const d = data(event, 'TurnOrderRolled');
      if ((d.map === 'space' || d.map === 'ground') && Array.isArray(d.order))
        rs[d.map].turn.order = d.order;
      return;
    }
    case 'FactionTurnStarted': {
      const d = data(event, 'FactionTurnStarted');
      if (d.map !== 'space' && d.map !== 'ground') return;
      const turn = rs[d.map].turn;
      turn.position = d.round === turn.round ? turn.position + 1 : 0;
      turn.current = d.legion;
      turn.round = d.round ?? turn.round;
      turn.timeCalled = false;
      if (d.map === 'space') {
        for (const s of Object.values(rs.space.ships))
          if (s.legion === d.legion) {
            resetShipTurn(s);
            // A transport that delivered re-enters at the tunnel from this turn on (S4.4).
            if (s.status === 'recalled') s.status = 'ready';
          }
        rs.space.lineOfFireRulings = [];
      } else {
        const l = legion(d.legion);
        if (l) l.actionPoints = rs.apPerTurn;
        for (const u of Object.values(rs.ground.units))
          if (u.legion === d.legion) Object.assign(u, { shots: 0, moved: false, dug: false });
      }
      return;
    }
    case 'FactionTurnEnded': {
      const d = data(event, 'FactionTurnEnded');
      if (d.map === 'space') {
        const l = legion(d.legion);
        if (l) l.blocked = undefined;
      }
      if (d.map === 'space')
        for (const s of Object.values(rs.space.ships))
          if (s.legion === d.legion && s.status === 'map') {
            s.turnsWithoutHit = s.hitThisRound ? 0 : s.turnsWithoutHit + 1;
            s.hitThisRound = false;
          }
      return;
    }
    case 'TimeCalled': {
      const d = data(event, 'TimeCalled');
      if (d.map === 'space' || d.map === 'ground') rs[d.map].turn.timeCalled = true;
      return;
    }
    case 'TurnsRemainingAnnounced': {
      const d = data(event, 'TurnsRemainingAnnounced');
      if (d.map === 'space' || d.map === 'ground') rs[d.map].turn.turnsAnnounced = d.turns;
      return;
    }
    case 'MapFinished': {
      const d = data(event, 'MapFinished');
      if (d.map === 'space' || d.map === 'ground') rs[d.map].turn.finished = true;
      return;
    }
    case 'IncomeCollected': {
      const d = data(event, 'IncomeCollected');
      const l = legion(d.legion);
      if (l && typeof d.credits === 'number') l.credits = d.credits;
      return;
    }
    case 'ItemPurchased': {
      const d = data(event, 'ItemPurchased');
      const l = legion(d.legion);
      if (!l || typeof d.id !== 'string') return;
      if (typeof d.credits === 'number') l.credits = d.credits;
      if (d.item === 'reinforcements' || d.item === 'station') {
        const t = ship(d.transport);
        if (t) t.cargo.push(d.item);
        return;
      }
      if (d.item && Object.hasOwn(SHIPS, d.item)) {
        const s = newShip(d.id, l.seat, d.item, rs.passports);
        if (typeof d.turns === 'number') s.turnsLeft = d.turns;
        if (s.turnsLeft <= 0) s.status = 'ready';
        setOwn(rs.space.ships, d.id, s);
      }
      return;
    }
    case 'BuildAdvanced': {
      const d = data(event, 'BuildAdvanced');
      const s = ship(d.id);
      if (s && typeof d.turnsLeft === 'number') {
        s.turnsLeft = d.turnsLeft;
        if (s.turnsLeft <= 0 && s.status === 'queued') s.status = 'ready';
      }
      return;
    }
    case 'ShipEntered': {
      const d = data(event, 'ShipEntered');
      let s = ship(d.ship);
      if (!s && typeof d.ship === 'string' && d.class && Object.hasOwn(SHIPS, d.class))
        s = setOwn(rs.space.ships, d.ship, newShip(d.ship, d.legion ?? '', d.class, rs.passports));
      if (!s || !Array.isArray(d.cells)) return;
      s.status = 'map';
      s.heading = d.heading ?? 0;
      d.cells.forEach((cell, i) => {
        if (s.decks[i]) s.decks[i].cell = cell;
      });
      s.entered = true;
      s.captain = d.captain;
      s.turnsWithoutHit = 0;
      return;
    }
    case 'ShipMoved': {
      const d = data(event, 'ShipMoved');
      const s = ship(d.ship);
      if (!s || !Array.isArray(d.cells)) return;
      d.cells.forEach((cell, i) => {
        if (s.decks[i]) s.decks[i].cell = cell;
      });
      s.heading = d.heading ?? s.heading;
      s.moved += d.used ?? 0;
      if (s.targets.length > 0) s.movedSinceFire = true;
      return;
    }
    case 'ReinforcementsDelivered': {
      const d = data(event, 'ReinforcementsDelivered');
      const s = ship(d.transport);
      const l = legion(d.legion);
      if (l && typeof d.total === 'number') l.reinforcements = d.total;
      if (l && typeof d.toGround === 'number')
        l.groundReserve = (l.groundReserve ?? 0) + d.toGround;
      if (s) {
        s.cargo = d.cargoLost ? [] : s.cargo.filter((c) => c !== 'reinforcements');
        // The transport leaves at once, to re-enter at the tunnel next turn (S4.4).
        s.status = 'recalled';
      }
      return;
    }
    case 'StationDeployed': {
      const d = data(event, 'StationDeployed');
      const t = ship(d.transport);
      if (t) t.cargo.splice(t.cargo.indexOf('station'), 1);
      if (typeof d.station === 'string' && d.cell)
        setOwn(rs.space.stations, d.station, {
          id: d.station,
          cell: d.cell,
          owner: d.legion ?? '',
          hp: 2,
          captured: false,
        });
      return;
    }
    case 'VolleyFired': {
      const d = data(event, 'VolleyFired');
      const s = ship(d.ship);
      if (!s) return;
      s.firedDecks.push(...(d.decks ?? []));
      s.volleys += 1;
      if (typeof d.target === 'string') s.targets.push(d.target);
      s.movedSinceFire = false;
      return;
    }
    case 'ShipDamaged': {
      const d = data(event, 'ShipDamaged');
      const s = ship(d.ship);
      if (!s) return;
      if (typeof d.shields === 'number') s.shields = d.shields;
      for (const n of d.decksLost ?? []) if (s.decks[n - 1]) s.decks[n - 1].hp = 0;
      if (typeof d.hp === 'number' && s.decks[0]) s.decks[0].hp = d.hp;
      s.hitThisRound = true;
      s.turnsWithoutHit = 0;
      return;
    }
    case 'ShipDestroyed': {
      const d = data(event, 'ShipDestroyed');
      const s = ship(d.ship);
      if (s) {
        s.status = 'destroyed';
        s.cargo = [];
      }
      const killer = legion(d.by);
      if (killer && typeof d.points === 'number') killer.killPoints += d.points;
      return;
    }
    case 'ShieldsRegenerated': {
      const d = data(event, 'ShieldsRegenerated');
      const s = ship(d.ship);
      if (s && typeof d.shields === 'number') {
        s.shields = d.shields;
        s.turnsWithoutHit = 0;
      }
      return;
    }
    case 'MineLaid': {
      const d = data(event, 'MineLaid');
      const s = ship(d.ship);
      if (typeof d.mine === 'string' && d.cell)
        setOwn(rs.space.mines, d.mine, { id: d.mine, cell: d.cell, legion: d.legion ?? '' });
      if (s) {
        s.minesLaid += 1;
        if (s.minesLeft > 0) s.minesLeft -= 1;
      }
      return;
    }
    case 'MineTriggered': {
      const d = data(event, 'MineTriggered');
      if (typeof d.mine !== 'string') return;
      const mine = own(rs.space.mines, d.mine);
      if (d.removed) deleteOwn(rs.space.mines, d.mine);
      else if (mine && typeof d.ship === 'string') mine.hit = [...(mine.hit ?? []), d.ship];
      return;
    }
    case 'MineDestroyed': {
      const d = data(event, 'MineDestroyed');
      if (typeof d.mine === 'string') deleteOwn(rs.space.mines, d.mine);
      return;
    }
    case 'StationDamaged': {
      const d = data(event, 'StationDamaged');
      const st = typeof d.station === 'string' ? own(rs.space.stations, d.station) : undefined;
      if (st && typeof d.hp === 'number') st.hp = d.hp;
      return;
    }
    case 'StationDestroyed': {
      const d = data(event, 'StationDestroyed');
      const st = typeof d.station === 'string' ? own(rs.space.stations, d.station) : undefined;
      if (st) {
        rs.space.barred.push(hexKey(st.cell));
        deleteOwn(rs.space.stations, st.id);
      }
      return;
    }
    case 'StationCaptured': {
      const d = data(event, 'StationCaptured');
      const st = typeof d.station === 'string' ? own(rs.space.stations, d.station) : undefined;
      if (st && typeof d.legion === 'string') {
        st.owner = d.legion;
        st.captured = true;
      }
      for (const s of Object.values(rs.space.ships))
        if (s.task?.station === d.station) s.task = undefined;
      return;
    }
    case 'CaptainKilled': {
      const d = data(event, 'CaptainKilled');
      const l = legion(d.legion);
      if (l && typeof d.name === 'string') l.deadCaptains.push(d.name);
      return;
    }
    case 'RepairStarted': {
      const d = data(event, 'RepairStarted');
      const s = ship(d.ship);
      if (s && typeof d.mechanic === 'string')
        s.task = {
          kind: 'repair',
          by: d.mechanic,
          ...(typeof d.deck === 'number' ? { deck: d.deck } : {}),
        };
      return;
    }
    case 'RepairCompleted': {
      const d = data(event, 'RepairCompleted');
      const s = ship(d.ship);
      if (!s) return;
      s.task = undefined;
      if (typeof d.deck === 'number' && s.decks[d.deck - 1])
        s.decks[d.deck - 1].hp = s.class === 'transport' ? TRANSPORT_HP : 1;
      if (typeof d.shields === 'number') s.shields = d.shields;
      return;
    }
    case 'CaptureStarted': {
      const d = data(event, 'CaptureStarted');
      const s = ship(d.ship);
      if (s && typeof d.commando === 'string')
        s.task = { kind: 'capture', by: d.commando, station: d.station };
      return;
    }
    case 'PersuasionUsed': {
      const d = data(event, 'PersuasionUsed');
      const l = legion(d.legion);
      const target = legion(d.targetLegion);
      if (l) l.persuaded = true;
      if (target && typeof d.target === 'string') target.blocked = d.target;
      return;
    }
    case 'LineOfFireRuled': {
      const d = data(event, 'LineOfFireRuled');
      if (typeof d.ship === 'string' && typeof d.target === 'string')
        rs.space.lineOfFireRulings.push({
          ship: d.ship,
          target: d.target,
          clear: d.clear === true,
        });
      return;
    }
    case 'MissionScored':
      rs.scored = event.data as SwEvents['MissionScored'];
      return;
    default:
      applyGround(rs, event);
  }
}

/** The ground map's events (part II). */
function applyGround(rs: SwState, event: RecordedEvent): void {
  const legion = (seat: unknown): Legion | undefined =>
    typeof seat === 'string' ? legionOf(rs, seat) : undefined;
  switch (event.type) {
    case 'ProductionQueued': {
      const d = data(event, 'ProductionQueued');
      const l = legion(d.legion);
      if (l && typeof d.id === 'string' && d.item)
        l.production.push({
          id: d.id,
          item: d.item,
          turns: d.turns,
          turnsLeft: d.turns ?? 0,
          hex: d.hex,
          squad: d.squad,
        });
      return;
    }
    case 'ProductionAdvanced': {
      const d = data(event, 'ProductionAdvanced');
      const item = legion(d.legion)?.production.find((p) => p.id === d.id);
      if (item && typeof d.turnsLeft === 'number') item.turnsLeft = d.turnsLeft;
      return;
    }
    case 'UnitPlaced': {
      const d = data(event, 'UnitPlaced');
      const l = legion(d.legion);
      if (!l || typeof d.unit !== 'string' || !d.kind || !Array.isArray(d.hexes)) return;
      l.production = l.production.filter((p) => p.id !== d.unit);
      setOwn(rs.ground.units, d.unit, newUnit(d.unit, l.seat, d.kind, d.hexes, d.squad));
      return;
    }
    case 'SupportPlaced': {
      const d = data(event, 'SupportPlaced');
      const l = legion(d.legion);
      if (!l || typeof d.piece !== 'string' || !d.kind || !d.hex) return;
      l.production = l.production.filter((p) => p.id !== d.piece);
      setOwn(rs.ground.support, d.piece, {
        id: d.piece,
        legion: l.seat,
        kind: d.kind,
        hex: d.hex,
        hits: 0,
      });
      return;
    }
    case 'ActionPointsSpent': {
      const d = data(event, 'ActionPointsSpent');
      const l = legion(d.legion);
      if (l && typeof d.left === 'number') l.actionPoints = d.left;
      return;
    }
    case 'UnitMoved': {
      const d = data(event, 'UnitMoved');
      const u = typeof d.unit === 'string' ? own(rs.ground.units, d.unit) : undefined;
      if (u && Array.isArray(d.hexes)) {
        u.hexes = d.hexes;
        u.moved = true;
        u.still = undefined;
      }
      return;
    }
    case 'GroundAttack': {
      const d = data(event, 'GroundAttack');
      for (const id of d.attackers ?? []) {
        const u = own(rs.ground.units, id);
        if (u) u.shots += 1;
      }
      return;
    }
    case 'PieceHit': {
      const d = data(event, 'PieceHit');
      if (typeof d.piece !== 'string') return;
      const u = own(rs.ground.units, d.piece);
      const s = own(rs.ground.support, d.piece);
      const target = u ?? s;
      if (target && typeof d.hits === 'number') target.hits = d.hits;
      if (d.destroyed) {
        deleteOwn(rs.ground.units, d.piece);
        deleteOwn(rs.ground.support, d.piece);
      }
      return;
    }
    case 'TrenchDug': {
      const d = data(event, 'TrenchDug');
      const u = typeof d.unit === 'string' ? own(rs.ground.units, d.unit) : undefined;
      if (u) u.dug = true;
      if (d.hex && Array.isArray(d.sides)) setOwn(rs.ground.trenches, hexKey(d.hex), d.sides);
      return;
    }
    case 'TrenchDestroyed': {
      const d = data(event, 'TrenchDestroyed');
      if (d.hex) deleteOwn(rs.ground.trenches, hexKey(d.hex));
      return;
    }
    case 'GeneratorHit': {
      const d = data(event, 'GeneratorHit');
      const g =
        typeof d.generator === 'string' ? own(rs.ground.generators, d.generator) : undefined;
      if (!g || typeof d.hits !== 'number') return;
      g.hits = d.hits;
      if (d.destroyed && !g.destroyed) {
        g.destroyed = true;
        g.by = d.by;
        const killer = legion(d.by);
        if (killer) killer.generatorsDestroyed[g.central ? 'central' : 'additional'] += 1;
      }
      return;
    }
    case 'ControlPointHeld': {
      const d = data(event, 'ControlPointHeld');
      const u = typeof d.unit === 'string' ? own(rs.ground.units, d.unit) : undefined;
      if (u && typeof d.since === 'number') u.still = d.since;
      return;
    }
    case 'ControlPointCaptured': {
      const d = data(event, 'ControlPointCaptured');
      if (!d.hex) return;
      const k = hexKey(d.hex);
      for (const l of rs.legions) l.controlPoints = l.controlPoints.filter((c) => c !== k);
      legion(d.legion)?.controlPoints.push(k);
      return;
    }
    case 'ReactionAwaited': {
      const d = data(event, 'ReactionAwaited');
      if (typeof d.unit === 'string' && typeof d.legion === 'string') {
        const reaction = event.data as Reaction;
        if (d.first) rs.ground.reactions.unshift(reaction);
        else rs.ground.reactions.push(reaction);
      }
      return;
    }
    case 'ReactionDeclined':
      rs.ground.reactions.shift();
      return;
    case 'ProductionSlowed': {
      const d = data(event, 'ProductionSlowed');
      const item = legion(d.legion)?.production.find((p) => p.id === d.id);
      if (item && typeof d.turnsLeft === 'number') {
        item.turnsLeft = d.turnsLeft;
        item.turns = d.turns;
      }
      return;
    }
    case 'ReinforcementsLanded': {
      const d = data(event, 'ReinforcementsLanded');
      const l = legion(d.legion);
      if (!l) return;
      l.groundReserve = Math.max(0, (l.groundReserve ?? 0) - (d.count ?? 0));
      if (typeof d.left === 'number') l.actionPoints = d.left;
      return;
    }
    case 'MedicHeal':
    case 'Deflect': {
      rs.ground.reactions.shift();
      const d = event.data as { medic?: string; master?: string; unit?: string };
      const name = d.medic ?? d.master;
      const u = typeof d.unit === 'string' ? own(rs.ground.units, d.unit) : undefined;
      const l = rs.legions.find((x) => x.roster.some((p) => p.name === name)) ?? legion(u?.legion);
      if (l && typeof name === 'string')
        setOwn(l.usesSpent, name, (own(l.usesSpent, name) ?? 0) + 1);
      return;
    }
    case 'FighterShotDown': {
      const d = data(event, 'FighterShotDown');
      if (typeof d.unit === 'string') deleteOwn(rs.ground.units, d.unit);
      return;
    }
    case 'FighterToGround': {
      const d = data(event, 'FighterToGround');
      const s = typeof d.ship === 'string' ? own(rs.space.ships, d.ship) : undefined;
      if (s) s.status = 'ground';
      if (typeof d.unit === 'string' && Array.isArray(d.hexes) && typeof d.legion === 'string')
        setOwn(rs.ground.units, d.unit, newUnit(d.unit, d.legion, 'fighter', d.hexes, d.squad));
      return;
    }
    case 'OrbitalBombardment': {
      const d = data(event, 'OrbitalBombardment');
      const s = typeof d.ship === 'string' ? own(rs.space.ships, d.ship) : undefined;
      if (s) s.bombarded = true;
      if (typeof d.ship === 'string' && Array.isArray(d.hexes))
        rs.space.pausedForBombardment = { ship: d.ship, hexes: d.hexes };
      return;
    }
    case 'BombardmentDamage':
      rs.space.pausedForBombardment = undefined;
      return;
    default:
      return;
  }
}

/** Whether a ship's compartment still works: some intact deck holds it. */
export function works(ship: Readonly<Ship>, compartment: Compartment): boolean {
  if (ship.decks.length === 1) return ship.decks[0].hp > 0;
  return ship.decks.some((d) => d.hp > 0 && d.compartments.includes(compartment));
}

/** The reaction answered now: the first of the queue (G3.11). */
export const waitingReaction = (rs: Readonly<SwState>): Readonly<Reaction> | undefined =>
  rs.ground.reactions[0];

/** A ship's lost decks, by number (1 = bow). */
export const lostDecks = (ship: Readonly<Ship>): number[] =>
  ship.decks.flatMap((deck, i) => (deck.hp <= 0 ? [i + 1] : []));

export const isShipClass = (v: Vessel): v is ShipClass => v !== 'transport';

/** A unit as it comes onto the ground map (produced, or a fighter landed): unhurt, done for the turn. */
function newUnit(
  id: string,
  legion: string,
  kind: Unit['kind'],
  hexes: Unit['hexes'],
  squad: string | undefined,
): Unit {
  return {
    id,
    legion,
    kind,
    hexes,
    hits: 0,
    squad: squad ?? '',
    shots: 0,
    moved: true,
    dug: false,
  };
}
