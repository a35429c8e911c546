import { RejectionSignal, violation } from '../rule-violation';

/**
 * The one way a ruleset refuses a decision: from anywhere inside it (a battle step, a check
 * three calls deep), with the rule's code, a message that says what was wrong, and the rule
 * reference (section and quoted sentence). The engine answers with the violation and records
 * nothing.
 */
export function refuse(code: string, message: string, ruleRef?: string): never {
  throw new RejectionSignal(violation(code, message, ruleRef));
}
