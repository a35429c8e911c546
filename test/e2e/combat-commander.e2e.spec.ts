import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { components } from '../../web/src/api/matchlog-api';
import {
  asNewOrganizer,
  createApi,
  anyDecision,
  type Api,
  type Session,
  newTournamentJudge,
} from '../support/api-client';
import { auditOf, claimSeatsAndStart, expectProblem, ok } from '../support/match-checks';
import { verifyCli } from '../support/verify-cli';
import { startTestApp, type TestApp } from '../support/test-app';
import { RULES } from '../../src/domain/rulesets/combat-commander/cc-rules-text';
import { illustrativeDeck } from '../../src/domain/rulesets/combat-commander/cc-cards';

/**
 * A Combat Commander match over HTTP with registered deck lists: the server shuffles both Fate
 * decks provably, every roll reveals a card face up, and `matchlog verify` re-derives every
 * card revealed from the export. Bad input is refused with 422 and the rule, the stream unchanged.
 */

type RecordedResult = components['schemas']['RecordedResultDto'];
type Seat = 'axis' | 'allies';

/** A registered deck: the illustrative German list with its dice turned, as an organizer's own list. */
const registered = illustrativeDeck('germany').map((c) => ({
  ...c,
  dice: [c.dice[1], c.dice[0]],
}));

