import { MatchRepository } from '../../src/application/matches/match-repository';
import type { Actor } from '../../src/domain/events/recorded-event';
import { decideOpenDispute, decideRuling } from '../../src/domain/match/dispute-decider';
import { voidingOf } from '../../src/domain/match/match-state';
import { lineStateOf } from '../../src/domain/match/rewind';
import { decideUndoRequest } from '../../src/domain/match/undo-decider';
import { asNewOrganizer, createApi, session, type Api, type Session } from '../support/api-client';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Reads for judges and players over HTTP: the effective line and the voided branches, the
 * audit stream of judges' views of hidden information, annotations and the timeline. The
 * undo and the ruling are seeded through the app's MatchRepository with the domain deciders
 * (the judging commands have their own suite); every response is checked against the
 * published OpenAPI document (api.fetchChecked).
 */

interface VoidedMark {
  seq: number;
  cause: { kind: string; requestId?: string; disputeId?: string };
}
interface Event {
  seq: number;
  type: string;
  data: Record<string, unknown>;
  meta: { actor: { kind: string; id: string; seat?: string }; recordedAt: string; hash: string };
  redacted?: boolean;
  voidedBy?: VoidedMark;
}
interface EventsPage {
  matchId: string;
  line: string;
  events: Event[];
  nextFrom?: number;
  lastSeq: number;
}
interface State {
  seq: number;
  line: string;
  effectiveSeq?: number;
  voidedBy?: VoidedMark;
  status: string;
  table: { pieces: Record<string, { zone: string }> };
}
interface AuditLog {
  matchId: string;
  events: (Event & {
    data: {
      judge: { id: string; name: string };
      scope: string;
      atSeq?: number;
      fromSeq?: number;
      toSeq?: number;
    };
  })[];
}
interface Annotations {
  matchId: string;
  annotations: Event[];
}
interface TimelineEntry {
  seq: number;
  kind: string;
  type: string;
  [member: string]: unknown;
}
interface Timeline {
  matchId: string;
  toSeq: number;
  lastSeq: number;
  entries: TimelineEntry[];
}

const setup = {
  zones: [
    { id: 'north', kind: 'location' },
    { id: 'south', kind: 'location' },
  ],
  pieces: [
    { id: 'cruiser', type: 'Крейсер', owner: 'red', zone: 'north' },
    { id: 'raider', type: 'Raider', owner: 'blue', zone: 'south' },
  ],
};

