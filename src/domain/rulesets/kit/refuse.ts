import type { Message } from '../../shared/localized-text';
import { RejectionSignal, violation } from '../rule-violation';

/**
 * The one way a ruleset refuses a decision: from anywhere inside it (a battle step, a check
 * three calls deep), with the rule's code, a message that says what was wrong, and the rule
 * reference (section and quoted sentence). The engine answers with the violation and records
 * nothing. The message is `{ en, ru }`, named as the board names things (a bare string is
 * English only, shown as is to Russian readers until translated).
 */
export function refuse(code: string, message: Message, ruleRef?: string): never {
  throw new RejectionSignal(violation(code, message, ruleRef));
}
