import type { ChainBreak } from '../domain/events/hash-chain';
import type { Rejection } from '../domain/rulesets/rule-violation';
import {
  englishOf,
  localizedOf,
  type LocalizedText,
  type Message,
} from '../domain/shared/localized-text';

/**
 * What went wrong, in the application's words. The HTTP layer alone turns a kind into a
 * status (infrastructure/http/problem-details.ts); nothing here speaks HTTP.
 */
export const APPLICATION_ERROR_KINDS = [
  /** The request is malformed or its values are out of range. */
  'invalid-input',
  /** No valid token came with a request that needs one. */
  'unauthenticated',
  /** The token does not grant this action. */
  'forbidden',
  'not-found',
  /** The request contradicts the match as it is now (its revision, its lifecycle, a record). */
  'conflict',
  /** What would be stored is larger than the store accepts. */
  'too-large',
  /** Well-formed and permitted, but refused: a rule, a reused idempotency key, an unfoldable event. */
  'refused',
  /** The caller used up a quota; it may try again later (`retryAfterSeconds`). */
  'over-quota',
  /** The answer is being prepared (a read model catching up); ask again (`retryAfterSeconds`). */
  'not-ready',
] as const;

export type ApplicationErrorKind = (typeof APPLICATION_ERROR_KINDS)[number];

/**
 * Application errors: a kind (what went wrong), a code and a message (which thing, exactly).
 * The message is `{ en, ru }` or a plain string (English only); `message` is always the
 * English form, and the HTTP layer picks the reader's form from `localized`.
 */
export abstract class ApplicationError extends Error {
  abstract readonly kind: ApplicationErrorKind;
  /** Short machine-readable code, the problem `type` suffix. */
  abstract readonly code: string;
  /** Extra problem members (rule, errors, actualSeq, ...). */
  readonly extensions: Record<string, unknown> = {};
  /** Both forms of the message, when it has been translated. */
  readonly localized?: LocalizedText;

  constructor(message: Message) {
    super(englishOf(message));
    this.localized = localizedOf(message);
  }
}

/** A decision or command the domain refused. */
export class RejectedError extends ApplicationError {
  readonly kind: ApplicationErrorKind;
  readonly code: string;
  constructor(readonly rejection: Rejection) {
    super(rejection.localized ?? rejection.message);
    this.name = 'RejectedError';
    switch (rejection.kind) {
      case 'rule_violation':
        this.kind = 'refused';
        this.code = 'rule-violation';
        // `message` in English; the HTTP layer puts the reader's form (`localized`) in its place.
        this.extensions.rule = {
          code: rejection.code,
          message: rejection.message,
          ref: rejection.ruleRef ?? null,
        };
        if (rejection.blockingSeq !== undefined)
          this.extensions.blockingSeq = rejection.blockingSeq;
        break;
      case 'invalid_params':
        this.kind = 'invalid-input';
        this.code = 'invalid-params';
        this.extensions.errors = rejection.errors;
        break;
      case 'not_permitted':
        this.kind = 'forbidden';
        this.code = 'forbidden';
        break;
      case 'wrong_match_state':
        this.kind = 'conflict';
        this.code = rejection.code.replace(/_/g, '-');
        break;
    }
  }
}

export class NotFoundError extends ApplicationError {
  readonly kind = 'not-found';
  readonly code = 'not-found';
  constructor(message: Message) {
    super(message);
    this.name = 'NotFoundError';
  }
}

export class BadRequestError extends ApplicationError {
  readonly kind = 'invalid-input';
  readonly code: string;
  constructor(
    message: Message,
    code = 'bad-request',
    errors?: { path: string; messages: string[]; localized?: LocalizedText[] }[],
  ) {
    super(message);
    this.name = 'BadRequestError';
    this.code = code;
    if (errors) this.extensions.errors = errors;
  }
}

export class UnauthorizedError extends ApplicationError {
  readonly kind = 'unauthenticated';
  readonly code = 'unauthorized';
  constructor(
    message: Message = {
      en: 'A valid bearer token is required',
      ru: 'Нужен действующий токен доступа (Bearer)',
    },
  ) {
    super(message);
    this.name = 'UnauthorizedError';
  }
}

export class ForbiddenError extends ApplicationError {
  readonly kind = 'forbidden';
  readonly code = 'forbidden';
  constructor(message: Message) {
    super(message);
    this.name = 'ForbiddenError';
  }
}

/** The client pinned a revision (If-Match / expectedSeq) that is no longer the head. */
export class StaleRevisionError extends ApplicationError {
  readonly kind = 'conflict';
  readonly code = 'stale-revision';
  constructor(expectedSeq: number, actualSeq: number) {
    super({
      en: `The match is at seq ${actualSeq}, not ${expectedSeq}: reload it and decide again`,
      ru: `Матч ушёл вперёд: последнее событие — №${actualSeq}, а не №${expectedSeq}. Обновите страницу и решите заново`,
    });
    this.name = 'StaleRevisionError';
    this.extensions.expectedSeq = expectedSeq;
    this.extensions.actualSeq = actualSeq;
  }
}

