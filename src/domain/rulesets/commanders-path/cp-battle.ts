import { own } from '../../shared/id-record';
import { tableEvent } from '../../table/table-events';
import type { Piece } from '../../table/table';
import { DISTANCES, WEAPON_NAMES, type Distance, type Weapon, type WeaponKind } from './cp-cards';
import {
  advanceBattle,
  battleShips,
  enemyTargets,
  fighters,
  manoeuvresOpen,
  mustAttack,
  reserveOf,
  startBattle,
  targetInfo,
  targetKind,
  toAct,
  canBoard,
  canRam,
  weaponOptions,
  type Manoeuvre,
} from './cp-battle-flow';
import type { DamageResult, ManoeuvreResult, TargetRecord } from './cp-events';
import { RULES } from './cp-rules-text';
import type { AvailabilityContext } from '../ruleset';
import { refuse } from '../kit';
import type { BattleState, CpState, PendingKind } from './cp-state';
import {
  isDestroyed,
  isStation,
  kindOf,
  onSurface,
  other,
  shipsAt,
  statsOf,
  cpDecision,
  viewOf,
  type CpDraft,
} from './cp-table';
import { immediateCommanderCheck } from './cp-victory';
import {
  checkWeaponTarget,
  crewDefence,
  damageOf,
  hitThreshold,
  isLight,
  MANOEUVRE_COUNTER_MARGIN,
  NOVA_NEED,
  novaTargetCount,
  POINT_DEFENCE_NEED,
  pointDefenceApplies,
  RAM_EVADE_NEED,
  ramDamage,
  weaponUsable,
} from './cp-weapons';
import {
  CpAllowWithdrawalParams,
  CpAttackParams,
  CpAutoPassParams,
  CpBoardParams,
  CpBombParams,
  CpCivilParams,
  CpCounterFireParams,
  CpEchelonParams,
  CpEndRoundParams,
  CpEvadeParams,
  CpGroundAssaultParams,
  CpLandParams,
  CpNoParams,
  CpNovaShieldsParams,
  CpNovaTargetsParams,
  CpRamParams,
  CpStartBattleParams,
  CpWithdrawParams,
} from './cp.params';

/** Battle decisions («Как проходит сражение» and the weapon sections). */

// ---------------------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------------------

function currentBattle(d: CpDraft): BattleState {
  const b = d.rs.battlePhase?.battle;
  if (!b) refuse('no_battle', 'No battle is being fought now', RULES.battleTrigger);
  if (!d.seats.includes(d.seat))
    refuse('not_in_battle', `${d.seat} is not in this battle`, RULES.battleTrigger);
  return b;
}

function requireAttackTurn(d: CpDraft, b: BattleState): void {
  if (b.step !== 'attacks')
    refuse(
      'not_attack_step',
      `The battle is at its ${b.step} step, not attacking`,
      RULES.battleTap,
    );
  if (b.pending)
    refuse(
      'pending_choice',
      `${b.pending.seat} must first answer the ${b.pending.kind} choice`,
      RULES.attackerFirst,
    );
  const next = toAct(d, b);
  if (next !== d.seat)
    refuse(
      'not_your_attack',
      next ? `It is ${next}'s attack now` : 'Nobody can attack any more this round',
      next === undefined ? RULES.skipSide : RULES.attackerFirst,
    );
}

/** An untapped fighter of the acting seat, in the first echelon. */
function requireFighter(d: CpDraft, b: BattleState, id: string, shipsOnly = false): Piece {
  const piece = d.piece(id);
  if (piece.owner !== d.seat && statsOf(piece).kind !== 'object')
    refuse('not_your_ship', `${id} is not ${d.seat}'s`, RULES.ownCards);
  if ((own(b.second, d.seat) ?? []).includes(id))
    refuse(
      'second_echelon',
      `${statsOf(piece).name} is in the second echelon and has not entered`,
      RULES.echelonInactive,
    );
  if (!fighters(d, b, d.seat).some((p) => p.id === id))
    refuse('not_in_battle', `${id} does not fight in this battle`, RULES.battleTrigger);
  if (shipsOnly && kindOf(piece) !== 'ship')
    refuse('ships_only', `${statsOf(piece).name} is not a ship`, RULES.buildings);
  if (piece.status === 'tapped')
    refuse(
      'tapped',
      `${statsOf(piece).name} is tapped: it has already attacked this round (a card cannot be tapped twice)`,
      RULES.tap,
    );
  return piece;
}

function requireEnemyTarget(d: CpDraft, b: BattleState, id: string): Piece {
  const piece = d.piece(id);
  const owner =
    kindOf(piece) === 'object' ? String(piece.attrs.controller ?? piece.owner) : piece.owner;
  if (owner === d.seat)
    refuse('own_target', `${statsOf(piece).name} is ${d.seat}'s own card`, RULES.ownCards);
  const enemy = other(d.seats, d.seat);
  if ((own(b.second, enemy) ?? []).includes(id))
    refuse(
      'second_echelon_target',
      `${statsOf(piece).name} is in the second echelon: not yet in the fight`,
      RULES.echelonInactive,
    );
  if (!enemyTargets(d, b, d.seat).some((p) => p.id === id))
    refuse('not_in_battle', `${id} is not an enemy card in this battle`, RULES.battleTrigger);
  return piece;
}

function weaponOf(piece: Piece, kind: string): Weapon {
  const weapon = statsOf(piece).weapons.find((w) => w.kind === kind);
  if (!weapon)
    refuse(
      'no_weapon',
      `${statsOf(piece).name} has no ${own(WEAPON_NAMES, kind)?.en ?? kind}`,
      RULES.oneWeapon,
    );
  return weapon;
}

function requireRange(piece: Piece, weapon: Weapon, distance: Distance): void {
  if (!weaponUsable(weapon, distance))
    refuse(
      'out_of_range',
      weapon.kind === 'nova'
        ? `The Nova fires only in the Long round (this is the ${distance} round)`
        : `${statsOf(piece).name}'s ${weapon.text} is a ${rangeOf(weapon)} weapon: out of range in the ${distance} round`,
      weapon.kind === 'nova' ? RULES.nova : RULES.whoAttacks,
    );
}

function rangeOf(weapon: Weapon): string {
  return DISTANCES.find((d) => weaponUsable(weapon, d)) ?? 'short';
}

// ---------------------------------------------------------------------------------------
// Damage
// ---------------------------------------------------------------------------------------

/** Adds damage; at durability (strength for ground units) the card goes to Losses at once. */
function applyDamage(
  d: CpDraft,
  b: BattleState,
  target: Piece,
  amount: number,
  cause: string,
): DamageResult {
  const stats = statsOf(target);
  const ground = kindOf(target) === 'ground-unit';
  const before = ground
    ? typeof target.attrs.bombDamage === 'number'
      ? target.attrs.bombDamage
      : 0
    : stats.damage;
  const limit = ground ? stats.strength : stats.durability;
  const after = before + amount;
  if (amount > 0)
    d.emit(
      tableEvent('PieceChanged', {
        piece: target.id,
        attrs: ground ? { bombDamage: after } : { damage: after },
      }),
    );
  const destroyed = amount > 0 && after >= limit;
  if (destroyed) removeCard(d, b, target, cause);
  return { damageBefore: before, damageAfter: after, limit, destroyed };
}

