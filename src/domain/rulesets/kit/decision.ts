import type { NewEvent } from '../../events/recorded-event';
import { own } from '../../shared/id-record';
import {
  decisionSpec,
  type AvailabilityContext,
  type DecisionContext,
  type DecisionSpec,
} from '../ruleset';

/** A decision written on a draft: it emits onto the draft, or refuses (`refuse`). */
export type KitDecisionSpec<RS, D, P extends object> = Omit<DecisionSpec<RS, P>, 'decide'> & {
  decide(draft: D, params: P): void;
};

/**
 * Binds a game's draft to its decisions: `const decision = decisionsOn((ctx) => new MyDraft(ctx))`,
 * then each decision is `decision({ summary, params, turn, decide(d, params) { … } })`. The
 * decision records what it emitted on the draft; a refusal anywhere inside records nothing.
 */
export function decisionsOn<RS, D extends { readonly events: readonly NewEvent[] }>(
  makeDraft: (ctx: DecisionContext<RS>) => D,
) {
  return function decision<P extends object>(
    spec: KitDecisionSpec<RS, D, P>,
  ): DecisionSpec<RS, never> {
    const { decide, ...rest } = spec;
    return decisionSpec<RS, P>({
      ...rest,
      decide(ctx, params) {
        const draft = makeDraft(ctx);
        decide(draft, params);
        return [...draft.events];
      },
    });
  };
}

/**
 * Decisions, each given its published example (`DecisionSpec.example`) from one table. Only
 * the kit's table decisions use it (shared by every game that offers them): a game's own
 * decisions carry their example in their spec, in `<game>/decisions/<phase>.ts`.
 */
export function withExamples<RS>(
  decisions: Record<string, DecisionSpec<RS, never>>,
  examples: Record<string, object>,
): Record<string, DecisionSpec<RS, never>> {
  return Object.fromEntries(
    Object.entries(decisions).map(([kind, spec]) => [
      kind,
      own(examples, kind) ? { ...spec, example: own(examples, kind) as never } : spec,
    ]),
  );
}

/**
 * Decisions, each given the params to try in a state (`DecisionSpec.examples`) from one
 * table: as withExamples, for the kit's table decisions only.
 */
export function withCandidates<RS>(
  decisions: Record<string, DecisionSpec<RS, never>>,
  candidates: Record<string, (ctx: AvailabilityContext<RS>) => object[]>,
): Record<string, DecisionSpec<RS, never>> {
  return Object.fromEntries(
    Object.entries(decisions).map(([kind, spec]) => {
      const examples = own(candidates, kind);
      return [kind, examples ? { ...spec, examples: examples as never } : spec];
    }),
  );
}
