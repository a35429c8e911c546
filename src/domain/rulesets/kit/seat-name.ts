import { SeatNames } from '../../naming/seat-names';
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

/** The match's seats as the naming layer names them (player, else side or faction, else id). */
export function seatNamesOf(ctx: Pick<DecisionContext<unknown>, 'seats'>): SeatNames {
  return new SeatNames(
    ctx.seats.map((s) => ({
      seat: s.seat,
      player: s.player?.name || undefined,
      side: s.side,
      faction: s.faction,
    })),
    {},
  );
}