/** A destroyed card: to Losses, or a special damage token for a built-in property. */
export function removeCard(
  d: CpDraft,
  b: BattleState | undefined,
  piece: Piece,
  cause: string,
): void {
  if (piece.attrs.builtIn === true) {
    d.emit(
      tableEvent('PieceChanged', {
        piece: piece.id,
        status: 'broken',
        attrs: { specialDamage: true },
      }),
    );
    d.own('BuiltInDestroyed', {
      piece: piece.id,
      host: typeof piece.attrs.host === 'string' ? piece.attrs.host : undefined,
      cause,
      ruleRef: RULES.builtInDestroyed,
    });
    return;
  }
  d.destroy([piece.id], cause);
  if (kindOf(piece) === 'object' && isStation(piece)) {
    destroyStationBuildings(d, piece, 'station destroyed');
    if (b)
      d.own('StationDestroyed', {
        battle: b.id,
        station: piece.id,
        ruleRef: RULES.stationBuildings,
      });
  }
}

function destroyStationBuildings(d: CpDraft, station: Piece, cause: string): void {
  for (const card of onSurface(d.table, station.id))
    if (kindOf(card) === 'military-building') removeCard(d, undefined, card, cause);
}

// ---------------------------------------------------------------------------------------
// Weapon attacks
// ---------------------------------------------------------------------------------------

interface AttackSpec {
  attackId: string;
  seat: string;
  attacker: string;
  weapon: WeaponKind;
  targets: string[];
  counter?: boolean;
  newAttack: boolean;
  hits?: { faces: number[]; need: number; hits: number };
  defence?: { faces: number[]; need: number; intercepted: number };
  manoeuvre?: Record<string, ManoeuvreResult>;
  nova?: { activation: number; countFace?: number; count?: number; fired: boolean };
  evaded?: string[];
  evasiveTarget?: string;
  novaShield?: string[];
}

function nextAttackId(b: BattleState): string {
  return `${b.id}-a${b.attackSerial + 1}`;
}

function manoeuvreApplies(
  attacker: Piece,
  target: Piece,
  weapon: WeaponKind | 'ram',
  distance: Distance,
): boolean {
  return (
    distance === 'short' &&
    weapon !== 'missiles' &&
    kindOf(attacker) === 'ship' &&
    kindOf(target) === 'ship' &&
    isLight(statsOf(attacker)) &&
    isLight(statsOf(target))
  );
}

/** The light-ship manoeuvre: D6 + speed each; the attacker must be higher. */
function rollManoeuvre(
  d: CpDraft,
  attacker: Piece,
  target: Piece,
  faces: number[] | undefined,
): ManoeuvreResult {
  const [a, t] = d.rollD6('cp:manoeuvre', 2, faces, 'Light-ship manoeuvre');
  const attackerTotal = a + statsOf(attacker).speed;
  const defenderTotal = t + statsOf(target).speed;
  const tieApplies = d.options.manoeuvreTie === 'applies';
  const applies = attackerTotal > defenderTotal || (attackerTotal === defenderTotal && tieApplies);
  return {
    attackerDie: a,
    defenderDie: t,
    attackerTotal,
    defenderTotal,
    outcome: applies ? 'applies' : 'no-damage',
    counter: defenderTotal >= attackerTotal + MANOEUVRE_COUNTER_MARGIN,
  };
}

function validateTargets(
  d: CpDraft,
  b: BattleState,
  attacker: Piece,
  weapon: Weapon,
  targets: string[],
): Piece[] {
  if (weapon.kind === 'nova') {
    if (targets.length > 3) refuse('nova_targets', 'A Nova hits at most 3 ships', RULES.nova);
  } else if (weapon.kind === 'lasers') {
    if (targets.length < 1 || targets.length > weapon.targets)
      refuse(
        'laser_targets',
        `Lasers ${weapon.text} hit 1 to ${weapon.targets} different targets`,
        RULES.lasers,
      );
  } else if (targets.length !== 1) {
    refuse('one_target', `${weapon.text} attacks exactly one target`, RULES.oneWeapon);
  }
  if (new Set(targets).size !== targets.length)
    refuse(
      'same_target_twice',
      'Each target is attacked once (lasers never fire twice at one ship)',
      RULES.lasers,
    );
  const maserUnshielded = d.options.maserUnshielded;
  const disabled = d.rs.battlePhase?.novaDamaged.includes(attacker.id) ?? false;
  return targets.map((id) => {
    const target = requireEnemyTarget(d, b, id);
    const check = checkWeaponTarget(
      weapon,
      statsOf(attacker),
      disabled,
      targetInfo(d, target),
      maserUnshielded,
    );
    if (!check.ok) refuse(check.code, check.message, check.ruleRef);
    return target;
  });
}

function attack(d: CpDraft, p: CpAttackParams): void {
  const b = currentBattle(d);
  requireAttackTurn(d, b);
  const attacker = requireFighter(d, b, p.ship);
  const weapon = weaponOf(attacker, p.weapon);
  requireRange(attacker, weapon, b.distance);
  if (weapon.kind === 'bombs') {
    bombWith(d, b, [p.ship], p.targets[0] ?? '');
    return;
  }
  const targets = validateTargets(d, b, attacker, weapon, p.targets);
  d.tap(attacker.id);
  const spec: AttackSpec = {
    attackId: nextAttackId(b),
    seat: d.seat,
    attacker: attacker.id,
    weapon: weapon.kind,
    targets: targets.map((t) => t.id),
    newAttack: true,
  };
  runAttack(d, b, spec, attacker, weapon, targets, p);
}

