import { hasOwn, own } from '../shared/id-record';
import type { NewEvent } from '../events/recorded-event';
import type { AttachedReceipt } from '../export/receipt';
import type { LocalizedText } from '../shared/localized-text';
import { ruCount } from '../shared/localized-text';
import { isRejection, prefixed, violation, type Rejection } from '../rulesets/rule-violation';
import type { Ruleset } from '../rulesets/ruleset';
import { cloneMatchState, evolveMatch } from './evolve-match';
import {
  decideDecision,
  invalid,
  seatLabel,
  STATUS_RU,
  wrongState,
  type Decided,
} from './match-decider';
import {
  matchEvent,
  type LineState,
  type Remedy,
  type RewindCards,
  type RulingIssuedData,
} from './match-events';
import type { MatchState } from './match-state';
import { carriesSecret, recordEvents } from './record-events';
import { checkRewindTarget, rewindEvent } from './rewind';
import { reshuffleEvents, revealsOf } from './fair-rewind';
import type { RecordedEvent } from '../events/recorded-event';

/** Disputes, judges' comments, pauses and rulings (DESIGN section 6). Every step is an event. */

export interface OpenDisputeCommand {
  disputeId: string;
  seat: string;
  atSeq: number;
  claim: string;
  ruleRef?: string;
  /** The seat's receipts, already checked against the log (see MatchRecorder.checkReceipts). */
  receipts?: AttachedReceipt[];
}

/** `now`: server time (ISO 8601), for the window after the end in which disputes are still heard. */
export function decideOpenDispute(
  state: MatchState,
  command: OpenDisputeCommand,
  now: string,
): Decided {
  if (state.status === 'created')
    return wrongState('not_in_play', {
      en: 'The match has not started: there is nothing to dispute yet',
      ru: 'Матч ещё не начался: оспаривать пока нечего',
    });
  if (!state.seats.some((s) => s.seat === command.seat))
    return violation('unknown_seat', {
      en: `Match has no seat ${command.seat}`,
      ru: `В матче нет места «${command.seat}»`,
    });
  if (state.endedAt) {
    const closes = Date.parse(state.endedAt) + state.disputeWindowMinutes * 60_000;
    if (Date.parse(now) > closes) {
      return wrongState('dispute_window_closed', {
        en: `Disputes were heard until ${new Date(closes).toISOString()}, ${state.disputeWindowMinutes} minutes after the match ended`,
        ru: `Споры принимались до ${new Date(closes).toISOString().replace('T', ' ').slice(0, 16)} UTC: ${ruCount(state.disputeWindowMinutes, 'минута', 'минуты', 'минут')} после конца матча`,
      });
    }
  }
  if (!Number.isInteger(command.atSeq) || command.atSeq < 0 || command.atSeq > state.lastSeq) {
    return invalid('atSeq', {
      en: `atSeq must be a seq of this match, 0 to ${state.lastSeq}`,
      ru: `Укажите событие этого матча: от №0 до №${state.lastSeq}`,
    });
  }
  const { ruleRef, receipts, ...rest } = command;
  return [
    matchEvent('DisputeOpened', {
      ...rest,
      ...(ruleRef ? { ruleRef } : {}),
      ...(receipts?.length ? { receipts } : {}),
    }),
  ];
}

export function decideComment(state: MatchState, disputeId: string, text: string): Decided {
  if (!hasOwn(state.disputes, disputeId)) return invalid('disputeId', noDispute(disputeId));
  return [matchEvent('DisputeCommented', { disputeId, text })];
}

export function decidePause(state: MatchState, reason: string, disputeId?: string): Decided {
  if (state.status !== 'started')
    return wrongState('not_in_play', {
      en: `Only a match in play can be paused (it is ${state.status})`,
      ru: `Приостановить можно только идущий матч, а он ${STATUS_RU[state.status]}`,
    });
  if (state.paused)
    return wrongState('already_paused', {
      en: `The match is already paused (${state.paused.reason})`,
      ru: `Матч уже приостановлен (${state.paused.reason})`,
    });
  if (disputeId && !hasOwn(state.disputes, disputeId))
    return invalid('disputeId', noDispute(disputeId));
  return [matchEvent('MatchPaused', { reason, ...(disputeId ? { disputeId } : {}) })];
}

export function decideResume(state: MatchState): Decided {
  if (!state.paused)
    return wrongState('not_paused', {
      en: 'The match is not paused',
      ru: 'Матч не приостановлен',
    });
  return [matchEvent('MatchResumed', {})];
}

