import type { ResultAnsweredData, ResultDeclaredData } from '../freeform-phrasing';
import type { LocalizedText } from '../../../shared/localized-text';
import { refuse, seatName, TABLE_DECISIONS } from '../../kit';
import { DeclareParams, DeclareResultParams, NoParams } from '../../kit/table-decisions.params';
import { isRejection } from '../../rule-violation';
import { decisionSpec, type DecisionContext, type DecisionSpec } from '../../ruleset';
import type { FreeformState, PendingResult } from '../freeform-state';

/**
 * What a freeform seat declares: a result the other seats confirm, and a sealed choice.
 *
 * A declared result in freeform (issue 39): nothing checks a freeform game's end, so a result
 * one seat declares ends the match only once every other seat has confirmed it, as a reported
 * roll is confirmed by a seat that saw the dice. Any other seat may dispute it instead (the
 * declarer may withdraw it), and the match goes on. A declaration that gives the win to every
 * other seat and none to the declarer is a concession: it ends the match at once, as
 * `concede` does; so does any declaration in a match of one seat.
 */

type Ctx = DecisionContext<FreeformState>;

const REFUSALS = {
  pending: {
    en: 'A declared result already waits for the other seats: confirm or dispute it first',
    ru: 'Объявленный итог уже ждёт ответа других участников: сначала подтвердите или оспорьте его',
  },
  nothingPending: {
    en: 'No declared result waits for an answer',
    ru: 'Нет объявленного итога, который ждёт ответа',
  },
  notAwaited: (seat: LocalizedText): LocalizedText => ({
    en: `The declared result does not wait for ${seat.en}'s confirmation`,
    ru: `Объявленный итог не ждёт подтверждения от участника ${seat.ru}`,
  }),
} as const;

const kitDeclare = TABLE_DECISIONS['declare-result'] as DecisionSpec<FreeformState, never>;

/** Whether `winners` are every seat but the declarer: the declarer concedes. */
function concedes(ctx: Ctx, winners: readonly string[]): boolean {
  const others = ctx.seats.map((s) => s.seat).filter((seat) => seat !== ctx.seat);
  return winners.length === others.length && others.every((seat) => winners.includes(seat));
}

/** The seats that answer a pending result: those still awaited, and its declarer (withdrawing). */
const mayAnswer = (pending: PendingResult | undefined, seat: string): boolean =>
  pending !== undefined && (pending.seat === seat || pending.awaiting.includes(seat));

export const declarationDecisions: Record<string, DecisionSpec<FreeformState, never>> = {
  'declare-result': decisionSpec<FreeformState, DeclareResultParams>({
    ...(kitDeclare as unknown as DecisionSpec<FreeformState, DeclareResultParams>),
    summary: {
      en: 'Declare the result (the other seats confirm it)',
      ru: 'Объявить результат (другие участники подтверждают)',
    },
    available: (ctx) => ctx.rs.pendingResult === undefined,
    decide(ctx, params) {
      if (ctx.rs.pendingResult) return refuse('result_pending', REFUSALS.pending);
      // The kit checks the winners are seats and makes the MatchFinished.
      const finished = kitDeclare.decide(ctx, params as never);
      if (isRejection(finished)) return finished;
      const others = ctx.seats.map((s) => s.seat).filter((seat) => seat !== ctx.seat);
      if (others.length === 0 || concedes(ctx, params.winners)) return finished;
      const data: ResultDeclaredData = {
        seat: ctx.seat,
        winners: params.winners,
        condition: params.condition,
        awaiting: others,
      };
      return [{ type: 'ResultDeclared', data }];
    },
  }),
  'confirm-result': decisionSpec<FreeformState, NoParams>({
    summary: { en: 'Confirm the declared result', ru: 'Подтвердить объявленный итог' },
    params: NoParams,
    example: {},
    turn: 'any',
    available: (ctx) => ctx.rs.pendingResult?.awaiting.includes(ctx.seat) === true,
    decide(ctx) {
      const pending = ctx.rs.pendingResult;
      if (!pending) return refuse('no_result', REFUSALS.nothingPending);
      if (!pending.awaiting.includes(ctx.seat))
        return refuse('result_not_awaited', REFUSALS.notAwaited(seatName(ctx, ctx.seat)));
      const answered: ResultAnsweredData = { seat: ctx.seat };
      const confirmed = { type: 'ResultConfirmed', data: answered };
      if (pending.awaiting.length > 1) return [confirmed];
      // The last seat awaited: the declared result is recorded as the match's end.
      const declarer = { ...ctx, seat: pending.seat };
      const finished = kitDeclare.decide(declarer, {
        winners: pending.winners,
        condition: pending.condition,
      } as never);
      return isRejection(finished) ? finished : [confirmed, ...finished];
    },
  }),
  'dispute-result': decisionSpec<FreeformState, NoParams>({
    summary: {
      en: 'Dispute the declared result (or withdraw one’s own)',
      ru: 'Оспорить объявленный итог (или отозвать свой)',
    },
    params: NoParams,
    example: {},
    turn: 'any',
    available: (ctx) => mayAnswer(ctx.rs.pendingResult, ctx.seat),
    decide(ctx) {
      const pending = ctx.rs.pendingResult;
      if (!pending) return refuse('no_result', REFUSALS.nothingPending);
      if (!mayAnswer(pending, ctx.seat))
        return refuse('result_not_awaited', REFUSALS.notAwaited(seatName(ctx, ctx.seat)));
      const data: ResultAnsweredData = { seat: ctx.seat };
      return [{ type: 'ResultDisputed', data }];
    },
  }),
  declare: decisionSpec({
    summary: {
      en: 'Declare a simultaneous choice (sealed)',
      ru: 'Объявить одновременный выбор (запечатанный)',
    },
    params: DeclareParams,
    example: { topic: 'orders', choice: 'attack north' },
    turn: 'any',
    sealing: 'required',
    revealAfter: (ctx) => ctx.seats.map((s) => s.seat),
    // A choice refused at its reveal (params that are not a declaration) simply has no effect.
    voidAs: () => ({}),
    // The choice is the decision's params, now revealed; freeform enforces nothing about it.
    decide: () => [],
  }),
};
