import { createHash } from 'node:crypto';
import { canonicalJson } from '../../src/domain/events/canonical-json';
import type { components } from '../../web/src/api/matchlog-api';
import {
  asNewOrganizer,
  createApi,
  seatSessions,
  type Api,
  type Session,
  anyDecision,
} from '../support/api-client';
import { ok } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';
import { RULES, RULESET_CHOICES } from '../../src/domain/rulesets/rex/rex-rules-text';

/**
 * One whole round of Rex by four races over HTTP, through the client generated from the
 * OpenAPI document: Radar Tracking in the Influence phase, Diplomatic Intervention in Bidding,
 * Recruits in Recruitment, Informant–Deployment and Accelerated Mobilization in Maneuvers, an
 * Xxcha flip, Collection, a concession before the Bombardment, and the next round without the
 * race that conceded. The table is checked after each phase; cards out of their window are
 * refused with 422 and the rule.
 */

type Problem = components['schemas']['ProblemDto'];
type Seat = 'sol' | 'hacan' | 'lazax' | 'xxcha';
interface Piece {
  id: string;
  zone: string;
  type: string;
  owner?: string;
  attrs: Record<string, unknown>;
}
interface TableState {
  table: {
    pieces: Record<string, Piece>;
    tracks: Record<string, { value: number }>;
    turn: { round: number; phase?: string; active: string[] };
    zones: Record<string, { hiddenCount?: number }>;
  };
  derived: Record<string, unknown>;
}

const special = (effect: string, en: string, ru: string) => ({
  name: { en, ru },
  category: 'special',
  effect,
});
const gun = {
  name: { en: 'Energy Gun', ru: 'Энерго-ружье' },
  category: 'attack',
  weapon: 'energy',
};
const shield = { name: { en: 'Shield', ru: 'Щит' }, category: 'defense', stops: ['energy'] };