export interface RulingCommand extends RulingIssuedData {
  /** Ids for the corrective decisions, in order. */
  decisionIds?: string[];
}

/** What a rewind remedy needs read from the log: the line state at its target, and the effective events since. */
export interface RewindInputs {
  restore?: LineState;
  since?: readonly RecordedEvent[];
  /** The event at the rewind's target, to tell whether it belongs to the disputed decision. */
  target?: RecordedEvent;
}

/**
 * Why a rewind to `toSeq` does not take back the disputed event with the decision that
 * recorded it, if it does not: a disputed event a rewind already voided has no live line to
 * take back, and a target at or after the disputed decision's first event would void its
 * effect but keep the decision on the effective line, with no effect (the trap of DESIGN
 * section 6). `since` holds the effective events after `toSeq`.
 */
export function checkRewindTakesBack(
  dispute: { atSeq: number },
  toSeq: number,
  since: readonly RecordedEvent[],
  target: RecordedEvent | undefined,
): Rejection | undefined {
  const { atSeq } = dispute;
  const disputed = since.find((e) => e.seq === atSeq);
  if (!disputed && atSeq > toSeq)
    return violation('rewind_dispute_voided', {
      en: `The disputed event #${atSeq} is on a branch a rewind already took back: there is nothing to rewind; rule without a remedy and look at the live line`,
      ru: `Спорное событие №${atSeq} — на ветке, уже отменённой возвратом: отменять нечего; решите спор без исправления и смотрите действующую линию`,
    });
  if (!disputed)
    return violation('rewind_keeps_disputed', {
      en: `A rewind to #${toSeq} keeps the disputed event #${atSeq}: rewind to an event before the decision that recorded it`,
      ru: `Возврат к событию №${toSeq} оставляет спорное событие №${atSeq}: вернитесь к событию до решения, которое его записало`,
    });
  const decisionId = disputed.meta.decisionId;
  if (decisionId !== undefined && target?.meta.decisionId === decisionId)
    return violation('rewind_inside_disputed_decision', {
      en: `#${toSeq} belongs to the same decision as the disputed event #${atSeq}: a rewind there would void the effect but keep the decision; rewind to an event before that decision`,
      ru: `Событие №${toSeq} — часть того же решения, что и спорное событие №${atSeq}: возврат к нему отменил бы следствие, но оставил само решение; вернитесь к событию до этого решения`,
    });
  return undefined;
}

/**
 * A judge's ruling on an open dispute. A rewind remedy needs `rewind.restore`, the line state
 * at its target, and `rewind.since`, the effective events it voids: the decks they drew from
 * are shuffled again in the same write (fair-rewind.ts) unless the judge keeps the order, with
 * a reason. Corrective decisions are decided one after another on a scratch copy, each
 * recorded as judge-recorded on the seat's behalf.
 */
export function decideRuling<RS>(
  ruleset: Ruleset<RS>,
  state: MatchState<RS>,
  command: RulingCommand,
  rewind: RewindInputs,
  seed: Uint8Array,
): Decided {
  const dispute = own(state.disputes, command.disputeId);
  if (!dispute) return invalid('disputeId', noDispute(command.disputeId));
  if (dispute.status !== 'open')
    return wrongState('dispute_closed', {
      en: dispute.appeal
        ? `Dispute ${command.disputeId} was already ruled on and appealed: only the head judge's answer to the appeal may change the ruling`
        : `Dispute ${command.disputeId} was already ruled on: a seat or the organizer may appeal the ruling to the head judge`,
      ru: dispute.appeal
        ? 'По этому спору решение уже вынесено и обжаловано: изменить его может только ответ главного судьи на апелляцию'
        : 'По этому спору решение уже вынесено: игрок или организатор может обжаловать его у главного судьи',
    });
  return rulingEvents(ruleset, state, command, rewind, seed);
}

/**
 * The events of a ruling on `command.disputeId`, whatever the dispute's status (checked by the
 * callers); `ahead`: events of the same write recorded before the ruling.
 */
