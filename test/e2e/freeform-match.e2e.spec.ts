import { createHash, createHmac } from 'node:crypto';
import type { components, paths } from '../../web/src/api/matchlog-api';
import {
  asNewOrganizer,
  createApi,
  seatSessions,
  type Api,
  type Session,
  anyDecision,
} from '../support/api-client';
import { eventually, ok } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * A whole freeform match, told over HTTP through the client generated from /docs-json:
 * every response is checked against the published document on the way (see api-client).
 * At the end the dice are re-verified from the revealed seed with this file's own
 * implementation of the README's "Verifying dice", not the service's.
 */

type RecordedEvent = components['schemas']['RecordedEventDto'];
type RecordedResult = components['schemas']['RecordedResultDto'];
type ListQuery = NonNullable<paths['/api/v1/matches']['get']['parameters']['query']>;

/** The parts of the table view (StateDto.table) this story reads. */
interface TableView {
  zones: Record<string, { id: string; kind: string; owner?: string; hiddenCount?: number }>;
  pieces: Record<
    string,
    {
      id: string;
      type: string;
      owner?: string;
      zone: string;
      status: string;
      fleet?: string;
      capturedBy?: string;
      attrs: Record<string, unknown>;
    }
  >;
  fleets: Record<string, { id: string; owner?: string; name?: string; pieces: string[] }>;
  losses: Record<
    string,
    { piece: string; type: string; cause: string; seq: number; cost?: number }[]
  >;
  tracks: Record<string, { id: string; owner?: string; value: number }>;
  decks: Record<string, { id: string; count: number; order?: string[] }>;
  turn: { round: number; phase?: string; active: string[]; priority?: string };
}

const TOURNAMENT = 'moscow-open-2026';
const ENTROPY = { red: 'красный-ветер-42', blue: 'blue moon' };
const CARDS = Array.from({ length: 10 }, (_, i) => `c${i + 1}`);

// ---- The README's "Verifying dice", reimplemented with node:crypto only -------------------

/** The uint32 words of HMAC-SHA256(S, "matchId|p|k|E|j") for j = 0, 1, 2, … */
function* words(
  seed: Buffer,
  matchId: string,
  purpose: string,
  k: number,
  entropy: string,
): Generator<number, never> {
  for (let j = 0; ; j += 1) {
    const block = createHmac('sha256', seed)
      .update(`${matchId}|${purpose}|${k}|${entropy}|${j}`, 'utf8')
      .digest();
    for (let offset = 0; offset < block.length; offset += 4) yield block.readUInt32BE(offset);
  }
}

/** One n-sided die from the stream, by rejection sampling. */
function die(stream: Generator<number, never>, sides: number): number {
  const limit = Math.floor(2 ** 32 / sides) * sides;
  for (;;) {
    const x = stream.next().value;
    if (x < limit) return (x % sides) + 1;
  }
}

function independentRoll(
  seed: Buffer,
  matchId: string,
  purpose: string,
  k: number,
  entropy: string,
  sides: number[],
): number[] {
  const stream = words(seed, matchId, purpose, k, entropy);
  return sides.map((n) => die(stream, n));
}

