import { isStrongSalt, saltedCommitment, STRONG_SALT_RULE } from '../events/secret-commitment';
import { own } from '../shared/id-record';
import { isRejection, violation, type Rejection } from '../rulesets/rule-violation';
import type { CitedMatch, Ruleset } from '../rulesets/ruleset';
import { createDecisionContext } from './decision-context';
import {
  checkPlayable,
  confirmationRefusal,
  decideDecision,
  invalid,
  seatLabel,
  wrongState,
  type Decided,
} from './match-decider';
import { matchEvent, type SealVoid } from './match-events';
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
  if (!spec)
    return invalid('kind', {
      en: `unknown decision kind "${command.kind}" for ${ruleset.id}`,
      ru: `В «${ruleset.title.ru}» нет такого решения («${command.kind}»)`,
    });
  if (!spec.sealing)
    return violation('not_sealable', {
      en: `${command.kind} is not a simultaneous hidden choice: record it openly`,
      ru: `«${spec.summary.ru}» — не скрытый выбор: запишите его открыто`,
    });
  if (!/^[0-9a-f]{64}$/.test(command.commitment)) {
    return invalid('commitment', {
      en: 'commitment must be 64 lowercase hex digits: sha256(salt + canonicalJson(params))',
      ru: 'Печать — 64 строчные шестнадцатеричные цифры: sha256(соль + canonicalJson(параметры))',
    });
  }
  // One seal per seat in a step: a step ends when every seal of its kind is revealed. A seat
  // that sealed again before that could choose after seeing the others' reveals.
  const mine = Object.values(state.seals).find(
    (s) => s.seat === command.seat && s.kind === command.kind,
  );
  if (mine)
    return wrongState(
      'already_sealed',
      mine.revealed
        ? {
            en: `Seat ${command.seat} sealed a ${command.kind} in this step (seq ${mine.seq}), revealed already: a new one may be sealed once every seal of this step is revealed`,
            ru: `Вы уже запечатали «${spec.summary.ru}» на этом шаге (событие №${mine.seq}) и вскрыли: новый выбор можно запечатать, когда будут вскрыты все выборы шага`,
          }
        : {
            en: `Seat ${command.seat} already sealed a ${command.kind} (seq ${mine.seq}) that is not revealed yet`,
            ru: `Вы уже запечатали «${spec.summary.ru}» (событие №${mine.seq}), и он ещё не вскрыт`,
          },
    );
  return [matchEvent('DecisionSealed', command)];
}

export interface RevealCommand {
  sealId: string;
  seat: string;
  params: unknown;
  salt: string;
  decisionId: string;
  /**
   * When the rules refuse the revealed choice, record it void (closing the seal, with what the
   * spec's voidAs says it counts as) instead of refusing the reveal.
   */
  voidIfRefused?: boolean;
}

