import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Principal } from '../../auth/principal';
import { StaleRevisionError } from '../../errors';
import { decisionChoices } from '../../../domain/match/decision-choices';
import type { DecidedBy } from '../../../domain/match/legal-decisions';
import type { FieldChoices } from '../../../domain/rulesets/decision-choices';
import { MatchRepository } from '../match-repository';
import { DecisionVerdictCache } from '../decision-verdicts';
import { SeedVault } from '../seed-vault';
import { decidedBy, judgedSeat, ownSeat } from './get-legal-decisions.query';

export interface DecisionChoicesInput {
  kind: string;
  /** The params chosen so far (a ship): the choices of the fields after it follow from them. */
  params?: Record<string, unknown>;
  seat?: string;
  /** The seq the page shows: a page behind the head is told so (409) and refreshes. */
  expectedSeq?: number;
  /** A judge asks for a ruling's corrective decision of `seat`. */
  for?: 'corrective';
}

export interface DecisionChoicesView {
  matchId: string;
  seat: string;
  by: DecidedBy;
  seq: number;
  kind: string;
  /** The kind is offered now and its ruleset gives its fields' choices. */
  offered: boolean;
  fields: FieldChoices[];
}

export class GetDecisionChoicesQuery extends Query<DecisionChoicesView> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
    readonly input: DecisionChoicesInput,
  ) {
    super();
  }
}

/** The field choices of one decision kind for a seat, given the params chosen so far. */
@QueryHandler(GetDecisionChoicesQuery)
export class GetDecisionChoicesHandler implements IQueryHandler<
  GetDecisionChoicesQuery,
  DecisionChoicesView
> {
  constructor(
    private readonly matches: MatchRepository,
    private readonly seeds: SeedVault,
    private readonly verdicts: DecisionVerdictCache,
  ) {}

  async execute({
    principal,
    matchId,
    input,
  }: GetDecisionChoicesQuery): Promise<DecisionChoicesView> {
    const state = await this.matches.current(matchId);
    const by = decidedBy(principal, state, input.for === 'corrective');
    const seat =
      by === 'seat' ? ownSeat(principal, state, input.seat) : judgedSeat(state, input.seat);
    if (input.expectedSeq !== undefined && input.expectedSeq !== state.lastSeq)
      throw new StaleRevisionError(input.expectedSeq, state.lastSeq);
    const fields =
      state.status === 'started'
        ? decisionChoices(
            this.matches.rulesetOf(state),
            state,
            seat,
            input.kind,
            input.params ?? {},
            await this.seeds.seedOf(matchId),
            by,
            this.verdicts.of(matchId, state.lastSeq, seat, by),
          )
        : undefined;
    return {
      matchId,
      seat,
      by,
      seq: state.lastSeq,
      kind: input.kind,
      offered: fields !== undefined,
      fields: fields ?? [],
    };
  }
}
