import { own, setOwn } from '../../shared/id-record';
import { tableEvent } from '../../table/table-events';
import type { Piece } from '../../table/table';
import type { Distance, Weapon } from './cp-cards';
import { DISTANCES } from './cp-cards';
import { RULES } from './cp-rules-text';
import type { BattleState } from './cp-state';
import {
  blockadedBy,
  controllerOf,
  isDestroyed,
  isStation,
  kindOf,
  objectOfOrbit,
  objectsInPlay,
  onSurface,
  other,
  shipsAt,
  statsOf,
  Z,
  type CpDraft,
} from './cp-table';
import { checkCommanders, checkPirate } from './decisions/victory';
import { checkWeaponTarget, mayDamage, weaponUsable, type TargetInfo } from './cp-weapons';
import type { TargetKind } from './cp-events';

/**
 * The battle phase as a machine («Как проходит сражение», «Фазы и подфазы хода» 7):
 * which fleets fight, battles in the Priority holder's order, the second echelon, rounds
 * Long → Medium → Short (Short repeating), withdrawals, alternating attacks (attacker
 * first), distance manoeuvres, tactical superiority, the end of a battle (landing,
 * critical damage, station boarding) and of the phase (capture, blockade, Pirate).
 */

export function battle(d: CpDraft): BattleState | undefined {
  return d.rs.battlePhase?.battle;
}

// ---------------------------------------------------------------------------------------
// Who is fighting
// ---------------------------------------------------------------------------------------

export function targetKind(piece: Piece): TargetKind | undefined {
  const kind = kindOf(piece);
  if (kind === 'ship') return 'ship';
  if (kind === 'object' && isStation(piece)) return 'station';
  if (kind === 'military-building' || kind === 'civil-building' || kind === 'ground-unit')
    return kind;
  return undefined;
}

export function targetInfo(d: CpDraft, piece: Piece): TargetInfo {
  const host =
    typeof piece.attrs.host === 'string' ? own(d.table.pieces, piece.attrs.host) : undefined;
  return {
    kind: targetKind(piece) ?? 'ship',
    stats: statsOf(piece),
    onPlanet: host?.attrs.objectType === 'planet',
    onStation: host ? isStation(host) : false,
    shieldDisabled: d.rs.battlePhase?.novaDamaged.includes(piece.id) ?? false,
  };
}

/** Ships of a seat taking part now: at the location, first echelon (or entered), not withdrawn. */
export function battleShips(d: CpDraft, b: BattleState, seat: string): Piece[] {
  return shipsAt(d.table, b.location, seat).filter(
    (p) => !(own(b.second, seat) ?? []).includes(p.id) && !b.withdrawn.includes(p.id),
  );
}

/** Everything of a seat that fights: its ships, and on an orbit its military buildings and station. */
export function fighters(d: CpDraft, b: BattleState, seat: string): Piece[] {
  const result = battleShips(d, b, seat);
  if (!b.object) return result;
  const object = own(d.table.pieces, b.object);
  if (!object) return result;
  if (
    isStation(object) &&
    controllerOf(object) === seat &&
    !isDestroyed(object) &&
    !own(b.boardedStations, object.id)
  )
    result.push(object);
  for (const card of onSurface(d.table, object.id))
    if (card.owner === seat && kindOf(card) === 'military-building') result.push(card);
  return result;
}

/** Ground units and civil buildings of a seat on the battle's object (not fighters). */
export function groundOf(d: CpDraft, b: BattleState, seat: string): Piece[] {
  if (!b.object) return [];
  return onSurface(d.table, b.object).filter(
    (p) => p.owner === seat && (kindOf(p) === 'ground-unit' || kindOf(p) === 'civil-building'),
  );
}

export function reserveOf(d: CpDraft, b: BattleState, seat: string): string[] {
  return (own(b.second, seat) ?? []).filter(
    (id) => !isDestroyed(own(d.table.pieces, id)) && own(d.table.pieces, id)?.zone === b.location,
  );
}

/** Everything an attack of the seat may aim at (weapon restrictions are checked apart). */
export function enemyTargets(d: CpDraft, b: BattleState, seat: string): Piece[] {
  const enemy = other(d.seats, seat);
  return [...fighters(d, b, enemy), ...groundOf(d, b, enemy)];
}