/** Rolls what the weapon needs, then resolves the attack or waits for the defender's choice. */
function runAttack(
  d: CpDraft,
  b: BattleState,
  spec: AttackSpec,
  attacker: Piece,
  weapon: Weapon,
  targets: Piece[],
  dice: {
    hitFaces?: number[];
    defenceFaces?: number[];
    manoeuvreFaces?: number[];
    novaFaces?: number[];
    targets?: string[];
  },
): void {
  if (weapon.kind === 'nova') {
    novaAttack(d, b, spec, weapon, dice.novaFaces, dice.targets ?? []);
    return;
  }
  if (!spec.counter) {
    const light = targets.filter((t) => manoeuvreApplies(attacker, t, weapon.kind, b.distance));
    if (light.length > 0) {
      if (dice.manoeuvreFaces && dice.manoeuvreFaces.length !== light.length * 2)
        refuse(
          'reported_dice_count',
          `The manoeuvre rolls 2 dice per light target: ${light.length * 2} faces`,
          RULES.manoeuvre,
        );
      spec.manoeuvre = {};
      light.forEach((t, i) => {
        spec.manoeuvre![t.id] = rollManoeuvre(
          d,
          attacker,
          t,
          dice.manoeuvreFaces?.slice(i * 2, i * 2 + 2),
        );
      });
    }
  }
  if (weapon.kind === 'missiles' || weapon.kind === 'torpedoes') {
    const need = hitThreshold(weapon, b.distance);
    const faces = d.rollD6(
      `cp:${weapon.kind}`,
      weapon.count,
      dice.hitFaces,
      `${weapon.text} hit dice`,
    );
    const hits = faces.filter((f) => f >= need).length;
    spec.hits = { faces, need, hits };
    const target = targets[0];
    if (hits > 0 && pointDefenceApplies(weapon, b.distance, statsOf(target))) {
      const pd = d.rollD6(
        'cp:point-defence',
        hits,
        dice.defenceFaces,
        `Point defence of ${statsOf(target).name}`,
      );
      spec.defence = {
        faces: pd,
        need: POINT_DEFENCE_NEED,
        intercepted: pd.filter((f) => f >= POINT_DEFENCE_NEED).length,
      };
    } else if (dice.defenceFaces && dice.defenceFaces.length > 0) {
      refuse(
        'no_point_defence',
        'No point defence is rolled for this attack: leave defenceFaces out',
        RULES.pointDefence,
      );
    }
  } else if (dice.hitFaces?.length || dice.defenceFaces?.length) {
    refuse('no_hit_dice', `${weapon.text} rolls no hit dice`, RULES.oneWeapon);
  }
  const evasive = evasionChoice(d, b, spec, weapon, targets);
  if (evasive) {
    d.own('AttackPending', {
      battle: b.id,
      attackId: spec.attackId,
      kind: 'evasive',
      awaiting: evasive.owner,
      target: evasive.id,
      newAttack: spec.newAttack,
      attack: { ...spec, evasiveTarget: evasive.id } as unknown as Record<string, unknown>,
      ruleRef: RULES.evasive,
    });
    return;
  }
  finishAttack(d, b, spec);
}

function evasionChoice(
  d: CpDraft,
  b: BattleState,
  spec: AttackSpec,
  weapon: Weapon,
  targets: Piece[],
): Piece | undefined {
  if (weapon.kind !== 'plasma' && weapon.kind !== 'maser') return undefined;
  if (b.distance === 'short') return undefined;
  const whenTapped = d.options.evasiveWhenTapped;
  return targets.find(
    (t) =>
      kindOf(t) === 'ship' &&
      statsOf(t).evasive &&
      (whenTapped || t.status !== 'tapped') &&
      !(spec.evaded ?? []).includes(t.id),
  );
}

function finishAttack(d: CpDraft, b: BattleState, spec: AttackSpec): void {
  const attacker = own(d.table.pieces, spec.attacker)!;
  const weapon = statsOf(attacker).weapons.find((w) => w.kind === spec.weapon) as Weapon;
  const maserUnshielded = d.options.maserUnshielded;
  const records: TargetRecord[] = [];
  for (const id of spec.targets) {
    const target = own(d.table.pieces, id);
    if (!target || isDestroyed(target)) continue;
    const info = targetInfo(d, target);
    const hits = spec.hits ? spec.hits.hits - (spec.defence?.intercepted ?? 0) : undefined;
    let formula = damageOf(weapon, info, {
      hits,
      maserUnshielded,
      novaShield: spec.novaShield?.includes(id),
    });
    const evaded = spec.evaded?.includes(id) ?? false;
    const manoeuvre = spec.manoeuvre?.[id];
    if (evaded || manoeuvre?.outcome === 'no-damage')
      formula = {
        ...formula,
        applied: 0,
        formula: `${formula.formula} → 0 (${evaded ? 'evasive manoeuvre' : 'light-ship manoeuvre lost'})`,
        ruleRef: evaded ? RULES.evasive : RULES.manoeuvre,
      };
    const result = applyDamage(
      d,
      b,
      target,
      formula.applied,
      `damage: ${spec.weapon} of ${attacker.id}`,
    );
    records.push({
      piece: id,
      name: info.stats.name,
      ...formula,
      ...result,
      ...(evaded ? { evaded: true } : {}),
      ...(manoeuvre ? { manoeuvre } : {}),
      ...(spec.defence ? { pointDefence: spec.defence } : {}),
      ...(spec.novaShield?.includes(id) ? { shieldSacrificed: true } : {}),
    });
  }
  d.own('AttackResolved', {
    battle: b.id,
    attackId: spec.attackId,
    seat: spec.seat,
    round: b.round,
    distance: b.distance,
    attacker: { piece: spec.attacker, name: statsOf(attacker).name },
    weapon: { kind: weapon.kind, text: weapon.text },
    ...(spec.hits ? { hitDice: spec.hits } : {}),
    ...(spec.nova ? { nova: spec.nova } : {}),
    ...(spec.counter ? { counter: true } : {}),
    newAttack: spec.newAttack,
    targets: records,
    ruleRef: records[0]?.ruleRef ?? RULES.oneWeapon,
  });
  // A light target that out-manoeuvred the attacker by 4 may fire back.
  for (const [id, m] of Object.entries(spec.manoeuvre ?? {})) {
    if (!m.counter) continue;
    const target = own(d.table.pieces, id);
    if (!target || isDestroyed(target) || isDestroyed(attacker)) continue;
    const free = d.options.counterFire === 'free';
    const weapons = statsOf(target).weapons.filter(
      (w) => weaponUsable(w, 'short') && w.kind !== 'bombs',
    );
    if (weapons.length === 0 || (!free && target.status === 'tapped')) continue;
    d.own('AttackPending', {
      battle: b.id,
      attackId: `${spec.attackId}-counter`,
      kind: 'counter-fire',
      awaiting: target.owner,
      newAttack: false,
      attack: { from: id, at: spec.attacker },
      ruleRef: RULES.manoeuvreCounter,
    });
    return;
  }
}

