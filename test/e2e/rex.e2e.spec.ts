import { createHash } from 'node:crypto';
import { canonicalJson } from '../../src/domain/events/canonical-json';
import { httpClient } from '../support/http-client';
import { startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../support/test-app';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * A round of Rex over HTTP: Influence, (no) auction, Maneuvers with a deployment, a battle
 * whose wheels, cards and Traitor calls are sealed and revealed through the sealed-decision
 * endpoints, Collection, Bombardment, and the next round. The battle is the rules' example:
 * Sol 6 against Letnev 4 at the Imperial Fleet Base, Letnev the first player.
 */
describe('Rex over HTTP', () => {
  let running: TestApp;
  let http: ReturnType<typeof httpClient>;
  let organizer: string;

  beforeAll(async () => {
    running = await startTestApp();
    http = httpClient(running);
    organizer = (
      await http.post<Json>('/api/v1/organizers', TEST_ADMIN_TOKEN, { name: 'Клуб «Мекатол»' })
    ).body.token;
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
    const rex = await http.get<Json>('/api/v1/rulesets/rex');
    expect(rex.status).toBe(200);
    const options = (rex.body.options ?? []) as Json[];
    expect(options.map((o) => o.id)).toEqual(
      expect.arrayContaining([
        'bombardmentCard',
        'solOffensiveTarget',
        'victoryCheck',
        'mostStrongholdsWinner',
      ]),
    );
    const plan = (rex.body.decisions as Json[]).find((k) => k.kind === 'battle-plan');
    expect(
      Object.keys(
        rex.body.schemas[plan?.params.$ref?.split('/').pop()]?.properties ??
          plan?.params.properties ??
          {},
      ),
    ).toEqual(expect.arrayContaining(['dial', 'leader', 'slot']));
    expect(options.find((o) => o.id === 'bombardmentCard')).toMatchObject({
      default: 'steps',
      ruleRef: expect.stringContaining('ФАЗА 7: БОМБАРДИРОВКА'),
    });
  });

  it('plays a round with a sealed battle', async () => {
    const created = await http.post<Json>('/api/v1/matches', organizer, {
      ruleset: 'rex',
      seats: [
        { seat: 'letnev', faction: 'letnev' },
        { seat: 'sol', faction: 'sol' },
        { seat: 'hacan', faction: 'hacan' },
      ],
      options: { deckOrder: 'as-listed' },
      setup: {
        fleetSector: 9,
        influenceDeck: [{ kind: 'standard', places: [{ location: 'archive-hall', amount: 4 }] }],
        bombardmentDeck: [2],
        strategyDeck: [
          {
            name: { en: 'Biological Weapon', ru: 'Биологическое Оружие' },
            category: 'attack',
            weapon: 'biological',
            payout: true,
          },
          { name: { en: 'Shield', ru: 'Щит' }, category: 'defense', stops: ['energy'] },
          { name: { en: 'Energy Gun', ru: 'Энерго-ружье' }, category: 'attack', weapon: 'energy' },
          { name: { en: 'Shield', ru: 'Щит' }, category: 'defense', stops: ['energy'] },
        ],
        factions: [
          { faction: 'letnev', placements: [{ location: 'imperial-fleet-base', troops: 4 }] },
          { faction: 'sol', placements: [{ location: 'imperial-fleet-base', troops: 6 }] },
        ],
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.matchId as string;
    const tokens = Object.fromEntries(
      (created.body.seatTokens as { seat: string; token: string }[]).map((t) => [t.seat, t.token]),
    );
    for (const seat of ['letnev', 'sol', 'hacan'])
      expect(
        (await http.post(`/api/v1/matches/${id}/seats/${seat}/claim`, tokens[seat], { name: seat }))
          .status,
      ).toBe(201);
    expect((await http.post(`/api/v1/matches/${id}/start`, tokens.letnev)).status).toBe(201);

    const decide = (seat: string, kind: string, params: Json = {}) =>
      http.post<Json>(`/api/v1/matches/${id}/decisions`, tokens[seat], { kind, params });
    const ok = async (seat: string, kind: string, params: Json = {}) => {
      const result = await decide(seat, kind, params);
      if (result.status !== 201)
        throw new Error(`${kind} by ${seat}: ${result.status} ${JSON.stringify(result.body)}`);
      return result.body.events as Json[];
    };
    const sealed = async (seat: string, kind: string, params: Json) => {
      const result = await http.post<Json>(`/api/v1/matches/${id}/decisions/sealed`, tokens[seat], {
        kind,
        commitment: commit(saltFor(seat, kind), params),
      });
      expect(result.status).toBe(201);
      return result.body.sealId as string;
    };
    const reveal = (
      seat: string,
      kind: string,
      sealId: string,
      params: Json,
      salt = saltFor(seat, kind),
    ) =>
      http.post<Json>(`/api/v1/matches/${id}/decisions/sealed/${sealId}/reveal`, tokens[seat], {
        params,
        salt,
      });
    const state = async (seat: string) =>
      (await http.get<Json>(`/api/v1/matches/${id}/state`, tokens[seat])).body;
    const seq = async () =>
      (await http.get<Json>(`/api/v1/matches/${id}`, tokens.letnev)).body.seq as number;

    // Setup and the Influence phase.
    await ok('letnev', 'begin');
    const revealed = await ok('letnev', 'reveal-influence');
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
    expect(tooDear.status).toBe(422);
    expect(tooDear.contentType).toContain('application/problem+json');
    expect(tooDear.body.rule).toMatchObject({
      code: 'cannot_pay',
      ref: expect.stringContaining('Это стоит ему 10 Влияния'),
    });
    expect(await seq()).toBe(head);
    const deployed = await ok('letnev', 'deploy', { location: 'vel-terro', troops: 1 });
    expect(deployed.find((e) => e.type === 'TroopsDeployed')?.data).toMatchObject({
      cost: 1,
      payee: 'hacan',
    });
    await ok('letnev', 'end-turn');
    await ok('sol', 'end-turn');
    await ok('hacan', 'end-turn');

    // Combat: the battle at the Imperial Fleet Base.
    expect((await state('letnev')).table.turn).toMatchObject({
      phase: 'combat',
      active: ['letnev'],
    });
    await ok('letnev', 'start-battle', { location: 'imperial-fleet-base', opponent: 'sol' });
    const letnevPlan = { dial: 2, leader: 'leader:letnev:4', slot: 'attack-defense' };
    const solPlan = { dial: 4, leader: 'leader:sol:5', slot: 'attack' };
    const made = await decide('letnev', 'battle-plan', letnevPlan);
    expect([made.status, made.body.rule?.code]).toEqual([422, 'must_be_sealed']);
    const letnevSeal = await sealed('letnev', 'battle-plan', letnevPlan);
    const early = await reveal('letnev', 'battle-plan', letnevSeal, letnevPlan);
    expect([early.status, early.body.rule?.code]).toEqual([422, 'reveal_too_early']);
    const solSeal = await sealed('sol', 'battle-plan', solPlan);
    const forged = await reveal('sol', 'battle-plan', solSeal, { ...solPlan, dial: 6 });
    expect([forged.status, forged.body.rule?.code]).toEqual([422, 'seal_mismatch']);
    expect((await reveal('letnev', 'battle-plan', letnevSeal, letnevPlan)).status).toBe(201);
    const wheels = await reveal('sol', 'battle-plan', solSeal, solPlan);
    expect(wheels.status).toBe(201);
    expect(wheels.body.events.map((e: Json) => e.type)).toEqual(
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
    expect((await reveal('letnev', 'battle-cards', lc, letnevCards)).status).toBe(201);
    expect((await reveal('sol', 'battle-cards', sc, solCards)).status).toBe(201);
    const lt = await sealed('letnev', 'call-traitor', {});
    const st = await sealed('sol', 'call-traitor', {});
    expect((await reveal('letnev', 'call-traitor', lt, {})).status).toBe(201);
    const resolved = await reveal('sol', 'call-traitor', st, {});
    expect(resolved.status).toBe(201);
    const outcome = resolved.body.events.find((e: Json) => e.type === 'BattleResolved');
    expect(outcome.data).toMatchObject({
      winner: 'letnev',
      totals: { letnev: { total: 6 }, sol: { total: 4 } },
    });
    expect(resolved.body.events.find((e: Json) => e.type === 'LeaderKilled').data).toMatchObject({
      leader: 'leader:sol:5',
    });
    await ok('letnev', 'keep-cards', { discard: [] });

    // Collection and Bombardment: the marker passes to Sol and round 2 begins.
    const view = await state('hacan');
    expect(view.table.turn).toMatchObject({ phase: 'bombardment', active: ['letnev'] });
    expect(view.table.losses.sol).toHaveLength(7);
    expect(view.derived.control).toMatchObject({ 'imperial-fleet-base': 'letnev' });
    expect(view.derived.influence).toMatchObject({ letnev: 10 - 1 + 6 + 2 });
    const bombardment = await ok('letnev', 'draw-bombardment');
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
    const layout = await http.get<Json>(`/api/v1/matches/${id}/layout`, tokens.sol);
    expect(layout.status).toBe(200);
    expect(layout.body.layout.kind).toBe('positions');
    expect(Object.keys(layout.body.layout.positions)).toEqual(
      expect.arrayContaining(['sector:1', 'sector:18', 'civilian-spaceport', 'galactic-council']),
    );
    // Rex's own events read as sentences in Russian in the replay log.
    const phrases = await http.get<Json>(`/api/v1/matches/${id}/phrases`, tokens.sol);
    expect(phrases.status).toBe(200);
    const said = (phrases.body.phrases as { seq: number; en: string; ru: string }[]).map(
      (p) => p.ru,
    );
    expect(said).toEqual(
      expect.arrayContaining(['letnev побеждает в бою', 'Сектор 11 под бомбардировкой']),
    );
    expect(said).toEqual(
      expect.arrayContaining([
        'letnev: Биологическое Оружие и Щит',
        'Погиб Лидер: Лидер Сол 5 (sol)',
        'Энерго-ружье: не сработала, защита — Щит',
      ]),
    );
    expect((await http.get<Json>(`/api/v1/matches/${id}/audit`, tokens.sol)).body.verified).toBe(
      true,
    );

    // The viewer's reads of a live private match: refused to strangers; a judge's phrases, which
    // may tell hidden members, are recorded in the audit stream as a read of those events.
    const stranger = (
      await http.post<Json>('/api/v1/organizers', TEST_ADMIN_TOKEN, { name: 'Чужой клуб' })
    ).body.token as string;
    for (const read of ['viewer', 'layout', 'phrases'])
      expect((await http.get(`/api/v1/matches/${id}/${read}`, stranger)).status).toBe(403);
    const judge = (
      await http.post<Json>('/api/v1/judges', organizer, { name: 'Судья', matchId: id })
    ).body.token as string;
    const auditLog = async () =>
      (await http.get<Json>(`/api/v1/matches/${id}/audit-log`, organizer)).body.events as Json[];
    const audited = (await auditLog()).length;
    const viewer = await http.get<Json>(`/api/v1/matches/${id}/viewer`, judge);
    expect(viewer.body).toMatchObject({ viewer: { kind: 'judge' }, seesEverything: true });
    expect((await http.get(`/api/v1/matches/${id}/phrases?from=3`, judge)).status).toBe(200);
    expect((await auditLog()).slice(audited).map((e) => e.data)).toEqual([
      expect.objectContaining({ scope: 'events', fromSeq: 3, toSeq: viewer.body.lastSeq }),
    ]);
  });
});