interface AttackOption {
  fighter: Piece;
  weapon: Weapon;
  target: Piece;
  damaging: boolean;
}

/** Weapon attacks of the seat's fighters at this distance (untapped only unless said). */
export function weaponOptions(
  d: CpDraft,
  b: BattleState,
  seat: string,
  opts: { ignoreTap?: boolean; distance?: Distance } = {},
): AttackOption[] {
  const distance = opts.distance ?? b.distance;
  const maserUnshielded = d.options.maserUnshielded;
  const disabled = d.rs.battlePhase?.novaDamaged ?? [];
  const result: AttackOption[] = [];
  const targets = enemyTargets(d, b, seat);
  for (const fighter of fighters(d, b, seat)) {
    if (!opts.ignoreTap && fighter.status === 'tapped') continue;
    const stats = statsOf(fighter);
    for (const weapon of stats.weapons) {
      if (!weaponUsable(weapon, distance)) continue;
      for (const target of targets) {
        const info = targetInfo(d, target);
        const check = checkWeaponTarget(
          weapon,
          stats,
          disabled.includes(fighter.id),
          info,
          maserUnshielded,
        );
        if (!check.ok) continue;
        result.push({
          fighter,
          weapon,
          target,
          damaging: mayDamage(weapon, info, maserUnshielded),
        });
      }
    }
  }
  return result;
}

/** A compulsory attack: a weapon attack on an enemy fighter (that can deal damage, by option). */
export function mustAttack(d: CpDraft, b: BattleState, seat: string): boolean {
  const anyAttack = d.options.compulsoryAttack === 'any';
  return weaponOptions(d, b, seat).some(
    (o) =>
      o.weapon.kind !== 'bombs' &&
      targetKind(o.target) !== 'civil-building' &&
      (anyAttack || o.damaging),
  );
}

/** Any action the seat could take now: a weapon attack, a ram, a boarding or bombs. */
export function mayAct(d: CpDraft, b: BattleState, seat: string): boolean {
  if (weaponOptions(d, b, seat).length > 0) return true;
  return canRam(d, b, seat) || canBoard(d, b, seat);
}

/** Ships and stations of the enemy a ram or a boarding may aim at. */
function enemyHulls(d: CpDraft, b: BattleState, seat: string): Piece[] {
  const enemy = other(d.seats, seat);
  return fighters(d, b, enemy).filter((p) => kindOf(p) === 'ship' || isStation(p));
}

/** In the Short round, an untapped ship of the seat can ram an enemy hull. */
export function canRam(d: CpDraft, b: BattleState, seat: string): boolean {
  if (b.distance !== 'short') return false;
  const hulls = enemyHulls(d, b, seat);
  return battleShips(d, b, seat).some(
    (ship) =>
      ship.status !== 'tapped' &&
      hulls.some((t) => statsOf(t).size !== 'light' || statsOf(ship).size === 'light'),
  );
}

/** In the Short round, an untapped ship of the seat with boarding boats can board a crewed hull. */
export function canBoard(d: CpDraft, b: BattleState, seat: string): boolean {
  if (b.distance !== 'short') return false;
  const hulls = enemyHulls(d, b, seat);
  const failed = d.rs.battlePhase?.boardingFailed ?? [];
  return battleShips(d, b, seat).some(
    (ship) =>
      ship.status !== 'tapped' &&
      statsOf(ship).boarding > 0 &&
      !failed.includes(ship.id) &&
      hulls.some((t) => statsOf(t).size !== 'light' && statsOf(t).crew.count > 0),
  );
}

/** Whose attack it is: alternating, attacker first; a side that cannot act is skipped. */
export function toAct(d: CpDraft, b: BattleState): string | undefined {
  const able = (seat: string) =>
    mustAttack(d, b, seat) || (!b.passed.includes(seat) && mayAct(d, b, seat));
  const first = b.lastActor === undefined ? b.attacker : other(d.seats, b.lastActor);
  if (able(first)) return first;
  const second = other(d.seats, first);
  return able(second) ? second : undefined;
}

function canDamageAt(d: CpDraft, b: BattleState, seat: string, distance: Distance): boolean {
  return weaponOptions(d, b, seat, { ignoreTap: true, distance }).some((o) => o.damaging);
}

function speeds(d: CpDraft, b: BattleState, seat: string): number[] {
  return battleShips(d, b, seat).map((p) => statsOf(p).speed);
}

