import { tableEvent } from '../../table/table-events';
import type { Piece } from '../../table/table';
import type { DamageResult } from './cp-events';
import { RULES } from './cp-rules-text';
import type { BattleState } from './cp-state';
import { isStation, kindOf, onSurface, statsOf, type CpDraft } from './cp-table';

/** Damage to cards in battle, and what a destroyed card takes with it. */

// ---------------------------------------------------------------------------------------
// Damage
// ---------------------------------------------------------------------------------------

/** Adds damage; at durability (strength for ground units) the card goes to Losses at once. */
export function applyDamage(
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

export function destroyStationBuildings(d: CpDraft, station: Piece, cause: string): void {
  for (const card of onSurface(d.table, station.id))
    if (kindOf(card) === 'military-building') removeCard(d, undefined, card, cause);
}
