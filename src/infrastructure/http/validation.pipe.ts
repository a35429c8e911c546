import { type ArgumentMetadata, ValidationPipe, type ValidationError } from '@nestjs/common';
import { BadRequestError } from '../../application/errors';
import { flattenValidationErrors } from '../../domain/rulesets/validate-params';

/**
 * The global pipe: unknown fields are refused rather than silently dropped, and every message
 * of class-validator reaches the client as `errors: [{ path, messages }]` (400 invalid-body).
 */
export class ProblemValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      exceptionFactory: (errors) => {
        const fieldErrors = flattenValidationErrors(errors);
        const detail = fieldErrors.flatMap((error) => error.messages).join('; ');
        return new BadRequestError(
          `The request is invalid: ${detail}`,
          'invalid-body',
          fieldErrors,
        );
      },
    });
  }

  /** A DTO body must be an object: a missing body, `null`, an array or a string is refused as such. */
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
    if (metadata.type === 'body' && !isObject && this.toValidate(metadata)) {
      throw new BadRequestError('The request body must be a JSON object', 'invalid-body');
    }
    return super.transform(value, metadata);
  }

  /**
   * Bodies are parsed JSON (json-body.parser), query and path values strings: none can hold the
   * binary values this looks for, and the look costs a class-validator metadata scan per body.
   */
  protected override findNestedBinaryValues(): ValidationError[] {
    return [];
  }
}
