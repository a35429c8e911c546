import { own } from '../shared/id-record';
import { englishOf, localizedOf, type Message } from '../shared/localized-text';
import { hexOf } from '../shared/bytes';
import { ID_RULE, ID_RULE_RU, isId, isRollPurpose, ROLL_PURPOSE_RULE } from '../shared/safe-text';
import { entropyString } from '../dice';
import type { NewEvent } from '../events/recorded-event';
import {
  isRejection,
  RejectionSignal,
  violation,
  type Rejection,
} from '../rulesets/rule-violation';
import type { CitedMatch, Ruleset, SeatSpec } from '../rulesets/ruleset';
import { resolveOptions } from '../rulesets/validate-options';
import { validateParams } from '../rulesets/validate-params';
import { createDecisionContext, parseDiceOrReject } from './decision-context';
import { commitHiddenSetup, hiddenTouchRefusal, withDrawnCards } from './hidden-zones';
import { layPosition, publicPosition } from './position';
import { turnRefusal } from './legal-decisions';
import {
  matchEvent,
  type DecisionMadeData,
  type MatchCreatedData,
  type SeatClaimedData,
  type UnconfirmedRoll,
} from './match-events';
import {
  DEFAULT_DISPUTE_WINDOW_MINUTES,
  DEFAULT_IDEMPOTENCY_KEY_HOURS,
  MAX_SPECTATOR_DELAY,
  type MatchState,
} from './match-state';

/**
 * The match decider: lifecycle, seats, decisions and rolls. Each function is pure: it
 * takes the folded state and a command and returns the events to record, or why not.
 */

export type Decided = NewEvent[] | Rejection;

export const DEFAULT_SPECTATOR_DELAY = 3;
/** Seat ids appear in tokens, URLs and visibilities (`seat:<id>`): shorter than other ids. */
const MAX_SEAT_ID = 32;

export interface CreateMatchCommand {
  matchId: string;
  ruleset: Ruleset;
  title?: string;
  options?: Record<string, unknown>;
  setup?: Record<string, unknown>;
  /** A starting position laid over the setup (issue 45; match/position.ts). */
  position?: unknown;
  seats: SeatSpec[];
  tournamentId?: string;
  organizer: string;
  commitment: string;
  public?: boolean;
  spectatorDelay?: number;
  disputeWindowMinutes?: number;
  /** From the server's configuration, not the client's. */
  idempotencyKeyHours?: number;
  /** Seats taken at creation by registered players (SeatClaimed follows MatchCreated). */
  claims?: { seat: string; player: SeatClaimedData['player'] }[];
}

