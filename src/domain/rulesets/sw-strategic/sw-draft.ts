import { hasOwn, own } from '../../shared/id-record';
import { decisionsOn, Draft } from '../kit';
import type { AvailabilityContext, DecisionContext } from '../ruleset';
import { SHIPS, type ShipClass } from './sw-catalog';
import type { MapId, SwEvents } from './sw-events';
import { parseCell, type Hex } from './sw-hex';
import { hexKey } from './sw-mission';
import { swOptions, type SwOptions } from './sw-options';
import { RULES } from './sw-rules-text';
import {
  evolveSw,
  isShipClass,
  legionOf,
  playing,
  type Legion,
  type Reaction,
  type Ship,
  type SwState,
  waitingReaction,
} from './sw-state';

/** The Star Wars draft: the kit's, with the game's options and what every decision asks. */
export class SwDraft extends Draft<SwState, SwEvents> {
  readonly options: SwOptions;
  /** Recorded by a judge of the match: the Game Master's own decisions. */
  readonly byJudge: boolean;

  constructor(ctx: DecisionContext<SwState>) {
    super(ctx, { id: 'sw-strategic', evolve: evolveSw });
    this.options = swOptions(ctx.options);
    this.byJudge = ctx.byJudge === true;
  }

  get legion(): Legion {
    return (
      legionOf(this.rs, this.seat) ??
      this.refuse('not_a_legion', `Seat ${this.seat} plays no legion`, RULES.roles)
    );
  }

  /** Refuses unless the seat's legion is playing `map` and the GM has not called time. */
  requireTurn(map: MapId): void {
    requireTurnOf(this.rs, this.seat, map, (code, message, ref) => this.refuse(code, message, ref));
  }

  /** The GM's decisions are recorded by a judge of the match, never by a seat. */
  requireGm(): void {
    if (!this.byJudge)
      this.refuse(
        'game_master_only',
        'Only the Game Master records this: a judge of the match, with a judge token',
        RULES.gmPause,
      );
  }

  ship(id: string, legion?: string): Ship {
    const ship = own(this.rs.space.ships, id);
    if (!ship || ship.status === 'destroyed')
      return this.refuse('unknown_ship', `There is no ship ${id} in play`, RULES.decks);
    if (legion !== undefined && ship.legion !== legion)
      return this.refuse('not_your_ship', `Ship ${id} is not your legion's`, RULES.roles);
    return ship;
  }

  /** A ship of the seat's legion on the map, under a living captain. */
  shipInPlay(id: string): Ship {
    const ship = this.ship(id, this.seat);
    if (ship.status !== 'map')
      this.refuse('not_on_map', `Ship ${id} is not on the map`, RULES.entry);
    if (isShipClass(ship.class) && !ship.captain)
      this.refuse(
        'no_captain',
        `Ship ${id} has no living captain to command it`,
        RULES.captainDeath,
      );
    if (ship.task)
      this.refuse(
        'busy',
        `Ship ${id} spends this full turn on a ${ship.task.kind} and does nothing else`,
        ship.task.kind === 'repair' ? RULES.repair : RULES.commando,
      );
    const repairing = Object.values(this.rs.space.ships).find(
      (s) => s.task?.kind === 'repair' && s.task.by === ship.captain && s.id !== ship.id,
    );
    if (repairing)
      this.refuse(
        'busy',
        `${ship.captain} is repairing ${repairing.id}: ship ${id} does nothing else`,
        RULES.repair,
      );
    if (ship.captain) this.requireFree(ship.captain);
    return ship;
  }

  /** Refuses when the legionnaire is blocked by an enemy Sword Master this turn (S6.1). */
  requireFree(name: string): void {
    if (this.legion.blocked === name)
      this.refuse(
        'persuaded',
        `${name} is blocked by an enemy Sword Master for this turn`,
        RULES.persuasion,
      );
  }

  /** The legion's Supply Officer, who buys and runs transports (S1.4). */
  requireSupplyOfficer(): void {
    const officer = this.legion.roster.find((p) => p.map === 'space' && p.role === 'supply');
    if (officer) this.requireFree(officer.name);
  }

  cell(id: string, map: MapId): Hex {
    const hex = parseCell(id);
    const known =
      hex &&
      id.startsWith(map === 'space' ? 's:' : 'g:') &&
      hasOwn(this.rs[map].cells, hexKey(hex));
    if (!hex || !known)
      return this.refuse('unknown_cell', `There is no cell ${id} on the ${map} map`, RULES.zones);
    return hex;
  }

  spend(cost: number, what: string, ruleRef: string): number {
    const legion = this.legion;
    if (legion.credits < cost)
      this.refuse(
        'not_enough_credits',
        `${what} costs ${cost} credits; you have ${legion.credits}`,
        ruleRef,
      );
    return legion.credits - cost;
  }
}

export function requireTurnOf(
  rs: Readonly<SwState>,
  seat: string,
  map: MapId,
  refuse: (code: string, message: string, ruleRef: string) => never,
): void {
  const turn = rs[map].turn;
  if (rs.space.pausedForBombardment)
    refuse(
      'paused_for_bombardment',
      'The Game Master has paused the game for an orbital bombardment',
      RULES.gmPause,
    );
  if (turn.finished) refuse('map_finished', `The ${map} game is over`, RULES.turns);
  const reaction = waitingReaction(rs);
  if (map === 'ground' && reaction) refuseWhileReacting(rs, reaction, refuse);
  if (playing(rs, map) !== seat)
    refuse(
      'not_your_turn',
      `It is not your legion's turn on the ${map} map`,
      map === 'space' ? RULES.turns : RULES.groundOrder,
    );
  if (turn.timeCalled)
    refuse(
      'time_called',
      'The Game Master has called time: only the end of the turn is accepted',
      RULES.turnEnd,
    );
}

function refuseWhileReacting(
  rs: Readonly<SwState>,
  reaction: Readonly<Reaction>,
  refuse: (code: string, message: string, ruleRef: string) => never,
): never {
  const legion = legionOf(rs, reaction.legion)?.name ?? reaction.legion;
  const more = rs.ground.reactions.length - 1;
  const queued = more > 0 ? `; ${more} more reaction(s) wait after it` : '';
  return refuse(
    'reaction_pending',
    reaction.kind === 'deflect'
      ? `The shot waits for ${legion}'s Sword Master ${reaction.by} (react or decline-reaction)${queued}`
      : `The destroyed infantry waits for ${legion}'s Medic ${reaction.by} (react or decline-reaction)${queued}`,
    reaction.kind === 'deflect' ? RULES.deflectWhen : RULES.medicWhen,
  );
}

/** Refuses while a ground shot waits for a Sword Master's or Medic's reaction (G3.11). */
export function requireNoReaction(d: SwDraft): void {
  const reaction = waitingReaction(d.rs);
  if (reaction)
    refuseWhileReacting(d.rs, reaction, (code, message, ref) => d.refuse(code, message, ref));
}

/** Whether the seat may act on a map now (for `available`). */
export function mayAct(ctx: AvailabilityContext<SwState>, map: MapId): boolean {
  const turn = ctx.rs[map].turn;
  return (
    !turn.finished &&
    !turn.timeCalled &&
    !ctx.rs.space.pausedForBombardment &&
    !(map === 'ground' && waitingReaction(ctx.rs)) &&
    playing(ctx.rs, map) === ctx.seat
  );
}

export const shipClassOf = (cls: string): cls is ShipClass =>
  Object.hasOwn(SHIPS, cls) && cls !== 'transport';

export const swDecision = decisionsOn<SwState, SwDraft>((ctx) => new SwDraft(ctx));
