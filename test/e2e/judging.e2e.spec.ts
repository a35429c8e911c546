import { createHash } from 'node:crypto';
import { canonicalJson } from '../../src/domain/events/canonical-json';
import { httpClient } from '../support/http-client';
import { startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../support/test-app';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The judges-and-players stories, over HTTP. */
describe('judges and players', () => {
  let running: TestApp;
  let http: ReturnType<typeof httpClient>;
  let organizer: string;
  let judge: string;
  let otherJudge: string;

  beforeAll(async () => {
    running = await startTestApp();
    http = httpClient(running);
    organizer = (
      await http.post<Json>('/api/v1/organizers', TEST_ADMIN_TOKEN, { name: 'Турнир «Галактика»' })
    ).body.token;
    for (const [tournamentId, name] of [
      ['galaxy-2026', 'Галактика 2026'],
      ['other-cup', 'Other cup'],
    ]) {
      await http.post('/api/v1/tournaments', organizer, { tournamentId, name });
    }
    judge = (
      await http.post<Json>('/api/v1/judges', organizer, {
        name: 'Судья Анна',
        tournamentId: 'galaxy-2026',
      })
    ).body.token;
    otherJudge = (
      await http.post<Json>('/api/v1/judges', organizer, {
        name: 'Other judge',
        tournamentId: 'other-cup',
      })
    ).body.token;
  });
  afterAll(() => running.close());

  /** A started freeform match of the galaxy-2026 tournament: red's cruiser at north, blue's raider at south. */
  async function match(
    extra: Json = {},
  ): Promise<{ id: string; red: string; blue: string; seq: () => Promise<number> }> {
    const created = await http.post<Json>('/api/v1/matches', organizer, {
      ruleset: 'freeform',
      tournamentId: 'galaxy-2026',
      seats: [{ seat: 'red' }, { seat: 'blue' }],
      setup: {
        zones: [
          { id: 'north', kind: 'location' },
          { id: 'south', kind: 'location' },
          { id: 'deck', kind: 'deck', visibility: 'nobody' },
        ],
        pieces: [
          { id: 'cruiser', type: 'Крейсер', owner: 'red', zone: 'north', attrs: { cost: 7 } },
          { id: 'raider', type: 'Raider', owner: 'blue', zone: 'south', attrs: { cost: 4 } },
          ...[1, 2, 3, 4].map((n) => ({ id: `card${n}`, type: `Card ${n}`, zone: 'deck' })),
        ],
      },
      ...extra,
    });
    expect(created.status).toBe(201);
    const id = created.body.matchId as string;
    const [red, blue] = (created.body.seatTokens as { token: string }[]).map((t) => t.token);
    await http.post(`/api/v1/matches/${id}/seats/red/claim`, red, { name: 'Анна' });
    await http.post(`/api/v1/matches/${id}/seats/blue/claim`, blue, { name: 'Boris' });
    expect((await http.post(`/api/v1/matches/${id}/start`, red)).status).toBe(201);
    const seq = async () => (await http.get<Json>(`/api/v1/matches/${id}`, red)).body.seq as number;
    return { id, red, blue, seq };
  }

  const decide = (id: string, token: string, kind: string, params: Json) =>
    http.post<Json>(`/api/v1/matches/${id}/decisions`, token, { kind, params });
  const zoneOf = async (
    id: string,
    token: string,
    piece: string,
    at?: number,
    line = 'effective',
  ) =>
    (
      await http.get<Json>(
        `/api/v1/matches/${id}/state?${at === undefined ? '' : `at=${at}&`}line=${line}`,
        token,
      )
    ).body.table?.pieces?.[piece]?.zone;

  it('a seat undoes its own move with the other seat’s consent', async () => {
    const m = await match();
    const before = await m.seq();
    await decide(m.id, m.red, 'move', { pieces: ['cruiser'], to: 'south' });
    await decide(m.id, m.blue, 'move', { pieces: ['raider'], to: 'north' });
    const requested = await http.post<Json>(`/api/v1/matches/${m.id}/undo-requests`, m.red, {
      toSeq: before,
      reason: 'Не тот флот',
    });
    expect(requested.status).toBe(201);
    expect(requested.body.events.map((e: Json) => e.type)).toEqual(['UndoRequested']);
    expect(requested.body.events[0].data.consentFrom).toEqual(['blue']);
    expect(
      (
        await http.post(
          `/api/v1/matches/${m.id}/undo-requests/${requested.body.requestId}/accept`,
          m.red,
        )
      ).status,
    ).toBe(403);
    const accepted = await http.post<Json>(
      `/api/v1/matches/${m.id}/undo-requests/${requested.body.requestId}/accept`,
      m.blue,
    );
    expect(accepted.status).toBe(201);
    expect(accepted.body.events.map((e: Json) => e.type)).toEqual([
      'UndoAccepted',
      'TimelineRewound',
    ]);
    // The restore snapshot holds hidden information: judges only.
    expect(accepted.body.events[1].data.secret).toBeUndefined();
    expect(await zoneOf(m.id, m.red, 'cruiser')).toBe('north');
    expect(await zoneOf(m.id, m.red, 'raider')).toBe('south');
    // The undone moves stay in the log, readable as they were.
    expect(await zoneOf(m.id, m.red, 'cruiser', before + 2, 'all')).toBe('south');
    expect((await http.get<Json>(`/api/v1/matches/${m.id}/audit`, m.red)).body.verified).toBe(true);
  });

  it('refuses an undo across a die roll, naming the roll, and records nothing', async () => {
    const m = await match();
    const before = await m.seq();
    await decide(m.id, m.red, 'move', { pieces: ['cruiser'], to: 'south' });
    const rolled = await decide(m.id, m.red, 'roll', { dice: '2d6', purpose: 'boarding' });
    const head = await m.seq();
    const refused = await http.post<Json>(`/api/v1/matches/${m.id}/undo-requests`, m.red, {
      toSeq: before,
      reason: 'bad roll',
    });
    expect(refused.status).toBe(422);
    expect(refused.contentType).toContain('application/problem+json');
    expect(refused.body.rule.code).toBe('undo_blocked');
    expect(refused.body.blockingSeq).toBe(rolled.body.events[1].seq);
    expect(refused.body.detail).toContain('DiceRolled');
    expect(await m.seq()).toBe(head);
  });

  it('a disputed move: the judge sees the hidden table, rules amended with a rewind, play continues on the new line and the old one stays readable', async () => {
    const m = await match();
    await decide(m.id, m.red, 'shuffle', { deck: 'deck' });
    await decide(m.id, m.blue, 'draw', { deck: 'deck', count: 2 });
    const good = await m.seq();
    const destroyed = await decide(m.id, m.red, 'destroy', {
      pieces: ['raider'],
      cause: 'boarding',
    });
    const disputedSeq = destroyed.body.events[1].seq as number;

    const dispute = await http.post<Json>(`/api/v1/matches/${m.id}/disputes`, m.blue, {
      atSeq: disputedSeq,
      claim: 'Абордаж без броска',
      ruleRef: '§5.12',
    });
    expect(dispute.status).toBe(201);
    const disputeId = dispute.body.disputeId as string;
    expect((await http.post(`/api/v1/matches/${m.id}/pause`, m.red, { reason: 'x' })).status).toBe(
      403,
    );
    expect(
      (
        await http.post(`/api/v1/matches/${m.id}/pause`, judge, {
          reason: 'Hearing the boarding',
          disputeId,
        })
      ).status,
    ).toBe(201);
    const whilePaused = await decide(m.id, m.red, 'move', { pieces: ['cruiser'], to: 'south' });
    expect(whilePaused.status).toBe(409);
    expect(whilePaused.body.detail).toContain('paused');

    // The queue of open disputes, for this tournament's judge only.
    const queue = async (token: string) => {
      for (let waited = 0; waited < 3000; waited += 20) {
        const items = (await http.get<Json>('/api/v1/disputes?status=open', token)).body
          .items as Json[];
        if (items.some((d) => d.disputeId === disputeId) || token === otherJudge) return items;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return [];
    };
    expect((await queue(judge)).find((d) => d.disputeId === disputeId)).toMatchObject({
      matchId: m.id,
      atSeq: disputedSeq,
      status: 'open',
    });
    expect((await queue(otherJudge)).some((d) => d.disputeId === disputeId)).toBe(false);

    // The judge sees the hand the other seat cannot.
    const asJudge = (await http.get<Json>(`/api/v1/matches/${m.id}/state`, judge)).body;
    const asRed = (await http.get<Json>(`/api/v1/matches/${m.id}/state`, m.red)).body;
    expect(asJudge.table.zones['hand:blue'].hiddenCount).toBeUndefined();
    expect(asRed.table.zones['hand:blue'].hiddenCount).toBe(2);

    expect(
      (
        await http.post(`/api/v1/matches/${m.id}/disputes/${disputeId}/comments`, otherJudge, {
          text: 'not mine',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await http.post(`/api/v1/matches/${m.id}/disputes/${disputeId}/comments`, judge, {
          text: 'Броска не было в логе',
        })
      ).status,
    ).toBe(201);
    const bySeat = await http.post<Json>(
      `/api/v1/matches/${m.id}/disputes/${disputeId}/ruling`,
      m.blue,
      {
        decision: 'upheld',
        rationale: 'x',
        ruleRef: 'x',
        remedy: { kind: 'none' },
      },
    );
    expect(bySeat.status).toBe(403);
    const ruling = await http.post<Json>(
      `/api/v1/matches/${m.id}/disputes/${disputeId}/ruling`,
      judge,
      {
        decision: 'amended',
        rationale: 'Boarding needs the D6 comparison; none was rolled',
        ruleRef: '§5.12',
        remedy: { kind: 'rewind', toSeq: good },
      },
    );
    expect(ruling.status).toBe(201);
    expect(ruling.body.events.map((e: Json) => e.type)).toEqual([
      'RulingIssued',
      'TimelineRewound',
    ]);
    expect(ruling.body.events[0].meta.actor.kind).toBe('judge');
    expect((await http.post(`/api/v1/matches/${m.id}/resume`, judge)).status).toBe(201);

    expect(
      (await http.get<Json>(`/api/v1/matches/${m.id}/state`, m.red)).body.table.losses,
    ).toEqual({});
    expect((await decide(m.id, m.red, 'move', { pieces: ['cruiser'], to: 'south' })).status).toBe(
      201,
    );
    expect(await zoneOf(m.id, m.red, 'cruiser')).toBe('south');
    // The old line: the raider was destroyed at the disputed seq.
    const old = (
      await http.get<Json>(`/api/v1/matches/${m.id}/state?at=${disputedSeq}&line=all`, m.red)
    ).body;
    expect(old.table.losses.blue).toHaveLength(1);
    expect((await http.get<Json>(`/api/v1/matches/${m.id}/audit`, m.red)).body.verified).toBe(true);
  });

  it('two seats seal their choices, and reveal them once both are sealed', async () => {
    const m = await match();
    const sealed = (salt: string, params: Json) =>
      createHash('sha256')
        .update(salt + canonicalJson(params))
        .digest('hex');
    // Seal salts are at least 128 bits: 32 hex digits.
    const redSalt = '5a1f0c2b9e4d7a3816c0e5f2b7d94a61';
    const blueSalt = '0e9d4c7a2b1f38560a6c9e2d4b7f1a38';
    const redChoice = { topic: 'battle', choice: 'Атака у Мекатола' };
    const blueChoice = { topic: 'battle', choice: 'retreat' };
    const redSeal = await http.post<Json>(`/api/v1/matches/${m.id}/decisions/sealed`, m.red, {
      kind: 'declare',
      commitment: sealed(redSalt, redChoice),
    });
    expect(redSeal.status).toBe(201);
    expect(redSeal.body.events[0].data).not.toHaveProperty('params');
    const early = await http.post<Json>(
      `/api/v1/matches/${m.id}/decisions/sealed/${redSeal.body.sealId}/reveal`,
      m.red,
      { params: redChoice, salt: redSalt },
    );
    expect(early.status).toBe(422);
    expect(early.body.rule.code).toBe('reveal_too_early');
    const blueSeal = await http.post<Json>(`/api/v1/matches/${m.id}/decisions/sealed`, m.blue, {
      kind: 'declare',
      commitment: sealed(blueSalt, blueChoice),
    });
    const head = await m.seq();
    const wrong = await http.post<Json>(
      `/api/v1/matches/${m.id}/decisions/sealed/${blueSeal.body.sealId}/reveal`,
      m.blue,
      { params: blueChoice, salt: 'f'.repeat(32) },
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.rule.code).toBe('seal_mismatch');
    const weak = await http.post<Json>(
      `/api/v1/matches/${m.id}/decisions/sealed/${blueSeal.body.sealId}/reveal`,
      m.blue,
      { params: blueChoice, salt: 'b-salt' },
    );
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toEqual([
      { path: 'salt', messages: [expect.stringContaining('at least 128 random bits')] },
    ]);
    expect(await m.seq()).toBe(head);
    // The refused attempt itself is on record, beside the match stream.
    const audit = (await http.get<Json>(`/api/v1/matches/${m.id}/audit-log`, organizer)).body
      .events as Json[];
    expect(audit.map((e) => [e.type, e.data.sealId, e.data.seat])).toContainEqual([
      'SealRevealRefused',
      blueSeal.body.sealId,
      'blue',
    ]);
    expect(
      (
        await http.post(
          `/api/v1/matches/${m.id}/decisions/sealed/${blueSeal.body.sealId}/reveal`,
          m.red,
          { params: blueChoice, salt: blueSalt },
        )
      ).status,
    ).toBe(403);
    const revealed = await http.post<Json>(
      `/api/v1/matches/${m.id}/decisions/sealed/${redSeal.body.sealId}/reveal`,
      m.red,
      { params: redChoice, salt: redSalt },
    );
    expect(revealed.status).toBe(201);
    expect(revealed.body.events.map((e: Json) => e.type)).toEqual(['SealRevealed', 'DecisionMade']);
    expect(revealed.body.events[1].data).toMatchObject({
      kind: 'declare',
      params: redChoice,
      sealId: redSeal.body.sealId,
    });
    expect(
      (
        await http.post(
          `/api/v1/matches/${m.id}/decisions/sealed/${blueSeal.body.sealId}/reveal`,
          m.blue,
          { params: blueChoice, salt: blueSalt },
        )
      ).status,
    ).toBe(201);
  });

  it('answers bad input with a clear 4xx and leaves the stream unchanged', async () => {
    const m = await match({ disputeWindowMinutes: 0 });
    const head = await m.seq();
    const outside = await http.post<Json>(`/api/v1/matches/${m.id}/undo-requests`, m.red, {
      toSeq: 999,
      reason: 'x',
    });
    expect([outside.status, outside.body.rule?.code]).toEqual([422, 'rewind_out_of_range']);
    const negative = await http.post<Json>(`/api/v1/matches/${m.id}/undo-requests`, m.red, {
      toSeq: -1,
      reason: 'x',
    });
    expect(negative.status).toBe(400);
    const unknownRequest = await http.post<Json>(
      `/api/v1/matches/${m.id}/undo-requests/nope/accept`,
      m.blue,
    );
    expect(unknownRequest.status).toBe(404);
    const badRemedy = await http.post<Json>(`/api/v1/matches/${m.id}/disputes/nope/ruling`, judge, {
      decision: 'upheld',
      rationale: 'x',
      ruleRef: 'x',
      remedy: { kind: 'rewind' },
    });
    expect(badRemedy.status).toBe(400);
    expect(await m.seq()).toBe(head);
    // After the end, with a dispute window of 0 minutes, disputes are closed.
    await decide(m.id, m.blue, 'concede', {});
    await new Promise((resolve) => setTimeout(resolve, 5));
    const end = await m.seq();
    const late = await http.post<Json>(`/api/v1/matches/${m.id}/disputes`, m.blue, {
      atSeq: 3,
      claim: 'too late',
    });
    expect(late.status).toBe(409);
    expect(late.body.detail).toContain('Disputes were heard until');
    expect(await m.seq()).toBe(end);
  });
});