function independentShuffle(
  seed: Buffer,
  matchId: string,
  deckId: string,
  k: number,
  entropy: string,
  items: string[],
): string[] {
  const stream = words(seed, matchId, `shuffle:${deckId}`, k, entropy);
  const order = [...items];
  for (let i = order.length - 1; i >= 1; i -= 1) {
    const j = die(stream, i + 1) - 1;
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

const sha256Hex = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

describe('the README dice spec, as this test implements it', () => {
  it('reproduces the README example', () => {
    const seed = Buffer.from(
      '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
      'hex',
    );
    expect(sha256Hex(seed)).toMatch(/^630dcd29/);
    expect(
      independentRoll(seed, '4f1c2b9e-0000-4000-8000-000000000001', 'combat', 1, '', [6, 6, 6, 6]),
    ).toEqual([2, 6, 4, 5]);
  });
});

describe('a freeform match over HTTP', () => {
  let app: TestApp;
  let api: Api;
  let organizer: Session & { id: string };
  let matchId: string;
  let commitment: string;
  let seats: Record<'red' | 'blue', Session>;
  /** The seq the match was at after each step of the story. */
  const at: Record<string, number> = {};
  /** Events as the decisions' responses returned them. */
  let shuffleAsRed: RecordedEvent | undefined;
  let drawnByRed: string[] = [];

  const client = () => api.client;

  async function decide(
    seat: 'red' | 'blue',
    kind: string,
    params: Record<string, unknown> = {},
  ): Promise<RecordedResult> {
    return ok(
      await client().POST('/api/v1/matches/{id}/decisions', {
        headers: seats[seat].headers,
        params: { path: { id: matchId } },
        body: anyDecision({ kind, params }),
      }),
      201,
    );
  }

  async function stateAt(
    seq: number | undefined,
    who: Session | undefined,
  ): Promise<{ seq: number; status: string; table: TableView; derived: Record<string, unknown> }> {
    const data = ok(
      await client().GET('/api/v1/matches/{id}/state', {
        headers: who?.headers ?? {},
        params: { path: { id: matchId }, query: seq === undefined ? {} : { at: seq } },
      }),
      200,
    );
    return { ...data, table: data.table as unknown as TableView };
  }

  async function eventsOf(who: Session | undefined, id = matchId): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    let from: number | undefined = 0;
    while (from !== undefined) {
      const page: components['schemas']['EventsPageDto'] = ok(
        await client().GET('/api/v1/matches/{id}/events', {
          headers: who?.headers ?? {},
          params: { path: { id }, query: { from, limit: 1000 } },
        }),
        200,
      );
      events.push(...page.events);
      from = page.nextFrom;
    }
    return events;
  }

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
  });
  afterAll(async () => {
    await app?.close();
  });
  afterEach(() => {
    // Every response of every step matched the published document.
    expect(api.checks.failures).toEqual([]);
  });

  it('lets the admin register an organizer, who creates the match and gets seat tokens and the commitment', async () => {
    organizer = await asNewOrganizer(api, 'Оргкомитет Moscow Open');
    const tournament = ok(
      await client().POST('/api/v1/tournaments', {
        headers: organizer.headers,
        body: { tournamentId: TOURNAMENT, name: 'Moscow Open 2026' },
      }),
      201,
    );
    expect(tournament).toMatchObject({ tournamentId: TOURNAMENT, organizer: organizer.id });

    const rulesets = ok(await client().GET('/api/v1/rulesets'), 200);
    expect(rulesets.map((r) => r.id)).toContain('freeform');

    const created = ok(
      await client().POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          ruleset: 'freeform',
          title: 'Финал: Империя против Альянса / Final',
          tournamentId: TOURNAMENT,
          seats: [
            { seat: 'red', side: 'Империя', faction: 'Imperial Navy' },
            { seat: 'blue', side: 'Alliance' },
          ],
          setup: {
            zones: [
              {
                id: 'north',
                kind: 'sector',
                name: { en: 'North sector', ru: 'Северный сектор' },
                adjacency: ['south', 'east'],
              },
              {
                id: 'south',
                kind: 'sector',
                name: { en: 'South sector', ru: 'Южный сектор' },
                adjacency: ['north'],
              },
              { id: 'east', kind: 'sector', adjacency: ['north'] },
              { id: 'reserve:red', kind: 'reserve', owner: 'red' },
              {
                id: 'deck',
                kind: 'deck',
                visibility: 'nobody',
                name: { en: 'Deck', ru: 'Колода' },
              },
              { id: 'discard', kind: 'discard' },
            ],
            pieces: [
              { id: 's1', type: 'cruiser', owner: 'red', zone: 'north', attrs: { cost: 5 } },
              { id: 's2', type: 'frigate', owner: 'red', zone: 'north', attrs: { cost: 3 } },
              { id: 's3', type: 'destroyer', owner: 'blue', zone: 'south', attrs: { cost: 4 } },
              { id: 's4', type: 'corvette', owner: 'blue', zone: 'south', attrs: { cost: 2 } },
              ...CARDS.map((id, i) => ({ id, type: `card:тактика-${i + 1}`, zone: 'deck' })),
            ],
          },
        },
      }),
      201,
    );
    matchId = created.matchId;
    commitment = created.commitment;
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    // MatchCreated, ZonesCreated, PiecesCreated, and the deck's cards committed (judges only).
    expect(created.seq).toBe(3);
    expect(created.seatTokens.map((t) => t.seat)).toEqual(['red', 'blue']);
    seats = seatSessions(created) as Record<'red' | 'blue', Session>;
    at.created = created.seq;

    const match = ok(
      await client().GET('/api/v1/matches/{id}', {
        headers: organizer.headers,
        params: { path: { id: matchId } },
      }),
      200,
    );
    expect(match).toMatchObject({
      matchId,
      status: 'created',
      ruleset: { id: 'freeform', version: '1.0.0' },
      commitment,
      seq: 3,
      tournamentId: TOURNAMENT,
      public: false,
      seats: [
        { seat: 'red', side: 'Империя', claimed: false },
        { seat: 'blue', side: 'Alliance', claimed: false },
      ],
    });
  });

  it('lets the seats claim with their entropies and start', async () => {
    const red = ok(
      await client().POST('/api/v1/matches/{id}/seats/{seat}/claim', {
        headers: seats.red.headers,
        params: { path: { id: matchId, seat: 'red' } },
        body: { name: 'Анна Кузнецова', entropy: ENTROPY.red },
      }),
      201,
    );
    expect(red.events.map((e) => e.type)).toEqual(['SeatClaimed']);
    ok(
      await client().POST('/api/v1/matches/{id}/seats/{seat}/claim', {
        headers: seats.blue.headers,
        params: { path: { id: matchId, seat: 'blue' } },
        body: { name: 'John Smith', entropy: ENTROPY.blue },
      }),
      201,
    );
    const started = ok(
      await client().POST('/api/v1/matches/{id}/start', {
        headers: seats.red.headers,
        params: { path: { id: matchId } },
      }),
      201,
    );
    expect(started.events).toEqual([
      expect.objectContaining({
        type: 'MatchStarted',
        seq: 6,
        data: { entropy: `${ENTROPY.red},${ENTROPY.blue}` },
      }),
    ]);
    expect(started.events[0].meta.actor).toEqual({
      kind: 'seat',
      id: expect.any(String),
      seat: 'red',
    });
    at.started = started.seq;
  });

  it('records moves, a fleet and its move', async () => {
    const moved = await decide('red', 'move', { pieces: ['s1'], to: 'east' });
    expect(moved.events.map((e) => e.type)).toEqual(['DecisionMade', 'PiecesMoved']);
    expect(moved.events[1].data).toEqual({ pieces: ['s1'], to: 'east' });
    at.moved = moved.seq;

    const formed = await decide('red', 'form-fleet', {
      pieces: ['s1', 's2'],
      fleet: 'red-fleet',
      name: 'Первый флот',
    });
    expect(formed.events[1]).toMatchObject({
      type: 'FleetFormed',
      data: { fleet: 'red-fleet', owner: 'red', pieces: ['s1', 's2'], name: 'Первый флот' },
    });
    const fleetMoved = await decide('red', 'move', { fleet: 'red-fleet', to: 'south' });
    expect(fleetMoved.events[1].data).toEqual({
      pieces: ['s1', 's2'],
      to: 'south',
      fleet: 'red-fleet',
    });
    at.fleetMoved = fleetMoved.seq;
  });

  it('records losses with their cause, restores and captures', async () => {
    const first = await decide('blue', 'destroy', { pieces: ['s1'], cause: 'торпедная атака' });
    expect(first.events[1]).toMatchObject({
      type: 'PiecesDestroyed',
      data: { pieces: ['s1'], cause: 'торпедная атака' },
    });
    at.destroyed1 = first.seq;
    const second = await decide('blue', 'destroy', { pieces: ['s2'], cause: 'mine field' });
    at.destroyed2 = second.seq;

    const restored = await decide('red', 'restore', { pieces: ['s2'], to: 'reserve:red' });
    expect(restored.events[1].data).toEqual({ pieces: ['s2'], to: 'reserve:red' });
    at.restored = restored.seq;

    const captured = await decide('red', 'capture', {
      pieces: ['s3'],
      to: 'reserve:red',
      cause: 'абордаж',
    });
    expect(captured.events[1].data).toEqual({
      pieces: ['s3'],
      by: 'red',
      to: 'reserve:red',
      cause: 'абордаж',
    });
    at.captured = captured.seq;
  });

  it('changes tracks and starts a phase with active seats', async () => {
    const vpRed = await decide('red', 'change-track', {
      track: 'vp:red',
      owner: 'red',
      value: 3,
      name: { en: 'Red victory points', ru: 'Победные очки красных' },
    });
    expect(vpRed.events[1].data).toMatchObject({ track: 'vp:red', value: 3, delta: 3 });
    const vpBlue = await decide('blue', 'change-track', {
      track: 'vp:blue',
      owner: 'blue',
      delta: 2,
    });
    expect(vpBlue.events[1].data).toMatchObject({ track: 'vp:blue', value: 2, delta: 2 });
    at.tracks = vpBlue.seq;

    const phase = await decide('red', 'start-phase', { phase: 'battle', active: ['red'] });
    expect(phase.events[1].data).toEqual({ phase: 'battle', active: ['red'] });
    at.battle = phase.seq;

    const red = ok(
      await client().GET('/api/v1/matches/{id}/legal-decisions', {
        headers: seats.red.headers,
        params: { path: { id: matchId } },
      }),
      200,
    );
    expect(red).toMatchObject({ matchId, seat: 'red', seq: at.battle });
    expect(red.kinds.map((k) => k.kind)).toEqual(
      expect.arrayContaining(['move', 'draw', 'shuffle', 'roll', 'concede']),
    );
    // Each kind offered lists params it would be accepted with: the dry run accepts each
    // (a sealed kind is offered as a seal: its params are tried when it is revealed).
    for (const { kind, examples, sealed } of red.kinds) {
      expect({ kind, listed: examples.length > 0 }).toEqual({ kind, listed: true });
      for (const params of sealed ? [] : examples) {
        const tried = await client().POST('/api/v1/matches/{id}/decisions/dry-run', {
          headers: seats.red.headers,
          params: { path: { id: matchId } },
          body: anyDecision({ kind, params }),
        });
        expect({ kind, params, status: tried.response.status }).toEqual({
          kind,
          params,
          status: 200,
        });
      }
    }
    const blue = ok(
      await client().GET('/api/v1/matches/{id}/legal-decisions', {
        headers: seats.blue.headers,
        params: { path: { id: matchId } },
      }),
      200,
    );
    // Not blue's turn: only what any seat may do whatever the turn (as the ruleset says).
    const freeform = ok(
      await client().GET('/api/v1/rulesets/{id}', { params: { path: { id: 'freeform' } } }),
      200,
    );
    const anyTurn = freeform.decisions.filter((d) => d.turn === 'any').map((d) => d.kind);
    expect(anyTurn).toEqual(expect.arrayContaining(['concede', 'create-zones', 'declare-result']));
    // Answering a declared result waits for one: none is declared here.
    const answers = ['confirm-result', 'dispute-result'];
    expect(anyTurn).toEqual(expect.arrayContaining(answers));
    expect(blue.kinds.map((k) => k.kind).sort()).toEqual(
      anyTurn.filter((kind) => !answers.includes(kind)).sort(),
    );
    expect(blue.kinds.map((k) => k.kind)).not.toContain('move');
    expect(blue.kinds[0].summary).toEqual({ en: expect.any(String), ru: expect.any(String) });
  });

  it('shuffles and draws, keeping the deck order and the hand hidden from the other seat', async () => {
    const shuffled = await decide('red', 'shuffle', { deck: 'deck' });
    shuffleAsRed = shuffled.events[1];
    // The order is for judges only until the end, the shuffling seat included.
    expect(shuffleAsRed).toMatchObject({
      type: 'DeckShuffled',
      data: { deck: 'deck', k: 0, count: 10 },
      redacted: true,
      meta: { visibility: 'judges' },
    });
    expect(shuffleAsRed.data).not.toHaveProperty('secret');
    at.shuffled = shuffled.seq;

    const drawn = await decide('red', 'draw', { deck: 'deck', count: 3 });
    const cardsDrawn = drawn.events[1];
    expect(cardsDrawn).toMatchObject({
      type: 'CardsDrawn',
      data: { deck: 'deck', to: 'hand:red', count: 3 },
      meta: { visibility: 'seat:red' },
    });
    expect(cardsDrawn.redacted).toBeUndefined();
    drawnByRed = (cardsDrawn.data.secret as { pieces: string[] }).pieces;
    expect(drawnByRed).toHaveLength(3);
    expect(CARDS).toEqual(expect.arrayContaining(drawnByRed));
    at.drawn = drawn.seq;

    // Red sees its hand; the deck stays a count.
    const red = await stateAt(undefined, seats.red);
    expect(
      Object.values(red.table.pieces)
        .filter((p) => p.zone === 'hand:red')
        .map((p) => p.id)
        .sort(),
    ).toEqual([...drawnByRed].sort());
    expect(red.table.zones['hand:red'].hiddenCount).toBeUndefined();
    expect(red.table.zones.deck.hiddenCount).toBe(7);
    expect(red.table.decks.deck).toEqual({ id: 'deck', count: 7 });

    // Blue sees how many cards red holds, not which.
    const blue = await stateAt(undefined, seats.blue);
    expect(blue.table.zones['hand:red'].hiddenCount).toBe(3);
    expect(blue.table.zones.deck.hiddenCount).toBe(7);
    expect(blue.table.decks.deck).toEqual({ id: 'deck', count: 7 });
    for (const card of CARDS) expect(blue.table.pieces).not.toHaveProperty(card);

    const blueEvents = await eventsOf(seats.blue);
    const drawSeenByBlue = blueEvents.find((e) => e.type === 'CardsDrawn');
    expect(drawSeenByBlue).toMatchObject({
      redacted: true,
      data: { deck: 'deck', to: 'hand:red', count: 3 },
    });
    expect(drawSeenByBlue?.data).not.toHaveProperty('secret');
    const shuffleSeenByBlue = blueEvents.find((e) => e.type === 'DeckShuffled');
    expect(shuffleSeenByBlue?.redacted).toBe(true);
    expect(shuffleSeenByBlue?.data).not.toHaveProperty('secret');

    const redEvents = await eventsOf(seats.red);
    // The deck's cards were committed at setup: the draw tells red what it drew.
    expect(redEvents.find((e) => e.type === 'CardsDrawn')?.data.secret).toEqual({
      pieces: drawnByRed,
      cards: drawnByRed.map((id) => ({
        id,
        type: `card:тактика-${CARDS.indexOf(id) + 1}`,
        zone: 'hand:red',
      })),
    });
  });

  it('rolls server dice (in a decision and outside one) and records reported dice', async () => {
    const combat = await decide('red', 'roll', { dice: '2d6', purpose: 'combat' });
    expect(combat.events[1]).toMatchObject({
      type: 'DiceRolled',
      data: { purpose: 'combat', spec: '2d6', sides: [6, 6], source: 'server', k: 0 },
    });
    const faces = combat.events[1].data.faces as number[];
    expect(faces).toHaveLength(2);
    for (const face of faces) expect(face).toBeGreaterThanOrEqual(1);

    const outside = ok(
      await client().POST('/api/v1/matches/{id}/rolls', {
        headers: seats.red.headers,
        params: { path: { id: matchId } },
        body: { purpose: 'combat', dice: '1d20+2d6' },
      }),
      201,
    );
    expect(outside.events).toEqual([
      expect.objectContaining({
        type: 'DiceRolled',
        data: expect.objectContaining({
          seat: 'red',
          purpose: 'combat',
          sides: [20, 6, 6],
          source: 'server',
          k: 1,
        }),
      }),
    ]);

    const reported = await decide('red', 'roll', {
      dice: '2d6',
      purpose: 'morale',
      faces: [3, 5],
    });
    expect(reported.events[1].data).toEqual({
      seat: 'red',
      purpose: 'morale',
      spec: '2d6',
      sides: [6, 6],
      faces: [3, 5],
      source: 'reported',
      reporter: 'red',
    });
    const reportedOutside = ok(
      await client().POST('/api/v1/matches/{id}/rolls', {
        headers: seats.blue.headers,
        params: { path: { id: matchId } },
        body: { purpose: 'initiative', dice: '1d6', faces: [4] },
      }),
      201,
    );
    expect(reportedOutside.events[0].data).toMatchObject({ source: 'reported', reporter: 'blue' });

    // Blue's own server roll: a third roll of purpose combat.
    const blueRoll = ok(
      await client().POST('/api/v1/matches/{id}/rolls', {
        headers: seats.blue.headers,
        params: { path: { id: matchId } },
        body: { purpose: 'combat', dice: '3d8' },
      }),
      201,
    );
    expect(blueRoll.events[0].data).toMatchObject({ source: 'server', k: 2, sides: [8, 8, 8] });
    at.rolled = blueRoll.seq;
  });

  it('makes a retried decision safe with Idempotency-Key and a stale one a 409 with If-Match', async () => {
    const match = await client().GET('/api/v1/matches/{id}', {
      headers: seats.red.headers,
      params: { path: { id: matchId } },
    });
    const etag = match.response.headers.get('etag');
    // A strong tag of this seat's view, led by the seq If-Match names.
    expect(etag).toMatch(new RegExp(`^"${at.rolled}\\.[A-Za-z0-9_-]{22}"$`));

    const request = {
      headers: seats.red.headers,
      params: {
        path: { id: matchId },
        header: { 'Idempotency-Key': 'red-vp-bonus-1', 'If-Match': etag! },
      },
      body: { kind: 'change-track' as const, params: { track: 'vp:red', delta: 1 } },
    };
    const first = ok(await client().POST('/api/v1/matches/{id}/decisions', request), 201);
    expect(first.events.map((e) => e.type)).toEqual(['DecisionMade', 'TrackChanged']);
    expect(first.events[0].meta.decisionId).toBe('red-vp-bonus-1');
    expect(first.replayed).toBeUndefined();
    expect(first.receipt).toMatchObject({
      match: matchId,
      seq: first.events[1].seq,
      headHash: first.events[1].meta.hash,
      recordedAt: first.events[1].meta.recordedAt,
    });
    const audit = ok(
      await client().GET('/api/v1/matches/{id}/audit', {
        headers: seats.red.headers,
        params: { path: { id: matchId } },
      }),
    );

    // The retry carries the now stale If-Match too: it records nothing, so it is not stale.
    const retry = await client().POST('/api/v1/matches/{id}/decisions', request);
    expect(retry.response.status).toBe(200);
    expect(retry.response.headers.get('etag')).toBe(`W/"${first.seq}"`);
    // The same receipt: the decision as first recorded, the same bytes signed again.
    expect(retry.data).toEqual({ ...first, replayed: true });
    const after = ok(
      await client().GET('/api/v1/matches/{id}/audit', {
        headers: seats.red.headers,
        params: { path: { id: matchId } },
      }),
    );
    expect(after).toEqual(audit);

    const stale = await client().POST('/api/v1/matches/{id}/decisions', {
      headers: seats.red.headers,
      params: { path: { id: matchId }, header: { 'If-Match': etag! } },
      body: { kind: 'change-track', params: { track: 'vp:red', delta: 1 } },
    });
    expect(stale.response.status).toBe(409);
    expect(stale.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(stale.error).toMatchObject({
      type: 'https://matchlog.dev/problems/stale-revision',
      status: 409,
      expectedSeq: at.rolled,
      actualSeq: first.seq,
    });
    expect(stale.error?.detail).toContain(`seq ${first.seq}`);
    expect(
      ok(
        await client().GET('/api/v1/matches/{id}/audit', {
          headers: seats.red.headers,
          params: { path: { id: matchId } },
        }),
      ),
    ).toEqual(audit);

    const fresh = ok(
      await client().POST('/api/v1/matches/{id}/decisions', {
        headers: seats.red.headers,
        params: { path: { id: matchId }, header: { 'If-Match': `W/"${first.seq}"` } },
        body: { kind: 'start-phase', params: { phase: 'end', active: ['blue'] } },
      }),
      201,
    );
    at.last = fresh.seq;
  });

  it('replays the table at any seq', async () => {
    const initial = await stateAt(at.created, seats.red);
    expect(initial.seq).toBe(at.created);
    expect(initial.status).toBe('created');
    expect(initial.table.pieces.s1).toMatchObject({
      zone: 'north',
      status: 'active',
      attrs: { cost: 5 },
    });
    expect(initial.table.zones.deck.hiddenCount).toBe(10);
    expect(initial.table.turn).toEqual({ round: 0, active: [] });
    expect(initial.table.losses).toEqual({});

    const afterMove = await stateAt(at.moved, seats.red);
    expect(afterMove.status).toBe('started');
    expect(afterMove.table.pieces.s1.zone).toBe('east');
    expect(afterMove.table.pieces.s2.zone).toBe('north');

    const afterFleet = await stateAt(at.fleetMoved, seats.red);
    expect(afterFleet.table.fleets['red-fleet']).toEqual({
      id: 'red-fleet',
      owner: 'red',
      name: 'Первый флот',
      pieces: ['s1', 's2'],
    });
    expect(afterFleet.table.pieces.s1).toMatchObject({ zone: 'south', fleet: 'red-fleet' });
    expect(afterFleet.table.pieces.s2).toMatchObject({ zone: 'south', fleet: 'red-fleet' });

    const afterFirstLoss = await stateAt(at.destroyed1, seats.blue);
    expect(afterFirstLoss.table.losses.red).toEqual([
      { piece: 's1', type: 'cruiser', cause: 'торпедная атака', seq: at.destroyed1, cost: 5 },
    ]);
    expect(afterFirstLoss.table.pieces.s1).toMatchObject({
      status: 'destroyed',
      zone: 'losses:red',
    });
    expect(afterFirstLoss.table.pieces.s1.fleet).toBeUndefined();
    expect(afterFirstLoss.table.fleets['red-fleet'].pieces).toEqual(['s2']);

    const afterLosses = await stateAt(at.destroyed2, seats.blue);
    expect(afterLosses.table.losses.red.map((l) => [l.piece, l.cause, l.cost])).toEqual([
      ['s1', 'торпедная атака', 5],
      ['s2', 'mine field', 3],
    ]);
    expect(afterLosses.derived.losses).toEqual({ red: { count: 2, cost: 8 } });

    const afterRestore = await stateAt(at.restored, seats.red);
    expect(afterRestore.table.pieces.s2).toMatchObject({ status: 'active', zone: 'reserve:red' });
    expect(afterRestore.derived.losses).toEqual({ red: { count: 1, cost: 5 } });

    const afterCapture = await stateAt(at.captured, seats.red);
    expect(afterCapture.table.pieces.s3).toMatchObject({
      status: 'captured',
      capturedBy: 'red',
      zone: 'reserve:red',
      owner: 'blue',
    });
    expect(afterCapture.table.tracks).toEqual({});

    const afterTracks = await stateAt(at.tracks, seats.red);
    expect(afterTracks.table.tracks).toEqual({
      'vp:red': {
        id: 'vp:red',
        owner: 'red',
        name: { en: 'Red victory points', ru: 'Победные очки красных' },
        value: 3,
      },
      'vp:blue': { id: 'vp:blue', owner: 'blue', value: 2 },
    });
    expect(afterTracks.table.turn).toEqual({ round: 0, active: [] });

    const inBattle = await stateAt(at.battle, seats.red);
    expect(inBattle.table.turn).toEqual({ round: 0, phase: 'battle', active: ['red'] });
    expect(inBattle.table.zones.deck.hiddenCount).toBe(10);

    const latest = await stateAt(undefined, seats.red);
    expect(latest.seq).toBe(at.last);
    expect(latest.table.tracks['vp:red'].value).toBe(4);
    expect(latest.table.turn).toEqual({ round: 0, phase: 'end', active: ['blue'] });
  });

  it('serves the log as JSON pages and as NDJSON, and verifies its hash chain', async () => {
    const pages: components['schemas']['EventsPageDto'][] = [];
    let from: number | undefined = 0;
    while (from !== undefined) {
      const page: components['schemas']['EventsPageDto'] = ok(
        await client().GET('/api/v1/matches/{id}/events', {
          headers: seats.red.headers,
          params: { path: { id: matchId }, query: { from, limit: 10 } },
        }),
        200,
      );
      pages.push(page);
      from = page.nextFrom;
    }
    const paged = pages.flatMap((page) => page.events);
    expect(pages.length).toBe(Math.ceil((at.last + 1) / 10));
    expect(pages[0].nextFrom).toBe(10);
    expect(pages.every((page) => page.lastSeq === at.last)).toBe(true);
    expect(paged.map((e) => e.seq)).toEqual([...Array(at.last + 1).keys()]);

    const response = await api.fetchChecked(
      '/api/v1/matches/{id}/events',
      `/api/v1/matches/${matchId}/events`,
      { headers: { ...seats.red.headers, Accept: 'application/x-ndjson' } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const text = await response.text();
    expect(text.endsWith('\n')).toBe(true);
    const lines = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as RecordedEvent);
    expect(lines).toEqual(paged);

    const tail = await api.fetchChecked(
      '/api/v1/matches/{id}/events',
      `/api/v1/matches/${matchId}/events?from=${at.drawn - 1}&to=${at.drawn}`,
      { headers: { ...seats.blue.headers, Accept: 'application/x-ndjson' } },
    );
    const tailEvents = (await tail.text())
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as RecordedEvent);
    expect(tailEvents.map((e) => [e.seq, e.type, e.redacted])).toEqual([
      [at.drawn - 1, 'DecisionMade', undefined],
      [at.drawn, 'CardsDrawn', true],
    ]);

    const audit = ok(
      await client().GET('/api/v1/matches/{id}/audit', {
        headers: seats.blue.headers,
        params: { path: { id: matchId } },
      }),
      200,
    );
    const match = ok(
      await client().GET('/api/v1/matches/{id}', {
        headers: seats.blue.headers,
        params: { path: { id: matchId } },
      }),
    );
    expect(audit).toEqual({
      matchId,
      verified: true,
      eventCount: at.last + 1,
      headHash: paged[paged.length - 1].meta.hash,
    });
    expect(match.headHash).toBe(audit.headHash);
    expect(match.seq).toBe(at.last);
    // The chain links, as the events show it.
    paged.forEach((event, i) =>
      expect(event.meta.prevHash).toBe(i === 0 ? '' : paged[i - 1].meta.hash),
    );
  });

  it('lists matches by ruleset, status, player, tournament, in cursor pages', async () => {
    // A second, public match of the same tournament, watched by spectators with a delay.
    const created = ok(
      await client().POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          ruleset: 'freeform',
          tournamentId: TOURNAMENT,
          seats: [{ seat: 'red' }, { seat: 'blue' }],
          public: true,
          spectatorDelay: 1,
        },
      }),
      201,
    );
    const publicSeats = seatSessions(created);
    for (const [seat, name] of [
      ['red', 'Пётр Иванов'],
      ['blue', 'Mary Jones'],
    ] as const) {
      ok(
        await client().POST('/api/v1/matches/{id}/seats/{seat}/claim', {
          headers: publicSeats[seat].headers,
          params: { path: { id: created.matchId, seat } },
          body: { name },
        }),
        201,
      );
    }
    ok(
      await client().POST('/api/v1/matches/{id}/start', {
        headers: organizer.headers,
        params: { path: { id: created.matchId } },
      }),
      201,
    );
    const decisionSeqs: number[] = [];
    for (const value of [1, 2]) {
      const result = ok(
        await client().POST('/api/v1/matches/{id}/decisions', {
          headers: publicSeats.red.headers,
          params: { path: { id: created.matchId } },
          body: { kind: 'change-track', params: { track: 'vp', value } },
        }),
        201,
      );
      decisionSeqs.push(result.events[0].seq);
    }
    const publicId = created.matchId;
    const horizon = decisionSeqs[1] - 1;

    const list = async (who: Session | undefined, query: ListQuery) =>
      ok(
        await client().GET('/api/v1/matches', { headers: who?.headers ?? {}, params: { query } }),
        200,
      );

    // The index is fed by a subscription: wait (briefly) until it has both matches started.
    await eventually('both matches in the index', async () => {
      const page = await list(organizer, { tournament: TOURNAMENT, status: 'started' });
      return page.items.length === 2 ? page : undefined;
    });

    const byRuleset = await list(organizer, { ruleset: 'freeform', limit: 200 });
    expect(byRuleset.items.map((m) => m.matchId)).toEqual(
      expect.arrayContaining([matchId, publicId]),
    );
    expect((await list(organizer, { ruleset: 'no-such-game' })).items).toEqual([]);
    expect((await list(organizer, { tournament: TOURNAMENT, status: 'finished' })).items).toEqual(
      [],
    );

    // Exact names up to case, ё/е and spaces: never a part of one (issue 42).
    expect((await list(organizer, { player: 'КУЗНЕЦ' })).items).toEqual([]);
    const byPlayer = await list(organizer, { player: 'АННА  КУЗНЕЦОВА' });
    expect(byPlayer.items.map((m) => m.matchId)).toEqual([matchId]);
    expect(byPlayer.items[0]).toMatchObject({
      matchId,
      title: 'Финал: Империя против Альянса / Final',
      ruleset: { id: 'freeform', version: '1.0.0' },
      status: 'started',
      public: false,
      tournamentId: TOURNAMENT,
      organizer: organizer.id,
      seats: [
        { seat: 'red', side: 'Империя', faction: 'Imperial Navy', player: 'Анна Кузнецова' },
        { seat: 'blue', side: 'Alliance', player: 'John Smith' },
      ],
    });
    expect((await list(organizer, { player: 'john smith' })).items.map((m) => m.matchId)).toEqual([
      matchId,
    ]);
    expect((await list(organizer, { player: 'петр иванов' })).items.map((m) => m.matchId)).toEqual([
      publicId,
    ]);

    // Newest first, one a page.
    const first = await list(organizer, { tournament: TOURNAMENT, limit: 1 });
    expect(first.items.map((m) => m.matchId)).toEqual([publicId]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await list(organizer, {
      tournament: TOURNAMENT,
      limit: 1,
      cursor: first.nextCursor,
    });
    expect(second.items.map((m) => m.matchId)).toEqual([matchId]);
    expect(second.nextCursor).toBeUndefined();

    // Spectators: the live private match is not theirs to see; the public one is, delayed.
    const anonymous = await list(undefined, { tournament: TOURNAMENT });
    expect(anonymous.items.map((m) => m.matchId)).toEqual([publicId]);

    for (const read of [
      () => client().GET('/api/v1/matches/{id}', { params: { path: { id: matchId } } }),
      () => client().GET('/api/v1/matches/{id}/state', { params: { path: { id: matchId } } }),
      () => client().GET('/api/v1/matches/{id}/events', { params: { path: { id: matchId } } }),
    ]) {
      const refused = await read();
      expect(refused.response.status).toBe(403);
      expect(refused.error).toMatchObject({
        type: 'https://matchlog.dev/problems/forbidden',
        detail: expect.stringContaining('live and private'),
      });
    }

    const spectated = ok(
      await client().GET('/api/v1/matches/{id}', { params: { path: { id: publicId } } }),
      200,
    );
    expect(spectated).toMatchObject({ status: 'started', public: true, spectatorDelay: 1 });
    expect(spectated.seq).toBe(horizon);
    const spectatorState = ok(
      await client().GET('/api/v1/matches/{id}/state', { params: { path: { id: publicId } } }),
      200,
    );
    expect(spectatorState.seq).toBe(horizon);
    expect((spectatorState.table as unknown as TableView).tracks.vp.value).toBe(1);
    const spectatorEvents = ok(
      await client().GET('/api/v1/matches/{id}/events', { params: { path: { id: publicId } } }),
      200,
    );
    expect(spectatorEvents.events.map((e) => e.seq)).toEqual([...Array(horizon + 1).keys()]);
    expect(spectatorEvents.nextFrom).toBeUndefined();
    const ahead = await client().GET('/api/v1/matches/{id}/state', {
      params: { path: { id: publicId }, query: { at: horizon + 1 } },
    });
    expect(ahead.response.status).toBe(403);
    expect(ahead.error?.detail).toContain(`up to seq ${horizon}`);
    // The players see it live.
    const playerState = ok(
      await client().GET('/api/v1/matches/{id}/state', {
        headers: publicSeats.blue.headers,
        params: { path: { id: publicId } },
      }),
    );
    expect((playerState.table as unknown as TableView).tracks.vp.value).toBe(2);
  });

  it('ends with a concession, reveals the seed, and every server roll and the shuffle re-verify from it', async () => {
    const conceded = ok(
      await client().POST('/api/v1/matches/{id}/decisions', {
        headers: seats.red.headers,
        params: { path: { id: matchId } },
        body: { kind: 'concede' },
      }),
      201,
    );
    expect(conceded.events.map((e) => e.type)).toEqual([
      'DecisionMade',
      'MatchFinished',
      'RngRevealed',
    ]);
    expect(conceded.events[1].data).toEqual({ winners: ['blue'], condition: 'concession by red' });
    const lastSeq = conceded.seq;

    // From here on, as anyone: no token.
    const match = ok(
      await client().GET('/api/v1/matches/{id}', { params: { path: { id: matchId } } }),
      200,
    );
    expect(match).toMatchObject({
      status: 'finished',
      seq: lastSeq,
      result: { winners: ['blue'], condition: 'concession by red' },
      endedAt: expect.any(String),
    });

    const rng = ok(
      await client().GET('/api/v1/matches/{id}/rng', { params: { path: { id: matchId } } }),
      200,
    );
    expect(rng).toMatchObject({ matchId, commitment, revealed: true });
    expect(rng.seed).toMatch(/^[0-9a-f]{64}$/);
    const seed = Buffer.from(rng.seed!, 'hex');
    expect(seed).toHaveLength(32);
    expect(sha256Hex(seed)).toBe(commitment);

    const events = await eventsOf(undefined);
    expect(events.map((e) => e.seq)).toEqual([...Array(lastSeq + 1).keys()]);
    expect(events.filter((e) => e.redacted)).toEqual([]);
    expect(events[0].data.commitment).toBe(commitment);
    expect(events[lastSeq].data).toEqual({ seed: rng.seed });

    // E: the seats' entropies in seat order, as claimed.
    const seatOrder = (events[0].data.seats as { seat: string }[]).map((s) => s.seat);
    const claimed = new Map(
      events
        .filter((e) => e.type === 'SeatClaimed')
        .map((e) => [e.data.seat as string, e.data.entropy as string | undefined]),
    );
    const entropy = seatOrder
      .map((seat) => claimed.get(seat))
      .filter((value): value is string => value !== undefined)
      .join(',');
    expect(entropy).toBe(`${ENTROPY.red},${ENTROPY.blue}`);
    expect(events.find((e) => e.type === 'MatchStarted')?.data.entropy).toBe(entropy);

    const nextK = new Map<string, number>();
    const takeK = (purpose: string, k: number) => {
      expect(k).toBe(nextK.get(purpose) ?? 0);
      nextK.set(purpose, k + 1);
    };
    let serverRolls = 0;
    let shuffles = 0;
    for (const event of events) {
      if (event.type === 'DiceRolled' && event.data.source === 'server') {
        const { purpose, k, sides, faces } = event.data as {
          purpose: string;
          k: number;
          sides: number[];
          faces: number[];
        };
        takeK(purpose, k);
        expect(independentRoll(seed, matchId, purpose, k, entropy, sides)).toEqual(faces);
        serverRolls += 1;
      }
      if (event.type === 'DeckShuffled') {
        const { deck, k, count, secret } = event.data as {
          deck: string;
          k: number;
          count: number;
          secret: { order: string[]; before: string[] };
        };
        takeK(`shuffle:${deck}`, k);
        expect(secret.before).toEqual(CARDS);
        expect(count).toBe(CARDS.length);
        expect(independentShuffle(seed, matchId, deck, k, entropy, secret.before)).toEqual(
          secret.order,
        );
        // The cards red drew were the top of the shuffled deck.
        expect(drawnByRed).toEqual(secret.order.slice(0, 3));
        shuffles += 1;
      }
    }
    expect([serverRolls, shuffles]).toEqual([3, 1]);
    expect(nextK).toEqual(
      new Map([
        ['shuffle:deck', 1],
        ['combat', 3],
      ]),
    );
    expect(rng.verification).toEqual({ ok: true, checked: serverRolls + shuffles });
    expect(shuffleAsRed?.eventId).toBe(events[at.shuffled].eventId);

    // After the end everything is public: the deck order and every hand.
    const final = await stateAt(undefined, undefined);
    expect(final.status).toBe('finished');
    expect(final.table.decks.deck.order).toHaveLength(7);
    expect(final.table.zones['hand:red'].hiddenCount).toBeUndefined();
    for (const card of drawnByRed) expect(final.table.pieces[card].zone).toBe('hand:red');

    const audit = ok(
      await client().GET('/api/v1/matches/{id}/audit', { params: { path: { id: matchId } } }),
      200,
    );
    expect(audit).toEqual({
      matchId,
      verified: true,
      eventCount: lastSeq + 1,
      headHash: events[lastSeq].meta.hash,
    });
    expect(api.checks.responses).toBeGreaterThan(50);
  });
});
