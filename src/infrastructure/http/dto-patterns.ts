import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsInt } from 'class-validator';

/** Text that is more than white space: names, reasons, claims. */
export const NOT_BLANK = /\S/;

/** A whole number in a query string: decimal digits only, few enough to stay an exact integer. */
const DECIMAL_QUERY_INTEGER = /^\d{1,15}$/;

/**
 * A query parameter that is a non-negative integer written in decimal (`at=12`). `Number()`
 * would also take `0x3`, `1e30`, ` 7` or `''`: those stay strings and are refused by name.
 */
export function QueryInteger(): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' && DECIMAL_QUERY_INTEGER.test(value) ? Number(value) : value,
    ),
    IsInt({ message: '$property must be a non-negative decimal integer of at most 15 digits' }),
  );
}

/**
 * Ids and names from a request: the one definition is the domain's (rulesets validate their
 * params with it too, so a path that skips HTTP is covered).
 */
export {
  FREE_TEXT,
  ID_PATTERN,
  ID_RULE,
  IsFreeText,
  IsId,
  IsPlainText,
  IsRollPurpose,
  PLAIN_TEXT,
  PLAIN_TEXT_RULE,
  ROLL_PURPOSE_PATTERN,
} from '../../domain/shared/safe-text';