export function decideCreateMatch(command: CreateMatchCommand): Decided {
  const { ruleset } = command;
  const seatIds = command.seats.map((s) => s.seat);
  if (seatIds.length < ruleset.seats.min || seatIds.length > ruleset.seats.max) {
    return violation('seat_count', {
      en: `${ruleset.title.en} is played by ${ruleset.seats.min} to ${ruleset.seats.max} seats, not ${seatIds.length}`,
      ru: `В «${ruleset.title.ru}» играют от ${ruleset.seats.min} до ${ruleset.seats.max} мест, а не ${seatIds.length}`,
    });
  }
  const badSeat = seatIds.find((id) => !isId(id) || id.length > MAX_SEAT_ID);
  if (badSeat !== undefined) {
    return invalid('seats', {
      en: `seat id "${badSeat}" ${ID_RULE}, at most ${MAX_SEAT_ID} for a seat`,
      ru: `Идентификатор места «${badSeat}» ${ID_RULE_RU}; для места — не длиннее ${MAX_SEAT_ID} символов`,
    });
  }
  if (new Set(seatIds).size !== seatIds.length)
    return invalid('seats', {
      en: 'seat ids must be unique',
      ru: 'Идентификаторы мест не должны повторяться',
    });
  const delay = command.spectatorDelay ?? DEFAULT_SPECTATOR_DELAY;
  if (!Number.isInteger(delay) || delay < 0 || delay > MAX_SPECTATOR_DELAY) {
    return invalid('spectatorDelay', {
      en: `spectatorDelay must be 0 to ${MAX_SPECTATOR_DELAY} decisions`,
      ru: `Задержка для зрителей — от 0 до ${MAX_SPECTATOR_DELAY} решений`,
    });
  }
  const options = resolveOptions(ruleset.options, command.options);
  if (!options.ok) return options.rejection;
  let setup: Record<string, unknown> = command.setup ?? {};
  if (ruleset.setupParams) {
    const checked = validateParams(ruleset.setupParams, setup, 'Setup parameters');
    if (!checked.ok) return checked.rejection;
    setup = command.setup ?? {};
  }
  const setupEvents = refusedOrRun(() =>
    ruleset.setup({
      matchId: command.matchId,
      seats: command.seats,
      options: options.options,
      params: setup,
    }),
  );
  if (isRejection(setupEvents)) return setupEvents;
  const lateSeats = (ruleset.lateSeats?.(setup) ?? []).filter((seat) => seatIds.includes(seat));
  const created: MatchCreatedData = {
    matchId: command.matchId,
    ruleset: { id: ruleset.id, version: ruleset.version },
    ...(command.title ? { title: command.title } : {}),
    options: options.options,
    setup,
    seats: command.seats.map((s) => ({ ...s })),
    ...(lateSeats.length > 0 ? { lateSeats } : {}),
    ...(command.tournamentId ? { tournamentId: command.tournamentId } : {}),
    organizer: command.organizer,
    commitment: command.commitment,
    dice: ruleset.diceModes?.(options.options) ?? { default: 'either' },
    public: command.public ?? false,
    spectatorDelay: delay,
    disputeWindowMinutes: command.disputeWindowMinutes ?? DEFAULT_DISPUTE_WINDOW_MINUTES,
    ...(command.idempotencyKeyHours !== undefined &&
    command.idempotencyKeyHours !== DEFAULT_IDEMPOTENCY_KEY_HOURS
      ? { idempotencyKeyHours: command.idempotencyKeyHours }
      : {}),
  };
  let laidSetup: NewEvent[] = setupEvents;
  let afterSetup: NewEvent[] = [];
  let position: ReturnType<typeof layPosition> | undefined;
  if (command.position !== undefined) {
    position = layPosition(
      {
        ruleset,
        matchId: command.matchId,
        seats: command.seats,
        options: options.options,
        setup,
        created: matchEvent('MatchCreated', created),
        setupEvents,
      },
      command.position,
    );
    if (isRejection(position)) return position;
    laidSetup = position.setupEvents;
    afterSetup = position.after;
  }
  // Pieces set out in hidden zones are committed, never public (a deck's starting order too).
  const committed = commitHiddenSetup(laidSetup, seatIds);
  if (committed.hiddenPieces.size > 0 && ruleset.publicSetup)
    created.setup = ruleset.publicSetup(setup, committed.hiddenPieces);
  if (position && !isRejection(position)) {
    created.position = publicPosition(position.position, committed.hiddenPieces, ruleset);
    if (position.laidOutDecks.length > 0) created.laidOutDecks = position.laidOutDecks;
  }
  const claimed = command.claims ?? [];
  const unknown = claimed.find((claim) => !seatIds.includes(claim.seat));
  if (unknown)
    return invalid('seats', {
      en: `A player claims seat "${unknown.seat}", which the match does not have`,
      ru: `Игрок занимает место «${unknown.seat}», которого в матче нет`,
    });
  return [
    matchEvent('MatchCreated', created),
    ...committed.events,
    ...afterSetup,
    ...claimed.map((claim) =>
      matchEvent('SeatClaimed', { seat: claim.seat, player: { ...claim.player } }),
    ),
  ];
}

