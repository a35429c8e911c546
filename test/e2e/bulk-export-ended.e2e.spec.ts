import { createApi, type Api, type Session } from '../support/api-client';
import { ok, startedFreeform, type StartedFreeform } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

const EXPORT = '/api/v1/export/matches';

/**
 * The bulk export reads an ended match without its state, its events as the store keeps
 * them: the line must still be, byte for byte, what the per-match read of its events gives,
 * for a stranger and for a seat, with the events an undo took back left out of the
 * effective line.
 */
describe('bulk export of ended matches', () => {
  let app: TestApp;
  let api: Api;
  let match: StartedFreeform;
  const voided: number[] = [];

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
    match = await startedFreeform(api, 'Экспорт завершённых');
    const { matchId, seats } = match;
    const decide = async (seat: Session, kind: string, params: unknown) =>
      ok(
        await api.client.POST('/api/v1/matches/{id}/decisions', {
          headers: seat.headers,
          params: { path: { id: matchId } },
          body: { kind, params } as never,
        }),
        201,
      ).events;
    const before = (await decide(seats.red, 'move', { pieces: ['c1'], to: 'south' })).at(-1)!.seq;
    for (const event of await decide(seats.red, 'move', { pieces: ['c1'], to: 'north' }))
      voided.push(event.seq);
    const requested = ok(
      await api.client.POST('/api/v1/matches/{id}/undo-requests', {
        headers: seats.red.headers,
        params: { path: { id: matchId } },
        body: { toSeq: before, reason: 'Не туда' },
      }),
      201,
    );
    // Red undoes only its own move: no consent needed, the rewind follows at once.
    expect(requested.events.map((event) => event.type)).toContain('TimelineRewound');
    await decide(seats.red, 'draw', { deck: 'deck', count: 1 });
    await decide(seats.blue, 'concede', {});
    // The fast path is taken once the index has the match as finished.
    for (let waited = 0; !(await exportText('', undefined)).includes(matchId); waited += 50) {
      if (waited > 10_000) throw new Error('the index never had the match as finished');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, 60_000);
  afterAll(() => app?.close());

  async function exportText(query: string, session: Session | undefined) {
    const response = await api.fetchChecked(
      EXPORT,
      `${EXPORT}?ids=${match.matchId}&status=finished${query}`,
      { headers: session?.headers ?? {} },
    );
    expect(response.status).toBe(200);
    return response.text();
  }

  it.each([
    ['a stranger', undefined],
    ['a seat', 'red'],
  ] as const)('gives %s the events as the per-match read does, byte for byte', async (_, seat) => {
    const session = seat ? match.seats[seat] : undefined;
    const text = await exportText('&with=events', session);
    const line = JSON.parse(text) as {
      seq: number;
      headHash: string;
      events: { seq: number; type: string; meta: { hash: string } }[];
    };
    const perMatch = await api.fetchChecked(
      '/api/v1/matches/{id}/events',
      `/api/v1/matches/${match.matchId}/events?to=${line.seq}`,
      { headers: { ...(session?.headers ?? {}), accept: 'application/x-ndjson' } },
    );
    const eventLines = (await perMatch.text()).split('\n').filter((row) => row !== '');
    expect(text).toBe(
      `{"matchId":"${match.matchId}","seq":${line.seq},"headHash":"${line.headHash}","events":[${eventLines.join(',')}]}\n`,
    );
    expect(line.events.at(-1)).toMatchObject({ seq: line.seq, meta: { hash: line.headHash } });
    expect(line.events.map((event) => event.type)).toContain('TimelineRewound');
    // The undone move and its undo request are in the log but not on the effective line.
    const seqs = line.events.map((event) => event.seq);
    expect(voided.length).toBeGreaterThan(0);
    for (const seq of voided) expect(seqs).not.toContain(seq);
    // The drawn card is revealed to everyone once the match has ended.
    expect(JSON.stringify(line.events.find((event) => event.type === 'CardsDrawn'))).toMatch(
      /"k1"/,
    );
  });
});
