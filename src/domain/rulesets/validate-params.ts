import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import type { InvalidParams } from './rule-violation';

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
        errors: [{ path: '', messages: ['must be an object'] }],
      },
    };
  }
  const value = plainToInstance(dto, raw);
  const errors = validateSync(value, {
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: false,
  });
  if (errors.length === 0) return { ok: true, value };
  const flat = flattenValidationErrors(errors);
  return {
    ok: false,
    rejection: {
      kind: 'invalid_params',
      message: `${what} are invalid: ${flat.map((e) => `${e.path || '(root)'}: ${e.messages.join('; ')}`).join(', ')}`,
      errors: flat,
    },
  };
}

/** A failing field: nested errors (`seats[0].name`) become dotted paths, `seats.0.name`. */
export interface FieldError {
  path: string;
  messages: string[];
}

export function flattenValidationErrors(errors: ValidationError[], prefix = ''): FieldError[] {
  return errors.flatMap((error) => {
    const path = prefix ? `${prefix}.${error.property}` : error.property;
    const own = error.constraints ? [{ path, messages: Object.values(error.constraints) }] : [];
    return [...own, ...flattenValidationErrors(error.children ?? [], path)];
  });
}
