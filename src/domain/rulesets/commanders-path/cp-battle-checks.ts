import { own } from '../../shared/id-record';
import type { Piece } from '../../table/table';
import { DISTANCES, WEAPON_NAMES, type Distance, type Weapon } from './cp-cards';
import { enemyTargets, fighters, toAct } from './cp-battle-flow';
import { RULES } from './cp-rules-text';
import { refuse } from '../kit';
import type { BattleState } from './cp-state';
import { kindOf, other, statsOf, type CpDraft } from './cp-table';
import {
  BATTLE_STEP_NAMES,
  capital,
  cardNamed,
  PENDING_NAMES,
  RANGE_RU,
  roundOf,
  shownName,
  weaponKindName,
} from './cp-words';
import { weaponUsable } from './cp-weapons';

/** Checks every battle decision makes: the battle, whose attack, fighters, targets, range. */

// ---------------------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------------------

export function currentBattle(d: CpDraft): BattleState {
  const b = d.rs.battlePhase?.battle;
  if (!b)
    refuse(
      'no_battle',
      { en: 'No battle is being fought now', ru: 'Сейчас сражения нет' },
      RULES.battleTrigger,
    );
  if (!d.seats.includes(d.seat))
    refuse(
      'not_in_battle',
      { en: 'You are not in this battle', ru: 'Вы не участвуете в этом сражении' },
      RULES.battleTrigger,
    );
  return b;
}

export function requireAttackTurn(d: CpDraft, b: BattleState): void {
  if (b.step !== 'attacks')
    refuse(
      'not_attack_step',
      {
        en: `The battle is at its ${BATTLE_STEP_NAMES[b.step].en} step, not attacking`,
        ru: `Сейчас в сражении не атаки, а шаг «${BATTLE_STEP_NAMES[b.step].ru}»`,
      },
      RULES.battleTap,
    );
  if (b.pending) {
    const who = d.seatName(b.pending.seat);
    const choice = PENDING_NAMES[b.pending.kind];
    refuse(
      'pending_choice',
      {
        en: `${who.en} must first answer the ${choice.en} choice`,
        ru: `Сначала выбирает ${who.ru}: ${choice.ru}`,
      },
      RULES.attackerFirst,
    );
  }
  const next = toAct(d, b);
  if (next !== d.seat)
    refuse(
      'not_your_attack',
      next
        ? {
            en: `It is ${d.seatName(next).en}'s attack now`,
            ru: `Сейчас атакует ${d.seatName(next).ru}`,
          }
        : {
            en: 'Nobody can attack any more this round',
            ru: 'В этом раунде больше никто не может атаковать',
          },
      next === undefined ? RULES.skipSide : RULES.attackerFirst,
    );
}

/** An untapped fighter of the acting seat, in the first echelon. */
export function requireFighter(d: CpDraft, b: BattleState, id: string, shipsOnly = false): Piece {
  const piece = d.piece(id);
  const name = capital(cardNamed(d, id));
  if (piece.owner !== d.seat && statsOf(piece).kind !== 'object')
    refuse(
      'not_your_ship',
      { en: `${name.en} is not yours`, ru: `${name.ru}: это не ваша карта` },
      RULES.ownCards,
    );
  if ((own(b.second, d.seat) ?? []).includes(id))
    refuse(
      'second_echelon',
      {
        en: `${name.en} is in the second echelon and has not entered`,
        ru: `${name.ru}: корабль во втором эшелоне и ещё не вступил в бой`,
      },
      RULES.echelonInactive,
    );
  if (!fighters(d, b, d.seat).some((p) => p.id === id))
    refuse(
      'not_in_battle',
      {
        en: `${name.en} does not fight in this battle`,
        ru: `${name.ru}: эта карта не участвует в сражении`,
      },
      RULES.battleTrigger,
    );
  if (shipsOnly && kindOf(piece) !== 'ship')
    refuse(
      'ships_only',
      { en: `${name.en} is not a ship`, ru: `${name.ru}: это не корабль` },
      RULES.buildings,
    );
  if (piece.status === 'tapped')
    refuse(
      'tapped',
      {
        en: `${name.en} is tapped: it has already attacked this round (a card cannot be tapped twice)`,
        ru: `${name.ru}: карта уже повернута — в этом раунде она уже атаковала (дважды карту не поворачивают)`,
      },
      RULES.tap,
    );
  return piece;
}

export function requireEnemyTarget(d: CpDraft, b: BattleState, id: string): Piece {
  const piece = d.piece(id);
  const owner =
    kindOf(piece) === 'object' ? String(piece.attrs.controller ?? piece.owner) : piece.owner;
  const name = capital(cardNamed(d, id));
  if (owner === d.seat)
    refuse(
      'own_target',
      { en: `${name.en} is your own card`, ru: `${name.ru}: это ваша собственная карта` },
      RULES.ownCards,
    );
  const enemy = other(d.seats, d.seat);
  if ((own(b.second, enemy) ?? []).includes(id))
    refuse(
      'second_echelon_target',
      {
        en: `${name.en} is in the second echelon: not yet in the fight`,
        ru: `${name.ru}: корабль во втором эшелоне и ещё не вступил в бой`,
      },
      RULES.echelonInactive,
    );
  if (!enemyTargets(d, b, d.seat).some((p) => p.id === id))
    refuse(
      'not_in_battle',
      {
        en: `${name.en} is not an enemy card in this battle`,
        ru: `${name.ru}: это не карта противника в этом сражении`,
      },
      RULES.battleTrigger,
    );
  return piece;
}

export function weaponOf(piece: Piece, kind: string): Weapon {
  const weapon = statsOf(piece).weapons.find((w) => w.kind === kind);
  if (!weapon) {
    const name = capital(shownName(piece));
    const gun = weaponKindName(kind);
    refuse(
      'no_weapon',
      { en: `${name.en} has no ${gun.en}`, ru: `${name.ru}: у карты нет такого оружия: ${gun.ru}` },
      RULES.oneWeapon,
    );
  }
  return weapon;
}

export function requireRange(piece: Piece, weapon: Weapon, distance: Distance): void {
  if (!weaponUsable(weapon, distance)) {
    const name = capital(shownName(piece));
    const round = roundOf(distance);
    refuse(
      'out_of_range',
      weapon.kind === 'nova'
        ? {
            en: `The Nova fires only in the Long round (this is the ${distance} round)`,
            ru: `${WEAPON_NAMES.nova.ru} стреляет только в раунде дальней дистанции, а сейчас ${round.ru}`,
          }
        : {
            en: `${name.en}'s ${weapon.text} is a ${rangeOf(weapon)} weapon: out of range in the ${distance} round`,
            ru: `${name.ru}: ${weapon.text} — оружие ${RANGE_RU[rangeOf(weapon) as Distance]} дистанции, а сейчас ${round.ru}`,
          },
      weapon.kind === 'nova' ? RULES.nova : RULES.whoAttacks,
    );
  }
}

export function rangeOf(weapon: Weapon): string {
  return DISTANCES.find((d) => weaponUsable(weapon, d)) ?? 'short';
}