// ---------------------------------------------------------------------------------------
// The battle phase
// ---------------------------------------------------------------------------------------

export function findBattles(
  d: CpDraft,
  mover: string,
): { location: string; attacker: string; defender: string }[] {
  const zones = new Set<string>();
  for (const piece of Object.values(d.table.pieces))
    if (
      kindOf(piece) === 'ship' &&
      !isDestroyed(piece) &&
      (piece.zone.startsWith('sector:') || piece.zone.startsWith('orbit:'))
    )
      zones.add(piece.zone);
  const installations = d.options.installationsFight;
  const battles: { location: string; attacker: string; defender: string }[] = [];
  for (const zone of [...zones].sort()) {
    const present = d.seats.filter((s) => shipsAt(d.table, zone, s).length > 0);
    let fight = present.length === 2;
    if (!fight && present.length === 1 && zone.startsWith('orbit:') && installations) {
      const object = objectOfOrbit(d.table, zone);
      const visitor = present[0];
      const host = other(d.seats, visitor);
      if (object && !isDestroyed(object)) {
        const surface = onSurface(d.table, object.id).filter((p) => p.owner === host);
        const armed =
          (isStation(object) && controllerOf(object) === host) ||
          surface.some((p) => kindOf(p) === 'military-building');
        const ships = shipsAt(d.table, zone, visitor).map(statsOf);
        const canReachGround =
          surface.some((p) => kindOf(p) === 'ground-unit' || kindOf(p) === 'civil-building') &&
          !isStation(object) &&
          ships.some((s) => s.weapons.some((w) => w.kind === 'bombs') || s.landing > 0);
        fight = armed || canReachGround;
      }
    }
    if (fight) battles.push({ location: zone, attacker: mover, defender: other(d.seats, mover) });
  }
  return battles;
}

export function beginBattlePhase(d: CpDraft, mover: string): void {
  const battles = findBattles(d, mover);
  d.own('BattlePhaseBegan', { mover, battles, ruleRef: RULES.battleTrigger });
  d.enterPhase('battle', [...d.seats]);
  advanceBattle(d);
}

export function startBattle(d: CpDraft, location: string): void {
  const phase = d.rs.battlePhase;
  const entry = phase?.queue.find((q) => q.location === location);
  if (!phase || !entry) return;
  const object = objectOfOrbit(d.table, location);
  const participants = new Set<string>();
  for (const seat of d.seats)
    for (const ship of shipsAt(d.table, location, seat)) participants.add(ship.id);
  if (object) {
    if (isStation(object)) participants.add(object.id);
    for (const card of onSurface(d.table, object.id))
      if (kindOf(card) === 'military-building') participants.add(card.id);
  }
  const noChoice = d.seats.filter(
    (s) => shipsAt(d.table, location, s).length < 2 || d.rs.autoPass.includes(s),
  );
  d.own('BattleStarted', {
    battle: `b${d.rs.turn}-${phase.started + 1}`,
    location,
    ...(object ? { object: object.id } : {}),
    attacker: entry.attacker,
    defender: entry.defender,
    participants: [...participants],
    noEchelonChoice: noChoice,
    ruleRef: RULES.attackerFirst,
  });
}

/** Runs the battle phase forward until a player must decide (or the phase ends). */
export function advanceBattle(d: CpDraft): void {
  for (let guard = 0; guard < 500 && !d.finished; guard += 1) {
    const phase = d.rs.battlePhase;
    if (!phase) return;
    const b = phase.battle;
    if (!b) {
      if (phase.pendingCivil.length > 0) return;
      if (phase.queue.length === 0) {
        endBattlePhase(d);
        return;
      }
      if (phase.queue.length > 1) return; // the Priority holder picks the next battle
      startBattle(d, phase.queue[0].location);
      continue;
    }
    if (b.pending || b.groundChoice) return;
    switch (b.step) {
      case 'echelon':
        if (!d.seats.every((s) => b.echelonDone.includes(s))) return;
        beginRound(d, b, 'long');
        continue;
      case 'withdrawals':
        if (d.seats.some((s) => fighters(d, b, s).length === 0) && checkBattleOver(d, b)) continue;
        if (b.pendingWithdrawals.length > 0) return;
        if (!d.seats.every((s) => b.withdrawDone.includes(s))) return;
        d.own('AttacksBegan', { battle: b.id, round: b.round });
        continue;
      case 'attacks': {
        if (checkBattleOver(d, b)) continue;
        if (toAct(d, b)) return;
        endRound(d, b);
        continue;
      }
      case 'round-end':
        if (b.awaitingManoeuvre.length > 0) return;
        resolveRoundEnd(d, b);
        continue;
      case 'landing':
        if (b.landingBy) return;
        finishBattle(d, b);
        continue;
      case 'closed':
        return;
    }
  }
}