export function decideReveal<RS>(
  ruleset: Ruleset<RS>,
  state: MatchState<RS>,
  command: RevealCommand,
  seed: Uint8Array,
  cited: readonly CitedMatch[] = [],
): Decided {
  const seal = own(state.seals, command.sealId);
  if (!seal)
    return invalid('sealId', {
      en: `There is no open sealed decision ${command.sealId}`,
      ru: 'Такого запечатанного выбора нет',
    });
  if (seal.seat !== command.seat)
    return {
      kind: 'not_permitted',
      message: `Sealed decision ${command.sealId} belongs to seat ${seal.seat}`,
      localized: {
        en: `Sealed decision ${command.sealId} belongs to seat ${seal.seat}`,
        ru: `Этот выбор запечатал(а) ${seatLabel(state as MatchState, seal.seat)}, а не вы`,
      },
    };
  if (seal.revealed)
    return wrongState('already_revealed', {
      en: `Sealed decision ${command.sealId} was already revealed`,
      ru: `Этот запечатанный выбор уже вскрыт (событие №${seal.seq})`,
    });
  const spec = own(ruleset.decisions, seal.kind);
  if (!isStrongSalt(command.salt))
    return invalid('salt', {
      en: STRONG_SALT_RULE,
      ru: 'Соль — от 32 до 128 строчных шестнадцатеричных цифр (не меньше 128 случайных бит): по короткой соли любой, кто видит печать, переберёт все варианты',
    });
  if (saltedCommitment(command.salt, command.params) !== seal.commitment) {
    return violation(
      'seal_mismatch',
      {
        en: `sha256(salt + canonicalJson(params)) does not match the commitment recorded at seq ${seal.seq}: nothing was applied`,
        ru: `Вскрытый выбор не совпадает с печатью, записанной в событии №${seal.seq}: ничего не применено`,
      },
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
      {
        en: `Every seat must seal its ${seal.kind} before any reveal; still to seal: ${missing.join(', ')}`,
        ru: `Вскрывать можно, когда выбор запечатают все; ещё не запечатали: ${missing.map((s) => seatLabel(state as MatchState, s)).join(', ')}`,
      },
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
  if (isRejection(decided)) {
    if (!command.voidIfRefused) return decided;
    return decideVoid(ruleset, state, command, seal.kind, decided, seed, cited);
  }
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

/**
 * A revealed choice the rules refuse, recorded void at its seat's request: the reveal (the
 * commitment checked, the choice public), the refusal, and the decision the spec says a void
 * choice stands for. Only a refusal of the choice itself voids it: one of the match's state
 * (a pause, a turn) may pass, and is returned as it is.
 */
function decideVoid<RS>(
  ruleset: Ruleset<RS>,
  state: MatchState<RS>,
  command: RevealCommand,
  kind: string,
  refusal: Rejection,
  seed: Uint8Array,
  cited: readonly CitedMatch[],
): Decided {
  if (refusal.kind !== 'invalid_params' && refusal.kind !== 'rule_violation') return refusal;
  const spec = own(ruleset.decisions, kind);
  const voidAs = spec?.voidAs?.(createDecisionContext(state, command.seat, seed));
  if (!voidAs)
    return violation(
      'not_voidable',
      {
        en: `${refusal.message}. ${ruleset.id} gives a refused ${kind} no meaning of its own: it stays sealed, and a judge of the match rules on it`,
        ru: `${(refusal.localized ?? { ru: refusal.message }).ru}. В «${ruleset.title.ru}» у отклонённого выбора нет своего значения: он остаётся запечатанным, решает судья матча`,
      },
      refusal.kind === 'rule_violation' ? refusal.ruleRef : spec?.sealRuleRef,
    );
  const why: SealVoid = {
    kind: refusal.kind,
    ...(refusal.kind === 'rule_violation' ? { code: refusal.code } : {}),
    message: refusal.message,
    ...(refusal.kind === 'rule_violation' && refusal.ruleRef ? { ruleRef: refusal.ruleRef } : {}),
  };
  const reveal = matchEvent('SealRevealed', {
    sealId: command.sealId,
    seat: command.seat,
    salt: command.salt,
    params: command.params,
    void: why,
  });
  if (voidAs.params === undefined) return [reveal];
  const standIn = decideDecision(
    ruleset,
    state,
    {
      decisionId: command.decisionId,
      kind,
      seat: command.seat,
      params: voidAs.params,
      voidedSeal: command.sealId,
    },
    seed,
    cited,
  );
  if (isRejection(standIn))
    return violation(
      'void_refused',
      {
        en: `${refusal.message}. What a void ${kind} stands for is refused too: ${standIn.message}; a judge of the match rules on it`,
        ru: `${(refusal.localized ?? { ru: refusal.message }).ru}. То, что заменяет недействительный выбор, тоже отклонено: ${(standIn.localized ?? { ru: standIn.message }).ru}; решает судья матча`,
      },
      spec?.sealRuleRef,
    );
  return [reveal, ...standIn];
}