describe('a Combat Commander match over HTTP', () => {
  let app: TestApp;
  let api: Api;
  let matchId: string;
  let seats: Record<Seat, Session>;
  let organizer: Session;
  let judge: Session;
  const client = () => api.client;
  /** The Fate card rolls the Turns made, as the timeline should list them. */
  const fateRolls: { seq: number; seat: Seat; purpose: string; faces: number[] }[] = [];

  const post = (seat: Seat, kind: string, params: Record<string, unknown> = {}) =>
    client().POST('/api/v1/matches/{id}/decisions', {
      headers: seats[seat].headers,
      params: { path: { id: matchId } },
      body: anyDecision({ kind, params }),
    });
  /** A decision a judge of the match records on the seat's behalf (a judge token). */
  const postAsJudge = (seat: Seat, kind: string, params: Record<string, unknown> = {}) =>
    client().POST('/api/v1/matches/{id}/decisions', {
      headers: judge.headers,
      params: { path: { id: matchId } },
      body: anyDecision({ kind, params, seat }),
    });
  const decide = async (
    seat: Seat,
    kind: string,
    params: Record<string, unknown> = {},
  ): Promise<RecordedResult> => ok(await post(seat, kind, params), 201);

  async function state(seat: Seat) {
    return ok(
      await client().GET('/api/v1/matches/{id}/state', {
        headers: seats[seat].headers,
        params: { path: { id: matchId } },
      }),
      200,
    ) as unknown as {
      status: string;
      table: {
        pieces: Record<string, { id: string; zone: string }>;
        zones: Record<string, { hiddenCount?: number }>;
      };
      derived: {
        trigger?: { seat: Seat; trigger: string; suddenDeath?: { roll: string } };
        initiative?: Seat;
        turn?: { seat: Seat; lastOrder?: string };
        hands: Record<Seat, number>;
      };
    };
  }

  const hand = async (seat: Seat) =>
    Object.values((await state(seat)).table.pieces)
      .filter((p) => p.zone === `hand:${seat}`)
      .map((p) => p.id);

  /** Refused with 422 and the rule; the stream exactly as it was. */
  async function refusedUnchanged(
    seat: Seat,
    kind: string,
    params: Record<string, unknown>,
    ruleRef: string,
    by: 'seat' | 'judge' = 'seat',
  ) {
    const before = await auditOf(api, matchId);
    const sent = by === 'judge' ? postAsJudge(seat, kind, params) : post(seat, kind, params);
    const problem = await expectProblem(await sent, 422, 'rule-violation', '');
    expect(problem).toMatchObject({ rule: { ref: ruleRef } });
    expect(await auditOf(api, matchId)).toEqual(before);
  }

  /** Refused with 422 in Russian (Accept-Language: ru); the stream exactly as it was. */
  async function refusedInRussian(seat: Seat, kind: string, params: Record<string, unknown>) {
    const before = await auditOf(api, matchId);
    const result = await client().POST('/api/v1/matches/{id}/decisions', {
      headers: { ...seats[seat].headers, 'accept-language': 'ru' },
      params: { path: { id: matchId } },
      body: anyDecision({ kind, params }),
    });
    const problem = await expectProblem(result, 422, 'rule-violation', '');
    expect(result.response.headers.get('content-language')).toBe('ru');
    expect(await auditOf(api, matchId)).toEqual(before);
    return problem;
  }

  const statedId = (result: RecordedResult) =>
    (result.events.find((e) => e.type === 'OutcomeStated')?.data as { id: string }).id;

  /** Resolves a waiting trigger as its roller would: the Sniper declines, the Event does nothing. */
  async function settle(): Promise<void> {
    const trigger = (await state('axis')).derived.trigger;
    if (!trigger) return;
    const other: Seat = trigger.seat === 'axis' ? 'allies' : 'axis';
    if (trigger.trigger === 'sniper') await decide(trigger.seat, 'sniper', {});
    if (trigger.trigger === 'event') {
      const stated = await decide(trigger.seat, 'state-outcome', { about: 'event', effects: [] });
      await decide(other, 'confirm-outcome', { id: statedId(stated) });
    }
    if (trigger.trigger === 'time' && trigger.suddenDeath) {
      // The Sudden Death roll made: the game goes on, as stated and confirmed.
      const stated = await decide(trigger.seat, 'state-outcome', {
        about: 'sudden-death',
        effects: [],
      });
      await decide(other, 'confirm-outcome', { id: statedId(stated) });
    }
  }

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
    organizer = await asNewOrganizer(api, 'Клуб «Боевой командир»');
    judge = await newTournamentJudge(
      api,
      organizer,
      { tournamentId: 'cc-2026', name: 'Кубок «Боевой командир»' },
      'Судья Петрова',
    );
    const created = ok(
      await client().POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          ruleset: 'combat-commander',
          tournamentId: 'cc-2026',
          title: 'Учебный бой',
          seats: [{ seat: 'axis' }, { seat: 'allies' }],
          setup: { decks: [{ nationality: 'germany', cards: registered }] },
        },
      }),
      201,
    );
    matchId = created.matchId;
    seats = (await claimSeatsAndStart(api, created, organizer, (s) =>
      s === 'axis' ? 'Ганс' : 'Иван',
    )) as Record<Seat, Session>;
  });

  afterAll(async () => {
    await app?.close();
  });

  it('refuses a deck list that is not 72 cards with 422 and the rule', async () => {
    await expectProblem(
      await client().POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          ruleset: 'combat-commander',
          seats: [{ seat: 'axis' }, { seat: 'allies' }],
          setup: { decks: [{ nationality: 'germany', cards: registered.slice(1) }] },
        },
      }),
      422,
      'rule-violation',
      '71 cards',
    ).then((problem) => expect(problem).toMatchObject({ rule: { ref: RULES.deck72 } }));
  });

  it('refuses a deck list in Russian, naming the deck and the card', async () => {
    const create = (cards: unknown[]) =>
      client().POST('/api/v1/matches', {
        headers: { ...organizer.headers, 'accept-language': 'ru' },
        body: {
          ruleset: 'combat-commander',
          seats: [{ seat: 'axis' }, { seat: 'allies' }],
          setup: { decks: [{ nationality: 'germany', cards }] } as never,
        },
      });
    const short = await expectProblem(
      await create(registered.slice(1)),
      422,
      'rule-violation',
      'Колода 1 (Германия): в списке 71 карта, а в колоде Судьбы их 72',
    );
    expect(short).toMatchObject({ rule: { code: 'deck_size', ref: RULES.deck72 } });
    const badHex = registered.map((c, i) => (i === 2 ? { ...c, hex: '7C' } : c));
    const hex = await expectProblem(
      await create(badHex),
      422,
      'rule-violation',
      'Колода 1 (Германия), карта 3: Случайный гекс — это буква и число («C7»), а не "7C"',
    );
    expect(hex).toMatchObject({ rule: { code: 'invalid_hex', ref: RULES.hexId } });
  });

  it('deals the hands hidden from the other player, and plays Turns with rolls and triggers', async () => {
    await decide('axis', 'begin');
    const seen = await state('allies');
    expect(seen.table.zones['hand:axis'].hiddenCount).toBe(6);
    expect(seen.derived.hands).toEqual({ axis: 6, allies: 4 });
    expect(Object.values(seen.table.pieces).some((p) => p.zone === 'hand:axis')).toBe(false);

    const [first] = await hand('axis');
    await refusedUnchanged(
      'axis',
      'order',
      { card: (await hand('allies'))[0] ?? 'x', units: [] },
      RULES.noCard,
    );
    await decide('axis', 'order', { card: first, units: ['de-squad-1'] });
    await refusedUnchanged(
      'axis',
      'order',
      { card: (await hand('axis'))[0], units: ['de-squad-1'] },
      RULES.activate,
    );
    const cards = await hand('axis');
    await decide('axis', 'order', { card: cards[0], units: ['de-squad-2'] });
    await decide('axis', 'order', { card: cards[1], units: ['de-leader'] });
    await refusedUnchanged('axis', 'order', { card: cards[2], units: [] }, RULES.orders);
    // Op Fire needs moving enemy forces: unless the last Order was a Move, it is refused.
    const alliesHand = Object.values((await state('allies')).table.pieces).filter(
      (p) => p.zone === 'hand:allies',
    ) as unknown as { id: string; attrs: { action: string } }[];
    const fire = alliesHand.find((p) => p.attrs.action === 'fire');
    const moving = (await state('allies')).derived.turn?.lastOrder === 'move';
    if (fire && !moving)
      await refusedUnchanged('allies', 'action', { card: fire.id, pieces: [] }, RULES.opFire);
    await decide('axis', 'end-turn');

    for (let turn = 0; turn < 8; turn += 1) {
      const seat = (await state('axis')).derived.turn?.seat as Seat;
      // No Order is given in these Turns, so no card allows Fire, Recover, Rout or Defence
      // (issue 45): the rolls are of another purpose (an Event's).
      for (let k = 0; k < 3; k += 1) {
        const purpose = 'other';
        const rolled = await decide(seat, 'roll', { purpose });
        const fate = rolled.events.find((e) => e.type === 'FateRolled');
        const roll = fate?.data as { dice: number[]; value: number };
        expect(roll.value).toBe(roll.dice[0] + roll.dice[1]);
        fateRolls.push({ seq: fate!.seq, seat, purpose, faces: roll.dice });
        await settle();
      }
      await decide(seat, 'discard', { cards: [] });
    }
  });

  it('lists every Fate card roll in /timeline as a roll, at the roll event’s own seq', async () => {
    const timeline = ok(
      await client().GET('/api/v1/matches/{id}/timeline', {
        headers: seats.allies.headers,
        params: { path: { id: matchId } },
      }),
      200,
    );
    const rolls = timeline.entries.filter((e) => e.kind === 'roll');
    expect(fateRolls).toHaveLength(24);
    expect(rolls.every((e) => e.type === 'FateRolled')).toBe(true);
    expect(rolls).toEqual(
      expect.arrayContaining(fateRolls.map((roll) => expect.objectContaining(roll))),
    );
  });

  it('refuses the new decisions’ bad input with 422 and the rule, the stream unchanged', async () => {
    const seat = (await state('axis')).derived.turn?.seat as Seat;
    const own = Object.values((await state(seat)).table.pieces).filter(
      (p) => p.zone.startsWith('hex:') && p.id.startsWith(seat === 'axis' ? 'de-' : 'su-'),
    );
    const squads = own.filter((p) => p.id.includes('squad')).map((p) => p.id);
    await refusedUnchanged(
      seat,
      'order',
      { card: (await hand(seat))[0], units: squads.slice(0, 2) },
      RULES.command,
    );
    await refusedUnchanged(
      seat,
      'state-outcome',
      { about: 'sudden-death', effects: [] },
      RULES.insideTrigger,
    );
    const holder = (await state('axis')).derived.initiative as Seat;
    expect(holder).toBe('allies');
    await refusedUnchanged(
      'axis',
      'state-outcome',
      { about: 'initiative', effects: [{ kind: 'initiative', seat: holder }] },
      RULES.initiativeCard,
    );
    await refusedUnchanged(
      'axis',
      'state-outcome',
      { about: 'fire', effects: [{ kind: 'show-hand', seat: 'allies' }] },
      RULES.knowledge,
    );
  });

  it("refuses a seat's Order in Russian, the stream unchanged", async () => {
    const seat = (await state('axis')).derived.turn?.seat as Seat;
    const other: Seat = seat === 'axis' ? 'allies' : 'axis';
    const squads = Object.values((await state(seat)).table.pieces)
      .filter(
        (p) =>
          p.zone.startsWith('hex:') && p.id.startsWith(seat === 'axis' ? 'de-squad' : 'su-squad'),
      )
      .map((p) => p.id);
    const inRussian = (params: Record<string, unknown>) => refusedInRussian(seat, 'order', params);
    const notHeld = await inRussian({
      card: (await hand(other))[0] ?? 'x',
      units: squads.slice(0, 1),
    });
    expect(notHeld).toMatchObject({
      detail: 'Этой карты нет у вас на руке',
      rule: { code: 'not_in_hand', ref: RULES.noCard },
    });
    const twoSquads = await inRussian({ card: (await hand(seat))[0], units: squads.slice(0, 2) });
    expect(twoSquads).toMatchObject({
      detail:
        'Без Командира активируется одно подразделение, а выбрано 2: больше — только через Командование Командира (выберите Командира)',
      rule: { code: 'needs_command', ref: RULES.command },
    });
  });

  it('refuses a roll no card allows (Fire, Recover, Rout, Defence), in Russian, the stream unchanged (issue 45)', async () => {
    const seat = (await state('axis')).derived.turn?.seat as Seat;
    const other: Seat = seat === 'axis' ? 'allies' : 'axis';
    expect((await state(seat)).derived.turn?.lastOrder).toBeUndefined();
    expect(await refusedInRussian(seat, 'roll', { purpose: 'fire' })).toMatchObject({
      detail:
        'Бросок на Стрельбу делается по Приказу «Огонь», сыгранному с руки, а сейчас Приказ «Огонь» не выполняется',
      rule: { code: 'no_card', ref: RULES.noCard },
    });
    expect(await refusedInRussian(other, 'roll', { purpose: 'fire' })).toMatchObject({
      detail:
        'В Ход противника Бросок на Стрельбу делается по Действию «Огонь» (Огонь по Обстоятельствам), сыгранному с руки, а вы его после последнего Приказа противника не играли',
      rule: { code: 'no_card', ref: RULES.noCard },
    });
    // Every other roll needs its card too, each refusal naming the card that would allow it.
    expect(await refusedInRussian(seat, 'roll', { purpose: 'recover' })).toMatchObject({
      detail:
        'Бросок Восстановления делается по Приказу «Восстановление», сыгранному с руки в свой Ход, а сейчас такой Приказ не выполняется',
      rule: { code: 'no_card', ref: RULES.noCard },
    });
    expect(await refusedInRussian(other, 'roll', { purpose: 'rout' })).toMatchObject({
      detail:
        'Бросок Бегства делается по Приказу «Бегство», сыгранному с руки, а сейчас такой Приказ не выполняется',
      rule: { code: 'no_card', ref: RULES.noCard },
    });
    expect(await refusedInRussian(other, 'roll', { purpose: 'defence' })).toMatchObject({
      detail:
        'Бросок Защиты отвечает на Огонь другого игрока: его выполняемый Приказ «Огонь» или его Действие «Огонь» (Огонь по Обстоятельствам) в ваш Ход, а такого сейчас нет',
      rule: { code: 'no_card', ref: RULES.noCard },
    });
  });

  it('a judge confirms a statement on the opponent’s behalf; as the stating seat it is refused', async () => {
    const stated = await decide('allies', 'state-outcome', {
      about: 'initiative',
      effects: [{ kind: 'initiative', seat: 'axis' }],
      note: 'Карта Инициативы переходит',
    });
    const id = statedId(stated);
    await refusedUnchanged('allies', 'confirm-outcome', { id }, RULES.initiativeCard, 'judge');
    const confirmed = ok(await postAsJudge('axis', 'confirm-outcome', { id }), 201);
    expect(confirmed.events.map((e) => [e.type, e.data])).toEqual(
      expect.arrayContaining([
        ['OutcomeConfirmed', { id, by: 'axis', judge: true }],
        ['InitiativePassed', { seat: 'axis', from: 'allies' }],
      ]),
    );
    expect((await state('allies')).derived.initiative).toBe('axis');
  });

  it('ends on a confirmed statement; the export verifies offline, every revealed card re-derived', async () => {
    const stated = await decide('axis', 'state-outcome', {
      about: 'victory',
      effects: [{ kind: 'end', seat: 'allies' }],
      note: 'Внезапная смерть',
    });
    const id = (stated.events.find((e) => e.type === 'OutcomeStated')?.data as { id: string }).id;
    const ended = await decide('allies', 'confirm-outcome', { id });
    expect(ended.events.map((e) => e.type)).toEqual([
      'DecisionMade',
      'OutcomeConfirmed',
      'MatchFinished',
      'RngRevealed',
    ]);

    const exported = await api.fetchChecked(
      '/api/v1/matches/{id}/export',
      `/api/v1/matches/${matchId}/export`,
      {
        headers: seats.allies.headers,
      },
    );
    expect(exported.status).toBe(200);
    const text = await exported.text();
    const events = text
      .split('\n')
      .filter(Boolean)
      .map(
        (line) =>
          JSON.parse(line) as { kind: string; event?: { type: string; data: { count?: number } } },
      )
      .filter((l) => l.kind === 'event')
      .map((l) => l.event as { type: string; data: { count?: number } });
    const drawn = events
      .filter((e) => e.type === 'CardsDrawn')
      .reduce((n, e) => n + (e.data.count ?? 0), 0);
    const reveals = events.filter((e) => e.type === 'FateRolled').length;
    expect(reveals).toBeGreaterThanOrEqual(24);
    const dir = mkdtempSync(join(tmpdir(), 'matchlog-cc-'));
    try {
      const file = join(dir, 'combat-commander.ndjson');
      writeFileSync(file, text);
      const run = await verifyCli(file, '--json');
      expect(run.code).toBe(0);
      const verdict = JSON.parse(run.stdout) as {
        ok: boolean;
        dice: string;
        counts: { draws: number; shuffles: number };
      };
      expect(verdict).toMatchObject({ ok: true, matchId, dice: 'verified' });
      expect(verdict.counts.draws).toBe(drawn);
      expect(verdict.counts.shuffles).toBe(events.filter((e) => e.type === 'DeckShuffled').length);
      expect(verdict.counts.shuffles).toBeGreaterThanOrEqual(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a Fire out of Range or through an obstacle in Russian, naming the hexes, the stream unchanged; in Range it is rolled (issue 45)', async () => {
    const fireCard = { order: 'fire', action: 'A25', event: 'E43', hex: 'E5', dice: [3, 4] };
    const squad = (id: string, owner: Seat, hex: string, range: number, name: string) => ({
      id,
      name,
      owner,
      kind: 'squad',
      hex,
      fp: 5,
      range,
      movement: 4,
      morale: 8,
    });
    const created = ok(
      await client().POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          ruleset: 'combat-commander',
          title: 'Огонь по дальности',
          seats: [{ seat: 'axis' }, { seat: 'allies' }],
          setup: {
            decks: [{ nationality: 'germany', cards: Array.from({ length: 72 }, () => fireCard) }],
            units: [
              squad('a1', 'axis', 'B2', 5, 'Стрелки 1'),
              squad('b1', 'allies', 'G7', 4, 'Гвардейцы 1'),
              squad('b2', 'allies', 'D4', 4, 'Гвардейцы 2'),
              squad('b3', 'allies', 'B5', 4, 'Гвардейцы 3'),
            ],
            weapons: [],
            radios: [],
            // A house between B2 and B5 [10.2].
            terrain: [{ hex: 'B4', cover: [], obstacle: true }],
          },
        },
      }),
      201,
    );
    const sessions = (await claimSeatsAndStart(api, created, organizer)) as Record<Seat, Session>;
    const send = (kind: string, params: Record<string, unknown>, lang = 'ru') =>
      client().POST('/api/v1/matches/{id}/decisions', {
        headers: { ...sessions.axis.headers, 'accept-language': lang },
        params: { path: { id: created.matchId } },
        body: anyDecision({ kind, params }),
      });
    ok(await send('begin', {}), 201);
    const { table } = ok(
      await client().GET('/api/v1/matches/{id}/state', {
        headers: sessions.axis.headers,
        params: { path: { id: created.matchId } },
      }),
      200,
    ) as unknown as { table: { pieces: Record<string, { zone: string }> } };
    const card = Object.keys(table.pieces).find((id) => table.pieces[id].zone === 'hand:axis');
    ok(await send('order', { card, units: ['a1'] }), 201);

    const before = await auditOf(api, created.matchId);
    const result = await send('roll', { purpose: 'fire', group: ['a1'], target: 'b1' });
    const problem = await expectProblem(result, 422, 'rule-violation', '');
    expect(result.response.headers.get('content-language')).toBe('ru');
    expect(problem).toMatchObject({
      detail:
        'У «Стрелки 1» в гексе B2 Дальность 5, а цель «Гвардейцы 1» в гексе G7 — в 7 гексах от него',
      rule: { code: 'out_of_range', ref: RULES.range },
    });
    const blocked = await send('roll', { purpose: 'fire', group: ['a1'], target: 'b3' });
    expect(await expectProblem(blocked, 422, 'rule-violation', '')).toMatchObject({
      detail:
        'Нет линии огня от «Стрелки 1» в гексе B2 до «Гвардейцы 3» в гексе B5: между ними препятствие в гексе B4',
      rule: { code: 'no_line_of_fire', ref: RULES.obstacle },
    });
    expect(await auditOf(api, created.matchId)).toEqual(before);

    const rolled = ok(await send('roll', { purpose: 'fire', group: ['a1'], target: 'b2' }), 201);
    expect(rolled.events.find((e) => e.type === 'FateRolled')?.data).toMatchObject({
      purpose: 'fire',
      group: ['a1'],
      target: 'b2',
      fire: {
        hex: 'D4',
        firers: [{ piece: 'a1', hex: 'B2', fp: 5, range: 5, distance: 3 }],
        lineOfFire: 'checked',
      },
    });
  });
});
