import { asNewOrganizer, createApi, type Api, type Session } from '../support/api-client';
import { claimSeatsAndStart, ok } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * A roll reported from physical dice is confirmed by another seat (issue 13 point 7): the
 * confirmation is an event of its own, the audit names who confirmed, and a match whose
 * option asks for it takes no decision until the last reported roll is confirmed.
 */
describe('confirming reported dice', () => {
  let app: TestApp;
  let api: Api;

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
  });
  afterAll(() => app?.close());

  async function started(confirmation: 'optional' | 'before-next-decision') {
    const organizer = await asNewOrganizer(api, `Клуб «Кубики ${confirmation}»`);
    const created = ok(
      await api.client.POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          ruleset: 'freeform',
          seats: [{ seat: 'red' }, { seat: 'blue' }],
          options: { diceSource: 'reported', reportedRollConfirmation: confirmation },
          setup: { zones: [{ id: 'north', kind: 'sector' }] },
        },
      }),
      201,
    );
    const seats = (await claimSeatsAndStart(
      api,
      created,
      organizer,
      (seat) => `Игрок ${seat}`,
    )) as Record<'red' | 'blue', Session>;
    return { matchId: created.matchId, seats, organizer };
  }

  const report = (matchId: string, who: Session, faces: number[]) =>
    api.client.POST('/api/v1/matches/{id}/rolls', {
      headers: who.headers,
      params: { path: { id: matchId } },
      body: { purpose: 'attack', dice: '2d6', faces },
    });
  const confirm = (matchId: string, who: Session, seq: string) =>
    api.client.POST('/api/v1/matches/{id}/rolls/{seq}/confirm', {
      headers: who.headers,
      params: { path: { id: matchId, seq } },
    });
  const pass = (matchId: string, who: Session) =>
    api.client.POST('/api/v1/matches/{id}/decisions', {
      headers: who.headers,
      params: { path: { id: matchId } },
      body: { kind: 'pass' },
    });

  it('holds the next decision until another seat confirms the roll, then lets play go on', async () => {
    const { matchId, seats } = await started('before-next-decision');
    const rolled = ok(await report(matchId, seats.red, [3, 5]), 201);
    const rollSeq = rolled.events.find((e) => e.type === 'DiceRolled')!.seq;

    const held = await pass(matchId, seats.blue);
    expect(held.response.status).toBe(409);
    expect(held.error).toMatchObject({ detail: expect.stringContaining(`seq ${rollSeq}`) });
    // Another roll waits as well; the reporter cannot confirm its own roll.
    expect((await report(matchId, seats.red, [1, 1])).response.status).toBe(409);
    const own = await confirm(matchId, seats.red, String(rollSeq));
    expect(own.response.status).toBe(422);
    expect(own.error).toMatchObject({ rule: { code: 'own_roll' } });

    const confirmed = ok(await confirm(matchId, seats.blue, String(rollSeq)), 201);
    expect(confirmed.events).toEqual([
      expect.objectContaining({ type: 'ReportedRollConfirmed', data: { rollSeq, seat: 'blue' } }),
    ]);
    ok(await pass(matchId, seats.blue), 201);
    // Confirmed once: a second confirmation finds nothing open.
    expect((await confirm(matchId, seats.blue, String(rollSeq))).response.status).toBe(409);

    const audit = ok(
      await api.client.GET('/api/v1/matches/{id}/audit', {
        headers: seats.red.headers,
        params: { path: { id: matchId } },
      }),
    ) as unknown as { verified: boolean };
    expect(audit.verified).toBe(true);
  });

  it('lets play go on with the roll unconfirmed when confirming is optional', async () => {
    const { matchId, seats } = await started('optional');
    ok(await report(matchId, seats.red, [6, 6]), 201);
    ok(await pass(matchId, seats.blue), 201);
  });

  it('refuses what names no open reported roll, and a seq that is not a number', async () => {
    const { matchId, seats } = await started('optional');
    expect((await confirm(matchId, seats.blue, '2')).response.status).toBe(409);
    expect((await confirm(matchId, seats.blue, '99999')).response.status).toBe(409);
    const bad = await confirm(matchId, seats.blue, '1e3');
    expect(bad.response.status).toBe(400);
    expect(
      (
        await api.client.POST('/api/v1/matches/{id}/rolls/{seq}/confirm', {
          params: { path: { id: matchId, seq: '2' } },
        })
      ).response.status,
    ).toBe(401);
  });
});
