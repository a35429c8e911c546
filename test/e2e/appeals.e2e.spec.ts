import type { components } from '../../web/src/api/matchlog-api';
import {
  anyDecision,
  asNewOrganizer,
  createApi,
  session,
  type Api,
  type Session,
} from '../support/api-client';
import { ok } from '../support/match-checks';
import { startedJudgedMatch } from '../support/judged-match';
import { startTestApp, type TestApp } from '../support/test-app';

type Problem = components['schemas']['ProblemDto'];
type RulingBody = components['schemas']['RulingDto'];

/** Appeals of rulings to the head judge (issue 41 item 6), over HTTP through the typed client. */
describe('appeals to the head judge', () => {
  let running: TestApp;
  let api: Api;
  let organizer: Session;
  let judge: Session;
  let headJudge: Session;
  let otherHeadJudge: Session;

  const appoint = async (body: components['schemas']['CreateJudgeDto']) =>
    session(
      ok(await api.client.POST('/api/v1/judges', { headers: organizer.headers, body }), 201).token,
    );

  beforeAll(async () => {
    running = await startTestApp();
    api = await createApi(running.url);
    organizer = await asNewOrganizer(api, 'Кубок «Апелляция»');
    for (const tournamentId of ['appeal-cup', 'other-appeal-cup'])
      ok(
        await api.client.POST('/api/v1/tournaments', {
          headers: organizer.headers,
          body: { tournamentId, name: tournamentId },
        }),
        201,
      );
    judge = await appoint({ name: 'Судья Анна', tournamentId: 'appeal-cup' });
    headJudge = await appoint({
      name: 'Главный судья Олег',
      tournamentId: 'appeal-cup',
      head: true,
    });
    otherHeadJudge = await appoint({
      name: 'Other head',
      tournamentId: 'other-appeal-cup',
      head: true,
    });
  });
  afterAll(() => running.close());

  /** A started freeform match: red's cruiser at north, blue's raider at south. */
  async function match(tournamentId?: string) {
    const { id, red, blue, seq } = await startedJudgedMatch(api, organizer, tournamentId);
    const good = await seq();
    const destroyed = ok(
      await api.client.POST('/api/v1/matches/{id}/decisions', {
        headers: red.headers,
        params: { path: { id } },
        body: anyDecision({ kind: 'destroy', params: { pieces: ['raider'], cause: 'boarding' } }),
      }),
      201,
    );
    const dispute = async (claim: string) =>
      ok(
        await api.client.POST('/api/v1/matches/{id}/disputes', {
          headers: blue.headers,
          params: { path: { id } },
          body: {
            atSeq: destroyed.events[destroyed.events.length - 1].seq,
            claim,
            ruleRef: '§5.12',
          },
        }),
        201,
      ).disputeId;
    return { id, red, blue, good, dispute };
  }

  const ru = (who: Session) => ({ ...who.headers, 'Accept-Language': 'ru' });
  const problemOf = (result: { error?: unknown }) => result.error as Problem;
  const rule = (who: Session, id: string, disputeId: string, body: RulingBody) =>
    api.client.POST('/api/v1/matches/{id}/disputes/{disputeId}/ruling', {
      headers: ru(who),
      params: { path: { id, disputeId } },
      body,
    });
  const appeal = (who: Session | undefined, id: string, disputeId: string, reason: string) =>
    api.client.POST('/api/v1/matches/{id}/disputes/{disputeId}/appeal', {
      headers: who ? ru(who) : { 'Accept-Language': 'ru' },
      params: { path: { id, disputeId } },
      body: { reason },
    });
  const answer = (
    who: Session,
    id: string,
    disputeId: string,
    body: components['schemas']['AppealDecisionDto'],
  ) =>
    api.client.POST('/api/v1/matches/{id}/disputes/{disputeId}/appeal/decision', {
      headers: ru(who),
      params: { path: { id, disputeId } },
      body,
    });
  const raiderZone = async (id: string, who: Session) => {
    const { table } = ok(
      await api.client.GET('/api/v1/matches/{id}/state', {
        headers: who.headers,
        params: { path: { id } },
      }),
    );
    return (table as unknown as { pieces: Record<string, { zone: string }> }).pieces.raider?.zone;
  };
  const eventsOf = async (id: string, who: Session) =>
    ok(
      await api.client.GET('/api/v1/matches/{id}/events', {
        headers: who.headers,
        params: { path: { id }, query: { limit: 1000 } },
      }),
    ).events;
  const rejected: RulingBody = {
    decision: 'rejected',
    rationale: 'Бросок был сделан за столом',
    ruleRef: '§5.12',
    remedy: { kind: 'none' },
  };

  it('a seat appeals; only the tournament’s head judge overturns, with a rewind; the dispute then closes with 409s in Russian', async () => {
    const m = await match('appeal-cup');
    const disputeId = await m.dispute('Абордаж без броска');

    const early = await appeal(m.blue, m.id, disputeId, 'Судья не прочёл §5.12');
    expect(early.response.status).toBe(409);
    expect(problemOf(early).detail).toBe('По спору ещё нет решения: обжаловать пока нечего');

    ok(await rule(judge, m.id, disputeId, rejected), 201);
    const second = await rule(judge, m.id, disputeId, rejected);
    expect(second.response.status).toBe(409);
    expect(problemOf(second).detail).toBe(
      'По этому спору решение уже вынесено: игрок или организатор может обжаловать его у главного судьи',
    );

    expect((await appeal(undefined, m.id, disputeId, 'x')).response.status).toBe(401);
    expect((await appeal(judge, m.id, disputeId, 'x')).response.status).toBe(403);
    const appealed = ok(await appeal(m.blue, m.id, disputeId, 'Судья не прочёл §5.12'), 201);
    expect(appealed.events.map((e) => [e.type, e.data])).toEqual([
      [
        'RulingAppealed',
        {
          disputeId,
          rulingSeq: appealed.events[0].seq - 1,
          seat: 'blue',
          reason: 'Судья не прочёл §5.12',
        },
      ],
    ]);
    const again = await appeal(m.red, m.id, disputeId, 'И я тоже');
    expect(again.response.status).toBe(409);
    expect(problemOf(again).detail).toBe('Решение уже обжаловано: главный судья ещё не ответил');
    const ruledAgain = await rule(judge, m.id, disputeId, rejected);
    expect(ruledAgain.response.status).toBe(409);
    expect(problemOf(ruledAgain).detail).toContain('ответ главного судьи');

    const overturn: components['schemas']['AppealDecisionDto'] = {
      outcome: 'overturned',
      rationale: 'Броска в логе нет',
      ruling: {
        decision: 'upheld',
        rationale: 'Абордаж требует броска D6',
        ruleRef: '§5.12',
        remedy: { kind: 'rewind', toSeq: m.good },
      },
    };
    const notHead = await answer(judge, m.id, disputeId, overturn);
    expect(notHead.response.status).toBe(403);
    expect(problemOf(notHead).detail).toBe(
      'На апелляции отвечает главный судья турнира (или администратор)',
    );
    expect((await answer(otherHeadJudge, m.id, disputeId, overturn)).response.status).toBe(403);
    expect((await answer(m.blue, m.id, disputeId, overturn)).response.status).toBe(403);
    const bare = await answer(headJudge, m.id, disputeId, {
      outcome: 'overturned',
      rationale: 'x',
    });
    expect(bare.response.status).toBe(400);
    expect(problemOf(bare).detail).toContain('вынесите новое');
    expect(await raiderZone(m.id, m.red)).toBe('losses:blue');

    const answered = ok(await answer(headJudge, m.id, disputeId, overturn), 201);
    expect(answered.events.map((e) => e.type)).toEqual([
      'AppealDecided',
      'RulingIssued',
      'TimelineRewound',
    ]);
    expect(answered.events[0].data).toEqual({
      disputeId,
      appealSeq: appealed.events[0].seq,
      outcome: 'overturned',
      rationale: 'Броска в логе нет',
    });
    expect(answered.events[0].meta.actor.kind).toBe('judge');
    expect(answered.events[2].data).toMatchObject({
      toSeq: m.good,
      cause: { kind: 'ruling', disputeId },
    });
    expect(await raiderZone(m.id, m.red)).toBe('south');

    // Closed for good: no appeal, no second answer, no ruling.
    const closed = await appeal(m.red, m.id, disputeId, 'Ещё раз');
    expect(closed.response.status).toBe(409);
    expect(problemOf(closed).detail).toBe('Главный судья уже ответил на апелляцию: спор закрыт');
    const answeredAgain = await answer(headJudge, m.id, disputeId, {
      outcome: 'upheld',
      rationale: 'x',
    });
    expect(answeredAgain.response.status).toBe(409);
    expect((await rule(headJudge, m.id, disputeId, rejected)).response.status).toBe(409);

    // What the seats' ruling banner reads: the answer and the new ruling in their log, and the
    // head judge's name in their viewer context.
    const seen = await eventsOf(m.id, m.blue);
    expect(
      seen
        .filter((e) => e.type === 'AppealDecided' || e.type === 'RulingIssued')
        .map((e) => e.type),
    ).toEqual(['RulingIssued', 'AppealDecided', 'RulingIssued']);
    const viewer = ok(
      await api.client.GET('/api/v1/matches/{id}/viewer', {
        headers: m.blue.headers,
        params: { path: { id: m.id } },
      }),
    );
    expect(viewer.judges?.find((j) => j.id === answered.events[0].meta.actor.id)?.name).toBe(
      'Главный судья Олег',
    );
    expect(
      ok(
        await api.client.GET('/api/v1/matches/{id}/audit', {
          headers: m.red.headers,
          params: { path: { id: m.id } },
        }),
      ).verified,
    ).toBe(true);
  });

  it('outside a tournament the organizer appeals and the match’s own head judge upholds; the ruling stays', async () => {
    const m = await match();
    const disputeId = await m.dispute('Абордаж без броска');
    const matchJudge = await appoint({ name: 'Судья матча', matchId: m.id });
    const matchHead = await appoint({ name: 'Главный судья матча', matchId: m.id, head: true });
    const ruling = ok(await rule(matchJudge, m.id, disputeId, rejected), 201);
    const appealed = ok(
      await appeal(organizer, m.id, disputeId, 'Организатор просит пересмотра'),
      201,
    );
    expect(appealed.events[0].data).toEqual({
      disputeId,
      rulingSeq: ruling.events[0].seq,
      reason: 'Организатор просит пересмотра',
    });
    const byTournamentHead = await answer(headJudge, m.id, disputeId, {
      outcome: 'upheld',
      rationale: 'x',
    });
    expect(byTournamentHead.response.status).toBe(403);
    expect(problemOf(byTournamentHead).detail).toBe(
      'На апелляции отвечает главный судья, назначенный на этот матч (или администратор)',
    );
    expect(
      (await answer(matchJudge, m.id, disputeId, { outcome: 'upheld', rationale: 'x' })).response
        .status,
    ).toBe(403);
    const withRuling = await answer(matchHead, m.id, disputeId, {
      outcome: 'upheld',
      rationale: 'x',
      ruling: rejected,
    });
    expect(withRuling.response.status).toBe(400);
    expect(problemOf(withRuling).detail).toBe('Оставляя решение в силе, новое решение не выносят');
    const upheld = ok(
      await answer(matchHead, m.id, disputeId, { outcome: 'upheld', rationale: 'Решение верное' }),
      201,
    );
    expect(upheld.events.map((e) => e.type)).toEqual(['AppealDecided']);
    expect(await raiderZone(m.id, m.red)).toBe('losses:blue');
    const closed = await appeal(m.blue, m.id, disputeId, 'Ещё раз');
    expect(closed.response.status).toBe(409);
  });

  it('the head judge previews an overturning answer with a corrective decision; nothing is recorded until answered', async () => {
    const m = await match('appeal-cup');
    const disputeId = await m.dispute('Абордаж без броска');
    ok(await rule(judge, m.id, disputeId, rejected), 201);
    ok(await appeal(m.blue, m.id, disputeId, 'Крейсер должен был уйти на юг'), 201);
    const overturn: components['schemas']['AppealDecisionDto'] = {
      outcome: 'overturned',
      rationale: 'Ход крейсера не записан',
      ruling: {
        decision: 'amended',
        rationale: 'Крейсер уходит на юг',
        ruleRef: '§5.12',
        remedy: {
          kind: 'corrective',
          decisions: [{ seat: 'red', kind: 'move', params: { pieces: ['cruiser'], to: 'south' } }],
        },
      },
    };
    const preview = (who: Session, body = overturn) =>
      api.client.POST('/api/v1/matches/{id}/disputes/{disputeId}/appeal/decision/dry-run', {
        headers: ru(who),
        params: { path: { id: m.id, disputeId } },
        body,
      });
    const before = (await eventsOf(m.id, m.red)).length;

    const previewed = ok(await preview(headJudge));
    expect(previewed.events?.map((e) => e.type)).toEqual([
      'AppealDecided',
      'RulingIssued',
      'DecisionMade',
      'PiecesMoved',
    ]);
    expect(previewed.resultSeq).toBe(previewed.seq + 4);
    expect(
      (previewed.table as unknown as { pieces: Record<string, { zone: string }> }).pieces.cruiser
        .zone,
    ).toBe('south');
    // Nothing recorded: the log as it was, the appeal still waiting.
    expect((await eventsOf(m.id, m.red)).length).toBe(before);

    // Refused as answering would refuse, in Russian, and still nothing recorded.
    const notHead = await preview(judge);
    expect(notHead.response.status).toBe(403);
    expect(problemOf(notHead).detail).toBe(
      'На апелляции отвечает главный судья турнира (или администратор)',
    );
    const noRuling = await preview(headJudge, { outcome: 'overturned', rationale: 'x' });
    expect(noRuling.response.status).toBe(400);
    expect(problemOf(noRuling).detail).toContain('вынесите новое');
    expect((await eventsOf(m.id, m.red)).length).toBe(before);

    // Answered as previewed: the log holds the corrective decision, on red's behalf.
    const answered = ok(await answer(headJudge, m.id, disputeId, overturn), 201);
    expect(answered.events.map((e) => e.type)).toEqual(previewed.events?.map((e) => e.type));
    const moved = (await eventsOf(m.id, m.red)).find(
      (e) => e.type === 'PiecesMoved' && e.seq > previewed.seq,
    );
    expect(moved?.data).toMatchObject({ pieces: ['cruiser'], to: 'south' });
  });

  it('refuses a malformed appeal with 400 and records nothing', async () => {
    const m = await match('appeal-cup');
    const disputeId = await m.dispute('Абордаж без броска');
    ok(await rule(judge, m.id, disputeId, rejected), 201);
    const before = (await eventsOf(m.id, m.red)).length;
    const blank = await appeal(m.blue, m.id, disputeId, '   ');
    expect(blank.response.status).toBe(400);
    const badOutcome = await api.client.POST(
      '/api/v1/matches/{id}/disputes/{disputeId}/appeal/decision',
      {
        headers: ru(headJudge),
        params: { path: { id: m.id, disputeId } },
        body: {
          outcome: 'maybe',
          rationale: 'x',
        } as unknown as components['schemas']['AppealDecisionDto'],
      },
    );
    expect(badOutcome.response.status).toBe(400);
    const unknown = await appeal(m.blue, m.id, 'no-such-dispute', 'x');
    expect(unknown.response.status).toBe(404);
    expect(problemOf(unknown).detail).toBe('В этом матче нет такого спора');
    expect((await eventsOf(m.id, m.red)).length).toBe(before);
  });
});
