import { createHash } from 'node:crypto';
import type { RecordedEvent } from '../../events/recorded-event';
import { saltedCommitment } from '../../events/secret-commitment';
import { decideReveal, decideSeal } from '../../match/sealed-decider';
import { isRejection, type Rejection } from '../rule-violation';
import { MatchHarness } from '@test/support/match-harness';
import { freeformRuleset } from '../freeform/freeform.ruleset';
import { galaxyLeagueRuleset } from './galaxy-league.ruleset';
import { actsInStage, type GalaxyLeagueState } from './gl-state';

/** Sealed declarations for the league's specs: seal, then reveal once everyone has sealed. */

type League = MatchHarness<GalaxyLeagueState>;
let serial = 0;
const saltOf = (seat: string) =>
  createHash('sha256').update(`gl-salt-${seat}`).digest('hex').slice(0, 32);

export function seal(h: League, seat: string, kind: string, params: object): string {
  const sealId = `gl-seal-${++serial}`;
  const decided = decideSeal(h.ruleset, h.state, {
    sealId,
    seat,
    kind,
    commitment: saltedCommitment(saltOf(seat), params),
  });
  if (isRejection(decided)) throw new Error(`seal by ${seat} refused: ${decided.message}`);
  h.record(decided, { kind: 'seat', id: seat, seat });
  return sealId;
}

export function reveal(
  h: League,
  seat: string,
  sealId: string,
  params: object,
  options: { voidIfRefused?: boolean } = {},
): RecordedEvent[] | Rejection {
  const decisionId = `gl-reveal-${++serial}`;
  const decided = decideReveal(
    h.ruleset,
    h.state,
    { sealId, seat, params, salt: saltOf(seat), decisionId, ...options },
    h.seed,
  );
  if (isRejection(decided)) return decided;
  return h.record(decided, { kind: 'seat', id: seat, seat }, decisionId);
}

/** Every seat seals its params, then reveals, in the order given; fails on a refusal. */
export function declareAll(
  h: League,
  kind: string,
  choices: Record<string, object>,
): RecordedEvent[] {
  const seals = Object.entries(choices).map(
    ([seat, p]) => [seat, seal(h, seat, kind, p), p] as const,
  );
  return seals.flatMap(([seat, id, p]) => {
    const result = reveal(h, seat, id, p);
    if (isRejection(result)) throw new Error(`reveal by ${seat} refused: ${result.message}`);
    return result;
  });
}

/** Every player the stage waits for ends it. */
export function endStage(h: League): void {
  for (const seat of h.state.rs.order.filter((s) => actsInStage(h.state.rs, s)))
    if (!h.state.rs.done.includes(seat)) h.play(seat, 'end-stage');
}

const NONE = { attacks: [], colonisations: [] };

/** Every acting player declares and joins nothing and ends every stage, to the next round. */
export function quietRound(h: League): void {
  const acting = () =>
    h.state.rs.order.filter((s) => actsInStage(h.state.rs, s) && !h.state.rs.done.includes(s));
  const round = h.state.rs.round;
  // Six stages make a round; a few more steps allow for stages that close on their own. Bounded,
  // since after the last round the league finishes and the round number never moves again.
  for (let step = 0; h.state.rs.round === round && h.state.status !== 'finished'; step++) {
    if (step >= 12) throw new Error(`round ${round} did not end after ${step} steps`);
    const stage = h.state.rs.stage;
    if (stage === 'attack')
      declareAll(h, 'declare-attacks', Object.fromEntries(acting().map((s) => [s, NONE])));
    else if (stage === 'joining')
      declareAll(h, 'declare-joins', Object.fromEntries(acting().map((s) => [s, { joins: [] }])));
    else endStage(h);
  }
}

/** The three players of the spec leagues. */
export const SEATS = [
  { seat: 'anna', faction: 'empire' },
  { seat: 'boris', faction: 'devourers' },
  { seat: 'vera', faction: 'eternals' },
];

/**
 * Round 2: Anna attacks Ember (Boris, 2 LY: -25), Boris defends it; Vera attacks Aurora,
 * Anna's capital (Eternals reach it), undefended.
 */
export function atBattles(options: Record<string, unknown> = {}, defendAurora = false): League {
  const h = new MatchHarness(galaxyLeagueRuleset, 'league-1').started(SEATS, {
    options: options as never,
  });
  quietRound(h);
  endStage(h);
  declareAll(h, 'declare-attacks', {
    anna: { attacks: [{ ship: 'ship:anna:1', planet: 'ember' }], colonisations: [] },
    boris: NONE,
    vera: { attacks: [{ ship: 'ship:vera:1', planet: 'aurora' }], colonisations: [] },
  });
  endStage(h);
  declareAll(h, 'declare-joins', {
    anna: { joins: [] },
    boris: { joins: [] },
    vera: { joins: [] },
  });
  h.play('boris', 'assign-defender', { ship: 'ship:boris:5', planet: 'ember' });
  if (defendAurora) h.play('anna', 'assign-defender', { ship: 'ship:anna:3', planet: 'aurora' });
  endStage(h);
  expect(h.state.rs.stage).toBe('battles');
  return h;
}

/** The battle for Ember played as a freeform match: red is Anna, blue Boris. */
export function playedBattle(winner: 'red' | 'blue', red: number, blue: number): MatchHarness {
  const b = new MatchHarness(freeformRuleset, 'battle-ember');
  b.started([{ seat: 'red' }, { seat: 'blue' }]);
  b.play('red', 'change-track', { track: 'points-red', owner: 'red', value: red });
  b.play('blue', 'change-track', { track: 'points-blue', owner: 'blue', value: blue });
  b.play(winner === 'red' ? 'blue' : 'red', 'concede');
  return b;
}

/** The seats of the Ember battle mapped to league players. */
export const EMBER_SEATS = [
  { seat: 'red', player: 'anna' },
  { seat: 'blue', player: 'boris' },
];

/** The Ember battle played to `winner` with those points, and linked by Anna. */
export function linkEmberBattle(
  h: League,
  winner: 'red' | 'blue',
  red: number,
  blue: number,
): void {
  const b = playedBattle(winner, red, blue);
  h.cited = [b.asCited({ red, blue })];
  h.play('anna', 'link-battle', {
    planet: 'ember',
    match: 'battle-ember',
    headHash: b.state.headHash,
    seats: EMBER_SEATS,
  });
}
