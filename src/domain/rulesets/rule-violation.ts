import { englishOf, localizedOf, type LocalizedText, type Message } from '../shared/localized-text';

/**
 * Why a decision was refused. The application turns each kind into an application error,
 * whose kind the HTTP layer maps to a status in one place; the domain never speaks HTTP.
 */
export interface RuleViolation {
  kind: 'rule_violation';
  code: string;
  /** In English (logs, English readers); `localized` holds both forms once translated. */
  message: string;
  localized?: LocalizedText;
  /** Where the rule is: section and the quoted sentence of the rules text. */
  ruleRef?: string;
  /** The seq of the event that blocks the decision, when one does (undo verdicts). */
  blockingSeq?: number;
}

export interface InvalidParams {
  kind: 'invalid_params';
  message: string;
  localized?: LocalizedText;
  /** Each failing field; `localized` (when given) holds both forms of each of its messages. */
  errors: {
    path: string;
    messages: string[];
    localized?: LocalizedText[];
    /** The rule the field breaks, quoted, where it exceeds a limit of the rules (a position). */
    ruleRef?: string;
  }[];
}

/** The actor may not do this (a seat acting for another seat, a seat issuing a ruling). */
export interface NotPermitted {
  kind: 'not_permitted';
  message: string;
  localized?: LocalizedText;
}

/** The match is not in a state that accepts this (not started, finished, paused). */
export interface WrongMatchState {
  kind: 'wrong_match_state';
  code: string;
  message: string;
  localized?: LocalizedText;
}

export type Rejection = RuleViolation | InvalidParams | NotPermitted | WrongMatchState;

/** A rule refusal; pass `{ en, ru }` so the reader gets it in his language (a string is English only). */
export function violation(code: string, message: Message, ruleRef?: string): RuleViolation {
  const localized = localizedOf(message);
  return {
    kind: 'rule_violation',
    code,
    message: englishOf(message),
    ...(localized && { localized }),
    ...(ruleRef && { ruleRef }),
  };
}

/** The rejection with `prefix` before its message, in both forms («Решение 2: …»). */
export function prefixed<R extends Rejection>(rejection: R, prefix: LocalizedText): R {
  return {
    ...rejection,
    message: prefix.en + rejection.message,
    ...(rejection.localized && {
      localized: {
        en: prefix.en + rejection.localized.en,
        ru: prefix.ru + rejection.localized.ru,
      },
    }),
  };
}

export function isRejection(value: unknown): value is Rejection {
  return (
    typeof value === 'object' &&
    value !== null &&
    'kind' in value &&
    ['rule_violation', 'invalid_params', 'not_permitted', 'wrong_match_state'].includes(
      (value as { kind: string }).kind,
    )
  );
}

/**
 * Thrown inside a decision to refuse it from deep within (a battle step, a bad reported die);
 * the engine catches it and answers with the rejection. Rulesets throw it through the kit's
 * `refuse`.
 */
export class RejectionSignal extends Error {
  constructor(readonly rejection: Rejection) {
    super(rejection.message);
  }
}