function novaAttack(
  d: CpDraft,
  b: BattleState,
  spec: AttackSpec,
  weapon: Weapon,
  faces: number[] | undefined,
  preferred: string[],
): void {
  const [activation] = d.rollD6(
    'cp:nova',
    1,
    faces ? faces.slice(0, 1) : undefined,
    'Nova activation',
  );
  if (activation < NOVA_NEED) {
    if (faces && faces.length > 1)
      refuse(
        'reported_dice_count',
        'The Nova did not fire: report only the activation die',
        RULES.nova,
      );
    spec.nova = { activation, fired: false };
    spec.targets = [];
    finishAttack(d, b, spec);
    return;
  }
  if (faces && faces.length !== 2)
    refuse('reported_dice_count', 'The Nova fired: report the target-count die too', RULES.nova);
  const [countFace] = d.rollD6(
    'cp:nova',
    1,
    faces ? faces.slice(1, 2) : undefined,
    'Nova target count',
  );
  const count = novaTargetCount(countFace);
  spec.nova = { activation, countFace, count, fired: true };
  const candidates = novaCandidates(d, b, spec.seat, weapon);
  if (candidates.length <= count) spec.targets = candidates.map((c) => c.id);
  else if (preferred.length >= count) spec.targets = preferred.slice(0, count);
  else {
    d.own('AttackPending', {
      battle: b.id,
      attackId: spec.attackId,
      kind: 'nova-targets',
      awaiting: spec.seat,
      newAttack: spec.newAttack,
      attack: spec as unknown as Record<string, unknown>,
      count,
      ruleRef: RULES.novaTargets,
    });
    return;
  }
  askNovaShields(d, b, { ...spec, newAttack: spec.newAttack });
}

function novaCandidates(d: CpDraft, b: BattleState, seat: string, weapon: Weapon): Piece[] {
  const maserUnshielded = d.options.maserUnshielded;
  const attacker = fighters(d, b, seat)[0];
  return enemyTargets(d, b, seat).filter(
    (t) =>
      checkWeaponTarget(
        weapon,
        attacker ? statsOf(attacker) : statsOf(t),
        false,
        targetInfo(d, t),
        maserUnshielded,
      ).ok,
  );
}

function askNovaShields(d: CpDraft, b: BattleState, spec: AttackSpec): void {
  const shielded = spec.targets.filter((id) => {
    const t = own(d.table.pieces, id);
    return t && statsOf(t).shield && !(d.rs.battlePhase?.novaDamaged.includes(id) ?? false);
  });
  if (shielded.length === 0) {
    finishAttack(d, b, spec);
    return;
  }
  d.own('AttackPending', {
    battle: b.id,
    attackId: spec.attackId,
    kind: 'nova-shields',
    awaiting: other(d.seats, spec.seat),
    newAttack: spec.newAttack,
    attack: spec as unknown as Record<string, unknown>,
    shielded,
    ruleRef: RULES.novaShield,
  });
}

function pendingFor(d: CpDraft, kind: string): { b: BattleState; spec: AttackSpec } {
  const b = currentBattle(d);
  const pending = b.pending;
  if (!pending || pending.kind !== kind)
    refuse('no_pending_choice', `No ${kind} choice is open`, RULES.attackerFirst);
  if (pending.seat !== d.seat)
    refuse('not_your_choice', `The ${kind} choice is ${pending.seat}'s`, RULES.attackerFirst);
  return { b, spec: { ...(pending.attack as unknown as AttackSpec), newAttack: false } };
}

function evade(d: CpDraft, { evade: yes }: CpEvadeParams): void {
  const { b, spec } = pendingFor(d, 'evasive');
  const candidate = spec.evasiveTarget ?? '';
  if (yes) {
    const piece = d.piece(candidate);
    if (piece.status === 'tapped' && !d.options.evasiveWhenTapped)
      refuse(
        'tapped',
        `${statsOf(piece).name} is tapped and cannot turn again to evade`,
        RULES.tap,
      );
    if (piece.status !== 'tapped') d.tap(candidate);
    spec.evaded = [...(spec.evaded ?? []), candidate];
  }
  d.own('EvasionDecided', {
    battle: b.id,
    attackId: spec.attackId,
    ship: candidate,
    evade: yes,
    ruleRef: RULES.evasive,
  });
  finishAttack(d, b, spec);
}

function novaTargets(d: CpDraft, { targets }: CpNovaTargetsParams): void {
  const { b, spec } = pendingFor(d, 'nova-targets');
  const count = spec.nova?.count ?? 1;
  if (targets.length !== count)
    refuse(
      'nova_targets',
      `The Nova hits ${count} ship(s): choose exactly ${count}`,
      RULES.novaTargets,
    );
  if (new Set(targets).size !== targets.length)
    refuse('same_target_twice', 'Choose different ships', RULES.novaTargets);
  const attacker = d.piece(spec.attacker);
  const weapon = weaponOf(attacker, 'nova');
  const candidates = novaCandidates(d, b, spec.seat, weapon).map((c) => c.id);
  for (const t of targets)
    if (!candidates.includes(t))
      refuse('not_in_battle', `${t} is not an enemy ship in this battle`, RULES.novaTargets);
  d.own('NovaTargetsChosen', {
    battle: b.id,
    attackId: spec.attackId,
    targets,
    ruleRef: RULES.novaTargets,
  });
  askNovaShields(d, b, { ...spec, targets });
}

function novaShields(d: CpDraft, { sacrifice }: CpNovaShieldsParams): void {
  const { b, spec } = pendingFor(d, 'nova-shields');
  for (const id of sacrifice)
    if (!spec.targets.includes(id) || !statsOf(d.piece(id)).shield)
      refuse('nova_shield', `${id} is not a shielded ship hit by this Nova`, RULES.novaShield);
  d.own('NovaShieldsDecided', {
    battle: b.id,
    attackId: spec.attackId,
    sacrifice,
    ruleRef: RULES.novaShield,
  });
  finishAttack(d, b, { ...spec, novaShield: sacrifice });
}

function counterFire(d: CpDraft, p: CpCounterFireParams): void {
  const b = currentBattle(d);
  const pending = b.pending;
  if (!pending || pending.kind !== 'counter-fire' || pending.seat !== d.seat)
    refuse('no_pending_choice', 'No counter-fire is open to this seat', RULES.manoeuvreCounter);
  const from = d.piece(String(pending.attack.from));
  const at = d.piece(String(pending.attack.at));
  if (!p.weapon) {
    d.own('AttackResolved', {
      battle: b.id,
      attackId: pending.attackId,
      seat: d.seat,
      counter: true,
      declined: true,
      newAttack: false,
      attacker: { piece: from.id, name: statsOf(from).name },
      targets: [],
      ruleRef: RULES.manoeuvreCounter,
    });
    advanceBattle(d);
    return;
  }
  const weapon = weaponOf(from, p.weapon);
  if (!weaponUsable(weapon, 'short') || weapon.kind === 'bombs')
    refuse('out_of_range', `${weapon.text} does not fire at Short range`, RULES.manoeuvreCounter);
  const maserUnshielded = d.options.maserUnshielded;
  const check = checkWeaponTarget(
    weapon,
    statsOf(from),
    d.rs.battlePhase?.novaDamaged.includes(from.id) ?? false,
    targetInfo(d, at),
    maserUnshielded,
  );
  if (!check.ok) refuse(check.code, check.message, check.ruleRef);
  if (d.options.counterFire !== 'free') {
    if (from.status === 'tapped') refuse('tapped', `${statsOf(from).name} is tapped`, RULES.tap);
    d.tap(from.id);
  }
  const spec: AttackSpec = {
    attackId: pending.attackId,
    seat: d.seat,
    attacker: from.id,
    weapon: weapon.kind,
    targets: [at.id],
    counter: true,
    newAttack: false,
  };
  runAttack(d, b, spec, from, weapon, [at], p);
}

