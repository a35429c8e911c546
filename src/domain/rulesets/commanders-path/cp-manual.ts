import { own } from '../../shared/id-record';
import type { NewEvent } from '../../events/recorded-event';
import { TABLE_DECISIONS } from '../kit';
import { isRejection, type Rejection } from '../rule-violation';
import { decisionSpec, type DecisionContext, type DecisionSpec } from '../ruleset';
import { advanceBattle } from './cp-battle-flow';
import { RULES } from './cp-rules-text';
import type { CpState } from './cp-state';
import { Draft, reject, type Ctx } from './cp-table';
import { CpManualIdParams } from './cp.params';

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
  ctx: Ctx,
  seat: string,
  kind: string,
  params: object,
  header: { type: string; data: Record<string, unknown> },
): NewEvent[] | Rejection {
  const spec = own(TABLE_DECISIONS, kind);
  if (!spec) return reject('no_manual', `There is no manual adjustment ${kind}`, RULES.cardText);
  const actingCtx = { ...ctx, seat } as unknown as DecisionContext<unknown>;
  const events = spec.decide(actingCtx, params as never);
  if (isRejection(events)) return events;
  const d = new Draft(ctx);
  d.emit(header);
  for (const event of events) d.emit(event);
  if (d.table.turn.phase === 'battle' && !d.finished) advanceBattle(d);
  return d.events;
}

function manualSpec(
  kind: string,
  spec: DecisionSpec<unknown, never>,
): DecisionSpec<CpState, never> {
  return decisionSpec<CpState, object>({
    summary: {
      en: `Manual adjustment: ${spec.summary.en}`,
      ru: `Ручная поправка: ${spec.summary.ru}`,
    },
    params: spec.params as new () => object,
    turn: 'any',
    decide(ctx: Ctx, params: object) {
      if (ctx.options.manualAdjustments === 'free')
        return applyManual(ctx, ctx.seat, kind, params, {
          type: 'ManualAdjustmentApplied',
          data: { seat: ctx.seat, kind, params, consent: 'none', ruleRef: RULES.cardText },
        });
      const id = `m${ctx.rs.manual.next}`;
      return [
        {
          type: 'ManualAdjustmentProposed',
          data: { id, seat: ctx.seat, kind, params, ruleRef: RULES.cardText },
        },
      ];
    },
  });
}

export const manualDecisions: Record<string, DecisionSpec<CpState, never>> = {
  ...Object.fromEntries(
    MANUAL_KINDS.map(([kind, spec]) => [`manual-${kind}`, manualSpec(kind, spec)]),
  ),
  'approve-manual': decisionSpec<CpState, CpManualIdParams>({
    summary: {
      en: 'Approve the other seat’s manual adjustment',
      ru: 'Одобрить ручную поправку соперника',
    },
    params: CpManualIdParams,
    turn: 'any',
    decide(ctx: Ctx, { id }) {
      const pending = own(ctx.rs.manual.pending, id);
      if (!pending)
        return reject('no_manual', `No manual adjustment ${id} is pending`, RULES.cardText);
      if (pending.seat === ctx.seat)
        return reject(
          'own_manual',
          'A manual adjustment is approved by the other seat',
          RULES.cardText,
        );
      return applyManual(ctx, pending.seat, pending.kind, pending.params as object, {
        type: 'ManualAdjustmentApproved',
        data: {
          id,
          seat: pending.seat,
          kind: pending.kind,
          approvedBy: ctx.seat,
          proposedAt: pending.seq,
        },
      });
    },
  }),
  'reject-manual': decisionSpec<CpState, CpManualIdParams>({
    summary: {
      en: 'Reject (or withdraw) a pending manual adjustment',
      ru: 'Отклонить (или отозвать) ручную поправку',
    },
    params: CpManualIdParams,
    turn: 'any',
    decide(ctx: Ctx, { id }) {
      const pending = own(ctx.rs.manual.pending, id);
      if (!pending)
        return reject('no_manual', `No manual adjustment ${id} is pending`, RULES.cardText);
      return [{ type: 'ManualAdjustmentRejected', data: { id, seat: pending.seat, by: ctx.seat } }];
    },
  }),
};

export const concedeDecision = TABLE_DECISIONS.concede as DecisionSpec<CpState, never>;
