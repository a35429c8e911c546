import type { LocalizedText } from '../shared/localized-text';
import type { InvalidParams } from './rule-violation';
import type { OptionSpec, OptionValue } from './ruleset';

/**
 * Resolves the options chosen at match creation against the ruleset's specs, filling defaults.
 * A refusal names each option by its title, as the new-match page shows it, in both languages.
 */
export function resolveOptions(
  specs: readonly OptionSpec[],
  chosen: Record<string, unknown> | undefined,
): { ok: true; options: Record<string, OptionValue> } | { ok: false; rejection: InvalidParams } {
  const errors: { path: string; messages: string[]; localized: LocalizedText[] }[] = [];
  const options: Record<string, OptionValue> = {};
  const byId = new Map(specs.map((spec) => [spec.id, spec]));
  for (const id of Object.keys(chosen ?? {})) {
    if (!byId.has(id)) {
      const en = `unknown option; known: ${[...byId.keys()].join(', ') || 'none'}`;
      const known = specs.map((spec) => `«${spec.title.ru}»`).join(', ');
      errors.push({
        path: `options.${id}`,
        messages: [en],
        localized: [
          {
            en,
            ru: `Опции «${id}» у этих правил нет; ${known ? `есть: ${known}` : 'опций у них нет'}`,
          },
        ],
      });
    }
  }
  for (const spec of specs) {
    const value = chosen?.[spec.id];
    if (value === undefined) {
      options[spec.id] = spec.default;
      continue;
    }
    const problem = checkOption(spec, value);
    if (problem)
      errors.push({
        path: `options.${spec.id}`,
        messages: [problem.en],
        localized: [{ en: problem.en, ru: `Опция «${spec.title.ru}»: ${problem.ru}` }],
      });
    else options[spec.id] = value as OptionValue;
  }
  if (errors.length > 0) {
    const en = `Invalid options: ${errors.map((e) => `${e.path}: ${e.messages.join('; ')}`).join(', ')}`;
    return {
      ok: false,
      rejection: {
        kind: 'invalid_params',
        message: en,
        localized: {
          en,
          ru: `Опции матча с ошибками: ${errors.map((e) => e.localized.map((l) => l.ru).join('; ')).join('; ')}`,
        },
        errors,
      },
    };
  }
  return { ok: true, options };
}

function checkOption(spec: OptionSpec, value: unknown): LocalizedText | undefined {
  switch (spec.type) {
    case 'boolean':
      return typeof value === 'boolean'
        ? undefined
        : { en: 'must be true or false', ru: 'должно быть «да» или «нет»' };
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value))
        return { en: 'must be an integer', ru: 'должно быть целым числом' };
      if (spec.min !== undefined && value < spec.min)
        return { en: `must be at least ${spec.min}`, ru: `не меньше ${spec.min}` };
      if (spec.max !== undefined && value > spec.max)
        return { en: `must be at most ${spec.max}`, ru: `не больше ${spec.max}` };
      return undefined;
    case 'enum': {
      const choices = spec.choices ?? [];
      return choices.some((choice) => choice.value === value)
        ? undefined
        : {
            en: `must be one of: ${choices.map((choice) => choice.value).join(', ')}`,
            ru: `такого варианта нет; можно: ${choices.map((choice) => `«${choice.title.ru}»`).join(', ')}`,
          };
    }
  }
}
