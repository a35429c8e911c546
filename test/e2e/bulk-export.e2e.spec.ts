import {
  asNewOrganizer,
  createApi,
  seatSessions,
  type Api,
  type Session,
  anyDecision,
} from '../support/api-client';
import { eventually, expectProblem, ok } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

const EXPORT = '/api/v1/export/matches';

interface Line {
  matchId: string;
  seq: number;
  headHash: string;
  changePosition?: string;
  updatedAt?: string;
  summary?: unknown;
  events?: { seq: number; type: string; data: unknown; meta: { hash: string } }[];
  state?: unknown;
}

interface Played {
  matchId: string;
  seats: Record<'red' | 'blue', Session>;
  kind: 'finished' | 'live-private' | 'live-public';
  redFaction: string;
}

/**
 * Issue 12, point 1: the bulk export of 500 matches equals what each caller reads match by
 * match (a seat's token never shows the other seat's hand, a stranger never sees a live
 * private match), with its filters, and refuses bad input by naming the parameter.
 */
describe('bulk export', () => {
  let app: TestApp;
  let api: Api;
  let organizer: Session;
  const played: Played[] = [];

  async function play(kind: Played['kind'], index: number): Promise<Played> {
    const redFaction = index % 2 === 0 ? 'empire' : 'rebels';
    const created = ok(
      await api.client.POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          ruleset: 'freeform',
          title: `Партия ${index}`,
          public: kind !== 'live-private',
          ...(kind === 'live-public' ? { spectatorDelay: 1 } : {}),
          seats: [
            { seat: 'red', faction: redFaction },
            { seat: 'blue', faction: 'pirates' },
          ],
          setup: {
            zones: [
              { id: 'a', kind: 'location' },
              { id: 'deck', kind: 'deck', visibility: 'nobody' },
            ],
            pieces: ['c1', 'c2', 'c3'].map((id) => ({ id, type: `card-${id}`, zone: 'deck' })),
          },
        },
      }),
      201,
    );
    const { matchId } = created;
    const seats = seatSessions(created) as Record<'red' | 'blue', Session>;
    for (const seat of ['red', 'blue'] as const)
      ok(
        await api.client.POST('/api/v1/matches/{id}/seats/{seat}/claim', {
          headers: seats[seat].headers,
          params: { path: { id: matchId, seat } },
          body: { name: seat === 'red' ? `Ольга ${index}` : `Boris ${index}` },
        }),
        201,
      );
    ok(
      await api.client.POST('/api/v1/matches/{id}/start', {
        headers: organizer.headers,
        params: { path: { id: matchId } },
      }),
      201,
    );
    const decide = async (seat: 'red' | 'blue', kind: string, params: unknown) =>
      ok(
        await api.client.POST('/api/v1/matches/{id}/decisions', {
          headers: seats[seat].headers,
          params: { path: { id: matchId } },
          body: anyDecision({ kind, params }),
        }),
        201,
      );
    await decide('red', 'shuffle', { deck: 'deck' });
    await decide('blue', 'draw', { deck: 'deck', count: 1 });
    if (kind === 'finished') await decide('blue', 'concede', {});
    return { matchId, seats, kind, redFaction };
  }

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
    organizer = await asNewOrganizer(api, 'Экспорт');
    for (let index = 0; index < 500; index += 1) {
      const kind =
        index % 50 === 7 ? 'live-private' : index % 50 === 9 ? 'live-public' : 'finished';
      played.push(await play(kind, index));
    }
    // The index is fed by the checkpointed subscription: wait until it has every match.
    const last = played[played.length - 1].matchId;
    await eventually(
      'the export index to hold the last match played',
      async () =>
        (await exportText('?max=1&sort=-updated&with=summary')).includes(last) || undefined,
      120_000,
    );
  }, 240_000);
  afterAll(() => app?.close());

  async function exportResponse(query: string, session?: Session, init: RequestInit = {}) {
    return api.fetchChecked(EXPORT, `${EXPORT}${query}`, {
      ...init,
      headers: { ...(session?.headers ?? {}), ...(init.headers as Record<string, string>) },
    });
  }
  async function exportText(query: string, session?: Session, init?: RequestInit) {
    const response = await exportResponse(query, session, init);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    return response.text();
  }
  const linesOf = (text: string): Line[] =>
    text
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Line);

  /** What `session` reads of one match, match by match, up to `seq`. */
  async function perMatch(matchId: string, seq: number, session?: Session) {
    const headers = session?.headers ?? {};
    const summary = ok(
      await api.client.GET('/api/v1/matches/{id}', { headers, params: { path: { id: matchId } } }),
    );
    const eventsResponse = await api.fetchChecked(
      '/api/v1/matches/{id}/events',
      `/api/v1/matches/${matchId}/events?to=${seq}`,
      { headers: { ...headers, accept: 'application/x-ndjson' } },
    );
    const events = (await eventsResponse.text())
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as unknown);
    const state = ok(
      await api.client.GET('/api/v1/matches/{id}/state', {
        headers,
        params: { path: { id: matchId }, query: { at: seq } },
      }),
    );
    return { summary, events, state };
  }

  it('exports every match a stranger may read, each line equal to the per-match reads', async () => {
    const lines = linesOf(await exportText('?with=summary,events,state&sort=created'));
    const readable = played.filter((match) => match.kind !== 'live-private');
    expect(lines.map((line) => line.matchId)).toEqual(readable.map((match) => match.matchId));
    for (const line of lines) {
      const reads = await perMatch(line.matchId, line.seq);
      // A stranger sees the live public match delayed: not told when its head last moved.
      const delayed =
        played.find((match) => match.matchId === line.matchId)?.kind === 'live-public';
      expect(line).toEqual({
        matchId: line.matchId,
        seq: line.seq,
        headHash: line.events![line.events!.length - 1].meta.hash,
        ...(delayed
          ? {}
          : {
              changePosition: expect.stringMatching(/^\d+$/),
              updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
            }),
        ...reads,
      });
    }
    // A spectator of a live public match sees it a decision behind, as everywhere.
    const livePublic = played.find((match) => match.kind === 'live-public')!;
    const spectated = lines.find((line) => line.matchId === livePublic.matchId)!;
    expect(spectated.events!.map((event) => event.type)).not.toContain('CardsDrawn');
  }, 120_000);

  it('shows a seat its own hand and never the other seat’s, and live private matches only to their seats', async () => {
    const privateMatch = played.find((match) => match.kind === 'live-private')!;
    const otherPrivate = played.filter((match) => match.kind === 'live-private')[1];
    const finished = played[0];
    const ids = [privateMatch.matchId, otherPrivate.matchId, finished.matchId];
    for (const seat of ['red', 'blue'] as const) {
      const session = privateMatch.seats[seat];
      const lines = linesOf(
        await exportText('?with=events,state', session, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ids }),
        }),
      );
      expect(new Set(lines.map((line) => line.matchId))).toEqual(
        new Set([privateMatch.matchId, finished.matchId]),
      );
      const line = lines.find((candidate) => candidate.matchId === privateMatch.matchId)!;
      const reads = await perMatch(privateMatch.matchId, line.seq, session);
      expect({ events: line.events, state: line.state }).toEqual({
        events: reads.events,
        state: reads.state,
      });
      const drawn = line.events!.find((event) => event.type === 'CardsDrawn')!;
      const shown = JSON.stringify(drawn.data);
      // Blue drew: blue sees which card, red only that one was drawn.
      if (seat === 'blue') expect(shown).toMatch(/c[123]/);
      else expect(shown).not.toMatch(/"c[123]"/);
    }
    const stranger = linesOf(await exportText(`?ids=${ids.join(',')}`));
    expect(stranger.map((line) => line.matchId)).toEqual([finished.matchId]);
  });

  it('filters by faction, winner, player, ids, dates and status, sorts, and stops at max', async () => {
    const ids = (query: string) =>
      exportText(query).then((text) => linesOf(text).map((line) => line.matchId));
    const finished = played.filter((match) => match.kind === 'finished');
    const empire = finished.filter((match) => match.redFaction === 'empire');
    expect(new Set(await ids('?faction=empire&status=finished'))).toEqual(
      new Set(empire.map((match) => match.matchId)),
    );
    // Blue conceded every finished match: red won, whichever way it is named.
    expect((await ids('?winner=red')).length).toBe(finished.length);
    expect((await ids('?winner=pirates')).length).toBe(0);
    expect(await ids('?winner=%D0%BE%D0%BB%D1%8C%D0%B3%D0%B0%2012')).toEqual([played[12].matchId]);
    expect(await ids('?player=boris%20499')).toEqual([played[499].matchId]);
    expect(await ids('?max=3&sort=created')).toEqual(
      played.slice(0, 3).map((match) => match.matchId),
    );
    expect(await ids('?max=2')).toEqual([played[499].matchId, played[498].matchId]);
    const newest = linesOf(await exportText('?max=1&sort=-updated&with=summary'))[0];
    const since = (newest.summary as { endedAt?: string; startedAt: string }).startedAt;
    expect(await ids(`?updatedSince=${encodeURIComponent(since)}&sort=updated`)).toContain(
      newest.matchId,
    );
    expect(await ids(`?finishedSince=2100-01-01T00:00:00Z`)).toEqual([]);
    const named = [played[3].matchId, played[1].matchId];
    expect(await ids(`?ids=${named.join(',')}&sort=created`)).toEqual([
      played[1].matchId,
      played[3].matchId,
    ]);
  });

  // Issue 42, item 6: an unknown parameter is ignored with a warning (it was refused before).
  it('ignores an unknown filter, naming it in a warning', async () => {
    const response = await exportResponse('?colour=red&status=finished&max=20');
    expect(response.status).toBe(200);
    expect(response.headers.get('warning')).toBe('299 - "unknown parameter: colour"');
    expect(response.headers.get('matchlog-ignored-params')).toBe('colour');
    expect(await response.text()).toBe(await exportText('?status=finished&max=20'));
  });

  it.each([
    ['a max of -1', '?max=-1', 'max'],
    ['a max of 0', '?max=0', 'max'],
    ['an unknown part', '?with=summary,board', 'with'],
    ['an unknown sort', '?sort=random', 'sort'],
    ['a bad date', '?updatedSince=yesterday', 'updatedSince'],
    ['1,001 ids', `?ids=${Array.from({ length: 1001 }, (_, i) => `m${i}`).join(',')}`, 'ids'],
  ])('refuses %s with a 400 naming the parameter', async (_what, query, parameter) => {
    const response = await exportResponse(query);
    await expectProblem({ response }, 400, 'invalid-query', parameter);
  });

  it('refuses a POST of 1,001 ids or of none, naming the body member', async () => {
    for (const ids of [Array.from({ length: 1001 }, (_, i) => `m${i}`), []]) {
      const response = await exportResponse('', undefined, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ids }),
      });
      await expectProblem({ response }, 400, 'invalid-body', 'ids');
    }
  });
});