/** An event refused by the store before anything was written (too large, not serializable). */
export class PayloadRejectedError extends ApplicationError {
  readonly kind: ApplicationErrorKind;
  readonly code: string;
  constructor(message: Message, reason: 'too_large' | 'not_serializable') {
    super(message);
    this.name = 'PayloadRejectedError';
    this.kind = reason === 'too_large' ? 'too-large' : 'invalid-input';
    this.code = reason === 'too_large' ? 'payload-too-large' : 'not-serializable';
  }
}

/** The resource already exists, or the request contradicts what was recorded before. */
export class ConflictError extends ApplicationError {
  readonly kind = 'conflict';
  constructor(
    message: Message,
    readonly code: string,
  ) {
    super(message);
    this.name = 'ConflictError';
  }
}

/** A read model has not caught up with the log yet: the answer is coming (503 with Retry-After). */
export class NotReadyError extends ApplicationError {
  readonly kind = 'not-ready';
  constructor(
    message: Message,
    readonly code: string,
    retryAfterSeconds: number,
  ) {
    super(message);
    this.name = 'NotReadyError';
    this.extensions.retryAfterSeconds = retryAfterSeconds;
  }
}

/** An Idempotency-Key sent again with another request than the one it first came with. */
export class IdempotencyKeyReusedError extends ApplicationError {
  readonly kind = 'refused';
  readonly code = 'idempotency-key-reused';
  constructor(key: string, firstSeq: number) {
    super({
      en: `Idempotency-Key ${key} was already used by this token for another decision (seq ${firstSeq}): a retry must send the same kind and params; use a new key for a new decision`,
      ru: `Ключ Idempotency-Key ${key} уже использован этим токеном для другого решения (событие №${firstSeq}): повтор должен отправлять то же решение с теми же параметрами, а для нового решения нужен новый ключ`,
    });
    this.name = 'IdempotencyKeyReusedError';
  }
}

/**
 * The events a command decided cannot be applied to the match (its fold throws on them):
 * refused before anything is written, since a stored event must replay forever.
 */
export class EventNotApplicableError extends ApplicationError {
  readonly kind = 'refused';
  readonly code = 'event-not-applicable';
  constructor(decision: string | undefined, eventType: string) {
    super({
      en: `${decision === undefined ? 'The command' : `The decision ${decision}`} was not recorded: its ${eventType} event cannot be applied to the match, and nothing was appended`,
      ru: `${decision === undefined ? 'Команда не записана' : 'Решение не записано'}: событие, которое из него следует, нельзя применить к матчу; ничего не добавлено`,
    });
    this.name = 'EventNotApplicableError';
    this.extensions.decision = decision ?? null;
    this.extensions.eventType = eventType;
  }
}

/** Where a stream's hash chain breaks, as found when it was loaded. */
export interface StreamChainBreak {
  /** The store's stream (`match-<id>`, `notes-<id>`, `audit-<id>`). */
  stream: string;
  matchId: string;
  brokenSeq: number;
  reason: ChainBreak;
  message: string;
}

/** What each break reason means, for the person refused. */
export const CHAIN_BREAK_MEANING: Record<ChainBreak, LocalizedText> = {
  hash_mismatch: {
    en: 'the event was altered after it was recorded',
    ru: 'событие изменено после записи',
  },
  prev_hash_mismatch: {
    en: 'the event does not follow the one before it',
    ru: 'событие не продолжает предыдущее',
  },
  seq_out_of_order: {
    en: 'an event is missing or out of order',
    ru: 'событие пропущено или не на своём месте',
  },
  match_id_mismatch: {
    en: 'the event belongs to another match',
    ru: 'событие принадлежит другой партии',
  },
  secret_mismatch: {
    en: 'the event’s secret does not open its commitment',
    ru: 'секрет события не совпадает с его обязательством',
  },
};

/** The refusal of a write to a stream whose chain breaks, in both languages. */
export function chainBrokenText(broken: StreamChainBreak): LocalizedText {
  const what = CHAIN_BREAK_MEANING[broken.reason];
  const notes = !broken.stream.startsWith('match-');
  return {
    en:
      `The ${notes ? 'side log' : 'log'} of match ${broken.matchId} is damaged at seq ${broken.brokenSeq}: ${what.en}. ` +
      'It is served read-only: nothing more is recorded on it and no export of it is signed; restore the store from a backup (npm run restore -- FILE).',
    ru:
      `${notes ? 'Журнал заметок' : 'Журнал'} матча ${broken.matchId} повреждён на событии №${broken.brokenSeq}: ${what.ru}. ` +
      'Он доступен только для чтения: в него больше ничего не записывается, и его экспорт не подписывается; восстановите хранилище из резервной копии (npm run restore -- FILE).',
  };
}

/**
 * A write to a stream whose hash chain does not verify: nothing is appended to a chain that
 * is known to be broken, so no receipt or signature ever vouches for what follows the break.
 */
export class ChainBrokenError extends ApplicationError {
  readonly kind = 'conflict';
  readonly code = 'chain-broken';
  constructor(broken: StreamChainBreak) {
    super(chainBrokenText(broken));
    this.name = 'ChainBrokenError';
    this.extensions.brokenSeq = broken.brokenSeq;
    this.extensions.chainBreak = broken.reason;
  }
}