function closer(distance: Distance): Distance {
  return DISTANCES[Math.min(DISTANCES.indexOf(distance) + 1, DISTANCES.length - 1)];
}

/** A side with no fighters left: its second echelon enters, or the battle is over. */
function checkBattleOver(d: CpDraft, b: BattleState): boolean {
  const empty = d.seats.filter((s) => fighters(d, b, s).length === 0);
  if (empty.length === 0) return false;
  if (empty.some((s) => reserveOf(d, b, s).length > 0)) {
    endRound(d, b, true);
    return true;
  }
  if (empty.length === 2) {
    endBattle(d, b, undefined);
    return true;
  }
  const loser = empty[0];
  const winner = other(d.seats, loser);
  const ground = groundOf(d, b, loser).filter(
    (p) => kindOf(p) === 'ground-unit' || kindOf(p) === 'civil-building',
  );
  const bombers = battleShips(d, b, winner).some((s) =>
    statsOf(s).weapons.some((w) => w.kind === 'bombs'),
  );
  const object = b.object ? own(d.table.pieces, b.object) : undefined;
  if (ground.length > 0 && bombers && object && !isStation(object)) {
    if (b.groundAssault === winner) return false;
    if (!b.groundDeclined) {
      d.own('GroundAssaultOffered', { battle: b.id, seat: winner, ruleRef: RULES.groundContinue });
      return true;
    }
  }
  endBattle(d, b, winner);
  return true;
}

function retreat(d: CpDraft, b: BattleState, seat: string, why: string): void {
  const ships = shipsAt(d.table, b.location, seat).map((p) => p.id);
  if (ships.length === 0) return;
  const to = d.newSector();
  d.moveShips(seat, ships, to);
  d.own('FleetRetreated', { battle: b.id, seat, ships, to, why });
}

export function beginRound(d: CpDraft, b: BattleState, requested: Distance, stopped = false): void {
  let distance = requested;
  const entering: string[] = [];
  for (const seat of d.seats) {
    if (fighters(d, b, seat).length === 0 && reserveOf(d, b, seat).length > 0) {
      const ships = reserveOf(d, b, seat);
      d.own('SecondEchelonEntered', { battle: b.id, seat, ships, ruleRef: RULES.echelonEnter });
      entering.push(seat);
      distance = 'long';
    }
  }
  const unchanged = b.round > 0 && distance === b.distance && entering.length === 0;
  if (unchanged) {
    for (const seat of d.seats) {
      if ((own(b.superiority, seat) ?? 0) < 3) continue;
      const ships = battleShips(d, b, seat).map((p) => p.id);
      if (ships.length === 0) continue;
      d.destroy(ships, 'tactical superiority');
      d.own('TacticalSuperiorityApplied', {
        battle: b.id,
        loser: seat,
        ships,
        rounds: own(b.superiority, seat),
        ruleRef: RULES.superiority,
      });
    }
  }
  const inBattle = new Set<string>([
    ...d.seats.flatMap((s) => fighters(d, b, s).map((p) => p.id)),
    ...d.seats.flatMap((s) => reserveOf(d, b, s)),
  ]);
  for (const id of inBattle)
    if (own(d.table.pieces, id)?.status === 'tapped')
      d.emit(tableEvent('PieceChanged', { piece: id, status: 'active' }));
  const noChoice = d.seats.filter(
    (s) => b.autoPass.includes(s) || shipsAt(d.table, b.location, s).length === 0,
  );
  d.own('BattleRoundBegan', {
    battle: b.id,
    round: b.round + 1,
    distance,
    closingStopped: entering.length > 0 ? false : stopped && distance === b.distance,
    noWithdrawalChoice: noChoice,
    resetSuperiority: !unchanged,
    ruleRef: RULES.battleTap,
  });
}

