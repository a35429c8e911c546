import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import {
  revealsOf,
  revealsSummary,
  type VoidedBranchReveals,
} from '../../domain/match/fair-rewind';
import type { RewindCards, RulingIssuedData } from '../../domain/match/match-events';
import { viewTable, type TableView } from '../../domain/match/match-view';
import type { NewEvent } from '../../domain/events/recorded-event';
import type { DeckShuffledData } from '../../domain/table/table-events';
import type { LocalizedText } from '../../domain/shared/localized-text';
import { recordEvents } from '../../domain/match/record-events';
import { deriveMatch, tableOfMatch } from '../../domain/match/score-series';
import { isRejection } from '../../domain/rulesets/rule-violation';
import type { Derived } from '../../domain/rulesets/ruleset';
import type { Principal } from '../auth/principal';
import { RejectedError } from '../errors';
import { actorOf } from '../matches/commands/record-match-events';
import { HiddenInformationAudit } from '../matches/hidden-information-audit';
import { resolveMatchView } from '../matches/match-access';
import { MatchRecorder } from '../matches/match-recorder';
import { applyOrRefuse } from '../matches/match-repository';
import { withholdingReason, type PreviewEvent } from '../matches/queries/dry-run-decision.query';
import { freshIdsFor } from '../matches/recorded-event.mapping';
import { SeedVault } from '../matches/seed-vault';
import { RNG, type Rng } from '../ports/rng.port';
import {
  appealDecider,
  appealRewindTarget,
  requireAppealJudge,
  type AppealDecisionInput,
} from './decide-appeal.command';
import {
  requireRulingJudge,
  rewindTargetOf,
  rulingDecider,
  type RulingInput,
} from './issue-ruling.command';

export interface RulingPreview {
  matchId: string;
  disputeId: string;
  /** The head the ruling was tried on. */
  seq: number;
  /** Always true: a refused ruling answers the problem issuing it would. */
  accepted: true;
  /** The seq the table below is after: the head plus the events the ruling would record. */
  resultSeq: number;
  /** The events the ruling would record (RulingIssued first; AppealDecided before it), unless withheld. */
  events?: PreviewEvent[];
  /** The table the ruling would leave, unless withheld. */
  table?: TableView;
  derived?: Derived;
  /** Why the outcome is not shown: corrective decisions that roll server dice, draw or shuffle. */
  withheld?: string;
  /** For a rewind: what the branch it voids revealed, and what the ruling does with those cards. */
  voidedBranch?: VoidedBranchPreview;
}

export interface VoidedBranchPreview extends VoidedBranchReveals {
  /** The judge's choice for the revealed cards, as the ruling would record it. */
  cards: RewindCards['order'];
  /** The decks the ruling's write would shuffle again (their new order is not shown). */
  reshuffled: string[];
  /** The same, as the judge reads it. */
  summary: LocalizedText;
}

export class PreviewRulingQuery extends Query<RulingPreview> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
    readonly disputeId: string,
    /** A ruling, or the head judge's answer to its appeal (its new ruling when it overturns). */
    readonly input: { ruling: RulingInput } | { appeal: AppealDecisionInput },
  ) {
    super();
  }
}

/**
 * What a ruling would record and the table it would leave, without recording it: the same
 * access checks and the same decision as IssueRulingHandler (rulingDecider, with the rewind's
 * inputs read as issuing reads them), its events applied to a copy of the match. Nothing is
 * appended. An appeal's answer is previewed the same way, with the same checks and decision
 * as DecideAppealHandler. Corrective decisions that roll server dice, draw or shuffle are checked but their
 * outcome withheld: a judge must not choose a ruling by the dice it would roll. A judge's
 * look at the resulting table of a live match is audited as a read of its state.
 */
@QueryHandler(PreviewRulingQuery)
export class PreviewRulingHandler implements IQueryHandler<PreviewRulingQuery, RulingPreview> {
  constructor(
    private readonly recorder: MatchRecorder,
    private readonly seeds: SeedVault,
    private readonly audit: HiddenInformationAudit,
    @Inject(RNG) private readonly rng: Rng,
  ) {}

