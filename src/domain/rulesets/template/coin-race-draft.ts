import { own } from '../../shared/id-record';
import { decisionsOn, Draft } from '../kit';
import type { DecisionContext } from '../ruleset';
import type { CoinRaceEvents } from './coin-race-events';
import { coinRaceOptions, type CoinRaceOptions } from './coin-race-options';
import { RULES } from './coin-race-rules-text';
import { evolveCoinRace, type CoinRaceState } from './coin-race-state';

export const ZONES = {
  deck: 'boosts',
  discard: 'boosts:discard',
  hand: (seat: string) => `hand:${seat}`,
} as const;

export const trackOf = (seat: string): string => `position:${seat}`;

/** Coin Race's draft: the kit's, with the game's options and its few moves of the turn. */
export class CoinRaceDraft extends Draft<CoinRaceState, CoinRaceEvents> {
  readonly options: CoinRaceOptions;

  constructor(ctx: DecisionContext<CoinRaceState>) {
    super(ctx, { id: 'coin-race', evolve: evolveCoinRace });
    this.options = coinRaceOptions(ctx.options);
    // The opening shuffle happens with the first decision: setup has no dice.
    if (!this.rs.deckShuffled) this.shuffle(ZONES.deck);
  }

  position(seat: string): number {
    return own(this.table.tracks, trackOf(seat))?.value ?? 0;
  }

  /** Moves the seat's token; reaching the last space wins. */
  advance(seat: string, by: number): void {
    const value = Math.min(this.rs.length, this.position(seat) + by);
    this.on('TrackChanged', { track: trackOf(seat), owner: seat, value, delta: by });
    if (value >= this.rs.length) this.finish([seat], 'reached the last space', RULES.victory);
  }

  /** The turn goes to the next seat in order. */
  passTurn(): void {
    const { order } = this.rs;
    const next = order[(order.indexOf(this.seat) + 1) % order.length] ?? this.seat;
    this.on('PhaseStarted', { phase: 'race', active: [next] });
  }
}

export const coinRaceDecision = decisionsOn<CoinRaceState, CoinRaceDraft>(
  (ctx) => new CoinRaceDraft(ctx),
);
