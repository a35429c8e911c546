import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { saltedCommitment } from '../../src/domain/events/secret-commitment';
import {
  anyDecision,
  asAdmin,
  asNewOrganizer,
  createApi,
  type Api,
  type Session,
} from '../support/api-client';
import { claimSeatsAndStart, expectProblem, ok, type Problem } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';
import { verifyCli } from '../support/verify-cli';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Names found nowhere else in a match: any of them in a reader's text is a leak. */
const SPY = { id: 'spy-x9', type: 'SecretAgent', owner: 'red', zone: 'vault-red' };
const DECK = ['fate-a1', 'fate-a2', 'fate-a3', 'fate-a4', 'fate-a5', 'fate-a6'];
const HIDDEN_NAMES = [SPY.id, SPY.type, 'fate-a', 'FateCard'];

const setup = {
  zones: [
    { id: 'north', kind: 'location' },
    { id: 'vault-red', kind: 'reserve', owner: 'red', visibility: 'owner' },
    { id: 'deck', kind: 'deck', visibility: 'nobody' },
  ],
  pieces: [
    { id: 'ship-1', type: 'Ship', owner: 'blue', zone: 'north' },
    SPY,
    ...DECK.map((id) => ({ id, type: `FateCard-${id}`, zone: 'deck' })),
  ],
};

/** Reads a stream (SSE or NDJSON) for a while: everything it sent in that time. */
async function streamed(response: Response, ms = 1500): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const timer = setTimeout(() => void reader.cancel().catch(() => undefined), ms);
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // cancelled: the time is up
  } finally {
    clearTimeout(timer);
  }
  return text;
}

/**
 * Issue 38 part 1, security findings F1 and F2: in freeform a seat pulled another seat's
 * hidden hand, or the face-down deck, into a public zone with move, destroy, change-piece or
 * capture; and pieces set out at creation in hidden zones were public in MatchCreated (and
 * its PiecesCreated) on every read path.
 */
