import type { OpenAPIObject } from '@nestjs/swagger';
import type {
  OperationObject,
  ParameterObject,
  ReferenceObject,
  RequestBodyObject,
  ResponseObject,
  SchemaObject,
} from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { PROBLEM_CONTENT_TYPE, PROBLEM_TYPE_BASE } from './problem-details';

type Schema = SchemaObject | ReferenceObject;

/** What the validation pipe says of a value its schema refuses (class-validator's words). */
function refusalOf(name: string, schema: SchemaObject | undefined): string {
  if (!schema) return `${name} must be a string`;
  if (schema.enum) return `${name} must be one of the following values: ${schema.enum.join(', ')}`;
  switch (schema.type) {
    case 'integer':
    case 'number':
      return schema.minimum !== undefined
        ? `${name} must not be less than ${schema.minimum}`
        : `${name} must be an integer number`;
    case 'boolean':
      return `${name} must be a boolean value`;
    case 'array':
      return `${name} must be an array`;
    case 'object':
      return `${name} must be an object`;
    default:
      return schema.format === 'date-time'
        ? `${name} must be a valid ISO 8601 date string`
        : `${name} must be a string`;
  }
}

type Refusal = {
  code: 'invalid-body' | 'invalid-query' | 'invalid-path' | 'malformed-json';
  path?: string;
  message: string;
};

/**
 * What a 400 example of an operation says: the first member of its JSON body that a caller
 * chooses (not a kind fixed by the variant), else its first query parameter, else a path
 * parameter the route checks (not the id, a 404), else a body that is not JSON.
 */
function exampleRefusal(document: OpenAPIObject, operation: OperationObject): Refusal {
  // A body that is one of several shapes (a decision of any ruleset) is shown by its first;
  // one made of parts (allOf) by its parts' members together.
  const resolve = (schema: Schema | undefined): SchemaObject | undefined => {
    if (!schema) return undefined;
    if ('$ref' in schema)
      return resolve(
        document.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')],
      );
    if (schema.allOf) {
      const parts = schema.allOf.map(resolve);
      return {
        type: 'object',
        required: parts.flatMap((part) => part?.required ?? []),
        properties: Object.assign({}, ...parts.map((part) => part?.properties ?? {})) as Record<
          string,
          Schema
        >,
      };
    }
    const [first] = schema.anyOf ?? schema.oneOf ?? [];
    return first && !schema.properties ? resolve(first) : schema;
  };
  const body = (operation.requestBody as RequestBodyObject | undefined)?.content?.[
    'application/json'
  ];
  const bodySchema = resolve(body?.schema);
  if (bodySchema?.properties) {
    const members = [...(bodySchema.required ?? []), ...Object.keys(bodySchema.properties)].filter(
      (name) => resolve(bodySchema.properties?.[name])?.enum?.length !== 1,
    );
    const [name] = members;
    if (name !== undefined) {
      const message = refusalOf(name, resolve(bodySchema.properties[name]));
      return { code: 'invalid-body', path: name, message: `The request is invalid: ${message}` };
    }
  }
  const parameters = (operation.parameters ?? []).filter(
    (parameter): parameter is ParameterObject => !('$ref' in parameter),
  );
  // Of the query, a parameter that can be wrong: a number out of range, a value not among its
  // choices, a malformed date (any text is a valid name or ruleset to filter by).
  const queries = parameters.filter((parameter) => parameter.in === 'query');
  const checked = (parameter: ParameterObject): boolean => {
    const schema = resolve(parameter.schema);
    return (
      schema?.enum !== undefined ||
      schema?.minimum !== undefined ||
      schema?.format === 'date-time' ||
      schema?.type === 'integer'
    );
  };
  const query = queries.find(checked) ?? queries[0];
  if (query) {
    const message = refusalOf(query.name, resolve(query.schema));
    return { code: 'invalid-query', path: query.name, message: `The query is invalid: ${message}` };
  }
  // A path's ids are looked up (404); a seq in it is checked as a number.
  const path = parameters.find((parameter) => parameter.in === 'path' && parameter.name === 'seq');
  if (path)
    return {
      code: 'invalid-path',
      path: path.name,
      message: `${path.name} must be a whole number, got "twelve"`,
    };
  return {
    code: 'malformed-json',
    message: `The body is not valid JSON: Unexpected token 'x', "x" is not valid JSON`,
  };
}

/**
 * Each operation's 400 example names one of its own inputs, as the validation pipe would
 * refuse it (`invalid-body` for a body, `invalid-query` for a query), instead of one example
 * for every operation (which said `name must be a string` even on reads).
 */
export function documentBadRequestExamples(document: OpenAPIObject): void {
  for (const [route, item] of Object.entries(document.paths))
    for (const operation of Object.values(item) as OperationObject[]) {
      const badRequest = operation.responses?.['400'] as ResponseObject | undefined;
      const media = badRequest?.content?.[PROBLEM_CONTENT_TYPE];
      if (!media) continue;
      const { code, path, message } = exampleRefusal(document, operation);
      media.example = {
        type: PROBLEM_TYPE_BASE + code,
        title: 'Bad Request',
        status: 400,
        detail: message,
        instance: route.replace(/\{(\w+)\}/g, '…'),
        ...(path !== undefined && code !== 'invalid-path'
          ? { errors: [{ path, messages: [message.replace(/^The \w+ is invalid: /, '')] }] }
          : {}),
      };
    }
}
