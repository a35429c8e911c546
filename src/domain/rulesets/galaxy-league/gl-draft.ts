import { own, setOwn } from '../../shared/id-record';
import { decisionsOn, Draft } from '../kit';
import type { LocalizedText } from '../../shared/localized-text';
import type { DecisionContext } from '../ruleset';
import { annexableOf, incomeOf, territoryPoints } from './gl-economy';
import { playerName } from './gl-names';
import { standingsOf } from './gl-standings';
import type { GalaxyLeagueEvents } from './gl-events';
import { galaxyLeagueOptions, type GalaxyLeagueOptions } from './gl-options';
import { RULES } from './gl-rules-text';
import {
  actsInStage,
  allianceOf,
  evolveGalaxyLeague,
  STAGES,
  type GalaxyLeagueState,
  type LeagueAlliance,
  type LeagueBattle,
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

  /**
   * Credits set aside for the colonisations the seat declared or joined and has still to win
   * or lose (option colonisationFunds «at-declaration»: the winner «платит цену колонизации»,
   * so what it may cost is not spent meanwhile). Counted once a colonisation.
   */
  reservedCredits(seat: string): number {
    return reservedCreditsOf(this.rs, this.options, seat);
  }

  /**
   * Credits the seat may spend now: its credits less those set aside (reservedCredits), never
   * below 0 (a joiner may join with less than the cost: it is checked again when won).
   */
  spendableCredits(seat: string): number {
    return Math.max(0, this.credits(seat) - this.reservedCredits(seat));
  }

  /** What the seat has to spend, in words: with what is set aside when something is. */
  fundsText(seat: string): LocalizedText {
    const [free, reserved] = [this.spendableCredits(seat), this.reservedCredits(seat)];
    return reserved === 0
      ? { en: `you have ${free} IC`, ru: `а у вас ${free} ИК` }
      : {
          en: `you have ${free} IC free (${reserved} IC is set aside for your colonisations)`,
          ru: `а у вас свободно ${free} ИК (${reserved} ИК отложено на ваши колонизации)`,
        };
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

  /** The players the current stage waits for (see actsInStage). */
  actingSeats(): string[] {
    return this.rs.order.filter((seat) => actsInStage(this.rs, seat));
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
      if (STAGES[at + 1] === 'battles') this.settleWithoutBattle();
      return;
    }
    this.eliminateLandless();
    this.releaseLeavers();
    this.setMorale();
    if (this.rs.round >= this.rs.rounds) {
      this.finishLeague();
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
      const charges = this.payableCharges(this.duesCharges(alliance));
      if (charges) {
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

  /**
   * The charges as taken, or undefined when the dues cannot be paid. Under option
   * duesUnpayable «all-short» the parts come «из имеющихся средств»: a member short pays what
   * it has and the others, in seat order, cover the rest while they can.
   */
  payableCharges(
    charges: { seat: string; amount: number }[],
  ): { seat: string; amount: number }[] | undefined {
    if (charges.every((c) => this.credits(c.seat) >= c.amount)) return charges;
    if (this.options.duesUnpayable === 'member-short') return undefined;
    const taken = charges.map((c) => ({
      seat: c.seat,
      amount: Math.min(c.amount, Math.max(0, this.credits(c.seat))),
    }));
    let rest = charges.reduce((a, c) => a + c.amount, 0) - taken.reduce((a, c) => a + c.amount, 0);
    for (const t of taken) {
      const more = Math.min(rest, Math.max(0, this.credits(t.seat)) - t.amount);
      t.amount += more;
      rest -= more;
    }
    return rest > 0 ? undefined : taken;
  }

  payDues(alliance: string, round: number, charges: { seat: string; amount: number }[]): void {
    this.own('DuesCharged', { alliance, round, charges });
    for (const { seat, amount } of charges) this.changeCredits(seat, -amount);
  }

  /**
   * Each member's part of the dues (duesChargesOf).
   */
  duesCharges(alliance: Pick<LeagueAlliance, 'members' | 'splits'>): DuesCharge[] {
    return duesChargesOf(this.rs, this.options, alliance);
  }

  /** A battle's participants and their penalties (enemies of a capital's owner: -10 more). */
  participants(battle: LeagueBattle): { seat: string; penalty: number }[] {
    const capital = battle.capital ? CAPITAL_PENALTY : 0;
    const list: { seat: string; penalty: number }[] = [];
    for (const a of battle.attackers)
      if (!list.some((p) => p.seat === a.seat))
        list.push({ seat: a.seat, penalty: a.penalty + (battle.kind === 'capture' ? capital : 0) });
    for (const d of battle.defenders)
      if (!list.some((p) => p.seat === d.seat)) list.push({ seat: d.seat, penalty: d.penalty });
    return list;
  }

  /**
   * Settles a battle: payouts (points after penalties, with the winner's and loser's minimums),
   * the win, and the planet: an attacker that wins takes it (a capital: annexation and morale
   * follow), a colonisation's winner pays its cost; otherwise the owner keeps it.
   */
  settle(
    id: string,
    source: GalaxyLeagueEvents['BattleSettled']['source'],
    winner: string | undefined,
    points: Record<string, number> | undefined,
    match?: string,
  ): void {
    const battle = own(this.rs.battles, id);
    if (!battle) return;
    const people = this.participants(battle);
    const payouts = points
      ? people.map(({ seat, penalty }) =>
          this.payout(seat, penalty, own(points, seat) ?? 0, seat === winner, people.length),
        )
      : [];
    if (source === 'mercenaries' && this.options.mercenaryLoserPayout === 'yes')
      for (const a of battle.attackers)
        payouts.push({
          seat: a.seat,
          points: 0,
          penalty: 0,
          amount: LOSER_MINIMUM,
          basis: 'loser-minimum',
        });
    this.own('BattleSettled', {
      battle: id,
      planet: battle.planet,
      kind: battle.kind,
      source,
      ...(match ? { match } : {}),
      ...(winner ? { winner } : {}),
      payouts,
    });
    for (const p of payouts) this.changeCredits(p.seat, p.amount);
    if (winner && (source === 'linked' || source === 'reported')) this.changeWins(winner, 1);
    const attacker = winner ? battle.attackers.find((a) => a.seat === winner) : undefined;
    if (!attacker) return;
    if (battle.kind === 'colonisation') {
      const cost = attacker.cost ?? 0;
      const credits = this.credits(winner!);
      if (credits < cost) {
        this.own('ColonisationUnpaid', {
          battle: id,
          planet: battle.planet,
          seat: winner!,
          cost,
          credits,
        });
        return;
      }
      this.changeCredits(winner!, -cost);
    }
    const from = own(this.rs.owner, battle.planet);
    this.own('ControlChanged', {
      territory: battle.planet,
      ...(from !== undefined ? { from } : {}),
      to: winner!,
      cause: battle.kind === 'colonisation' ? 'colonised' : 'captured',
    });
    if (own(this.rs.players, winner!)?.status === 'eliminated') {
      // «хотя бы одна территория будет захвачена – она становится столицей игрока, и он
      // возвращается в игру»: the first captured, or one the player names (option returnCapital).
      this.own('PlayerReturned', { seat: winner!, round: this.rs.round, territory: battle.planet });
      if (this.options.returnCapital === 'first-captured')
        this.own('CapitalSet', { seat: winner!, territory: battle.planet, cause: 'returned' });
    }
    if (battle.capital && from !== undefined) {
      this.own('CapitalCaptured', { battle: id, planet: battle.planet, from, to: winner! });
      // Nothing next to the capital is left to choose: the captor annexes none, and the round
      // is not held up by a choice nobody can make. A loser left with no territory at all is
      // out at the round's end («потерял все территории, то он считается выбывшим»).
      if (annexableOf(this.rs, from, battle.planet).length === 0)
        this.own('TerritoriesAnnexed', { seat: winner!, from, territories: [] });
    }
  }

  private payout(seat: string, penalty: number, points: number, won: boolean, players: number) {
    const final = this.options.battleWinnerBasis === 'after-penalties' ? points + penalty : points;
    const earned = Math.max(0, points + penalty);
    // Option payoutMinimum: «он получает 50 ИК» raises the payout to 50 (a floor), or is paid
    // besides the points «все игроки получают» (on top).
    const onTop = this.options.payoutMinimum === 'on-top';
    if (won) {
      const minimum =
        players <= 3
          ? final < 50
            ? 50
            : undefined
          : this.options.winnerPayout4to5 === 'always'
            ? 75
            : this.options.winnerPayout4to5 === 'below-50'
              ? final < 50
                ? 75
                : undefined
              : final < 75
                ? 75
                : undefined;
      if (minimum !== undefined && onTop)
        return {
          seat,
          points,
          penalty,
          amount: earned + minimum,
          basis: 'winner-minimum' as const,
        };
      if (minimum !== undefined && minimum > earned)
        return { seat, points, penalty, amount: minimum, basis: 'winner-minimum' as const };
    } else if (final < LOSER_MINIMUM && (onTop || earned < LOSER_MINIMUM))
      return {
        seat,
        points,
        penalty,
        amount: onTop ? earned + LOSER_MINIMUM : LOSER_MINIMUM,
        basis: 'loser-minimum' as const,
      };
    return { seat, points, penalty, amount: earned, basis: 'points' as const };
  }

  /** Battles that are not played: a single attacker and no defender, a single coloniser, mercenaries. */
  settleWithoutBattle(): void {
    for (const [id, battle] of Object.entries(this.rs.battles)) {
      if (battle.kind === 'colonisation' && battle.attackers.length === 1)
        this.settle(id, 'sole-coloniser', battle.attackers[0].seat, undefined);
      else if (battle.kind === 'capture' && battle.mercenaries.length > 0)
        this.settle(id, 'mercenaries', undefined, undefined);
      else if (battle.kind === 'capture' && battle.defenders.length === 0) {
        if (battle.attackers.length === 1)
          this.settle(id, 'no-defender', battle.attackers[0].seat, undefined);
        else if (this.options.attackersWithoutDefender === 'first-in-priority') {
          const first = [...battle.attackers].sort(
            (a, b) => this.rs.priority.indexOf(a.seat) - this.rs.priority.indexOf(b.seat),
          )[0];
          this.settle(id, 'first-in-priority', first.seat, undefined);
        }
      }
    }
  }

  changeWins(seat: string, delta: number): void {
    const value = trackValue(this.table, winsTrack(seat)) + delta;
    this.on('TrackChanged', {
      track: winsTrack(seat),
      owner: seat,
      name: TRACK_NAMES.wins,
      value,
      delta,
    });
  }

  /**
   * At the round's end, a player left with no territory is out: it skips the next round and
   * may try to return the round after («Через раунд, выбывший игрок может пытаться
   * вернуться»); «их членство в Альянсе прекращается» (an alliance left with one member ends).
   */
  eliminateLandless(): void {
    for (const seat of this.rs.order) {
      if (own(this.rs.players, seat)?.status !== 'active') continue;
      if (Object.values(this.rs.owner).includes(seat)) continue;
      this.own('PlayerEliminated', {
        seat,
        round: this.rs.round,
        mayReturnFrom: this.rs.round + 2,
      });
      // Option eliminatedCredits «lost»: the credits it holds go with its territories.
      if (this.options.eliminatedCredits === 'lost' && this.credits(seat) > 0)
        this.changeCredits(seat, -this.credits(seat));
      const membership = allianceOf(this.rs, seat);
      if (!membership) continue;
      const rest = membership.alliance.members.filter((m) => m !== seat);
      if (rest.length >= 2) this.own('AllianceLeft', { alliance: membership.id, seat });
      else
        this.own('AllianceDissolved', {
          alliance: membership.id,
          members: [...membership.alliance.members],
          reason: 'eliminated',
        });
    }
  }

  /**
   * Members who gave notice leave as the round ends, before the next round's dues are taken
   * («После того как минимальный срок существования Альянса истек, становится возможным
   * свободный выход»): an alliance left with fewer than 2 members breaks up.
   */
  releaseLeavers(): void {
    for (const [id, alliance] of Object.entries(this.rs.alliances)) {
      const leaving = (alliance.leaving ?? []).filter((m) => alliance.members.includes(m));
      if (leaving.length === 0) continue;
      const rest = alliance.members.filter((m) => !leaving.includes(m));
      if (rest.length < 2) {
        this.own('AllianceDissolved', {
          alliance: id,
          members: [...alliance.members],
          reason: 'members-left',
        });
        continue;
      }
      for (const seat of leaving) this.own('AllianceLeft', { alliance: id, seat });
    }
  }

  /** Morale for the next round, from this round's battles («по итогам раунда»). */
  setMorale(): void {
    const next = this.rs.round + 1;
    // «проиграл 4 боя» / «выиграл 4 боя»: 4 or more, or exactly 4 (option moraleThreshold).
    const reaches = (battles: number) =>
      this.options.moraleThreshold === 'exactly-4' ? battles === 4 : battles >= 4;
    for (const seat of this.rs.order) {
      const t = own(this.rs.tally, seat);
      if (!t || own(this.rs.players, seat)?.status !== 'active') continue;
      const low = reaches(t.lost) ? 'four-losses' : t.capitalLost ? 'capital-lost' : undefined;
      const high = reaches(t.won) ? 'four-wins' : t.capitalTaken ? 'capital-taken' : undefined;
      if (low && high && this.options.moraleConflict === 'cancel') continue;
      if (low) this.own('MoraleSet', { seat, round: next, status: 'demoralised', reason: low });
      else if (high) this.own('MoraleSet', { seat, round: next, status: 'inspired', reason: high });
    }
  }

  /** After the last round: the standings decide («по количеству очков определяется победитель»). */
  finishLeague(): void {
    // First place: shared on equal totals, or one player under option standingsTie «priority».
    const winners = standingsOf(this.table, this.rs)
      .filter((row) => row.place === 1)
      .map((row) => row.seat);
    this.finish(winners, 'most points after the last round', RULES.rounds);
  }

  /** Refuses unless the seat plays this round (not eliminated, not paused). */
  requireActing(seat: string, rule: string): void {
    const player = own(this.rs.players, seat);
    const name = playerName(this.ctx, seat);
    if (!player)
      this.refuse(
        'not_a_player',
        { en: `${name.en} is not a player of the league`, ru: `${name.ru} не играет в Лиге` },
        rule,
      );
    if (player.status === 'entrant')
      this.refuse(
        'not_entered',
        {
          en: `${name.en} is a new player, who enters at the start of round 4 or 8`,
          ru: `${name.ru} — новый игрок: в игру входят в начале 4-го или 8-го раунда`,
        },
        RULES.newEntrant,
      );
    if (player.status !== 'active' && !actsInStage(this.rs, seat))
      this.refuse(
        'eliminated',
        {
          en: `${name.en} is out of the league until returning`,
          ru: `${name.ru} — выбывший игрок, пока не вернётся в игру`,
        },
        RULES.eliminated,
      );
    if (player.pausedRound === this.rs.round)
      this.refuse(
        'paused',
        {
          en: `${name.en} has paused this round`,
          ru: `${name.ru} в этом раунде на паузе`,
        },
        RULES.pause,
      );
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

/** GalaxyLeagueDraft.reservedCredits, from the state and options alone. */
export function reservedCreditsOf(
  rs: Pick<GalaxyLeagueState, 'battles'>,
  options: Pick<GalaxyLeagueOptions, 'colonisationFunds'>,
  seat: string,
): number {
  if (options.colonisationFunds !== 'at-declaration') return 0;
  let reserved = 0;
  for (const battle of Object.values(rs.battles)) {
    if (battle.kind !== 'colonisation') continue;
    const costs = battle.attackers.filter((a) => a.seat === seat).map((a) => a.cost ?? 0);
    reserved += Math.max(0, ...costs);
  }
  return reserved;
}

/** «100 ИК в раунд – … из 2 игроков», 250 for 3, 500 for 4 (and, by option, above). */
export interface DuesCharge {
  seat: string;
  amount: number;
}

/**
 * Each member's part of the dues: the split every member proposed alike, else even (the
 * remainder from the first members in seat order); under «per-member» each pays the figure.
 */
export function duesChargesOf(
  rs: Pick<GalaxyLeagueState, 'order'>,
  options: Pick<GalaxyLeagueOptions, 'allianceDuesBasis'>,
  alliance: Pick<LeagueAlliance, 'members' | 'splits'>,
): DuesCharge[] {
  const members = rs.order.filter((s) => alliance.members.includes(s));
  const dues = duesOf(members.length);
  if (options.allianceDuesBasis === 'per-member')
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

export function duesOf(members: number): number {
  return members <= 2 ? 100 : members === 3 ? 250 : 500;
}

/** «в бою за столицу все вражеские корабли получают дополнительный боевой штраф -10 очков». */
export const CAPITAL_PENALTY = -10;
/** «меньше 25 итоговых очков – он получает 25 ИК». */
export const LOSER_MINIMUM = 25;

export const galaxyLeagueDecision = decisionsOn<GalaxyLeagueState, GalaxyLeagueDraft>(
  (ctx) => new GalaxyLeagueDraft(ctx),
);