// ---------------------------------------------------------------------------------------
// Ram, boarding, bombs, pass
// ---------------------------------------------------------------------------------------

function ram(d: CpDraft, p: CpRamParams): void {
  const b = currentBattle(d);
  requireAttackTurn(d, b);
  if (b.distance !== 'short')
    refuse(
      'out_of_range',
      `Ramming is done in the Short round (this is the ${b.distance} round)`,
      RULES.ram,
    );
  const rammer = requireFighter(d, b, p.ship, true);
  const target = requireEnemyTarget(d, b, p.target);
  const kind = targetKind(target);
  if (kind !== 'ship' && kind !== 'station')
    refuse(
      'ram_target',
      `${statsOf(target).name} cannot be rammed (military buildings cannot)`,
      RULES.buildings,
    );
  const rs = statsOf(rammer);
  const ts = statsOf(target);
  if (ts.size === 'light' && rs.size !== 'light')
    refuse('ram_light', `${ts.name} is a light ship: only a light ship may ram it`, RULES.ram);
  d.tap(rammer.id);
  const attackId = nextAttackId(b);
  let manoeuvre: ManoeuvreResult | undefined;
  if (d.options.ramManoeuvre && manoeuvreApplies(rammer, target, 'ram', b.distance))
    manoeuvre = rollManoeuvre(d, rammer, target, p.manoeuvreFaces);
  else if (p.manoeuvreFaces?.length)
    refuse('reported_dice_count', 'No manoeuvre is rolled for this ram', RULES.manoeuvre);
  let evasion: { face: number; need: number; evaded: boolean } | undefined;
  if (ts.speed >= rs.speed) {
    const [face] = d.rollD6(
      'cp:ram-evade',
      1,
      p.evadeFace === undefined ? undefined : [p.evadeFace],
      'Ram evasion',
    );
    evasion = { face, need: RAM_EVADE_NEED, evaded: face >= RAM_EVADE_NEED };
  } else if (p.evadeFace !== undefined) {
    refuse(
      'reported_dice_count',
      `${ts.name} is slower than ${rs.name}: it cannot evade, no die is rolled`,
      RULES.ramEvade,
    );
  }
  const missed = evasion?.evaded || manoeuvre?.outcome === 'no-damage';
  const formulas = ramDamage(
    targetInfo(d, rammer),
    targetInfo(d, target),
    d.options.ramDamage,
    d.options.lightRamArmor,
  );
  const toTarget = missed
    ? undefined
    : applyDamage(d, b, target, formulas.toTarget.applied, `ram by ${rammer.id}`);
  const toRammer = missed
    ? undefined
    : applyDamage(d, b, d.piece(rammer.id), formulas.toRammer.applied, `ram of ${target.id}`);
  d.own('RamResolved', {
    battle: b.id,
    attackId,
    seat: d.seat,
    newAttack: true,
    round: b.round,
    rammer: { piece: rammer.id, name: rs.name, speed: rs.speed },
    target: { piece: target.id, name: ts.name, speed: ts.speed },
    ...(evasion ? { evasion } : {}),
    ...(manoeuvre ? { manoeuvre } : {}),
    evaded: missed === true,
    ...(toTarget ? { toTarget: { ...formulas.toTarget, ...toTarget } } : {}),
    ...(toRammer ? { toRammer: { ...formulas.toRammer, ...toRammer } } : {}),
    ruleRef: RULES.ramDamage,
  });
}

function board(d: CpDraft, p: CpBoardParams): void {
  const b = currentBattle(d);
  requireAttackTurn(d, b);
  if (b.distance !== 'short')
    refuse(
      'out_of_range',
      `Boarding is done in the Short round (this is the ${b.distance} round)`,
      RULES.boarding,
    );
  const boarder = requireFighter(d, b, p.ship, true);
  const bs = statsOf(boarder);
  if (bs.boarding <= 0)
    refuse('no_boarding_boats', `${bs.name} has no boarding boats`, RULES.boarding);
  if (d.rs.battlePhase?.boardingFailed.includes(boarder.id))
    refuse(
      'boarding_failed',
      `${bs.name} failed a boarding this battle phase and may not board again`,
      RULES.boardingFailed,
    );
  const target = requireEnemyTarget(d, b, p.target);
  const kind = targetKind(target);
  const ts = statsOf(target);
  if (kind !== 'ship' && kind !== 'station')
    refuse(
      'board_target',
      `${ts.name} cannot be boarded (military buildings cannot)`,
      RULES.buildings,
    );
  if (ts.size === 'light')
    refuse(
      'board_light',
      `${ts.name} is a light ship: light ships cannot be boarded`,
      RULES.boarding,
    );
  if (ts.crew.count <= 0)
    refuse(
      'board_crew',
      `${ts.name} has no crew (crew 0) and cannot be boarded`,
      RULES.boardingCrew,
    );
  d.tap(boarder.id);
  const { crew, bonus } = crewDefence(ts);
  const tie = d.options.boardingTie;
  const rolls: {
    boarderDie: number;
    defenderDie: number;
    boarderTotal: number;
    defenderTotal: number;
  }[] = [];
  let success = false;
  for (let i = 0; ; i += 1) {
    const reported = p.faces ? p.faces.slice(i * 2, i * 2 + 2) : undefined;
    if (p.faces && reported && reported.length < 2)
      refuse(
        'reported_dice_count',
        'The boarding tied: report another pair of dice (option boardingTie = reroll)',
        RULES.boardingRoll,
      );
    const [a, t] = d.rollD6('cp:boarding', 2, reported, 'Boarding');
    const roll = {
      boarderDie: a,
      defenderDie: t,
      boarderTotal: a + bs.boarding,
      defenderTotal: t + crew + bonus,
    };
    rolls.push(roll);
    if (roll.boarderTotal !== roll.defenderTotal) {
      success = roll.boarderTotal > roll.defenderTotal;
      break;
    }
    if (tie !== 'reroll') {
      success = tie === 'attacker';
      break;
    }
    if (i > 20) break;
  }
  if (p.faces && p.faces.length !== rolls.length * 2)
    refuse(
      'reported_dice_count',
      `${rolls.length * 2} boarding dice were used, ${p.faces.length} reported`,
      RULES.boardingRoll,
    );
  const station = kind === 'station';
  d.own('BoardingResolved', {
    battle: b.id,
    attackId: nextAttackId(b),
    seat: d.seat,
    newAttack: true,
    round: b.round,
    ship: boarder.id,
    target: target.id,
    boarding: bs.boarding,
    crew,
    crewBonus: bonus,
    rolls,
    success,
    ...(station ? { station: true } : {}),
    ...(success && !station ? { reward: ts.cost } : {}),
    ruleRef: success ? RULES.boardingReward : RULES.boardingRoll,
  });
  if (!success) return;
  if (station) {
    destroyStationBuildings(d, target, 'station boarded');
    return;
  }
  removeCard(d, b, target, `boarded by ${boarder.id}`);
  d.own('BoardingRewardOwed', {
    seat: d.seat,
    amount: ts.cost,
    ship: target.id,
    ruleRef: RULES.boardingReward,
  });
}

