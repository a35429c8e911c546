import { own } from '../../shared/id-record';
import {
  PRODUCTION_TIME,
  SUPPORT_KINDS,
  UNITS,
  type ProductionItem,
  type SupportKind,
} from './sw-catalog';
import type { SwDraft } from './sw-draft';
import { distance, type Hex } from './sw-hex';
import { hexKey } from './sw-mission';
import type { Legionnaire } from './sw-mission';
import type { SupportPiece, SwState, Unit } from './sw-state';

/**
 * A living ground specialist of the unit's legion with a use left (G3.11: as many as the
 * level), counting the reactions already waiting for him: a Medic with one use left is not
 * offered two infantry units at once.
 */
export function specialistFor(
  rs: Readonly<SwState>,
  unit: Readonly<Unit>,
  specialty: 'sword-master' | 'medic',
  ofSquad: boolean,
): Legionnaire | undefined {
  const legion = rs.legions.find((l) => l.seat === unit.legion);
  const waiting = (name: string) =>
    rs.ground.reactions.filter((r) => r.legion === unit.legion && r.by === name).length;
  return legion?.roster.find(
    (p) =>
      p.map === 'ground' &&
      p.specialty === specialty &&
      (!ofSquad || p.name === unit.squad) &&
      (own(legion.usesSpent, p.name) ?? 0) + waiting(p.name) < (p.level ?? 1),
  );
}

/**
 * An infantry unit just destroyed waits for its Medic, if one can still heal it (G3.11.1,
 * option medicScope); `first` answers it before the rest of the queue.
 */
export function awaitMedic(
  d: SwDraft,
  unit: Readonly<Unit>,
  shooter: string,
  first: boolean,
): void {
  const medic = specialistFor(d.rs, unit, 'medic', d.options.medicScope === 'squad');
  if (medic)
    d.own('ReactionAwaited', {
      kind: 'medic',
      legion: unit.legion,
      by: medic.name,
      unit: unit.id,
      unitKind: unit.kind,
      hexes: unit.hexes,
      squad: unit.squad,
      shooter,
      ...(first ? { first: true as const } : {}),
    });
}

/** Every ground hex taken by a unit, a support means or a generator. */
export function groundTaken(rs: Readonly<SwState>): Map<string, string> {
  const taken = new Map<string, string>();
  for (const u of Object.values(rs.ground.units))
    for (const h of u.hexes) taken.set(hexKey(h), u.id);
  for (const s of Object.values(rs.ground.support)) taken.set(hexKey(s.hex), s.id);
  for (const g of Object.values(rs.ground.generators))
    if (!g.destroyed) for (const h of g.hexes) taken.set(hexKey(h), g.id);
  return taken;
}

export const generatorsLost = (rs: Readonly<SwState>, legion: string): number =>
  Object.values(rs.ground.generators).filter((g) => g.legion === legion && g.destroyed).length;

export const centralLost = (rs: Readonly<SwState>, legion: string): boolean =>
  Object.values(rs.ground.generators).some((g) => g.legion === legion && g.central && g.destroyed);

/** How many more units of a kind a legionnaire may command (G3.3): 2 infantry, Commando 5, a Mechanic 1 walker. */
export function squadRoom(
  rs: Readonly<SwState>,
  legion: string,
  squad: string,
  kind: 'infantry' | 'walker' | 'fighter',
): number {
  const l = rs.legions.find((x) => x.seat === legion);
  const person = l?.roster.find((p) => p.name === squad && p.map === 'ground');
  if (!l || !person) return 0;
  const have =
    Object.values(rs.ground.units).filter(
      (u) => u.legion === legion && u.squad === squad && u.kind === kind,
    ).length + l.production.filter((p) => p.squad === squad && p.item === kind).length;
  const max =
    kind === 'walker'
      ? person.specialty === 'mechanic'
        ? 1
        : 0
      : kind === 'infantry'
        ? person.specialty === 'commando'
          ? 5
          : 2
        : 1;
  return max - have;
}