  async execute({
    principal,
    matchId,
    disputeId,
    input,
  }: PreviewRulingQuery): Promise<RulingPreview> {
    const current = await this.recorder.current(matchId);
    const seed = await this.seeds.seedOf(matchId);
    let decide: ReturnType<typeof rulingDecider>;
    let target: number | undefined;
    if ('appeal' in input) {
      requireAppealJudge(principal, current, disputeId);
      decide = appealDecider(disputeId, input.appeal, seed, this.rng);
      target = appealRewindTarget(input.appeal);
    } else {
      requireRulingJudge(principal, current, disputeId);
      decide = rulingDecider(disputeId, input.ruling, seed, this.rng);
      target = rewindTargetOf(input.ruling);
    }
    const ruleset = this.recorder.rulesetOf(current);
    const inputs = await this.recorder.rewindInputs(current, target);
    const decided = decide(inputs)(current, ruleset);
    if (isRejection(decided)) throw new RejectedError(decided);

    const copy = structuredClone(current);
    const recorded = recordEvents(copy, decided, {
      actor: actorOf(principal),
      // Not recorded: the time is never read by the fold.
      recordedAt: new Date(0).toISOString(),
      ...freshIdsFor(this.rng, decided),
      ruleset: { id: ruleset.id, version: ruleset.version },
    });
    applyOrRefuse(ruleset, copy, recorded, 'ruling');

    const base = {
      matchId,
      disputeId,
      seq: current.lastSeq,
      accepted: true as const,
      resultSeq: copy.lastSeq,
    };
    const view = resolveMatchView(principal, current);
    const reshuffles = rewindReshuffles(decided);
    const voidedBranch = inputs.since && voidedBranchOf(current, decided, inputs.since, reshuffles);
    const withheld = withholdingReason(
      decided.filter((event) => !reshuffles.includes(event)),
      () => true,
    );
    if (withheld) return { ...base, withheld, ...(voidedBranch ? { voidedBranch } : {}) };
    await this.audit.viewed(principal, current, view, { scope: 'state', atSeq: current.lastSeq });
    const table = viewTable(tableOfMatch(ruleset, copy), view.viewer, view.everything);
    // The new orders stay unknown until dealt from: a judge must not rule by them.
    for (const shuffle of reshuffles) {
      const deck = table.decks[(shuffle.data as DeckShuffledData).deck];
      if (deck) delete deck.order;
    }
    return {
      ...base,
      events: decided.map((event) => ({
        type: event.type,
        visibility: event.visibility ?? 'public',
        data: reshuffles.includes(event) ? withoutSecret(event.data) : event.data,
      })),
      table,
      derived: deriveMatch(ruleset, copy),
      ...(voidedBranch ? { voidedBranch } : {}),
    };
  }
}

/** The shuffles a rewind ruling records after its TimelineRewound (fair-rewind.ts). */
function rewindReshuffles(decided: NewEvent[]): NewEvent[] {
  const rewound = decided.findIndex((event) => event.type === 'TimelineRewound');
  if (rewound < 0) return [];
  return decided.slice(rewound + 1).filter((event) => event.type === 'DeckShuffled');
}

function voidedBranchOf(
  current: Parameters<typeof revealsSummary>[0],
  decided: NewEvent[],
  since: Parameters<typeof revealsOf>[0],
  reshuffles: NewEvent[],
): VoidedBranchPreview | undefined {
  // The ruling leads a ruling's events; an appeal's answer records its AppealDecided first.
  const ruling = decided.find((event) => event.type === 'RulingIssued');
  const remedy = (ruling?.data as RulingIssuedData | undefined)?.remedy;
  if (remedy?.kind !== 'rewind' || !remedy.cards) return undefined;
  const reveals = revealsOf(since);
  return {
    ...reveals,
    cards: remedy.cards.order,
    reshuffled: reshuffles.map((event) => (event.data as DeckShuffledData).deck),
    summary: revealsSummary(current, reveals, remedy.cards),
  };
}

function withoutSecret(data: unknown): unknown {
  const { secret: _secret, ...rest } = data as DeckShuffledData;
  return rest;
}