function rulingEvents<RS>(
  ruleset: Ruleset<RS>,
  state: MatchState<RS>,
  command: RulingCommand,
  rewind: RewindInputs,
  seed: Uint8Array,
  ahead = 0,
): Decided {
  const { decisionIds, ...data } = command;
  const remedy: Remedy = command.remedy;
  if (remedy.kind === 'none') return [matchEvent('RulingIssued', data)];
  const dispute = own(state.disputes, command.disputeId);
  if (!dispute) return invalid('disputeId', noDispute(command.disputeId));
  if (command.decision === 'rejected')
    return invalid('remedy', {
      en: 'A rejected dispute has no remedy: use { "kind": "none" }',
      ru: 'Отклонённый спор ничего не исправляет: выберите «без исправления»',
    });
  if (state.status !== 'started') {
    return wrongState('not_in_play', {
      en: `The match is ${state.status}: its seed is revealed, so play cannot continue; rule with remedy none`,
      ru: `Матч ${STATUS_RU[state.status]}: его зерно случайности раскрыто, продолжать игру нельзя; решите спор без исправления`,
    });
  }
  if (remedy.kind === 'rewind') {
    const target = checkRewindTarget(state as MatchState, remedy.toSeq);
    if (target) return target;
    const { restore, since } = rewind;
    if (!restore || !since)
      throw new Error('decideRuling: a rewind needs the line state at toSeq and the events since');
    const takesBack = checkRewindTakesBack(dispute, remedy.toSeq, since, rewind.target);
    if (takesBack) return takesBack;
    const cards = rewindCardsOf(remedy.cards);
    if (isRejection(cards)) return cards;
    const reshuffles =
      cards.order === 'reshuffle'
        ? reshuffleEvents(state as MatchState, restore.table, revealsOf(since), seed)
        : [];
    return [
      matchEvent('RulingIssued', { ...data, remedy: { ...remedy, cards } }),
      rewindEvent(
        state as MatchState,
        remedy.toSeq,
        { kind: 'ruling', disputeId: command.disputeId },
        restore,
        1 + ahead,
      ),
      ...reshuffles,
    ];
  }
  const ruling = matchEvent('RulingIssued', data);
  return correctiveEvents(ruleset, state, ruling, remedy.decisions, decisionIds ?? [], seed);
}

export interface AppealCommand {
  disputeId: string;
  /** The seat that appeals; absent when the organizer does. */
  seat?: string;
  reason: string;
}

/**
 * A seat (or the organizer) appeals the ruling on a dispute to the head judge: once per
 * dispute, only after a ruling, and never once the head judge has answered.
 */
export function decideAppeal(state: MatchState, command: AppealCommand): Decided {
  const dispute = own(state.disputes, command.disputeId);
  if (!dispute) return invalid('disputeId', noDispute(command.disputeId));
  if (command.seat !== undefined && !state.seats.some((s) => s.seat === command.seat))
    return violation('unknown_seat', {
      en: `Match has no seat ${command.seat}`,
      ru: `В матче нет места «${command.seat}»`,
    });
  if (dispute.status !== 'ruled' || !dispute.ruling)
    return wrongState('not_ruled', {
      en: 'The dispute has no ruling yet: there is nothing to appeal',
      ru: 'По спору ещё нет решения: обжаловать пока нечего',
    });
  if (dispute.appeal)
    return wrongState('dispute_closed', appealClosed(dispute.appeal.outcome !== undefined));
  return [
    matchEvent('RulingAppealed', {
      disputeId: command.disputeId,
      rulingSeq: dispute.ruling.seq,
      ...(command.seat === undefined ? {} : { seat: command.seat }),
      reason: command.reason,
    }),
  ];
}

export interface AppealDecisionCommand {
  disputeId: string;
  outcome: 'upheld' | 'overturned';
  rationale: string;
  /** The ruling that replaces the appealed one: required to overturn, refused to uphold. */
  ruling?: RulingCommand;
}

/**
 * The head judge answers an appeal: upholding records AppealDecided alone; overturning records
 * it followed by a new ruling (RulingIssued and its remedy's events, through the same decision
 * as any ruling), which the seats read as they read rulings. Either closes the dispute.
 */
export function decideAppealDecision<RS>(
  ruleset: Ruleset<RS>,
  state: MatchState<RS>,
  command: AppealDecisionCommand,
  rewind: RewindInputs,
  seed: Uint8Array,
): Decided {
  const dispute = own(state.disputes, command.disputeId);
  if (!dispute) return invalid('disputeId', noDispute(command.disputeId));
  if (!dispute.appeal)
    return wrongState('not_appealed', {
      en: 'The ruling on this dispute was not appealed: there is no appeal to answer',
      ru: 'Решение по этому спору не обжаловано: отвечать не на что',
    });
  if (dispute.appeal.outcome !== undefined) return wrongState('dispute_closed', appealClosed(true));
  const decided = matchEvent('AppealDecided', {
    disputeId: command.disputeId,
    appealSeq: dispute.appeal.seq,
    outcome: command.outcome,
    rationale: command.rationale,
  });
  if (command.outcome === 'upheld') {
    if (command.ruling)
      return invalid('ruling', {
        en: 'Upholding a ruling keeps it: give no new ruling',
        ru: 'Оставляя решение в силе, новое решение не выносят',
      });
    return [decided];
  }
  if (!command.ruling)
    return invalid('ruling', {
      en: 'Overturning a ruling needs the new ruling (decision, rationale, rule, remedy)',
      ru: 'Чтобы отменить решение, вынесите новое: вердикт, обоснование, правило и исправление',
    });
  const replacing = rulingEvents(
    ruleset,
    state,
    { ...command.ruling, disputeId: command.disputeId },
    rewind,
    seed,
    1,
  );
  if (isRejection(replacing)) return replacing;
  return [decided, ...replacing];
}

