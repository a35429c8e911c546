/**
 * Why a decision was refused. The application turns each kind into an application error,
 * whose kind the HTTP layer maps to a status in one place; the domain never speaks HTTP.
 */
export interface RuleViolation {
  kind: 'rule_violation';
  code: string;
  message: string;
  /** Where the rule is: section and the quoted sentence of the rules text. */
  ruleRef?: string;
  /** The seq of the event that blocks the decision, when one does (undo verdicts). */
  blockingSeq?: number;
}

export interface InvalidParams {
  kind: 'invalid_params';
  message: string;
  errors: { path: string; messages: string[] }[];
}

/** The actor may not do this (a seat acting for another seat, a seat issuing a ruling). */
export interface NotPermitted {
  kind: 'not_permitted';
  message: string;
}

/** The match is not in a state that accepts this (not started, finished, paused). */
export interface WrongMatchState {
  kind: 'wrong_match_state';
  code: string;
  message: string;
}

export type Rejection = RuleViolation | InvalidParams | NotPermitted | WrongMatchState;

export function violation(code: string, message: string, ruleRef?: string): RuleViolation {
  return ruleRef
    ? { kind: 'rule_violation', code, message, ruleRef }
    : { kind: 'rule_violation', code, message };
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
