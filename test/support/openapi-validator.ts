import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { DataValidateFunction, DataValidationCxt } from 'ajv/dist/types';
import addFormats from 'ajv-formats';

/**
 * Checks responses against the live OpenAPI document, strictly: an undocumented status,
 * an undocumented content type, a missing required member and an undocumented member all
 * fail. Every object schema that lists `properties` without saying otherwise is closed
 * (`additionalProperties: false`) before compiling, so the document must name every
 * member a response carries (problem extensions such as `rule` included).
 *
 * Schemas compile on first use, each once per validator. A `oneOf` with a discriminator
 * mapping (every ruleset's events by `type`, its decisions by `kind`) is checked against the
 * one branch its property names, as OpenAPI defines the mapping, and a branch compiles the
 * first time a response holds it: compiling every event type of every ruleset at once took
 * seconds of CPU on the first export, with the in-process server stalled meanwhile.
 */

export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject | unknown>>;
  components?: { schemas?: Record<string, unknown> };
  [key: string]: unknown;
}

interface OperationObject {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

export interface ResponseToValidate {
  /** The path template as documented: `/api/v1/matches/{id}`. */
  path: string;
  method: string;
  status: number;
  /** The Content-Type header (parameters such as charset are ignored). */
  contentType: string | null;
  /** The raw body text. */
  body: string;
}

export type ValidationVerdict = { ok: true } | { ok: false; message: string };

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const DOCUMENT_ID = 'matchlog-openapi';
/** Bodies of these media types are one JSON value a line; the documented schema is that of one line. */
const LINE_DELIMITED = new Set(['application/x-ndjson', 'application/jsonl']);
/** The keyword a discriminated oneOf becomes before compiling (see compileDiscriminators). */
const DISCRIMINATED = 'x-discriminated';

interface Discriminated {
  propertyName: string;
  /** Each value of the property → the `$ref` of its branch. */
  mapping: Record<string, string>;
}

export class OpenApiValidator {
  private readonly ajv: Ajv;
  private readonly document: OpenApiDocument;
  private readonly compiled = new Map<string, ValidateFunction>();

  private readonly branches = new Map<string, ValidateFunction>();

  constructor(document: OpenApiDocument) {
    this.document = closeObjectSchemas(structuredClone(document));
    this.ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(this.ajv);
    this.ajv.addKeyword({
      keyword: DISCRIMINATED,
      schemaType: 'object',
      errors: true,
      compile: (schema: Discriminated) => this.discriminatedValidator(schema),
    });
    // A copy: operations() answers the document as published.
    this.ajv.addSchema(compileDiscriminators(this.document), DOCUMENT_ID);
  }

  /** Every documented operation, as [path template, method, operation]. */
  operations(): [string, string, Record<string, unknown>][] {
    return Object.entries(this.document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => HTTP_METHODS.has(method))
        .map(([method, op]): [string, string, Record<string, unknown>] => [
          path,
          method,
          op as Record<string, unknown>,
        ]),
    );
  }