function bombWith(d: CpDraft, b: BattleState, ships: string[], targetId: string): void {
  if (b.distance !== 'short')
    refuse(
      'out_of_range',
      `Bombs are a Short-range weapon (this is the ${b.distance} round)`,
      RULES.bombs,
    );
  if (new Set(ships).size !== ships.length)
    refuse('duplicate_ship', 'A ship is listed twice', RULES.bombsOnce);
  const target = requireEnemyTarget(d, b, targetId);
  const kind = targetKind(target);
  const bombed = d.rs.battlePhase?.bombedUnits ?? {};
  const bombers = ships.map((id) => {
    const ship = requireFighter(d, b, id, true);
    const weapon = weaponOf(ship, 'bombs');
    const check = checkWeaponTarget(weapon, statsOf(ship), false, targetInfo(d, target), 'full');
    if (!check.ok) refuse(check.code, check.message, check.ruleRef);
    if (kind === 'ground-unit' && (own(bombed, id) ?? []).includes(target.id))
      refuse(
        'bombed_once',
        `${statsOf(ship).name} has bombed ${statsOf(target).name} this battle phase already`,
        RULES.bombsOnce,
      );
    return { ship, power: weapon.power };
  });
  for (const { ship } of bombers) d.tap(ship.id);
  const total = bombers.reduce((sum, x) => sum + x.power, 0);
  const result = applyDamage(d, b, target, total, `bombs of ${ships.join(', ')}`);
  d.own('BombingResolved', {
    battle: b.id,
    attackId: nextAttackId(b),
    seat: d.seat,
    newAttack: true,
    round: b.round,
    ships,
    powers: bombers.map((x) => ({ piece: x.ship.id, power: x.power })),
    target: target.id,
    targetKind: kind,
    formula: 'Σ P',
    total,
    ...result,
    ruleRef: RULES.bombsOnce,
  });
}

function bomb(d: CpDraft, p: CpBombParams): void {
  const b = currentBattle(d);
  requireAttackTurn(d, b);
  bombWith(d, b, p.ships, p.target);
}

function passAttack(d: CpDraft): void {
  const b = currentBattle(d);
  requireAttackTurn(d, b);
  if (mustAttack(d, b, d.seat))
    refuse(
      'attack_compulsory',
      `${d.seat} has a ship able to attack and must attack with it`,
      RULES.compulsory,
    );
  d.own('AttackPassed', { battle: b.id, seat: d.seat, round: b.round });
}

// ---------------------------------------------------------------------------------------
// Battle structure: order, echelon, withdrawals, manoeuvres, ground, landing, civil
// ---------------------------------------------------------------------------------------

function chooseBattle(d: CpDraft, { location }: CpStartBattleParams): void {
  const phase = d.rs.battlePhase;
  if (!phase || phase.battle)
    refuse('battle_running', 'A battle is being fought already', RULES.battleOrder);
  if (d.seat !== d.rs.priority)
    refuse('not_priority', 'The Priority holder decides the order of battles', RULES.battleOrder);
  if (!phase.queue.some((q) => q.location === location))
    refuse('no_battle_there', `No battle waits at ${location}`, RULES.battleTrigger);
  startBattle(d, location);
}

function designateEchelon(d: CpDraft, { second = [], autoPass }: CpEchelonParams): void {
  const b = currentBattle(d);
  if (b.step !== 'echelon' || b.echelonDone.includes(d.seat))
    refuse(
      'echelon_closed',
      'Second echelons are designated once, before the first round',
      RULES.echelon,
    );
  const ships = shipsAt(d.table, b.location, d.seat);
  const max = Math.floor(ships.length / 2);
  if (second.length > max)
    refuse(
      'echelon_size',
      `At most ${max} of ${ships.length} ships may form the second echelon`,
      RULES.echelon,
    );
  for (const id of second)
    if (!ships.some((s) => s.id === id))
      refuse('not_your_ship', `${id} is not ${d.seat}'s ship in this battle`, RULES.echelon);
  if (new Set(second).size !== second.length)
    refuse('duplicate_ship', 'A ship is listed twice', RULES.echelon);
  d.own('EchelonDesignated', {
    battle: b.id,
    seat: d.seat,
    second,
    autoPass: autoPass === true,
    ruleRef: RULES.echelon,
  });
}

function withdraw(d: CpDraft, { ships = [], to = 'new' }: CpWithdrawParams): void {
  const b = currentBattle(d);
  if (b.step !== 'withdrawals' || b.withdrawDone.includes(d.seat))
    refuse(
      'withdrawal_closed',
      'Withdrawals are declared at the start of a round, once per side',
      RULES.withdraw,
    );
  const enemy = other(d.seats, d.seat);
  const enemySpeed = Math.max(
    0,
    ...shipsAt(d.table, b.location, enemy).map((p) => statsOf(p).speed),
  );
  if (
    to !== 'new' &&
    (!own(d.table.zones, to) || !to.startsWith('sector:') || shipsAt(d.table, to, enemy).length > 0)
  )
    refuse('withdraw_to', `${to} is not a sector free of enemy ships`, RULES.withdraw);
  const free: string[] = [];
  const asked: { ship: string; to: string }[] = [];
  for (const id of ships) {
    const ship = d.piece(id);
    if (
      ship.owner !== d.seat ||
      ship.zone !== b.location ||
      kindOf(ship) !== 'ship' ||
      isDestroyed(ship)
    )
      refuse('not_your_ship', `${id} is not ${d.seat}'s ship in this battle`, RULES.withdraw);
    if (statsOf(ship).speed >= enemySpeed) free.push(id);
    else asked.push({ ship: id, to });
  }
  if (free.length > 0) {
    const target = to === 'new' ? d.newSector() : to;
    d.moveShips(d.seat, free, target);
    d.own('ShipsWithdrew', {
      battle: b.id,
      seat: d.seat,
      ships: free,
      to: target,
      ruleRef: RULES.withdraw,
    });
  }
  d.own('WithdrawalsDeclared', {
    battle: b.id,
    seat: d.seat,
    withdrawn: free,
    pending: asked,
    ruleRef: asked.length > 0 ? RULES.withdrawConsent : RULES.withdraw,
  });
}

