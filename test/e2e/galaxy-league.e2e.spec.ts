import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { canonicalJson } from '../../src/domain/events/canonical-json';
import type { RecordedEvent } from '../../src/domain/events/recorded-event';
import { RULES } from '../../src/domain/rulesets/galaxy-league/gl-rules-text';
import {
  anyDecision,
  asNewOrganizer,
  createApi,
  type Api,
  type Session,
  newTournamentJudge,
  seatSessions,
} from '../support/api-client';
import { forgedExport, newSigningKey } from '../support/forgery';
import { claimSeatsAndStart, ok, type Problem } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';
import { verifyCli } from '../support/verify-cli';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The events of an export file. */
const eventsOf = (text: string): RecordedEvent[] =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { kind: string; event?: RecordedEvent })
    .flatMap((line) => (line.kind === 'event' && line.event ? [line.event] : []));
const problemOf = (result: { error?: unknown }) => result.error as Problem;
const NONE = { attacks: [], colonisations: [] };
const NO_JOINS = { joins: [] };
/** Anna (Empire) holds Aurora, Borealis, Cinder; Boris (Devourers) Dorado, Ember, Fornax;
 * Vera (Eternals) Gaia, Helix, Ion, on the illustrative map. */
const SEATS = [
  { seat: 'anna', faction: 'empire' },
  { seat: 'boris', faction: 'devourers' },
  { seat: 'vera', faction: 'eternals' },
];
const NAMES: Record<string, string> = { anna: 'Анна', boris: 'Борис', vera: 'Вера' };

/**
 * A league of three rounds over HTTP whose battles are one linked finished freeform match and
 * one reported result; the standings checked by hand at the end and read back at an earlier
 * seq; the league's export verified with its linked battle, and failing with a tampered one;
 * a ruling that rewinds a link takes it out of the campaign; and the bad input, each
 * 422 with the rule and the stream unchanged.
 */