describe('judging reads', () => {
  let app: TestApp;
  let api: Api;
  let organizer: Session;
  let stranger: Session;
  let judge: Session & { id: string };
  let seats: Record<string, Session>;
  let foreignSeat: Session;
  let matchId: string;
  /** The seqs the story below records. */
  const seqs = {} as Record<
    | 'undoTo'
    | 'undoneMove'
    | 'undoRequested'
    | 'undoRewind'
    | 'rulingTo'
    | 'disputedMove'
    | 'disputed'
    | 'ruling'
    | 'rulingRewind',
    number
  >;

  /** A call checked against the document; returns status and parsed body. */
  async function call<T>(
    template: string,
    path: string,
    who: Session | undefined,
    init: { method?: string; body?: unknown; accept?: string } = {},
  ): Promise<{ status: number; body: T; text: string }> {
    const response = await api.fetchChecked(template, path, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        ...(who ? who.headers : {}),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.accept ? { accept: init.accept } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text();
    const isJson = /^application\/(problem\+)?json\b/.test(
      response.headers.get('content-type') ?? '',
    );
    return {
      status: response.status,
      body: (isJson && text ? JSON.parse(text) : undefined) as T,
      text,
    };
  }

  async function ok<T>(
    template: string,
    path: string,
    who: Session | undefined,
    init: { method?: string; body?: unknown; accept?: string } = {},
    status = init.body === undefined ? 200 : 201,
  ): Promise<T> {
    const result = await call<T>(template, path, who, init);
    if (result.status !== status)
      throw new Error(`${path}: ${result.status} ${result.text.slice(0, 500)}`);
    return result.body;
  }

  const decide = (who: Session, kind: string, params: unknown) =>
    ok<{ seq: number; events: Event[] }>(
      '/api/v1/matches/{id}/decisions',
      `/api/v1/matches/${matchId}/decisions`,
      who,
      {
        body: { kind, params },
      },
    );

  const auditLog = (who: Session = organizer) =>
    ok<AuditLog>('/api/v1/matches/{id}/audit-log', `/api/v1/matches/${matchId}/audit-log`, who);

  async function createStartedMatch(
    owner: Session,
  ): Promise<{ id: string; seats: Record<string, Session> }> {
    const created = await ok<{ matchId: string; seatTokens: { seat: string; token: string }[] }>(
      '/api/v1/matches',
      '/api/v1/matches',
      owner,
      { body: { ruleset: 'freeform', seats: [{ seat: 'red' }, { seat: 'blue' }], setup } },
    );
    const tokens = Object.fromEntries(created.seatTokens.map((t) => [t.seat, session(t.token)]));
    for (const seat of ['red', 'blue']) {
      await ok(
        '/api/v1/matches/{id}/seats/{seat}/claim',
        `/api/v1/matches/${created.matchId}/seats/${seat}/claim`,
        tokens[seat],
        {
          body: { name: `Игрок ${seat}` },
        },
      );
    }
    await ok(
      '/api/v1/matches/{id}/start',
      `/api/v1/matches/${created.matchId}/start`,
      tokens.red,
      { method: 'POST' },
      201,
    );
    return { id: created.matchId, seats: tokens };
  }

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
    organizer = await asNewOrganizer(api, 'Клуб «Звезда»');
    stranger = await asNewOrganizer(api, 'Другой клуб');
    const match = await createStartedMatch(organizer);
    matchId = match.id;
    seats = match.seats;
    foreignSeat = (await createStartedMatch(stranger)).seats.red;
    const issued = await ok<{ id: string; token: string }>(
      '/api/v1/judges',
      '/api/v1/judges',
      organizer,
      {
        body: { name: 'Ирина Волкова', matchId },
      },
    );
    judge = { ...session(issued.token), id: issued.id };

    // Blue moves; red moves and takes it back at once (an own move: no consent needed).
    await decide(seats.blue, 'move', { pieces: ['raider'], to: 'north' });
    const repo = app.app.get(MatchRepository);
    seqs.undoTo = (await repo.current(matchId)).lastSeq;
    seqs.undoneMove = (
      await decide(seats.red, 'move', { pieces: ['cruiser'], to: 'south' })
    ).events[0].seq;
    const rewindTo = async (toSeq: number) => {
      const state = await repo.current(matchId);
      const since = (await repo.eventList(matchId, toSeq + 1)).filter(
        (e) => !voidingOf(state, e.seq),
      );
      return { since, restore: lineStateOf(await repo.stateAt(matchId, toSeq)) };
    };
    const red: Actor = { kind: 'seat', id: 'red', seat: 'red' };
    const undo = await rewindTo(seqs.undoTo);
    const undone = await repo.decideAndAppend(
      matchId,
      (state, ruleset) =>
        decideUndoRequest(
          ruleset,
          state,
          { requestId: 'u1', seat: 'red', toSeq: seqs.undoTo, reason: 'misclick' },
          undo.since,
          undo.restore,
        ),
      { actor: red },
    );
    [seqs.undoRequested, seqs.undoRewind] = undone.events.map((e) => e.seq);

    // Red moves again; blue disputes it; a judge rules and rewinds it.
    seqs.rulingTo = seqs.undoRewind;
    seqs.disputedMove = (
      await decide(seats.red, 'move', { pieces: ['cruiser'], to: 'south' })
    ).events[0].seq;
    const disputed = await repo.decideAndAppend(
      matchId,
      (state) =>
        decideOpenDispute(
          state,
          {
            disputeId: 'd1',
            seat: 'blue',
            atSeq: seqs.disputedMove,
            claim: 'Out of supply',
            ruleRef: '§6.2',
          },
          new Date().toISOString(),
        ),
      { actor: { kind: 'seat', id: 'blue', seat: 'blue' } },
    );
    seqs.disputed = disputed.events[0].seq;
    const ruling = await rewindTo(seqs.rulingTo);
    const ruled = await repo.decideAndAppend(
      matchId,
      (state, ruleset) =>
        decideRuling(
          ruleset,
          state,
          {
            disputeId: 'd1',
            decision: 'upheld',
            rationale: 'No supply path from the capital',
            ruleRef: '§6.2',
            remedy: { kind: 'rewind', toSeq: seqs.rulingTo },
          },
          ruling,
          new Uint8Array(32),
        ),
      { actor: { kind: 'judge', id: judge.id } },
    );
    [seqs.ruling, seqs.rulingRewind] = ruled.events.map((e) => e.seq);
  });

  afterAll(() => app?.close());

  describe('the effective line and the voided branches', () => {
    it('line=effective (the default) leaves out the voided events; line=all includes them, marked', async () => {
      const path = `/api/v1/matches/${matchId}/events`;
      const effective = await ok<EventsPage>('/api/v1/matches/{id}/events', path, seats.red);
      const explicit = await ok<EventsPage>(
        '/api/v1/matches/{id}/events',
        `${path}?line=effective`,
        seats.red,
      );
      const all = await ok<EventsPage>(
        '/api/v1/matches/{id}/events',
        `${path}?line=all`,
        seats.red,
      );

      expect(effective.line).toBe('effective');
      expect(explicit.events).toEqual(effective.events);
      expect(all.line).toBe('all');
      expect(all.events.map((e) => e.seq)).toEqual(
        Array.from({ length: all.lastSeq + 1 }, (_, seq) => seq),
      );
      const undoneSeqs = [seqs.undoneMove, seqs.undoneMove + 1];
      const ruledSeqs = [seqs.disputedMove, seqs.disputedMove + 1];
      const effectiveSeqs = effective.events.map((e) => e.seq);
      for (const seq of [...undoneSeqs, ...ruledSeqs]) expect(effectiveSeqs).not.toContain(seq);
      // Meta events inside a voided range are history, never voided: the undo request, the dispute.
      expect(effectiveSeqs).toEqual(expect.arrayContaining([seqs.undoRequested, seqs.disputed]));
      expect(effective.events.some((e) => e.voidedBy)).toBe(false);

      const bySeq = new Map(all.events.map((e) => [e.seq, e]));
      for (const seq of undoneSeqs)
        expect(bySeq.get(seq)?.voidedBy).toEqual({
          seq: seqs.undoRewind,
          cause: { kind: 'undo', requestId: 'u1' },
        });
      for (const seq of ruledSeqs)
        expect(bySeq.get(seq)?.voidedBy).toEqual({
          seq: seqs.rulingRewind,
          cause: { kind: 'ruling', disputeId: 'd1' },
        });
      expect(all.events.filter((e) => e.voidedBy)).toHaveLength(4);
      // The rewinds' restored line state is for judges: a seat reads their public part.
      expect(bySeq.get(seqs.undoRewind)).toMatchObject({
        redacted: true,
        data: { toSeq: seqs.undoTo, voided: { from: seqs.undoTo + 1, to: seqs.undoRequested } },
      });
      expect(bySeq.get(seqs.undoRewind)?.data.secret).toBeUndefined();
    });

    it('streams the same lines as NDJSON', async () => {
      const path = `/api/v1/matches/${matchId}/events`;
      const lines = async (query: string) => {
        const { text } = await call('/api/v1/matches/{id}/events', `${path}${query}`, seats.blue, {
          accept: 'application/x-ndjson',
        });
        return text
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Event);
      };
      const effective = await lines('');
      const all = await lines('?line=all');
      expect(effective.map((e) => e.seq)).not.toContain(seqs.undoneMove);
      expect(all.find((e) => e.seq === seqs.undoneMove)?.voidedBy).toEqual({
        seq: seqs.undoRewind,
        cause: { kind: 'undo', requestId: 'u1' },
      });
      expect(all.length - effective.length).toBe(4);
    });

    it('state at a voided seq: the table the rewind returned to on the effective line, the branch as played with line=all', async () => {
      const path = `/api/v1/matches/${matchId}/state?at=${seqs.undoneMove + 1}`;
      const effective = await ok<State>('/api/v1/matches/{id}/state', path, seats.red);
      const all = await ok<State>('/api/v1/matches/{id}/state', `${path}&line=all`, seats.red);
      const mark = { seq: seqs.undoRewind, cause: { kind: 'undo', requestId: 'u1' } };

      expect(effective).toMatchObject({
        seq: seqs.undoneMove + 1,
        line: 'effective',
        effectiveSeq: seqs.undoTo,
        voidedBy: mark,
      });
      expect(effective.table.pieces.cruiser.zone).toBe('north');
      expect(all).toMatchObject({ seq: seqs.undoneMove + 1, line: 'all', voidedBy: mark });
      expect(all.effectiveSeq).toBeUndefined();
      expect(all.table.pieces.cruiser.zone).toBe('south');

      // A seq on the effective line reads the same on both.
      const before = `/api/v1/matches/${matchId}/state?at=${seqs.undoTo}`;
      const plain = await ok<State>('/api/v1/matches/{id}/state', before, seats.red);
      expect(plain.effectiveSeq).toBeUndefined();
      expect(plain.voidedBy).toBeUndefined();
      expect(
        (await ok<State>('/api/v1/matches/{id}/state', `${before}&line=all`, seats.red)).table,
      ).toEqual(plain.table);
      // The ruling's rewind took red's second move back as well.
      const now = await ok<State>(
        '/api/v1/matches/{id}/state',
        `/api/v1/matches/${matchId}/state`,
        seats.red,
      );
      expect(now.table.pieces.cruiser.zone).toBe('north');
    });

    it('refuses an unknown line with a 400', async () => {
      const { status } = await call(
        '/api/v1/matches/{id}/state',
        `/api/v1/matches/${matchId}/state?line=branch`,
        seats.red,
      );
      expect(status).toBe(400);
    });
  });

  describe('the timeline', () => {
    it('lists the decisions, the rewinds with their voided ranges, the dispute and the ruling with their seqs', async () => {
      const timeline = await ok<Timeline>(
        '/api/v1/matches/{id}/timeline',
        `/api/v1/matches/${matchId}/timeline`,
        seats.blue,
      );
      const at = (seq: number) => timeline.entries.find((e) => e.seq === seq);
      expect(timeline.toSeq).toBe(timeline.lastSeq);
      expect(timeline.entries.filter((e) => e.kind === 'decision')).toHaveLength(3);
      expect(at(seqs.undoneMove)).toMatchObject({
        kind: 'decision',
        seat: 'red',
        decisionKind: 'move',
        voidedBy: { seq: seqs.undoRewind, cause: { kind: 'undo', requestId: 'u1' } },
      });
      expect(at(seqs.undoRequested)).toMatchObject({ kind: 'undo-request', toSeq: seqs.undoTo });
      expect(at(seqs.undoRewind)).toMatchObject({
        kind: 'rewind',
        toSeq: seqs.undoTo,
        voided: { from: seqs.undoTo + 1, to: seqs.undoRequested },
        cause: { kind: 'undo', requestId: 'u1' },
      });
      expect(at(seqs.disputed)).toMatchObject({
        kind: 'dispute',
        disputeId: 'd1',
        atSeq: seqs.disputedMove,
        claim: 'Out of supply',
        seat: 'blue',
      });
      expect(at(seqs.ruling)).toMatchObject({
        kind: 'ruling',
        disputeId: 'd1',
        ruling: 'upheld',
        remedy: { kind: 'rewind', toSeq: seqs.rulingTo },
        actor: { kind: 'judge', id: judge.id },
      });
      expect(at(seqs.rulingRewind)).toMatchObject({
        kind: 'rewind',
        toSeq: seqs.rulingTo,
        voided: { from: seqs.rulingTo + 1, to: seqs.ruling },
        cause: { kind: 'ruling', disputeId: 'd1' },
      });
      expect(timeline.entries.some((e) => e.type === 'PiecesMoved')).toBe(false);
    });
  });

  describe('the audit of judges’ views', () => {
    it('records one HiddenInformationViewed for a judge’s state read of a live match, none for a seat’s', async () => {
      const before = (await auditLog()).events.length;
      await ok(
        '/api/v1/matches/{id}/state',
        `/api/v1/matches/${matchId}/state?at=${seqs.undoTo}`,
        seats.red,
      );
      expect((await auditLog()).events).toHaveLength(before);

      await ok(
        '/api/v1/matches/{id}/state',
        `/api/v1/matches/${matchId}/state?at=${seqs.undoTo}`,
        judge,
      );
      const after = (await auditLog()).events;
      expect(after).toHaveLength(before + 1);
      expect(after[after.length - 1]).toMatchObject({
        matchId,
        seq: before,
        type: 'HiddenInformationViewed',
        data: {
          judge: { id: judge.id, name: 'Ирина Волкова' },
          scope: 'state',
          atSeq: seqs.undoTo,
        },
        meta: { actor: { kind: 'judge', id: judge.id } },
      });
      expect(Date.parse(after[after.length - 1].meta.recordedAt)).not.toBeNaN();
    });

    it('records a judge’s events page, NDJSON stream, timeline and export with the seqs shown', async () => {
      const before = (await auditLog()).events.length;
      await ok(
        '/api/v1/matches/{id}/events',
        `/api/v1/matches/${matchId}/events?from=2&to=5`,
        judge,
      );
      await call('/api/v1/matches/{id}/events', `/api/v1/matches/${matchId}/events?from=3`, judge, {
        accept: 'application/x-ndjson',
      });
      await ok('/api/v1/matches/{id}/timeline', `/api/v1/matches/${matchId}/timeline`, judge);
      const exported = await call(
        '/api/v1/matches/{id}/export',
        `/api/v1/matches/${matchId}/export`,
        judge,
      );
      expect(exported.status).toBe(200);
      const last = await repoLastSeq();
      const added = (await auditLog(judge)).events.slice(before).map((e) => e.data);
      expect(added).toEqual([
        { judge: { id: judge.id, name: 'Ирина Волкова' }, scope: 'events', fromSeq: 2, toSeq: 5 },
        {
          judge: { id: judge.id, name: 'Ирина Волкова' },
          scope: 'events',
          fromSeq: 3,
          toSeq: last,
        },
        {
          judge: { id: judge.id, name: 'Ирина Волкова' },
          scope: 'timeline',
          fromSeq: 0,
          toSeq: last,
        },
        {
          judge: { id: judge.id, name: 'Ирина Волкова' },
          scope: 'export',
          fromSeq: 0,
          toSeq: last,
        },
      ]);
    });

    it('records a judge’s read of the log’s sentences, also when it is answered 304', async () => {
      const before = (await auditLog()).events.length;
      const path = `/api/v1/matches/${matchId}/phrases`;
      const first = await api.fetchChecked('/api/v1/matches/{id}/phrases', path, {
        headers: judge.headers,
      });
      expect(first.status).toBe(200);
      await first.text();
      const tag = first.headers.get('etag')!;
      expect(tag).toMatch(/^"\d+\./);
      const again = await api.fetchChecked('/api/v1/matches/{id}/phrases', path, {
        headers: { ...judge.headers, 'if-none-match': tag },
      });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      // The judge saw hidden names either way: both reads are in the audit stream.
      const last = await repoLastSeq();
      const read = {
        judge: { id: judge.id, name: 'Ирина Волкова' },
        scope: 'events',
        fromSeq: 0,
        toSeq: last,
      };
      expect((await auditLog(judge)).events.slice(before).map((e) => e.data)).toEqual([read, read]);
    });

    it('keeps the audit stream hash-chained, with its own seqs from 0', async () => {
      const { events } = await auditLog();
      expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
      events.forEach((event, i) => {
        if (i > 0)
          expect((event.meta as unknown as { prevHash: string }).prevHash).toBe(
            events[i - 1].meta.hash,
          );
      });
    });

    it('shows the audit log to the match’s judge and organizer, 403 to seats and other organizers, 401 anonymous', async () => {
      const path = `/api/v1/matches/${matchId}/audit-log`;
      expect((await call('/api/v1/matches/{id}/audit-log', path, seats.red)).status).toBe(403);
      expect((await call('/api/v1/matches/{id}/audit-log', path, stranger)).status).toBe(403);
      expect((await call('/api/v1/matches/{id}/audit-log', path, undefined)).status).toBe(401);
      expect((await call('/api/v1/matches/{id}/audit-log', path, organizer)).status).toBe(200);
      expect((await call('/api/v1/matches/{id}/audit-log', path, judge)).status).toBe(200);
    });
  });

  describe('annotations', () => {
    const path = () => `/api/v1/matches/${matchId}/annotations`;
    const template = '/api/v1/matches/{id}/annotations';

    it('records a seat’s note with its tags, actor the seat, in the notes stream', async () => {
      const note = await ok<Event>(template, path(), seats.blue, {
        body: {
          seq: seqs.undoneMove,
          text: 'Крейсер оставил север без прикрытия',
          tags: ['?', 'blunder'],
        },
      });
      expect(note).toMatchObject({
        matchId,
        type: 'AnnotationAdded',
        data: {
          seq: seqs.undoneMove,
          text: 'Крейсер оставил север без прикрытия',
          tags: ['?', 'blunder'],
        },
        meta: { actor: { kind: 'seat', id: expect.any(String), seat: 'blue' } },
      });
      expect(note.data.annotationId).toEqual(expect.any(String));
    });

    it('records a judge’s note linked to a dispute, and leaves the match stream untouched', async () => {
      const lastSeq = await repoLastSeq();
      const note = await ok<Event>(template, path(), judge, {
        body: {
          seq: seqs.disputedMove,
          text: 'See the ruling',
          tags: ['rules-question'],
          disputeId: 'd1',
        },
      });
      expect(note).toMatchObject({
        data: { disputeId: 'd1', tags: ['rules-question'] },
        meta: { actor: { kind: 'judge', id: judge.id } },
      });
      expect(await repoLastSeq()).toBe(lastSeq);
    });

    it('refuses bad notes with 400, anonymous callers with 401 and other tokens with 403 while the match is live', async () => {
      const bad = async (body: unknown) =>
        (await call(template, path(), seats.red, { body })).status;
      expect(await bad({ seq: 0, text: 'x', tags: ['!!!'] })).toBe(400);
      expect(await bad({ seq: 9999, text: 'x' })).toBe(400);
      expect(await bad({ seq: 0, text: '' })).toBe(400);
      expect(await bad({ seq: 0, text: 'x'.repeat(2001) })).toBe(400);
      expect(await bad({ seq: 0, text: 'x', disputeId: 'no-such-dispute' })).toBe(400);
      const body = { seq: 0, text: 'Хорошее начало' };
      expect((await call(template, path(), undefined, { body })).status).toBe(401);
      expect((await call(template, path(), foreignSeat, { body })).status).toBe(403);
      expect((await call(template, path(), stranger, { body })).status).toBe(403);
    });

    it('after the end: anyone with a token may annotate, and a judge’s reads are no longer audited', async () => {
      await decide(seats.red, 'concede', {});
      const note = await ok<Event>(template, path(), stranger, {
        body: { seq: 0, text: 'Разбор партии: решающей была 12-я позиция', tags: ['!'] },
      });
      expect(note.meta.actor.kind).toBe('organizer');
      expect(
        (await call(template, path(), foreignSeat, { body: { seq: 0, text: 'gg' } })).status,
      ).toBe(201);

      const before = (await auditLog()).events.length;
      const finished = await ok<State>(
        '/api/v1/matches/{id}/state',
        `/api/v1/matches/${matchId}/state`,
        judge,
      );
      expect(finished.status).toBe('finished');
      await ok('/api/v1/matches/{id}/events', `/api/v1/matches/${matchId}/events`, judge);
      await ok('/api/v1/matches/{id}/timeline', `/api/v1/matches/${matchId}/timeline`, judge);
      expect((await auditLog()).events).toHaveLength(before);
    });

    it('lists every note to whoever may read the match; a finished match needs no token', async () => {
      const listed = await ok<Annotations>(template, path(), undefined);
      expect(listed.matchId).toBe(matchId);
      expect(listed.annotations.map((n) => n.meta.actor.kind)).toEqual([
        'seat',
        'judge',
        'organizer',
        'seat',
      ]);
      expect(listed.annotations.map((n) => n.seq)).toEqual([0, 1, 2, 3]);
    });
  });

  async function repoLastSeq(): Promise<number> {
    return (await app.app.get(MatchRepository).current(matchId)).lastSeq;
  }
});