describe('a round of Rex by four races over HTTP', () => {
  let app: TestApp;
  let api: Api;
  let matchId: string;
  let seats: Record<Seat, Session>;

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
  });
  afterAll(async () => {
    await app.close();
  });

  const post = (seat: Seat, kind: string, params: Record<string, unknown> = {}) =>
    api.client.POST('/api/v1/matches/{id}/decisions', {
      headers: seats[seat].headers,
      params: { path: { id: matchId } },
      body: anyDecision({ kind, params }),
    });
  const decide = async (seat: Seat, kind: string, params: Record<string, unknown> = {}) =>
    ok(await post(seat, kind, params), 201).events as { type: string; data: any }[]; // eslint-disable-line @typescript-eslint/no-explicit-any
  const refused = async (seat: Seat, kind: string, params: Record<string, unknown>) => {
    const result = await post(seat, kind, params);
    expect(result.response.status).toBe(422);
    return result.error as Problem;
  };
  const state = async (seat: Seat = 'sol'): Promise<TableState> =>
    ok(
      await api.client.GET('/api/v1/matches/{id}/state', {
        headers: seats[seat].headers,
        params: { path: { id: matchId } },
      }),
      200,
    ) as unknown as TableState;
  const troops = (s: TableState, zone: string, owner: string) =>
    Object.values(s.table.pieces).filter(
      (p) => p.zone === zone && p.owner === owner && p.type.endsWith('troop'),
    );
  const cardOf = async (seat: Seat, effect: string) => {
    const s = await state(seat);
    const card = Object.values(s.table.pieces).find(
      (p) => p.zone === `hand:${seat}` && p.attrs.effect === effect,
    );
    if (!card) throw new Error(`${seat} holds no ${effect}`);
    return card.id;
  };

  it('plays Influence, Bidding, Recruitment, Maneuvers, Combat and Collection, a concession and the Bombardment', async () => {
    const organizer = await asNewOrganizer(api, 'Клуб «Мекатол»');
    const created = ok(
      await api.client.POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          ruleset: 'rex',
          title: 'Раунд на четверых',
          seats: [
            { seat: 'sol', faction: 'sol' },
            { seat: 'hacan', faction: 'hacan' },
            { seat: 'lazax', faction: 'lazax' },
            { seat: 'xxcha', faction: 'xxcha' },
          ],
          options: { deckOrder: 'as-listed' },
          setup: {
            fleetSector: 9,
            startingStrategy: 2,
            influenceDeck: [
              {
                kind: 'standard',
                places: [
                  { location: 'archive-hall', amount: 4 },
                  { location: 'sallab-slums', amount: 2 },
                ],
              },
            ],
            influenceDiscard: [
              {
                kind: 'standard',
                places: [
                  { location: 'cartography-hall', amount: 2 },
                  { location: 'imperial-intelligence-hq', amount: 2 },
                ],
              },
            ],
            bombardmentDeck: [1],
            strategyDeck: [
              special('radar-tracking', 'Radar Tracking', 'Отслеживание Радаром'),
              special(
                'informant-deployment',
                'Informant – Deployment',
                'Информатор – Развертывания',
              ),
              special(
                'diplomatic-intervention',
                'Diplomatic Intervention',
                'Дипломатическое Вмешательство',
              ),
              special(
                'accelerated-mobilization',
                'Accelerated Mobilization',
                'Ускоренная Мобилизация',
              ),
              special('recruits', 'Recruits', 'Новобранцы'),
              gun,
              shield,
              special('graviton-inverter', 'Graviton Inverter', 'Инвертор Гравитона'),
              gun,
              gun,
              gun,
              gun,
            ],
            factions: [
              { faction: 'hacan', placements: [{ location: 'archive-hall', troops: 2 }] },
              { faction: 'lazax', placements: [{ location: 'cartography-hall', troops: 3 }] },
              { faction: 'xxcha', placements: [{ location: 'imperial-palace', troops: 3 }] },
            ],
          },
        },
      }),
      201,
    );
    matchId = created.matchId;
    seats = seatSessions(created) as Record<Seat, Session>;
    for (const seat of ['sol', 'hacan', 'lazax', 'xxcha'] as const)
      ok(
        await api.client.POST('/api/v1/matches/{id}/seats/{seat}/claim', {
          headers: seats[seat].headers,
          params: { path: { id: matchId, seat } },
          body: { name: seat },
        }),
        201,
      );
    ok(
      await api.client.POST('/api/v1/matches/{id}/start', {
        headers: seats.sol.headers,
        params: { path: { id: matchId } },
      }),
      201,
    );
    // Xxcha seals its prediction, then the game begins.
    const salt = createHash('sha256').update('xxcha-prediction').digest('hex').slice(0, 32);
    const prediction = { seat: 'hacan', round: 8 };
    ok(
      await api.client.POST('/api/v1/matches/{id}/decisions/sealed', {
        headers: seats.xxcha.headers,
        params: { path: { id: matchId } },
        body: {
          kind: 'predict',
          commitment: createHash('sha256')
            .update(salt + canonicalJson(prediction))
            .digest('hex'),
        },
      }),
      201,
    );
    await decide('sol', 'begin');
    // A Strategy card in hand is the holder's alone.
    const seenByHacan = await state('hacan');
    expect(seenByHacan.table.zones['hand:sol'].hiddenCount).toBe(2);
    expect(Object.values(seenByHacan.table.pieces).some((p) => p.zone === 'hand:sol')).toBe(false);

    // Influence: Radar Tracking strikes the last Influence locations, then the card is revealed.
    const recruits = await cardOf('lazax', 'recruits');
    const early = await refused('lazax', 'play-strategy', { card: recruits });
    expect(early.rule).toMatchObject({ code: 'out_of_window', ref: RULES.recruitsStack });
    const radar = await decide('sol', 'play-strategy', {
      card: await cardOf('sol', 'radar-tracking'),
    });
    expect(radar.find((e) => e.type === 'SolOffensiveResolved')?.data).toMatchObject({
      locations: ['cartography-hall', 'imperial-intelligence-hq'],
      ruleRef: RULES.radarTracking,
    });
    await decide('sol', 'reveal-influence');
    let s = await state();
    expect(troops(s, 'cartography-hall', 'lazax')).toHaveLength(0);
    expect(s.table.tracks['influence@archive-hall'].value).toBe(4);
    expect(s.table.tracks['influence@cartography-hall']?.value ?? 0).toBe(0);
    expect(s.table.turn.phase).toBe('bidding');

    // Bidding: Diplomatic Intervention bars Xxcha and one lot.
    const barred = await decide('hacan', 'play-strategy', {
      card: await cardOf('hacan', 'diplomatic-intervention'),
      seat: 'xxcha',
    });
    expect(barred.map((e) => e.type)).toEqual(
      expect.arrayContaining(['BidderBarred', 'AuctionLotWithdrawn']),
    );
    s = await state();
    expect(s.derived.auction).toMatchObject({
      lot: 1,
      lots: 3,
      bidders: ['sol', 'hacan', 'lazax'],
    });
    await decide('sol', 'bid', { amount: 1 });
    await decide('hacan', 'pass-bid');
    await decide('lazax', 'pass-bid');
    for (let lot = 2; lot <= 3; lot += 1)
      for (const seat of ['sol', 'hacan', 'lazax'] as const) await decide(seat, 'pass-bid');
    s = await state();
    expect(s.table.turn.phase).toBe('recruitment');
    expect((s.derived.handSizes as Record<string, number>).sol).toBe(2);
    expect(s.table.tracks['influence:lazax'].value).toBe(11);

    // Recruitment: Recruits brings three troops back free.
    await decide('lazax', 'play-strategy', { card: recruits });
    const recruited = await decide('lazax', 'recruit', { troops: 3 });
    expect(recruited.find((e) => e.type === 'TroopsRecruited')?.data).toMatchObject({
      free: 3,
      cost: 0,
    });
    s = await state();
    expect(s.table.turn).toMatchObject({ phase: 'maneuvers', active: ['sol'] });
    expect(troops(s, 'losses:lazax', 'lazax')).toHaveLength(0);

    // Maneuvers: Sol deploys twice (Informant), Hacan moves twice (Accelerated Mobilization),
    // Xxcha turns its troops face down.
    await decide('sol', 'deploy', { location: 'vel-terro', troops: 2 });
    const informant = await decide('sol', 'play-strategy', {
      card: await cardOf('sol', 'informant-deployment'),
      location: 'embassy-quarters',
      troops: 1,
    });
    expect(informant.find((e) => e.type === 'TroopsDeployed')?.data).toMatchObject({
      cost: 1,
      payee: 'bank',
      informant: true,
    });
    await decide('sol', 'end-turn');
    await decide('hacan', 'play-strategy', {
      card: await cardOf('hacan', 'accelerated-mobilization'),
      from: 'archive-hall',
      location: 'sallab-slums',
      troops: 2,
    });
    await decide('hacan', 'move', { from: 'sallab-slums', to: 'tarragus-slums', troops: 2 });
    await decide('lazax', 'end-turn');
    await decide('xxcha', 'flip-troops', { location: 'imperial-palace' });
    s = await state();
    expect(troops(s, 'vel-terro', 'sol')).toHaveLength(2);
    expect(troops(s, 'embassy-quarters', 'sol')).toHaveLength(1);
    expect(troops(s, 'tarragus-slums', 'hacan')).toHaveLength(2);
    expect(troops(s, 'imperial-palace', 'xxcha').every((p) => p.attrs.faceDown === true)).toBe(
      true,
    );
    // Face-down Xxcha troops do not control the Palace (option faceDownControl).
    expect((s.derived.control as Record<string, string>)['imperial-palace']).toBeUndefined();

    // Combat had no battle; Collection paid the Support Fleet; Bombardment is next.
    await decide('xxcha', 'end-turn');
    s = await state();
    expect(s.table.turn).toMatchObject({ phase: 'bombardment', active: ['sol'] });
    expect(s.table.tracks['influence@archive-hall'].value).toBe(4);

    // Lazax concedes: its race leaves play, the others play on.
    const conceded = await decide('lazax', 'concede');
    expect(conceded.find((e) => e.type === 'SeatConceded')?.data).toMatchObject({
      seat: 'lazax',
      ruleRef: RULESET_CHOICES.concession,
    });
    s = await state();
    expect(troops(s, 'box', 'lazax')).toHaveLength(20);
    expect(s.table.tracks['influence:lazax'].value).toBe(0);
    expect(s.derived.conceded).toEqual(['lazax']);
    expect((await refused('lazax', 'concede', {})).rule).toMatchObject({
      code: 'conceded',
      ref: RULESET_CHOICES.concession,
    });

    // Bombardment: the Fleet steps into sector 10 and strikes Vel Terro; the next round begins.
    await decide('sol', 'draw-bombardment');
    s = await state();
    expect(troops(s, 'vel-terro', 'sol')).toHaveLength(0);
    expect(s.table.turn).toMatchObject({ round: 2, phase: 'influence', active: ['hacan'] });
    expect(s.derived.turnOrder).toEqual(['hacan', 'xxcha', 'sol']);
    expect(api.checks.failures).toEqual([]);
  });
});
