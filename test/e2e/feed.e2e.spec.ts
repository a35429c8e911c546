import {
  asAdmin,
  asNewOrganizer,
  createApi,
  newTournamentJudge,
  type Api,
  type Session,
  anyDecision,
} from '../support/api-client';
import { claimSeatsAndStart, expectProblem, ok } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

interface Message {
  id?: string;
  event?: string;
  data: string;
}
interface FeedLine {
  position: string;
  event: { matchId: string; seq: number; type: string; data: unknown };
}

/** Reads SSE messages from a fetch response until `until` says stop; then cancels the body. */
async function readMessages(
  response: Response,
  until: (messages: Message[]) => boolean,
  timeoutMs = 20_000,
): Promise<Message[]> {
  const messages: Message[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const timer = setTimeout(() => void reader.cancel(), timeoutMs);
  try {
    while (!until(messages)) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const message: Message = { data: '' };
        let hasData = false;
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) continue;
          const colon = line.indexOf(': ');
          const [field, value] = [line.slice(0, colon), line.slice(colon + 2)];
          if (field === 'id') message.id = value;
          if (field === 'event') message.event = value;
          if (field === 'data') {
            message.data = value;
            hasData = true;
          }
        }
        if (hasData) messages.push(message);
        if (until(messages)) break;
      }
    }
  } finally {
    clearTimeout(timer);
    await reader.cancel().catch(() => undefined);
  }
  return messages;
}

/**
 * Issue 12, points 2 and 3: the global feed in commit order with its positions, resumable
 * with Last-Event-ID with no gap and no duplicate while four writers write; redaction and
 * the spectator rules as on every read; the per-match stream with its delay; bad input.
 */
