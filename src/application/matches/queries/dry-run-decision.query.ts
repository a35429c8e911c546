import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { NewEvent, Visibility } from '../../../domain/events/recorded-event';
import { decideDecision } from '../../../domain/match/match-decider';
import type { DiceRolledData } from '../../../domain/match/match-events';
import type { MatchState } from '../../../domain/match/match-state';
import { canSeeVisibility } from '../../../domain/match/match-view';
import { recordEvents } from '../../../domain/match/record-events';
import { isRejection } from '../../../domain/rulesets/rule-violation';
import type { Ruleset } from '../../../domain/rulesets/ruleset';
import { requireSeat } from '../../auth/access';
import type { Principal } from '../../auth/principal';
import { RejectedError, StaleRevisionError } from '../../errors';
import { RNG, type Rng } from '../../ports/rng.port';
import { actorOf } from '../commands/record-match-events';
import { resolveMatchView } from '../match-access';
import { CitedMatches } from '../cited-matches';
import { applyOrRefuse, MatchRepository } from '../match-repository';
import { freshIdsFor } from '../recorded-event.mapping';
import { SeedVault } from '../seed-vault';

export interface DryRunInput {
  kind: string;
  params?: unknown;
  seat?: string;
  expectedSeq?: number;
}

/** One event a decision would record, as its seat would see it. */
export interface PreviewEvent {
  type: string;
  visibility: Visibility;
  data: unknown;
}

export interface DryRunView {
  matchId: string;
  /** The head the decision was tried on. */
  seq: number;
  kind: string;
  /** Always true: a refused decision answers the problem the decision itself would. */
  accepted: true;
  /** The events the decision would record, unless its outcome is withheld. */
  events?: PreviewEvent[];
  /** Why the events are not shown: they depend on dice, cards or what the seat may not see. */
  withheld?: string;
}

export class DryRunDecisionQuery extends Query<DryRunView> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
    readonly input: DryRunInput,
  ) {
    super();
  }
}

/**
 * What a decision would record, without recording it: the same checks as the decision
 * (params, turn, rules, and that the fold can apply its events), on the head of the match.
 *
 * An accepted decision shows its events only when trying it tells the seat nothing it would
 * not learn by making it. A server roll, a draw or a shuffle (a die's faces or a card known
 * before committing to the decision), or an event hidden from the seat (an outcome that
 * depends on what the seat may not see) withholds them all. A refusal tells nothing new: the
 * decision itself answers the same refusal and records nothing.
 */
@QueryHandler(DryRunDecisionQuery)
export class DryRunDecisionHandler implements IQueryHandler<DryRunDecisionQuery, DryRunView> {
  constructor(
    private readonly matches: MatchRepository,
    private readonly seeds: SeedVault,
    private readonly citations: CitedMatches,
    @Inject(RNG) private readonly rng: Rng,
  ) {}

  async execute({ principal, matchId, input }: DryRunDecisionQuery): Promise<DryRunView> {
    const state = await this.matches.current(matchId);
    const seat = requireSeat(principal, matchId, input.seat);
    const ruleset = this.matches.rulesetOf(state);
    const decided = decideDecision(
      ruleset,
      state,
      { decisionId: this.rng.uuid(), kind: input.kind, seat, params: input.params ?? {} },
      await this.seeds.seedOf(matchId),
      await this.citations.citedBy(ruleset, matchId, input.kind, input.params),
    );
    if (isRejection(decided)) throw new RejectedError(decided);
    // In the order the decision checks: a refusal first, then a stale head.
    if (input.expectedSeq !== undefined && input.expectedSeq !== state.lastSeq)
      throw new StaleRevisionError(input.expectedSeq, state.lastSeq);
    this.checkApplicable(state, ruleset, decided, input.kind, principal, seat);

    const base = { matchId, seq: state.lastSeq, kind: input.kind, accepted: true as const };
    const { viewer, everything } = resolveMatchView(principal, state);
    const withheld = withholdingReason(decided, (visibility) =>
      canSeeVisibility(visibility, viewer, everything),
    );
    if (withheld) return { ...base, withheld };
    return {
      ...base,
      events: decided.map((event) => ({
        type: event.type,
        visibility: event.visibility ?? 'public',
        data: event.data,
      })),
    };
  }

  /** The fold must apply the events, as before an append: tried on a copy of the match. */
  private checkApplicable(
    state: MatchState,
    ruleset: Ruleset,
    events: NewEvent[],
    kind: string,
    principal: Principal,
    seat: string,
  ): void {
    const copy = structuredClone(state);
    const recorded = recordEvents(copy, events, {
      actor: actorOf(principal, seat),
      // Not recorded: the time is never read by the fold.
      recordedAt: new Date(0).toISOString(),
      ...freshIdsFor(this.rng, events),
      ruleset: { id: ruleset.id, version: ruleset.version },
    });
    applyOrRefuse(ruleset, copy, recorded, kind);
  }
}

/** Event types whose data is chance: knowing it before deciding is knowing the future. */
const CHANCE_EVENTS = new Set(['CardsDrawn', 'DeckShuffled']);

export function withholdingReason(
  events: NewEvent[],
  visible: (visibility: Visibility) => boolean,
): string | undefined {
  for (const event of events) {
    if (event.type === 'DiceRolled' && (event.data as DiceRolledData).source !== 'reported')
      return 'The decision rolls server dice: their faces are known only once it is recorded';
    if (CHANCE_EVENTS.has(event.type))
      return 'The decision draws or shuffles cards: they are known only once it is recorded';
    if (!visible(event.visibility ?? 'public'))
      return 'The decision records events hidden from this seat: its outcome is known only once it is recorded';
  }
  return undefined;
}
