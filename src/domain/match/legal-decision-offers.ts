import type { LocalizedText } from '../shared/localized-text';
import { canonicalJson } from '../events/canonical-json';
import { own } from '../shared/id-record';
import { isRejection } from '../rulesets/rule-violation';
import type { Ruleset } from '../rulesets/ruleset';
import {
  availabilityContext,
  judgeRecords,
  legalDecisionKinds,
  type DecidedBy,
} from './legal-decisions';
import { decideDecision } from './match-decider';
import { fieldChoicesNow } from './field-choices';
import type { MatchState } from './match-state';

/** Accepted examples listed per kind: the first found, enough for a page to offer. */
export const EXAMPLES_LISTED = 3;
/** Candidates tried per kind, so a large table answers in bounded time. */
const CANDIDATES_TRIED = 300;

export interface LegalDecision {
  kind: string;
  summary: LocalizedText;
  /** Params with which the decision would be accepted now (see `wouldAccept`). */
  examples: object[];
  /** Made as a seal first (a simultaneous hidden choice), revealed later. */
  sealed?: true;
  /** The ruleset gives its fields' choices (POST legal-decisions/choices): offer only those. */
  choices?: true;
  /** A correction of the table, not a move of the game (`DecisionSpec.adjustment`). */
  adjustment?: true;
}

/**
 * The decisions `seat` may make now (`legalDecisionKinds`), each with params it would be
 * accepted with now: tried from the ruleset's `examples(ctx)` (or its static `example`) by
 * the decider itself, so a listed example is one the decision accepts. A kind whose ruleset
 * gives `examples` but no `available` is offered only when one of them is accepted: its
 * candidates are its availability. Asked for a judge (`by`), the kinds a judge records on the
 * seat's behalf, tried as the judge would record them.
 */
export function legalDecisions<RS>(
  ruleset: Ruleset<RS>,
  state: MatchState<RS>,
  seat: string,
  seed: Uint8Array,
  by: DecidedBy = 'seat',
  verdicts: DecisionVerdicts = new Map(),
): LegalDecision[] {
  const offers = legalDecisionKinds(ruleset, state, seat, by).map(({ kind, summary }) =>
    offerOf(ruleset, state, seat, kind, summary, seed, by, {
      accepts: acceptsNow(ruleset, state, seat, kind, seed, by, verdicts),
    }),
  );
  return offers.filter((offer): offer is LegalDecision => offer !== undefined);
}

/** How an offer is built: how many examples are wanted, and the decider's verdicts to ask. */
export interface OfferAsk {
  /** Examples wanted (EXAMPLES_LISTED): 1 when only whether the kind is offered matters. */
  examples?: number;
  /** The verdicts on this kind's params (`acceptsNow`), shared with the caller's next probes. */
  accepts?: (params: Record<string, unknown>) => boolean;
}

/**
 * One kind the turn and phase allow (`legalDecisionKinds`) as offered, with its examples; or
 * undefined when its candidates are its availability and none is accepted.
 */
export function offerOf<RS>(
  ruleset: Ruleset<RS>,
  state: MatchState<RS>,
  seat: string,
  kind: string,
  summary: LocalizedText,
  seed: Uint8Array,
  by: DecidedBy = 'seat',
  {
    examples: wanted = EXAMPLES_LISTED,
    accepts = acceptsNow(ruleset, state, seat, kind, seed, by),
  }: OfferAsk = {},
): LegalDecision | undefined {
  const spec = ruleset.decisions[kind];
  const ctx = availabilityContext(state, seat);
  const candidates: object[] =
    spec.examples?.(ctx) ?? (spec.example !== undefined ? [spec.example] : [{}]);
  const examples: object[] = [];
  for (const params of candidates.slice(0, CANDIDATES_TRIED)) {
    if (examples.length >= wanted) break;
    if (accepts(params as Record<string, unknown>)) examples.push(params);
  }
  const offered =
    examples.length > 0 ||
    ((!spec.examples || spec.available !== undefined) &&
      (!spec.choices || choicesOffered(spec, ctx, accepts)));
  const offer: LegalDecision = {
    kind,
    summary,
    examples,
    ...(spec.sealing === 'required' ? { sealed: true as const } : {}),
    ...(spec.choices ? { choices: true as const } : {}),
    ...(spec.adjustment ? { adjustment: true as const } : {}),
  };
  return offered ? offer : undefined;
}

/**
 * Whether a kind's field choices offer something for each field now (asked only when no
 * example of it is accepted): a kind whose choices are empty is not offered (issue 39). One
 * value a field keeps is enough to say so: the search stops there.
 */
function choicesOffered<RS>(
  spec: Ruleset<RS>['decisions'][string],
  ctx: ReturnType<typeof availabilityContext<RS>>,
  accepts: (params: Record<string, unknown>) => boolean,
): boolean {
  const fields = fieldChoicesNow(spec, ctx, {}, accepts, { firstOnly: true });
  return fields !== undefined && fields.every((f) => f.values.length > 0);
}

/**
 * The decider's verdicts for one seat at one seq (as the seat, or as its judge records), by
 * kind and params: one ask tries the same params more than once (a candidate, then a
 * choice's completion), and the page asks again at the same seq (the offers, then a kind's
 * choices as each field is chosen). Whoever keeps one between asks starts a new one when the
 * seq, the seat or `by` changes.
 */
export type DecisionVerdicts = Map<string, boolean>;

/** Verdicts kept per seat and seq at most: past them, params are decided each time. */
const VERDICTS_KEPT = 5_000;

/** `wouldAccept` for one kind and seat, each params decided once while `verdicts` is kept. */
export function acceptsNow<RS>(
  ruleset: Ruleset<RS>,
  state: MatchState<RS>,
  seat: string,
  kind: string,
  seed: Uint8Array,
  by: DecidedBy = 'seat',
  verdicts: DecisionVerdicts = new Map(),
): (params: Record<string, unknown>) => boolean {
  return (params) => {
    // The same params reached another way (a completion, not a candidate) has its keys in
    // another order; params JSON cannot hold are decided each time.
    let key: string;
    try {
      key = `${kind}\n${canonicalJson(params)}`;
    } catch {
      return wouldAccept(ruleset, state, seat, kind, params, seed, by);
    }
    let verdict = verdicts.get(key);
    if (verdict === undefined) {
      verdict = wouldAccept(ruleset, state, seat, kind, params, seed, by);
      if (verdicts.size < VERDICTS_KEPT) verdicts.set(key, verdict);
    }
    return verdict;
  };
}

/**
 * Whether the decider would accept the decision now. A kind only accepted sealed is tried as
 * its reveal would be decided (as recorded for the seat by a judge, which skips the seal):
 * its params accepted, and no seal voided by them. Asked for a judge (directly, or a ruling's
 * corrective decision), every kind is tried as the judge records it.
 */
export function wouldAccept<RS>(
  ruleset: Ruleset<RS>,
  state: MatchState<RS>,
  seat: string,
  kind: string,
  params: unknown,
  seed: Uint8Array,
  by: DecidedBy = 'seat',
): boolean {
  const sealed = own(ruleset.decisions, kind)?.sealing === 'required';
  const judgeRecorded = sealed || judgeRecords(by);
  const decided = decideDecision(
    ruleset,
    state,
    { decisionId: 'legal-decisions-probe', kind, seat, params, judgeRecorded },
    seed,
  );
  return !isRejection(decided) && !decided.some((e) => e.type === 'SealVoided');
}