function allowWithdrawal(d: CpDraft, { allow }: CpAllowWithdrawalParams): void {
  const b = currentBattle(d);
  const pending = b.pendingWithdrawals.filter((p) => p.seat !== d.seat);
  if (pending.length === 0)
    refuse('no_withdrawal', 'No slower enemy ship asks to withdraw', RULES.withdrawConsent);
  const seat = pending[0].seat;
  const ships = pending.map((p) => p.ship);
  if (!allow) {
    d.own('WithdrawalRefused', {
      battle: b.id,
      seat,
      ships,
      refusedBy: d.seat,
      ruleRef: RULES.withdrawConsent,
    });
    return;
  }
  const to = pending[0].to === 'new' ? d.newSector() : pending[0].to;
  d.moveShips(seat, ships, to);
  d.own('ShipsWithdrew', {
    battle: b.id,
    seat,
    ships,
    to,
    consentedBy: d.seat,
    ruleRef: RULES.withdrawConsent,
  });
}

function endRoundDecision(d: CpDraft, { manoeuvre, distance }: CpEndRoundParams): void {
  const b = currentBattle(d);
  if (b.step !== 'round-end' || !b.awaitingManoeuvre.includes(d.seat))
    refuse(
      'no_manoeuvre_window',
      `${d.seat} has no distance manoeuvre to declare now`,
      RULES.stopClosing,
    );
  const stopDeclared = b.manoeuvres.some((m) => m.kind === 'stop');
  const open = manoeuvresOpen(d, b, d.seat, stopDeclared);
  const kind = manoeuvre as Manoeuvre | undefined;
  const refs: Record<Manoeuvre, string> = {
    stop: RULES.stopClosing,
    resume: RULES.resumeClosing,
    increase: RULES.increaseDistance,
    echelon: RULES.echelonOrbit,
  };
  if (kind && !open.includes(kind))
    refuse(
      'manoeuvre_not_allowed',
      `${kind} is not open to ${d.seat} now (open: ${open.join(', ') || 'none'})`,
      b.object && kind !== 'resume' && kind !== 'echelon' ? RULES.orbitDistance : refs[kind],
    );
  if (kind === 'increase') {
    if (!distance || DISTANCES.indexOf(distance as Distance) >= DISTANCES.indexOf(b.distance))
      refuse(
        'increase_distance',
        `Name a distance longer than ${b.distance}`,
        RULES.increaseDistance,
      );
  } else if (distance) {
    refuse(
      'increase_distance',
      'A distance is chosen only when increasing it',
      RULES.increaseDistance,
    );
  }
  const enemy = other(d.seats, d.seat);
  const nowAwaiting =
    kind === 'stop' &&
    !b.autoPass.includes(enemy) &&
    manoeuvresOpen(d, b, enemy, true).includes('resume')
      ? [enemy]
      : [];
  d.own('ManoeuvreDeclared', {
    battle: b.id,
    seat: d.seat,
    kind: kind ?? 'none',
    ...(kind === 'increase' ? { distance } : {}),
    nowAwaiting,
    ...(kind ? { ruleRef: refs[kind] } : {}),
  });
}

function groundAssault(d: CpDraft, p: CpGroundAssaultParams): void {
  const b = currentBattle(d);
  if (b.groundChoice !== d.seat)
    refuse(
      'no_ground_choice',
      'No ground assault choice is open to this seat',
      RULES.groundContinue,
    );
  d.own('GroundAssaultChosen', {
    battle: b.id,
    seat: d.seat,
    continue: p.continue,
    ruleRef: RULES.groundContinue,
  });
}

function land(d: CpDraft, { ships }: CpLandParams): void {
  const b = currentBattle(d);
  if (b.landingBy !== d.seat)
    refuse('no_landing', 'No landing is open to this seat', RULES.landing);
  const object = d.piece(b.object ?? '');
  const enemy = other(d.seats, d.seat);
  const units = onSurface(d.table, object.id).filter(
    (p) => p.owner === enemy && kindOf(p) === 'ground-unit',
  );
  if (ships.length === 0) {
    d.own('LandingResolved', {
      battle: b.id,
      seat: d.seat,
      ships: [],
      declined: true,
      ruleRef: RULES.landing,
    });
    return;
  }
  let total = 0;
  for (const id of ships) {
    const ship = d.piece(id);
    if (ship.owner !== d.seat || ship.zone !== b.location || isDestroyed(ship))
      refuse('not_your_ship', `${id} is not ${d.seat}'s ship on this orbit`, RULES.landing);
    if (statsOf(ship).landing <= 0)
      refuse('no_landing', `${statsOf(ship).name} has no landing`, RULES.landing);
    total += statsOf(ship).landing;
  }
  const strength = units.reduce((sum, u) => sum + statsOf(u).strength, 0);
  if (total < strength)
    refuse(
      'landing_too_weak',
      `Landing strength ${total} is below the units' total strength ${strength}`,
      RULES.landingStrength,
    );
  for (const unit of units) removeCard(d, b, unit, `landing of ${ships.join(', ')}`);
  d.own('LandingResolved', {
    battle: b.id,
    seat: d.seat,
    ships,
    landing: total,
    ground: strength,
    destroyed: units.map((u) => u.id),
    ruleRef: RULES.landingStrength,
  });
}

function civilBuildings(d: CpDraft, { object, choice }: CpCivilParams): void {
  const pending = d.rs.battlePhase?.pendingCivil.find((p) => p.object === object);
  if (!pending || pending.captor !== d.seat)
    refuse(
      'no_civil_choice',
      `No civil buildings on ${object} wait for ${d.seat}'s choice`,
      RULES.civil,
    );
  const buildings = pending.buildings.filter((id) => !isDestroyed(own(d.table.pieces, id)));
  if (choice === 'destroy') {
    for (const id of buildings)
      removeCard(d, undefined, d.piece(id), 'civil building destroyed by the captor');
  } else {
    for (const id of buildings)
      d.emit(
        tableEvent('PieceChanged', {
          piece: id,
          owner: d.seat,
          attrs: { worksFromTurn: d.rs.turn + 1 },
        }),
      );
  }
  d.own('CivilBuildingsResolved', {
    object,
    captor: d.seat,
    choice,
    buildings,
    ruleRef: RULES.civil,
  });
}

// ---------------------------------------------------------------------------------------

/** The battle in progress, asked from the match as it stands: what `available` checks. */
function inBattle(
  ctx: AvailabilityContext<CpState>,
  test: (b: BattleState, view: CpDraft, seat: string) => boolean,
): boolean {
  const b = ctx.rs.battlePhase?.battle;
  return b !== undefined && test(b, viewOf(ctx.table, ctx.rs, ctx.options), ctx.seat);
}

/** The seat is the one to attack now (no choice pending). */
const attackTurn = (b: BattleState, view: CpDraft, seat: string): boolean =>
  b.step === 'attacks' && !b.pending && toAct(view, b) === seat;

const answers =
  (kind: PendingKind) =>
  (ctx: AvailabilityContext<CpState>): boolean =>
    inBattle(ctx, (b, _view, seat) => b.pending?.kind === kind && b.pending.seat === seat);

