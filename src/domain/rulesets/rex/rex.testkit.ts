import type { Actor, NewEvent, RecordedEvent } from '../../events/recorded-event';
import type { MatchState } from '../../match/match-state';
import { createHash } from 'node:crypto';
import { saltedCommitment } from '../../events/secret-commitment';
import { decideReveal, decideSeal } from '../../match/sealed-decider';
import { isRejection, type Rejection } from '../rule-violation';
import type { Ruleset, SeatSpec } from '../ruleset';
import type { FactionId } from './rex-factions';
import type { RexState } from './rex-state';

/**
 * Helpers for Rex's specs (pure domain): sealed decisions over a given/when/then harness,
 * and the seat lists of the examples. The harness itself is test/support/match-harness.
 */

export interface HarnessLike {
  readonly ruleset: Ruleset<RexState>;
  readonly state: MatchState<RexState>;
  readonly events: RecordedEvent[];
  readonly seed: Uint8Array;
  play(seat: string, kind: string, params?: unknown): RecordedEvent[];
  decide(seat: string, kind: string, params?: unknown): RecordedEvent[] | Rejection;
  record(events: NewEvent[], actor: Actor, decisionId?: string): RecordedEvent[];
}

export const seatsOf = (...factions: FactionId[]): SeatSpec[] =>
  factions.map((faction) => ({ seat: faction, faction }));

let serial = 0;

/** A seat's default seal salt: 32 hex digits (128 bits), as a real client would draw. */
export const saltOf = (seat: string): string =>
  createHash('sha256').update(`salt-${seat}`).digest('hex').slice(0, 32);

/** Seals `params` of `kind` for `seat`; returns the seal id (throws on a refusal). */
export function seal(
  g: HarnessLike,
  seat: string,
  kind: string,
  params: object,
  salt = saltOf(seat),
): string {
  const sealId = `seal-${++serial}`;
  const decided = decideSeal(g.ruleset, g.state, {
    sealId,
    seat,
    kind,
    commitment: saltedCommitment(salt, params),
  });
  if (isRejection(decided)) throw new Error(`seal ${kind} by ${seat} refused: ${decided.message}`);
  g.record(decided, { kind: 'seat', id: seat, seat });
  return sealId;
}

/** Reveals a seal; returns the recorded events or the rejection (nothing recorded). */
export function reveal(
  g: HarnessLike,
  seat: string,
  sealId: string,
  params: object,
  salt = saltOf(seat),
): RecordedEvent[] | Rejection {
  const decisionId = `reveal-${++serial}`;
  const decided = decideReveal(
    g.ruleset,
    g.state,
    { sealId, seat, params, salt, decisionId },
    g.seed,
  );
  if (isRejection(decided)) return decided;
  return g.record(decided, { kind: 'seat', id: seat, seat }, decisionId);
}

export function revealOk(
  g: HarnessLike,
  seat: string,
  sealId: string,
  params: object,
  salt?: string,
): RecordedEvent[] {
  const result = reveal(g, seat, sealId, params, salt);
  if (isRejection(result)) throw new Error(`reveal by ${seat} refused: ${result.message}`);
  return result;
}

/** Every seat seals, then every seat reveals, in the order given; returns all revealed events. */
export function sealAll(
  g: HarnessLike,
  kind: string,
  choices: Record<string, object>,
): RecordedEvent[] {
  const ids = Object.entries(choices).map(
    ([seat, params]) => [seat, seal(g, seat, kind, params), params] as const,
  );
  return ids.flatMap(([seat, id, params]) => revealOk(g, seat, id, params));
}

export const typesOf = (events: readonly RecordedEvent[]): string[] => events.map((e) => e.type);

export function dataOf<T = Record<string, unknown>>(
  events: readonly RecordedEvent[],
  type: string,
): T[] {
  return events.filter((e) => e.type === type).map((e) => e.data as T);
}

/** Plays the default action of the current phase: reveal, end Ceasefire, pass, recruit nothing, end turn, draw. */
export function step(g: HarnessLike): RecordedEvent[] {
  const { phase, active } = g.state.table.turn;
  const seat = active[0];
  switch (phase) {
    case 'influence':
      return g.play(seat, 'reveal-influence');
    case 'ceasefire':
      return g.play(seat, 'end-ceasefire');
    case 'bidding':
      return g.play(seat, 'pass-bid');
    case 'recruitment':
      return g.play(seat, 'recruit', { troops: 0 });
    case 'maneuvers':
      return g.play(seat, 'end-turn');
    case 'bombardment':
      return g.play(seat, 'draw-bombardment');
    default:
      throw new Error(`no default action in phase ${phase}`);
  }
}

/** Steps until the table reaches `phase` (and, when given, `round`). */
export function advanceTo(g: HarnessLike, phase: string, round?: number): RecordedEvent[] {
  const events: RecordedEvent[] = [];
  for (let i = 0; i < 500; i += 1) {
    const { turn } = g.state.table;
    if (turn.phase === phase && (round === undefined || turn.round === round)) return events;
    events.push(...step(g));
  }
  throw new Error(`phase ${phase} not reached`);
}
