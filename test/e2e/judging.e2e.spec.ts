import { createHash, createPrivateKey, sign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { canonicalJson } from '../../src/domain/events/canonical-json';
import { receiptSignedBytes } from '../../src/domain/export/receipt';
import type { components } from '../../web/src/api/matchlog-api';
import { SIGNING_KEY_FILE } from '../../src/infrastructure/persistence/signing-key';
import {
  asNewOrganizer,
  createApi,
  session,
  type Api,
  type Session,
  anyDecision,
} from '../support/api-client';
import { eventually, ok } from '../support/match-checks';
import { verifyCli } from '../support/verify-cli';
import { startedJudgedMatch, type JudgedMatch } from '../support/judged-match';
import { startTestApp, type TestApp } from '../support/test-app';

type Problem = components['schemas']['ProblemDto'];
type DecisionBody = components['schemas']['DecisionDto'];

/** The parts of the table view (StateDto.table) these stories read. */
interface TableView {
  zones: Record<string, { hiddenCount?: number }>;
  pieces: Record<string, { zone: string }>;
  losses: Record<string, unknown[]>;
}

/** The judges-and-players stories, over HTTP through the client typed from /docs-json. */
describe('judges and players', () => {
  let running: TestApp;
  let api: Api;
  let organizer: Session;
  let judge: Session;
  let otherJudge: Session;

  beforeAll(async () => {
    running = await startTestApp();
    api = await createApi(running.url);
    organizer = await asNewOrganizer(api, 'Турнир «Галактика»');
    for (const [tournamentId, name] of [
      ['galaxy-2026', 'Галактика 2026'],
      ['other-cup', 'Other cup'],
    ]) {
      ok(
        await api.client.POST('/api/v1/tournaments', {
          headers: organizer.headers,
          body: { tournamentId, name },
        }),
        201,
      );
    }
    const appoint = async (name: string, tournamentId: string) =>
      session(
        ok(
          await api.client.POST('/api/v1/judges', {
            headers: organizer.headers,
            body: { name, tournamentId },
          }),
          201,
        ).token,
      );
    judge = await appoint('Судья Анна', 'galaxy-2026');
    otherJudge = await appoint('Other judge', 'other-cup');
  });
  afterAll(() => running.close());

  /** A started freeform match of the galaxy-2026 tournament: red's cruiser at north, blue's raider at south. */
  const match = (extra: { disputeWindowMinutes?: number } = {}): Promise<JudgedMatch> =>
    startedJudgedMatch(api, organizer, 'galaxy-2026', extra);

  const decide = (id: string, who: Session, kind: string, params: DecisionBody['params']) =>
    api.client.POST('/api/v1/matches/{id}/decisions', {
      headers: who.headers,
      params: { path: { id } },
      body: anyDecision({ kind, params }),
    });
  const state = async (id: string, who: Session, at?: number, line?: 'effective' | 'all') =>
    ok(
      await api.client.GET('/api/v1/matches/{id}/state', {
        headers: who.headers,
        params: { path: { id }, query: { at, line } },
      }),
    );
  const tableOf = async (id: string, who: Session, at?: number, line?: 'effective' | 'all') =>
    (await state(id, who, at, line)).table as unknown as TableView;
  const zoneOf = async (
    id: string,
    who: Session,
    piece: string,
    at?: number,
    line?: 'effective' | 'all',
  ) => (await tableOf(id, who, at, line)).pieces[piece]?.zone;
  const verified = async (id: string, who: Session) =>
    ok(
      await api.client.GET('/api/v1/matches/{id}/audit', {
        headers: who.headers,
        params: { path: { id } },
      }),
    ).verified;
  const problemOf = (result: { error?: unknown }) => result.error as Problem;

  it('a seat undoes its own move with the other seat’s consent', async () => {
    const m = await match();
    const before = await m.seq();
    ok(await decide(m.id, m.red, 'move', { pieces: ['cruiser'], to: 'south' }), 201);
    ok(await decide(m.id, m.blue, 'move', { pieces: ['raider'], to: 'north' }), 201);
    const requested = ok(
      await api.client.POST('/api/v1/matches/{id}/undo-requests', {
        headers: m.red.headers,
        params: { path: { id: m.id } },
        body: { toSeq: before, reason: 'Не тот флот' },
      }),
      201,
    );
    expect(requested.events.map((e) => e.type)).toEqual(['UndoRequested']);
    expect(requested.events[0].data.consentFrom).toEqual(['blue']);
    const accept = (who: Session) =>
      api.client.POST('/api/v1/matches/{id}/undo-requests/{requestId}/accept', {
        headers: who.headers,
        params: { path: { id: m.id, requestId: requested.requestId } },
        body: {},
      });
    expect((await accept(m.red)).response.status).toBe(403);
    const accepted = ok(await accept(m.blue), 201);
    expect(accepted.events.map((e) => e.type)).toEqual(['UndoAccepted', 'TimelineRewound']);
    // The restore snapshot holds hidden information: judges only.
    expect(accepted.events[1].data.secret).toBeUndefined();
    expect(await zoneOf(m.id, m.red, 'cruiser')).toBe('north');
    expect(await zoneOf(m.id, m.red, 'raider')).toBe('south');
    // The undone moves stay in the log, readable as they were.
    expect(await zoneOf(m.id, m.red, 'cruiser', before + 2, 'all')).toBe('south');
    expect(await verified(m.id, m.red)).toBe(true);
  });

  it('refuses an undo across a die roll, naming the roll, and records nothing', async () => {
    const m = await match();
    const before = await m.seq();
    ok(await decide(m.id, m.red, 'move', { pieces: ['cruiser'], to: 'south' }), 201);
    const rolled = ok(await decide(m.id, m.red, 'roll', { dice: '2d6', purpose: 'boarding' }), 201);
    const head = await m.seq();
    const refused = await api.client.POST('/api/v1/matches/{id}/undo-requests', {
      headers: m.red.headers,
      params: { path: { id: m.id } },
      body: { toSeq: before, reason: 'bad roll' },
    });
    expect(refused.response.status).toBe(422);
    expect(refused.response.headers.get('content-type')).toContain('application/problem+json');
    expect(problemOf(refused).rule?.code).toBe('undo_blocked');
    expect(problemOf(refused).blockingSeq).toBe(rolled.events[1].seq);
    expect(problemOf(refused).detail).toContain(
      `event #${rolled.events[1].seq} cannot be taken back (dice were rolled)`,
    );
    expect(await m.seq()).toBe(head);
  });

  it('a disputed move: the judge sees the hidden table, rules amended with a rewind, play continues on the new line and the old one stays readable', async () => {
    const m = await match();
    ok(await decide(m.id, m.red, 'shuffle', { deck: 'deck' }), 201);
    ok(await decide(m.id, m.blue, 'draw', { deck: 'deck', count: 2 }), 201);
    const good = await m.seq();
    const destroyed = ok(
      await decide(m.id, m.red, 'destroy', { pieces: ['raider'], cause: 'boarding' }),
      201,
    );
    const disputedSeq = destroyed.events[1].seq;

    const { disputeId } = ok(
      await api.client.POST('/api/v1/matches/{id}/disputes', {
        headers: m.blue.headers,
        params: { path: { id: m.id } },
        body: { atSeq: disputedSeq, claim: 'Абордаж без броска', ruleRef: '§5.12' },
      }),
      201,
    );
    const pause = (who: Session, body: { reason: string; disputeId?: string }) =>
      api.client.POST('/api/v1/matches/{id}/pause', {
        headers: who.headers,
        params: { path: { id: m.id } },
        body,
      });
    expect((await pause(m.red, { reason: 'x' })).response.status).toBe(403);
    ok(await pause(judge, { reason: 'Hearing the boarding', disputeId }), 201);
    const whilePaused = await decide(m.id, m.red, 'move', { pieces: ['cruiser'], to: 'south' });
    expect(whilePaused.response.status).toBe(409);
    expect(problemOf(whilePaused).detail).toContain('paused');

    // The queue of open disputes, for this tournament's judge only.
    const queue = async (who: Session, status: 'open' | 'ruled' = 'open') => {
      for (let waited = 0; waited < 3000; waited += 20) {
        const { items } = ok(
          await api.client.GET('/api/v1/disputes', {
            headers: who.headers,
            params: { query: { status } },
          }),
        );
        if (items.some((d) => d.disputeId === disputeId) || who === otherJudge) return items;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return [];
    };
    // The queue is a read model: the pause, recorded after the dispute, may reach it later.
    const opened = await eventually('the open dispute with its pause', async () =>
      (await queue(judge)).find((d) => d.disputeId === disputeId && d.pausedReason),
    );
    expect(opened).toMatchObject({
      matchId: m.id,
      atSeq: disputedSeq,
      status: 'open',
      pausedReason: 'Hearing the boarding',
    });
    // When the pause began, for the desk's timer: after the dispute opened, to the millisecond.
    expect(Date.parse(opened!.pausedAt!)).toBeGreaterThanOrEqual(Date.parse(opened!.openedAt));
    expect((await queue(otherJudge)).some((d) => d.disputeId === disputeId)).toBe(false);

    // The judge sees the hand the other seat cannot.
    expect((await tableOf(m.id, judge)).zones['hand:blue'].hiddenCount).toBeUndefined();
    expect((await tableOf(m.id, m.red)).zones['hand:blue'].hiddenCount).toBe(2);

    const comment = (who: Session, text: string) =>
      api.client.POST('/api/v1/matches/{id}/disputes/{disputeId}/comments', {
        headers: who.headers,
        params: { path: { id: m.id, disputeId } },
        body: { text },
      });
    expect((await comment(otherJudge, 'not mine')).response.status).toBe(403);
    ok(await comment(judge, 'Броска не было в логе'), 201);
    const rule = (who: Session, body: components['schemas']['RulingDto']) =>
      api.client.POST('/api/v1/matches/{id}/disputes/{disputeId}/ruling', {
        headers: who.headers,
        params: { path: { id: m.id, disputeId } },
        body,
      });
    const bySeat = await rule(m.blue, {
      decision: 'upheld',
      rationale: 'x',
      ruleRef: 'x',
      remedy: { kind: 'none' },
    });
    expect(bySeat.response.status).toBe(403);
    const ruling = ok(
      await rule(judge, {
        decision: 'amended',
        rationale: 'Boarding needs the D6 comparison; none was rolled',
        ruleRef: '§5.12',
        remedy: { kind: 'rewind', toSeq: good },
      }),
      201,
    );
    expect(ruling.events.map((e) => e.type)).toEqual(['RulingIssued', 'TimelineRewound']);
    expect(ruling.events[0].meta.actor.kind).toBe('judge');
    ok(
      await api.client.POST('/api/v1/matches/{id}/resume', {
        headers: judge.headers,
        params: { path: { id: m.id } },
      }),
      201,
    );
    // The queue's ruled list says what was ruled, on what rule, why and by whom.
    const ruled = (await queue(judge, 'ruled')).find((d) => d.disputeId === disputeId);
    expect(ruled).toMatchObject({
      status: 'ruled',
      decision: 'amended',
      rationale: 'Boarding needs the D6 comparison; none was rolled',
      rulingRuleRef: '§5.12',
      judge: { id: ruling.events[0].meta.actor.id, name: 'Судья Анна' },
    });

    expect((await tableOf(m.id, m.red)).losses).toEqual({});
    ok(await decide(m.id, m.red, 'move', { pieces: ['cruiser'], to: 'south' }), 201);
    expect(await zoneOf(m.id, m.red, 'cruiser')).toBe('south');
    // The old line: the raider was destroyed at the disputed seq.
    expect((await tableOf(m.id, m.red, disputedSeq, 'all')).losses.blue).toHaveLength(1);
    expect(await verified(m.id, m.red)).toBe(true);
  });

  it('a rewind must take back the disputed decision on the live line: other targets are refused with the reason, in the reader’s language', async () => {
    const m = await match();
    const before = await m.seq();
    const destroyed = ok(
      await decide(m.id, m.red, 'destroy', { pieces: ['raider'], cause: 'boarding' }),
      201,
    );
    const [decided, disputedSeq] = destroyed.events.map((e) => e.seq);
    const { disputeId } = ok(
      await api.client.POST('/api/v1/matches/{id}/disputes', {
        headers: m.blue.headers,
        params: { path: { id: m.id } },
        body: { atSeq: disputedSeq, claim: 'Абордаж без броска', ruleRef: '§5.12' },
      }),
      201,
    );
    const rewindTo = (toSeq: number, lang: 'ru' | 'en', dispute = disputeId) =>
      api.client.POST('/api/v1/matches/{id}/disputes/{disputeId}/ruling/dry-run', {
        headers: { ...judge.headers, 'Accept-Language': lang },
        params: { path: { id: m.id, disputeId: dispute } },
        body: {
          decision: 'upheld',
          rationale: 'Абордаж без броска',
          ruleRef: '§5.12',
          remedy: { kind: 'rewind', toSeq },
        },
      });
    const head = await m.seq();
    // The decision itself: its effect would be voided and the decision kept.
    const inside = await rewindTo(decided, 'ru');
    expect(inside.response.status).toBe(422);
    expect(problemOf(inside).rule?.code).toBe('rewind_inside_disputed_decision');
    expect(problemOf(inside).detail).toBe(
      `Событие №${decided} — часть того же решения, что и спорное событие №${disputedSeq}: возврат к нему отменил бы следствие, но оставил само решение; вернитесь к событию до этого решения`,
    );
    expect(problemOf(await rewindTo(decided, 'en')).detail).toContain(
      `#${decided} belongs to the same decision as the disputed event #${disputedSeq}`,
    );
    // At or after the disputed event: it would stay.
    const keeps = await rewindTo(disputedSeq, 'ru');
    expect(keeps.response.status).toBe(422);
    expect(problemOf(keeps).detail).toBe(
      `Возврат к событию №${disputedSeq} оставляет спорное событие №${disputedSeq}: вернитесь к событию до решения, которое его записало`,
    );
    expect(await m.seq()).toBe(head);
    ok(await rewindTo(before, 'ru'));

    // Ruled with a rewind, the disputed events are on a voided branch: a dispute about one of
    // them has nothing left to rewind, and a target on that branch is refused too.
    ok(
      await api.client.POST('/api/v1/matches/{id}/disputes/{disputeId}/ruling', {
        headers: judge.headers,
        params: { path: { id: m.id, disputeId } },
        body: {
          decision: 'upheld',
          rationale: 'Абордаж без броска',
          ruleRef: '§5.12',
          remedy: { kind: 'rewind', toSeq: before },
        },
      }),
      201,
    );
    const late = ok(
      await api.client.POST('/api/v1/matches/{id}/disputes', {
        headers: m.blue.headers,
        params: { path: { id: m.id } },
        body: { atSeq: disputedSeq, claim: 'И ещё раз об абордаже', ruleRef: '§5.12' },
      }),
      201,
    );
    const onVoided = await rewindTo(before, 'ru', late.disputeId);
    expect(onVoided.response.status).toBe(422);
    expect(problemOf(onVoided).rule?.code).toBe('rewind_dispute_voided');
    expect(problemOf(onVoided).detail).toContain(
      `Спорное событие №${disputedSeq} — на ветке, уже отменённой возвратом`,
    );
    const toVoided = await rewindTo(decided, 'ru', late.disputeId);
    expect(problemOf(toVoided).rule?.code).toBe('rewind_to_voided');
    expect(problemOf(toVoided).detail).toContain(`Событие №${decided} уже отменено возвратом`);
    expect(problemOf(await rewindTo(decided, 'en', late.disputeId)).detail).toContain(
      `seq ${decided} was already taken back`,
    );
  });

  it('lists a ruleset’s rule references with their quotes, for a ruling to cite', async () => {
    const { rules, rulesetId } = ok(
      await api.client.GET('/api/v1/rulesets/{id}/rules', {
        params: { path: { id: 'combat-commander' } },
      }),
    );
    expect(rulesetId).toBe('combat-commander');
    expect(rules.length).toBeGreaterThan(20);
    const roll = rules.find((r) => r.key === 'roll');
    expect(roll?.section).toBe('Броски кубиков');
    expect(roll?.ref).toBe(`«${roll?.section}»: «${roll?.quote}»`);
    expect(
      ok(
        await api.client.GET('/api/v1/rulesets/{id}/rules', {
          params: { path: { id: 'freeform' } },
        }),
      ).rules,
    ).toEqual([]);
    const missing = await api.client.GET('/api/v1/rulesets/{id}/rules', {
      headers: { 'Accept-Language': 'ru' },
      params: { path: { id: 'chess' } },
    });
    expect(missing.response.status).toBe(404);
    expect(problemOf(missing).detail).toContain('Набора правил «chess» нет');
  });

  it('a judge previews a ruling: the events and the table it would leave, nothing recorded, the same table once issued', async () => {
    const m = await match();
    const good = await m.seq();
    const destroyed = ok(
      await decide(m.id, m.red, 'destroy', { pieces: ['raider'], cause: 'boarding' }),
      201,
    );
    const { disputeId } = ok(
      await api.client.POST('/api/v1/matches/{id}/disputes', {
        headers: m.blue.headers,
        params: { path: { id: m.id } },
        body: { atSeq: destroyed.events[1].seq, claim: 'Абордаж без броска', ruleRef: '§5.12' },
      }),
      201,
    );
    const head = await m.seq();
    const preview = (
      headers: Record<string, string>,
      body: components['schemas']['RulingDto'],
      dispute = disputeId,
    ) =>
      api.client.POST('/api/v1/matches/{id}/disputes/{disputeId}/ruling/dry-run', {
        headers,
        params: { path: { id: m.id, disputeId: dispute } },
        body,
      });
    const rewind: components['schemas']['RulingDto'] = {
      decision: 'amended',
      rationale: 'Boarding needs the D6 comparison; none was rolled',
      ruleRef: '§5.12',
      remedy: { kind: 'rewind', toSeq: good },
    };

    const previewed = ok(await preview(judge.headers, rewind));
    expect(previewed).toMatchObject({ matchId: m.id, disputeId, seq: head, accepted: true });
    expect(previewed.resultSeq).toBe(head + 2);
    expect(previewed.events?.map((e) => e.type)).toEqual(['RulingIssued', 'TimelineRewound']);
    const left = previewed.table as unknown as TableView;
    expect(left.pieces.raider.zone).toBe('south');
    expect(left.losses).toEqual({});
    // Nothing recorded: the head is where it was, the dispute still open.
    expect(await m.seq()).toBe(head);
    expect((await tableOf(m.id, judge)).losses).not.toEqual({});

    // Corrective decisions are decided as issuing would decide them.
    const corrective = ok(
      await preview(judge.headers, {
        ...rewind,
        remedy: {
          kind: 'corrective',
          decisions: [{ seat: 'red', kind: 'move', params: { pieces: ['cruiser'], to: 'south' } }],
        },
      }),
    );
    expect(corrective.events?.map((e) => e.type)).toEqual([
      'RulingIssued',
      'DecisionMade',
      'PiecesMoved',
    ]);
    expect((corrective.table as unknown as TableView).pieces.cruiser.zone).toBe('south');
    // A corrective roll of server dice: accepted, its faces withheld with the table.
    const rolled = ok(
      await preview(judge.headers, {
        ...rewind,
        remedy: {
          kind: 'corrective',
          decisions: [{ seat: 'red', kind: 'roll', params: { dice: '2d6', purpose: 'boarding' } }],
        },
      }),
    );
    expect(rolled.withheld).toContain('server dice');
    expect([rolled.events, rolled.table]).toEqual([undefined, undefined]);

    // Refused as issuing would refuse, the stream unchanged.
    const refusals = await Promise.all([
      preview(m.blue.headers, rewind),
      preview(otherJudge.headers, rewind),
      preview({}, rewind),
      preview(judge.headers, rewind, '00000000-0000-4000-8000-000000000000'),
      preview(judge.headers, { ...rewind, remedy: { kind: 'rewind' } }),
      preview(judge.headers, { ...rewind, decision: 'rejected' }),
      preview(judge.headers, { ...rewind, remedy: { kind: 'rewind', toSeq: head + 5 } }),
    ]);
    expect(refusals.map((r) => r.response.status)).toEqual([403, 403, 401, 404, 400, 400, 422]);
    expect(refusals[0].response.headers.get('content-type')).toContain('application/problem+json');
    expect(problemOf(refusals[4]).detail).toContain('toSeq');
    expect(await m.seq()).toBe(head);

    // Issued, the ruling leaves exactly the table its preview showed.
    const issued = ok(
      await api.client.POST('/api/v1/matches/{id}/disputes/{disputeId}/ruling', {
        headers: judge.headers,
        params: { path: { id: m.id, disputeId } },
        body: rewind,
      }),
      201,
    );
    expect(issued.seq).toBe(previewed.resultSeq);
    expect((await state(m.id, judge)).table).toEqual(previewed.table);
    const again = await preview(judge.headers, rewind);
    expect([again.response.status, problemOf(again).detail]).toEqual([
      409,
      `Dispute ${disputeId} was already ruled on: a seat or the organizer may appeal the ruling to the head judge`,
    ]);
  });

  it('a seat attaches the receipts it kept to a dispute: each is checked against the log and recorded with its finding', async () => {
    const m = await match();
    const rolled = ok(await decide(m.id, m.red, 'roll', { dice: '2d6' }), 201);
    const moved = ok(await decide(m.id, m.red, 'move', { pieces: ['cruiser'], to: 'south' }), 201);
    const [roll, move] = [rolled.receipt!, moved.receipt!];
    expect(move).toMatchObject({ match: m.id, seq: await m.seq() });
    // A receipt signed by this server's key for a head the log does not hold (as if the log had
    // lost that write), one altered after signing, and one of another match.
    const key = createPrivateKey(readFileSync(join(running.dataDir, SIGNING_KEY_FILE)));
    const { signature: _signature, ...body } = move;
    const lost = { ...body, headHash: 'f'.repeat(64) };
    const lostReceipt = {
      ...lost,
      signature: sign(null, receiptSignedBytes(lost), key).toString('base64'),
    };
    const altered = { ...roll, seq: roll.seq + 1 };
    const foreign = { ...roll, match: 'another-match' };
    const openDispute = (receipts: unknown) =>
      api.client.POST('/api/v1/matches/{id}/disputes', {
        headers: m.blue.headers,
        params: { path: { id: m.id } },
        body: {
          atSeq: move.seq,
          claim: 'The roll before the move was not shown to us',
          receipts,
        } as never,
      });
    const dispute = ok(await openDispute([roll, move, lostReceipt, altered, foreign]), 201);
    const [opened] = dispute.events;
    expect(opened.type).toBe('DisputeOpened');
    const attached = opened.data.receipts as { seq: number; finding: string }[];
    expect(attached.map(({ seq, finding }) => ({ seq, finding }))).toEqual([
      { seq: roll.seq, finding: 'in_log' },
      { seq: move.seq, finding: 'in_log' },
      { seq: move.seq, finding: 'not_in_log' },
      { seq: roll.seq + 1, finding: 'bad_signature' },
      { seq: roll.seq, finding: 'other_match' },
    ]);
    expect(attached[0]).toEqual({ ...roll, finding: 'in_log' });

    // Bad receipts are refused whole, with what was wrong, and record nothing.
    const before = await m.seq();
    for (const [receipts, wrong] of [
      [Array.from({ length: 101 }, () => roll), /receipts must contain no more than 100/],
      [[{ ...roll, headHash: 'abc' }], /headHash must be 64 lowercase hex digits/],
      [[{ ...roll, signature: 'not base64' }], /signature must be the base64 of 64 bytes/],
      [[{ ...roll, seq: -1 }], /seq must not be less than 0/],
      [[{ ...roll, extra: 1 }], /extra/],
      ['all of them', /receipts must be an array/],
    ] as const) {
      const refused = await openDispute(receipts);
      expect(refused.response.status).toBe(400);
      expect(refused.response.headers.get('content-type')).toContain('application/problem+json');
      expect(JSON.stringify(problemOf(refused))).toMatch(wrong);
    }
    expect(await m.seq()).toBe(before);
  });

  /** Freeform `declare` choices of a match over HTTP: the commitment, the seal, the reveal. */
  function sealedChoices(matchId: string) {
    return {
      sealed: (salt: string, params: Record<string, unknown>) =>
        createHash('sha256')
          .update(salt + canonicalJson(params))
          .digest('hex'),
      seal: (who: Session, commitment: string) =>
        api.client.POST('/api/v1/matches/{id}/decisions/sealed', {
          headers: who.headers,
          params: { path: { id: matchId } },
          body: { kind: 'declare', commitment },
        }),
      reveal: (who: Session, sealId: string, body: components['schemas']['RevealDto']) =>
        api.client.POST('/api/v1/matches/{id}/decisions/sealed/{sealId}/reveal', {
          headers: who.headers,
          params: { path: { id: matchId, sealId } },
          body,
        }),
    };
  }

  it('two seats seal their choices, and reveal them once both are sealed', async () => {
    const m = await match();
    const { sealed, seal, reveal } = sealedChoices(m.id);
    // Seal salts are at least 128 bits: 32 hex digits.
    const redSalt = '5a1f0c2b9e4d7a3816c0e5f2b7d94a61';
    const blueSalt = '0e9d4c7a2b1f38560a6c9e2d4b7f1a38';
    const redChoice = { topic: 'battle', choice: 'Атака у Мекатола' };
    const blueChoice = { topic: 'battle', choice: 'retreat' };
    const redSeal = ok(await seal(m.red, sealed(redSalt, redChoice)), 201);
    expect(redSeal.events[0].data).not.toHaveProperty('params');
    const early = await reveal(m.red, redSeal.sealId, { params: redChoice, salt: redSalt });
    expect(early.response.status).toBe(422);
    expect(problemOf(early).rule?.code).toBe('reveal_too_early');
    const blueSeal = ok(await seal(m.blue, sealed(blueSalt, blueChoice)), 201);
    const head = await m.seq();
    const wrong = await reveal(m.blue, blueSeal.sealId, {
      params: blueChoice,
      salt: 'f'.repeat(32),
    });
    expect(wrong.response.status).toBe(422);
    expect(problemOf(wrong).rule?.code).toBe('seal_mismatch');
    const weak = await reveal(m.blue, blueSeal.sealId, { params: blueChoice, salt: 'b-salt' });
    expect(weak.response.status).toBe(400);
    expect(problemOf(weak).errors).toEqual([
      { path: 'salt', messages: [expect.stringContaining('at least 128 random bits')] },
    ]);
    expect(await m.seq()).toBe(head);
    // The refused attempt itself is on record, beside the match stream.
    const { events: audit } = ok(
      await api.client.GET('/api/v1/matches/{id}/audit-log', {
        headers: organizer.headers,
        params: { path: { id: m.id } },
      }),
    );
    expect(
      audit.map((e) => [
        e.type,
        (e.data as { sealId?: string; seat?: string }).sealId,
        e.data.seat,
      ]),
    ).toContainEqual(['SealRevealRefused', blueSeal.sealId, 'blue']);
    expect(
      (await reveal(m.red, blueSeal.sealId, { params: blueChoice, salt: blueSalt })).response
        .status,
    ).toBe(403);
    const revealed = ok(
      await reveal(m.red, redSeal.sealId, { params: redChoice, salt: redSalt }),
      201,
    );
    expect(revealed.events.map((e) => e.type)).toEqual(['SealRevealed', 'DecisionMade']);
    expect(revealed.events[1].data).toMatchObject({
      kind: 'declare',
      params: redChoice,
      sealId: redSeal.sealId,
    });
    ok(await reveal(m.blue, blueSeal.sealId, { params: blueChoice, salt: blueSalt }), 201);
  });

  it('a sealed choice the rules refuse stays sealed, or is recorded void at its seat’s request, and the export still verifies', async () => {
    const m = await match();
    const { sealed, seal, reveal } = sealedChoices(m.id);
    const redSalt = '5a1f0c2b9e4d7a3816c0e5f2b7d94a61';
    const blueSalt = '0e9d4c7a2b1f38560a6c9e2d4b7f1a38';
    const redChoice = { topic: 'battle', choice: 'Атака у Мекатола' };
    // Not a declaration: a member freeform's declare does not have.
    const blueChoice = { topic: 'battle', choice: 'retreat', fleet: 'all' };
    const redSeal = ok(await seal(m.red, sealed(redSalt, redChoice)), 201);
    const blueSeal = ok(await seal(m.blue, sealed(blueSalt, blueChoice)), 201);
    ok(await reveal(m.red, redSeal.sealId, { params: redChoice, salt: redSalt }), 201);
    const head = await m.seq();
    const refused = await reveal(m.blue, blueSeal.sealId, { params: blueChoice, salt: blueSalt });
    // As for an open decision: params its kind does not take are a 400 naming them.
    expect(refused.response.status).toBe(400);
    expect(JSON.stringify(problemOf(refused))).toContain('fleet');
    expect(await m.seq()).toBe(head);
    // While blue's seal is open, red cannot seal its next choice of the kind.
    const tooSoon = await seal(m.red, sealed(redSalt, redChoice));
    expect(tooSoon.response.status).toBe(409);
    expect(problemOf(tooSoon).detail).toContain('once every seal of this step is revealed');
    expect(await m.seq()).toBe(head);

    const voided = ok(
      await reveal(m.blue, blueSeal.sealId, {
        params: blueChoice,
        salt: blueSalt,
        voidIfRefused: true,
      }),
      201,
    );
    expect(voided.events.map((e) => e.type)).toEqual(['SealRevealed']);
    expect(voided.events[0].data).toMatchObject({
      params: blueChoice,
      void: { kind: 'invalid_params', message: expect.stringContaining('fleet') },
    });
    // The step is over: red's next choice waits for blue's next seal, not for the void one.
    const redNext = ok(await seal(m.red, sealed(blueSalt, redChoice)), 201);
    const early = await reveal(m.red, redNext.sealId, { params: redChoice, salt: blueSalt });
    expect(problemOf(early).rule?.code).toBe('reveal_too_early');

    ok(await decide(m.id, m.blue, 'concede', {}), 201);
    const exported = await api.fetchChecked(
      '/api/v1/matches/{id}/export',
      `/api/v1/matches/${m.id}/export`,
      { headers: organizer.headers },
    );
    expect(exported.status).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'matchlog-void-'));
    try {
      const file = join(dir, 'match.ndjson');
      writeFileSync(file, await exported.text());
      const run = await verifyCli(file);
      expect(run.stdout).toMatch(/^OK: /);
      expect(run.code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a judge asks for a seat’s corrective decisions (for=corrective) while the match is paused, and the ruling records the one chosen on the seat’s behalf', async () => {
    const m = await match();
    const destroyed = ok(
      await decide(m.id, m.red, 'destroy', { pieces: ['raider'], cause: 'boarding' }),
      201,
    );
    const { disputeId } = ok(
      await api.client.POST('/api/v1/matches/{id}/disputes', {
        headers: m.blue.headers,
        params: { path: { id: m.id } },
        body: { atSeq: destroyed.events[1].seq, claim: 'Крейсер должен был отступить' },
      }),
      201,
    );
    ok(
      await api.client.POST('/api/v1/matches/{id}/pause', {
        headers: judge.headers,
        params: { path: { id: m.id } },
        body: { reason: 'Разбор спора', disputeId },
      }),
      201,
    );
    const legal = (who: Session, query: { seat?: string; for?: 'corrective' }) =>
      api.client.GET('/api/v1/matches/{id}/legal-decisions', {
        headers: { ...who.headers, 'Accept-Language': 'ru' },
        params: { path: { id: m.id }, query },
      });
    // The seat itself is offered nothing while paused; its judge, choosing a corrective
    // decision, is offered the seat's own kinds; recording directly, the Game Master's only.
    expect(ok(await legal(m.red, {})).kinds).toEqual([]);
    const corrective = ok(await legal(judge, { seat: 'red', for: 'corrective' }));
    expect([corrective.seat, corrective.by]).toEqual(['red', 'corrective']);
    const kinds = corrective.kinds.map((k) => k.kind);
    expect(kinds).toEqual(expect.arrayContaining(['move', 'destroy', 'roll']));
    const direct = ok(await legal(judge, { seat: 'red' }));
    expect(direct.by).toBe('judge');
    expect(direct.kinds.map((k) => k.kind)).not.toContain('move');
    // Only a judge of the match chooses corrective decisions; the seat is named.
    const bySeat = await legal(m.red, { seat: 'red', for: 'corrective' });
    expect(bySeat.response.status).toBe(403);
    expect(problemOf(bySeat).detail).toBe(
      'Исправляющие решения выбирает судья этого матча, когда выносит решение по спору',
    );
    expect((await legal(otherJudge, { seat: 'red', for: 'corrective' })).response.status).toBe(403);
    const unnamed = await legal(judge, { for: 'corrective' });
    expect([unnamed.response.status, problemOf(unnamed).detail]).toEqual([
      400,
      'Судья указывает место, за которое записывались бы решения',
    ]);
    const badFor = await api.client.GET('/api/v1/matches/{id}/legal-decisions', {
      headers: judge.headers,
      params: {
        path: { id: m.id },
        query: { seat: 'red', for: 'judge' as 'corrective' },
      },
    });
    expect(badFor.response.status).toBe(400);

    // The move's choices, as the judge would choose them for red: red's cruiser, a place.
    const choices = ok(
      await api.client.POST('/api/v1/matches/{id}/legal-decisions/choices', {
        headers: judge.headers,
        params: { path: { id: m.id } },
        body: { kind: 'move', seat: 'red', for: 'corrective', params: { pieces: ['cruiser'] } },
      }),
    );
    expect([choices.by, choices.offered]).toEqual(['corrective', true]);
    const pieces = choices.fields.find((f) => f.path === 'pieces')!;
    expect(pieces.values.map((v) => v.value)).toContain('cruiser');
    const to = choices.fields.find((f) => f.path === 'to')!;
    expect(to.values.map((v) => v.value)).toContain('south');

    // The ruling records the chosen decision on red's behalf, by the judge.
    const ruled = ok(
      await api.client.POST('/api/v1/matches/{id}/disputes/{disputeId}/ruling', {
        headers: judge.headers,
        params: { path: { id: m.id, disputeId } },
        body: {
          decision: 'amended',
          rationale: 'Крейсер отступает на юг',
          ruleRef: '§5.12',
          remedy: {
            kind: 'corrective',
            decisions: [
              { seat: 'red', kind: 'move', params: { pieces: ['cruiser'], to: 'south' } },
            ],
          },
        },
      }),
      201,
    );
    const made = ruled.events.find((e) => e.type === 'DecisionMade')!;
    expect(made.data).toMatchObject({ seat: 'red', kind: 'move', judgeRecorded: true });
    expect(await zoneOf(m.id, judge, 'cruiser')).toBe('south');
  });

  it('answers bad input with a clear 4xx and leaves the stream unchanged', async () => {
    const m = await match({ disputeWindowMinutes: 0 });
    const head = await m.seq();
    const requestUndo = (toSeq: number) =>
      api.client.POST('/api/v1/matches/{id}/undo-requests', {
        headers: m.red.headers,
        params: { path: { id: m.id } },
        body: { toSeq, reason: 'x' },
      });
    const outside = await requestUndo(999);
    expect([outside.response.status, problemOf(outside).rule?.code]).toEqual([
      422,
      'rewind_out_of_range',
    ]);
    expect((await requestUndo(-1)).response.status).toBe(400);
    const unknownRequest = await api.client.POST(
      '/api/v1/matches/{id}/undo-requests/{requestId}/accept',
      { headers: m.blue.headers, params: { path: { id: m.id, requestId: 'nope' } }, body: {} },
    );
    expect(unknownRequest.response.status).toBe(404);
    const badRemedy = await api.client.POST('/api/v1/matches/{id}/disputes/{disputeId}/ruling', {
      headers: judge.headers,
      params: { path: { id: m.id, disputeId: 'nope' } },
      // A rewind without the seq to rewind to: what the document forbids, sent anyway.
      body: { decision: 'upheld', rationale: 'x', ruleRef: 'x', remedy: { kind: 'rewind' } },
    });
    expect(badRemedy.response.status).toBe(400);
    expect(await m.seq()).toBe(head);
    // After the end, with a dispute window of 0 minutes, disputes are closed.
    ok(await decide(m.id, m.blue, 'concede', {}), 201);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const end = await m.seq();
    const late = await api.client.POST('/api/v1/matches/{id}/disputes', {
      headers: m.blue.headers,
      params: { path: { id: m.id } },
      body: { atSeq: 3, claim: 'too late' },
    });
    expect(late.response.status).toBe(409);
    expect(problemOf(late).detail).toContain('Disputes were heard until');
    expect(await m.seq()).toBe(end);
  });

  it('the organizer or a judge abandons a match with a reason: the seed is revealed, a second abandon is 409', async () => {
    const m = await match();
    ok(await decide(m.id, m.red, 'roll', { dice: '2d6', purpose: 'initiative' }), 201);
    const abandon = (who: Session | undefined, body: { reason: string }, id = m.id) =>
      api.client.POST('/api/v1/matches/{id}/abandon', {
        headers: who?.headers,
        params: { path: { id } },
        body,
      });
    const head = await m.seq();
    expect((await abandon(undefined, { reason: 'x' })).response.status).toBe(401);
    expect((await abandon(m.red, { reason: 'x' })).response.status).toBe(403);
    expect((await abandon(otherJudge, { reason: 'x' })).response.status).toBe(403);
    const blank = await abandon(organizer, { reason: '  ' });
    expect([blank.response.status, problemOf(blank).errors?.[0]?.path]).toEqual([400, 'reason']);
    expect((await abandon(organizer, { reason: 'x' }, 'no-such-match')).response.status).toBe(404);
    expect(await m.seq()).toBe(head);

    const abandoned = ok(await abandon(organizer, { reason: 'Игрок ушёл домой' }), 201);
    expect(abandoned.events.map((e) => [e.type, e.meta.actor.kind])).toEqual([
      ['MatchAbandoned', 'organizer'],
      ['RngRevealed', 'organizer'],
    ]);
    expect(abandoned.events[0].data).toEqual({ reason: 'Игрок ушёл домой' });
    expect(abandoned.receipt).toMatchObject({ seq: abandoned.seq });
    const summary = ok(
      await api.client.GET('/api/v1/matches/{id}', { params: { path: { id: m.id } } }),
    );
    expect(summary).toMatchObject({ status: 'abandoned', endedAt: expect.any(String) });
    // Ended: the seed is public and every server roll re-derives from it.
    const rng = ok(
      await api.client.GET('/api/v1/matches/{id}/rng', { params: { path: { id: m.id } } }),
    );
    expect(rng).toMatchObject({ revealed: true, verification: { ok: true, checked: 1 } });

    const again = await abandon(judge, { reason: 'twice' });
    expect(again.response.status).toBe(409);
    expect(problemOf(again).type).toBe('https://matchlog.dev/problems/already-ended');
    const played = await decide(m.id, m.blue, 'move', { pieces: ['raider'], to: 'north' });
    expect(played.response.status).toBe(409);
    expect(await m.seq()).toBe(abandoned.seq);

    // A judge of the match's tournament may abandon it too, even before it started.
    const unstarted = ok(
      await api.client.POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          ruleset: 'freeform',
          tournamentId: 'galaxy-2026',
          seats: [{ seat: 'a' }, { seat: 'b' }],
        },
      }),
      201,
    );
    const byJudge = ok(await abandon(judge, { reason: 'No-show' }, unstarted.matchId), 201);
    expect(byJudge.events.map((e) => [e.type, e.meta.actor.kind])).toEqual([
      ['MatchAbandoned', 'judge'],
      ['RngRevealed', 'judge'],
    ]);
  });
});