/** The seat's attack turn, with a weapon of a kind `kind` accepts that reaches a target. */
const withWeapon =
  (kind: (weapon: WeaponKind) => boolean) =>
  (ctx: AvailabilityContext<CpState>): boolean =>
    inBattle(
      ctx,
      (b, view, seat) =>
        attackTurn(b, view, seat) && weaponOptions(view, b, seat).some((o) => kind(o.weapon.kind)),
    );

/** Every battle decision ends by running the battle forward. */
const spec = <P extends object>(
  summary: { en: string; ru: string },
  params: new () => P,
  body: (d: CpDraft, p: P) => void,
  available: (ctx: AvailabilityContext<CpState>) => boolean,
) =>
  cpDecision<P>({
    summary,
    params,
    turn: 'any',
    phases: ['battle'],
    available,
    decide(d, p) {
      body(d, p);
      if (!immediateCommanderCheck(d)) advanceBattle(d);
    },
  });

export const battleDecisions = {
  'start-battle': spec(
    {
      en: 'Choose the next battle (Priority holder)',
      ru: 'Выбрать следующее сражение (Приоритет)',
    },
    CpStartBattleParams,
    chooseBattle,
    (ctx) => {
      const phase = ctx.rs.battlePhase;
      return !!phase && !phase.battle && phase.queue.length > 0 && ctx.seat === ctx.rs.priority;
    },
  ),
  'designate-echelon': spec(
    {
      en: 'Designate the second echelon (at most half the ships)',
      ru: 'Выделить второй эшелон (не более половины кораблей)',
    },
    CpEchelonParams,
    designateEchelon,
    (ctx) =>
      inBattle(ctx, (b, _view, seat) => b.step === 'echelon' && !b.echelonDone.includes(seat)),
  ),
  withdraw: spec(
    {
      en: 'Withdraw ships at the start of a round (or pass)',
      ru: 'Вывести корабли из боя в начале раунда (или пас)',
    },
    CpWithdrawParams,
    withdraw,
    (ctx) =>
      inBattle(ctx, (b, _view, seat) => b.step === 'withdrawals' && !b.withdrawDone.includes(seat)),
  ),
  'allow-withdrawal': spec(
    {
      en: 'Allow or refuse a slower ship’s withdrawal',
      ru: 'Разрешить или запретить выход из боя более медленного корабля',
    },
    CpAllowWithdrawalParams,
    allowWithdrawal,
    (ctx) => inBattle(ctx, (b, _view, seat) => b.pendingWithdrawals.some((w) => w.seat !== seat)),
  ),
  attack: spec(
    { en: 'Attack with one weapon', ru: 'Атаковать одним видом оружия' },
    CpAttackParams,
    attack,
    withWeapon(() => true),
  ),
  ram: spec({ en: 'Ram (Short round)', ru: 'Таран (малая дистанция)' }, CpRamParams, ram, (ctx) =>
    inBattle(ctx, (b, view, seat) => attackTurn(b, view, seat) && canRam(view, b, seat)),
  ),
  board: spec(
    { en: 'Board (Short round)', ru: 'Абордаж (малая дистанция)' },
    CpBoardParams,
    board,
    (ctx) => inBattle(ctx, (b, view, seat) => attackTurn(b, view, seat) && canBoard(view, b, seat)),
  ),
  bomb: spec(
    {
      en: 'Bomb ground units or buildings (Short round)',
      ru: 'Бомбить отряды или постройки (малая дистанция)',
    },
    CpBombParams,
    bomb,
    withWeapon((kind) => kind === 'bombs'),
  ),
  'pass-attack': spec(
    {
      en: 'Pass (only when no attack is compulsory)',
      ru: 'Пас (только если атака не обязательна)',
    },
    CpNoParams,
    (d) => passAttack(d),
    (ctx) =>
      inBattle(ctx, (b, view, seat) => attackTurn(b, view, seat) && !mustAttack(view, b, seat)),
  ),
  evade: spec(
    {
      en: 'Evasive manoeuvre: tap to take no damage (or not)',
      ru: 'Маневр уклонения: повернуть корабль (или нет)',
    },
    CpEvadeParams,
    evade,
    answers('evasive'),
  ),
  'nova-targets': spec(
    { en: 'Choose the Nova’s targets', ru: 'Выбрать цели “Новы”' },
    CpNovaTargetsParams,
    novaTargets,
    answers('nova-targets'),
  ),
  'nova-shields': spec(
    {
      en: 'Subtract shields from a Nova (they are lost for the battle phase)',
      ru: 'Уменьшить урон “Новы” щитом (щит и мазер теряются до конца фазы)',
    },
    CpNovaShieldsParams,
    novaShields,
    answers('nova-shields'),
  ),
  'counter-fire': spec(
    {
      en: 'Fire back after out-manoeuvring a light attacker (or decline)',
      ru: 'Ответный огонь после маневрирования (или отказ)',
    },
    CpCounterFireParams,
    counterFire,
    answers('counter-fire'),
  ),
  'end-round': spec(
    {
      en: 'Distance manoeuvre at the end of the round (or none)',
      ru: 'Маневр дистанции в конце раунда (или нет)',
    },
    CpEndRoundParams,
    endRoundDecision,
    (ctx) =>
      inBattle(
        ctx,
        (b, _view, seat) => b.step === 'round-end' && b.awaitingManoeuvre.includes(seat),
      ),
  ),
  'ground-assault': spec(
    {
      en: 'Go on against the ground units, or end the battle',
      ru: 'Продолжить против наземных отрядов или завершить сражение',
    },
    CpGroundAssaultParams,
    groundAssault,
    (ctx) => inBattle(ctx, (b, _view, seat) => b.groundChoice === seat),
  ),
  land: spec(
    {
      en: 'Land troops after the battle (or decline)',
      ru: 'Высадить десант после сражения (или отказ)',
    },
    CpLandParams,
    land,
    (ctx) => inBattle(ctx, (b, _view, seat) => b.landingBy === seat),
  ),
  'civil-buildings': spec(
    {
      en: 'Destroy or take the civil buildings of a captured object',
      ru: 'Уничтожить или захватить гражданские постройки захваченного объекта',
    },
    CpCivilParams,
    civilBuildings,
    (ctx) => (ctx.rs.battlePhase?.pendingCivil ?? []).some((p) => p.captor === ctx.seat),
  ),
};

export const autoPassDecision = cpDecision<CpAutoPassParams>({
  summary: {
    en: 'Standing order: do not ask me about second echelons, withdrawals and distance manoeuvres',
    ru: 'Постоянный приказ: не спрашивать о втором эшелоне, выходе из боя и маневрах дистанции',
  },
  params: CpAutoPassParams,
  turn: 'any',
  decide(d, { on }) {
    d.own('AutoPassSet', { seat: d.seat, on });
    if (d.table.turn.phase === 'battle') advanceBattle(d);
  },
});

export { reserveOf, battleShips };
