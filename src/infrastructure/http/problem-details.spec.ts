import { BadRequestException, NotFoundException } from '@nestjs/common';
import {
  EventNotApplicableError,
  NotFoundError,
  StaleRevisionError,
} from '../../application/errors';
import {
  InvalidEventError,
  StreamNotFoundError,
  WrongExpectedRevisionError,
} from '../../application/ports/event-store.port';
import { RefusedBodyError } from './json-body.parser';
import { problemFor } from './problem-details';

const problem = (error: unknown) => problemFor(error, '/api/v1/matches/m-1');

describe('problemFor', () => {
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
