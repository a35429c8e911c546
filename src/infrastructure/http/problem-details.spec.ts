import { BadRequestException, NotFoundException } from '@nestjs/common';
import {
  APPLICATION_ERROR_KINDS,
  BadRequestError,
  ConflictError,
  EventNotApplicableError,
  ForbiddenError,
  IdempotencyKeyReusedError,
  NotFoundError,
  PayloadRejectedError,
  RejectedError,
  StaleRevisionError,
  UnauthorizedError,
} from '../../application/errors';
import {
  InvalidEventError,
  StreamNotFoundError,
  WrongExpectedRevisionError,
} from '../../application/ports/event-store.port';
import { RefusedBodyError } from './json-body.parser';
import { negotiatedProblemFor, problemFor, statusOfKind } from './problem-details';
import { violation } from '../../domain/rulesets/rule-violation';
import { HttpRefusalError } from './http-refusal.error';
import { TooManyRequestsError } from './too-many-requests.error';

const problem = (error: unknown) => problemFor(error, '/api/v1/matches/m-1');

describe('problemFor', () => {
  it.each(APPLICATION_ERROR_KINDS.filter((kind) => kind !== 'not-ready'))(
    'gives the application error kind %s a client-error status',
    (kind) => {
      const status = statusOfKind(kind);
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
    },
  );

  // A read model catching up is the service's moment, not the client's mistake: retry later.
  it('gives not-ready 503 Service Unavailable', () => {
    expect(statusOfKind('not-ready')).toBe(503);
  });

  // The statuses and codes every application error answered with when it still carried its status.
  it.each([
    [
      422,
      'rule-violation',
      new RejectedError({ kind: 'rule_violation', code: 'no_fleet', message: 'm' }),
    ],
    [
      400,
      'invalid-params',
      new RejectedError({ kind: 'invalid_params', message: 'm', errors: [] }),
    ],
    [403, 'forbidden', new RejectedError({ kind: 'not_permitted', message: 'm' })],
    [
      409,
      'match-finished',
      new RejectedError({ kind: 'wrong_match_state', code: 'match_finished', message: 'm' }),
    ],
    [404, 'not-found', new NotFoundError('m')],
    [400, 'bad-request', new BadRequestError('m')],
    [400, 'invalid-query', new BadRequestError('m', 'invalid-query')],
    [401, 'unauthorized', new UnauthorizedError()],
    [403, 'forbidden', new ForbiddenError('m')],
    [409, 'stale-revision', new StaleRevisionError(1, 2)],
    [413, 'payload-too-large', new PayloadRejectedError('m', 'too_large')],
    [400, 'not-serializable', new PayloadRejectedError('m', 'not_serializable')],
    [409, 'already-claimed', new ConflictError('m', 'already-claimed')],
    [422, 'idempotency-key-reused', new IdempotencyKeyReusedError('k', 3)],
    [422, 'event-not-applicable', new EventNotApplicableError(undefined, 'PiecesMoved')],
  ])('answers %i %s to %s', (status, code, error) => {
    expect(problem(error)).toMatchObject({
      status,
      type: `https://matchlog.dev/problems/${code}`,
    });
  });

  it('maps refusals of the HTTP layer with the status they carry', () => {
    expect(problem(new HttpRefusalError(408, 'request-timeout', 'too slow'))).toMatchObject({
      status: 408,
      title: 'Request Timeout',
      type: 'https://matchlog.dev/problems/request-timeout',
    });
    expect(problem(new TooManyRequestsError('slow down', 7))).toMatchObject({
      status: 429,
      type: 'https://matchlog.dev/problems/too-many-requests',
      retryAfterSeconds: 7,
    });
  });

  it('maps application errors with their status, code and extensions', () => {
    expect(problem(new StaleRevisionError(3, 5))).toEqual({
      type: 'https://matchlog.dev/problems/stale-revision',
      title: 'Conflict',
      status: 409,
      detail: 'The match is at seq 5, not 3: reload it and decide again',
      instance: '/api/v1/matches/m-1',
      expectedSeq: 3,
      actualSeq: 5,
    });
  });

  it('maps an event the fold cannot apply to 422 event-not-applicable naming the decision', () => {
    expect(problem(new EventNotApplicableError('move', 'PiecesMoved'))).toMatchObject({
      type: 'https://matchlog.dev/problems/event-not-applicable',
      status: 422,
      detail: expect.stringContaining('The decision move was not recorded'),
      decision: 'move',
      eventType: 'PiecesMoved',
    });
  });

  it('never lets an extension replace a standard member', () => {
    const error = new NotFoundError('No match m-1');
    error.extensions.status = 200;
    error.extensions.matchId = 'm-1';
    expect(problem(error)).toMatchObject({ status: 404, matchId: 'm-1' });
  });

  it('maps the EventStore port errors', () => {
    expect(
      problem(new InvalidEventError('e-1', 'too_large', 'Event e-1 is too large')),
    ).toMatchObject({
      status: 413,
      type: 'https://matchlog.dev/problems/payload-too-large',
      eventId: 'e-1',
    });
    expect(problem(new InvalidEventError('e-1', 'not_serializable', 'no JSON'))).toMatchObject({
      status: 400,
      type: 'https://matchlog.dev/problems/not-serializable',
    });
    expect(problem(new WrongExpectedRevisionError('match-m-1', 3n, 5n))).toMatchObject({
      status: 409,
      type: 'https://matchlog.dev/problems/wrong-expected-revision',
      expectedSeq: 3,
      actualSeq: 5,
    });
    expect(problem(new WrongExpectedRevisionError('match-m-1', 'no_stream', 0n))).toMatchObject({
      expectedSeq: null,
      actualSeq: 0,
    });
    expect(problem(new StreamNotFoundError('match-m-1'))).toMatchObject({ status: 404 });
  });

  it('maps Nest HTTP exceptions and malformed JSON', () => {
    expect(problem(new NotFoundException('Cannot GET /x'))).toMatchObject({
      status: 404,
      type: 'https://matchlog.dev/problems/not-found',
      detail: 'Cannot GET /x',
    });
    expect(problem(new BadRequestException(['a is wrong', 'b is wrong']))).toMatchObject({
      status: 400,
      type: 'https://matchlog.dev/problems/bad-request',
      detail: 'a is wrong; b is wrong',
    });
    expect(
      problem(new RefusedBodyError(400, 'malformed-json', 'The body is not valid JSON: x')),
    ).toMatchObject({ status: 400, type: 'https://matchlog.dev/problems/malformed-json' });
    expect(
      problem(new RefusedBodyError(415, 'unsupported-media-type', 'charset=latin1')),
    ).toMatchObject({ status: 415, type: 'https://matchlog.dev/problems/unsupported-media-type' });
  });

  it('answers anything else with a generic 500 that reveals nothing', () => {
    const answer = problem(new Error('connect ECONNREFUSED 10.0.0.7:5432'));
    expect(answer).toMatchObject({
      status: 500,
      type: 'https://matchlog.dev/problems/internal-error',
    });
    expect(JSON.stringify(answer)).not.toContain('10.0.0.7');
  });
});