export function decideClaimSeat(
  state: MatchState,
  command: { seat: string; name: string; playerId?: string; entropy?: string },
): Decided {
  // A seat the rules let a player take later (a league's new entrant) is claimed in play too.
  const late = state.status === 'started' && state.lateSeats.includes(command.seat);
  if (state.status !== 'created' && !late)
    return wrongState('not_open', {
      en: `Seats can be claimed only before the match starts (it is ${state.status})`,
      ru: `Занять место можно только до начала матча, а он ${STATUS_RU[state.status]}`,
    });
  if (late && command.entropy !== undefined)
    return invalid('entropy', {
      en: 'The dice entropy was fixed at the start: a seat claimed after it brings none',
      ru: 'Случайность для кубиков зафиксирована при старте: место, занятое позже, её не добавляет',
    });
  const seat = state.seats.find((s) => s.seat === command.seat);
  if (!seat) return unknownSeat(state, command.seat);
  if (seat.player)
    return wrongState('seat_taken', {
      en: `Seat ${command.seat} was already claimed by ${seat.player.name}`,
      ru: `Это место уже занято: ${seat.player.name}`,
    });
  if (command.entropy !== undefined && command.entropy.includes(',')) {
    return invalid('entropy', {
      en: 'entropy must not contain "," (entropies are joined by commas)',
      ru: 'Строка случайности не должна содержать «,» (строки игроков соединяются запятыми)',
    });
  }
  return [
    matchEvent('SeatClaimed', {
      seat: command.seat,
      player: {
        name: command.name,
        ...(command.playerId !== undefined ? { playerId: command.playerId } : {}),
      },
      ...(command.entropy !== undefined ? { entropy: command.entropy } : {}),
    }),
  ];
}

export function decideStartMatch(state: MatchState): Decided {
  if (state.status !== 'created')
    return wrongState('not_startable', {
      en: `Only a created match can start (it is ${state.status})`,
      ru: `Начать можно только ещё не начатый матч, а он ${STATUS_RU[state.status]}`,
    });
  // Seats a player takes after the start (Ruleset.lateSeats) are not waited for.
  const unclaimed = state.seats
    .filter((s) => !s.player && !state.lateSeats.includes(s.seat))
    .map((s) => s.seat);
  if (unclaimed.length > 0)
    return violation('seats_unclaimed', {
      en: `Every seat must be claimed before the start; unclaimed: ${unclaimed.join(', ')}`,
      ru: `Перед началом должны быть заняты все места; свободны: ${unclaimed.map((id) => seatLabel(state, id)).join(', ')}`,
    });
  return [
    matchEvent('MatchStarted', { entropy: entropyString(state.seats.map((s) => s.entropy)) }),
  ];
}

export interface DecideOptions {
  /**
   * `unchecked`: decide as the log recorded it, without the hidden-zone check, which came
   * later (`matchlog verify` re-deciding a log recorded before it; see hidden-zones.ts).
   */
  hiddenZones?: 'checked' | 'unchecked';
  /**
   * A judge records the decision on the seat directly, not as a ruling's corrective remedy:
   * only the kinds the ruleset gives a judge (`by: 'judge'` or `'seat-or-judge'`).
   */
  byJudgeDirectly?: boolean;
}

/** A decision to decide: what DecisionMade records (its secret part is derived from the spec). */
export type DecisionCommand = Omit<DecisionMadeData, 'secret'>;