  validate(response: ResponseToValidate): ValidationVerdict {
    const method = response.method.toLowerCase();
    const where = `${method.toUpperCase()} ${response.path} → ${response.status}`;
    const operation = this.document.paths[response.path]?.[method] as OperationObject | undefined;
    if (!operation) return fail(`${where}: the operation is not documented`);
    const responses = operation.responses ?? {};
    const statusKey = [String(response.status), `${String(response.status)[0]}XX`, 'default'].find(
      (key) => key in responses,
    );
    if (statusKey === undefined) {
      return fail(
        `${where}: status ${response.status} is not documented (documented: ${Object.keys(responses).join(', ')}); body: ${response.body.slice(0, 500)}`,
      );
    }
    const content = responses[statusKey].content;
    if (!content || Object.keys(content).length === 0) {
      return response.body.length === 0
        ? { ok: true }
        : fail(`${where}: a body was sent but none is documented`);
    }
    const mediaType = (response.contentType ?? '').split(';')[0].trim().toLowerCase();
    if (!(mediaType in content)) {
      return fail(
        `${where}: content type "${response.contentType}" is not documented (documented: ${Object.keys(content).join(', ')})`,
      );
    }
    if (content[mediaType].schema === undefined) return { ok: true };
    const validate = this.validatorFor(response.path, method, statusKey, mediaType);
    const values = LINE_DELIMITED.has(mediaType)
      ? response.body.split('\n').filter((line) => line.length > 0)
      : [response.body];
    for (const [index, text] of values.entries()) {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        return fail(`${where}: the ${mediaType} body is not JSON: ${(error as Error).message}`);
      }
      if (!validate(value)) {
        const line = LINE_DELIMITED.has(mediaType) ? ` (line ${index + 1})` : '';
        return fail(
          `${where} (${mediaType})${line} does not match the documented schema:\n${describe(validate.errors ?? [])}\nbody: ${text.slice(0, 2000)}`,
        );
      }
    }
    return { ok: true };
  }

  /** Like validate, but throws on a mismatch. */
  assertValid(response: ResponseToValidate): void {
    const verdict = this.validate(response);
    if (!verdict.ok) throw new Error(verdict.message);
  }

  private validatorFor(
    path: string,
    method: string,
    status: string,
    mediaType: string,
  ): ValidateFunction {
    const pointer = ['paths', path, method, 'responses', status, 'content', mediaType, 'schema']
      .map((part) => encodeURIComponent(part.replace(/~/g, '~0').replace(/\//g, '~1')))
      .join('/');
    let validate = this.compiled.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${DOCUMENT_ID}#/${pointer}` });
      this.compiled.set(pointer, validate);
    }
    return validate;
  }

  /** Checks a value against the branch its discriminator property names, compiled once. */
  private discriminatedValidator({ propertyName, mapping }: Discriminated): DataValidateFunction {
    const check: DataValidateFunction = (data: unknown, context?: DataValidationCxt) => {
      const at = context?.instancePath ?? '';
      const value =
        data !== null && typeof data === 'object'
          ? (data as Record<string, unknown>)[propertyName]
          : undefined;
      const $ref =
        typeof value === 'string' && Object.hasOwn(mapping, value) ? mapping[value] : undefined;
      if ($ref === undefined) {
        const known = Object.keys(mapping);
        check.errors = [
          {
            instancePath: at,
            keyword: 'discriminator',
            params: { propertyName, value },
            message: `must have "${propertyName}" one of ${known.slice(0, 12).join(', ')}${known.length > 12 ? ` (and ${known.length - 12} more)` : ''}, not ${JSON.stringify(value)}`,
          },
        ];
        return false;
      }
      let branch = this.branches.get($ref);
      if (!branch) {
        branch = this.ajv.compile({ $ref: `${DOCUMENT_ID}${$ref}` });
        this.branches.set($ref, branch);
      }
      if (branch(data)) {
        check.errors = undefined;
        return true;
      }
      check.errors = (branch.errors ?? []).map((error) => ({
        ...error,
        instancePath: at + error.instancePath,
      }));
      return false;
    };
    return check;
  }
}

function fail(message: string): ValidationVerdict {
  return { ok: false, message };
}

function describe(errors: ErrorObject[]): string {
  return errors
    .map((error) => {
      const extra =
        error.keyword === 'additionalProperties'
          ? ` (undocumented member "${(error.params as { additionalProperty: string }).additionalProperty}")`
          : '';
      return `  ${error.instancePath || '(root)'} ${error.message ?? error.keyword}${extra}`;
    })
    .join('\n');
}

/**
 * A copy of a schema (or a whole document) where every `oneOf` with a discriminator mapping
 * is the lazy DISCRIMINATED keyword (its other members, a description, kept). One without a
 * mapping stays a plain oneOf.
 */
function compileDiscriminators<T>(node: T): T {
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(visit);
    if (value === null || typeof value !== 'object') return value;
    const { oneOf, discriminator, ...rest } = value as Record<string, unknown>;
    const mapping = (discriminator as { mapping?: Record<string, string> } | undefined)?.mapping;
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(rest))
      out[key] =
        key === 'example' || key === 'examples'
          ? child
          : key === 'properties' && child !== null && typeof child === 'object'
            ? // Member names are data: only their schemas are visited.
              Object.fromEntries(Object.entries(child).map(([name, sub]) => [name, visit(sub)]))
            : visit(child);
    if (Array.isArray(oneOf) && mapping) {
      const { propertyName } = discriminator as { propertyName: string };
      out[DISCRIMINATED] = { propertyName, mapping } satisfies Discriminated;
    } else {
      if (oneOf !== undefined) out.oneOf = visit(oneOf);
      if (discriminator !== undefined) out.discriminator = discriminator;
    }
    return out;
  };
  return visit(node) as T;
}

/**
 * Closes every object schema that lists `properties` and says nothing of additional ones.
 * Walks the whole document (components, inline response schemas, nested properties, items).
 */
export function closeObjectSchemas<T>(node: T): T {
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    const { properties } = record;
    const listsProperties =
      properties !== null && typeof properties === 'object' && !Array.isArray(properties);
    if (listsProperties && !('additionalProperties' in record)) {
      record.additionalProperties = false;
    }
    for (const [key, child] of Object.entries(record)) {
      // Examples are data, not schemas; a properties map holds schemas under any names.
      if (key === 'example' || key === 'examples') continue;
      if (key === 'properties' && listsProperties) Object.values(child as object).forEach(visit);
      else visit(child);
    }
  };
  visit(node);
  return node;
}
