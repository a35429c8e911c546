import type { LocalizedText } from '../shared/localized-text';

/**
 * The shapes of what a decision's form may offer, field by field (`DecisionSpec.choices`);
 * how a game builds them is decision-choices.ts. Apart so that the interface (ruleset.ts)
 * names them without importing what imports it.
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
  | {
      path: string;
      pick: 'sequence';
      max: number;
      values: ChoiceValue[];
      /**
       * The list is accepted only once it is long enough (a squadron bought as three): a next
       * value is kept when some longer list of the values offered, within `max`, is accepted.
       * Values `refused` are kept too, shown with why.
       */
      complete?: true;
    }
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