export function decideDecision<RS>(
  ruleset: Ruleset<RS>,
  state: MatchState<RS>,
  command: DecisionCommand,
  seed: Uint8Array,
  /** The matches the params cite (`DecisionSpec.cites`), as read for this decision. */
  cited: readonly CitedMatch[] = [],
  options: DecideOptions = {},
): Decided {
  const playable =
    checkPlayable(state, command.seat, command.judgeRecorded === true) ??
    confirmationRefusal(state, command.judgeRecorded === true);
  if (playable) return playable;
  const spec = own(ruleset.decisions, command.kind);
  if (!spec) {
    return invalid('kind', {
      en: `unknown decision kind "${command.kind}" for ${ruleset.id}; known: ${Object.keys(ruleset.decisions).join(', ')}`,
      ru: `В «${ruleset.title.ru}» нет такого решения («${command.kind}»)`,
    });
  }
  if (
    spec.sealing === 'required' &&
    !command.sealId &&
    !command.voidedSeal &&
    !command.judgeRecorded
  ) {
    return violation('must_be_sealed', {
      en: `${command.kind} is a simultaneous hidden choice: seal it first (POST decisions/sealed), then reveal it`,
      ru: `«${spec.summary.ru}» — одновременный скрытый выбор: сначала запечатайте его, потом вскройте`,
    });
  }
  // Who may record the kind: a seat never the Game Master's, a judge directly only those.
  if (spec.by === 'judge' && !command.judgeRecorded)
    return violation('judge_decision', {
      en: `${command.kind} is the Game Master's decision: a judge of the match records it (POST decisions with a judge token and the seat)`,
      ru: `«${spec.summary.ru}» решает ведущий: записывает судья матча`,
    });
  if (options.byJudgeDirectly && spec.by !== 'judge' && spec.by !== 'seat-or-judge')
    return violation('seat_decision', {
      en: `${command.kind} is a seat's decision: a judge records it only through a ruling's corrective remedy`,
      ru: `«${spec.summary.ru}» решает игрок: судья записывает такое решение только как исправление в решении по спору`,
    });
  const params = validateParams(spec.params, command.params ?? {}, `Params of ${command.kind}`);
  if (!params.ok) return params.rejection;
  const refusedByTurn = turnRefusal(command.kind, spec, state.table.turn, command.seat, (id) =>
    seatLabel(state, id),
  );
  if (refusedByTurn) return refusedByTurn;
  const ctx = createDecisionContext(
    state,
    command.seat,
    seed,
    cited,
    command.judgeRecorded === true,
  );
  const effects = refusedOrRun(() => spec.decide(ctx, params.value as never));
  if (isRejection(effects)) return effects;
  // Hidden stays hidden, for every ruleset; a judge's corrective decision may correct anything.
  if (command.judgeRecorded !== true && options.hiddenZones !== 'unchecked') {
    const hiddenTouch = hiddenTouchRefusal(state.table, command.seat, state.seats, effects);
    if (hiddenTouch) return hiddenTouch;
  }
  const told = state.hiddenSetup ? effects.map((e) => withDrawnCards(state.table, e)) : effects;
  const made: DecisionMadeData = {
    decisionId: command.decisionId,
    kind: command.kind,
    seat: command.seat,
    ...(spec.secretParams
      ? { params: {}, secret: { params: command.params ?? {} } }
      : { params: command.params ?? {} }),
    ...(command.judgeRecorded ? { judgeRecorded: true } : {}),
    ...(command.sealId ? { sealId: command.sealId } : {}),
    ...(command.voidedSeal ? { voidedSeal: command.voidedSeal } : {}),
    ...(command.clientKey ? { clientKey: true } : {}),
  };
  const decisionMade: NewEvent = spec.secretParams
    ? { ...matchEvent('DecisionMade', made), visibility: `seat:${command.seat}` }
    : matchEvent('DecisionMade', made);
  return withReveal([...expirePendingUndos(state), decisionMade, ...told], seed);
}

/** Pending undo requests expire when the match moves on: their verdict was for the old head. */
export function expirePendingUndos(state: Pick<MatchState, 'undoRequests'>): NewEvent[] {
  return Object.entries(state.undoRequests)
    .filter(([, request]) => request.status === 'pending')
    .map(([requestId]) => matchEvent('UndoRequestExpired', { requestId }));
}

export interface RollCommand {
  seat: string;
  purpose: string;
  dice: string;
  /** Faces of physical dice; absent for a server roll. */
  reportedFaces?: number[];
}

export function decideRoll(state: MatchState, command: RollCommand, seed: Uint8Array): Decided {
  const playable = checkPlayable(state, command.seat) ?? confirmationRefusal(state);
  if (playable) return playable;
  if (!isRollPurpose(command.purpose)) {
    return invalid('purpose', {
      en: `purpose ${ROLL_PURPOSE_RULE.en}`,
      ru: `Назначение броска ${ROLL_PURPOSE_RULE.ru}`,
    });
  }
  return refusedOrRun(() => [
    ...expirePendingUndos(state),
    createDecisionContext(state, command.seat, seed).roll(
      command.purpose,
      parseDiceOrReject(command.dice),
      command.reportedFaces,
    ).event,
  ]);
}

