import { MatchHarness } from '@test/support/match-harness';
import { viewTable } from '../../../match/match-view';
import { tableEvent } from '../../../table/table-events';
import { handOf, TRACKS, troopsAt, ZONES } from '../rex-board';
import type { StrategyEffect } from '../rex-events';
import { RULES } from '../rex-rules-text';
import type { RexState } from '../rex-state';
import { rexRuleset } from '../rex.ruleset';
import { advanceTo, dataOf, seatsOf } from '../rex.testkit';

/**
 * Strategy cards played outside battle (play-strategy), each in its window with its effect
 * on the table, and refused out of it citing its rule. Sol, Hacan and Lazax each start with
 * four listed cards (the deck is dealt as listed: Sol's four, then Hacan's, then Lazax's).
 */

const NAMES: Record<StrategyEffect, [string, string]> = {
  retreat: ['Tactical Retreat', 'Тактическое Отступление'],
  recruits: ['Recruits', 'Новобранцы'],
  'informant-deployment': ['Informant – Deployment', 'Информатор – Развертывания'],
  'informant-cancellation': ['Informant – Cancellation', 'Информатор – Аннулирования'],
  'accelerated-mobilization': ['Accelerated Mobilization', 'Ускоренная Мобилизация'],
  'diplomatic-intervention': ['Diplomatic Intervention', 'Дипломатическое Вмешательство'],
  'graviton-inverter': ['Graviton Inverter', 'Инвертор Гравитона'],
  'radar-tracking': ['Radar Tracking', 'Отслеживание Радаром'],
};

const card = (effect: StrategyEffect) => ({
  name: { en: NAMES[effect][0], ru: NAMES[effect][1] },
  category: effect === 'retreat' ? 'defense' : 'special',
  effect,
});
const gun = {
  name: { en: 'Energy Gun', ru: 'Энерго-ружье' },
  category: 'attack',
  weapon: 'energy',
};

const HANDS: Record<'sol' | 'hacan' | 'lazax', StrategyEffect[]> = {
  sol: ['radar-tracking', 'graviton-inverter', 'informant-deployment', 'accelerated-mobilization'],
  hacan: ['recruits', 'recruits', 'diplomatic-intervention', 'informant-cancellation'],
  lazax: ['retreat', 'graviton-inverter', 'accelerated-mobilization', 'radar-tracking'],
};

function game(
  setup: Record<string, unknown> = {},
  options: Record<string, unknown> = {},
): MatchHarness<RexState> {
  return new MatchHarness(rexRuleset).started(seatsOf('sol', 'hacan', 'lazax'), {
    setup: {
      startingStrategy: 4,
      strategyDeck: [
        ...HANDS.sol.map(card),
        ...HANDS.hacan.map(card),
        ...HANDS.lazax.map(card),
        ...Array.from({ length: 6 }, () => gun),
      ],
      ...setup,
    },
    options: { deckOrder: 'as-listed', ...options },
  });
}

/** The id of the first card in `seat`'s hand with `effect`. */
function cardIn(g: MatchHarness<RexState>, seat: string, effect: StrategyEffect): string {
  const found = handOf(g.state.table, seat).find((p) => p.attrs.effect === effect);
  if (!found) throw new Error(`${seat} holds no ${effect}`);
  return found.id;
}

const inDiscard = (g: MatchHarness<RexState>, id: string) =>
  g.state.table.pieces[id].zone === ZONES.strategyDiscard;

const influence = (g: MatchHarness<RexState>, seat: string) =>
  g.state.table.tracks[TRACKS.seat(seat)].value;