describe("negotiatedProblemFor (the reader's language)", () => {
  const inLanguage = (error: unknown, language: 'en' | 'ru') =>
    negotiatedProblemFor(error, '/api/v1/matches/m-1', 'req-1', language);
  const bid = { en: 'The bid to beat is 3 (Борис)', ru: 'Перебить нужно ставку 3 (Борис)' };

  it("gives a rule refusal's detail and rule message in Russian to a Russian reader", () => {
    const refused = new RejectedError(violation('bid_too_low', bid, '§4.2 «Ставка»'));
    expect(inLanguage(refused, 'ru')).toEqual({
      language: 'ru',
      problem: expect.objectContaining({
        detail: bid.ru,
        rule: { code: 'bid_too_low', message: bid.ru, ref: '§4.2 «Ставка»' },
      }) as unknown,
    });
    expect(inLanguage(refused, 'en')).toEqual({
      language: 'en',
      problem: expect.objectContaining({
        detail: bid.en,
        rule: { code: 'bid_too_low', message: bid.en, ref: '§4.2 «Ставка»' },
      }) as unknown,
    });
    // The error's own message (logs) stays English, and the English problem is unchanged.
    expect(refused.message).toBe(bid.en);
    expect(problem(refused)).toMatchObject({ detail: bid.en });
  });

  it('answers an English-only message in English, whatever the reader asked for', () => {
    const refused = new RejectedError(violation('bid_too_low', 'The bid to beat is 3'));
    expect(inLanguage(refused, 'ru')).toMatchObject({
      language: 'en',
      problem: { detail: 'The bid to beat is 3', rule: { message: 'The bid to beat is 3' } },
    });
    expect(inLanguage(new NotFoundError('No match m-1'), 'ru')).toMatchObject({
      language: 'en',
      problem: { detail: 'No match m-1' },
    });
  });

  it.each([
    ['NotFoundError', new NotFoundError(bid)],
    ['ForbiddenError', new ForbiddenError(bid)],
    ['BadRequestError', new BadRequestError(bid, 'bad-request')],
    ['ConflictError', new ConflictError(bid, 'already-claimed')],
    ['UnauthorizedError', new UnauthorizedError(bid)],
    ['PayloadRejectedError', new PayloadRejectedError(bid, 'too_large')],
    ['HttpRefusalError', new HttpRefusalError(408, 'request-timeout', bid)],
    ['TooManyRequestsError', new TooManyRequestsError(bid, 3)],
  ])('lets %s carry both forms', (_name, error) => {
    expect(error.message).toBe(bid.en);
    expect(inLanguage(error, 'ru')).toMatchObject({ language: 'ru', problem: { detail: bid.ru } });
    expect(inLanguage(error, 'en')).toMatchObject({ language: 'en', problem: { detail: bid.en } });
  });

  it("translates the application's own refusals", () => {
    for (const error of [
      new StaleRevisionError(3, 5),
      new UnauthorizedError(),
      new IdempotencyKeyReusedError('k-1', 4),
      new EventNotApplicableError('move', 'PiecesMoved'),
    ]) {
      const { problem: ru, language } = inLanguage(error, 'ru');
      expect(language).toBe('ru');
      expect(ru.detail).toMatch(/[а-яё]/i);
      expect(ru.detail).not.toBe(error.message);
    }
    expect(inLanguage(new StaleRevisionError(3, 5), 'ru').problem.detail).toContain('№5');
  });
});
