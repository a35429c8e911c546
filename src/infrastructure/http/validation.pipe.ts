import { type ArgumentMetadata, ValidationPipe, type ValidationError } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import { BadRequestError } from '../../application/errors';
import {
  flattenValidationErrors,
  reportedFieldErrors,
  russianSummary,
  type FieldError,
} from '../../domain/rulesets/validate-params';
import { fastAccept } from '../../domain/shared/fast-accept';
import { reservedKeys } from '../../domain/shared/id-record';
import { ignoreQueryParams } from './ignored-query-params';

/**
 * The global pipe: unknown body members are refused rather than silently dropped (unknown
 * query parameters are ignored, and the answer names them in a header), and the messages
 * of class-validator reach the client as `errors: [{ path, messages }]` (400 invalid-body),
 * the first MAX_REPORTED_FIELD_ERRORS of them.
 */
export class ProblemValidationPipe extends ValidationPipe {
  /** The members each DTO class declares, looked up once per class. */
  private readonly declaredMembers = new WeakMap<object, ReadonlySet<string>>();

  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      exceptionFactory: (errors) => new InvalidBodyError(flattenValidationErrors(errors)),
    });
  }

  /**
   * A DTO body must be an object: a missing body, `null`, an array or a string is refused as
   * such. Members the DTO does not declare are refused before class-transformer and
   * class-validator walk them (both take time that grows faster than the member count).
   * A valid body is then usually accepted by the compiled fast path (domain/shared/fast-accept).
   */
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    try {
      return await this.check(value, metadata);
    } catch (error) {
      // The same mistakes in a query string are the query's: the client fixes its URL.
      if (error instanceof InvalidBodyError && metadata.type === 'query')
        throw new InvalidBodyError(error.fieldErrors, 'invalid-query');
      throw error;
    }
  }

  private async check(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
    if (!this.toValidate(metadata) || !metadata.metatype) return super.transform(value, metadata);
    if (metadata.type === 'body' && !isObject) {
      throw new BadRequestError(
        {
          en: 'The request body must be a JSON object',
          ru: 'Тело запроса должно быть объектом JSON',
        },
        'invalid-body',
      );
    }
    if (isObject) {
      // Validation would silently drop these keys (see reservedKeys).
      const reserved = reservedKeys(value);
      if (reserved.length > 0) throw new InvalidBodyError(reserved);
      const declared = this.membersOf(metadata.metatype);
      const unknown = Object.keys(value).filter((member) => !declared.has(member));
      if (metadata.type === 'query') ignoreQueryParams(value, []);
      if (unknown.length > 0 && metadata.type === 'query') {
        // Ignored, and named in the answer's headers (ignored-query-params.ts).
        ignoreQueryParams(value, unknown);
        const known = Object.fromEntries(
          Object.entries(value).filter(([member]) => declared.has(member)),
        );
        return this.check(known, metadata);
      }
      if (unknown.length > 0) {
        const unknownErrors = unknown.map((member) => ({
          path: member,
          messages: [`property ${member} should not exist`],
          localized: [
            {
              en: `property ${member} should not exist`,
              ru: `Поле «${member}»: такого поля нет`,
            },
          ],
        }));
        // The declared members are still checked, so one answer names every mistake.
        const known = Object.fromEntries(
          Object.entries(value).filter(([member]) => declared.has(member)),
        );
        try {
          await super.transform(known, metadata);
        } catch (error) {
          if (error instanceof InvalidBodyError) {
            throw new InvalidBodyError([...unknownErrors, ...error.fieldErrors]);
          }
          throw error;
        }
        throw new InvalidBodyError(unknownErrors);
      }
      // A body the compiled check is sure of skips class-transformer and class-validator;
      // any other goes through them, which word the errors.
      const accepted = fastAccept(metadata.metatype as new () => object, value);
      if (accepted !== undefined) return accepted;
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

  private membersOf(dto: object): ReadonlySet<string> {
    let members = this.declaredMembers.get(dto);
    if (!members) {
      members = new Set(
        getMetadataStorage()
          .getTargetValidationMetadatas(dto as new () => object, '', true, false)
          .map((rule) => rule.propertyName),
      );
      this.declaredMembers.set(dto, members);
    }
    return members;
  }
}

/**
 * 400 invalid-body (or invalid-query) naming the first MAX_REPORTED_FIELD_ERRORS failing
 * fields, and how many more there were.
 */
class InvalidBodyError extends BadRequestError {
  constructor(
    readonly fieldErrors: FieldError[],
    code: 'invalid-body' | 'invalid-query' = 'invalid-body',
  ) {
    const { listed, omitted } = reportedFieldErrors(fieldErrors);
    const detail = listed.flatMap((error) => error.messages).join('; ');
    const more = omitted > 0 ? ` (and ${omitted} more not listed)` : '';
    const where = code === 'invalid-query' ? 'query' : 'request';
    super(
      {
        en: `The ${where} is invalid: ${detail}${more}`,
        ru: `${code === 'invalid-query' ? 'Адрес запроса' : 'Запрос'} с ошибками: ${russianSummary(listed, omitted)}`,
      },
      code,
      listed,
    );
  }
}
