import { asAdmin, asNewOrganizer, createApi, type Api, type Session } from '../support/api-client';
import { expectProblem, ok } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Security review 2026-12-06, rate limiting: one organizer created 533 matches in 15 s before
 * the per-token request limit stopped it; a stolen organizer token could create about 36,000
 * an hour. New matches are now capped per organizer and hour
 * (`MATCHLOG_MATCHES_PER_ORGANIZER_HOUR`), 429 problem+json with Retry-After beyond.
 */
describe('security: new matches per organizer and hour', () => {
  const CAP = 3;
  let app: TestApp;
  let api: Api;

  beforeAll(async () => {
    app = await startTestApp({ MATCHLOG_MATCHES_PER_ORGANIZER_HOUR: String(CAP) });
    api = await createApi(app.url);
  });
  afterAll(() => app?.close());

  const create = (who: Session) =>
    api.client.POST('/api/v1/matches', {
      headers: who.headers,
      body: { ruleset: 'freeform', seats: [{ seat: 'red' }, { seat: 'blue' }] },
    });

  it('refuses an organizer’s match beyond the cap with 429 and Retry-After', async () => {
    const organizer = await asNewOrganizer(api, 'Клуб «Ладья»');
    // A refused creation takes no place.
    const invalid = await api.client.POST('/api/v1/matches', {
      headers: organizer.headers,
      body: { ruleset: 'no-such-game', seats: [{ seat: 'red' }] },
    });
    expect(invalid.response.status).toBe(400);
    for (let i = 0; i < CAP; i += 1) ok(await create(organizer), 201);

    const refused = await create(organizer);
    const problem = await expectProblem(
      refused,
      429,
      'too-many-matches',
      `Too many new matches: an organizer may create at most ${CAP} in an hour`,
    );
    const retryAfter = Number(refused.response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(problem).toMatchObject({ retryAfterSeconds: retryAfter });
    expect(problem).not.toHaveProperty('matchId');
    // In the reader's language.
    const russian = await api.client.POST('/api/v1/matches', {
      headers: { ...organizer.headers, 'Accept-Language': 'ru' },
      body: { ruleset: 'freeform', seats: [{ seat: 'red' }, { seat: 'blue' }] },
    });
    await expectProblem(
      russian,
      429,
      'too-many-matches',
      /^Слишком много новых матчей: организатор может создать не больше 3 за час; повторите через \d+ с$/,
    );
    expect(russian.response.headers.get('content-language')).toBe('ru');
  });

  it('counts each organizer apart, and not the admin', async () => {
    const other = await asNewOrganizer(api, 'Другой клуб');
    for (let i = 0; i < CAP; i += 1) ok(await create(other), 201);
    for (let i = 0; i < CAP + 2; i += 1) ok(await create(asAdmin()), 201);
  });
});
