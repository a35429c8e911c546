import { STATUS_CODES } from 'node:http';
import { HttpException } from '@nestjs/common';
import { ApplicationError, type ApplicationErrorKind } from '../../application/errors';
import {
  InvalidEventError,
  StoreUnavailableError,
  StreamNotFoundError,
  WrongExpectedRevisionError,
} from '../../application/ports/event-store.port';
import type { LocalizedText } from '../../domain/shared/localized-text';
import type { ProblemLanguage } from './accept-language';
import { HttpRefusalError } from './http-refusal.error';

/** An RFC 9457 problem: the body of every error response. */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  /** The request path. */
  instance: string;
  /** The request's id (`X-Request-Id`), to find its lines in the service's log. */
  requestId?: string;
  [extension: string]: unknown;
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
export const PROBLEM_TYPE_BASE = 'https://matchlog.dev/problems/';

/** Said when the event store cannot be reached; its reason (hosts, ports) stays in the log. */
const STORE_UNAVAILABLE: LocalizedText = {
  en: 'The event store cannot be reached just now: nothing was recorded. Send the same request again in a few seconds',
  ru: 'Хранилище событий сейчас недоступно: ничего не записано. Повторите тот же запрос через несколько секунд',
};

/** The status of each kind of application error: the one place the application meets HTTP. */
const STATUS_OF_KIND: Readonly<Record<ApplicationErrorKind, number>> = {
  'invalid-input': 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  refused: 422,
  'over-quota': 429,
  'not-ready': 503,
};

export function statusOfKind(kind: ApplicationErrorKind): number {
  return STATUS_OF_KIND[kind];
}

interface Classified {
  status: number;
  code: string;
  detail: string;
  /** Both forms of the detail, when it has been translated. */
  localized?: LocalizedText;
  extensions?: Record<string, unknown>;
}

/** A problem in the language it was written in: `Content-Language` of the answer. */
export interface NegotiatedProblem {
  problem: ProblemDetails;
  language: ProblemLanguage;
}

/** The one mapping from anything thrown to a problem, in English. Status 500 means "log it". */
export function problemFor(error: unknown, instance: string, requestId?: string): ProblemDetails {
  return negotiatedProblemFor(error, instance, requestId, 'en').problem;
}

/**
 * The problem in the reader's language (negotiated from `Accept-Language`): `detail` and the
 * rule's message are the reader's form when the refusal has both, else English (a message
 * not yet translated), and `language` says which one was written.
 */
export function negotiatedProblemFor(
  error: unknown,
  instance: string,
  requestId: string | undefined,
  reader: ProblemLanguage,
): NegotiatedProblem {
  const { status, code, detail, localized, extensions = {} } = classify(error);
  const language: ProblemLanguage = localized ? reader : 'en';
  const problem: ProblemDetails = {
    type: PROBLEM_TYPE_BASE + code,
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail: localized ? localized[language] : detail,
    instance,
    ...(requestId !== undefined && { requestId }),
  };
  // Extensions add members; they never replace the standard ones.
  for (const [name, value] of Object.entries(extensions)) {
    if (!(name in problem)) problem[name] = value;
  }
  // The rule's message repeats the detail: the same language.
  if (localized && isRuleMember(problem.rule))
    problem.rule = { ...problem.rule, message: localized[language] };
  if (Array.isArray(problem.errors)) problem.errors = problem.errors.map(fieldErrorIn(reader));
  return { problem, language };
}

/** A field error's messages in the reader's language where they have both forms. */
function fieldErrorIn(reader: ProblemLanguage) {
  return (error: unknown): unknown => {
    if (typeof error !== 'object' || error === null || !('localized' in error)) return error;
    const { localized, ...rest } = error as { localized?: LocalizedText[]; messages?: string[] };
    return Array.isArray(localized) && localized.length === rest.messages?.length
      ? { ...rest, messages: localized.map((text) => text[reader]) }
      : rest;
  };
}

function isRuleMember(value: unknown): value is { message: string } {
  return typeof value === 'object' && value !== null && 'message' in value;
}

function classify(error: unknown): Classified {
  if (error instanceof ApplicationError || error instanceof HttpRefusalError) {
    return {
      status: error instanceof ApplicationError ? statusOfKind(error.kind) : error.status,
      code: error.code,
      detail: error.message,
      ...(error.localized && { localized: error.localized }),
      extensions: error.extensions,
    };
  }
  if (error instanceof InvalidEventError) {
    const tooLarge = error.reason === 'too_large';
    return {
      status: tooLarge ? 413 : 400,
      code: tooLarge ? 'payload-too-large' : 'not-serializable',
      detail: error.message,
      extensions: { eventId: error.eventId },
    };
  }
  if (error instanceof WrongExpectedRevisionError) {
    return {
      status: 409,
      code: 'wrong-expected-revision',
      detail: `${error.message}: reload and try again`,
      extensions: {
        expectedSeq: typeof error.expected === 'bigint' ? Number(error.expected) : null,
        actualSeq: error.actual === 'no_stream' ? null : Number(error.actual),
      },
    };
  }
  if (error instanceof StoreUnavailableError) {
    return {
      status: 503,
      code: 'store-unavailable',
      detail: STORE_UNAVAILABLE.en,
      localized: STORE_UNAVAILABLE,
      extensions: { retryAfterSeconds: error.retryAfterSeconds },
    };
  }
  if (error instanceof StreamNotFoundError) {
    return { status: 404, code: 'not-found', detail: error.message };
  }
  // Nest's own exceptions, and the Fastify errors Nest wraps in them (body too large,
  // unsupported media type, unknown route).
  if (error instanceof HttpException) {
    const status = error.getStatus();
    return { status, code: codeForStatus(status), detail: httpExceptionDetail(error) };
  }
  return {
    status: 500,
    code: 'internal-error',
    detail: 'An unexpected error occurred. It has been logged; please try again later.',
  };
}

/** The problem code of a bare HTTP status: 413 → 'payload-too-large'. */
export function codeForStatus(status: number): string {
  return (STATUS_CODES[status] ?? 'error').toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

function httpExceptionDetail(error: HttpException): string {
  const response = error.getResponse();
  if (typeof response === 'string') return response;
  const { message } = response as { message?: unknown };
  if (Array.isArray(message)) return message.join('; ');
  return typeof message === 'string' ? message : error.message;
}