describe('Strategy cards played outside battle', () => {
  it('keeps a Strategy card in hand seat-only in every view until it is played', () => {
    const g = game();
    g.play('sol', 'begin');
    const radar = cardIn(g, 'sol', 'radar-tracking');
    for (const viewer of [
      { kind: 'seat', seat: 'hacan' } as const,
      { kind: 'public' } as const,
      { kind: 'seat', seat: 'lazax' } as const,
    ]) {
      const view = viewTable(g.state.table, viewer, false);
      expect(view.pieces[radar]).toBeUndefined();
      expect(view.zones[ZONES.hand('sol')].hiddenCount).toBe(4);
    }
    expect(viewTable(g.state.table, { kind: 'seat', seat: 'sol' }, false).pieces[radar]).toEqual(
      expect.objectContaining({ zone: ZONES.hand('sol') }),
    );
    const dealt = g.events.filter(
      (e) => e.type === 'CardsDrawn' && (e.data as { to: string }).to === ZONES.hand('sol'),
    );
    expect(dealt.map((e) => e.meta.visibility)).toEqual(['seat:sol']);
  });

  it('refuses Tactical Retreat outside battle, citing the card', () => {
    const g = game();
    g.play('sol', 'begin');
    g.when('lazax', 'play-strategy', { card: cardIn(g, 'lazax', 'retreat') }).thenRejects(
      'played_in_battle',
      RULES.retreat,
    );
  });

  it('refuses a card that is not in the player’s hand', () => {
    const g = game();
    g.play('sol', 'begin');
    g.when('hacan', 'play-strategy', {
      card: cardIn(g, 'sol', 'radar-tracking'),
    }).thenRejects('not_in_hand', RULES.noFreeDiscard);
  });

  describe('Recruits', () => {
    const lost = (seat: string, n: number) =>
      tableEvent('PiecesDestroyed', {
        pieces: Array.from({ length: n }, (_, i) => `troop:${seat}:${i + 1}`),
        cause: 'earlier rounds',
      });

    it('is refused outside the Recruitment phase', () => {
      const g = game();
      g.play('sol', 'begin');
      g.when('hacan', 'play-strategy', { card: cardIn(g, 'hacan', 'recruits') }).thenRejects(
        'out_of_window',
        RULES.recruitsStack,
      );
    });

    it('stacks in one Recruitment phase: each card recruits more troops free', () => {
      const g = game({}, { recruitsCardTroops: 3, troopRecruitCost: 2 }).given([lost('hacan', 8)]);
      g.play('sol', 'begin');
      advanceTo(g, 'recruitment');
      const first = cardIn(g, 'hacan', 'recruits');
      g.when('hacan', 'play-strategy', { card: first }).then([
        {
          type: 'StrategyCardPlayed',
          data: { seat: 'hacan', card: first, effect: 'recruits', ruleRef: RULES.recruitsStack },
        },
        { type: 'CardsPlayed', data: { pieces: [first], to: ZONES.strategyDiscard } },
      ]);
      g.play('hacan', 'play-strategy', { card: cardIn(g, 'hacan', 'recruits') });
      const before = influence(g, 'hacan');
      const events = g.play('hacan', 'recruit', { troops: 8 });
      expect(dataOf(events, 'TroopsRecruited')[0]).toMatchObject({ free: 6, cost: 4 });
      expect(influence(g, 'hacan')).toBe(before - 4);
      expect(inDiscard(g, first)).toBe(true);
    });
  });

  describe('Diplomatic Intervention', () => {
    it('bars one bidder and withdraws one lot, before the first bid only', () => {
      const g = game({}, { handLimit: 8 });
      g.play('sol', 'begin');
      const intervention = cardIn(g, 'hacan', 'diplomatic-intervention');
      g.when('hacan', 'play-strategy', { card: intervention, seat: 'lazax' }).thenRejects(
        'out_of_window',
        RULES.diplomaticIntervention,
      );
      advanceTo(g, 'bidding');
      expect(g.state.rs.auction?.cards).toHaveLength(3);
      g.when('hacan', 'play-strategy', { card: intervention, seat: 'lazax' }).then([
        {
          type: 'StrategyCardPlayed',
          data: { effect: 'diplomatic-intervention', target: 'lazax' },
        },
        { type: 'CardsPlayed' },
        { type: 'BidderBarred', data: { seat: 'lazax', by: 'hacan' } },
        { type: 'CardsDrawn', data: { deck: ZONES.auction, to: ZONES.strategyDeck } },
        { type: 'AuctionLotWithdrawn', data: { lot: 3 } },
        { type: 'PhaseStarted', data: { phase: 'bidding', active: ['sol', 'hacan'] } },
      ]);
      expect(g.state.rs.auction).toMatchObject({ bidders: ['sol', 'hacan'] });
      expect(g.state.rs.auction?.cards).toHaveLength(2);
      g.when('lazax', 'bid', { amount: 1 }).thenRejects('not_your_turn');
      g.play('sol', 'bid', { amount: 1 });
      g.play('hacan', 'pass-bid');
      // Lot 2: Lazax is still barred; the auction ends after it (one lot fewer).
      expect(g.state.rs.auction).toMatchObject({ lot: 2, bidders: ['sol', 'hacan'] });
      g.play('sol', 'pass-bid');
      const closed = g.play('hacan', 'pass-bid');
      expect(dataOf(closed, 'AuctionClosed')[0]).toEqual({ sold: 1, unsold: 1 });
    });

    it('is refused once a bid is placed', () => {
      const g = game({}, { handLimit: 8 });
      g.play('sol', 'begin');
      advanceTo(g, 'bidding');
      g.play('sol', 'bid', { amount: 1 });
      g.when('hacan', 'play-strategy', {
        card: cardIn(g, 'hacan', 'diplomatic-intervention'),
        seat: 'lazax',
      }).thenRejects('out_of_window', RULES.diplomaticIntervention);
    });
  });

  describe('Informant – Deployment', () => {
    const setup = {
      fleetSector: 9,
      factions: [
        { faction: 'hacan', placements: [{ location: 'archive-hall', troops: 2 }] },
        { faction: 'sol', influence: 20 },
      ],
    };

    it('deploys into a second location in the turn, Sol at 1 per troop, Hacan unpaid', () => {
      const g = game(setup);
      g.play('sol', 'begin');
      g.when('sol', 'play-strategy', {
        card: cardIn(g, 'sol', 'informant-deployment'),
        location: 'archive-hall',
        troops: 3,
      }).thenRejects('out_of_window', RULES.informantDeployment);
      advanceTo(g, 'maneuvers');
      g.play('sol', 'deploy', { location: 'tarragus-slums', troops: 2 });
      const informant = cardIn(g, 'sol', 'informant-deployment');
      const hacanBefore = influence(g, 'hacan');
      g.when('sol', 'play-strategy', {
        card: informant,
        location: 'tarragus-slums',
        troops: 1,
      }).thenRejects('same_location', RULES.informantDeployment);
      const events = g.play('sol', 'play-strategy', {
        card: informant,
        location: 'archive-hall',
        troops: 3,
      });
      expect(dataOf(events, 'TroopsDeployed')[0]).toMatchObject({
        location: 'archive-hall',
        enemiesPresent: true,
        cost: 3,
        payee: 'bank',
        informant: true,
        ruleRef: RULES.informantDeploymentHacan,
      });
      expect(influence(g, 'sol')).toBe(20 - 2 - 3);
      expect(influence(g, 'hacan')).toBe(hacanBefore);
      expect(troopsAt(g.state.table, 'archive-hall', 'sol')).toHaveLength(3);
      expect(g.state.table.turn.active).toEqual(['sol']);
      expect(inDiscard(g, informant)).toBe(true);
    });

    it('is refused in another seat’s Maneuvers turn', () => {
      const g = game(setup);
      g.play('sol', 'begin');
      advanceTo(g, 'maneuvers');
      g.play('sol', 'end-turn');
      expect(g.state.table.turn.active).toEqual(['hacan']);
      g.when('sol', 'play-strategy', {
        card: cardIn(g, 'sol', 'informant-deployment'),
        location: 'archive-hall',
        troops: 1,
      }).thenRejects('out_of_window', RULES.informantDeployment);
    });

    it('refuses Accelerated Mobilization out of the player’s own Maneuvers turn (on this setup)', () => {
      const g = game(setup);
      g.play('sol', 'begin');
      advanceTo(g, 'maneuvers');
      g.when('lazax', 'play-strategy', {
        card: cardIn(g, 'lazax', 'accelerated-mobilization'),
        from: 'archive-hall',
        location: 'sallab-slums',
        troops: 1,
      }).thenRejects('out_of_window', RULES.mobilization);
    });
  });

  describe('Accelerated Mobilization', () => {
    const setup = {
      fleetSector: 9,
      factions: [{ faction: 'sol', placements: [{ location: 'archive-hall', troops: 4 }] }],
    };

    it('makes an extra move (the same troops may move again), the turn goes on', () => {
      const g = game(setup);
      g.play('sol', 'begin');
      advanceTo(g, 'maneuvers');
      const mobilization = cardIn(g, 'sol', 'accelerated-mobilization');
      const events = g.play('sol', 'play-strategy', {
        card: mobilization,
        from: 'archive-hall',
        location: 'civilian-spaceport',
        troops: 4,
      });
      expect(dataOf(events, 'TroopsMoved')[0]).toMatchObject({
        from: 'archive-hall',
        to: 'civilian-spaceport',
        range: 2,
      });
      expect(g.state.table.turn.active).toEqual(['sol']);
      g.play('sol', 'move', { from: 'civilian-spaceport', to: 'tarragus-slums', troops: 4 });
      expect(troopsAt(g.state.table, 'tarragus-slums', 'sol')).toHaveLength(4);
      expect(g.state.table.turn.active).toEqual(['hacan']);
    });

    it('moves one adjacent location under option acceleratedMobilizationRange = adjacent', () => {
      const g = game(setup, { acceleratedMobilizationRange: 'adjacent' });
      g.play('sol', 'begin');
      advanceTo(g, 'maneuvers');
      g.when('sol', 'play-strategy', {
        card: cardIn(g, 'sol', 'accelerated-mobilization'),
        from: 'archive-hall',
        location: 'civilian-spaceport',
        troops: 4,
      }).thenRejects('too_far', RULES.mobilizationRange);
    });
  });

  describe('Graviton Inverter', () => {
    it('destroys every troop of a shielded location under bombardment', () => {
      const g = game({
        fleetSector: 9,
        factions: [
          { faction: 'sol', placements: [{ location: 'south-power-station', troops: 2 }] },
          { faction: 'lazax', placements: [{ location: 'south-power-station', troops: 3 }] },
        ],
      });
      g.play('sol', 'begin');
      const inverter = cardIn(g, 'sol', 'graviton-inverter');
      g.when('sol', 'play-strategy', { card: inverter, location: 'tarragus-slums' }).thenRejects(
        'not_shielded',
        RULES.graviton,
      );
      g.when('hacan', 'play-strategy', {
        card: cardIn(g, 'lazax', 'graviton-inverter'),
        location: 'south-power-station',
      }).thenRejects('not_in_hand');
      g.when('sol', 'play-strategy', { card: inverter, location: 'south-power-station' }).then([
        { type: 'StrategyCardPlayed', data: { effect: 'graviton-inverter' } },
        { type: 'CardsPlayed' },
        { type: 'PiecesDestroyed', data: { cause: 'graviton-inverter' } },
        {
          type: 'ShieldInverted',
          data: { location: 'south-power-station', until: 'rest-of-game' },
        },
      ]);
      expect(troopsAt(g.state.table, 'south-power-station')).toHaveLength(0);
      expect(
        Object.values(g.state.table.pieces).filter((p) => p.zone === ZONES.losses('lazax')),
      ).toHaveLength(3);
    });

    it('takes the shield away: the Fleet then strikes the location', () => {
      const g = game({
        fleetSector: 8,
        bombardmentDeck: [1, 2, 3],
        factions: [
          { faction: 'lazax', placements: [{ location: 'south-power-station', troops: 3 }] },
        ],
      });
      g.play('sol', 'begin');
      g.play('lazax', 'play-strategy', {
        card: cardIn(g, 'lazax', 'graviton-inverter'),
        location: 'south-power-station',
      });
      expect(troopsAt(g.state.table, 'south-power-station')).toHaveLength(3);
      advanceTo(g, 'bombardment');
      const events = g.play('sol', 'draw-bombardment');
      expect(dataOf(events, 'BombardmentHit')).toEqual([
        expect.objectContaining({ sector: 9, location: 'south-power-station' }),
      ]);
      expect(troopsAt(g.state.table, 'south-power-station')).toHaveLength(0);
    });

    it('is refused outside the Bombardment phase under gravitonInverterWindow = bombardment', () => {
      const g = game(
        {
          factions: [{ faction: 'sol', placements: [{ location: 'imperial-palace', troops: 1 }] }],
        },
        { gravitonInverterWindow: 'bombardment' },
      );
      g.play('sol', 'begin');
      g.when('sol', 'play-strategy', {
        card: cardIn(g, 'sol', 'graviton-inverter'),
        location: 'imperial-palace',
      }).thenRejects('out_of_window', RULES.graviton);
    });
  });

  describe('Radar Tracking', () => {
    const setup = {
      startRound: 2,
      fleetSector: 13,
      influenceDeck: [{ kind: 'sol-offensive' }, { kind: 'ceasefire' }],
      influenceDiscard: [
        {
          kind: 'standard',
          places: [
            { location: 'archive-hall', amount: 2 },
            { location: 'cartography-hall', amount: 4 },
          ],
        },
      ],
      factions: [
        { faction: 'lazax', placements: [{ location: 'archive-hall', troops: 3 }] },
        { faction: 'sol', placements: [{ location: 'cartography-hall', troops: 2 }] },
      ],
    };

    it('strikes the locations Influence was last placed in, sparing Sol; a later Sol Offensive is removed', () => {
      const g = game(setup);
      g.play('sol', 'begin');
      const radar = cardIn(g, 'sol', 'radar-tracking');
      const events = g.play('sol', 'play-strategy', { card: radar });
      expect(dataOf(events, 'SolOffensiveResolved')[0]).toMatchObject({
        card: radar,
        locations: ['archive-hall', 'cartography-hall'],
        immune: [{ location: 'cartography-hall', seat: 'sol', troops: 2 }],
        ruleRef: RULES.radarTracking,
      });
      expect(troopsAt(g.state.table, 'archive-hall')).toHaveLength(0);
      expect(troopsAt(g.state.table, 'cartography-hall', 'sol')).toHaveLength(2);
      const revealed = g.play('sol', 'reveal-influence');
      expect(dataOf(revealed, 'SolOffensiveIgnored')[0]).toMatchObject({
        reason: 'radar',
        ruleRef: RULES.radarRepeat,
      });
    });

    it('is refused outside the Influence phase by default', () => {
      const g = game({
        ...setup,
        influenceDeck: [{ kind: 'standard', places: setup.influenceDiscard[0].places }],
      });
      g.play('sol', 'begin');
      advanceTo(g, 'maneuvers');
      g.when('sol', 'play-strategy', { card: cardIn(g, 'sol', 'radar-tracking') }).thenRejects(
        'out_of_window',
        RULES.radarTracking,
      );
    });
  });

  describe('Informant – Cancellation', () => {
    it('cancels Sol’s look until the next Bombardment phase', () => {
      const g = game({ fleetSector: 9 });
      g.play('sol', 'begin');
      const cancellation = cardIn(g, 'hacan', 'informant-cancellation');
      g.when('hacan', 'play-strategy', {
        card: cancellation,
        seat: 'lazax',
        ability: 'sol-look',
      }).thenRejects('not_that_race', RULES.informantCancellation);
      g.when('hacan', 'play-strategy', {
        card: cancellation,
        seat: 'sol',
        ability: 'sol-look',
      }).then([
        { type: 'StrategyCardPlayed', data: { target: 'sol', ability: 'sol-look' } },
        { type: 'CardsPlayed' },
        { type: 'AbilityCancelled', data: { seat: 'sol', ability: 'sol-look', by: 'hacan' } },
      ]);
      g.when('sol', 'peek-bombardment').thenRejects('look_cancelled', RULES.solLook);
      advanceTo(g, 'bombardment');
      g.play('sol', 'peek-bombardment');
    });

    it('sends Lazax’s payment for one Strategy card to the Bank', () => {
      const g = game({}, { handLimit: 8 });
      g.play('sol', 'begin');
      g.play('hacan', 'play-strategy', {
        card: cardIn(g, 'hacan', 'informant-cancellation'),
        seat: 'lazax',
        ability: 'lazax-payment',
      });
      advanceTo(g, 'bidding');
      const lazaxBefore = influence(g, 'lazax');
      g.play('sol', 'bid', { amount: 2 });
      g.play('hacan', 'pass-bid');
      const won = g.play('lazax', 'pass-bid');
      expect(dataOf(won, 'AuctionLotWon')[0]).toMatchObject({ seat: 'sol', payee: 'bank' });
      expect(influence(g, 'lazax')).toBe(lazaxBefore);
      g.play('sol', 'bid', { amount: 1 });
      g.play('hacan', 'pass-bid');
      const second = g.play('lazax', 'pass-bid');
      expect(dataOf(second, 'AuctionLotWon')[0]).toMatchObject({ payee: 'lazax' });
    });
  });
});
