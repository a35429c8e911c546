import type { OptionSpec, OptionValue } from '../ruleset';

/**
 * Options whose types come from their specs. Declare a game's options with `defineOptions`
 * (the specs keep their literal ids, types and choices), and read them with `readOptions`:
 * an enum option reads as the union of its choices, an integer as a number, a boolean as a
 * boolean — no hand-written options interface to drift from the specs, no cast.
 */
export function defineOptions<const S extends readonly OptionSpec[]>(specs: S): S {
  return specs;
}

export type OptionValueOf<S extends OptionSpec> = S extends { type: 'boolean' }
  ? boolean
  : S extends { type: 'integer' }
    ? number
    : S extends { choices: readonly { value: infer V }[] }
      ? V
      : string;

export type OptionsOf<S extends readonly OptionSpec[]> = {
  readonly [Spec in S[number] as Spec['id']]: OptionValueOf<Spec>;
};

/**
 * The options of a match, typed. Values were checked against the specs when the match was
 * created (`resolveOptions`); an option added to a game later reads as its default in older
 * matches.
 */
export function readOptions<const S extends readonly OptionSpec[]>(
  specs: S,
  chosen: Readonly<Record<string, OptionValue>>,
): OptionsOf<S> {
  const options: Record<string, OptionValue> = Object.create(null) as Record<string, OptionValue>;
  for (const spec of specs)
    options[spec.id] = Object.hasOwn(chosen, spec.id) ? chosen[spec.id] : spec.default;
  return options as OptionsOf<S>;
}