/** II.2.6: the production time of an item with this many generators lost (Central alive). */
export function productionTime(item: ProductionItem, lost: number): number {
  return PRODUCTION_TIME[item][Math.min(2, Math.max(0, lost))];
}

export const isTerritoryOf = (rs: Readonly<SwState>, legion: string, h: Hex): boolean => {
  const cell = own(rs.ground.cells, hexKey(h));
  return cell?.kind === 'territory' && rs.legions[(cell.legion ?? 0) - 1]?.seat === legion;
};

/** The first free hex of the legion's territory, where a new unit appears (II.2.4). */
function freeTerritory(rs: Readonly<SwState>, legion: string): Hex | undefined {
  const taken = groundTaken(rs);
  return Object.values(rs.ground.cells).find(
    (c) => isTerritoryOf(rs, legion, c) && !taken.has(hexKey(c)),
  );
}

/**
 * Reinforcements delivered in space reach the legion's ground flight at its turn's start
 * (S4.4): action points, or an infantry unit each in free territory and a squad with room
 * (option reinforcementsOnGround); those with no room wait for a later turn.
 */
function landReinforcements(d: SwDraft, legion: string): void {
  const l = d.rs.legions.find((x) => x.seat === legion);
  const reserve = l?.groundReserve ?? 0;
  if (!l || reserve <= 0) return;
  if (d.options.reinforcementsOnGround === 'action-points') {
    const actionPoints = reserve * d.options.reinforcementActionPoints;
    d.own('ReinforcementsLanded', {
      legion,
      count: reserve,
      actionPoints,
      left: l.actionPoints + actionPoints,
    });
    return;
  }
  let placed = 0;
  for (let i = 0; i < reserve; i += 1) {
    const squad = l.roster.find(
      (p) => p.map === 'ground' && squadRoom(d.rs, legion, p.name, 'infantry') > 0,
    );
    const hex = freeTerritory(d.rs, legion);
    if (!squad || !hex) break;
    d.own('UnitPlaced', {
      unit: `infantry-${d.ctx.nextSeq + d.events.length}`,
      legion,
      kind: 'infantry',
      hexes: [hex],
      squad: squad.name,
    });
    placed += 1;
  }
  if (placed > 0)
    d.own('ReinforcementsLanded', {
      legion,
      count: placed,
      actionPoints: 0,
      left: l.actionPoints,
    });
}

/** A faction's ground turn begins: reinforcements land, its queue advances, what is ready appears. */
export function groundTurnStarted(d: SwDraft, legion: string): void {
  landReinforcements(d, legion);
  if (d.options.productionTicks === 'every-turn') countOthersProduction(d, legion);
  const front = d.rs.legions.find((l) => l.seat === legion)?.production[0];
  if (!front) return;
  if (centralLost(d.rs, legion)) {
    d.own('ProductionAdvanced', {
      legion,
      id: front.id,
      turnsLeft: front.turnsLeft,
      stalled: 'central',
    });
    return;
  }
  const turnsLeft = Math.max(0, front.turnsLeft - 1);
  if (turnsLeft > 0) {
    d.own('ProductionAdvanced', { legion, id: front.id, turnsLeft });
    return;
  }
  const taken = groundTaken(d.rs);
  if ((SUPPORT_KINDS as readonly string[]).includes(front.item)) {
    if (!front.hex || taken.has(hexKey(front.hex))) {
      d.own('ProductionAdvanced', { legion, id: front.id, turnsLeft: 0, stalled: 'no-hex' });
      return;
    }
    d.own('SupportPlaced', {
      piece: front.id,
      legion,
      kind: front.item as SupportKind,
      hex: front.hex,
    });
    if (front.item === 'comm-centre' && d.options.commCentreReach === 'any-arrival')
      downFightersNextTo(d, { id: front.id, legion, hex: front.hex });
    return;
  }
  const kind = front.item as 'infantry' | 'walker';
  const named =
    front.hex && !taken.has(hexKey(front.hex)) && isTerritoryOf(d.rs, legion, front.hex);
  // The hex named is taken: the first free one, or the queue waits (option producedUnitHex).
  const at = named
    ? front.hex
    : front.hex && d.options.producedUnitHex === 'wait'
      ? undefined
      : freeTerritory(d.rs, legion);
  const hexes = at ? shapeAt(d.rs, legion, at, UNITS[kind].hexes, taken) : undefined;
  if (!hexes) {
    d.own('ProductionAdvanced', { legion, id: front.id, turnsLeft: 0, stalled: 'no-hex' });
    return;
  }
  d.own('UnitPlaced', { unit: front.id, legion, kind, hexes, squad: front.squad ?? '' });
}