describe('security: hidden pieces stay hidden', () => {
  let app: TestApp;
  let api: Api;
  let files: string;

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
    files = mkdtempSync(join(tmpdir(), 'matchlog-hidden-'));
  });
  afterAll(async () => {
    await app?.close();
    rmSync(files, { recursive: true, force: true });
  });

  async function started(): Promise<{ id: string; seats: Record<'red' | 'blue', Session> }> {
    const organizer = await asNewOrganizer(api, 'Клуб «Туман»');
    const created = ok(
      await api.client.POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          ruleset: 'freeform',
          seats: [{ seat: 'red' }, { seat: 'blue' }],
          public: true,
          spectatorDelay: 0,
          setup,
        },
      }),
      201,
    );
    const seats = await claimSeatsAndStart(api, created, organizer, (seat) =>
      seat === 'red' ? 'Вера' : 'Борис',
    );
    return { id: created.matchId, seats: seats as Record<'red' | 'blue', Session> };
  }

  const post = (id: string, who: Session, kind: string, params: unknown, dryRun = false) =>
    api.client.POST(
      dryRun ? '/api/v1/matches/{id}/decisions/dry-run' : '/api/v1/matches/{id}/decisions',
      { headers: who.headers, params: { path: { id } }, body: anyDecision({ kind, params }) },
    );

  const stateAs = async (id: string, who?: Session, at?: number) =>
    ok(
      await api.client.GET('/api/v1/matches/{id}/state', {
        headers: who?.headers,
        params: { path: { id }, query: at === undefined ? {} : { at } },
      }),
    ) as Json;

  const eventsAs = async (id: string, who?: Session) =>
    ok(
      await api.client.GET('/api/v1/matches/{id}/events', {
        headers: who?.headers,
        params: { path: { id }, query: { limit: 1000 } },
      }),
    ).events as Json[];

  it("refuses blue's move, destroy, change-piece and capture of red's hand and the deck (and the dry-run); the deck stays hidden", async () => {
    const { id, seats } = await started();
    ok(await post(id, seats.red, 'shuffle', { deck: 'deck' }), 201);
    ok(await post(id, seats.red, 'draw', { deck: 'deck', count: 1 }), 201);
    const redCard = Object.values((await stateAs(id, seats.red)).table.pieces as Json[]).find(
      (piece) => piece.zone === 'hand:red',
    )!.id as string;
    const { lastSeq } = await stateAs(id, seats.blue);

    const deckCard = DECK.find((card) => card !== redCard)!;
    const attempts: [string, unknown][] = [
      ['move', { pieces: DECK, to: 'north' }],
      ['move', { pieces: [redCard, SPY.id], to: 'north' }],
      ['move', { pieces: [deckCard], to: 'north' }],
      ['move', { pieces: [redCard], to: 'north' }],
      ['destroy', { pieces: [redCard], cause: 'a look' }],
      ['change-piece', { piece: redCard, owner: 'blue' }],
      ['capture', { pieces: [redCard], to: 'north' }],
    ];
    const details = new Set<string>();
    for (const [kind, params] of attempts)
      for (const dryRun of [false, true]) {
        const refused = await post(id, seats.blue, kind, params, dryRun);
        const problem = await expectProblem(
          refused,
          422,
          'rule-violation',
          /in a zone Борис cannot see/,
        );
        expect((problem as Problem & { rule?: Json }).rule).toMatchObject({
          code: 'hidden_piece',
          ref: expect.stringContaining('hidden information'),
        });
        if (kind === 'move' && (params as Json).pieces.length === 1)
          details.add(problem.detail!.replace(redCard, 'X').replace(deckCard, 'X'));
      }
    // Which hidden zone holds a piece is itself hidden: a card in red's hand and one in the
    // deck are refused in the same words.
    expect(details.size).toBe(1);
    const inRussian = await api.client.POST('/api/v1/matches/{id}/decisions', {
      headers: { ...seats.blue.headers, 'accept-language': 'ru' },
      params: { path: { id } },
      body: anyDecision({ kind: 'destroy', params: { pieces: [redCard], cause: 'взгляд' } }),
    });
    await expectProblem(
      inRussian,
      422,
      'rule-violation',
      `Борис не может перемещать, изменять, уничтожать или захватывать фигуру ${redCard}: она лежит в зоне, которую Борис не видит`,
    );
    expect(inRussian.response.headers.get('content-language')).toBe('ru');

    const asBlue = await stateAs(id, seats.blue);
    expect(asBlue.lastSeq).toBe(lastSeq);
    expect(Object.keys(asBlue.table.pieces)).toEqual(['ship-1']);
    expect(asBlue.table.zones.deck.hiddenCount).toBe(DECK.length - 1);
    expect(asBlue.table.zones['hand:red'].hiddenCount).toBe(1);
    expect(asBlue.table.decks.deck).not.toHaveProperty('order');
    expect(JSON.stringify(asBlue)).not.toContain(redCard);

    // What the rules allow still works: red plays its own card, blue draws.
    ok(await post(id, seats.red, 'play', { pieces: [redCard], to: 'north' }), 201);
    ok(await post(id, seats.blue, 'draw', { deck: 'deck', count: 1 }), 201);
    expect((await stateAs(id, seats.blue)).table.pieces[redCard]).toMatchObject({ zone: 'north' });
  });

  it('shows no setup piece of a hidden zone to another seat or a stranger on any read path; its owner sees his; everyone at the end; verify passes', async () => {
    const { id, seats } = await started();
    ok(await post(id, seats.blue, 'move', { pieces: ['ship-1'], to: 'north' }), 201);
    const leaks = (text: string) => HIDDEN_NAMES.filter((name) => text.includes(name));
    const text = async (template: string, url: string, who?: Session, accept?: string) => {
      const response = await api.fetchChecked(template, url, {
        headers: { ...(who?.headers ?? {}), ...(accept ? { accept } : {}) },
      });
      expect(response.status).toBe(200);
      return response.text();
    };
    const live = (path: string, who?: Session, accept = 'text/event-stream') =>
      fetch(`${app.url}${path}`, { headers: { accept, ...(who?.headers ?? {}) } });
    const { lastSeq } = await stateAs(id, seats.blue);

    const readsAs = async (who?: Session): Promise<Record<string, string>> => {
      const reads: Record<string, string> = {
        events: JSON.stringify(await eventsAs(id, who)),
        eventsSeq0: await text(
          '/api/v1/matches/{id}/events',
          `/api/v1/matches/${id}/events?to=0`,
          who,
        ),
        ndjson: await text(
          '/api/v1/matches/{id}/events',
          `/api/v1/matches/${id}/events?limit=1000`,
          who,
          'application/x-ndjson',
        ),
        lineAll: await text(
          '/api/v1/matches/{id}/events',
          `/api/v1/matches/${id}/events?line=all&limit=1000`,
          who,
        ),
        summary: await text('/api/v1/matches/{id}', `/api/v1/matches/${id}`, who),
        state: JSON.stringify(await stateAs(id, who)),
        timeline: await text(
          '/api/v1/matches/{id}/timeline',
          `/api/v1/matches/${id}/timeline`,
          who,
        ),
        phrases: await text('/api/v1/matches/{id}/phrases', `/api/v1/matches/${id}/phrases`, who),
        viewer: await text('/api/v1/matches/{id}/viewer', `/api/v1/matches/${id}/viewer`, who),
        bulkGet: await text(
          '/api/v1/export/matches',
          `/api/v1/export/matches?ids=${id}&with=summary,events,state`,
          who,
          'application/x-ndjson',
        ),
        feedNdjson: await text(
          '/api/v1/feed',
          `/api/v1/feed?format=ndjson&wait=0&after=0&match=${id}`,
          who,
        ),
        feedSse: await streamed(await live(`/api/v1/feed?match=${id}&after=0`, who)),
        matchSse: await streamed(await live(`/api/v1/matches/${id}/stream`, who)),
      };
      for (let at = 0; at <= lastSeq; at += 1)
        reads[`state?at=${at}`] = JSON.stringify(await stateAs(id, who, at));
      const bulkPost = await api.fetchChecked(
        '/api/v1/export/matches',
        '/api/v1/export/matches?with=summary,events,state',
        {
          method: 'POST',
          headers: { ...(who?.headers ?? {}), 'content-type': 'application/json' },
          body: JSON.stringify({ ids: [id] }),
        },
      );
      expect(bulkPost.status).toBe(200);
      reads.bulkPost = await bulkPost.text();
      return reads;
    };

    // The bulk export and the feed read the index, fed in the background: wait for the match.
    for (let tries = 0; ; tries += 1) {
      const bulk = await text(
        '/api/v1/export/matches',
        `/api/v1/export/matches?ids=${id}`,
        undefined,
        'application/x-ndjson',
      );
      if (bulk.includes(id) || tries > 100) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    for (const who of [seats.blue, undefined]) {
      const reads = await readsAs(who);
      for (const [path, body] of Object.entries(reads)) {
        expect({ path, leaks: leaks(body) }).toEqual({ path, leaks: [] });
      }
      // Every path answered with the match, so the absence above means something.
      for (const path of ['events', 'ndjson', 'lineAll', 'bulkGet', 'bulkPost', 'feedNdjson'])
        expect({ path, has: reads[path].includes('MatchCreated') }).toEqual({ path, has: true });
      for (const path of ['feedSse', 'matchSse'])
        expect({ path, has: reads[path].includes('ship-1') }).toEqual({ path, has: true });
    }
    // The per-match export holds every secret: refused to a seat while the match is live.
    const refused = await api.fetchChecked(
      '/api/v1/matches/{id}/export',
      `/api/v1/matches/${id}/export`,
      { headers: seats.blue.headers },
    );
    expect(refused.status).toBe(403);

    // Red sees its own piece, salt and all, and it opens the commitment everyone sees.
    const asRed = await eventsAs(id, seats.red);
    const redsOwn = asRed.find(
      (e) => e.type === 'PiecesCreated' && e.meta.visibility === 'seat:red',
    )!;
    expect(redsOwn.data.secret.pieces).toEqual([SPY]);
    expect(saltedCommitment(redsOwn.meta.secretSalt, redsOwn.data.secret)).toBe(
      redsOwn.meta.secretCommitment,
    );
    expect(JSON.stringify(asRed)).not.toContain('fate-a');
    expect(JSON.stringify(await stateAs(id, seats.red))).toContain(SPY.id);

    // The match ends: everyone sees every setup piece, the deck's starting order included.
    ok(await post(id, seats.red, 'concede', {}), 201);
    const ended = await eventsAs(id);
    const deck = ended.find((e) => e.type === 'PiecesCreated' && e.meta.visibility === 'judges')!;
    expect(deck.data.secret.pieces.map((p: Json) => p.id)).toEqual(DECK);
    expect(JSON.stringify(ended)).toContain(SPY.id);
    const audit = ok(
      await api.client.GET('/api/v1/matches/{id}/audit', {
        headers: asAdmin().headers,
        params: { path: { id } },
      }),
    );
    expect(audit).toMatchObject({ verified: true });

    const exported = await text('/api/v1/matches/{id}/export', `/api/v1/matches/${id}/export`);
    expect(exported).toContain(SPY.id);
    const file = join(files, 'hidden-setup.ndjson');
    writeFileSync(file, exported);
    const run = await verifyCli(file);
    expect(run).toMatchObject({ code: 0, stdout: expect.stringMatching(/^OK: /) });
  }, 60_000);
});