function appealClosed(decided: boolean): LocalizedText {
  return decided
    ? {
        en: 'The head judge has answered the appeal: the dispute is closed',
        ru: 'Главный судья уже ответил на апелляцию: спор закрыт',
      }
    : {
        en: 'The ruling is already appealed: the head judge has not answered yet',
        ru: 'Решение уже обжаловано: главный судья ещё не ответил',
      };
}

/** Maximum length of the judge's reason for keeping the order of revealed cards. */
export const KEEP_ORDER_REASON_MAX = 1000;

/** The judge's choice for the revealed cards, as recorded: reshuffle by default; keeping the order needs a reason. */
function rewindCardsOf(cards: RewindCards | undefined): RewindCards | Rejection {
  const reason = cards?.reason?.trim();
  if (cards?.order === 'keep') {
    if (!reason)
      return invalid('remedy.keepOrderReason', {
        en: 'Keeping the order of the cards the voided branch revealed needs a reason',
        ru: 'Чтобы оставить порядок карт, открытых на отменяемой ветке, укажите причину',
      });
    if (reason.length > KEEP_ORDER_REASON_MAX)
      return invalid('remedy.keepOrderReason', {
        en: `The reason for keeping the order is at most ${KEEP_ORDER_REASON_MAX} characters`,
        ru: `Причина, по которой порядок карт остаётся, — не длиннее ${ruCount(KEEP_ORDER_REASON_MAX, 'символа', 'символов', 'символов')}`,
      });
    return { order: 'keep', reason };
  }
  if (reason)
    return invalid('remedy.keepOrderReason', {
      en: 'A reason is given only for keeping the order of the revealed cards (cardOrder keep)',
      ru: 'Причину указывают, только если порядок открытых карт остаётся прежним',
    });
  return { order: 'reshuffle' };
}

const SCRATCH_SALT = '0'.repeat(32);

function correctiveEvents<RS>(
  ruleset: Ruleset<RS>,
  state: MatchState<RS>,
  ruling: NewEvent,
  decisions: { seat: string; kind: string; params: unknown }[],
  decisionIds: string[],
  seed: Uint8Array,
): Decided {
  if (decisions.length === 0)
    return invalid('remedy.decisions', {
      en: 'A corrective remedy names at least one decision',
      ru: 'Исправление должно назвать хотя бы одно решение',
    });
  const scratch = cloneMatchState(state);
  const events: NewEvent[] = [ruling];
  const apply = (batch: NewEvent[]) => {
    const recorded = recordEvents(scratch, batch, {
      actor: { kind: 'system', id: 'scratch' },
      recordedAt: '',
      eventIds: batch.map((_, i) => `scratch-${scratch.lastSeq + 1 + i}`),
      // Scratch events are folded and dropped, never stored: their salts need not be secret.
      secretSalts: batch.filter(carriesSecret).map(() => SCRATCH_SALT),
      ruleset: { id: ruleset.id, version: ruleset.version },
    });
    for (const event of recorded) evolveMatch(ruleset, scratch, event);
  };
  apply([ruling]);
  for (const [index, decision] of decisions.entries()) {
    const decisionId = decisionIds[index] ?? `ruling-${index}`;
    const decided = decideDecision(
      ruleset,
      scratch,
      { decisionId, ...decision, judgeRecorded: true },
      seed,
    );
    if (isRejection(decided))
      return prefixed(decided, {
        en: `Corrective decision ${index + 1} (${decision.kind} for ${decision.seat}): `,
        ru: `Исправляющее решение ${index + 1} (${seatLabel(state, decision.seat)}): `,
      });
    apply(decided);
    events.push(...decided);
  }
  return events;
}

function noDispute(disputeId: string): LocalizedText {
  return {
    en: `There is no dispute ${disputeId} in this match`,
    ru: 'В этом матче нет такого спора',
  };
}
