import { RULES, RULESET_CHOICES } from '../../src/domain/rulesets/rex/rex-rules-text';
import { asNewOrganizer, createApi, session, type Api, type Session } from '../support/api-client';
import { ok } from '../support/match-checks';
import { RexTable, troopsIn, type Json, type RexMatchSpec } from '../support/rex-table';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 22 over HTTP: every Strategy card played outside battle (and Tactical Retreat in
 * battle), Xxcha's flip, Sol's immunity and use of a Sol Offensive, the two sector options and
 * the concession, each with its effect on the table and its refusal out of its window — a 422
 * problem+json naming the rule, the stream unchanged. Given a match set up for the point, when
 * a seat decides, then the events and the table say what happened. Every answer is checked
 * against the published document by the client.
 */

type Effect =
  | 'retreat'
  | 'recruits'
  | 'informant-deployment'
  | 'informant-cancellation'
  | 'accelerated-mobilization'
  | 'diplomatic-intervention'
  | 'graviton-inverter'
  | 'radar-tracking';

const NAMES: Record<Effect, [string, string]> = {
  retreat: ['Tactical Retreat', 'Тактическое Отступление'],
  recruits: ['Recruits', 'Новобранцы'],
  'informant-deployment': ['Informant – Deployment', 'Информатор – Развертывания'],
  'informant-cancellation': ['Informant – Cancellation', 'Информатор – Аннулирования'],
  'accelerated-mobilization': ['Accelerated Mobilization', 'Ускоренная Мобилизация'],
  'diplomatic-intervention': ['Diplomatic Intervention', 'Дипломатическое Вмешательство'],
  'graviton-inverter': ['Graviton Inverter', 'Инвертор Гравитона'],
  'radar-tracking': ['Radar Tracking', 'Отслеживание Радаром'],
};
const card = (effect: Effect) => ({
  name: { en: NAMES[effect][0], ru: NAMES[effect][1] },
  category: effect === 'retreat' ? 'defense' : 'special',
  effect,
});
const GUN = {
  name: { en: 'Energy Gun', ru: 'Энерго-ружье' },
  category: 'attack',
  weapon: 'energy',
};
const SHIELD = { name: { en: 'Shield', ru: 'Щит' }, category: 'defense', stops: ['energy'] };

/** Four cards each, dealt as listed: Sol's, then Hacan's, then Lazax's. */
const HANDS: Record<'sol' | 'hacan' | 'lazax', Effect[]> = {
  sol: ['radar-tracking', 'graviton-inverter', 'informant-deployment', 'accelerated-mobilization'],
  hacan: ['recruits', 'recruits', 'diplomatic-intervention', 'informant-cancellation'],
  lazax: ['retreat', 'graviton-inverter', 'accelerated-mobilization', 'radar-tracking'],
};
const dealt = (setup: Json = {}): Json => ({
  startingStrategy: 4,
  strategyDeck: [
    ...HANDS.sol.map(card),
    ...HANDS.hacan.map(card),
    ...HANDS.lazax.map(card),
    ...Array.from({ length: 6 }, () => GUN),
  ],
  ...setup,
});

/** The last Influence card placed Influence in the Archive Hall and the Cartography Hall. */
const LAST_INFLUENCE = [
  {
    kind: 'standard',
    places: [
      { location: 'archive-hall', amount: 2 },
      { location: 'cartography-hall', amount: 4 },
    ],
  },
];