export function decideAbandon(state: MatchState, reason: string, seed: Uint8Array): Decided {
  if (state.status !== 'created' && state.status !== 'started') {
    return wrongState('already_ended', {
      en: `The match already ended (${state.status})`,
      ru: `Матч уже ${STATUS_RU[state.status]}`,
    });
  }
  return withReveal([matchEvent('MatchAbandoned', { reason })], seed);
}

/** Refusals of a seat link's reissue, in both languages. */
export const REISSUE_REFUSALS = {
  ended: {
    en: 'The match has ended: its links open its replay to everyone, a new one is not needed',
    ru: 'Матч окончен: его запись открыта всем, новая ссылка не нужна',
  },
  noSeat: (seat: string) => ({
    en: `There is no seat ${seat} in this match`,
    ru: `В этом матче нет места ${seat}`,
  }),
} as const;

/**
 * The organizer gives a seat a new link (its old one lost or leaked): recorded, so every seat
 * sees that the link changed; the token store then revokes the seat's earlier tokens.
 */
export function decideSeatLinkReissue(state: MatchState, seat: string): Decided {
  if (state.status !== 'created' && state.status !== 'started')
    return wrongState('already_ended', REISSUE_REFUSALS.ended);
  if (!state.seats.some((s) => s.seat === seat))
    return invalid('seat', REISSUE_REFUSALS.noSeat(seat));
  return [matchEvent('SeatLinkReissued', { seat })];
}

/** When a decision ends the match, the seed is revealed in the same append. */
export function withReveal(events: NewEvent[], seed: Uint8Array): NewEvent[] {
  const ends = events.some((e) => e.type === 'MatchFinished' || e.type === 'MatchAbandoned');
  return ends ? [...events, matchEvent('RngRevealed', { seed: hexOf(seed) })] : events;
}

export function checkPlayable(
  state: MatchState,
  seat: string,
  judgeRecorded = false,
): Rejection | undefined {
  if (state.status !== 'started') {
    return wrongState(
      'not_in_play',
      state.status === 'created'
        ? { en: 'The match has not started yet', ru: 'Матч ещё не начался' }
        : { en: `The match is ${state.status}`, ru: `Матч ${STATUS_RU[state.status]}` },
    );
  }
  if (state.paused && !judgeRecorded) {
    return wrongState('paused', {
      en: `The match is paused by a judge (${state.paused.reason}): only judges act until it resumes`,
      ru: `Судья приостановил матч (${state.paused.reason}): пока игра не возобновлена, действуют только судьи`,
    });
  }
  if (!state.seats.some((s) => s.seat === seat)) return unknownSeat(state, seat);
  return undefined;
}

/**
 * What a decision or a roll waits for when the match asks reported rolls to be confirmed
 * before the next decision (undo requests and disputes never wait: they are how a wrong
 * report is corrected). Judges recording on a seat's behalf do not wait.
 */
export function confirmationRefusal(
  state: MatchState,
  judgeRecorded = false,
): Rejection | undefined {
  const waiting = awaitedConfirmation(state);
  if (waiting && !judgeRecorded) {
    return wrongState('roll_unconfirmed', {
      en: `The ${waiting.spec} roll reported by ${waiting.reporter} at seq ${waiting.seq} (${waiting.faces.join(', ')}) must first be confirmed by another seat (POST rolls/${waiting.seq}/confirm) or disputed: this match asks reported rolls to be confirmed before the next decision`,
      ru: `Сначала другой игрок должен подтвердить или оспорить бросок ${waiting.spec} (${waiting.faces.join(', ')}), о котором сообщил(а) ${seatLabel(state, waiting.reporter)} (событие №${waiting.seq}): в этом матче бросок подтверждают до следующего решения`,
    });
  }
  return undefined;
}

