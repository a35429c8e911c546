import { own } from '../shared/id-record';
import type { NewEvent, RecordedEvent } from '../events/recorded-event';
import { isRejection, violation, type Rejection } from '../rulesets/rule-violation';
import type { Ruleset } from '../rulesets/ruleset';
import { checkPlayable, invalid, seatLabel, wrongState, type Decided } from './match-decider';
import { matchEvent, type LineState } from './match-events';
import type { MatchState } from './match-state';
import { checkRewindTarget, rewindEvent, undoBarrierOf } from './rewind';
import type { LocalizedText } from '../shared/localized-text';

/**
 * The undo protocol (DESIGN section 6): a seat asks to go back to `toSeq`; the engine and
 * the ruleset say whether that may be taken back at all; the other seats consent unless the
 * ruleset grants it outright; an accepted undo rewinds the table.
 */

/** Refusals of the undo protocol a person reads, in both languages (no seat ids). */
export const UNDO_REFUSALS = {
  pending: (seq: number, by: string) => ({
    en: `${by}'s undo request (#${seq}) awaits an answer first`,
    ru: `Сначала нужно ответить на просьбу об отмене, которую подал(а) ${by} (событие №${seq})`,
  }),
  blocked: (seq: number, toSeq: number, why: LocalizedText) => ({
    en: `Cannot go back to event #${toSeq}: event #${seq} cannot be taken back (${why.en})`,
    ru: `Нельзя вернуться к событию №${toSeq}: событие №${seq} (${why.ru}) отменить нельзя`,
  }),
} as const;

export interface UndoRequestCommand {
  requestId: string;
  seat: string;
  toSeq: number;
  reason: string;
}

/**
 * Whether `seat` may ask to take the table back to `toSeq`, and whether the others must
 * consent: the engine's checks, its barriers, then the ruleset's. `since`: the effective
 * events after toSeq.
 */
export function undoVerdict<RS>(
  ruleset: Ruleset<RS>,
  state: MatchState<RS>,
  seat: string,
  toSeq: number,
  since: readonly RecordedEvent[],
): Rejection | { needsConsent: boolean } {
  const playable = checkPlayable(state as MatchState, seat);
  if (playable) return playable;
  const target = checkRewindTarget(state as MatchState, toSeq);
  if (target) return target;
  const pending = Object.values(state.undoRequests).find((r) => r.status === 'pending');
  if (pending)
    return wrongState(
      'undo_pending',
      UNDO_REFUSALS.pending(pending.seq, seatLabel(state as MatchState, pending.seat)),
    );
  for (const event of since) {
    const barrier = undoBarrierOf(ruleset, event.type);
    if (barrier)
      return {
        ...violation(
          'undo_blocked',
          UNDO_REFUSALS.blocked(event.seq, toSeq, barrier.why),
          barrier.ruleRef,
        ),
        blockingSeq: event.seq,
      };
  }
  const verdict = ruleset.undo({
    table: state.table,
    rs: state.rs,
    seat,
    toSeq,
    since,
    options: state.options,
  });
  if (!verdict.allowed) return verdict.violation;
  return { needsConsent: verdict.needsConsent };
}

/** `since`: the effective events after toSeq; `restore`: the line state at toSeq. */
export function decideUndoRequest<RS>(
  ruleset: Ruleset<RS>,
  state: MatchState<RS>,
  command: UndoRequestCommand,
  since: readonly RecordedEvent[],
  restore: LineState | undefined,
): Decided {
  const verdict = undoVerdict(ruleset, state, command.seat, command.toSeq, since);
  if (isRejection(verdict)) return verdict;
  const consentFrom = verdict.needsConsent
    ? state.seats.map((s) => s.seat).filter((seat) => seat !== command.seat)
    : [];
  const requested = matchEvent('UndoRequested', { ...command, consentFrom });
  if (consentFrom.length > 0) return [requested];
  if (!restore) throw new Error('decideUndoRequest: the line state at toSeq is needed to grant it');
  return [
    requested,
    rewindEvent(
      state as MatchState,
      command.toSeq,
      { kind: 'undo', requestId: command.requestId },
      restore,
      1,
    ),
  ];
}

export interface UndoAnswerCommand {
  requestId: string;
  seat: string;
  accept: boolean;
  reason?: string;
}

export function decideUndoAnswer(
  state: MatchState,
  command: UndoAnswerCommand,
  restore: LineState | undefined,
): Decided {
  const request = own(state.undoRequests, command.requestId);
  if (!request)
    return invalid('requestId', {
      en: `There is no undo request ${command.requestId}`,
      ru: 'Такой просьбы об отмене нет',
    });
  if (request.status !== 'pending')
    return wrongState('undo_closed', {
      en: `The undo request is ${request.status}`,
      ru: `Просьба об отмене уже ${UNDO_STATUS_RU[request.status]}`,
    });
  if (state.paused)
    return wrongState('paused', {
      en: 'The match is paused by a judge',
      ru: 'Судья приостановил матч',
    });
  if (!request.consentFrom.includes(command.seat) || request.accepted.includes(command.seat)) {
    return {
      kind: 'not_permitted',
      message: `Seat ${command.seat} is not asked to answer this undo request`,
      localized: {
        en: `Seat ${command.seat} is not asked to answer this undo request`,
        ru: request.accepted.includes(command.seat)
          ? 'Вы уже согласились на эту отмену'
          : 'Вашего ответа на эту просьбу об отмене не ждут',
      },
    };
  }
  const answer = {
    requestId: command.requestId,
    seat: command.seat,
    ...(command.reason ? { reason: command.reason } : {}),
  };
  if (!command.accept) return [matchEvent('UndoRejected', answer)];
  const events: NewEvent[] = [matchEvent('UndoAccepted', answer)];
  const allAccepted = request.consentFrom.every(
    (seat) => seat === command.seat || request.accepted.includes(seat),
  );
  if (!allAccepted) return events;
  if (!restore) throw new Error('decideUndoAnswer: the line state at toSeq is needed to accept');
  events.push(
    rewindEvent(
      state,
      request.toSeq,
      { kind: 'undo', requestId: command.requestId },
      restore,
      events.length,
    ),
  );
  return events;
}

/** An undo request's status after «Просьба об отмене уже …». */
const UNDO_STATUS_RU: Readonly<Record<string, string>> = {
  pending: 'ждёт ответа',
  accepted: 'принята',
  rejected: 'отклонена',
  expired: 'устарела',
};
