import { own } from '../../shared/id-record';
import type { Piece } from '../../table/table';
import { DISTANCES, WEAPON_NAMES, type Distance, type Weapon } from './cp-cards';
import { enemyTargets, fighters, toAct } from './cp-battle-flow';
import { RULES } from './cp-rules-text';
import { refuse } from '../kit';
import type { BattleState } from './cp-state';
import { kindOf, other, statsOf, type CpDraft } from './cp-table';
import { weaponUsable } from './cp-weapons';

/** Checks every battle decision makes: the battle, whose attack, fighters, targets, range. */

// ---------------------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------------------

export function currentBattle(d: CpDraft): BattleState {
  const b = d.rs.battlePhase?.battle;
  if (!b) refuse('no_battle', 'No battle is being fought now', RULES.battleTrigger);
  if (!d.seats.includes(d.seat))
    refuse('not_in_battle', `${d.seat} is not in this battle`, RULES.battleTrigger);
  return b;
}

export function requireAttackTurn(d: CpDraft, b: BattleState): void {
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
export function requireFighter(d: CpDraft, b: BattleState, id: string, shipsOnly = false): Piece {
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

export function requireEnemyTarget(d: CpDraft, b: BattleState, id: string): Piece {
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

export function weaponOf(piece: Piece, kind: string): Weapon {
  const weapon = statsOf(piece).weapons.find((w) => w.kind === kind);
  if (!weapon)
    refuse(
      'no_weapon',
      `${statsOf(piece).name} has no ${own(WEAPON_NAMES, kind)?.en ?? kind}`,
      RULES.oneWeapon,
    );
  return weapon;
}

export function requireRange(piece: Piece, weapon: Weapon, distance: Distance): void {
  if (!weaponUsable(weapon, distance))
    refuse(
      'out_of_range',
      weapon.kind === 'nova'
        ? `The Nova fires only in the Long round (this is the ${distance} round)`
        : `${statsOf(piece).name}'s ${weapon.text} is a ${rangeOf(weapon)} weapon: out of range in the ${distance} round`,
      weapon.kind === 'nova' ? RULES.nova : RULES.whoAttacks,
    );
}

export function rangeOf(weapon: Weapon): string {
  return DISTANCES.find((d) => weaponUsable(weapon, d)) ?? 'short';
}