/** The first reported roll the next decision waits for, when the match asks for confirmations. */
export function awaitedConfirmation(state: MatchState): UnconfirmedRoll | undefined {
  if (state.dice?.confirmReported !== 'before-next-decision') return undefined;
  const pending = Object.values(state.unconfirmedRolls ?? {});
  return pending.length === 0 ? undefined : pending.reduce((a, b) => (a.seq <= b.seq ? a : b));
}

/**
 * A seat confirms a roll another seat reported: it saw the physical dice. One confirmation by
 * any other seat settles the roll (the audit names who confirmed); the reporter cannot
 * confirm its own roll, and a roll taken back by an undo or a ruling is no longer open.
 */
export function decideConfirmRoll(state: MatchState, seat: string, rollSeq: number): Decided {
  if (state.status !== 'started' && state.status !== 'finished')
    return wrongState('not_in_play', {
      en: `The match is ${state.status}`,
      ru: `Матч ${STATUS_RU[state.status]}`,
    });
  if (!state.seats.some((s) => s.seat === seat)) return unknownSeat(state, seat);
  const roll = own(state.unconfirmedRolls ?? {}, String(rollSeq));
  if (!roll)
    return wrongState('roll_not_open', {
      en: `There is no unconfirmed reported roll at seq ${rollSeq} on the match's line (it is not a reported roll, was already confirmed, or was taken back)`,
      ru: `Событие №${rollSeq} — не бросок, ждущий подтверждения: это не сообщённый бросок, он уже подтверждён или отменён`,
    });
  if (roll.reporter === seat)
    return violation('own_roll', {
      en: `Seat ${seat} reported the roll at seq ${rollSeq}: another seat confirms it`,
      ru: `Бросок (событие №${rollSeq}) сообщили вы: подтверждает его другой игрок`,
    });
  return [matchEvent('ReportedRollConfirmed', { rollSeq, seat })];
}

/** Params refused at one path; the message goes beside that field too. */
export function invalid(path: string, message: Message): Rejection {
  const en = englishOf(message);
  const localized = localizedOf(message);
  return localized
    ? {
        kind: 'invalid_params',
        message: en,
        localized,
        errors: [{ path, messages: [en], localized: [localized] }],
      }
    : { kind: 'invalid_params', message: en, errors: [{ path, messages: [en] }] };
}

/** Not now, in this state of the match; `{ en, ru }` as for `invalid`. */
export function wrongState(code: string, message: Message): Rejection {
  const localized = localizedOf(message);
  return {
    kind: 'wrong_match_state',
    code,
    message: englishOf(message),
    ...(localized && { localized }),
  };
}

/** A match's status after «Матч …»: «Матч завершён». */
export const STATUS_RU: Readonly<Record<MatchState['status'], string>> = {
  none: 'не создан',
  created: 'ещё не начат',
  started: 'идёт',
  finished: 'завершён',
  abandoned: 'прерван',
};

/** A seat as a refusal names it: its player, else its side or faction, else its id. */
export function seatLabel(state: Pick<MatchState, 'seats'>, seat: string): string {
  const spec = state.seats.find((s) => s.seat === seat);
  return spec?.player?.name || spec?.side || spec?.faction || seat;
}

function unknownSeat(state: Pick<MatchState, 'seats'>, seat: string): Rejection {
  return violation('unknown_seat', {
    en: `Match has no seat ${seat}; seats: ${state.seats.map((s) => s.seat).join(', ')}`,
    ru: `В матче нет места «${seat}»; места: ${state.seats.map((s) => seatLabel(state, s.seat)).join(', ')}`,
  });
}

/** Runs ruleset code, turning a refusal thrown from inside it (the kit's `refuse`) into its rejection. */
function refusedOrRun<T>(run: () => T | Rejection): T | Rejection {
  try {
    return run();
  } catch (error) {
    if (error instanceof RejectionSignal) return error.rejection;
    throw error;
  }
}
