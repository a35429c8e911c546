import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Principal } from '../../auth/principal';
import { ForbiddenError } from '../../errors';
import { seatOf } from '../match-access';
import { MatchRepository } from '../match-repository';

export interface LegalDecisionsView {
  matchId: string;
  seat: string;
  seq: number;
  /** Decision kinds the seat may make now, as far as turn and phase tell; each still checks its own rules. */
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
    const { turn } = state.table;
    const kinds = Object.entries(this.matches.rulesetOf(state).decisions)
      .filter(
        ([, spec]) => spec.turn === 'any' || turn.active.length === 0 || turn.active.includes(seat),
      )
      .filter(([, spec]) => !spec.phases || spec.phases.includes(turn.phase ?? ''))
      .map(([kind, spec]) => ({ kind, summary: spec.summary }));
    return { ...base, kinds };
  }
}
