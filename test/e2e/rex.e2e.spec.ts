import { createHash } from 'node:crypto';
import { canonicalJson } from '../../src/domain/events/canonical-json';
import type { components } from '../../web/src/api/matchlog-api';
import {
  asNewOrganizer,
  createApi,
  seatSessions,
  session,
  type Api,
  type Session,
  anyDecision,
} from '../support/api-client';
import { ok } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

/** What the document gives as an open object (a table, derived values, event data), read as it is. */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Problem = components['schemas']['ProblemDto'];
const problemOf = (result: { error?: unknown }) => result.error as Problem;

/**
 * A round of Rex over HTTP: Influence, (no) auction, Maneuvers with a deployment, a battle
 * whose wheels, cards and Traitor calls are sealed and revealed through the sealed-decision
 * endpoints, Collection, Bombardment, and the next round. The battle is the rules' example:
 * Sol 6 against Letnev 4 at the Imperial Fleet Base, Letnev the first player. Every call goes
 * through the client typed from /docs-json, which checks each answer against the document.
 */
describe('Rex over HTTP', () => {
  let running: TestApp;
  let api: Api;
  let organizer: Session;

  beforeAll(async () => {
    running = await startTestApp();
    api = await createApi(running.url);
    organizer = await asNewOrganizer(api, 'Клуб «Мекатол»');
  });
  afterAll(() => running.close());

  /** A seal's salt: 32 hex digits (128 bits), as a client draws it. */
  const saltFor = (seat: string, kind: string) =>
    createHash('sha256').update(`salt-${seat}-${kind}`).digest('hex').slice(0, 32);
  const commit = (salt: string, params: Json) =>
    createHash('sha256')
      .update(salt + canonicalJson(params))
      .digest('hex');

  it('publishes the ruleset with its options, each with the text it settles', async () => {
    const rex = ok(
      await api.client.GET('/api/v1/rulesets/{id}', { params: { path: { id: 'rex' } } }),
      200,
    );
    const options = rex.options as Json[];
    expect(options.map((o) => o.id)).toEqual(
      expect.arrayContaining([
        'bombardmentCard',
        'solOffensiveTarget',
        'victoryCheck',
        'mostStrongholdsWinner',
      ]),
    );
    const plan = rex.decisions.find((k) => k.kind === 'battle-plan')?.params as Json;
    const schemas = rex.schemas as Json;
    expect(
      Object.keys(schemas[plan?.$ref?.split('/').pop()]?.properties ?? plan?.properties ?? {}),
    ).toEqual(expect.arrayContaining(['dial', 'leader', 'slot']));
    // A page seals what must be sealed: the kinds say so.
    const sealing = Object.fromEntries(rex.decisions.map((k) => [k.kind, k.sealing]));
    expect(sealing).toMatchObject({
      'battle-plan': 'required',
      'battle-cards': 'required',
      'call-traitor': 'required',
      bid: undefined,
    });
    expect(options.find((o) => o.id === 'bombardmentCard')).toMatchObject({
      default: 'steps',
      ruleRef: expect.stringContaining('ФАЗА 7: БОМБАРДИРОВКА'),
    });
  });

  it('plays a round with a sealed battle', async () => {
    const created = ok(
      await api.client.POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          ruleset: 'rex',
          seats: [
            { seat: 'letnev', faction: 'letnev' },
            { seat: 'sol', faction: 'sol' },
            { seat: 'hacan', faction: 'hacan' },
          ],
          options: { deckOrder: 'as-listed' },
          setup: {
            fleetSector: 9,
            influenceDeck: [
              { kind: 'standard', places: [{ location: 'archive-hall', amount: 4 }] },
            ],
            bombardmentDeck: [2],
            strategyDeck: [
              {
                name: { en: 'Biological Weapon', ru: 'Биологическое Оружие' },
                category: 'attack',
                weapon: 'biological',
                payout: true,
              },
              { name: { en: 'Shield', ru: 'Щит' }, category: 'defense', stops: ['energy'] },
              {
                name: { en: 'Energy Gun', ru: 'Энерго-ружье' },
                category: 'attack',
                weapon: 'energy',
              },
              { name: { en: 'Shield', ru: 'Щит' }, category: 'defense', stops: ['energy'] },
            ],
            factions: [
              { faction: 'letnev', placements: [{ location: 'imperial-fleet-base', troops: 4 }] },
              { faction: 'sol', placements: [{ location: 'imperial-fleet-base', troops: 6 }] },
            ],
          },
        },
      }),
      201,
    );
    const id = created.matchId;
    const tokens = seatSessions(created);
    for (const seat of ['letnev', 'sol', 'hacan'])
      ok(
        await api.client.POST('/api/v1/matches/{id}/seats/{seat}/claim', {
          headers: tokens[seat].headers,
          params: { path: { id, seat } },
          body: { name: seat },
        }),
        201,
      );
    ok(
      await api.client.POST('/api/v1/matches/{id}/start', {
        headers: tokens.letnev.headers,
        params: { path: { id } },
      }),
      201,
    );

    const decide = (seat: string, kind: string, params: Json = {}) =>
      api.client.POST('/api/v1/matches/{id}/decisions', {
        headers: tokens[seat].headers,
        params: { path: { id } },
        body: anyDecision({ kind, params }),
      });
    const made = async (seat: string, kind: string, params: Json = {}) =>
      ok(await decide(seat, kind, params), 201).events as Json[];
    const sealed = async (seat: string, kind: string, params: Json) =>
      ok(
        await api.client.POST('/api/v1/matches/{id}/decisions/sealed', {
          headers: tokens[seat].headers,
          params: { path: { id } },
          body: { kind, commitment: commit(saltFor(seat, kind), params) },
        }),
        201,
      ).sealId;
    const reveal = (
      seat: string,
      kind: string,
      sealId: string,
      params: Json,
      salt = saltFor(seat, kind),
    ) =>
      api.client.POST('/api/v1/matches/{id}/decisions/sealed/{sealId}/reveal', {
        headers: tokens[seat].headers,
        params: { path: { id, sealId } },
        body: { params, salt },
      });
    const state = async (seat: string) =>
      ok(
        await api.client.GET('/api/v1/matches/{id}/state', {
          headers: tokens[seat].headers,
          params: { path: { id } },
        }),
      ) as Json;
    const seq = async () =>
      ok(
        await api.client.GET('/api/v1/matches/{id}', {
          headers: tokens.letnev.headers,
          params: { path: { id } },
        }),
      ).seq;

    // Setup and the Influence phase.
    await made('letnev', 'begin');
    const revealed = await made('letnev', 'reveal-influence');
    expect(revealed.map((e) => e.type)).toEqual(
      expect.arrayContaining(['InfluenceCardRevealed', 'InfluencePlaced']),
    );
    // Letnev's starting cards are hidden from Sol: the count is public, the cards are not.
    const solView = await state('sol');
    expect(solView.table.zones['hand:letnev'].hiddenCount).toBe(2);
    expect(solView.derived.handSizes).toMatchObject({ letnev: 2, sol: 1 });
    expect(solView.table.turn).toMatchObject({ phase: 'maneuvers', active: ['letnev'] });

    // Maneuvers: a deployment Letnev cannot pay for is refused with the rule; a legal one is paid to Hacan.
    const head = await seq();
    const tooDear = await decide('letnev', 'deploy', {
      location: 'imperial-fleet-base',
      troops: 6,
    });
    expect(tooDear.response.status).toBe(422);
    expect(tooDear.response.headers.get('content-type')).toContain('application/problem+json');
    expect(problemOf(tooDear).rule).toMatchObject({
      code: 'cannot_pay',
      ref: expect.stringContaining('Это стоит ему 10 Влияния'),
    });
    expect(await seq()).toBe(head);
    const deployed = await made('letnev', 'deploy', { location: 'vel-terro', troops: 1 });
    expect(deployed.find((e) => e.type === 'TroopsDeployed')?.data).toMatchObject({
      cost: 1,
      payee: 'hacan',
    });
    await made('letnev', 'end-turn');
    await made('sol', 'end-turn');
    await made('hacan', 'end-turn');

    // Combat: the battle at the Imperial Fleet Base.
    expect((await state('letnev')).table.turn).toMatchObject({
      phase: 'combat',
      active: ['letnev'],
    });
    await made('letnev', 'start-battle', { location: 'imperial-fleet-base', opponent: 'sol' });
    const letnevPlan = { dial: 2, leader: 'leader:letnev:4', slot: 'attack-defense' };
    const solPlan = { dial: 4, leader: 'leader:sol:5', slot: 'attack' };
    const unsealed = await decide('letnev', 'battle-plan', letnevPlan);
    expect([unsealed.response.status, problemOf(unsealed).rule?.code]).toEqual([
      422,
      'must_be_sealed',
    ]);
    const letnevSeal = await sealed('letnev', 'battle-plan', letnevPlan);
    const early = await reveal('letnev', 'battle-plan', letnevSeal, letnevPlan);
    expect([early.response.status, problemOf(early).rule?.code]).toEqual([422, 'reveal_too_early']);
    const solSeal = await sealed('sol', 'battle-plan', solPlan);
    const forged = await reveal('sol', 'battle-plan', solSeal, { ...solPlan, dial: 6 });
    expect([forged.response.status, problemOf(forged).rule?.code]).toEqual([422, 'seal_mismatch']);
    ok(await reveal('letnev', 'battle-plan', letnevSeal, letnevPlan), 201);
    const wheels = ok(await reveal('sol', 'battle-plan', solSeal, solPlan), 201);
    expect(wheels.events.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        'SealRevealed',
        'BattlePlanRevealed',
        'BattleWheelsRevealed',
        'BattleStepStarted',
      ]),
    );
    const letnevCards = { attack: 'strategy:1', defense: 'strategy:2' };
    const solCards = { attack: 'strategy:3' };
    const lc = await sealed('letnev', 'battle-cards', letnevCards);
    const sc = await sealed('sol', 'battle-cards', solCards);
    ok(await reveal('letnev', 'battle-cards', lc, letnevCards), 201);
    ok(await reveal('sol', 'battle-cards', sc, solCards), 201);
    const lt = await sealed('letnev', 'call-traitor', {});
    const st = await sealed('sol', 'call-traitor', {});
    ok(await reveal('letnev', 'call-traitor', lt, {}), 201);
    const resolved = ok(await reveal('sol', 'call-traitor', st, {}), 201);
    const outcome = resolved.events.find((e) => e.type === 'BattleResolved');
    expect(outcome?.data).toMatchObject({
      winner: 'letnev',
      totals: { letnev: { total: 6 }, sol: { total: 4 } },
    });
    expect(resolved.events.find((e) => e.type === 'LeaderKilled')?.data).toMatchObject({
      leader: 'leader:sol:5',
    });
    await made('letnev', 'keep-cards', { discard: [] });

    // Collection and Bombardment: the marker passes to Sol and round 2 begins.
    const view = await state('hacan');
    expect(view.table.turn).toMatchObject({ phase: 'bombardment', active: ['letnev'] });
    expect(view.table.losses.sol).toHaveLength(7);
    expect(view.derived.control).toMatchObject({ 'imperial-fleet-base': 'letnev' });
    expect(view.derived.influence).toMatchObject({ letnev: 10 - 1 + 6 + 2 });
    const bombardment = await made('letnev', 'draw-bombardment');
    expect(bombardment.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        'BombardmentCardRevealed',
        'DreadnoughtFleetStopped',
        'FirstPlayerMarkerPassed',
        'RoundStarted',
      ]),
    );
    const after = await state('sol');
    expect(after.table.turn).toMatchObject({ round: 2, phase: 'influence', active: ['sol'] });
    expect(after.derived).toMatchObject({
      fleetSector: 11,
      bombardedSector: 11,
      firstPlayer: 'sol',
    });
    // The replay viewer gets a board: sectors on a ring and the locations inside it.
    const { layout } = ok(
      await api.client.GET('/api/v1/matches/{id}/layout', {
        headers: tokens.sol.headers,
        params: { path: { id } },
      }),
    );
    expect(layout.kind).toBe('positions');
    expect(Object.keys(layout.positions ?? {})).toEqual(
      expect.arrayContaining(['sector:1', 'sector:18', 'civilian-spaceport', 'galactic-council']),
    );
    // Rex's own events read as sentences in Russian in the replay log.
    const { phrases } = ok(
      await api.client.GET('/api/v1/matches/{id}/phrases', {
        headers: tokens.sol.headers,
        params: { path: { id } },
      }),
    );
    const said = phrases.map((p) => p.ru);
    expect(said).toEqual(
      expect.arrayContaining(['letnev побеждает в бою', 'Сектор 11 под бомбардировкой']),
    );
    expect(said).toEqual(
      expect.arrayContaining([
        'letnev играет Биологическое Оружие и Щит',
        'Погиб Лидер: Лидер Сол 5 (sol)',
        'Энерго-ружье: не сработала, защита — Щит',
      ]),
    );
    expect(
      ok(
        await api.client.GET('/api/v1/matches/{id}/audit', {
          headers: tokens.sol.headers,
          params: { path: { id } },
        }),
      ).verified,
    ).toBe(true);

    // The viewer's reads of a live private match: refused to strangers; a judge's phrases, which
    // may tell hidden members, are recorded in the audit stream as a read of those events.
    const stranger = await asNewOrganizer(api, 'Чужой клуб');
    for (const path of [
      '/api/v1/matches/{id}/viewer',
      '/api/v1/matches/{id}/layout',
      '/api/v1/matches/{id}/phrases',
    ] as const) {
      const refused = await api.client.GET(path, {
        headers: stranger.headers,
        params: { path: { id } },
      });
      expect([path, refused.response.status]).toEqual([path, 403]);
    }
    const judge = session(
      ok(
        await api.client.POST('/api/v1/judges', {
          headers: organizer.headers,
          body: { name: 'Судья', matchId: id },
        }),
        201,
      ).token,
    );
    const auditLog = async () =>
      ok(
        await api.client.GET('/api/v1/matches/{id}/audit-log', {
          headers: organizer.headers,
          params: { path: { id } },
        }),
      ).events;
    const audited = (await auditLog()).length;
    const viewer = ok(
      await api.client.GET('/api/v1/matches/{id}/viewer', {
        headers: judge.headers,
        params: { path: { id } },
      }),
    );
    expect(viewer).toMatchObject({ viewer: { kind: 'judge' }, seesEverything: true });
    // The match's judges by name, for its judges, its organizer and its seats (a page names
    // the judge who ruled).
    expect(viewer.judges).toEqual([{ id: expect.any(String), name: 'Судья' }]);
    const viewerOf = async (headers: Record<string, string>) =>
      ok(
        await api.client.GET('/api/v1/matches/{id}/viewer', { headers, params: { path: { id } } }),
      );
    expect((await viewerOf(organizer.headers)).judges).toEqual(viewer.judges);
    expect((await viewerOf(tokens.letnev.headers)).judges).toEqual(viewer.judges);
    ok(
      await api.client.GET('/api/v1/matches/{id}/phrases', {
        headers: judge.headers,
        params: { path: { id }, query: { from: 3 } },
      }),
    );
    // The sentences from event 3 on name things from every event before them too: the read
    // is of the events from the start.
    expect((await auditLog()).slice(audited).map((e) => e.data)).toEqual([
      expect.objectContaining({ scope: 'events', fromSeq: 0, toSeq: viewer.lastSeq }),
    ]);
  });
});
