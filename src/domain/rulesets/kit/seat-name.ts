import type { LocalizedText } from '../../shared/localized-text';
import type { DecisionContext } from '../ruleset';

/**
 * A seat as a refusal names it: the player who claimed it («Аня»), else the side or faction
 * it plays as the match lists it, else its id (a seat nobody has claimed yet).
 */
export function seatName(
  ctx: Pick<DecisionContext<unknown>, 'seats'>,
  seat: string,
): LocalizedText {
  const spec = ctx.seats.find((s) => s.seat === seat);
  const name = spec?.player?.name || spec?.side || spec?.faction || seat;
  return { en: name, ru: name };
}
