import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Principal } from '../../auth/principal';
import { ForbiddenError } from '../../errors';
import { legalDecisions, type LegalDecision } from '../../../domain/match/legal-decision-offers';
import { seatOf } from '../match-access';
import { MatchRepository } from '../match-repository';
import { SeedVault } from '../seed-vault';

export interface LegalDecisionsView {
  matchId: string;
  seat: string;
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
  ) {}

  async execute({ principal, matchId }: GetLegalDecisionsQuery): Promise<LegalDecisionsView> {
    const state = await this.matches.current(matchId);
    const seat = seatOf(principal, state);
    if (!seat)
      throw new ForbiddenError('Legal decisions are asked with a seat token of this match');
    const base = { matchId, seat, seq: state.lastSeq };
    if (state.status !== 'started')
      return { ...base, kinds: [], reason: `The match is ${state.status}` };
    const ruleset = this.matches.rulesetOf(state);
    const seed = await this.seeds.seedOf(matchId);
    return { ...base, kinds: legalDecisions(ruleset, state, seat, seed) };
  }
}
