import { byName, type ChoicesOf, type ChoiceValue } from '../decision-choices';
import type { LocalizedText } from '../../shared/localized-text';
import type { AvailabilityContext } from '../ruleset';
import { territoriesOf } from './gl-economy';
import { planetName, shipName } from './gl-names';
import type { GalaxyLeagueState } from './gl-state';
import { creditsTrack, trackValue } from './gl-tracks';

/**
 * What the league's field choices offer in every stage (issue 39): a planet or a ship by its
 * name, a player's credits, the seat's own planets. Each decision's own choices sit beside its
 * `decide` (decisions/<phase>.ts), kept in step with it by the property test
 * (decision-choices.spec).
 */

export type Ctx = AvailabilityContext<GalaxyLeagueState>;

export const planetValue = (ctx: Ctx, planet: string, hint?: LocalizedText): ChoiceValue => ({
  value: planet,
  name: planetName(ctx, planet),
  ...(hint && { hint }),
});

export const credits = (ctx: Ctx, seat: string): number =>
  trackValue(ctx.table, creditsTrack(seat));

export const shipValue = (ctx: Ctx, ship: string): ChoiceValue => ({
  value: ship,
  name: shipName(ctx, ship),
});

/** The seat's own planets (for a capital, a forfeit). */
export const ownPlanet: ChoicesOf<GalaxyLeagueState> = (ctx) => [
  {
    path: 'planet',
    pick: 'one',
    tried: true,
    values: territoriesOf(ctx.rs, ctx.seat)
      .map((p) => planetValue(ctx, p))
      .sort(byName()),
  },
];
