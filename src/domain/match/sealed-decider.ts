import { isStrongSalt, saltedCommitment, STRONG_SALT_RULE } from '../events/secret-commitment';
import { own } from '../shared/id-record';
import { isRejection, violation } from '../rulesets/rule-violation';
import type { CitedMatch, Ruleset } from '../rulesets/ruleset';
import { createDecisionContext } from './decision-context';
import {
  checkPlayable,
  confirmationRefusal,
  decideDecision,
  invalid,
  wrongState,
  type Decided,
} from './match-decider';
import { matchEvent } from './match-events';
import type { MatchState } from './match-state';

/**
 * Sealed decisions (commit–reveal, DESIGN section 5): a seat records only
 * sha256(salt + canonicalJson(params)) (`saltedCommitment`); the choice reaches the server at
 * the reveal, where the hash is checked. Not even the operator can see or change a sealed
 * choice before. The salt must have at least 128 bits, else the public commitment is an
 * oracle for the few choices a battle plan can have.
 */

export interface SealCommand {
  sealId: string;
  seat: string;
  kind: string;
  commitment: string;
}

export function decideSeal<RS>(
  ruleset: Ruleset<RS>,
  state: MatchState<RS>,
  command: SealCommand,
): Decided {
  const playable =
    checkPlayable(state as MatchState, command.seat) ?? confirmationRefusal(state as MatchState);
  if (playable) return playable;
  const spec = own(ruleset.decisions, command.kind);
  if (!spec) return invalid('kind', `unknown decision kind "${command.kind}" for ${ruleset.id}`);
  if (!spec.sealing)
    return violation(
      'not_sealable',
      `${command.kind} is not a simultaneous hidden choice: record it openly`,
    );
  if (!/^[0-9a-f]{64}$/.test(command.commitment)) {
    return invalid(
      'commitment',
      'commitment must be 64 lowercase hex digits: sha256(salt + canonicalJson(params))',
    );
  }
  const open = Object.values(state.seals).find(
    (s) => s.seat === command.seat && s.kind === command.kind && !s.revealed,
  );
  if (open)
    return wrongState(
      'already_sealed',
      `Seat ${command.seat} already sealed a ${command.kind} (seq ${open.seq}) that is not revealed yet`,
    );
  return [matchEvent('DecisionSealed', command)];
}

export interface RevealCommand {
  sealId: string;
  seat: string;
  params: unknown;
  salt: string;
  decisionId: string;
}

export function decideReveal<RS>(
  ruleset: Ruleset<RS>,
  state: MatchState<RS>,
  command: RevealCommand,
  seed: Uint8Array,
  cited: readonly CitedMatch[] = [],
): Decided {
  const seal = own(state.seals, command.sealId);
  if (!seal) return invalid('sealId', `There is no open sealed decision ${command.sealId}`);
  if (seal.seat !== command.seat)
    return {
      kind: 'not_permitted',
      message: `Sealed decision ${command.sealId} belongs to seat ${seal.seat}`,
    };
  if (seal.revealed)
    return wrongState('already_revealed', `Sealed decision ${command.sealId} was already revealed`);
  const spec = own(ruleset.decisions, seal.kind);
  if (!isStrongSalt(command.salt)) return invalid('salt', STRONG_SALT_RULE);
  if (saltedCommitment(command.salt, command.params) !== seal.commitment) {
    return violation(
      'seal_mismatch',
      `sha256(salt + canonicalJson(params)) does not match the commitment recorded at seq ${seal.seq}: nothing was applied`,
      spec?.sealRuleRef,
    );
  }
  const waitFor = spec?.revealAfter?.(createDecisionContext(state, command.seat, seed)) ?? [];
  const missing = waitFor.filter(
    (seat) => !Object.values(state.seals).some((s) => s.seat === seat && s.kind === seal.kind),
  );
  if (missing.length > 0) {
    return violation(
      'reveal_too_early',
      `Every seat must seal its ${seal.kind} before any reveal; still to seal: ${missing.join(', ')}`,
      spec?.sealRuleRef,
    );
  }
  const decided = decideDecision(
    ruleset,
    state,
    {
      decisionId: command.decisionId,
      kind: seal.kind,
      seat: command.seat,
      params: command.params,
      sealId: command.sealId,
    },
    seed,
    cited,
  );
  if (isRejection(decided)) return decided;
  return [
    matchEvent('SealRevealed', {
      sealId: command.sealId,
      seat: command.seat,
      salt: command.salt,
      params: command.params,
    }),
    ...decided,
  ];
}
