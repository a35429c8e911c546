import { isLocalized } from '@domain/rulesets/combat-commander/cc-cards';
import type { LocalizedText } from '@domain/shared/localized-text';
import type { ViewEvent } from '../replay-engine';

/**
 * What Combat Commander's log set up and what changed since, up to the seq on screen: the
 * sides, the Objectives' control and the last roll, read from the live line as of that seq.
 * No Preact here, so the reading is unit-tested apart from the board.
 */

export interface Side {
  seat: string;
  nationality: string;
  posture: string;
  handSize: number;
  orderCapability: number;
}

export interface Setup {
  sides: Side[];
  grid: { columns: number; rows: number };
  objectives: { number: number; hex: string; vp: number }[];
  suddenDeath: number;
  /** The scenario's name, when the setup gives it. */
  scenario?: LocalizedText;
}

export interface Roll {
  seq: number;
  roll: string;
  seat: string;
  purpose: string;
  dice: number[];
  value: number;
  combine: string;
  trigger?: string;
  ignored?: string;
}

export interface Battle {
  setup?: Setup;
  control: Map<number, string>;
  roll?: Roll;
  /** The roll whose trigger is being resolved at this seq. */
  resolving?: string;
}

/**
 * The seqs taken back by a rewind recorded by `seq`: from then on the battle is the line that
 * replaced them. The server marks them (`voidedBy`); a match file without marks gives the
 * rewind's range.
 */
function voidedBy(events: readonly ViewEvent[], seq: number): Set<number> {
  const voided = new Set<number>();
  for (const event of events) {
    if (event.seq > seq) break;
    const mark = (event as { voidedBy?: { seq?: unknown } }).voidedBy;
    if (typeof mark?.seq === 'number' && mark.seq <= seq) voided.add(event.seq);
    const range = (event.data as { voided?: { from?: unknown; to?: unknown } } | undefined)?.voided;
    if (
      event.type === 'TimelineRewound' &&
      typeof range?.from === 'number' &&
      typeof range.to === 'number'
    )
      for (let s = range.from; s <= range.to; s += 1) voided.add(s);
  }
  return voided;
}

export function battleAt(events: readonly ViewEvent[], seq: number): Battle {
  const battle: Battle = { control: new Map() };
  const voided = voidedBy(events, seq);
  for (const event of events) {
    if (event.seq > seq) break;
    if (voided.has(event.seq)) continue;
    const d = (event.data ?? {}) as Record<string, unknown>;
    switch (event.type) {
      case 'BattleSetUp':
        battle.setup = {
          sides: Array.isArray(d.sides) ? (d.sides as Side[]) : [],
          grid: (d.grid as Setup['grid']) ?? { columns: 10, rows: 10 },
          objectives: Array.isArray(d.objectives) ? (d.objectives as Setup['objectives']) : [],
          suddenDeath: typeof d.suddenDeath === 'number' ? d.suddenDeath : 0,
          ...(isLocalized(d.scenario) ? { scenario: d.scenario } : {}),
        };
        break;
      case 'ObjectiveControlled':
        if (typeof d.number === 'number' && typeof d.seat === 'string')
          battle.control.set(d.number, d.seat);
        break;
      case 'FateRolled':
        if (typeof d.roll === 'string' && Array.isArray(d.dice))
          battle.roll = {
            seq: event.seq,
            roll: d.roll,
            seat: String(d.seat ?? ''),
            purpose: String(d.purpose ?? 'other'),
            dice: d.dice.map(Number),
            value: Number(d.value ?? 0),
            combine: String(d.combine ?? 'sum'),
            ...(typeof d.trigger === 'string' ? { trigger: d.trigger } : {}),
            ...(typeof d.ignored === 'string' ? { ignored: d.ignored } : {}),
          };
        break;
      case 'TriggerFired':
        if (typeof d.roll === 'string') battle.resolving = d.roll;
        break;
      case 'TriggerResolved':
        if (d.roll === battle.resolving) battle.resolving = undefined;
        break;
    }
  }
  return battle;
}