describe('Rex Strategy cards and race actions over HTTP (issue 22)', () => {
  let app: TestApp;
  let api: Api;
  let organizer: Session;

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
    organizer = await asNewOrganizer(api, 'Клуб «Мекатол»');
  });
  afterAll(async () => {
    expect(api.checks.failures).toEqual([]);
    await app.close();
  });

  const given = (spec: RexMatchSpec) => RexTable.begun(api, organizer, spec);
  const threeRaces = (setup: Json = {}, options: Json = {}) =>
    given({ factions: ['sol', 'hacan', 'lazax'], setup: dealt(setup), options });

  it('Tactical Retreat: refused outside battle; in battle the retreating side goes back to its Reserve', async () => {
    const g = await given({
      factions: ['letnev', 'sol', 'hacan'],
      setup: {
        fleetSector: 9,
        strategyDeck: [
          { ...GUN, name: { en: 'Biological Weapon', ru: 'Биологическое Оружие' } },
          SHIELD,
          card('retreat'),
          SHIELD,
        ],
        influenceDeck: [{ kind: 'standard', places: [{ location: 'archive-hall', amount: 2 }] }],
        factions: [
          { faction: 'letnev', placements: [{ location: 'imperial-fleet-base', troops: 4 }] },
          { faction: 'sol', placements: [{ location: 'imperial-fleet-base', troops: 6 }] },
        ],
      },
    });
    const retreat = await g.cardOf('sol', 'retreat');
    await g
      .when('sol', 'play-strategy', { card: retreat })
      .thenRefuses('played_in_battle', RULES.retreat);
    await g.advanceTo('combat');
    await g.decide('letnev', 'start-battle', { location: 'imperial-fleet-base', opponent: 'sol' });
    await g.sealAll('battle-plan', {
      letnev: { dial: 3, leader: 'leader:letnev:2', slot: 'attack' },
      sol: { dial: 5, leader: 'leader:sol:5', slot: 'defense' },
    });
    await g.sealAll('battle-cards', {
      letnev: { attack: 'strategy:1' },
      sol: { defense: retreat },
    });
    const resolved = await g.sealAll('call-traitor', { letnev: {}, sol: {} });
    expect(resolved.find((e) => e.type === 'TacticalRetreatResolved')?.data).toMatchObject({
      seats: ['sol'],
      ruleRef: RULES.retreat,
    });
    expect(resolved.find((e) => e.type === 'BattleResolved')?.data).toMatchObject({
      winner: 'letnev',
      retreat: true,
    });
    const s = await g.state('hacan');
    expect(troopsIn(s, 'reserve:sol', 'sol')).toHaveLength(20);
    expect(troopsIn(s, 'imperial-fleet-base', 'letnev')).toHaveLength(4);
    expect(s.table.pieces[retreat]?.zone).toBe('strategy-discard');
  });

  it('Recruits: refused outside Recruitment; in it, stacked cards recruit troops free', async () => {
    // A Sol Offensive strikes the last Influence locations: Hacan loses its 3 troops there.
    const g = await threeRaces(
      {
        startRound: 2,
        fleetSector: 13,
        influenceDeck: [{ kind: 'sol-offensive' }, ...LAST_INFLUENCE],
        influenceDiscard: LAST_INFLUENCE,
        factions: [{ faction: 'hacan', placements: [{ location: 'archive-hall', troops: 3 }] }],
      },
      { recruitsCardTroops: 1, troopRecruitCost: 2, handLimit: 8 },
    );
    const [first, second] = await g.cardsOf('hacan', 'recruits');
    await g
      .when('hacan', 'play-strategy', { card: first })
      .thenRefuses('out_of_window', RULES.recruitsStack);
    await g.advanceTo('recruitment');
    expect(troopsIn(await g.state('hacan'), 'losses:hacan', 'hacan')).toHaveLength(3);
    await g
      .when('hacan', 'play-strategy', { card: first })
      .then(['StrategyCardPlayed', 'CardsPlayed']);
    await g.decide('hacan', 'play-strategy', { card: second });
    const before = (await g.state('hacan')).table.tracks['influence:hacan'].value;
    const recruited = await g.when('hacan', 'recruit', { troops: 3 }).then(['TroopsRecruited']);
    expect(recruited.find((e) => e.type === 'TroopsRecruited')?.data).toMatchObject({
      free: 2,
      cost: 2,
    });
    const s = await g.state('hacan');
    expect(s.table.tracks['influence:hacan'].value).toBe(before - 2);
    expect(s.table.pieces[first].zone).toBe('strategy-discard');
  });

  it('Informant – Deployment: refused before Maneuvers and in another seat’s turn; in its own turn a second deployment, paid to the Bank', async () => {
    // Every card an Informant, so Sol holds one whatever the deal from the First Player.
    const g = await threeRaces({
      strategyDeck: Array.from({ length: 16 }, () => card('informant-deployment')),
      fleetSector: 9,
      firstPlayer: 'hacan',
      factions: [
        { faction: 'hacan', placements: [{ location: 'archive-hall', troops: 2 }] },
        { faction: 'sol', influence: 20 },
      ],
    });
    const informant = await g.cardOf('sol', 'informant-deployment');
    const play = { card: informant, location: 'archive-hall', troops: 3 };
    await g
      .when('sol', 'play-strategy', play)
      .thenRefuses('out_of_window', RULES.informantDeployment);
    await g.advanceTo('maneuvers');
    expect((await g.state('sol')).table.turn.active).toEqual(['hacan']);
    // Out of turn: Hacan is moving; Sol's Informant waits for Sol's own turn.
    await g
      .when('sol', 'play-strategy', play)
      .thenRefuses('out_of_window', RULES.informantDeployment);
    await g.decide('hacan', 'end-turn');
    await g.decide('lazax', 'end-turn');
    await g.decide('sol', 'deploy', { location: 'tarragus-slums', troops: 2 });
    const hacanBefore = (await g.state('hacan')).table.tracks['influence:hacan'].value;
    const events = await g
      .when('sol', 'play-strategy', play)
      .then(['StrategyCardPlayed', 'CardsPlayed', 'TroopsDeployed']);
    expect(events.find((e) => e.type === 'TroopsDeployed')?.data).toMatchObject({
      location: 'archive-hall',
      cost: 3,
      payee: 'bank',
      informant: true,
    });
    const s = await g.state('sol');
    expect(troopsIn(s, 'archive-hall', 'sol')).toHaveLength(3);
    expect(s.table.tracks['influence:sol'].value).toBe(20 - 2 - 3);
    expect(s.table.tracks['influence:hacan'].value).toBe(hacanBefore);
    expect(s.table.turn.active).toEqual(['sol']);
  });

  it('Accelerated Mobilization: refused out of the player’s own Maneuvers turn; in it, an extra move', async () => {
    const g = await threeRaces({
      fleetSector: 9,
      factions: [
        { faction: 'sol', placements: [{ location: 'archive-hall', troops: 4 }] },
        { faction: 'lazax', placements: [{ location: 'archive-hall', troops: 1 }] },
      ],
    });
    const move = { from: 'archive-hall', location: 'civilian-spaceport', troops: 1 };
    await g
      .when('sol', 'play-strategy', {
        card: await g.cardOf('sol', 'accelerated-mobilization'),
        ...move,
      })
      .thenRefuses('out_of_window', RULES.mobilization);
    await g.advanceTo('maneuvers');
    await g
      .when('lazax', 'play-strategy', {
        card: await g.cardOf('lazax', 'accelerated-mobilization'),
        ...move,
      })
      .thenRefuses('out_of_window', RULES.mobilization);
    const events = await g
      .when('sol', 'play-strategy', {
        card: await g.cardOf('sol', 'accelerated-mobilization'),
        ...move,
        troops: 4,
      })
      .then(['StrategyCardPlayed', 'CardsPlayed', 'TroopsMoved']);
    expect(events.find((e) => e.type === 'TroopsMoved')?.data).toMatchObject({
      from: 'archive-hall',
      to: 'civilian-spaceport',
    });
    expect((await g.state('sol')).table.turn.active).toEqual(['sol']);
    await g.decide('sol', 'move', { from: 'civilian-spaceport', to: 'tarragus-slums', troops: 4 });
    const s = await g.state('sol');
    expect(troopsIn(s, 'tarragus-slums', 'sol')).toHaveLength(4);
    expect(s.table.turn.active).toEqual(['hacan']);
  });

  it('Diplomatic Intervention: refused outside Bidding; before the first bid it bars a bidder and a lot, and the summary counts every lot sold', async () => {
    const g = await threeRaces({}, { handLimit: 8 });
    const intervention = await g.cardOf('hacan', 'diplomatic-intervention');
    await g
      .when('hacan', 'play-strategy', { card: intervention, seat: 'lazax' })
      .thenRefuses('out_of_window', RULES.diplomaticIntervention);
    await g.advanceTo('bidding');
    await g
      .when('hacan', 'play-strategy', { card: intervention, seat: 'lazax' })
      .then(['StrategyCardPlayed', 'CardsPlayed', 'BidderBarred', 'AuctionLotWithdrawn']);
    expect((await g.state('sol')).derived.auction).toMatchObject({
      lot: 1,
      lots: 2,
      bidders: ['sol', 'hacan'],
    });
    await g
      .when('lazax', 'bid', { amount: 1 })
      .thenRefuses('not_your_turn', RULESET_CHOICES.phaseOrder);
    await g.decide('sol', 'bid', { amount: 1 });
    await g.decide('hacan', 'pass-bid');
    await g.decide('sol', 'bid', { amount: 1 });
    const closed = await g.when('hacan', 'pass-bid').then(['AuctionLotWon', 'AuctionClosed']);
    // Both lots were sold, one per decision: the summary counts the phase, not the last decision.
    expect(closed.find((e) => e.type === 'AuctionClosed')?.data).toEqual({ sold: 2, unsold: 0 });
  });

  it('Diplomatic Intervention: refused once a bid is placed', async () => {
    const g = await threeRaces({}, { handLimit: 8 });
    await g.advanceTo('bidding');
    await g.decide('sol', 'bid', { amount: 1 });
    await g
      .when('hacan', 'play-strategy', {
        card: await g.cardOf('hacan', 'diplomatic-intervention'),
        seat: 'lazax',
      })
      .thenRefuses('out_of_window', RULES.diplomaticIntervention);
  });

  it('Graviton Inverter: refused on an unshielded location; on a shielded, bombarded one it destroys every troop', async () => {
    const g = await threeRaces({
      fleetSector: 9,
      factions: [
        { faction: 'sol', placements: [{ location: 'south-power-station', troops: 2 }] },
        { faction: 'lazax', placements: [{ location: 'south-power-station', troops: 3 }] },
      ],
    });
    const inverter = await g.cardOf('sol', 'graviton-inverter');
    await g
      .when('sol', 'play-strategy', { card: inverter, location: 'tarragus-slums' })
      .thenRefuses('not_shielded', RULES.graviton);
    await g
      .when('sol', 'play-strategy', { card: inverter, location: 'south-power-station' })
      .then(['StrategyCardPlayed', 'CardsPlayed', 'PiecesDestroyed', 'ShieldInverted']);
    const s = await g.state('lazax');
    expect(troopsIn(s, 'south-power-station')).toHaveLength(0);
    expect(troopsIn(s, 'losses:lazax', 'lazax')).toHaveLength(3);
    expect(s.table.pieces[inverter]).toMatchObject({ zone: 'strategy-discard' });
  });

  it('Graviton Inverter: refused outside the Bombardment phase under gravitonInverterWindow = bombardment, played in it', async () => {
    const g = await threeRaces(
      {
        fleetSector: 9,
        factions: [
          { faction: 'lazax', placements: [{ location: 'south-power-station', troops: 3 }] },
        ],
      },
      { gravitonInverterWindow: 'bombardment' },
    );
    const play = {
      card: await g.cardOf('lazax', 'graviton-inverter'),
      location: 'south-power-station',
    };
    await g.when('lazax', 'play-strategy', play).thenRefuses('out_of_window', RULES.graviton);
    await g.advanceTo('bombardment');
    await g.when('lazax', 'play-strategy', play).then(['StrategyCardPlayed', 'ShieldInverted']);
  });

  it('Radar Tracking: strikes the last Influence locations sparing Sol, a later Sol Offensive is removed; refused outside Influence', async () => {
    const g = await threeRaces({
      startRound: 2,
      fleetSector: 13,
      influenceDeck: [{ kind: 'sol-offensive' }, ...LAST_INFLUENCE],
      influenceDiscard: LAST_INFLUENCE,
      factions: [
        { faction: 'lazax', placements: [{ location: 'archive-hall', troops: 3 }] },
        { faction: 'sol', placements: [{ location: 'cartography-hall', troops: 2 }] },
      ],
    });
    const radar = await g.cardOf('sol', 'radar-tracking');
    const struck = await g
      .when('sol', 'play-strategy', { card: radar })
      .then(['StrategyCardPlayed', 'CardsPlayed', 'SolOffensiveResolved']);
    expect(struck.find((e) => e.type === 'SolOffensiveResolved')?.data).toMatchObject({
      locations: ['archive-hall', 'cartography-hall'],
      immune: [{ location: 'cartography-hall', seat: 'sol', troops: 2 }],
      ruleRef: RULES.radarTracking,
    });
    let s = await g.state('sol');
    expect(troopsIn(s, 'archive-hall')).toHaveLength(0);
    expect(troopsIn(s, 'cartography-hall', 'sol')).toHaveLength(2);
    const revealed = await g.when('sol', 'reveal-influence').then(['SolOffensiveIgnored']);
    expect(revealed.find((e) => e.type === 'SolOffensiveIgnored')?.data).toMatchObject({
      reason: 'radar',
      ruleRef: RULES.radarRepeat,
    });
    await g.advanceTo('maneuvers');
    s = await g.state('sol');
    expect(s.table.turn.phase).toBe('maneuvers');
    await g
      .when('lazax', 'play-strategy', { card: await g.cardOf('lazax', 'radar-tracking') })
      .thenRefuses('out_of_window', RULES.radarTracking);
  });

  it('Informant – Cancellation: refused against another race’s seat; cancels Sol’s look until the next Bombardment', async () => {
    const g = await threeRaces({ fleetSector: 9 });
    const cancellation = await g.cardOf('hacan', 'informant-cancellation');
    await g
      .when('hacan', 'play-strategy', { card: cancellation, seat: 'lazax', ability: 'sol-look' })
      .thenRefuses('not_that_race', RULES.informantCancellation);
    await g
      .when('hacan', 'play-strategy', { card: cancellation, seat: 'sol', ability: 'sol-look' })
      .then(['StrategyCardPlayed', 'CardsPlayed', 'AbilityCancelled']);
    await g.when('sol', 'peek-bombardment').thenRefuses('look_cancelled', RULES.solLook);
    await g.advanceTo('bombardment');
    await g.when('sol', 'peek-bombardment').then(['BombardmentTopPeeked']);
  });

  describe('Xxcha and Sol', () => {
    const xxcha = (options: Json = {}) =>
      given({
        factions: ['xxcha', 'sol', 'hacan'],
        setup: {
          fleetSector: 9,
          influenceDeck: [
            {
              kind: 'standard',
              places: [
                { location: 'archive-hall', amount: 6 },
                { location: 'sallab-slums', amount: 4 },
              ],
            },
          ],
          factions: [
            { faction: 'xxcha', placements: [{ location: 'archive-hall', troops: 3 }] },
            { faction: 'hacan', placements: [{ location: 'archive-hall', troops: 2 }] },
          ],
        },
        options,
      });

    it('Xxcha’s flip: refused outside its Maneuvers turn; face down in it, no control; face up again when face-up troops join', async () => {
      const g = await xxcha();
      const flip = { location: 'archive-hall' };
      // Before Maneuvers the window is the option xxchaFlipWindow's, which the text leaves open.
      await g
        .when('xxcha', 'flip-troops', flip)
        .thenRefuses('out_of_window', expect.stringContaining(RULES.xxchaFaceDown));
      await g.advanceTo('maneuvers');
      await g.when('hacan', 'flip-troops', flip).thenRefuses('out_of_window', RULES.xxchaFaceDown);
      const flipped = await g.when('xxcha', 'flip-troops', flip).then(['TroopsFlipped']);
      expect(flipped.find((e) => e.type === 'TroopsFlipped')?.data).toMatchObject({
        faceDown: true,
        ruleRef: RULES.xxchaFaceDown,
      });
      let s = await g.state('hacan');
      expect(troopsIn(s, 'archive-hall', 'xxcha').every((p) => p.attrs.faceDown === true)).toBe(
        true,
      );
      expect(s.derived.control['archive-hall']).toBe('hacan');
      const joined = await g
        .when('xxcha', 'deploy', { location: 'archive-hall', troops: 1 })
        .then(['TroopsDeployed', 'TroopsFlipped']);
      expect(joined.find((e) => e.type === 'TroopsFlipped')?.data).toMatchObject({
        faceDown: false,
        automatic: true,
        ruleRef: RULES.xxchaFlipUp,
      });
      s = await g.state('hacan');
      expect(troopsIn(s, 'archive-hall', 'xxcha').some((p) => p.attrs.faceDown === true)).toBe(
        false,
      );
    });

    it('Sol is immune to a Sol Offensive and moves out of a struck location once; refused with none to use, and to another race', async () => {
      const g = await threeRaces({
        startRound: 2,
        fleetSector: 13,
        influenceDeck: [{ kind: 'sol-offensive' }],
        influenceDiscard: LAST_INFLUENCE,
        factions: [
          { faction: 'sol', placements: [{ location: 'archive-hall', troops: 3 }] },
          { faction: 'hacan', placements: [{ location: 'cartography-hall', troops: 2 }] },
        ],
      });
      const move = { from: 'archive-hall', to: 'vel-terro', troops: 3 };
      await g
        .when('sol', 'sol-offensive-move', move)
        .thenRefuses('no_sol_offensive', RULES.solImmune);
      const struck = await g.when('sol', 'reveal-influence').then(['SolOffensiveResolved']);
      expect(struck.find((e) => e.type === 'SolOffensiveResolved')?.data).toMatchObject({
        immune: [{ location: 'archive-hall', seat: 'sol', troops: 3 }],
      });
      expect(troopsIn(await g.state('hacan'), 'cartography-hall')).toHaveLength(0);
      await g
        .when('hacan', 'sol-offensive-move', {
          from: 'cartography-hall',
          to: 'vel-terro',
          troops: 1,
        })
        .thenRefuses('no_sol_offensive', RULES.solImmune);
      await g.when('sol', 'sol-offensive-move', move).then(['PiecesMoved', 'SolOffensiveMoved']);
      expect(troopsIn(await g.state('sol'), 'vel-terro', 'sol')).toHaveLength(3);
      await g
        .when('sol', 'sol-offensive-move', { ...move, troops: 1 })
        .thenRefuses('no_sol_offensive', RULES.solImmune);
    });
    it('Sol’s look at the top Bombardment card stays Sol’s in every view but a judge’s', async () => {
      const g = await RexTable.started(api, organizer, {
        factions: ['sol', 'hacan', 'lazax'],
        setup: { bombardmentDeck: [5, 2] },
        public: true,
      });
      await g.decide('sol', 'begin');
      const peek = (await g.when('sol', 'peek-bombardment').then(['BombardmentTopPeeked'])).find(
        (e) => e.type === 'BombardmentTopPeeked',
      )!;
      const judge = session(
        ok(
          await api.client.POST('/api/v1/judges', {
            headers: organizer.headers,
            body: { name: 'Судья', matchId: g.id },
          }),
          201,
        ).token,
      );
      /** The look as `who` reads it in the events page and the feed; whether it may export. */
      const readsOf = async (who?: Session) => {
        const headers = who?.headers ?? {};
        const page = ok(
          await api.client.GET('/api/v1/matches/{id}/events', {
            headers,
            params: { path: { id: g.id } },
          }),
          200,
        );
        const feed = await api.fetchChecked(
          '/api/v1/feed',
          `/api/v1/feed?format=ndjson&wait=0&after=0&match=${g.id}&types=BombardmentTopPeeked`,
          { headers },
        );
        const [line] = (await feed.text()).split('\n').filter(Boolean);
        const exported = await api.fetchChecked(
          '/api/v1/matches/{id}/export',
          `/api/v1/matches/${g.id}/export`,
          { headers },
        );
        const exportText = await exported.text();
        return {
          reads: [page.events.find((e) => e.seq === peek.seq), (JSON.parse(line) as Json).event],
          export: exported.status === 200 ? exportText.includes('"value":5') : exported.status,
        };
      };
      const sees = ({ reads }: { reads: unknown[] }) =>
        reads.map((read) => JSON.stringify(read ?? null).includes('"value":5'));
      // The export of a live match holds every secret: only judges and admins may take it.
      const sol = await readsOf(g.seats.sol);
      expect([sees(sol), sol.export]).toEqual([[true, true], 403]);
      for (const who of [g.seats.hacan, g.seats.lazax, undefined]) {
        const read = await readsOf(who);
        expect(read.reads.every((r) => r !== undefined)).toBe(true);
        expect([sees(read), read.export]).toEqual([[false, false], 403]);
      }
      // A judge sees every hidden thing, and each such read is recorded in the audit log.
      const audited = async () =>
        ok(
          await api.client.GET('/api/v1/matches/{id}/audit-log', {
            headers: organizer.headers,
            params: { path: { id: g.id } },
          }),
          200,
        ).events.length;
      const before = await audited();
      const judged = await readsOf(judge);
      expect([sees(judged), judged.export]).toEqual([[true, true], true]);
      expect(await audited()).toBeGreaterThan(before);
    });
  });

  describe('sectors', () => {
    const adminus = (troopSectors: string) =>
      given({
        factions: ['sol', 'hacan', 'lazax'],
        setup: {
          fleetSector: 9,
          bombardmentDeck: [2],
          factions: [
            { faction: 'hacan', placements: [{ location: 'adminus-imperialis', troops: 3 }] },
          ],
        },
        options: { troopSectors },
      });

    it('troopSectors = whole-location (the default): a bombarded sector closes the whole location', async () => {
      const g = await adminus('whole-location');
      await g.advanceTo('maneuvers');
      await g
        .when('sol', 'deploy', { location: 'adminus-imperialis', troops: 1 })
        .thenRefuses('bombarded_sector', RULES.bombardedSector);
    });

    it('troopSectors = one-sector: troops stand in one sector; only the bombarded one is closed', async () => {
      const g = await adminus('one-sector');
      await g.advanceTo('maneuvers');
      await g
        .when('sol', 'deploy', { location: 'adminus-imperialis', troops: 1, sector: 9 })
        .thenRefuses('bombarded_sector', RULES.bombardedSector);
      await g
        .when('sol', 'deploy', { location: 'adminus-imperialis', troops: 1, sector: 3 })
        .thenRefuses('not_in_location', RULES.fleetCoversSector);
      await g
        .when('sol', 'deploy', { location: 'adminus-imperialis', troops: 2, sector: 8 })
        .then(['TroopsDeployed']);
      const s = await g.state('sol');
      expect(troopsIn(s, 'adminus-imperialis', 'sol').map((p) => p.attrs.sector)).toEqual([8, 8]);
    });

    it('bombardmentOwnSector: under the sector reading a card naming the Fleet’s sector moves it nowhere, or a full lap', async () => {
      const play = async (bombardmentOwnSector: string) => {
        const g = await given({
          factions: ['letnev', 'hacan', 'sol'],
          setup: {
            fleetSector: 3,
            bombardmentDeck: [3],
            factions: [{ faction: 'sol', placements: [{ location: 'tarragus-slums', troops: 3 }] }],
          },
          options: { bombardmentCard: 'sector', bombardmentOwnSector },
        });
        await g.advanceTo('bombardment');
        const events = await g.decide('letnev', 'draw-bombardment');
        return { events, troops: troopsIn(await g.state('sol'), 'tarragus-slums', 'sol') };
      };
      const stays = await play('no-move');
      expect(stays.events.filter((e) => e.type === 'DreadnoughtFleetStepped')).toHaveLength(0);
      expect(stays.troops).toHaveLength(3);
      const lap = await play('full-lap');
      expect(lap.events.filter((e) => e.type === 'DreadnoughtFleetStepped')).toHaveLength(18);
      expect(lap.troops).toHaveLength(0);
    });
  });

  it('a concession: refused before the game begins; then the race leaves play, and a second one is refused', async () => {
    const g = await RexTable.started(api, organizer, {
      factions: ['sol', 'hacan', 'lazax'],
      setup: {
        fleetSector: 9,
        factions: [{ faction: 'hacan', placements: [{ location: 'archive-hall', troops: 3 }] }],
      },
    });
    await g.when('hacan', 'concede').thenRefuses('not_begun', RULESET_CHOICES.concession);
    await g.decide('sol', 'begin');
    const conceded = await g.when('hacan', 'concede').then(['SeatConceded']);
    expect(conceded.find((e) => e.type === 'SeatConceded')?.data).toMatchObject({
      seat: 'hacan',
      ruleRef: RULESET_CHOICES.concession,
    });
    const s = await g.state('sol');
    expect(troopsIn(s, 'archive-hall', 'hacan')).toHaveLength(0);
    expect(s.table.tracks['influence:hacan'].value).toBe(0);
    expect(s.derived.conceded).toEqual(['hacan']);
    await g.when('hacan', 'concede').thenRefuses('conceded', RULESET_CHOICES.concession);
  });
});