function endRound(d: CpDraft, b: BattleState, echelonEntry = false): void {
  const superiority: Record<string, number> = {};
  for (const seat of d.seats) {
    const enemy = other(d.seats, seat);
    const hasWeapon = fighters(d, b, seat).some((f) =>
      statsOf(f).weapons.some((w) => weaponUsable(w, b.distance) && w.kind !== 'bombs'),
    );
    const held =
      !own(b.attacked, seat) &&
      !hasWeapon &&
      fighters(d, b, seat).length > 0 &&
      own(b.attacked, enemy) === true &&
      canDamageAt(d, b, enemy, b.distance);
    setOwn(superiority, seat, held ? (own(b.superiority, seat) ?? 0) + 1 : 0);
  }
  const awaiting =
    echelonEntry || b.groundAssault
      ? []
      : d.seats.filter((s) => !b.autoPass.includes(s) && manoeuvresOpen(d, b, s).length > 0);
  d.own('BattleRoundEnded', {
    battle: b.id,
    round: b.round,
    distance: b.distance,
    attacks: b.attacksThisRound,
    superiority,
    awaiting,
  });
  checkCommanders(d);
}

export type Manoeuvre = 'stop' | 'resume' | 'increase' | 'echelon';

/** The distance manoeuvres open to a seat at the end of this round. */
export function manoeuvresOpen(
  d: CpDraft,
  b: BattleState,
  seat: string,
  stopDeclared = false,
): Manoeuvre[] {
  const enemy = other(d.seats, seat);
  const own = speeds(d, b, seat);
  const theirs = speeds(d, b, enemy);
  const open: Manoeuvre[] = [];
  if (own.length === 0) return open;
  const maxEnemy = Math.max(0, ...theirs);
  const mayShape = !b.object || seat === b.attacker;
  const stopped = b.closingStopped || stopDeclared;
  if (mayShape && !stopped && b.distance !== 'short' && Math.min(...own) >= maxEnemy)
    open.push('stop');
  if (stopped && Math.max(...own) > maxEnemy) open.push('resume');
  if (mayShape && b.distance !== 'long' && Math.min(...own) > maxEnemy) open.push('increase');
  if (
    b.object &&
    battleShips(d, b, enemy).length === 0 &&
    fighters(d, b, enemy).length + groundOf(d, b, enemy).length > 0 &&
    reserveOf(d, b, seat).length > 0
  )
    open.push('echelon');
  return open;
}

function resolveRoundEnd(d: CpDraft, b: BattleState): void {
  if (d.seats.some((s) => fighters(d, b, s).length === 0 && reserveOf(d, b, s).length > 0)) {
    beginRound(d, b, 'long');
    return;
  }
  let stopped = b.closingStopped;
  let next: Distance | undefined;
  for (const m of b.manoeuvres) if (m.kind === 'stop') stopped = true;
  for (const m of b.manoeuvres) if (m.kind === 'resume') stopped = false;
  for (const m of b.manoeuvres)
    if (m.kind === 'increase' && m.distance) {
      next = m.distance;
      stopped = false;
    }
  const echelon = b.manoeuvres.filter((m) => m.kind === 'echelon');
  for (const m of echelon) {
    d.own('SecondEchelonEntered', {
      battle: b.id,
      seat: m.seat,
      ships: reserveOf(d, b, m.seat),
      ruleRef: RULES.echelonOrbit,
    });
    next = 'long';
  }
  // Entering a second echelon or increasing the distance starts a new approach: no stalemate.
  const fresh = echelon.length > 0 || next !== undefined;
  next ??= stopped ? b.distance : closer(b.distance);
  const anyDamage = d.seats.some((s) => canDamageAt(d, b, s, b.distance));
  // Ground assault: the winner bombs at Short until it stops.
  if (
    b.groundAssault &&
    b.distance === 'short' &&
    (b.attacksThisRound === 0 || b.passed.includes(b.groundAssault))
  ) {
    endBattle(d, b, b.groundAssault);
    return;
  }
  if (!fresh && stopped && next === b.distance && !anyDamage) {
    stalemate(d, b, 'stalemate');
    return;
  }
  if (
    b.object &&
    !fresh &&
    !b.groundAssault &&
    next === b.distance &&
    !canDamageAt(d, b, b.attacker, b.distance) &&
    battleShips(d, b, b.attacker).length > 0
  ) {
    retreat(d, b, b.attacker, 'orbit: no weapon to fight at this distance');
    d.own('ForcedRetreat', { battle: b.id, seat: b.attacker, ruleRef: RULES.orbitDistance });
    endBattle(d, b, b.defender);
    return;
  }
  if (
    d.options.deadlock &&
    !fresh &&
    b.attacksThisRound === 0 &&
    next === b.distance &&
    !anyDamage &&
    !b.groundAssault
  ) {
    stalemate(d, b, 'deadlock');
    return;
  }
  beginRound(d, b, next, stopped);
}

