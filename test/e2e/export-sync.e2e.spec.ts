import {
  anyDecision,
  asNewOrganizer,
  createApi,
  seatSessions,
  type Api,
  type Session,
} from '../support/api-client';
import { eventually, expectProblem, ok } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

const EXPORT = '/api/v1/export/matches';
const COMPLETE_TO = 'x-matchlog-complete-to';
const MATCHES = 8;
const WRITERS = 4;
const DECISIONS_PER_WRITER = 16;

interface Line {
  matchId: string;
  seq: number;
  changePosition?: string;
  updatedAt?: string;
}

interface Table {
  matchId: string;
  seats: Record<'red' | 'blue', Session>;
}

/**
 * Issue 42, item 3: `since` takes the position the previous export was complete up to, and a
 * sync loop that follows it while several writers record decisions ends with every match at
 * its final change position: no update is lost to the index catching up after a read.
 */
describe('incremental sync of the bulk export by change position', () => {
  let app: TestApp;
  let api: Api;
  let organizer: Session;
  const tables: Table[] = [];

  async function openTable(index: number): Promise<Table> {
    const created = ok(
      await api.client.POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          ruleset: 'freeform',
          title: `Синхронизация ${index}`,
          public: index % 2 === 0,
          seats: [{ seat: 'red' }, { seat: 'blue' }],
          setup: { zones: [{ id: 'a', kind: 'location' }] },
        },
      }),
      201,
    );
    const seats = seatSessions(created) as Record<'red' | 'blue', Session>;
    for (const seat of ['red', 'blue'] as const)
      ok(
        await api.client.POST('/api/v1/matches/{id}/seats/{seat}/claim', {
          headers: seats[seat].headers,
          params: { path: { id: created.matchId, seat } },
          body: { name: seat === 'red' ? `Ольга ${index}` : `Борис ${index}` },
        }),
        201,
      );
    ok(
      await api.client.POST('/api/v1/matches/{id}/start', {
        headers: organizer.headers,
        params: { path: { id: created.matchId } },
      }),
      201,
    );
    return { matchId: created.matchId, seats };
  }

  async function decide(table: Table, seat: 'red' | 'blue', kind: string, params: unknown) {
    return ok(
      await api.client.POST('/api/v1/matches/{id}/decisions', {
        headers: table.seats[seat].headers,
        params: { path: { id: table.matchId } },
        body: anyDecision({ kind, params }),
      }),
      201,
    );
  }

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
    organizer = await asNewOrganizer(api, 'Синхронизация');
    for (let index = 0; index < MATCHES; index += 1) tables.push(await openTable(index));
  }, 60_000);
  afterAll(() => app?.close());

  const linesOf = (text: string): Line[] =>
    text
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Line);

  async function exportResponse(query: string, headers: Record<string, string> = {}) {
    return api.fetchChecked(EXPORT, `${EXPORT}${query}`, {
      headers: { ...organizer.headers, ...headers },
    });
  }

  it('loses no update while several writers record decisions', async () => {
    const finalSeq = new Map<string, number>();
    const writers = Array.from({ length: WRITERS }, async (_, writer) => {
      const own = tables.filter((_, index) => index % WRITERS === writer);
      for (let step = 0; step < DECISIONS_PER_WRITER; step += 1) {
        const table = own[step % own.length];
        const receipt = await decide(table, step % 2 === 0 ? 'red' : 'blue', 'roll', {
          dice: '1d6',
        });
        finalSeq.set(table.matchId, receipt.seq);
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10));
      }
      // One match of each writer ends: its lines then come from the ended-match path.
      const ended = await decide(own[0], 'blue', 'concede', {});
      finalSeq.set(own[0].matchId, ended.seq);
    });

    let since: string | undefined;
    const seen = new Map<string, Line>();
    async function syncOnce(): Promise<Line[]> {
      const response = await exportResponse(`?with=summary${since ? `&since=${since}` : ''}`);
      expect(response.status).toBe(200);
      const completeTo = response.headers.get(COMPLETE_TO) ?? '';
      expect(completeTo).toMatch(/^\d+$/);
      const lines = linesOf(await response.text());
      for (const line of lines) {
        expect(line.changePosition).toMatch(/^\d+$/);
        expect(line.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
        const position = BigInt(line.changePosition ?? '');
        if (since !== undefined) expect(position > BigInt(since)).toBe(true);
        expect(position <= BigInt(completeTo)).toBe(true);
        seen.set(line.matchId, line);
      }
      if (since !== undefined) expect(BigInt(completeTo) >= BigInt(since)).toBe(true);
      since = completeTo;
      return lines;
    }

    let writing = true;
    const written = Promise.all(writers).finally(() => (writing = false));
    let readsWhileWriting = 0;
    while (writing) {
      await syncOnce();
      readsWhileWriting += 1;
    }
    await written;
    expect(readsWhileWriting).toBeGreaterThanOrEqual(2);

    // The truth, once the index holds every match at its last seq: the match list's rows.
    const final = await eventually(
      'the match index at every match’s last seq',
      async () => {
        const list = ok(
          await api.client.GET('/api/v1/matches', {
            headers: organizer.headers,
            params: { query: { organizer: 'me', limit: 200 } },
          }),
        );
        const caughtUp = tables.every(
          ({ matchId }) =>
            list.items.find((item) => item.matchId === matchId)?.lastSeq === finalSeq.get(matchId),
        );
        return caughtUp
          ? new Map(list.items.map((item) => [item.matchId, item.changePosition ?? '']))
          : undefined;
      },
      20_000,
    );
    const last = [...final.values()].reduce((a, b) => (BigInt(b) > BigInt(a) ? b : a));
    await eventually(
      `the export complete to ${last}`,
      async () => {
        await syncOnce();
        return BigInt(since ?? '0') >= BigInt(last) || undefined;
      },
      20_000,
    );

    for (const { matchId } of tables) {
      expect({ matchId, changePosition: seen.get(matchId)?.changePosition }).toEqual({
        matchId,
        changePosition: final.get(matchId),
      });
      expect(seen.get(matchId)?.seq).toBe(finalSeq.get(matchId));
    }
    // Nothing changed since: the next sync is empty and complete up to the same position.
    expect(await syncOnce()).toEqual([]);
  }, 120_000);

  it('answers until as the upper bound beside since', async () => {
    const all = await exportResponse('?with=summary');
    const lines = linesOf(await all.text());
    const positions = lines.map((line) => BigInt(line.changePosition ?? '')).sort();
    const middle = positions[Math.floor(positions.length / 2)];
    const below = await exportResponse(`?with=summary&until=${middle}`);
    expect(below.headers.get(COMPLETE_TO)).toBe(String(middle));
    const above = await exportResponse(`?with=summary&since=${middle}`);
    const ids = (lines: Line[]) => lines.map((line) => line.matchId).sort();
    const halves = [...linesOf(await below.text()), ...linesOf(await above.text())];
    expect(ids(halves)).toEqual(ids(lines));
    expect(halves.length).toBe(lines.length);
  });

  it.each([
    ['letters', '?since=abc', 'since'],
    ['a negative position', '?since=-1', 'since'],
    ['a fraction', '?until=1.5', 'until'],
    ['a position past 64 bits', `?since=${'9'.repeat(20)}`, 'since'],
  ])(
    'refuses a since or until of %s, saying what a valid one looks like',
    async (_w, query, name) => {
      const en = await exportResponse(query, { 'accept-language': 'en' });
      await expectProblem({ response: en }, 400, 'invalid-query', `${name} must be a log position`);
      await expectProblem({ response: en }, 400, 'invalid-query', 'such as');
      const ru = await exportResponse(query, { 'accept-language': 'ru' });
      await expectProblem({ response: ru }, 400, 'invalid-query', 'должен быть позицией журнала');
    },
  );

  it('refuses an until below since in the reader’s language', async () => {
    const en = await exportResponse('?since=20&until=10', { 'accept-language': 'en' });
    await expectProblem({ response: en }, 400, 'invalid-query', 'until (10) must not be below');
    const ru = await exportResponse('?since=20&until=10', { 'accept-language': 'ru' });
    await expectProblem({ response: ru }, 400, 'invalid-query', 'не может быть меньше since (20)');
  });
});
