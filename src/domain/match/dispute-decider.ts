import { hasOwn, own } from '../shared/id-record';
import type { NewEvent } from '../events/recorded-event';
import type { AttachedReceipt } from '../export/receipt';
import { isRejection, violation } from '../rulesets/rule-violation';
import type { Ruleset } from '../rulesets/ruleset';
import { cloneMatchState, evolveMatch } from './evolve-match';
import { decideDecision, invalid, wrongState, type Decided } from './match-decider';
import { matchEvent, type LineState, type Remedy, type RulingIssuedData } from './match-events';
import type { MatchState } from './match-state';
import { carriesSecret, recordEvents } from './record-events';
import { checkRewindTarget, rewindEvent } from './rewind';

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
    return wrongState('not_in_play', 'The match has not started: there is nothing to dispute yet');
  if (!state.seats.some((s) => s.seat === command.seat))
    return violation('unknown_seat', `Match has no seat ${command.seat}`);
  if (state.endedAt) {
    const closes = Date.parse(state.endedAt) + state.disputeWindowMinutes * 60_000;
    if (Date.parse(now) > closes) {
      return wrongState(
        'dispute_window_closed',
        `Disputes were heard until ${new Date(closes).toISOString()}, ${state.disputeWindowMinutes} minutes after the match ended`,
      );
    }
  }
  if (!Number.isInteger(command.atSeq) || command.atSeq < 0 || command.atSeq > state.lastSeq) {
    return invalid('atSeq', `atSeq must be a seq of this match, 0 to ${state.lastSeq}`);
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
  if (!hasOwn(state.disputes, disputeId))
    return invalid('disputeId', `There is no dispute ${disputeId} in this match`);
  return [matchEvent('DisputeCommented', { disputeId, text })];
}

export function decidePause(state: MatchState, reason: string, disputeId?: string): Decided {
  if (state.status !== 'started')
    return wrongState('not_in_play', `Only a match in play can be paused (it is ${state.status})`);
  if (state.paused)
    return wrongState('already_paused', `The match is already paused (${state.paused.reason})`);
  if (disputeId && !hasOwn(state.disputes, disputeId))
    return invalid('disputeId', `There is no dispute ${disputeId} in this match`);
  return [matchEvent('MatchPaused', { reason, ...(disputeId ? { disputeId } : {}) })];
}

export function decideResume(state: MatchState): Decided {
  if (!state.paused) return wrongState('not_paused', 'The match is not paused');
  return [matchEvent('MatchResumed', {})];
}

export interface RulingCommand extends RulingIssuedData {
  /** Ids for the corrective decisions, in order. */
  decisionIds?: string[];
}

/**
 * A judge's ruling on an open dispute. `restore` is the line state at the rewind target
 * (needed for a rewind remedy). Corrective decisions are decided one after another on a
 * scratch copy, each recorded as judge-recorded on the seat's behalf.
 */
export function decideRuling<RS>(
  ruleset: Ruleset<RS>,
  state: MatchState<RS>,
  command: RulingCommand,
  restore: LineState | undefined,
  seed: Uint8Array,
): Decided {
  const dispute = own(state.disputes, command.disputeId);
  if (!dispute)
    return invalid('disputeId', `There is no dispute ${command.disputeId} in this match`);
  if (dispute.status !== 'open')
    return wrongState('dispute_closed', `Dispute ${command.disputeId} was already ruled on`);
  const { decisionIds, ...data } = command;
  const ruling = matchEvent('RulingIssued', data);
  const remedy: Remedy = command.remedy;
  if (remedy.kind === 'none') return [ruling];
  if (command.decision === 'rejected')
    return invalid('remedy', 'A rejected dispute has no remedy: use { "kind": "none" }');
  if (state.status !== 'started') {
    return wrongState(
      'not_in_play',
      `The match is ${state.status}: its seed is revealed, so play cannot continue; rule with remedy none`,
    );
  }
  if (remedy.kind === 'rewind') {
    const target = checkRewindTarget(state as MatchState, remedy.toSeq);
    if (target) return target;
    if (!restore) throw new Error('decideRuling: the line state at toSeq is needed for a rewind');
    return [
      ruling,
      rewindEvent(
        state as MatchState,
        remedy.toSeq,
        { kind: 'ruling', disputeId: command.disputeId },
        restore,
        1,
      ),
    ];
  }
  return correctiveEvents(ruleset, state, ruling, remedy.decisions, decisionIds ?? [], seed);
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
    return invalid('remedy.decisions', 'A corrective remedy names at least one decision');
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
      return {
        ...decided,
        message: `Corrective decision ${index + 1} (${decision.kind} for ${decision.seat}): ${decided.message}`,
      };
    apply(decided);
    events.push(...decided);
  }
  return events;
}
