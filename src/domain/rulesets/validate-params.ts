import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { fastAccept } from '../shared/fast-accept';
import { reservedKeys } from '../shared/id-record';
import type { LocalizedText } from '../shared/localized-text';
import type { InvalidParams } from './rule-violation';
import { joinLabels, localizedConstraints, segmentLabel } from './schema-messages';

/**
 * Checks raw params against a class-validator DTO: unknown members are refused, nested
 * DTOs are checked, and every failing path is reported.
 */
export function validateParams<P extends object>(
  dto: new () => P,
  raw: unknown,
  what: string,
): { ok: true; value: P } | { ok: false; rejection: InvalidParams } {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return {
      ok: false,
      rejection: {
        kind: 'invalid_params',
        message: `${what} must be a JSON object`,
        localized: {
          en: `${what} must be a JSON object`,
          ru: 'Параметры должны быть набором полей',
        },
        errors: [
          {
            path: '',
            messages: ['must be an object'],
            localized: [{ en: 'must be an object', ru: 'Параметры должны быть набором полей' }],
          },
        ],
      },
    };
  }
  const reserved = reservedKeys(raw);
  if (reserved.length > 0) {
    const { listed, omitted } = reportedFieldErrors(reserved);
    const more = omitted > 0 ? `, and ${omitted} more not listed` : '';
    return {
      ok: false,
      rejection: {
        kind: 'invalid_params',
        message: `${what} are invalid: ${listed.map((e) => e.messages[0]).join(', ')}${more}`,
        localized: {
          en: `${what} are invalid: ${listed.map((e) => e.messages[0]).join(', ')}${more}`,
          ru: russianSummary(listed, omitted),
        },
        errors: listed,
      },
    };
  }
  // Valid params are usually accepted by the compiled check; the rest are worded below.
  const accepted = fastAccept(dto, raw);
  if (accepted !== undefined) return { ok: true, value: accepted };
  const value = plainToInstance(dto, raw);
  const errors = validateSync(value, {
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: false,
  });
  if (errors.length === 0) return { ok: true, value };
  const { listed, omitted } = reportedFieldErrors(flattenValidationErrors(errors));
  const more = omitted > 0 ? `, and ${omitted} more not listed` : '';
  return {
    ok: false,
    rejection: {
      kind: 'invalid_params',
      message: `${what} are invalid: ${listed.map((e) => `${e.path || '(root)'}: ${e.messages.join('; ')}`).join(', ')}${more}`,
      localized: {
        en: `${what} are invalid: ${listed.map((e) => `${e.path || '(root)'}: ${e.messages.join('; ')}`).join(', ')}${more}`,
        ru: russianSummary(listed, omitted),
      },
      errors: listed,
    },
  };
}

/** The Russian detail of failing fields: each message names its field («Кубики: …»). */
export function russianSummary(errors: readonly FieldError[], omitted: number): string {
  const said = errors.flatMap((e) => e.localized?.map((text) => text.ru) ?? e.messages);
  const more = omitted > 0 ? ` (и ещё ${omitted} не перечислено)` : '';
  return `${said.join('; ')}${more}`;
}

/** How many failing fields an error names: enough to fix a request, never a megabyte of them. */
export const MAX_REPORTED_FIELD_ERRORS = 20;

/** The first MAX_REPORTED_FIELD_ERRORS field errors, and how many more were left out. */
export function reportedFieldErrors(errors: FieldError[]): {
  listed: FieldError[];
  omitted: number;
} {
  return {
    listed: errors.slice(0, MAX_REPORTED_FIELD_ERRORS),
    omitted: Math.max(0, errors.length - MAX_REPORTED_FIELD_ERRORS),
  };
}

/** A failing field: nested errors (`seats[0].name`) become dotted paths, `seats.0.name`. */
export interface FieldError {
  path: string;
  messages: string[];
  /** Both forms of each message, the Russian naming the field by its label. */
  localized?: LocalizedText[];
}

export function flattenValidationErrors(
  errors: ValidationError[],
  prefix = '',
  /** The Russian name of the path so far («Последствия № 1»). */
  labelPrefix = '',
): FieldError[] {
  return errors.flatMap((error) => {
    const path = prefix ? `${prefix}.${error.property}` : error.property;
    const dto = (error.target as object | undefined)?.constructor;
    const label = joinLabels(labelPrefix, segmentLabel(dto, error.property));
    const own = error.constraints
      ? [
          {
            path,
            messages: Object.values(error.constraints),
            localized: localizedConstraints(error, label),
          },
        ]
      : [];
    return [...own, ...flattenValidationErrors(error.children ?? [], path, label)];
  });
}
