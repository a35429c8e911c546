import { MatchRepository } from '../../src/application/matches/match-repository';
import { createApi, type Api, type Session } from '../support/api-client';
import { ok, startedFreeform, type StartedFreeform } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

const EXPORT = '/api/v1/export/matches';

/**
 * The bulk export reads an ended match without its state, its events as the store keeps
 * them: the line must still be, byte for byte, what the per-match read of its events gives,
 * for a stranger and for a seat, with the events an undo took back left out of the
 * effective line, and with a title in Russian, quotes and a backslash passed on as stored.
 */
describe('bulk export of ended matches', () => {
  let app: TestApp;
  let api: Api;
  let match: StartedFreeform;
  /** Ended with nothing taken back, its names in Russian. */
  let plain: StartedFreeform;
  const voided: number[] = [];

  const decide = async (
    matchId: string,
    seat: Session,
    kind: string,
    params: unknown,
  ): Promise<{ seq: number; type: string }[]> =>
    ok(
      await api.client.POST('/api/v1/matches/{id}/decisions', {
        headers: seat.headers,
        params: { path: { id: matchId } },
        body: { kind, params } as never,
      }),
      201,
    ).events;

  /** Red takes its own last move back to `toSeq`: no consent needed, the rewind follows at once. */
  const undoOwnMove = async ({ matchId, seats }: StartedFreeform, toSeq: number) => {
    const requested = ok(
      await api.client.POST('/api/v1/matches/{id}/undo-requests', {
        headers: seats.red.headers,
        params: { path: { id: matchId } },
        body: { toSeq, reason: 'Не туда' },
      }),
      201,
    );
    expect(requested.events.map((event) => event.type)).toContain('TimelineRewound');
  };

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
    plain = await startedFreeform(api, 'Экспорт без отмен: «Ёлка» и \\ "кавычки"');
    await decide(plain.matchId, plain.seats.red, 'move', { pieces: ['c1'], to: 'south' });
    await decide(plain.matchId, plain.seats.red, 'draw', { deck: 'deck', count: 1 });
    await decide(plain.matchId, plain.seats.blue, 'concede', {});
    match = await startedFreeform(api, 'Экспорт завершённых');
    const { matchId, seats } = match;
    const before = (await decide(matchId, seats.red, 'move', { pieces: ['c1'], to: 'south' })).at(
      -1,
    )!.seq;
    for (const event of await decide(matchId, seats.red, 'move', { pieces: ['c1'], to: 'north' }))
      voided.push(event.seq);
    await undoOwnMove(match, before);
    await decide(matchId, seats.red, 'draw', { deck: 'deck', count: 1 });
    await decide(matchId, seats.blue, 'concede', {});
    // The fast path is taken once the index has the matches as finished.
    for (
      let waited = 0;
      !(await exportText(plain.matchId, '', undefined)).includes(plain.matchId) ||
      !(await exportText(matchId, '', undefined)).includes(matchId);
      waited += 50
    ) {
      if (waited > 10_000) throw new Error('the index never had the match as finished');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, 60_000);
  afterAll(() => app?.close());

  async function exportText(matchId: string, query: string, session: Session | undefined) {
    const response = await api.fetchChecked(
      EXPORT,
      `${EXPORT}?ids=${matchId}&status=finished${query}`,
      { headers: session?.headers ?? {} },
    );
    expect(response.status).toBe(200);
    return response.text();
  }

  /** The line's change position and when it changed, as the export writes them (issue 42). */
  function changeOf(line: { changePosition: string; updatedAt: string }): string {
    expect(line.changePosition).toMatch(/^\d+$/);
    expect(line.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    return `"changePosition":"${line.changePosition}","updatedAt":"${line.updatedAt}",`;
  }

  /** The match's export line, checked to be byte for byte what the per-match read gives. */
  async function exportedAsPerMatchRead(matchId: string, session: Session | undefined) {
    const text = await exportText(matchId, '&with=events', session);
    const line = JSON.parse(text) as {
      seq: number;
      headHash: string;
      changePosition: string;
      updatedAt: string;
      events: { seq: number; type: string; meta: { hash: string } }[];
    };
    const perMatch = await api.fetchChecked(
      '/api/v1/matches/{id}/events',
      `/api/v1/matches/${matchId}/events?to=${line.seq}`,
      { headers: { ...(session?.headers ?? {}), accept: 'application/x-ndjson' } },
    );
    const eventLines = (await perMatch.text()).split('\n').filter((row) => row !== '');
    expect(text).toBe(
      `{"matchId":"${matchId}","seq":${line.seq},"headHash":"${line.headHash}",${changeOf(line)}"events":[${eventLines.join(',')}]}\n`,
    );
    expect(line.events.at(-1)).toMatchObject({ seq: line.seq, meta: { hash: line.headHash } });
    return line;
  }

  it.each([
    ['a stranger', undefined],
    ['a seat', 'red'],
  ] as const)(
    'gives %s a match with nothing taken back as the per-match read does, byte for byte',
    async (_, seat) => {
      const line = await exportedAsPerMatchRead(plain.matchId, seat && plain.seats[seat]);
      expect(line.events.map((event) => event.seq)).toEqual(
        Array.from({ length: line.seq + 1 }, (__, seq) => seq),
      );
      expect(line.events.map((event) => event.type)).toContain('CardsDrawn');
    },
  );

  it.each(['gzip', 'br'])('sends the same bytes %s-compressed when asked', async (encoding) => {
    const url = `${EXPORT}?ids=${plain.matchId}&status=finished&with=events`;
    const asked = await fetch(`${api.baseUrl}${url}`, {
      headers: { 'accept-encoding': encoding },
    });
    expect(asked.headers.get('content-encoding')).toBe(encoding);
    // fetch undoes the encoding: the text is what an uncompressed answer holds.
    expect(await asked.text()).toBe(await exportText(plain.matchId, '&with=events', undefined));
  });

  it.each([
    ['a stranger', undefined],
    ['a seat', 'red'],
  ] as const)('gives %s the events as the per-match read does, byte for byte', async (_, seat) => {
    const line = await exportedAsPerMatchRead(match.matchId, seat && match.seats[seat]);
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

  it.each([
    ['a stranger', undefined],
    ['a seat', 'red'],
  ] as const)(
    'gives %s every event with line=all, the voided ones marked, chained hash to hash as the per-match read',
    async (_, seat) => {
      const session = seat && match.seats[seat];
      const text = await exportText(match.matchId, '&with=events&line=all', session);
      const line = JSON.parse(text) as {
        seq: number;
        headHash: string;
        changePosition: string;
        updatedAt: string;
        events: { seq: number; voidedBy?: unknown; meta: { hash: string; prevHash: string } }[];
      };
      expect(line.events.map((event) => event.seq)).toEqual(
        Array.from({ length: line.seq + 1 }, (__, seq) => seq),
      );
      line.events.forEach((event, i) => {
        if (i > 0) expect(event.meta.prevHash).toBe(line.events[i - 1].meta.hash);
        expect([event.seq, event.voidedBy !== undefined]).toEqual([
          event.seq,
          voided.includes(event.seq),
        ]);
      });
      expect(line.events.at(-1)!.meta.hash).toBe(line.headHash);
      const perMatch = await api.fetchChecked(
        '/api/v1/matches/{id}/events',
        `/api/v1/matches/${match.matchId}/events?to=${line.seq}&line=all`,
        { headers: { ...(session?.headers ?? {}), accept: 'application/x-ndjson' } },
      );
      const eventLines = (await perMatch.text()).split('\n').filter((row) => row !== '');
      expect(text).toBe(
        `{"matchId":"${match.matchId}","seq":${line.seq},"headHash":"${line.headHash}",${changeOf(line)}"events":[${eventLines.join(',')}]}\n`,
      );
    },
  );

  it('refuses a line that is neither effective nor all, naming it in English and Russian', async () => {
    for (const [language, words] of [
      ['en', 'line must be one of the following values: effective, all'],
      ['ru', '«line»'],
    ]) {
      const response = await api.fetchChecked(EXPORT, `${EXPORT}?line=branch`, {
        headers: { 'accept-language': language },
      });
      expect(response.status).toBe(400);
      const problem = (await response.json()) as { type: string; detail: string };
      expect(problem.type).toMatch(/invalid-query$/);
      expect(problem.detail).toContain(words);
    }
  });

  it.each([
    ['with a rewind in its first page', true],
    ['with nothing taken back', false],
  ] as const)(
    'gives a match longer than a store page (1,000 events), %s, as the per-match read does',
    async (_, rewound) => {
      // The store hands events over 1,000 at a time: a rewind read from the first page must
      // still leave its events out, and the events after the page boundary must all follow.
      const long = await startedFreeform(api, 'Длинный матч');
      const { matchId, seats } = long;
      const to = (i: number) => (i % 2 === 0 ? 'south' : 'north');
      const longVoided: number[] = [];
      let before = 0;
      for (let i = 0; i < 260; i += 1)
        before = (await decide(matchId, seats.red, 'move', { pieces: ['c1'], to: to(i) })).at(
          -1,
        )!.seq;
      for (const event of await decide(matchId, seats.red, 'move', {
        pieces: ['c1'],
        to: 'south',
      }))
        longVoided.push(event.seq);
      if (rewound) await undoOwnMove(long, before);
      for (let i = 0; i < 260; i += 1)
        await decide(matchId, seats.blue, 'move', { pieces: ['c1'], to: to(i) });
      await decide(matchId, seats.blue, 'concede', {});
      for (
        let waited = 0;
        !(await exportText(matchId, '', undefined)).includes(matchId);
        waited += 50
      ) {
        if (waited > 10_000) throw new Error('the index never had the match as finished');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }

      const line = await exportedAsPerMatchRead(matchId, undefined);
      expect(line.seq).toBeGreaterThan(1000);
      const seqs = line.events.map((event) => event.seq);
      // Everything after the rewind is on the line, in order: only what it took back is missing.
      const missing = Array.from({ length: line.seq + 1 }, (__, seq) => seq).filter(
        (seq) => !seqs.includes(seq),
      );
      if (rewound) {
        expect(longVoided.length).toBeGreaterThan(0);
        for (const seq of longVoided) expect(seqs).not.toContain(seq);
        expect(missing).toEqual(expect.arrayContaining(longVoided));
        expect(Math.max(...missing)).toBeLessThan(1000);
      } else {
        expect(missing).toEqual([]);
        expect(line.events.map((event) => event.type)).not.toContain('TimelineRewound');
      }
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    },
    120_000,
  );

  it('exports summaries and tables without keeping the matches’ states in the memory held for live ones', async () => {
    // A fresh service on the same store holds no match in memory.
    await app.close({ keepData: true });
    app = await startTestApp({}, app.dataDir);
    api = await createApi(app.url);
    const line = (await exportText(plain.matchId, '&with=summary,state', undefined)).trim();
    expect(JSON.parse(line)).toMatchObject({
      summary: { matchId: plain.matchId, status: 'finished' },
      state: { matchId: plain.matchId, status: 'finished' },
    });
    const matches = app.app.get(MatchRepository);
    // Not held: two reads that do not keep it fold it twice, into two objects.
    const once = await matches.current(plain.matchId, { keep: false });
    expect(await matches.current(plain.matchId, { keep: false })).not.toBe(once);
    expect(once).toEqual(await matches.current(plain.matchId, { keep: false }));
    // Held once read the ordinary way: every read then gets the one held object.
    const held = await matches.current(plain.matchId);
    expect(await matches.current(plain.matchId, { keep: false })).toBe(held);
  });
});