describe('feed and match streams', () => {
  let app: TestApp;
  let api: Api;
  let organizer: Session;

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
    organizer = await asNewOrganizer(api, 'Лента');
  });
  afterAll(() => app?.close());

  async function started(
    body: { public?: boolean; spectatorDelay?: number; tournamentId?: string } = {},
  ): Promise<{ matchId: string; seats: Record<'red' | 'blue', Session> }> {
    const created = ok(
      await api.client.POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          ruleset: 'freeform',
          seats: [{ seat: 'red' }, { seat: 'blue' }],
          setup: {
            zones: [
              { id: 'a', kind: 'location' },
              { id: 'deck', kind: 'deck', visibility: 'nobody' },
            ],
            pieces: [
              { id: 's1', type: 'ship', owner: 'red', zone: 'a' },
              ...['c1', 'c2', 'c3'].map((id) => ({ id, type: `card-${id}`, zone: 'deck' })),
            ],
          },
          ...body,
        },
      }),
      201,
    );
    const seats = (await claimSeatsAndStart(api, created, organizer)) as Record<
      'red' | 'blue',
      Session
    >;
    return { matchId: created.matchId, seats };
  }

  const decide = async (matchId: string, seat: Session, kind: string, params: unknown) =>
    ok(
      await api.client.POST('/api/v1/matches/{id}/decisions', {
        headers: seat.headers,
        params: { path: { id: matchId } },
        body: anyDecision({ kind, params }),
      }),
      201,
    );

  const open = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${app.url}${path}`, { headers: { accept: 'text/event-stream', ...headers } });

  const lastSeqOf = async (matchId: string, seat: Session) =>
    ok(
      await api.client.GET('/api/v1/matches/{id}', {
        headers: seat.headers,
        params: { path: { id: matchId } },
      }),
    ).seq;

  it('resumes a reader cut off mid-stream with Last-Event-ID: every event exactly once while 4 writers write', async () => {
    const matches = await Promise.all(
      [0, 1, 2, 3].map(() => started({ public: true, spectatorDelay: 0 })),
    );
    const startSeqs = await Promise.all(matches.map((m) => lastSeqOf(m.matchId, m.seats.red)));
    const first = await open('/api/v1/feed');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^text\/event-stream/);

    const ROLLS = 30;
    const writers = Promise.all(
      matches.map(async ({ matchId, seats }) => {
        for (let i = 0; i < ROLLS; i += 1)
          await decide(matchId, i % 2 ? seats.blue : seats.red, 'roll', { dice: '1d6' });
      }),
    );
    const before = await readMessages(first, (messages) => messages.length >= 25);
    expect(before.length).toBe(25);

    // Back at once, while the writers write; a last event of another match marks the end.
    const sentinel = await started({ public: true, spectatorDelay: 0 });
    const resumed = await open('/api/v1/feed', { 'last-event-id': before[before.length - 1].id! });
    expect(resumed.status).toBe(200);
    const reading = readMessages(resumed, (messages) =>
      messages.some(
        (message) =>
          message.data.includes(`"type":"DiceRolled"`) && message.data.includes(sentinel.matchId),
      ),
    );
    await writers;
    const lastSeqs = await Promise.all(matches.map((m) => lastSeqOf(m.matchId, m.seats.red)));
    await decide(sentinel.matchId, sentinel.seats.red, 'roll', { dice: '1d6' });
    const after = (await reading).filter((message) => !message.data.includes(sentinel.matchId));

    const all = [...before, ...after].filter((message) => !message.data.includes(sentinel.matchId));
    const lines = all.map((message) => JSON.parse(message.data) as FeedLine);
    for (const [index, line] of lines.entries()) {
      expect(all[index].id).toBe(line.position);
      api.validator.assertValid({
        path: '/api/v1/feed',
        method: 'get',
        status: 200,
        contentType: 'application/x-ndjson',
        body: all[index].data,
      });
    }
    const positions = lines.map((line) => BigInt(line.position));
    for (let i = 1; i < positions.length; i += 1)
      expect(positions[i] > positions[i - 1]).toBe(true);
    const seen = lines.map((line) => `${line.event.matchId}@${line.event.seq}`);
    const wanted = matches.flatMap(({ matchId }, i) =>
      Array.from(
        { length: lastSeqs[i] - startSeqs[i] },
        (_, k) => `${matchId}@${startSeqs[i] + 1 + k}`,
      ),
    );
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...wanted].sort());
  }, 60_000);

  it('shows each reader what its reads show: a seat its own draw, a stranger no live private match and a delayed one behind its delay', async () => {
    const privateMatch = await started();
    const delayed = await started({ public: true, spectatorDelay: 1 });
    await decide(delayed.matchId, delayed.seats.red, 'roll', { dice: '1d6' });
    // A stranger sees the delayed live match as far as its delay allows: not the last decision.
    const strangerOfDelayed = async (after = '0') =>
      (
        await (
          await api.fetchChecked(
            '/api/v1/feed',
            `/api/v1/feed?format=ndjson&wait=0&match=${delayed.matchId}&after=${after}`,
          )
        ).text()
      )
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as FeedLine);
    const typesShown = (lines: FeedLine[]) => lines.map((line) => line.event.type);
    expect(typesShown(await strangerOfDelayed())).toContain('MatchStarted');
    expect(typesShown(await strangerOfDelayed())).not.toContain('DiceRolled');
    // The next decision takes the delay past the first roll: it comes, placed where it became visible.
    await decide(delayed.matchId, delayed.seats.red, 'roll', { dice: '1d6' });
    const rolls = (await strangerOfDelayed()).filter((line) => line.event.type === 'DiceRolled');
    expect(rolls).toHaveLength(1);
    expect(rolls[0].position).toMatch(/^\d+-\d+$/);
    // Resumed inside what that decision released (after the roll's decision, before its dice):
    // what follows, once, and nothing before.
    const all = await strangerOfDelayed();
    const at = all.findIndex((line) => line.position === rolls[0].position);
    expect(all[at - 1].position).toMatch(/^\d+-\d+$/);
    expect(await strangerOfDelayed(all[at - 1].position)).toEqual(all.slice(at));

    await decide(privateMatch.matchId, privateMatch.seats.red, 'shuffle', { deck: 'deck' });
    await decide(privateMatch.matchId, privateMatch.seats.blue, 'draw', { deck: 'deck', count: 1 });
    const feedOf = async (session?: Session) => {
      const response = await api.fetchChecked(
        '/api/v1/feed',
        `/api/v1/feed?format=ndjson&wait=1&after=0&match=${privateMatch.matchId}`,
        { headers: session?.headers ?? {} },
      );
      expect(response.status).toBe(200);
      return (await response.text())
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as FeedLine);
    };
    expect(await feedOf()).toEqual([]);
    const drawOf = (lines: FeedLine[]) =>
      JSON.stringify(lines.find((line) => line.event.type === 'CardsDrawn')!.event.data);
    expect(drawOf(await feedOf(privateMatch.seats.blue))).toMatch(/"c[123]"/);
    expect(drawOf(await feedOf(privateMatch.seats.red))).not.toMatch(/"c[123]"/);
  });

  it('filters by match, ruleset and event type', async () => {
    const { matchId, seats } = await started({ public: true, spectatorDelay: 0 });
    await decide(matchId, seats.red, 'roll', { dice: '2d6' });
    await decide(matchId, seats.red, 'move', { pieces: ['s1'], to: 'a' }).catch(() => undefined);
    const lines = async (query: string) =>
      (
        await (
          await api.fetchChecked(
            '/api/v1/feed',
            `/api/v1/feed?format=ndjson&wait=1&after=0&${query}`,
          )
        ).text()
      )
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as FeedLine);
    const mine = await lines(`match=${matchId}`);
    expect(mine.length).toBe((await lastSeqOf(matchId, seats.red)) + 1);
    expect(mine.every((line) => line.event.matchId === matchId)).toBe(true);
    const rolls = await lines(`match=${matchId}&types=DiceRolled`);
    expect(rolls.map((line) => line.event.type)).toEqual(['DiceRolled']);
    expect(await lines(`match=${matchId}&ruleset=rex`)).toEqual([]);
  });

  it('streams one match to a spectator as far as the delay allows, and resumes by seq', async () => {
    const { matchId, seats } = await started({ public: true, spectatorDelay: 1 });
    await decide(matchId, seats.red, 'roll', { dice: '1d6' });
    await decide(matchId, seats.blue, 'roll', { dice: '1d6' });
    const seatLast = await lastSeqOf(matchId, seats.red);
    const seatStream = await readMessages(
      await open(`/api/v1/matches/${matchId}/stream`, seats.red.headers),
      (messages) => messages.length >= seatLast + 1,
    );
    expect(seatStream.map((message) => Number(message.id))).toEqual(
      Array.from({ length: seatLast + 1 }, (_, seq) => seq),
    );
    const horizon = ok(
      await api.client.GET('/api/v1/matches/{id}', { params: { path: { id: matchId } } }),
    ).seq;
    expect(horizon).toBeLessThan(seatLast);

    const spectator = await open(`/api/v1/matches/${matchId}/stream`);
    const early = readMessages(spectator, (messages) => messages.length >= seatLast + 1);
    // The next decision moves the spectator's horizon to where the seats were.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await decide(matchId, seats.red, 'roll', { dice: '1d6' });
    const seen = await early;
    expect(seen.map((message) => Number(message.id))).toEqual(
      Array.from({ length: seatLast + 1 }, (_, seq) => seq),
    );
    const resumed = await readMessages(
      await open(`/api/v1/matches/${matchId}/stream`, { 'last-event-id': String(horizon) }),
      (messages) => messages.length >= seatLast - horizon,
    );
    expect(resumed.map((message) => Number(message.id))).toEqual(
      Array.from({ length: seatLast - horizon }, (_, k) => horizon + 1 + k),
    );
  });

  it.each([
    [
      'a Last-Event-ID that is not a position',
      '/api/v1/feed',
      { 'last-event-id': 'abc' },
      400,
      'invalid-header',
      'Last-Event-ID',
    ],
    [
      'an after beyond the head',
      '/api/v1/feed?after=99999999',
      {},
      400,
      'position-out-of-range',
      'after',
    ],
    ['an after that is not a position', '/api/v1/feed?after=-1', {}, 400, 'invalid-query', 'after'],
    // An unknown parameter is ignored (see below): the answer names only the bad one.
    [
      'an after that is not a position beside an unknown filter',
      '/api/v1/feed?colour=red&after=-1',
      {},
      400,
      'invalid-query',
      /^(?!.*colour).*after/,
    ],
    ['an unknown format', '/api/v1/feed?format=xml', {}, 400, 'invalid-query', 'format'],
  ])('refuses %s, naming it', async (_what, path, headers, status, code, named) => {
    const response = await api.fetchChecked('/api/v1/feed', path, { headers });
    await expectProblem({ response }, status, code, named);
  });

  // Issue 42, item 6: unknown parameters are ignored with a warning, not refused (a cache
  // buster, a parameter of a newer client). This spec refused them before.
  it('ignores an unknown filter, naming it in a warning', async () => {
    const page = (query: string) =>
      api.fetchChecked('/api/v1/feed', `/api/v1/feed?format=ndjson&wait=0&after=0&limit=5${query}`);
    const plain = await page('');
    const ignoring = await page('&colour=red');
    expect(ignoring.status).toBe(200);
    expect(ignoring.headers.get('warning')).toBe('299 - "unknown parameter: colour"');
    expect(ignoring.headers.get('matchlog-ignored-params')).toBe('colour');
    expect(plain.headers.get('warning')).toBeNull();
    expect(await ignoring.text()).toBe(await plain.text());
  });

  it.each([
    ['a Last-Event-ID', { 'last-event-id': '1024-' }, '/api/v1/feed'],
    ['an after', {}, '/api/v1/feed?after=1024.17'],
    ['a long poll after', {}, '/api/v1/feed?format=ndjson&after=x-17'],
  ])(
    'refuses %s that is not a feed position, showing valid ones in English and Russian',
    async (_what, headers, path) => {
      for (const [language, words] of [
        ['en', 'feed position'],
        ['ru', 'позицией'],
      ]) {
        const response = await api.fetchChecked('/api/v1/feed', path, {
          headers: { ...headers, 'accept-language': language },
        });
        expect(response.status).toBe(400);
        const { detail } = (await response.json()) as { detail: string };
        expect(detail).toContain(words);
        expect(detail).toContain('1024');
        expect(detail).toContain('1024-17');
      }
    },
  );

  it('refuses a stream resumed beyond the seqs the reader may see, and a stranger on a live private match', async () => {
    const { matchId } = await started();
    const stranger = await api.fetchChecked(
      '/api/v1/matches/{id}/stream',
      `/api/v1/matches/${matchId}/stream`,
    );
    await expectProblem({ response: stranger }, 403, 'forbidden', 'private');
    const publicMatch = await started({ public: true, spectatorDelay: 0 });
    const beyond = await api.fetchChecked(
      '/api/v1/matches/{id}/stream',
      `/api/v1/matches/${publicMatch.matchId}/stream?after=500`,
    );
    await expectProblem({ response: beyond }, 400, 'seq-out-of-range', 'after');
    const badId = await api.fetchChecked(
      '/api/v1/matches/{id}/stream',
      `/api/v1/matches/${publicMatch.matchId}/stream`,
      { headers: { 'last-event-id': '1e3' } },
    );
    await expectProblem({ response: badId }, 400, 'invalid-header', 'Last-Event-ID');
  });

  /** A feed position as a pair to compare: `V` is after every `V-seq`. */
  const placeOf = (position: string): [bigint, number] => {
    const [at, seq] = position.split('-');
    return [BigInt(at), seq === undefined ? Infinity : Number(seq)];
  };
  const comesAfter = (a: string, b: string) => {
    const [[atA, seqA], [atB, seqB]] = [placeOf(a), placeOf(b)];
    return atA !== atB ? atA > atB : seqA > seqB;
  };
  /** The feed's last position now, as an anonymous reader has it: a public match's last event. */
  const headPosition = async (): Promise<string> => {
    const marker = await started({ public: true, spectatorDelay: 0 });
    const lines = (
      await (
        await api.fetchChecked(
          '/api/v1/feed',
          `/api/v1/feed?format=ndjson&wait=0&after=0&limit=10000&match=${marker.matchId}`,
        )
      ).text()
    )
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as FeedLine);
    return lines[lines.length - 1].position;
  };

  it('gives a live reader, anonymous or a seat, every event of delayed, private and ruled matches once, in visible order, through disconnects', async () => {
    const judge = await newTournamentJudge(
      api,
      organizer,
      { tournamentId: 'feed-visible-2026', name: 'Кубок ленты' },
      'Судья ленты',
    );
    const startAt = await headPosition();
    const delayed = await started({ public: true, spectatorDelay: 2 });
    const hidden = await started();
    const ruled = await started({
      public: true,
      spectatorDelay: 1,
      tournamentId: 'feed-visible-2026',
    });
    const sentinel = await started({ public: true, spectatorDelay: 0 });
    let ended = false;
    // The sentinel's roll, recorded once the three matches have ended, closes the reading.
    const isTheEnd = (line: FeedLine) =>
      line.event.matchId === sentinel.matchId && line.event.type === 'DiceRolled';

    // A reader that drops the connection every few events and comes back with Last-Event-ID.
    const read = async (headers: Record<string, string>) => {
      const lines: FeedLine[] = [];
      let last = startAt;
      for (let round = 0; round < 200; round += 1) {
        const response = await open('/api/v1/feed', { ...headers, 'last-event-id': last });
        expect(response.status).toBe(200);
        const messages = await readMessages(
          response,
          (taken) =>
            taken.length >= 5 ||
            taken.some((message) => isTheEnd(JSON.parse(message.data) as FeedLine)),
          ended ? 2000 : 500,
        );
        for (const message of messages) {
          const line = JSON.parse(message.data) as FeedLine;
          expect(message.id).toBe(line.position);
          lines.push(line);
          last = line.position;
        }
        if (lines.some(isTheEnd)) return lines;
      }
      throw new Error('The reader never saw the sentinel');
    };
    const anonymous = read({});
    const seat = read(hidden.seats.red.headers);

    for (let i = 0; i < 4; i += 1)
      for (const match of [delayed, hidden, ruled])
        await decide(match.matchId, i % 2 ? match.seats.blue : match.seats.red, 'roll', {
          dice: '1d6',
        });
    // A judge takes back the ruled match's last two rolls; play goes on from there.
    const good = (await lastSeqOf(ruled.matchId, ruled.seats.red)) - 4;
    const { disputeId } = ok(
      await api.client.POST('/api/v1/matches/{id}/disputes', {
        headers: ruled.seats.blue.headers,
        params: { path: { id: ruled.matchId } },
        body: { atSeq: good + 1, claim: 'Бросок вне очереди', ruleRef: '§1' },
      }),
      201,
    );
    ok(
      await api.client.POST('/api/v1/matches/{id}/disputes/{disputeId}/ruling', {
        headers: judge.headers,
        params: { path: { id: ruled.matchId, disputeId } },
        body: {
          decision: 'upheld',
          rationale: 'Бросок вне очереди',
          ruleRef: '§1',
          remedy: { kind: 'rewind', toSeq: good },
        },
      }),
      201,
    );
    for (let i = 0; i < 2; i += 1)
      await decide(ruled.matchId, ruled.seats.red, 'roll', { dice: '1d6' });
    for (const match of [delayed, hidden, ruled])
      await decide(match.matchId, match.seats.blue, 'concede', {});
    ended = true;
    await decide(sentinel.matchId, sentinel.seats.red, 'roll', { dice: '1d6' });

    const lastSeqs = new Map(
      await Promise.all(
        [delayed, hidden, ruled].map(
          async (match) => [match.matchId, await lastSeqOf(match.matchId, asAdmin())] as const,
        ),
      ),
    );
    for (const [who, lines] of [
      ['anonymous', await anonymous],
      ['seat', await seat],
    ] as const) {
      for (let i = 1; i < lines.length; i += 1)
        expect([who, comesAfter(lines[i].position, lines[i - 1].position)]).toEqual([who, true]);
      const seen = lines
        .filter((line) => lastSeqs.has(line.event.matchId))
        .map((line) => `${line.event.matchId}@${line.event.seq}`);
      const wanted = [...lastSeqs].flatMap(([matchId, lastSeq]) =>
        Array.from({ length: lastSeq + 1 }, (_, seq) => `${matchId}@${seq}`),
      );
      expect(new Set(seen).size).toBe(seen.length);
      expect([who, [...seen].sort()]).toEqual([who, [...wanted].sort()]);
      const of = (matchId: string) => lines.filter((line) => line.event.matchId === matchId);
      // Rolls behind the spectator delay came later, placed where they became visible.
      expect(of(delayed.matchId).some((line) => line.position.includes('-'))).toBe(true);
      expect(of(ruled.matchId).map((line) => line.event.type)).toContain('TimelineRewound');
    }
    // A stranger is given the private match at its end, all at once; its seat as it was played.
    const hiddenOf = async (lines: Promise<FeedLine[]>) =>
      (await lines).filter((line) => line.event.matchId === hidden.matchId);
    const strangers = await hiddenOf(anonymous);
    const end = strangers.findIndex((line) => line.event.type === 'MatchFinished');
    const atEnd = strangers.slice(0, end + 1);
    expect(atEnd.length).toBe(lastSeqs.get(hidden.matchId)! + 1 - (strangers.length - end - 1));
    expect(new Set(atEnd.map((line) => placeOf(line.position)[0])).size).toBe(1);
    expect(atEnd[end].position).not.toContain('-');
    // What it records after its end (the revealed seed) is visible as it is recorded.
    expect(strangers.slice(end + 1).every((line) => !line.position.includes('-'))).toBe(true);
    expect((await hiddenOf(seat)).every((line) => !line.position.includes('-'))).toBe(true);
  }, 90_000);

  it.each(['gzip', 'identity'])(
    'answers the %s long poll with full pages: limit events whenever that many are there',
    async (encoding) => {
      const startAt = await headPosition();
      const matches = await Promise.all(
        [0, 1, 2].map(() => started({ public: true, spectatorDelay: 0 })),
      );
      for (let i = 0; i < 30; i += 1)
        for (const match of matches)
          await decide(match.matchId, match.seats.red, 'roll', { dice: '1d6' });
      const page = async (after: string, limit: number) => {
        const response = await fetch(
          `${app.url}/api/v1/feed?format=ndjson&wait=0&limit=${limit}&after=${after}`,
          { headers: { 'accept-encoding': encoding } },
        );
        expect(response.status).toBe(200);
        if (encoding === 'gzip') expect(response.headers.get('content-encoding')).toBe('gzip');
        return (await response.text())
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as FeedLine);
      };
      const pages: FeedLine[][] = [];
      let after = startAt;
      for (let taken = await page(after, 80); taken.length > 0; taken = await page(after, 80)) {
        pages.push(taken);
        after = taken[taken.length - 1].position;
      }
      // The whole log in one page (every test's events, far fewer than the limit): reading it
      // takes many turns of the event loop, and wait=0 still ends the page only at the end.
      const whole = await page('0', 10000);
      expect(whole.length).toBeLessThan(10000);
      expect(await page(whole[whole.length - 1].position, 10000)).toEqual([]);
      // 3 matches of 7 events to start and 2 per roll: 201 events, 2 full pages and one of 41.
      expect(pages.map((page) => page.length)).toEqual([80, 80, 41]);
    },
  );
});
