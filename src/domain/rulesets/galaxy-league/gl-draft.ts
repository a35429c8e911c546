import { own } from '../../shared/id-record';
import { decisionsOn, Draft } from '../kit';
import type { DecisionContext } from '../ruleset';
import { incomeOf } from './gl-economy';
import type { GalaxyLeagueEvents } from './gl-events';
import { galaxyLeagueOptions, type GalaxyLeagueOptions } from './gl-options';
import { evolveGalaxyLeague, type GalaxyLeagueState, type Stage } from './gl-state';
import { creditsTrack, trackValue, TRACK_NAMES } from './gl-tracks';

/** The league's draft: the kit's, with the league's bookkeeping (credits, stages, income). */
export class GalaxyLeagueDraft extends Draft<GalaxyLeagueState, GalaxyLeagueEvents> {
  readonly options: GalaxyLeagueOptions;

  constructor(ctx: DecisionContext<GalaxyLeagueState>) {
    super(ctx, { id: 'galaxy-league', evolve: evolveGalaxyLeague });
    this.options = galaxyLeagueOptions(ctx.options);
  }

  credits(seat: string): number {
    return trackValue(this.table, creditsTrack(seat));
  }

  /** Adds (or, negative, takes) credits. */
  changeCredits(seat: string, delta: number): void {
    if (delta === 0) return;
    const value = this.credits(seat) + delta;
    this.on('TrackChanged', {
      track: creditsTrack(seat),
      owner: seat,
      name: TRACK_NAMES.credits,
      value,
      delta,
    });
  }

  openStage(round: number, stage: Stage): void {
    if (round !== this.rs.round) this.on('RoundStarted', { round, active: [] });
    this.own('StageOpened', { round, stage });
    this.on('PhaseStarted', { phase: stage, active: [] });
  }

  /** Round-start income for every player holding a planet. */
  grantIncome(round: number): void {
    for (const seat of this.rs.order) {
      const player = own(this.rs.players, seat);
      if (!player || player.status !== 'active') continue;
      if (player.pausedRound === round && this.options.pausedIncome === 'no') continue;
      const income = incomeOf(this.rs, seat);
      if (income.lines.length === 0) continue;
      this.own('IncomeReceived', { seat, round, ...income });
      this.changeCredits(seat, income.total);
    }
  }
}

export const galaxyLeagueDecision = decisionsOn<GalaxyLeagueState, GalaxyLeagueDraft>(
  (ctx) => new GalaxyLeagueDraft(ctx),
);
