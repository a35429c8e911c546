import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Principal } from '../../auth/principal';
import { ForbiddenError } from '../../errors';
import { legalDecisionKinds } from '../../../domain/match/legal-decisions';
import { seatOf } from '../match-access';
import { MatchRepository } from '../match-repository';

export interface LegalDecisionsView {
  matchId: string;
  seat: string;
  seq: number;
  /** Decision kinds the seat may make now: turn and phase allow them, and the ruleset's `available` where it has one. */
  kinds: { kind: string; summary: { en: string; ru: string } }[];
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
  constructor(private readonly matches: MatchRepository) {}

  async execute({ principal, matchId }: GetLegalDecisionsQuery): Promise<LegalDecisionsView> {
    const state = await this.matches.current(matchId);
    const seat = seatOf(principal, state);
    if (!seat)
      throw new ForbiddenError('Legal decisions are asked with a seat token of this match');
    const base = { matchId, seat, seq: state.lastSeq };
    if (state.status !== 'started')
      return { ...base, kinds: [], reason: `The match is ${state.status}` };
    return { ...base, kinds: legalDecisionKinds(this.matches.rulesetOf(state), state, seat) };
  }
}
