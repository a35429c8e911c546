import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import {
  effectiveSeqOf,
  markOf,
  rewindsWithin,
  type LineChoice,
  type VoidedMark,
} from '../../../domain/match/line';
import { voidingOf } from '../../../domain/match/match-state';
import { viewTable, type TableView } from '../../../domain/match/match-view';
import { deriveMatch, tableOfMatch } from '../../../domain/match/score-series';
import { ruCount } from '../../../domain/shared/localized-text';
import type { Derived } from '../../../domain/rulesets/ruleset';
import type { Principal } from '../../auth/principal';
import { BadRequestError, ForbiddenError } from '../../errors';
import { HiddenInformationAudit } from '../hidden-information-audit';
import { resolveMatchView } from '../match-access';
import { MatchRepository, type StateReadOptions } from '../match-repository';

export interface StateView {
  matchId: string;
  /** The seq this table is the state after (the one asked for). */
  seq: number;
  line: LineChoice;
  /**
   * On the effective line, when a rewind took `seq` back: the seq of the effective line
   * whose table is shown (the rewind's toSeq).
   */
  effectiveSeq?: number;
  /** The rewind that took `seq` back, if one did. */
  voidedBy?: VoidedMark;
  /** The last seq the caller may see (a spectator of a live match lags behind the head). */
  lastSeq: number;
  status: string;
  ruleset: { id: string; version: string };
  table: TableView;
  derived: Derived;
}

export class GetStateQuery extends Query<StateView> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
    readonly at?: number,
    readonly line: LineChoice = 'effective',
    readonly read: StateReadOptions = {},
  ) {
    super();
  }
}

/**
 * The table after a seq. With line=all it is the fold of the log up to that seq, the branch
 * as it was played; on the effective line (the default) a seq taken back by a rewind shows
 * the table the rewind returned to. A judge's read of a live match is audited first.
 */
@QueryHandler(GetStateQuery)
export class GetStateHandler implements IQueryHandler<GetStateQuery, StateView> {
  constructor(
    private readonly matches: MatchRepository,
    private readonly audit: HiddenInformationAudit,
  ) {}

  async execute({ principal, matchId, at, line, read }: GetStateQuery): Promise<StateView> {
    const current = await this.matches.current(matchId, read);
    const view = resolveMatchView(principal, current);
    // A spectator learns nothing past the horizon, not even where the head is.
    if (at !== undefined && at > view.horizon && view.delayed) {
      throw new ForbiddenError({
        en: `Spectators see this live match up to seq ${view.horizon} (a delay of ${current.spectatorDelay} decisions)`,
        ru: `Зрители видят идущий матч до события №${view.horizon} (с задержкой на ${ruCount(current.spectatorDelay, 'решение', 'решения', 'решений')})`,
      });
    }
    if (at !== undefined && at > current.lastSeq) {
      throw new BadRequestError(
        {
          en: `at=${at} is beyond the last seq of match ${matchId} (${current.lastSeq})`,
          ru: `События №${at} в матче ещё нет: последнее — №${current.lastSeq}`,
        },
        'seq-out-of-range',
      );
    }
    const seq = at ?? view.horizon;
    const rewinds = rewindsWithin(current, view.horizon);
    const voiding = voidingOf(rewinds, seq);
    const shownSeq = line === 'effective' ? effectiveSeqOf(rewinds, seq) : seq;
    const state =
      shownSeq >= current.lastSeq ? current : await this.matches.stateAt(matchId, shownSeq, read);
    await this.audit.viewed(principal, current, view, { scope: 'state', atSeq: shownSeq });
    const ruleset = this.matches.rulesetOf(state);
    return {
      matchId,
      seq: at === undefined ? state.lastSeq : seq,
      line,
      ...(shownSeq === seq ? {} : { effectiveSeq: shownSeq }),
      ...(voiding ? { voidedBy: markOf(voiding) } : {}),
      lastSeq: view.horizon,
      status: state.status,
      ruleset: state.ruleset,
      table: viewTable(tableOfMatch(ruleset, state), view.viewer, view.everything),
      derived: deriveMatch(ruleset, state),
    };
  }
}
