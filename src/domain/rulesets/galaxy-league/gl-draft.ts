import { own, setOwn } from '../../shared/id-record';
import { decisionsOn, Draft } from '../kit';
import type { DecisionContext } from '../ruleset';
import { incomeOf, territoryPoints } from './gl-economy';
import type { GalaxyLeagueEvents } from './gl-events';
import { galaxyLeagueOptions, type GalaxyLeagueOptions } from './gl-options';
import { RULES } from './gl-rules-text';
import {
  evolveGalaxyLeague,
  STAGES,
  type GalaxyLeagueState,
  type LeagueAlliance,
  type Stage,
} from './gl-state';
import { creditsTrack, otherTrack, trackValue, TRACK_NAMES, winsTrack } from './gl-tracks';

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

  /** Adds «Другое» points (technologies). */
  changeOther(seat: string, delta: number): void {
    if (delta === 0) return;
    const value = trackValue(this.table, otherTrack(seat)) + delta;
    this.on('TrackChanged', {
      track: otherTrack(seat),
      owner: seat,
      name: TRACK_NAMES.other,
      value,
      delta,
    });
  }

  /** The income the seat received at this round's start (its IncomeReceived, if any). */
  incomeThisRound(seat: string): number {
    return own(this.rs.incomes, seat) ?? 0;
  }

  openStage(round: number, stage: Stage): void {
    if (round !== this.rs.round) this.on('RoundStarted', { round, active: [] });
    this.own('StageOpened', { round, stage });
    this.on('PhaseStarted', { phase: stage, active: [] });
    if (stage === 'preparation') this.noteRoundPoints(round);
  }

  /** Each player's points at the round's start, which the round's priority goes by. */
  noteRoundPoints(round: number): void {
    const points: Record<string, number> = {};
    for (const seat of this.rs.order) {
      const territory =
        this.options.priorityPoints === 'with-territory' ? territoryPoints(this.rs, seat) : 0;
      setOwn(
        points,
        seat,
        territory +
          trackValue(this.table, winsTrack(seat)) +
          trackValue(this.table, otherTrack(seat)),
      );
    }
    this.own('RoundPointsNoted', { round, points });
  }

  /** Players who act this round: not eliminated, not paused. */
  actingSeats(round = this.rs.round): string[] {
    return this.rs.order.filter((seat) => {
      const player = own(this.rs.players, seat);
      return player?.status === 'active' && player.pausedRound !== round;
    });
  }

  /** The seat is done with the stage; the stage closes when every acting player is. */
  markDone(seat: string): void {
    const stage = this.rs.stage;
    if (!stage) return;
    if (!this.rs.done.includes(seat)) this.own('StageDone', { seat, round: this.rs.round, stage });
    if (this.actingSeats().every((s) => this.rs.done.includes(s))) this.advanceStage();
  }

  /** The next stage, or after Battles the next round (its income and dues first). */
  advanceStage(): void {
    const at = STAGES.indexOf(this.rs.stage ?? 'battles');
    if (at < STAGES.length - 1) {
      this.openStage(this.rs.round, STAGES[at + 1]);
      return;
    }
    const round = this.rs.round + 1;
    this.openStage(round, 'preparation');
    this.grantIncome(round);
    this.collectDues(round);
  }

  /**
   * Each alliance formed before this round pays its dues («Каждый раунд, начиная с момента
   * создания Альянса, все члены Альянса обязаны платить взносы»). When they cannot be paid,
   * option allianceDuesDefault says whether every member loses a planet (line 114) or, past
   * the minimum term under «by-term», the alliance breaks up (line 29).
   */
  collectDues(round: number): void {
    for (const [id, alliance] of Object.entries(this.rs.alliances)) {
      if (alliance.formedRound >= round) continue;
      const charges = this.duesCharges(alliance);
      if (charges.every((c) => this.credits(c.seat) >= c.amount)) {
        this.payDues(id, round, charges);
        continue;
      }
      if (this.options.allianceDuesDefault === 'by-term' && round > alliance.lastBoundRound)
        this.own('AllianceDissolved', {
          alliance: id,
          members: [...alliance.members],
          reason: 'dues-unpaid',
        });
      else this.own('DuesDefaulted', { alliance: id, round, members: [...alliance.members] });
    }
  }

  payDues(alliance: string, round: number, charges: { seat: string; amount: number }[]): void {
    this.own('DuesCharged', { alliance, round, charges });
    for (const { seat, amount } of charges) this.changeCredits(seat, -amount);
  }

  /**
   * Each member's part of the dues: the split every member proposed alike, else even (the
   * remainder from the first members in seat order); under «per-member» each pays the figure.
   */
  duesCharges(alliance: Pick<LeagueAlliance, 'members' | 'splits'>): {
    seat: string;
    amount: number;
  }[] {
    const members = this.rs.order.filter((s) => alliance.members.includes(s));
    const dues = duesOf(members.length);
    if (this.options.allianceDuesBasis === 'per-member')
      return members.map((seat) => ({ seat, amount: dues }));
    const proposals = members.map((m) => JSON.stringify(own(alliance.splits, m) ?? null));
    const agreed = own(alliance.splits, members[0]);
    if (agreed && proposals.every((p) => p === proposals[0]))
      return members.map((seat) => ({
        seat,
        amount: agreed.find((share) => share.seat === seat)?.amount ?? 0,
      }));
    const even = Math.floor(dues / members.length);
    const rest = dues - even * members.length;
    return members.map((seat, i) => ({ seat, amount: even + (i < rest ? 1 : 0) }));
  }

  /** Refuses unless the seat plays this round (not eliminated, not paused). */
  requireActing(seat: string, rule: string): void {
    const player = own(this.rs.players, seat);
    if (!player) this.refuse('not_a_player', `${seat} is not a player of the league`, rule);
    if (player.status !== 'active')
      this.refuse('eliminated', `${seat} is out of the league until it returns`, RULES.eliminated);
    if (player.pausedRound === this.rs.round)
      this.refuse('paused', `${seat} has paused this round`, RULES.pause);
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

/** «100 ИК в раунд – … из 2 игроков», 250 for 3, 500 for 4 (and, by option, above). */
export function duesOf(members: number): number {
  return members <= 2 ? 100 : members === 3 ? 250 : 500;
}

export const galaxyLeagueDecision = decisionsOn<GalaxyLeagueState, GalaxyLeagueDraft>(
  (ctx) => new GalaxyLeagueDraft(ctx),
);