function stalemate(d: CpDraft, b: BattleState, why: 'stalemate' | 'deadlock'): void {
  if (b.object) retreat(d, b, b.attacker, why);
  else for (const seat of d.seats) retreat(d, b, seat, why);
  d.own('BattleStalemate', {
    battle: b.id,
    why,
    ruleRef: b.object ? RULES.orbitDistance : RULES.stalemate,
  });
  endBattle(d, b, b.object ? b.defender : undefined);
}

function endBattle(d: CpDraft, b: BattleState, winner: string | undefined): void {
  let landingBy: string | undefined;
  const object = b.object ? own(d.table.pieces, b.object) : undefined;
  if (winner && object && !isStation(object) && !isDestroyed(object)) {
    const loser = other(d.seats, winner);
    const enemyShips = shipsAt(d.table, b.location, loser).length;
    const enemyBuildings = onSurface(d.table, object.id).some(
      (p) => p.owner === loser && kindOf(p) === 'military-building',
    );
    const enemyUnits = onSurface(d.table, object.id).some(
      (p) => p.owner === loser && kindOf(p) === 'ground-unit',
    );
    const landers = shipsAt(d.table, b.location, winner).some((s) => statsOf(s).landing > 0);
    if (!enemyShips && !enemyBuildings && enemyUnits && landers) landingBy = winner;
  }
  d.own('BattleEnded', {
    battle: b.id,
    location: b.location,
    ...(winner ? { holder: winner } : { holder: null }),
    ...(landingBy ? { landingBy } : {}),
    ruleRef: RULES.battleEnd,
  });
}

function finishBattle(d: CpDraft, b: BattleState): void {
  const destroyed: { piece: string; damage: number; critical: number }[] = [];
  const cleared: { piece: string; damage: number }[] = [];
  for (const id of b.participants) {
    const piece = own(d.table.pieces, id);
    if (!piece || isDestroyed(piece)) continue;
    const stats = statsOf(piece);
    if (stats.damage <= 0) continue;
    if (kindOf(piece) === 'ship') {
      if (stats.critical !== undefined && stats.damage >= stats.critical) {
        destroyed.push({ piece: id, damage: stats.damage, critical: stats.critical });
        continue;
      }
      cleared.push({ piece: id, damage: stats.damage });
    } else if (kindOf(piece) === 'military-building') {
      cleared.push({ piece: id, damage: stats.damage });
    }
  }
  if (destroyed.length > 0)
    d.destroy(
      destroyed.map((x) => x.piece),
      'critical damage',
    );
  for (const c of cleared)
    d.emit(tableEvent('PieceChanged', { piece: c.piece, attrs: { damage: 0 } }));
  d.own('CriticalDamageApplied', { battle: b.id, destroyed, cleared, ruleRef: RULES.critical });

  let boardedAndDestroyed: string | undefined;
  for (const [station, boarder] of Object.entries(b.boardedStations)) {
    const piece = own(d.table.pieces, station);
    if (!piece || isDestroyed(piece)) continue;
    const owner = controllerOf(piece) ?? '';
    const boarderShips = shipsAt(d.table, b.location, boarder).length > 0;
    const ownerShips = shipsAt(d.table, b.location, owner).length > 0;
    if (ownerShips) {
      d.destroy([station], 'boarded station destroyed');
      d.own('StationBoardingResolved', {
        battle: b.id,
        station,
        boarder,
        outcome: 'destroyed',
        ruleRef: RULES.stationBoardedEnd,
      });
      boardedAndDestroyed = station;
    } else if (boarderShips) {
      transferControl(d, piece, boarder, 'station boarding');
      d.own('StationBoardingResolved', {
        battle: b.id,
        station,
        boarder,
        outcome: 'captured',
        ruleRef: RULES.stationBoardedEnd,
      });
    } else {
      d.own('StationBoardingResolved', {
        battle: b.id,
        station,
        boarder,
        outcome: 'kept',
        ruleRef: RULES.stationBoardedEnd,
      });
    }
  }
  const gone =
    boardedAndDestroyed ??
    b.destroyedStation ??
    (b.object && isDestroyed(own(d.table.pieces, b.object)) ? b.object : undefined);
  if (gone) {
    for (const seat of d.seats) {
      const ships = shipsAt(d.table, Z.orbit(gone), seat).map((p) => p.id);
      if (ships.length === 0) continue;
      const to = d.newSector();
      d.moveShips(seat, ships, to);
      d.own('ShipsCastAdrift', {
        battle: b.id,
        seat,
        ships,
        to,
        ruleRef: RULES.stationDestroyedOrbit,
      });
    }
  }
  d.own('BattleClosed', { battle: b.id });
}