describe('galaxy-league over HTTP', () => {
  let running: TestApp;
  let api: Api;
  let organizer: Session;
  let judge: Session;
  let dir: string;

  beforeAll(async () => {
    running = await startTestApp();
    api = await createApi(running.url);
    organizer = await asNewOrganizer(api, 'Клуб «Галактика»');
    judge = await newTournamentJudge(
      api,
      organizer,
      { tournamentId: 'liga-2026', name: 'Лига 2026' },
      'Судья Лиги',
    );
    dir = mkdtempSync(join(tmpdir(), 'gl-e2e-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await running.close();
  });

  /** A started match of the tournament; its seats' sessions by seat. */
  async function started(body: Json, nameOf = (seat: string) => NAMES[seat] ?? seat) {
    const created = ok(
      await api.client.POST('/api/v1/matches', {
        headers: organizer.headers,
        body: { tournamentId: 'liga-2026', ...body } as never,
      }),
      201,
    );
    const seats = await claimSeatsAndStart(api, created, organizer, nameOf);
    return { id: created.matchId, seats };
  }

  /** A league match and what its seats do with it. */
  async function league(options: Json = {}, setup?: Json) {
    const { id, seats } = await started({
      ruleset: 'galaxy-league',
      seats: SEATS,
      options,
      ...(setup !== undefined && { setup }),
    });
    /** The seat's headers, asking for answers in `language` when one is given. */
    const headersOf = (seat: string, language?: string) => ({
      ...seats[seat].headers,
      ...(language !== undefined && { 'accept-language': language }),
    });
    const decide = (seat: string, kind: string, params: Json = {}, language?: string) =>
      api.client.POST('/api/v1/matches/{id}/decisions', {
        headers: headersOf(seat, language),
        params: { path: { id } },
        body: anyDecision({ kind, params }),
      });
    const made = async (seat: string, kind: string, params: Json = {}) =>
      ok(await decide(seat, kind, params), 201).events as Json[];
    const state = async (at?: number) =>
      ok(
        await api.client.GET('/api/v1/matches/{id}/state', {
          headers: seats.anna.headers,
          params: { path: { id }, query: at === undefined ? {} : { at } },
        }),
      ) as Json;
    const seq = async () => (await state()).seq as number;
    /** The league's round, stage, owners, standings and who the stage waits for. */
    const rs = async () => (await state()).derived as Json;
    const salt = (seat: string, kind: string) =>
      createHash('sha256').update(`gl-${id}-${seat}-${kind}`).digest('hex').slice(0, 32);
    const commit = (s: string, params: Json) =>
      createHash('sha256')
        .update(s + canonicalJson(params))
        .digest('hex');
    const seal = async (seat: string, kind: string, params: Json) =>
      ok(
        await api.client.POST('/api/v1/matches/{id}/decisions/sealed', {
          headers: seats[seat].headers,
          params: { path: { id } },
          body: { kind, commitment: commit(salt(seat, kind), params) },
        }),
        201,
      ).sealId;
    const reveal = (seat: string, kind: string, sealId: string, params: Json, language?: string) =>
      api.client.POST('/api/v1/matches/{id}/decisions/sealed/{sealId}/reveal', {
        headers: headersOf(seat, language),
        params: { path: { id, sealId } },
        body: { params, salt: salt(seat, kind) },
      });
    /** Every acting seat seals its declaration, then each reveals. */
    const declareAll = async (kind: string, bySeat: Record<string, Json>) => {
      const sealed: [string, string][] = [];
      for (const [seat, params] of Object.entries(bySeat))
        sealed.push([seat, await seal(seat, kind, params)]);
      for (const [seat, sealId] of sealed) ok(await reveal(seat, kind, sealId, bySeat[seat]), 201);
    };
    /** Every acting seat ends the current stage. */
    const endStage = async () => {
      for (const seat of (await rs()).waitingFor as string[]) await made(seat, 'end-stage');
    };
    /** Every stage of the round with nothing declared, to the next round (or the end). */
    const quietRound = async () => {
      const round = (await rs()).round;
      for (let step = 0; step < 12; step++) {
        const now = await state();
        if (now.status === 'finished' || now.derived.round !== round) return;
        const acting = now.derived.waitingFor as string[];
        if (now.derived.stage === 'attack' && !options.emptyDeclaration)
          await declareAll('declare-attacks', Object.fromEntries(acting.map((s) => [s, NONE])));
        else if (now.derived.stage === 'joining' && !options.emptyDeclaration)
          await declareAll('declare-joins', Object.fromEntries(acting.map((s) => [s, NO_JOINS])));
        else await endStage();
      }
      throw new Error(`round ${round} did not end`);
    };
    /**
     * A refused decision: 422 with this rule code and reference, and nothing recorded; its
     * problem, whose `detail` is in the language the attempt asked for.
     */
    const refused = async (
      attempt: Promise<{ error?: unknown; response: Response }>,
      code: string,
      ruleRef: string,
    ): Promise<Problem> => {
      const before = await seq();
      const result = await attempt;
      expect(result.response.status).toBe(422);
      expect(problemOf(result).rule).toMatchObject({
        code,
        ref: expect.stringContaining(ruleRef),
      });
      expect(await seq()).toBe(before);
      return problemOf(result);
    };
    return {
      id,
      seats,
      decide,
      made,
      state,
      seq,
      rs,
      seal,
      reveal,
      declareAll,
      endStage,
      quietRound,
      refused,
    };
  }

  /** A freeform match played as a battle: red and blue score their points, the loser concedes. */
  async function battle(red: number, blue: number, finish = true) {
    const { id, seats } = await started(
      { ruleset: 'freeform', title: 'Бой за Эмбер', seats: [{ seat: 'red' }, { seat: 'blue' }] },
      (seat) => (seat === 'red' ? 'Анна' : 'Борис'),
    );
    const play = (seat: string, kind: string, params: Json = {}) =>
      api.client.POST('/api/v1/matches/{id}/decisions', {
        headers: seats[seat].headers,
        params: { path: { id } },
        body: anyDecision({ kind, params }),
      });
    ok(await play('red', 'change-track', { track: 'points-red', owner: 'red', value: red }), 201);
    ok(
      await play('blue', 'change-track', { track: 'points-blue', owner: 'blue', value: blue }),
      201,
    );
    if (finish) ok(await play(red > blue ? 'blue' : 'red', 'concede'), 201);
    const head = ok(
      await api.client.GET('/api/v1/matches/{id}', {
        headers: seats.red.headers,
        params: { path: { id } },
      }),
    ) as Json;
    return { id, headHash: head.headHash as string, seats };
  }

  async function exported(matchId: string, who: Session, name: string): Promise<string> {
    const response = await api.fetchChecked(
      '/api/v1/matches/{id}/export',
      `/api/v1/matches/${matchId}/export`,
      { headers: who.headers },
    );
    expect(response.status).toBe(200);
    const file = join(dir, name);
    writeFileSync(file, await response.text());
    return file;
  }

  /** The campaign's matches as the index lists them (the projector runs behind the write). */
  async function campaign(leagueId: string, expected: string[]): Promise<string[]> {
    let ids: string[] = [];
    for (let waited = 0; waited < 5000; waited += 50) {
      const { items } = ok(
        await api.client.GET('/api/v1/matches', {
          headers: organizer.headers,
          params: { query: { campaign: leagueId } },
        }),
      );
      ids = items.map((m) => m.matchId).sort();
      if (JSON.stringify(ids) === JSON.stringify([...expected].sort())) return ids;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return ids;
  }

  it('plays three rounds: a linked battle, a reported one, the standings by hand', async () => {
    const l = await league({ rounds: 3 });
    await l.quietRound();
    expect((await l.rs()).round).toBe(2);
    const round2 = await l.seq();

    // Round 2. Anna attacks Ember (Boris's, 2 LY: -25); Vera attacks Fornax (Boris's, 2 LY).
    await l.endStage();
    await l.declareAll('declare-attacks', {
      anna: { attacks: [{ ship: 'ship:anna:1', planet: 'ember' }], colonisations: [] },
      boris: NONE,
      vera: { attacks: [{ ship: 'ship:vera:1', planet: 'fornax' }], colonisations: [] },
    });
    await l.endStage();
    await l.declareAll('declare-joins', { anna: NO_JOINS, boris: NO_JOINS, vera: NO_JOINS });
    await l.made('boris', 'assign-defender', { ship: 'ship:boris:5', planet: 'ember' });
    // A second defender of Boris's on Ember: refused, nothing recorded.
    await l.refused(
      l.decide('boris', 'assign-defender', { ship: 'ship:boris:4', planet: 'ember' }),
      'defender_placed',
      RULES.oneDefender,
    );
    await l.made('boris', 'assign-defender', { ship: 'ship:boris:4', planet: 'fornax' });
    await l.endStage();
    expect((await l.rs()).stage).toBe('battles');

    // Ember: a freeform match, Anna red 80, Boris blue 30. A link to it unfinished, or by a
    // hash that is not its head, is refused.
    const playing = await battle(80, 30, false);
    const seatsMap = [
      { seat: 'red', player: 'anna' },
      { seat: 'blue', player: 'boris' },
    ];
    await l.refused(
      l.decide('anna', 'link-battle', {
        planet: 'ember',
        match: playing.id,
        headHash: playing.headHash,
        seats: seatsMap,
      }),
      'cited_match_unfinished',
      RULES.battlesPhase,
    );
    const ember = await battle(80, 30);
    await l.refused(
      l.decide('anna', 'link-battle', {
        planet: 'ember',
        match: ember.id,
        headHash: playing.headHash,
        seats: seatsMap,
      }),
      'cited_hash_mismatch',
      RULES.battlesPhase,
    );
    const link = {
      planet: 'ember',
      match: ember.id,
      headHash: ember.headHash,
      seats: seatsMap,
    };
    const linked = await l.made('anna', 'link-battle', link);
    expect(linked.map((e) => e.type)).toEqual(
      expect.arrayContaining(['MatchCited', 'BattleSettled', 'ControlChanged']),
    );
    expect(await campaign(l.id, [l.id, ember.id])).toEqual([l.id, ember.id].sort());

    // Boris disputes the link; the judge rewinds it; the campaign follows the effective line.
    const cited = linked.find((e) => e.type === 'MatchCited')!;
    const { disputeId } = ok(
      await api.client.POST('/api/v1/matches/{id}/disputes', {
        headers: l.seats.boris.headers,
        params: { path: { id: l.id } },
        body: { atSeq: cited.seq, claim: 'Не та партия', ruleRef: RULES.battlesPhase },
      }),
      201,
    );
    const ruling = ok(
      await api.client.POST('/api/v1/matches/{id}/disputes/{disputeId}/ruling', {
        headers: judge.headers,
        params: { path: { id: l.id, disputeId } },
        body: {
          decision: 'amended',
          rationale: 'Связь записана до сверки мест',
          ruleRef: RULES.battlesPhase,
          // Before the linking decision, so the decision goes with its effect.
          remedy: { kind: 'rewind', toSeq: Math.min(...linked.map((e) => e.seq)) - 1 },
        },
      }),
      201,
    );
    expect(ruling.events.map((e) => e.type)).toEqual(['RulingIssued', 'TimelineRewound']);
    expect(await campaign(l.id, [l.id])).toEqual([l.id]);
    expect((await l.rs()).control.ember).toBe('boris');
    // Linked again on the effective line.
    await l.made('anna', 'link-battle', link);
    expect(await campaign(l.id, [l.id, ember.id])).toEqual([l.id, ember.id].sort());

    // Fornax: reported by Vera (60 to Boris's 40), confirmed by Boris.
    await l.made('vera', 'report-battle', {
      planet: 'fornax',
      winner: 'vera',
      points: [
        { seat: 'vera', points: 60 },
        { seat: 'boris', points: 40 },
      ],
      destroyed: [],
    });
    const confirmed = await l.made('boris', 'confirm-battle', { planet: 'fornax' });
    const settled = confirmed.find((e) => e.type === 'BattleSettled')!.data;
    // Vera 60 - 25 = 35 < 50: the 2-player winner's 50; Boris 40, over the loser's 25.
    expect(settled.payouts).toEqual([
      { seat: 'vera', points: 60, penalty: -25, amount: 50, basis: 'winner-minimum' },
      { seat: 'boris', points: 40, penalty: 0, amount: 40, basis: 'points' },
    ]);
    await l.endStage();
    expect((await l.rs()).round).toBe(3);

    // Round 3, quiet: the league ends.
    await l.quietRound();
    const end = await l.state();
    expect(end.status).toBe('finished');
    // By hand: Anna Aurora 3 + Borealis 2 + Cinder 1 + Ember 2, 1 win = 9; Vera Gaia 3 +
    // Helix 2 + Ion 1 + Fornax 1, 1 win = 8; Boris Dorado 3 = 3.
    expect(
      end.derived.standings.map((r: Json) => [r.seat, r.territory, r.wins, r.other, r.total]),
    ).toEqual([
      ['anna', 8, 1, 0, 9],
      ['vera', 7, 1, 0, 8],
      ['boris', 3, 0, 0, 3],
    ]);
    const summary = ok(
      await api.client.GET('/api/v1/matches/{id}', {
        headers: l.seats.anna.headers,
        params: { path: { id: l.id } },
      }),
    ) as Json;
    expect(summary.result.winners).toEqual(['anna']);
    // The standings as they stood when round 2 opened: 6 each.
    const then = await l.state(round2);
    expect(then.derived.standings.map((r: Json) => [r.seat, r.total, r.place])).toEqual([
      ['anna', 6, 1],
      ['boris', 6, 1],
      ['vera', 6, 1],
    ]);

    // The league's export verifies with its linked battle; a tampered battle fails it.
    const leagueFile = await exported(l.id, l.seats.anna, 'league.ndjson');
    const battleFile = await exported(ember.id, ember.seats.red, 'battle.ndjson');
    const proven = await verifyCli(leagueFile, '--linked', battleFile);
    expect(proven.code).toBe(0);
    // Both citations of the battle are checked: the one the ruling took back stays in the log.
    expect(proven.stdout).toContain('links: 2 linked matches checked');
    expect(proven.stdout).not.toContain('not proven');
    // The forger gives Boris 90 points instead of 30, decision and event alike, so that the
    // forged battle verifies by itself (decided again, re-chained, re-signed).
    const events = eventsOf(readFileSync(battleFile, 'utf8')).map((e) => {
      const data = e.data as Json;
      if (e.type === 'DecisionMade' && data.params?.track === 'points-blue')
        return { ...e, data: { ...data, params: { ...data.params, value: 90 } } };
      if (e.type === 'TrackChanged' && data.track === 'points-blue')
        return { ...e, data: { ...data, value: 90, delta: 90 } };
      return e;
    });
    const forged = join(dir, 'battle-forged.ndjson');
    const header = JSON.parse(readFileSync(battleFile, 'utf8').split('\n')[0]) as Json;
    writeFileSync(
      forged,
      `${forgedExport(events, header.seats as never, newSigningKey()).join('\n')}\n`,
    );
    const tampered = await verifyCli(leagueFile, '--linked', forged);
    expect(tampered.code).not.toBe(0);
    expect(tampered.stdout).toMatch(/^FAIL/);
    expect(tampered.stdout).toContain(ember.id);
    // The forged battle verifies by itself (re-chained, re-signed) but not at the linked seq.
    expect(tampered.stdout).toContain('it was changed after the link');
  });

  it('a capital captured with nothing next to it: none annexed, the round ends, its owner is out', async () => {
    // Anna holds her capital Alpha alone; Boris Beta and Gamma next to it; Vera Delta.
    const planet = (id: string, en: string, ru: string) => ({
      id,
      name: { en, ru },
      colour: 'blue',
    });
    const map = {
      id: 'lone-capital',
      title: { en: 'A lone capital', ru: 'Одинокая столица' },
      illustrative: false,
      territories: [
        planet('alpha', 'Alpha', 'Альфа'),
        planet('beta', 'Beta', 'Бета'),
        planet('gamma', 'Gamma', 'Гамма'),
        planet('delta', 'Delta', 'Дельта'),
      ],
      lanes: [
        { from: 'alpha', to: 'beta', ly: 1 },
        { from: 'beta', to: 'gamma', ly: 1 },
        { from: 'gamma', to: 'delta', ly: 1 },
      ],
      wormholes: [],
      starts: [
        { capital: 'alpha', planets: [] },
        { capital: 'beta', planets: ['gamma'] },
        { capital: 'delta', planets: [] },
      ],
    };
    const l = await league({}, { map });
    await l.endStage();
    await l.declareAll('declare-attacks', {
      anna: NONE,
      boris: { attacks: [{ ship: 'ship:boris:1', planet: 'alpha' }], colonisations: [] },
      vera: NONE,
    });
    await l.endStage();
    await l.declareAll('declare-joins', { anna: NO_JOINS, boris: NO_JOINS, vera: NO_JOINS });
    await l.endStage();
    // Undefended: Boris takes Alpha with no battle, and there is nothing next to it to annex.
    const battles = await l.rs();
    expect(battles).toMatchObject({ stage: 'battles', control: { alpha: 'boris' } });
    await l.refused(
      l.decide('boris', 'choose-annexed', { territories: [] }),
      'nothing_to_annex',
      RULES.annexation,
    );
    await l.endStage();
    const next = await l.rs();
    expect(next).toMatchObject({ round: 2, stage: 'preparation' });
    // «считается выбывшим из игры, и пропускает следующий раунд»: the round waits for the others.
    expect(next.waitingFor).toEqual(['boris', 'vera']);
    expect(Object.values(next.control)).not.toContain('anna');
  });

  it('an alliance over HTTP: its split agreed, a player joining, a refusal to decline, a notice to leave', async () => {
    const l = await league({ startingCredits: 500, emptyDeclaration: 'end-stage' });
    const typed = (events: Json[], type: string) => events.filter((e) => e.type === type);
    await l.made('anna', 'propose-alliance', {
      members: ['boris'],
      shares: [
        { seat: 'anna', amount: 70 },
        { seat: 'boris', amount: 30 },
      ],
    });
    const formed = await l.made('boris', 'consent-alliance', { proposal: 'alliance-1-anna+boris' });
    // «Пропорциональность оплаты члены Альянса определяют самостоятельно»: paid at once, 70/30.
    expect(typed(formed, 'DuesCharged').map((e) => e.data.charges)).toEqual([
      [
        { seat: 'anna', amount: 70 },
        { seat: 'boris', amount: 30 },
      ],
    ]);
    // Within the term the dues are taken «даже при нежелании игроков».
    const bound = await l.refused(
      l.decide('boris', 'decline-dues', {}, 'ru'),
      'dues_bound',
      RULES.duesBound,
    );
    expect(bound.detail).toBe(
      'До конца 3-го раунда взносы Альянса взимаются даже при нежелании его членов',
    );
    // Vera joins with both members' consent and pays what 3 members' dues add (250 - 100).
    await l.made('vera', 'propose-alliance', { members: ['anna', 'boris'] });
    await l.made('anna', 'consent-alliance', { proposal: 'alliance-1-anna+boris+vera' });
    const joined = await l.made('boris', 'consent-alliance', {
      proposal: 'alliance-1-anna+boris+vera',
    });
    expect(typed(joined, 'AllianceJoined')[0].data).toMatchObject({
      alliance: 'alliance-1-anna+boris',
      seats: ['vera'],
      lastBoundRound: 3,
    });
    expect(typed(joined, 'DuesCharged')[0].data.charges).toEqual([{ seat: 'vera', amount: 150 }]);
    for (let step = 0; step < 30; step++) {
      const now = await l.rs();
      if (now.round === 3 && now.stage === 'battles') break;
      await l.endStage();
    }
    expect(await l.rs()).toMatchObject({ round: 3, stage: 'battles' });
    // The term's last round: Anna gives notice, and is out before round 4's dues are taken.
    const noted = await l.made('anna', 'leave-alliance');
    expect(typed(noted, 'AllianceExitNoted')[0].data).toMatchObject({ seat: 'anna', round: 3 });
    const ended: Json[] = [];
    for (const seat of (await l.rs()).waitingFor as string[])
      ended.push(...(await l.made(seat, 'end-stage')));
    expect(typed(ended, 'AllianceLeft').map((e) => e.data.seat)).toEqual(['anna']);
    expect(typed(ended, 'DuesCharged').map((e) => e.data.charges)).toEqual([
      [
        { seat: 'boris', amount: 50 },
        { seat: 'vera', amount: 50 },
      ],
    ]);
  });

  it('starts without a seat kept for a new player, whose player claims it later and enters in round 4', async () => {
    const created = ok(
      await api.client.POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          tournamentId: 'liga-2026',
          ruleset: 'galaxy-league',
          seats: [...SEATS, { seat: 'dmitri', faction: 'pirates' }],
          options: { emptyDeclaration: 'end-stage' },
          setup: { entrants: ['dmitri'] },
        } as never,
      }),
      201,
    );
    const id = created.matchId;
    const seats = seatSessions(created);
    const claim = (seat: string, body: Json) =>
      api.client.POST('/api/v1/matches/{id}/seats/{seat}/claim', {
        headers: seats[seat].headers,
        params: { path: { id, seat } },
        body: body as never,
      });
    for (const { seat } of SEATS) ok(await claim(seat, { name: NAMES[seat] }), 201);
    // «новый, не заявленный ранее игрок»: the league starts without him.
    ok(
      await api.client.POST('/api/v1/matches/{id}/start', {
        headers: organizer.headers,
        params: { path: { id } },
      }),
      201,
    );
    const derived = async () =>
      ok(
        await api.client.GET('/api/v1/matches/{id}/state', {
          headers: seats.anna.headers,
          params: { path: { id } },
        }),
      ).derived as Json;
    const decide = async (seat: string, kind: string, params: Json = {}) =>
      ok(
        await api.client.POST('/api/v1/matches/{id}/decisions', {
          headers: seats[seat].headers,
          params: { path: { id } },
          body: anyDecision({ kind, params }),
        }),
        201,
      );
    for (let step = 0; step < 60 && (await derived()).round < 4; step++)
      for (const seat of (await derived()).waitingFor as string[]) await decide(seat, 'end-stage');
    expect(await derived()).toMatchObject({
      round: 4,
      stage: 'preparation',
      waitingFor: ['anna', 'boris', 'vera', 'dmitri'],
    });
    // His player comes now: he claims the kept seat (the dice entropy stays as fixed at start).
    expect((await claim('dmitri', { name: 'Дмитрий', entropy: 'late' })).response.status).toBe(400);
    ok(await claim('dmitri', { name: 'Дмитрий' }), 201);
    expect((await claim('anna', { name: 'Анна' })).response.status).toBe(409);
    await decide('dmitri', 'enter-league', {
      capital: 'nexus',
      planets: ['orion', 'pyxis', 'quasar'],
      technologies: [],
    });
    const now = await derived();
    expect(['nexus', 'orion', 'pyxis', 'quasar'].map((t) => now.control[t])).toEqual([
      'dmitri',
      'dmitri',
      'dmitri',
      'dmitri',
    ]);
    expect(now.standings.find((row: Json) => row.seat === 'dmitri')).toMatchObject({
      territory: 3 + 2 + 1 + 2,
    });
    const summary = ok(
      await api.client.GET('/api/v1/matches/{id}', {
        headers: seats.anna.headers,
        params: { path: { id } },
      }),
    ) as Json;
    expect(JSON.stringify(summary)).toContain('Дмитрий');
  });

  it('answers the issue’s bad input with 422 and the rule, the stream unchanged', async () => {
    const l = await league({ emptyDeclaration: 'end-stage' });
    await l.quietRound();
    await l.endStage();
    // Anna (Empire) cannot reach Gaia: more than 3 LY.
    const far = { attacks: [{ ship: 'ship:anna:1', planet: 'gaia' }], colonisations: [] };
    const farSeal = await l.seal('anna', 'declare-attacks', far);
    // Vera attacks Dorado, Boris's capital.
    const capital = { attacks: [{ ship: 'ship:vera:1', planet: 'dorado' }], colonisations: [] };
    const capitalSeal = await l.seal('vera', 'declare-attacks', capital);
    // Boris is in the league: only an eliminated player declares a return.
    const notOut = {
      attacks: [
        { ship: 'ship:boris:1', planet: 'aurora' },
        { ship: 'ship:boris:2', planet: 'borealis' },
      ],
      colonisations: [],
      returning: true,
    };
    const notOutSeal = await l.seal('boris', 'declare-attacks', notOut);
    const notOutProblem = await l.refused(
      l.reveal('boris', 'declare-attacks', notOutSeal, notOut, 'ru'),
      'not_eliminated',
      RULES.returning,
    );
    expect(notOutProblem.detail).toBe(
      'Борис остаётся в игре: возврат объявляет только выбывший игрок',
    );
    await l.made('boris', 'end-stage');
    // Without Accept-Language the reader gets English, the planet named all the same.
    const farProblem = await l.refused(
      l.reveal('anna', 'declare-attacks', farSeal, far),
      'too_far',
      RULES.maxDistance,
    );
    expect(farProblem.detail).toMatch(/^Gaia is \d+ LY away: beyond 3 LY only the Eternals/);
    await l.made('anna', 'end-stage');
    ok(await l.reveal('vera', 'declare-attacks', capitalSeal, capital), 201);
    await l.endStage();
    await l.endStage();
    expect((await l.rs()).stage).toBe('defence');
    const onCapital = await l.refused(
      l.decide('boris', 'hire-mercenaries', { planet: 'dorado', count: 1 }, 'ru'),
      'mercenaries_on_capital',
      RULES.mercenaries,
    );
    expect(onCapital.detail).toBe('Наёмники не могут защищать столицу');
    await l.made('boris', 'assign-defender', { ship: 'ship:boris:5', planet: 'dorado' });
    await l.endStage();
    await l.made('boris', 'report-battle', {
      planet: 'dorado',
      winner: 'boris',
      points: [
        { seat: 'boris', points: 50 },
        { seat: 'vera', points: 20 },
      ],
      destroyed: ['vera'],
    });
    await l.made('vera', 'confirm-battle', { planet: 'dorado' });
    await l.endStage();
    for (let round = 3; round < 11; round++) await l.quietRound();
    expect((await l.rs()).round).toBe(11);
    const late = await l.refused(
      l.decide('anna', 'take-pause', {}, 'ru'),
      'late_pause',
      RULES.noLatePause,
    );
    expect(late.detail).toBe(
      'В последние 3 раунда игры паузу не берут, а сейчас идёт 11-й раунд из 12',
    );
  });

  it('refuses in Russian, naming players and planets: alliance, dues, attacks, colonisation, battle', async () => {
    const l = await league({ emptyDeclaration: 'end-stage' });
    /** A refusal asked in Russian: its detail, which the rule's message repeats. */
    const inRussian = async (
      attempt: Promise<{ error?: unknown; response: Response }>,
      code: string,
      ruleRef: string,
    ) => {
      const problem = await l.refused(attempt, code, ruleRef);
      expect(problem.rule).toMatchObject({ message: problem.detail });
      return problem.detail;
    };

    // Round 1: 45 IC each, and the first dues of 100 are split 50/50.
    await l.made('anna', 'propose-alliance', { members: ['anna', 'boris'] });
    expect(
      await inRussian(
        l.decide('boris', 'consent-alliance', { proposal: 'alliance-1-anna+boris' }, 'ru'),
        'dues_unpayable',
        RULES.allianceFirstDues,
      ),
    ).toBe(
      'Первый взнос Альянса 100 ИК не оплатить: у Анны 45 ИК из нужных 50, у Бориса 45 ИК из нужных 50',
    );
    await l.quietRound();

    // Round 2: 90 IC each; the alliance forms, each pays 50.
    await l.made('anna', 'propose-alliance', { members: ['anna', 'boris'] });
    await l.made('boris', 'consent-alliance', { proposal: 'alliance-2-anna+boris' });
    expect(
      await inRussian(
        l.decide(
          'anna',
          'propose-dues-split',
          {
            shares: [
              { seat: 'anna', amount: 30 },
              { seat: 'boris', amount: 60 },
            ],
          },
          'ru',
        ),
        'split_total',
        RULES.duesSplit,
      ),
    ).toBe('Доли в сумме дают 90 ИК, а взнос Альянса — 100 ИК');
    await l.endStage();

    // Attack: Anna on her ally's Ember, Boris colonising Orion (1 LY) with two ships; Vera
    // attacks Fornax, Boris's (2 LY).
    const onAlly = { attacks: [{ ship: 'ship:anna:1', planet: 'ember' }], colonisations: [] };
    const twoShips = {
      attacks: [],
      colonisations: [{ ships: ['ship:boris:4', 'ship:boris:5'], planet: 'orion' }],
    };
    const onFornax = { attacks: [{ ship: 'ship:vera:1', planet: 'fornax' }], colonisations: [] };
    const sealed = {
      anna: await l.seal('anna', 'declare-attacks', onAlly),
      boris: await l.seal('boris', 'declare-attacks', twoShips),
      vera: await l.seal('vera', 'declare-attacks', onFornax),
    };
    expect(
      await inRussian(
        l.reveal('anna', 'declare-attacks', sealed.anna, onAlly, 'ru'),
        'ally_planet',
        RULES.noAllyAttack,
      ),
    ).toBe('Эмбер — планета союзника (Борис)');
    await l.made('anna', 'end-stage');
    expect(
      await inRussian(
        l.reveal('boris', 'declare-attacks', sealed.boris, twoShips, 'ru'),
        'colonisation_ships',
        RULES.colonisationCost,
      ),
    ).toBe('Колонизация планеты Орион на расстоянии 1 СГ требует 1 звездолёт');
    await l.made('boris', 'end-stage');
    ok(await l.reveal('vera', 'declare-attacks', sealed.vera, onFornax), 201);
    expect((await l.rs()).stage).toBe('return');
    await l.endStage();

    // Joining: Anna cannot join the attack on her ally's planet.
    const joinAlly = { joins: [{ ship: 'ship:anna:1', planet: 'fornax' }] };
    const joinSeal = await l.seal('anna', 'declare-joins', joinAlly);
    await l.made('boris', 'end-stage');
    await l.made('vera', 'end-stage');
    expect(
      await inRussian(
        l.reveal('anna', 'declare-joins', joinSeal, joinAlly, 'ru'),
        'ally_planet',
        RULES.noAllyAttack,
      ),
    ).toBe('Форнакс — планета союзника (Борис): её можно только защищать');
    await l.made('anna', 'end-stage');

    // Defence: nobody attacks Borealis; three mercenaries cost 100 + 150 + 200.
    expect((await l.rs()).stage).toBe('defence');
    expect(
      await inRussian(
        l.decide('vera', 'assign-defender', { ship: 'ship:vera:4', planet: 'borealis' }, 'ru'),
        'not_under_attack',
        RULES.defence,
      ),
    ).toBe('На планету Бореалис атака не объявлена');
    expect(
      await inRussian(
        l.decide('boris', 'hire-mercenaries', { planet: 'fornax', count: 3 }, 'ru'),
        'not_enough_credits',
        RULES.mercenaryCost,
      ),
    ).toBe('За 3 наёмников нужно заплатить 450 ИК, а у вас 40 ИК');
    await l.made('boris', 'assign-defender', { ship: 'ship:boris:5', planet: 'fornax' });
    await l.endStage();

    // Battles: Anna did not fight for Fornax.
    expect(
      await inRussian(
        l.decide(
          'vera',
          'report-battle',
          {
            planet: 'fornax',
            winner: 'anna',
            points: [
              { seat: 'boris', points: 30 },
              { seat: 'vera', points: 50 },
            ],
            destroyed: [],
          },
          'ru',
        ),
        'winner_not_participant',
        RULES.battlesPhase,
      ),
    ).toBe('Анна не участвует в бою за планету Форнакс');
  });
});
