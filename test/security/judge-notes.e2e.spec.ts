import {
  anyDecision,
  asAdmin,
  asNewOrganizer,
  createApi,
  newTournamentJudge,
  seatSessions,
  type Api,
  type Session,
} from '../support/api-client';
import { claimSeatsAndStart, ok } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Private judge notes (issue 41 item 6) are for the match's judges only: no seat, organizer,
 * other tournament's judge or spectator reads them, and no read of the match (events, state,
 * export, timeline, phrases, bulk export, feed) carries their text, live or after the end.
 */
describe('private judge notes never leak', () => {
  let running: TestApp;
  let api: Api;

  beforeAll(async () => {
    running = await startTestApp();
    api = await createApi(running.url);
  });
  afterAll(() => running.close());

  const SECRET = 'Тайная заметка судьи: проверить, не подсказывал ли тренер 7f3a';

  it('judges write and read them; seats, the organizer, other judges and spectators cannot; no match read carries them', async () => {
    const organizer = await asNewOrganizer(api, 'Заметки судей');
    const judge = await newTournamentJudge(
      api,
      organizer,
      { tournamentId: 'notes-cup', name: 'Кубок заметок' },
      'Судья Вера',
    );
    const otherJudge = await newTournamentJudge(
      api,
      organizer,
      { tournamentId: 'other-notes-cup', name: 'Другой кубок' },
      'Судья Глеб',
    );
    const created = ok(
      await api.client.POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          ruleset: 'freeform',
          tournamentId: 'notes-cup',
          public: true,
          seats: [{ seat: 'red' }, { seat: 'blue' }],
          setup: {
            zones: [
              { id: 'north', kind: 'location' },
              { id: 'south', kind: 'location' },
            ],
            pieces: [{ id: 'cruiser', type: 'Крейсер', owner: 'red', zone: 'north' }],
          },
        },
      }),
      201,
    );
    const id = created.matchId;
    const seats = await claimSeatsAndStart(api, created, organizer, (seat) => `Игрок ${seat}`);
    expect(Object.keys(seatSessions(created))).toEqual(['red', 'blue']);
    const red = seats.red as Session;
    const moved = ok(
      await api.client.POST('/api/v1/matches/{id}/decisions', {
        headers: red.headers,
        params: { path: { id } },
        body: anyDecision({ kind: 'move', params: { pieces: ['cruiser'], to: 'south' } }),
      }),
      201,
    );
    const { disputeId } = ok(
      await api.client.POST('/api/v1/matches/{id}/disputes', {
        headers: (seats.blue as Session).headers,
        params: { path: { id } },
        body: { atSeq: moved.events[0].seq, claim: 'Ход вне очереди' },
      }),
      201,
    );

    const write = (who: Session | undefined, body: { text: string; disputeId?: string }) =>
      api.client.POST('/api/v1/matches/{id}/judge-notes', {
        headers: { ...(who?.headers ?? {}), 'Accept-Language': 'ru' },
        params: { path: { id } },
        body,
      });
    const note = ok(await write(judge, { text: SECRET, disputeId }), 201);
    expect(note).toMatchObject({ type: 'JudgeNoteAdded', data: { text: SECRET, disputeId } });
    expect(note.meta.actor.kind).toBe('judge');
    for (const who of [red, organizer, otherJudge])
      expect((await write(who, { text: 'x' })).response.status).toBe(403);
    expect((await write(undefined, { text: 'x' })).response.status).toBe(401);
    const blank = await write(judge, { text: '   ' });
    expect(blank.response.status).toBe(400);
    const noDispute = await write(judge, { text: 'x', disputeId: 'nope' });
    expect(noDispute.response.status).toBe(400);
    expect((noDispute.error as { detail: string }).detail).toBe('В этом матче нет такого спора');

    const read = (who: Session | undefined) =>
      api.client.GET('/api/v1/matches/{id}/judge-notes', {
        headers: who?.headers ?? {},
        params: { path: { id } },
      });
    expect(ok(await read(judge)).notes.map((n) => n.data.text)).toEqual([SECRET]);
    expect(ok(await read(asAdmin())).notes).toHaveLength(1);

    /** Every read of the match a seat or a spectator makes: none may carry the note's text. */
    const readsOf = async (who: Session | undefined): Promise<string[]> => {
      const headers = who?.headers ?? {};
      const bodies: string[] = [];
      for (const [template, url] of [
        ['/api/v1/matches/{id}/events', `/api/v1/matches/${id}/events?line=all`],
        ['/api/v1/matches/{id}/state', `/api/v1/matches/${id}/state`],
        ['/api/v1/matches/{id}/timeline', `/api/v1/matches/${id}/timeline`],
        ['/api/v1/matches/{id}/phrases', `/api/v1/matches/${id}/phrases`],
        ['/api/v1/matches/{id}/annotations', `/api/v1/matches/${id}/annotations`],
        ['/api/v1/feed', `/api/v1/feed?format=ndjson&wait=0&after=0&match=${id}`],
      ] as const) {
        const response = await api.fetchChecked(template, `${running.url}${url}`, { headers });
        expect([template, response.status]).toEqual([template, 200]);
        bodies.push(await response.text());
      }
      return bodies;
    };
    /** `shown`: what the reads must carry, so they are real reads of the match. */
    const notLeaked = (bodies: string[], shown: string) => {
      expect(bodies.join('\n')).toContain(shown);
      // The note's words: its hex tail alone turns up in random hashes.
      expect(bodies.join('\n')).not.toContain('тренер 7f3a');
      expect(bodies.join('\n')).not.toContain('JudgeNoteAdded');
    };
    // Live: the seat, and a spectator of the public match (behind its delay: the match's id).
    expect((await read(red)).response.status).toBe(403);
    notLeaked(await readsOf(red), disputeId);
    expect((await read(undefined)).response.status).toBe(401);
    notLeaked(await readsOf(undefined), id);

    // After the end everything of the match is public: still not the notes.
    ok(
      await api.client.POST('/api/v1/matches/{id}/abandon', {
        headers: organizer.headers,
        params: { path: { id } },
        body: { reason: 'Проверка заметок' },
      }),
      201,
    );
    expect((await read(undefined)).response.status).toBe(401);
    expect((await read(red)).response.status).toBe(403);
    expect((await read(organizer)).response.status).toBe(403);
    const ended = await readsOf(undefined);
    const exported = await api.fetchChecked(
      '/api/v1/matches/{id}/export',
      `${running.url}/api/v1/matches/${id}/export`,
    );
    expect(exported.status).toBe(200);
    const bulk = await api.fetchChecked(
      '/api/v1/export/matches',
      `${running.url}/api/v1/export/matches?ids=${id}&with=events`,
    );
    expect(bulk.status).toBe(200);
    notLeaked([...ended, await exported.text(), await bulk.text()], disputeId);
    // The judge still reads them after the end.
    expect(ok(await read(judge)).notes.map((n) => n.data.text)).toEqual([SECRET]);
  });
});
