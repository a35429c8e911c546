import { STATUS_CODES } from 'node:http';
import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { codeForStatus, PROBLEM_CONTENT_TYPE, PROBLEM_TYPE_BASE } from './problem-details';
import { ProblemDto } from './problem.dto';

/** What each status usually means in this API (the response description in the docs). */
const MEANING: Record<number, { description: string; code: string; detail: string }> = {
  400: {
    description: 'The request is malformed or invalid',
    code: 'invalid-body',
    detail: 'name must be a string',
  },
  401: {
    description: 'The bearer token is missing, malformed or unknown',
    code: 'unauthorized',
    detail: 'A valid bearer token is required',
  },
  403: {
    description: 'The token does not allow this',
    code: 'forbidden',
    detail: 'Only an admin token may do this',
  },
  404: { description: 'No such resource', code: 'not-found', detail: 'Match 3f0c… does not exist' },
  409: {
    description:
      'A conflict with the current state (reload and retry), or a match whose log is damaged (chain-broken: served read-only, never written to or signed)',
    code: 'stale-revision',
    detail: 'The match is at seq 12, not 10: reload it and decide again',
  },
  413: {
    description: 'The body or an event is over the size limit',
    code: 'payload-too-large',
    detail: 'Request body is too large',
  },
  415: {
    description: 'The body is not application/json',
    code: 'unsupported-media-type',
    detail: 'Unsupported Media Type',
  },
  422: {
    description:
      'A rule of the game refuses the decision (rule-violation), or the events it would record cannot be applied to the match (event-not-applicable; nothing is recorded)',
    code: 'rule-violation',
    detail: 'The fleet cannot move through an enemy sector',
  },
  503: {
    description: 'The event store is unreachable',
    code: 'service-unavailable',
    detail: 'The event store is unreachable',
  },
};

/**
 * Documents problem+json error responses, e.g. `@ApiProblems(400, 401, 403)`. Every route
 * may also answer 500 (`internal-error`); that one is not repeated on each.
 */
export function ApiProblems(...statuses: number[]): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ApiExtraModels(ProblemDto),
    ...statuses.map((status) => {
      const meaning = MEANING[status];
      const code = meaning?.code ?? codeForStatus(status);
      return ApiResponse({
        status,
        description: meaning?.description ?? STATUS_CODES[status],
        content: {
          [PROBLEM_CONTENT_TYPE]: {
            schema: { $ref: getSchemaPath(ProblemDto) },
            example: {
              type: PROBLEM_TYPE_BASE + code,
              title: STATUS_CODES[status],
              status,
              detail: meaning?.detail ?? STATUS_CODES[status],
              instance: '/api/v1/…',
            },
          },
        },
      });
    }),
  );
}
