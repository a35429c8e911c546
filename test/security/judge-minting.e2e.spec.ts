import {
  asAdmin,
  asNewOrganizer,
  createApi,
  seatSessions,
  session,
  type Api,
  type Session,
} from '../support/api-client';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Finding 2 of the security issue: any organizer could mint a judge token for any match or
 * tournament (another organizer's, or one that does not exist), then read that live table with
 * every hidden card and pause it. A judge is appointed only by the organizer of that match or
 * tournament, or by the admin; a tournament is owned by the organizer who created it.
 */
describe('security: judge tokens are appointed only by the owner', () => {
  let app: TestApp;
  let api: Api;
  let owner: Session & { id: string };
  let rival: Session & { id: string };
  let matchId: string;

  const setup = {
    zones: [
      { id: 'north', kind: 'location' },
      { id: 'red-hand', kind: 'hand', owner: 'red', visibility: 'owner' },
    ],
    pieces: [
      { id: 'cruiser', type: 'Cruiser', owner: 'red', zone: 'north' },
      { id: 'ace', type: 'Secret ace', owner: 'red', zone: 'red-hand' },
    ],
  };

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
    owner = await asNewOrganizer(api, 'Moscow Open organizers');
    rival = await asNewOrganizer(api, 'Rival club');
    expect(
      (
        await api.client.POST('/api/v1/tournaments', {
          headers: owner.headers,
          body: { tournamentId: 'moscow-open', name: 'Открытый чемпионат Москвы' },
        })
      ).response.status,
    ).toBe(201);
    const { data: created } = await api.client.POST('/api/v1/matches', {
      headers: owner.headers,
      body: {
        ruleset: 'freeform',
        tournamentId: 'moscow-open',
        seats: [{ seat: 'red' }, { seat: 'blue' }],
        setup,
      },
    });
    matchId = created!.matchId;
    const seats = seatSessions(created!);
    for (const seat of ['red', 'blue'] as const) {
      await api.client.POST('/api/v1/matches/{id}/seats/{seat}/claim', {
        params: { path: { id: matchId, seat } },
        headers: seats[seat].headers,
        body: { name: seat },
      });
    }
    await api.client.POST('/api/v1/matches/{id}/start', {
      params: { path: { id: matchId } },
      headers: owner.headers,
    });
  });
  afterAll(async () => {
    await app.close();
    expect(api.checks.failures).toEqual([]);
  });

  const appoint = (who: Session, scope: { matchId?: string; tournamentId?: string }) =>
    api.client.POST('/api/v1/judges', { headers: who.headers, body: { name: 'J', ...scope } });

  it("refuses another organizer a judge token for the match, so the table's hidden cards stay hidden", async () => {
    const { response, error } = await appoint(rival, { matchId });
    expect(response.status).toBe(403);
    expect(error?.detail).toContain('belongs to another organizer');
  });

  it('refuses another organizer a judge token for the tournament, and matches in it', async () => {
    const judge = await appoint(rival, { tournamentId: 'moscow-open' });
    expect(judge.response.status).toBe(403);
    const match = await api.client.POST('/api/v1/matches', {
      headers: rival.headers,
      body: { ruleset: 'freeform', tournamentId: 'moscow-open', seats: [{ seat: 'red' }] },
    });
    expect(match.response.status).toBe(403);
    const taken = await api.client.POST('/api/v1/tournaments', {
      headers: rival.headers,
      body: { tournamentId: 'moscow-open', name: 'Squatted' },
    });
    expect(taken.response.status).toBe(409);
    const { data } = await api.client.GET('/api/v1/tournaments/{tournamentId}', {
      params: { path: { tournamentId: 'moscow-open' } },
    });
    expect(data).toMatchObject({ name: 'Открытый чемпионат Москвы', organizer: owner.id });
  });

  it('refuses judge tokens for a match or tournament that does not exist (404)', async () => {
    const ghostMatch = await appoint(rival, { matchId: '0f0e0d0c-0000-4000-8000-000000000000' });
    expect(ghostMatch.response.status).toBe(404);
    const ghostTournament = await appoint(rival, { tournamentId: 'no-such-cup' });
    expect(ghostTournament.response.status).toBe(404);
    const unknownTournamentMatch = await api.client.POST('/api/v1/matches', {
      headers: rival.headers,
      body: { ruleset: 'freeform', tournamentId: 'no-such-cup', seats: [{ seat: 'red' }] },
    });
    expect(unknownTournamentMatch.response.status).toBe(404);
  });

  it('lets the owner and the admin appoint judges, who then see the hidden hand and may pause', async () => {
    for (const [who, scope] of [
      [owner, { matchId }],
      [owner, { tournamentId: 'moscow-open' }],
      [asAdmin(), { matchId }],
    ] as const) {
      const { data, response } = await appoint(who, scope);
      expect(response.status).toBe(201);
      const judge = session(data!.token);
      const { data: state } = await api.client.GET('/api/v1/matches/{id}/state', {
        params: { path: { id: matchId } },
        headers: judge.headers,
      });
      expect(Object.keys(state!.table.pieces as object)).toContain('ace');
    }
    const { data } = await appoint(owner, { matchId });
    const pause = await api.client.POST('/api/v1/matches/{id}/pause', {
      params: { path: { id: matchId } },
      headers: session(data!.token).headers,
      body: { reason: 'checking a rule' },
    });
    expect(pause.response.status).toBe(201);
  });
});
