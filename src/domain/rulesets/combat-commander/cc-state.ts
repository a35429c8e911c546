import type { RecordedEvent } from '../../events/recorded-event';
import { deleteOwn, setOwn } from '../../shared/id-record';
import type { Nationality, Trigger } from './cc-cards';
import type { CcEffect, CcEvents, CcObjective, CcSide } from './cc-events';
import { DEFAULT_GRID, type MapGrid } from './cc-map';
import type { OutcomeAbout } from './cc-options';
import type { RollPurpose } from './decisions/rolls.params';

/** A roll whose trigger is being resolved: its result is remembered, not yet applied [1.9.1]. */
export interface PendingRoll {
  roll: string;
  seat: string;
  purpose: RollPurpose;
  value: number;
  /** Event! waits for the reader's statement of the Event, Sniper! for the roller's choice. */
  trigger: Trigger;
  hex?: string;
  event?: string;
  /** Time!: the Sudden Death roll made inside it, waiting for its stated outcome. */
  suddenDeath?: { roll: string; value: number };
}

export interface PendingOutcome {
  id: string;
  seat: string;
  about: OutcomeAbout;
  effects: CcEffect[];
  roll?: string;
}

export interface CcTurn {
  seat: string;
  number: number;
  orders: number;
  /** Units activated for an Order this Turn. */
  activated: string[];
  /** The Order given last this Turn (Op Fire answers a Move). */
  lastOrder?: string;
  /** Melee rolls made since the last Order, by seat and hex (the inactive player rolls first). */
  meleeRolls: { seat: string; hex: string }[];
  /** Seats that played a Fire Action (Op Fire) since the last Order: it allows their Fire roll. */
  opFire?: string[];
  /** The units (and its Leader) the last Order activated: they carry it out. */
  orderUnits?: string[];
  /** The pieces (and Leader) each Op Fire since the last Order activated, by seat. */
  opFirePieces?: { seat: string; pieces: string[] }[];
  /** Ordnance's Targeting rolls since the last Order: a hit comes first [O20.2]. */
  targeted?: { seat: string; weapon: string; target: string }[];
}

export interface CcState {
  sides: CcSide[];
  first: string;
  grid: MapGrid;
  objectives: (CcObjective & { controller?: string })[];
  suddenDeath: number;
  illustrative: Nationality[];
  begun: boolean;
  turn?: CcTurn;
  rolls: number;
  pending?: PendingRoll;
  outcomes: { next: number; pending: Record<string, PendingOutcome> };
  exited: Record<string, string[]>;
  ended: boolean;
  /** Fate decks a starting position owes a shuffle: made at the start of the next decision. */
  owedShuffles?: string[];
  /** The seat holding the Initiative card [9]. */
  initiative?: string;
  /** Who made each roll and for what (a re-roll repeats it). */
  rollsMade: Record<
    string,
    {
      seat: string;
      purpose: RollPurpose;
      value: number;
      unit?: string;
      /** A Fire's firers and target: a re-roll fires them again (Jammed! breaks its Weapons). */
      fire?: Pick<CcEvents['FateRolled'], 'group' | 'target' | 'weapons' | 'fire'>;
    }
  >;
}

export function initialCcState(): CcState {
  return {
    sides: [],
    first: '',
    grid: DEFAULT_GRID,
    objectives: [],
    suddenDeath: 0,
    illustrative: [],
    begun: false,
    rolls: 0,
    outcomes: { next: 1, pending: {} },
    exited: {},
    ended: false,
    rollsMade: {},
  };
}

type Data<K extends keyof CcEvents> = Partial<CcEvents[K]>;
const isString = (v: unknown): v is string => typeof v === 'string';

