import type { NewEvent } from '../events/recorded-event';
import type { Ruleset, UndoBarrier } from '../rulesets/ruleset';
import { own } from '../shared/id-record';
import { violation, type Rejection } from '../rulesets/rule-violation';
import { matchEvent, type LineState, type RewindCause } from './match-events';
import { voidingOf, type MatchState, type VoidedRange } from './match-state';

/**
 * Events about the match rather than its line of play. A rewind never voids them: a
 * dispute, a comment or an undo request stays valid history whatever the table does.
 */
export const META_EVENT_TYPES: ReadonlySet<string> = new Set([
  'UndoRequested',
  'UndoAccepted',
  'UndoRejected',
  'UndoRequestExpired',
  'TimelineRewound',
  'DisputeOpened',
  'DisputeCommented',
  'MatchPaused',
  'MatchResumed',
  'RulingIssued',
  'RulingAppealed',
  'AppealDecided',
  'SeatLinkReissued',
]);

/**
 * Events after which nothing may be taken back by an undo, whatever the ruleset says, and
 * why; a ruleset adds its own (`Ruleset.undoBarriers`).
 */
export const UNDO_BARRIERS: Readonly<Record<string, UndoBarrier>> = {
  DiceRolled: { why: { en: 'dice were rolled', ru: 'брошены кубики' } },
  DeckShuffled: { why: { en: 'a deck was shuffled', ru: 'перемешана колода' } },
  CardsDrawn: { why: { en: 'cards were drawn', ru: 'взяты карты' } },
  SealRevealed: { why: { en: 'a sealed choice was revealed', ru: 'вскрыт запечатанный выбор' } },
  TimelineRewound: {
    why: { en: 'the table was taken back already', ru: 'стол уже возвращён назад' },
  },
  RulingIssued: { why: { en: 'a judge ruled', ru: 'вынесено решение судьи' } },
  DisputeOpened: { why: { en: 'a dispute was opened', ru: 'открыт спор' } },
  MatchFinished: { why: { en: 'the match is over', ru: 'матч окончен' } },
  MatchAbandoned: { why: { en: 'the match was abandoned', ru: 'матч прерван' } },
  RngRevealed: { why: { en: 'the dice key was revealed', ru: 'раскрыто зерно костей' } },
};

/** The barrier `type` is, the engine's or the ruleset's, if it is one. */
export function undoBarrierOf(
  ruleset: Pick<Ruleset<unknown>, 'undoBarriers'>,
  type: string,
): UndoBarrier | undefined {
  return own(UNDO_BARRIERS, type) ?? own(ruleset.undoBarriers, type);
}

/** Why `toSeq` cannot be rewound to, if it cannot: it must be a seq of the effective line after the start. */
export function checkRewindTarget(state: MatchState, toSeq: number): Rejection | undefined {
  const start = state.startedSeq ?? Number.POSITIVE_INFINITY;
  if (!Number.isInteger(toSeq) || toSeq < start || toSeq >= state.lastSeq) {
    return violation(
      'rewind_out_of_range',
      state.startedSeq === undefined
        ? {
            en: 'The match has not started: there is nothing to take back',
            ru: 'Матч ещё не начался: отменять нечего',
          }
        : {
            en: `toSeq must be from ${start} (the start) to ${state.lastSeq - 1}, not ${toSeq}`,
            ru: `Вернуться можно к событию от №${start} (начало матча) до №${state.lastSeq - 1}, а не к №${toSeq}`,
          },
    );
  }
  const voided = voidingOf(state, toSeq);
  if (voided) {
    return violation('rewind_to_voided', {
      en: `seq ${toSeq} was already taken back by the rewind at seq ${voided.bySeq}`,
      ru: `Событие №${toSeq} уже отменено возвратом (событие №${voided.bySeq})`,
    });
  }
  return undefined;
}

/**
 * The rewind itself: the table returns to its state at `toSeq` (given, as folded by the
 * caller), and the seqs in between are voided. `before` counts the events of the same
 * append that precede it.
 */
export function rewindEvent(
  state: MatchState,
  toSeq: number,
  cause: RewindCause,
  restore: LineState,
  before: number,
): NewEvent {
  return {
    ...matchEvent('TimelineRewound', {
      toSeq,
      cause,
      voided: { from: toSeq + 1, to: state.lastSeq + before },
      secret: { restore },
    }),
    visibility: 'judges',
  };
}

export function lineStateOf(state: MatchState): LineState {
  return {
    table: state.table,
    rs: state.rs,
    seals: state.seals,
    unconfirmedRolls: state.unconfirmedRolls ?? {},
  };
}

/** The rewind that took this event back, if one did: line events in a voided range; never meta events. */
export function voidedBy(
  state: Pick<MatchState, 'voided'>,
  event: { seq: number; type: string },
): VoidedRange | undefined {
  return META_EVENT_TYPES.has(event.type) ? undefined : voidingOf(state, event.seq);
}
