import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { BoardLayout } from '../../../domain/rulesets/ruleset';
import type { Principal } from '../../auth/principal';
import { resolveMatchView } from '../match-access';
import { MatchRepository } from '../match-repository';

export interface MatchLayout {
  matchId: string;
  ruleset: { id: string; version: string };
  layout: BoardLayout;
}

export class GetLayoutQuery extends Query<MatchLayout> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
  ) {
    super();
  }
}

/**
 * The ruleset's board layout for the match's setup, at the caller's horizon. A layout places
 * zones and never names a hidden member: no audit.
 */
@QueryHandler(GetLayoutQuery)
export class GetLayoutHandler implements IQueryHandler<GetLayoutQuery, MatchLayout> {
  constructor(private readonly matches: MatchRepository) {}

  async execute({ principal, matchId }: GetLayoutQuery): Promise<MatchLayout> {
    const current = await this.matches.current(matchId);
    const view = resolveMatchView(principal, current);
    const state = await this.matches.stateAt(matchId, view.horizon);
    const ruleset = this.matches.rulesetOf(state);
    const layout = attempt(() => ruleset.layout?.(state.table, state.setup)) ?? { kind: 'areas' };
    return { matchId, ruleset: state.ruleset, layout };
  }
}

/** A ruleset hook that throws must not take the viewer down: the generic fallback is used. */
function attempt<T>(hook: () => T | undefined): T | undefined {
  try {
    return hook();
  } catch {
    return undefined;
  }
}
