import { ValidateIf, type ValidationOptions } from 'class-validator';

/**
 * class-validator: the member may be left out, and then nothing else of it is checked. Unlike
 * class-validator's own @IsOptional, which skips `null` as well, `null` is a value like any
 * other here: the member's rules check it and refuse it (an array, a string, a number, a
 * nested object is never null), so code behind the DTO never meets a null it did not declare
 * (`tags: null` in a note was a 500). The one way to declare an optional member (eslint
 * refuses class-validator's in src).
 */
export function IsOptional(options?: ValidationOptions): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== undefined, options);
}
