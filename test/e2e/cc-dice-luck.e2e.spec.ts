import { anyDecision, asNewOrganizer, createApi, type Api } from '../support/api-client';
import { claimSeatsAndStart, eventually, ok, startedFreeform } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 42, item 5: Combat Commander's rolls are Fate cards, whose printed dice follow the
 * deck's own mix: a match's dice luck says, in the reader's language, that they are not
 * counted against fair dice, instead of answering 0 dice in silence.
 */
describe('dice luck of a ruleset whose rolls are cards', () => {
  let app: TestApp;
  let api: Api;

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
  });
  afterAll(() => app.close());

  const diceOf = (matchId: string, language: string) =>
    eventually(`the dice of ${matchId}`, async () => {
      const { data } = await api.client.GET('/api/v1/stats/matches/{id}/dice', {
        headers: { 'accept-language': language },
        params: { path: { id: matchId } },
      });
      return data;
    });

  it('says per match why Combat Commander’s Fate cards are not counted, in ru and en', async () => {
    const organizer = await asNewOrganizer(api, 'Клуб «Судьба»');
    const created = ok(
      await api.client.POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          ruleset: 'combat-commander',
          public: true,
          seats: [{ seat: 'axis' }, { seat: 'allies' }],
        },
      }),
      201,
    );
    const seats = await claimSeatsAndStart(api, created, organizer);
    ok(
      await api.client.POST('/api/v1/matches/{id}/decisions', {
        headers: seats.allies.headers,
        params: { path: { id: created.matchId } },
        body: anyDecision({ kind: 'concede', params: {} }),
      }),
      201,
    );
    const ru = await diceOf(created.matchId, 'ru-RU,ru;q=0.9');
    expect(ru.notCountedBecause).toMatch(/^Броски в Combat Commander — это карты судьбы/);
    const en = await diceOf(created.matchId, 'en');
    expect(en.notCountedBecause).toMatch(/^Combat Commander’s rolls are Fate cards/);
    expect(en.seats.map((seat) => seat.server.dice + seat.reported.dice)).toEqual([0, 0]);

    // Fair dice say nothing of the kind.
    const freeform = await startedFreeform(api, 'Клуб «Кубик»');
    ok(
      await api.client.POST('/api/v1/matches/{id}/decisions', {
        headers: freeform.seats.red.headers,
        params: { path: { id: freeform.matchId } },
        body: anyDecision({ kind: 'concede', params: {} }),
      }),
      201,
    );
    expect(await diceOf(freeform.matchId, 'ru')).not.toHaveProperty('notCountedBecause');
  });
});
