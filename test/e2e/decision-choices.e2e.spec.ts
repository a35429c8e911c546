import type { components } from '../../web/src/api/matchlog-api';
import {
  anyDecision,
  asNewOrganizer,
  createApi,
  type Api,
  type Session,
} from '../support/api-client';
import { claimSeatsAndStart, ok } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 39 over HTTP: a Commanders Path seat asks the field choices of its setup decisions
 * (POST legal-decisions/choices), builds its deck and its setup build from nothing but the
 * values offered, and records them; another seat's choices, and a page behind the head, are
 * refused.
 */

type FieldChoices = components['schemas']['FieldChoicesDto'];

describe('field choices from the rules (issue 39)', () => {
  let app: TestApp;
  let api: Api;
  let matchId: string;
  let seats: Record<string, Session>;

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
    const organizer = await asNewOrganizer(api, 'Клуб «Выбор»');
    const created = ok(
      await api.client.POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          ruleset: 'commanders-path',
          title: 'Выбор',
          options: { deckShuffle: 'none' },
          seats: [{ seat: 'red' }, { seat: 'blue' }],
        },
      }),
      201,
    );
    matchId = created.matchId;
    seats = await claimSeatsAndStart(api, created, organizer);
  });

  afterAll(async () => {
    await app.close();
  });

  const choices = (
    seat: string,
    body: { kind: string; params?: Record<string, unknown>; seat?: string; expectedSeq?: number },
  ) =>
    api.client.POST('/api/v1/matches/{id}/legal-decisions/choices', {
      headers: seats[seat].headers,
      params: { path: { id: matchId } },
      body,
    });
  const decide = async (seat: string, kind: string, params: Record<string, unknown>) =>
    ok(
      await api.client.POST('/api/v1/matches/{id}/decisions', {
        headers: seats[seat].headers,
        params: { path: { id: matchId } },
        body: anyDecision({ kind, params }),
      }),
      201,
    );
  const field = (fields: FieldChoices[], path: string): FieldChoices => {
    const found = fields.find((f) => f.path === path);
    if (!found) throw new Error(`no choices for ${path}`);
    return found;
  };

  it('registers a deck and spends the setup resources from the values offered', async () => {
    const legal = ok(
      await api.client.GET('/api/v1/matches/{id}/legal-decisions', {
        headers: seats.red.headers,
        params: { path: { id: matchId } },
      }),
      200,
    );
    expect(legal.kinds.find((k) => k.kind === 'register-deck')).toMatchObject({ choices: true });

    for (const seat of ['red', 'blue']) {
      const deck = ok(await choices(seat, { kind: 'register-deck' }), 200);
      expect(deck).toMatchObject({ seat, offered: true, kind: 'register-deck' });
      const commander = field(deck.fields, 'commander.catalog');
      expect(commander.values.map((v) => v.name.ru)).toContain('Командор Рейн (тест)');
      const cards = field(deck.fields, 'cards');
      expect(cards).toMatchObject({ pick: 'counts', item: 'catalog', count: 'copies' });
      // Forty cards of what is offered, four of each, as a player ticks them.
      const ships = cards.values.filter((v) => v.hint?.ru.includes('стоимость'));
      const entries = ships.slice(0, 10).map((v) => ({ catalog: v.value, copies: v.max }));
      expect(entries.reduce((sum, e) => sum + (e.copies ?? 0), 0)).toBeGreaterThanOrEqual(
        cards.total?.min ?? 0,
      );
      await decide(seat, 'register-deck', {
        commander: { catalog: commander.values[0].value },
        cards: entries,
      });
    }
    await decide('red', 'deal', {});

    const spend = ok(await choices('red', { kind: 'setup-spend' }), 200);
    const builds = field(spend.fields, 'builds');
    expect(builds).toMatchObject({ pick: 'counts', total: { max: 25, unit: { ru: 'ресурсов' } } });
    expect(builds.values.length).toBeGreaterThan(0);
    for (const v of builds.values) expect(String(v.value)).toMatch(/^red-/);
    const names = builds.values.map((v) => v.name.ru);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'ru', { numeric: true })));

    // Blue has not dealt: the build is not offered to it, and red's token cannot ask for blue.
    expect(ok(await choices('blue', { kind: 'setup-spend' }), 200)).toMatchObject({
      offered: false,
      fields: [],
    });
    expect((await choices('red', { kind: 'setup-spend', seat: 'blue' })).response.status).toBe(403);
    // A page behind the head is told to refresh.
    const stale = await choices('red', { kind: 'setup-spend', expectedSeq: spend.seq - 1 });
    expect(stale.response.status).toBe(409);

    const first = builds.values[0];
    const recorded = await decide('red', 'setup-spend', {
      builds: [{ card: first.value, pay: first.max }],
    });
    expect(recorded.events[0]).toMatchObject({ type: 'DecisionMade' });
  });
});
