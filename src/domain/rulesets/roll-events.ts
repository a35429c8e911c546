import type { Table } from '../table/table';
import { CC_ROLL_EVENTS } from './combat-commander/cc-events';

/**
 * Every event type that records a roll: the engine's `DiceRolled` and each ruleset's
 * `rollEvents`. The browser reads the log without the rulesets, so it counts rolls here;
 * roll-events.spec.ts keeps this list and the rulesets' hooks the same.
 */
export const ROLL_EVENT_TYPES: ReadonlySet<string> = new Set(['DiceRolled', ...CC_ROLL_EVENTS]);

/**
 * A card roll's last-roll entry is written by the draw that revealed the card; the roll is
 * the ruleset's event after it, and that event's seq is the one the log and a judge cite.
 */
export function markCardRoll(
  table: Table,
  type: string,
  data: Readonly<Record<string, unknown>>,
  seq: number,
): void {
  const last = table.lastRoll;
  if (ROLL_EVENT_TYPES.has(type) && last?.source === 'card' && last.card === data.card)
    last.seq = seq;
}
