import { GlobalFeed, type FeedItem } from '../../src/application/feed/global-feed';
import type { Principal } from '../../src/application/auth/principal';
import { createApi, type Api } from '../support/api-client';
import { startedFreeform, ok } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 12, bad input: a feed reader that stops reading holds at most `maxBehind` live
 * events; past that it is cut off with a final item naming the last position it was given,
 * and the shared subscription stops feeding it.
 */
const ADMIN: Principal = { kind: 'admin', id: 'admin' };

describe('a feed reader that stops reading', () => {
  let app: TestApp;
  let api: Api;

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
  });
  afterAll(() => app?.close());

  it('is cut off after maxBehind live events, with the position to resume after', async () => {
    const { matchId, seats } = await startedFreeform(api, 'Медленный читатель');
    const feed = app.app.get(GlobalFeed);
    const abort = new AbortController();
    const items = await feed.open(ADMIN, {
      afterName: 'after',
      filter: { matchId },
      maxBehind: 3,
      signal: abort.signal,
    });
    const first = items.next();
    const roll = async () =>
      ok(
        await api.client.POST('/api/v1/matches/{id}/decisions', {
          headers: seats.red.headers,
          params: { path: { id: matchId } },
          body: { kind: 'roll', params: { dice: '1d6' } },
        }),
        201,
      );
    await roll();
    const taken: FeedItem[] = [(await first).value as FeedItem];
    // The reader stops reading while ten more decisions are recorded.
    for (let i = 0; i < 10; i += 1) await roll();
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (let next = await items.next(); !next.done; next = await items.next())
      taken.push(next.value);
    const last = taken[taken.length - 1];
    expect('cutOff' in last).toBe(true);
    const delivered = taken.filter((item) => 'line' in item) as { position: string }[];
    // The first event, then what the bounded buffer held.
    expect(delivered.length).toBeLessThanOrEqual(1 + 3);
    expect((last as { cutOff: { lastPosition?: string } }).cutOff.lastPosition).toBe(
      delivered[delivered.length - 1].position,
    );
    abort.abort();
  });
});
