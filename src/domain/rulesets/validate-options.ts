import type { InvalidParams } from './rule-violation';
import type { OptionSpec, OptionValue } from './ruleset';

/** Resolves the options chosen at match creation against the ruleset's specs, filling defaults. */
export function resolveOptions(
  specs: readonly OptionSpec[],
  chosen: Record<string, unknown> | undefined,
): { ok: true; options: Record<string, OptionValue> } | { ok: false; rejection: InvalidParams } {
  const errors: { path: string; messages: string[] }[] = [];
  const options: Record<string, OptionValue> = {};
  const byId = new Map(specs.map((spec) => [spec.id, spec]));
  for (const id of Object.keys(chosen ?? {})) {
    if (!byId.has(id))
      errors.push({
        path: `options.${id}`,
        messages: [`unknown option; known: ${[...byId.keys()].join(', ') || 'none'}`],
      });
  }
  for (const spec of specs) {
    const value = chosen?.[spec.id];
    if (value === undefined) {
      options[spec.id] = spec.default;
      continue;
    }
    const problem = checkOption(spec, value);
    if (problem) errors.push({ path: `options.${spec.id}`, messages: [problem] });
    else options[spec.id] = value as OptionValue;
  }
  if (errors.length > 0) {
    return {
      ok: false,
      rejection: {
        kind: 'invalid_params',
        message: `Invalid options: ${errors.map((e) => `${e.path}: ${e.messages.join('; ')}`).join(', ')}`,
        errors,
      },
    };
  }
  return { ok: true, options };
}

function checkOption(spec: OptionSpec, value: unknown): string | undefined {
  switch (spec.type) {
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be true or false';
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) return 'must be an integer';
      if (spec.min !== undefined && value < spec.min) return `must be at least ${spec.min}`;
      if (spec.max !== undefined && value > spec.max) return `must be at most ${spec.max}`;
      return undefined;
    case 'enum': {
      const allowed = (spec.choices ?? []).map((choice) => choice.value);
      return allowed.includes(value as string)
        ? undefined
        : `must be one of: ${allowed.join(', ')}`;
    }
  }
}
