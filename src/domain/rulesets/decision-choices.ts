import { own } from '../shared/id-record';
import type { LocalizedText } from '../shared/localized-text';
import type { AvailabilityContext, DecisionSpec } from './ruleset';

/**
 * What a decision's form may offer, field by field, as the rules allow it now for the seat
 * (issue 39, "choices come from the rules, not from the table"): computed by the ruleset from
 * the match, beside the decision's `decide`, and kept in step with it by a property test
 * (decision-choices.spec): every value offered, completed with other values offered, is
 * accepted; the offer is never empty while the kind is offered.
 */

/** One value a field may take: what is sent, the name the board gives it, what helps choose it. */
export interface ChoiceValue {
  value: string | number | boolean;
  name: LocalizedText;
  /** What a player needs to choose (a ship's hull and cost, a distance, a leader's strength). */
  hint?: LocalizedText;
  /**
   * Shown but not choosable now, and why (a proposal whose dues a member cannot pay): the
   * page says why instead of hiding it. `decide` refuses it with the same words.
   */
  refused?: LocalizedText;
}

/** A value of a list of counted entries (a deck's card and its copies, a build and its pay). */
export interface CountedValue extends ChoiceValue {
  /** The fewest and most the entry may count when it is listed. */
  min: number;
  max: number;
}

/** A value placed somewhere: each one must get one of `places` (ships deployed to sectors). */
export type FieldChoices =
  /**
   * One value of `values` (a select); `path` is the param's path: `ship`, `commander.catalog`.
   * `tried`: the ruleset lists candidates, and the match keeps those with which some choice of
   * the fields after them is accepted by the decider (a volley's targets in range).
   */
  | {
      path: string;
      pick: 'one';
      values: ChoiceValue[];
      tried?: true;
      /** The rules require it now, though the schema makes it optional (a leader on the wheel). */
      required?: true;
    }
  /** Several distinct values of `values` (checkboxes), at least `min`, at most `max`. */
  | { path: string; pick: 'many'; min: number; max: number; values: ChoiceValue[]; tried?: true }
  /**
   * A list of `{ [item]: value, [count]: n }`: each value listed at most once, with a count
   * in its range; the counts' sum within `total` when it is given (25 setup resources).
   */
  | {
      path: string;
      pick: 'counts';
      item: string;
      count: string;
      values: CountedValue[];
      total?: { min?: number; max?: number; unit: LocalizedText };
      /** The counts are scores (a battle's points), not copies: no sum nor most is shown. */
      scores?: true;
    }
  /**
   * A list built in order (a ship's steps): `values` are what may come next after the items
   * chosen so far, at most `max` items. The ruleset lists every candidate; the match keeps
   * those its `decide` accepts after the items chosen (decisionChoices).
   */
  | { path: string; pick: 'sequence'; max: number; values: ChoiceValue[] }
  /**
   * A list of `{ [item]: value, [place]: place }`: every value of `values` gets one place, or,
   * `optional`, any of them (ships sent to attack; none sent is an empty list). `grouped`: the
   * values at one place make one entry, `[item]` their list (two ships colonising one planet).
   */
  | {
      path: string;
      pick: 'places';
      item: string;
      place: string;
      values: ChoiceValue[];
      places: ChoiceValue[];
      optional?: true;
      grouped?: true;
    };

/**
 * A decision kind's field choices: given the params chosen so far (a ship), the values legal
 * now for the fields (where it may go). Pure; never throws; fields it does not list are
 * filled as the form's schema says.
 */
export type ChoicesOf<RS> = (
  ctx: AvailabilityContext<RS>,
  chosen: Readonly<Record<string, unknown>>,
) => FieldChoices[];

/** A game's decisions, each given its field choices (`DecisionSpec.choices`), kept as one table. */
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
