import { own } from '../../../shared/id-record';
import { refuse, TABLE_DECISIONS, type LocalizedText } from '../../kit';
import { isRejection } from '../../rule-violation';
import type { AvailabilityContext, DecisionContext, DecisionSpec } from '../../ruleset';
import { advanceBattlePhase } from '../cp-flow';
import { RULES } from '../cp-rules-text';
import type { CpState } from '../cp-state';
import { cpDecision, type CpDraft } from '../cp-table';
import { CpManualIdParams } from './manual.params';
import { type CpOfferContext } from '../cp-choice-values';

/**
 * Manual adjustments. Card texts override the rules and no catalog knows every card, so
 * the kit's table decisions are offered as `manual-<kind>`, each recorded as manual with the
 * seat that made it. Under option manualAdjustments = opponent an adjustment waits,
 * pending in the slice, for the other seat's approve-manual (or reject-manual).
 * Judge consent comes with the judges' issue (the option will gain a value for it).
 */

const MANUAL_KINDS = Object.entries(TABLE_DECISIONS).filter(
  ([kind, spec]) => spec.sealing !== 'required' && kind !== 'concede',
);

/** Runs a table decision for the seat and records it as manual; the battle then moves on. */
function applyManual(
  d: CpDraft,
  seat: string,
  kind: string,
  params: object,
  record: () => void,
): void {
  const spec = own(TABLE_DECISIONS, kind);
  if (!spec)
    refuse(
      'no_manual',
      {
        en: `There is no manual adjustment ${kind}`,
        ru: `Такой ручной поправки нет: «${kind}»`,
      },
      RULES.cardText,
    );
  const actingCtx = { ...d.ctx, seat } as unknown as DecisionContext<unknown>;
  const events = spec.decide(actingCtx, params as never);
  if (isRejection(events))
    refuse(
      events.kind === 'rule_violation' ? events.code : events.kind,
      // The table decisions refuse in both languages (their folder is checked for it).
      events.localized ?? { en: events.message, ru: events.message },
      events.kind === 'rule_violation' ? events.ruleRef : undefined,
    );
  record();
  for (const event of events) d.emit(event);
  if (d.table.turn.phase === 'battle' && !d.finished) advanceBattlePhase(d);
}

function manualSpec(kind: string, spec: DecisionSpec<unknown, never>) {
  return cpDecision<object>({
    summary: {
      en: `Manual adjustment: ${spec.summary.en}`,
      ru: `Ручная поправка: ${spec.summary.ru}`,
    },
    params: spec.params as new () => object,
    example: spec.example as object | undefined,
    examples: spec.examples as ((ctx: AvailabilityContext<CpState>) => object[]) | undefined,
    // The table decision's choices (kit/table-choices.ts): own pieces, zones by name.
    choices: spec.choices as DecisionSpec<CpState, never>['choices'],
    adjustment: true,
    turn: 'any',
    decide(d, params) {
      if (d.options.manualAdjustments === 'free') {
        applyManual(d, d.seat, kind, params, () =>
          d.own('ManualAdjustmentApplied', {
            seat: d.seat,
            kind,
            params,
            consent: 'none',
            ruleRef: RULES.cardText,
          }),
        );
        return;
      }
      const id = `m${d.rs.manual.next}`;
      d.own('ManualAdjustmentProposed', {
        id,
        seat: d.seat,
        kind,
        params,
        ruleRef: RULES.cardText,
      });
    },
  });
}

/** A manual adjustment not waiting for approval, by its number as the log gives it («№3»). */
function notPending(id: string): LocalizedText {
  const n = /^m(\d+)$/.exec(id)?.[1];
  const no = n === undefined ? `«${id}»` : `№${n}`;
  return {
    en: `No manual adjustment ${id} is pending`,
    ru: `Ручная поправка ${no} не ждёт одобрения`,
  };
}

const pendingManual = ({ rs }: CpOfferContext) =>
  Object.keys(rs.manual.pending).map((id) => ({ id }));

export const manualDecisions: Record<string, DecisionSpec<CpState, never>> = {
  ...Object.fromEntries(
    MANUAL_KINDS.map(([kind, spec]) => [`manual-${kind}`, manualSpec(kind, spec)]),
  ),
  'approve-manual': cpDecision<CpManualIdParams>({
    summary: {
      en: 'Approve the other seat’s manual adjustment',
      ru: 'Одобрить ручную поправку соперника',
    },
    params: CpManualIdParams,
    example: { id: 'm1' },
    examples: pendingManual,
    turn: 'any',
    decide(d, { id }) {
      const pending = own(d.rs.manual.pending, id);
      if (!pending) refuse('no_manual', notPending(id), RULES.cardText);
      if (pending.seat === d.seat)
        refuse(
          'own_manual',
          {
            en: 'A manual adjustment is approved by the other seat',
            ru: 'Ручную поправку одобряет соперник, а не тот, кто её предложил',
          },
          RULES.cardText,
        );
      applyManual(d, pending.seat, pending.kind, pending.params as object, () =>
        d.own('ManualAdjustmentApproved', {
          id,
          seat: pending.seat,
          kind: pending.kind,
          approvedBy: d.seat,
          proposedAt: pending.seq,
        }),
      );
    },
  }),
  'reject-manual': cpDecision<CpManualIdParams>({
    summary: {
      en: 'Reject (or withdraw) a pending manual adjustment',
      ru: 'Отклонить (или отозвать) ручную поправку',
    },
    params: CpManualIdParams,
    example: { id: 'm1' },
    examples: pendingManual,
    turn: 'any',
    decide(d, { id }) {
      const pending = own(d.rs.manual.pending, id);
      if (!pending) refuse('no_manual', notPending(id), RULES.cardText);
      d.own('ManualAdjustmentRejected', { id, seat: pending.seat, by: d.seat });
    },
  }),
};