/** Moves an object to a new controller's zone (capture or station boarding). */
export function transferControl(d: CpDraft, object: Piece, to: string, via: string): void {
  const from = controllerOf(object);
  if (object.owner === to) {
    d.emit(tableEvent('PiecesMoved', { pieces: [object.id], to: Z.objects(to) }));
    d.emit(tableEvent('PieceChanged', { piece: object.id, status: 'active' }));
  } else {
    d.emit(
      tableEvent('PiecesCaptured', { pieces: [object.id], by: to, to: Z.objects(to), cause: via }),
    );
  }
  d.emit(
    tableEvent('PieceChanged', { piece: object.id, attrs: { controller: to, blockadedBy: null } }),
  );
  d.own('ObjectControlChanged', { object: object.id, from, to, via });
}

/** End of the battle phase: capture and blockade, then Pirate and Commander checks. */
function endBattlePhase(d: CpDraft): void {
  const phase = d.rs.battlePhase;
  if (!phase) return;
  if (!phase.controlDone) {
    for (const object of objectsInPlay(d.table)) {
      if (isStation(object)) continue;
      const controller = controllerOf(object) ?? '';
      const enemy = other(d.seats, controller);
      const zone = Z.orbit(object.id);
      const enemyShips = shipsAt(d.table, zone, enemy).length > 0;
      const ownShips = shipsAt(d.table, zone, controller).length > 0;
      const holders = onSurface(d.table, object.id).filter(
        (p) =>
          p.owner === controller &&
          (kindOf(p) === 'ground-unit' || kindOf(p) === 'military-building'),
      );
      const blockader = blockadedBy(object);
      if (enemyShips && !ownShips && holders.length === 0) {
        const civil = onSurface(d.table, object.id).filter(
          (p) => p.owner === controller && kindOf(p) === 'civil-building',
        );
        transferControl(d, object, enemy, 'capture');
        d.own('ObjectCaptured', { object: object.id, by: enemy, ruleRef: RULES.capture });
        if (civil.length > 0)
          d.own('CivilBuildingsPending', {
            object: object.id,
            captor: enemy,
            buildings: civil.map((p) => p.id),
            ruleRef: RULES.civil,
          });
      } else if (enemyShips && !ownShips) {
        if (blockader !== enemy) {
          d.emit(tableEvent('PiecesMoved', { pieces: [object.id], to: Z.objects(enemy) }));
          d.emit(tableEvent('PieceChanged', { piece: object.id, attrs: { blockadedBy: enemy } }));
          d.own('BlockadeChanged', { object: object.id, by: enemy, ruleRef: RULES.blockade });
        }
      } else if (blockader) {
        d.emit(tableEvent('PiecesMoved', { pieces: [object.id], to: Z.objects(controller) }));
        d.emit(tableEvent('PieceChanged', { piece: object.id, attrs: { blockadedBy: null } }));
        d.own('BlockadeChanged', { object: object.id, by: null, ruleRef: RULES.blockade });
      }
    }
    d.own('ControlChecked', {});
    if ((d.rs.battlePhase?.pendingCivil.length ?? 0) > 0) return;
  }
  completeBattlePhase(d);
}

export function completeBattlePhase(d: CpDraft): void {
  const phase = d.rs.battlePhase;
  if (!phase) return;
  if (checkPirate(d)) return;
  if (checkCommanders(d)) return;
  const mover = phase.mover;
  d.own('BattlePhaseEnded', { mover });
}

export { closer };
