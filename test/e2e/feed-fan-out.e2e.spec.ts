import type { Principal } from '../../src/application/auth/principal';
import { GlobalFeed, type FeedFrames, type FeedItem } from '../../src/application/feed/global-feed';
import { createApi, type Api } from '../support/api-client';
import { ok, startedFreeform } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

const ADMIN: Principal = { kind: 'admin', id: 'admin' };
const frame = (line: string, position: string) => `id: ${position}\ndata: ${line}\n\n`;

/**
 * Feed fan-out: live events go to readers a batch at a time, framed once per class of reader
 * (same principal, filter and framing) and shared as the same bytes by all of its readers,
 * while each reader still gets every event once, in order.
 */
describe('feed fan-out', () => {
  let app: TestApp;
  let api: Api;

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
  });
  afterAll(() => app?.close());

  it('frames each batch once for all readers of a class, and every reader gets every event', async () => {
    const { matchId, seats } = await startedFreeform(api, 'Много читателей');
    const feed = app.app.get(GlobalFeed);
    const abort = new AbortController();
    const open = (principal: Principal) =>
      feed.open(principal, {
        afterName: 'after',
        filter: { matchId },
        maxBehind: 5000,
        signal: abort.signal,
        frame,
      });
    const readers = await Promise.all([open(ADMIN), open(ADMIN), open(ADMIN)]);
    const stranger = await open({ kind: 'anonymous' });
    const taken: FeedItem[][] = [[], [], []];
    const reading = readers.map(async (items, i) => {
      for await (const item of items) {
        if ('caughtUp' in item) continue;
        taken[i].push(item);
        if (positionsOf(taken[i]).length >= 10) return;
      }
    });
    for (let i = 0; i < 5; i += 1)
      ok(
        await api.client.POST('/api/v1/matches/{id}/decisions', {
          headers: seats.red.headers,
          params: { path: { id: matchId } },
          body: { kind: 'roll', params: { dice: '1d6' } },
        }),
        201,
      );
    await Promise.all(reading);
    const [first, ...others] = taken;
    // Ten events (five decisions of two events), each once and in order, to every reader.
    expect(positionsOf(first)).toHaveLength(10);
    for (const other of others) expect(positionsOf(other)).toEqual(positionsOf(first));
    // The same bytes, not equal copies: one serialization per batch for the whole class.
    first.forEach((item, i) => {
      expect('frames' in item).toBe(true);
      for (const other of others)
        expect((other[i] as FeedFrames).frames).toBe((item as FeedFrames).frames);
    });
    // The live private match is none of a stranger's business: nothing to share with them.
    const strangerTook: FeedItem[] = [];
    const strangerReading = (async () => {
      for await (const item of stranger) strangerTook.push(item);
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    abort.abort();
    await strangerReading;
    expect(strangerTook.every((item) => 'caughtUp' in item)).toBe(true);
    abort.abort();
  });
});

/** The positions of the SSE messages in what a reader took. */
function positionsOf(items: FeedItem[]): string[] {
  return items.flatMap((item) =>
    'frames' in item ? [...item.frames.toString().matchAll(/^id: (\d+)$/gm)].map((m) => m[1]) : [],
  );
}
