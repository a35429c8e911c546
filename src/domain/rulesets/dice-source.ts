import type { DiceMode, DiceModes, ReportedRollConfirmation } from '../dice/dice-modes';
import type { OptionSpec, OptionValue } from './ruleset';

const DICE_MODES: readonly DiceMode[] = ['server', 'reported', 'either'];
const CONFIRMATIONS: readonly ReportedRollConfirmation[] = ['optional', 'before-next-decision'];

/**
 * The option of every game with physical dice: whether a roll reported by one seat must be
 * confirmed by another before play goes on. The rules texts say nothing about it (they assume
 * everyone sees the dice at the table); it is the club's or the tournament's policy.
 */
export const REPORTED_ROLL_CONFIRMATION_OPTION = {
  id: 'reportedRollConfirmation',
  title: { en: 'Confirming reported dice', ru: 'Подтверждение физических бросков' },
  description: {
    en: 'Optional: another seat may confirm a roll reported from physical dice, and play goes on either way. Before the next decision: no decision or roll is accepted until another seat has confirmed the last reported roll (or a judge rules on a dispute about it). Not a rule of the game: the policy of the club or tournament.',
    ru: 'По желанию: другой игрок может подтвердить значения физических кубиков, игра продолжается в любом случае. До следующего решения: ни одно решение и ни один бросок не принимаются, пока другой игрок не подтвердит последний физический бросок (или судья не вынесет решение по спору о нём). Не правило игры, а правило клуба или турнира.',
  },
  type: 'enum',
  choices: [
    { value: 'optional', title: { en: 'Optional', ru: 'По желанию' } },
    {
      value: 'before-next-decision',
      title: { en: 'Before the next decision', ru: 'До следующего решения' },
    },
  ],
  default: 'optional',
} as const satisfies OptionSpec;

/**
 * The dice of a match whose option `diceSource` (server, reported or either) covers every
 * roll, and whose `reportedRollConfirmation` says whether reported rolls wait for another seat.
 */
export function diceModesFromSource(
  source: OptionValue | undefined,
  confirmation?: OptionValue,
): DiceModes {
  const mode = DICE_MODES.find((m) => m === source);
  const confirm = CONFIRMATIONS.find((c) => c === confirmation);
  return {
    default: mode ?? 'either',
    ...(confirm && confirm !== 'optional' ? { confirmReported: confirm } : {}),
  };
}