/**
 * Option productionTicks 'every-turn': a faction's ground turn counts a turn of every other
 * legion's item under way too; what is ready still appears at its own legion's turn.
 */
function countOthersProduction(d: SwDraft, legion: string): void {
  for (const other of d.rs.legions) {
    const front = other.production[0];
    if (other.seat === legion || !front || front.turnsLeft <= 1) continue;
    if (centralLost(d.rs, other.seat)) continue;
    d.own('ProductionAdvanced', {
      legion: other.seat,
      id: front.id,
      turnsLeft: front.turnsLeft - 1,
    });
  }
}

/** A unit of `size` hexes in free territory from `at`: itself and free neighbours in turn. */
function shapeAt(
  rs: Readonly<SwState>,
  legion: string,
  at: Hex,
  size: number,
  taken: Map<string, string>,
): Hex[] | undefined {
  const cells = Object.values(rs.ground.cells).filter(
    (c) => isTerritoryOf(rs, legion, c) && !taken.has(hexKey(c)),
  );
  const shape: Hex[] = [at];
  for (const c of cells) {
    if (shape.length >= size) break;
    if (!shape.some((s) => s.q === c.q && s.r === c.r) && shape.some((s) => distance(s, c) === 1))
      shape.push({ q: c.q, r: c.r });
  }
  return shape.length === size ? shape : undefined;
}

/** A faction's ground turn ends: its units standing still on control points hold or capture them. */
export function groundTurnEnding(d: SwDraft, legion: string): void {
  const round = d.rs.ground.turn.round;
  for (const cell of Object.values(d.rs.ground.cells)) {
    if (cell.kind !== 'control') continue;
    const unit = Object.values(d.rs.ground.units).find(
      (u) => u.legion === legion && u.hexes.some((h) => h.q === cell.q && h.r === cell.r),
    );
    if (!unit) continue;
    if (unit.still === undefined) {
      d.own('ControlPointHeld', {
        hex: { q: cell.q, r: cell.r },
        legion,
        unit: unit.id,
        since: round,
      });
      continue;
    }
    const held = d.options.fullTurn === 'own-turn' ? unit.still < round : unit.still + 2 <= round;
    const owner = d.rs.legions.find((l) => l.controlPoints.includes(hexKey(cell)));
    if (held && owner?.seat !== legion)
      d.own('ControlPointCaptured', {
        hex: { q: cell.q, r: cell.r },
        legion,
        value: cell.value ?? 0,
      });
  }
}

/** G4.9: an enemy fighter next to a communications centre is destroyed and leaves the map. */
export function downFighterNearCentre(
  d: SwDraft,
  fighter: Pick<Unit, 'id' | 'legion' | 'hexes'>,
): void {
  const centre = Object.values(d.rs.ground.support).find(
    (s) =>
      s.kind === 'comm-centre' &&
      s.legion !== fighter.legion &&
      fighter.hexes.some((h) => distance(h, s.hex) === 1),
  );
  if (centre) d.own('FighterShotDown', { unit: fighter.id, centre: centre.id });
}

/** G4.9 under commCentreReach any-arrival: a centre built next to enemy fighters downs them. */
export function downFightersNextTo(
  d: SwDraft,
  centre: Pick<SupportPiece, 'id' | 'legion' | 'hex'>,
): void {
  for (const unit of Object.values(d.rs.ground.units))
    if (
      unit.kind === 'fighter' &&
      unit.legion !== centre.legion &&
      unit.hexes.some((h) => distance(h, centre.hex) === 1)
    )
      d.own('FighterShotDown', { unit: unit.id, centre: centre.id });
}
