import { asNewOrganizer, createApi, type Api } from '../support/api-client';
import { ok } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Every paged list reads alike: `cursor` and `limit` in the query, `items` and `nextCursor`
 * (absent on the last page) in the answer, one schema shape for the match list and the
 * players list.
 */
describe('one way to page', () => {
  let app: TestApp;
  let api: Api;

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
  });
  afterAll(() => app.close());

  it('pages the players as the matches: cursor and limit, items and nextCursor', async () => {
    const organizer = await asNewOrganizer(api, 'Клуб «Страницы»');
    for (const [playerId, ru, latin] of [
      ['anna-k', 'Анна К', 'Anna K'],
      ['boris-l', 'Борис Л', 'Boris L'],
      ['vera-m', 'Вера М', 'Vera M'],
    ])
      ok(
        await api.client.POST('/api/v1/players', {
          headers: organizer.headers,
          body: { playerId, names: { ru, latin } },
        }),
        201,
      );
    const first = ok(await api.client.GET('/api/v1/players', { params: { query: { limit: 2 } } }));
    expect(first.items.map((p) => p.playerId)).toEqual(['anna-k', 'boris-l']);
    expect(first.nextCursor).toBe('boris-l');
    const last = ok(
      await api.client.GET('/api/v1/players', {
        params: { query: { limit: 2, cursor: first.nextCursor } },
      }),
    );
    expect(last.items.map((p) => p.playerId)).toEqual(['vera-m']);
    expect(last).not.toHaveProperty('nextCursor');

    const schemas = api.document.components!.schemas as Record<
      string,
      { properties: Record<string, unknown> }
    >;
    const shape = (name: string) => Object.keys(schemas[name].properties).sort();
    expect(shape('PlayersPageDto')).toEqual(['items', 'nextCursor']);
    expect(shape('MatchListDto')).toEqual(shape('PlayersPageDto'));
  });
});