/** Never throws and never validates: a stored event must replay forever. */
export function evolveCc(rs: CcState, event: RecordedEvent): CcState {
  const data = (event.data ?? {}) as Record<string, unknown>;
  switch (event.type) {
    case 'BattleSetUp': {
      const d = data as Data<'BattleSetUp'>;
      if (Array.isArray(d.sides)) rs.sides = d.sides.map((s) => ({ ...s }));
      if (isString(d.first)) rs.first = d.first;
      if (d.grid) rs.grid = { ...d.grid };
      if (Array.isArray(d.objectives)) rs.objectives = d.objectives.map((o) => ({ ...o }));
      if (typeof d.suddenDeath === 'number') rs.suddenDeath = d.suddenDeath;
      if (Array.isArray(d.illustrative)) rs.illustrative = [...d.illustrative];
      if (isString(d.initiative)) rs.initiative = d.initiative;
      return rs;
    }
    case 'BattleBegun': {
      rs.begun = true;
      const owed = (data as Data<'BattleBegun'>).owedShuffles;
      if (Array.isArray(owed)) rs.owedShuffles = owed.filter(isString);
      return rs;
    }
    case 'DeckShuffled': {
      const deck = data.deck;
      if (rs.owedShuffles && isString(deck))
        rs.owedShuffles = rs.owedShuffles.filter((owed) => owed !== deck);
      return rs;
    }
    case 'TurnBegan': {
      const d = data as Data<'TurnBegan'>;
      if (isString(d.seat))
        rs.turn = { seat: d.seat, number: d.number ?? 1, orders: 0, activated: [], meleeRolls: [] };
      return rs;
    }
    case 'OrderGiven': {
      const d = data as Data<'OrderGiven'>;
      if (!rs.turn) return rs;
      rs.turn.orders += 1;
      rs.turn.activated.push(...(d.units ?? []).filter(isString));
      if (isString(d.leader)) rs.turn.activated.push(d.leader);
      if (isString(d.order)) rs.turn.lastOrder = d.order;
      rs.turn.orderUnits = [
        ...(d.units ?? []).filter(isString),
        ...(isString(d.leader) ? [d.leader] : []),
      ];
      rs.turn.meleeRolls = [];
      rs.turn.opFire = [];
      rs.turn.opFirePieces = [];
      rs.turn.targeted = [];
      return rs;
    }
    case 'ActionPlayed': {
      const d = data as Data<'ActionPlayed'>;
      if (rs.turn && d.opFire === true && isString(d.seat)) {
        rs.turn.opFire = [...(rs.turn.opFire ?? []), d.seat];
        const pieces = [
          ...(Array.isArray(d.pieces) ? d.pieces.filter(isString) : []),
          ...(isString(d.leader) ? [d.leader] : []),
        ];
        rs.turn.opFirePieces = [...(rs.turn.opFirePieces ?? []), { seat: d.seat, pieces }];
      }
      return rs;
    }
    case 'FateRolled': {
      const d = data as Data<'FateRolled'>;
      rs.rolls += 1;
      if (isString(d.roll) && isString(d.seat) && d.purpose)
        setOwn(rs.rollsMade, d.roll, {
          seat: d.seat,
          purpose: d.purpose,
          value: d.value ?? 0,
          ...(isString(d.unit) ? { unit: d.unit } : {}),
          ...(d.fire && isString(d.target)
            ? {
                fire: {
                  target: d.target,
                  fire: d.fire,
                  ...(Array.isArray(d.group) ? { group: d.group.filter(isString) } : {}),
                  ...(Array.isArray(d.weapons) ? { weapons: d.weapons.filter(isString) } : {}),
                },
              }
            : {}),
        });
      if (rs.turn && d.purpose === 'melee' && d.melee && isString(d.seat))
        rs.turn.meleeRolls.push({ seat: d.seat, hex: d.melee.hex });
      if (
        rs.turn &&
        d.purpose === 'targeting' &&
        isString(d.seat) &&
        isString(d.target) &&
        Array.isArray(d.weapons) &&
        isString(d.weapons[0])
      )
        rs.turn.targeted = [
          ...(rs.turn.targeted ?? []),
          { seat: d.seat, weapon: d.weapons[0], target: d.target },
        ];
      return rs;
    }
    case 'EventRevealed': {
      const d = data as Data<'EventRevealed'>;
      if (rs.pending && rs.pending.roll === d.roll) rs.pending.event = d.event;
      return rs;
    }
    case 'SniperHexRevealed': {
      const d = data as Data<'SniperHexRevealed'>;
      if (rs.pending && rs.pending.roll === d.roll) rs.pending.hex = d.hex;
      return rs;
    }
    case 'TriggerFired': {
      const d = data as Data<'TriggerFired'>;
      if (isString(d.roll) && isString(d.seat) && d.trigger && d.purpose)
        rs.pending = {
          roll: d.roll,
          seat: d.seat,
          purpose: d.purpose,
          value: d.value ?? 0,
          trigger: d.trigger,
        };
      return rs;
    }
    case 'SuddenDeathRolled': {
      const d = data as Data<'SuddenDeathRolled'>;
      if (rs.pending && isString(d.roll))
        rs.pending.suddenDeath = { roll: d.roll, value: d.value ?? 0 };
      return rs;
    }
    case 'InitiativePassed': {
      const d = data as Data<'InitiativePassed'>;
      if (isString(d.seat)) rs.initiative = d.seat;
      return rs;
    }
    case 'TriggerResolved':
      delete rs.pending;
      return rs;
    case 'OutcomeStated': {
      const d = data as Data<'OutcomeStated'>;
      if (isString(d.id)) {
        rs.outcomes.next += 1;
        if (!d.applied && isString(d.seat) && d.about)
          setOwn(rs.outcomes.pending, d.id, {
            id: d.id,
            seat: d.seat,
            about: d.about,
            effects: (d.effects ?? []).map((e) => ({ ...e })),
            ...(d.roll ? { roll: d.roll } : {}),
          });
      }
      return rs;
    }
    case 'OutcomeConfirmed':
    case 'OutcomeRejected': {
      const id = data.id;
      if (isString(id)) deleteOwn(rs.outcomes.pending, id);
      return rs;
    }
    case 'ObjectiveControlled': {
      const d = data as Data<'ObjectiveControlled'>;
      const objective = rs.objectives.find((o) => o.number === d.number);
      if (objective && isString(d.seat)) objective.controller = d.seat;
      return rs;
    }
    case 'UnitExited': {
      const d = data as Data<'UnitExited'>;
      if (isString(d.seat) && isString(d.unit))
        setOwn(rs.exited, d.seat, [
          ...(Object.hasOwn(rs.exited, d.seat) ? rs.exited[d.seat] : []),
          d.unit,
        ]);
      return rs;
    }
    case 'MatchFinished':
      rs.ended = true;
      return rs;
    default:
      return rs;
  }
}
