import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Principal } from '../../auth/principal';
import { BadRequestError, ForbiddenError } from '../../errors';
import { legalDecisions, type LegalDecision } from '../../../domain/match/legal-decision-offers';
import type { DecidedBy } from '../../../domain/match/legal-decisions';
import type { MatchState } from '../../../domain/match/match-state';
import { judgesMatch, seatOf } from '../match-access';
import { MatchRepository } from '../match-repository';
import { DecisionVerdictCache } from '../decision-verdicts';
import { SeedVault } from '../seed-vault';

export interface LegalDecisionsView {
  matchId: string;
  seat: string;
  /**
   * The seat's own decisions; those a judge of the match records on its behalf; or the seat's
   * own decisions as a judge would choose them for a ruling's corrective remedy.
   */
  by: DecidedBy;
  seq: number;
  /**
   * Decision kinds the seat may make now (turn and phase allow them, and the ruleset's
   * `available` where it has one), each with params it would be accepted with now.
   */
  kinds: LegalDecision[];
  reason?: string;
}

export class GetLegalDecisionsQuery extends Query<LegalDecisionsView> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
    /** The seat asked about: a judge's must name it; a seat token's is its own. */
    readonly seat?: string,
    /** A judge asks for a ruling's corrective decision of the seat (`for=corrective`). */
    readonly corrective = false,
  ) {
    super();
  }
}

@QueryHandler(GetLegalDecisionsQuery)
export class GetLegalDecisionsHandler implements IQueryHandler<
  GetLegalDecisionsQuery,
  LegalDecisionsView
> {
  constructor(
    private readonly matches: MatchRepository,
    private readonly seeds: SeedVault,
    private readonly verdicts: DecisionVerdictCache,
  ) {}

  async execute({
    principal,
    matchId,
    seat: asked,
    corrective,
  }: GetLegalDecisionsQuery): Promise<LegalDecisionsView> {
    const state = await this.matches.current(matchId);
    const by = decidedBy(principal, state, corrective);
    const seat = by === 'seat' ? ownSeat(principal, state, asked) : judgedSeat(state, asked);
    const base = { matchId, seat, by, seq: state.lastSeq };
    if (state.status !== 'started')
      return { ...base, kinds: [], reason: `The match is ${state.status}` };
    // A seat decides nothing while a judge has the match paused (its judge still may).
    if (state.paused && by === 'seat')
      return { ...base, kinds: [], reason: 'The match is paused by a judge' };
    const ruleset = this.matches.rulesetOf(state);
    const seed = await this.seeds.seedOf(matchId);
    const verdicts = this.verdicts.of(matchId, state.lastSeq, seat, by);
    return { ...base, kinds: legalDecisions(ruleset, state, seat, seed, by, verdicts) };
  }
}

/**
 * Who the decisions are asked for: a judge of the match records them (its corrective
 * decisions when `corrective`), anyone else asks as a seat. Corrective decisions are a
 * judge's to choose.
 */
export function decidedBy(principal: Principal, state: MatchState, corrective: boolean): DecidedBy {
  const judge = judgesMatch(principal, state);
  if (corrective && !judge)
    throw new ForbiddenError({
      en: 'Corrective decisions are chosen by a judge of the match, for a ruling (for=corrective)',
      ru: 'Исправляющие решения выбирает судья этого матча, когда выносит решение по спору',
    });
  return corrective ? 'corrective' : judge ? 'judge' : 'seat';
}

/** The seat a judge asks about: named, and a seat of the match. */
export function judgedSeat(state: MatchState, asked: string | undefined): string {
  if (asked === undefined || !state.seats.some((s) => s.seat === asked))
    throw new BadRequestError(
      asked === undefined
        ? {
            en: 'A judge names the seat the decisions would be recorded for (seat)',
            ru: 'Судья указывает место, за которое записывались бы решения',
          }
        : {
            en: `Seat ${asked} is not a seat of match ${state.matchId}`,
            ru: `В этом матче нет места «${asked}»`,
          },
      'invalid-seat',
    );
  return asked;
}

/** A seat token's own seat; naming another is forbidden. */
export function ownSeat(
  principal: Principal,
  state: MatchState,
  asked: string | undefined,
): string {
  const seat = seatOf(principal, state);
  if (!seat)
    throw new ForbiddenError({
      en: 'Legal decisions are asked with a seat token of this match, or a judge token of it naming the seat',
      ru: 'Допустимые решения спрашивают по ссылке игрока этого матча или с токеном его судьи, указав место',
    });
  if (asked !== undefined && asked !== seat)
    throw new ForbiddenError({
      en: `A seat token asks for its own seat (${seat}), not ${asked}`,
      ru: 'По ссылке игрока спрашивают только о своём месте',
    });
  return seat;
}
