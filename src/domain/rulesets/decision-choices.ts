import { own } from '../shared/id-record';
import type { AvailabilityContext, DecisionSpec } from './ruleset';
import type { ChoiceValue, FieldChoices } from './field-choices';
import type { LocalizedText } from '../shared/localized-text';

/**
 * What a decision's form may offer, field by field, as the rules allow it now for the seat
 * (issue 39, "choices come from the rules, not from the table"): computed by the ruleset from
 * the match, beside the decision's `decide`, and kept in step with it by a property test
 * (decision-choices.spec): every value offered, completed with other values offered, is
 * accepted; the offer is never empty while the kind is offered.
 */

export type { ChoiceValue, CountedValue, FieldChoices } from './field-choices';

/**
 * A decision kind's field choices: given the params chosen so far (a ship), the values legal
 * now for the fields (where it may go). Pure; never throws; fields it does not list are
 * filled as the form's schema says.
 */
export type ChoicesOf<RS> = (
  ctx: AvailabilityContext<RS>,
  chosen: Readonly<Record<string, unknown>>,
) => FieldChoices[];

/** Decisions, each given its field choices (`DecisionSpec.choices`) from one table: the kit's table decisions only. */
export function withChoices<RS>(
  decisions: Record<string, DecisionSpec<RS, never>>,
  choices: Record<string, ChoicesOf<RS>>,
): Record<string, DecisionSpec<RS, never>> {
  return Object.fromEntries(
    Object.entries(decisions).map(([kind, spec]) => {
      const of = own(choices, kind);
      return [kind, of ? { ...spec, choices: of } : spec];
    }),
  );
}

/** Names as a person reads them: numbers in order (Сектор 2 before Сектор 10, A2 before A10). */
export function byName(lang: 'en' | 'ru' = 'ru') {
  return (a: ChoiceValue, b: ChoiceValue): number =>
    a.name[lang].localeCompare(b.name[lang], lang, { numeric: true, sensitivity: 'base' });
}

/** The same text in both languages (a proper name printed on a card). */
export const both = (text: string): LocalizedText => ({ en: text, ru: text });
