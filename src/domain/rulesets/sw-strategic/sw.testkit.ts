import { MatchHarness } from '@test/support/match-harness';
import type { NewEvent } from '../../events/recorded-event';
import { ILLUSTRATIVE_MISSION, type SwMission } from './sw-mission';
import type { SwState } from './sw-state';
import type { SeatSpec } from '../ruleset';
import { ROLE_SEATS, type RoleRule } from './sw-roles';
import { TURN_ROLES } from './decisions/turns';
import { SPACE_ROLES } from './decisions/space';
import { SPECIALIST_ROLES } from './decisions/specialists-and-orbit';
import { GROUND_ROLES } from './decisions/ground';
import { swStrategicRuleset } from './sw-strategic.ruleset';

export const SEATS = [{ seat: 'red' }, { seat: 'blue' }, { seat: 'gold' }];

/** The three legions seated by role: a seat per role of [1.4] (`red:supply`, ...). */
export const ROLE_SEATED = SEATS.flatMap(({ seat }) =>
  ROLE_SEATS.map((role) => ({ seat: `${seat}:${role}` })),
);

/** A started mission (the illustrative one unless given), not yet begun. */
export function mission(
  options: Record<string, unknown> = {},
  custom?: (m: SwMission) => void,
  seed?: Uint8Array,
  seats: SeatSpec[] = SEATS,
): MatchHarness<SwState> {
  const m = structuredClone(ILLUSTRATIVE_MISSION);
  custom?.(m);
  return new MatchHarness(swStrategicRuleset, undefined, seed).started(seats, {
    options: options as never,
    setup: custom ? { mission: withoutFlag(m) } : {},
  } as never);
}

/** Who takes each decision of a seat, as its phase declares it (sw-roles.ts). */
export const DECISION_ROLES: Record<string, RoleRule> = {
  ...TURN_ROLES,
  ...SPACE_ROLES,
  ...SPECIALIST_ROLES,
  ...GROUND_ROLES,
};

/** Events recorded as the system (a given history). */
export const given = (type: string, data: unknown): NewEvent => ({ type, data });

/** The seat playing a map now. */
export const playingNow = (h: MatchHarness<SwState>, map: 'space' | 'ground'): string =>
  h.state.rs[map].turn.current ?? '';

/** A mission as an organizer sends it: the illustrative flag is the game's, not theirs. */
export function withoutFlag(m: SwMission): Omit<SwMission, 'illustrative'> {
  const { illustrative: _illustrative, ...rest } = m;
  return rest;
}

export type ShipSpec = SwMission['legions'][number]['ships'][number];

/**
 * A mission whose legions start with the given ships (red, blue, gold), with red's space
 * turn under way in round 1 (order red, blue, gold on both maps).
 */
export function battle(
  ships: { red?: ShipSpec[]; blue?: ShipSpec[]; gold?: ShipSpec[] },
  options: Record<string, unknown> = {},
  custom?: (m: SwMission) => void,
  seed?: Uint8Array,
  seats: SeatSpec[] = SEATS,
): MatchHarness<SwState> {
  const h = mission(
    options,
    (m) => {
      m.legions[0].ships = ships.red ?? [];
      m.legions[1].ships = ships.blue ?? [];
      m.legions[2].ships = ships.gold ?? [];
      custom?.(m);
    },
    seed,
    seats,
  );
  const order = ['red', 'blue', 'gold'];
  return h.given([
    given('TurnOrderRolled', { map: 'space', order, rolls: [] }),
    given('TurnOrderRolled', { map: 'ground', order, rolls: [] }),
    given('FactionTurnStarted', { map: 'space', legion: 'red', round: 1 }),
    given('FactionTurnStarted', { map: 'ground', legion: 'red', round: 1 }),
  ]);
}

/** The id of a legion's n-th ship of a class (1-based). */
export function shipOf(h: MatchHarness<SwState>, legion: string, cls: string, n = 1): string {
  const found = Object.values(h.state.rs.space.ships).filter(
    (s) => s.legion === legion && s.class === cls,
  );
  const ship = found[n - 1];
  if (!ship) throw new Error(`${legion} has no ${cls} #${n}`);
  return ship.id;
}

export const ship = (cls: ShipSpec['class'], q: number, r: number, heading: number): ShipSpec => ({
  class: cls,
  bow: { q, r },
  heading,
});

/** The n-th of a bounded family of seeds, for a test that needs some roll to come up. */
export const seedNo = (n: number): Uint8Array =>
  Uint8Array.from({ length: 32 }, (_, i) => (i * 7 + n) % 256);

/**
 * The first of `tries` seeds for which `found` holds, or a failure naming the search: a test
 * that needs a roll to come up a certain way looks for it in a bounded family of seeds.
 */
export function firstSeed<T>(tries: number, attempt: (seed: Uint8Array) => T | undefined): T {
  for (let n = 0; n < tries; n += 1) {
    const found = attempt(seedNo(n));
    if (found !== undefined) return found;
  }
  throw new Error(`none of ${tries} seeds gave the roll the test needs`);
}
