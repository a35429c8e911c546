import type { Piece } from '../../table/table';
import { type Distance, type WeaponKind } from './cp-cards';
import type { ManoeuvreResult } from './cp-events';
import type { BattleState } from './cp-state';
import { kindOf, statsOf, type CpDraft } from './cp-table';
import { isLight, MANOEUVRE_COUNTER_MARGIN } from './cp-weapons';

/** What attacks and rams share: the light-ship manoeuvre (a die each) and the numbering of attacks. */

export function nextAttackId(b: BattleState): string {
  return `${b.id}-a${b.attackSerial + 1}`;
}

export function manoeuvreApplies(
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
export function rollManoeuvre(
  d: CpDraft,
  attacker: Piece,
  target: Piece,
  faces: number[] | undefined,
): ManoeuvreResult {
  const [a, t] = d.rollD6('cp:manoeuvre', 2, faces, {
    en: 'Light-ship manoeuvre',
    ru: 'Маневрирование ЛК',
  });
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
