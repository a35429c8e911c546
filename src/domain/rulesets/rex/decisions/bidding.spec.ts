import { MatchHarness } from '@test/support/match-harness';
import { ZONES } from '../rex-board';
import { RULES, RULESET_CHOICES } from '../rex-rules-text';
import { rexRuleset } from '../rex.ruleset';
import { advanceTo, dataOf, sealAll, seatsOf, typesOf } from '../rex.testkit';

describe('bidding', () => {
  it('deals one lot per player with room in hand, shows Jol-Nar each lot in secret, and sells to the last bidder standing', () => {
    const g = new MatchHarness(rexRuleset).started(seatsOf('jolnar', 'lazax', 'hacan'), {
      options: { deckOrder: 'as-listed' },
    });
    g.play('jolnar', 'begin');
    advanceTo(g, 'bidding');
    const opened = g.events.find((e) => e.type === 'AuctionOpened');
    expect(opened?.meta.visibility).toBe('judges');
    expect(opened?.data).toMatchObject({
      lots: 3,
      bidders: ['jolnar', 'lazax', 'hacan'],
      payee: 'lazax',
    });
    const peek = g.events.find((e) => e.type === 'AuctionLotPeeked');
    expect(peek?.meta.visibility).toBe('seat:jolnar');
    expect(peek?.data).toMatchObject({
      seat: 'jolnar',
      lot: 1,
      secret: { card: expect.any(String) },
    });
    g.play('jolnar', 'bid', { amount: 3 });
    expect(g.decide('hacan', 'bid', { amount: 3 })).toMatchObject({
      code: 'bid_too_low',
      localized: { ru: expect.stringMatching(/^Нужно ставить больше 3: столько ставит /) },
    });
    expect(g.decide('hacan', 'bid', { amount: 99 })).toMatchObject({
      code: 'not_enough_influence',
      localized: {
        ru: expect.stringMatching(/^У вас только \d+ единиц(а|ы)? Влияния, а ставка — 99$/),
      },
    });
    // In Russian, naming the high bidder as the board does, never by its seat id.
    expect(g.decide('hacan', 'bid', { amount: 3 })).toMatchObject({
      localized: {
        ru: expect.stringMatching(/^Нужно ставить больше 3: столько ставит .*Жол-Нар/),
      },
    });
    // Bidding is restored rules text (not Secrecy, which it cited before).
    expect(g.decide('hacan', 'bid', { amount: 99 })).toMatchObject({
      ruleRef: RULESET_CHOICES.missingText,
      localized: {
        ru: expect.stringMatching(/^У вас только \d+ единиц(а|ы)? Влияния, а ставка — 99$/),
      },
    });
    g.play('lazax', 'pass-bid');
    const won = g.play('hacan', 'pass-bid');
    expect(dataOf(won, 'AuctionLotWon')).toEqual([
      { lot: 1, seat: 'jolnar', price: 3, payee: 'lazax' },
    ]);
    expect(g.state.table.tracks['influence:jolnar'].value).toBe(7);
    expect(g.state.table.tracks['influence:lazax'].value).toBe(13);
    const toHand = won.find((e) => e.type === 'CardsDrawn');
    expect(toHand?.meta.visibility).toBe('seat:jolnar');
    expect(
      Object.values(g.state.table.pieces).filter((p) => p.zone === ZONES.hand('jolnar')),
    ).toHaveLength(2);
    // Lot 2: Lazax's own purchase goes to the Bank.
    g.play('jolnar', 'pass-bid');
    g.play('lazax', 'bid', { amount: 2 });
    const lot2 = g.play('hacan', 'pass-bid');
    expect(dataOf(lot2, 'AuctionLotWon')).toEqual([
      { lot: 2, seat: 'lazax', price: 2, payee: 'bank' },
    ]);
    // Lot 3: nobody bids; it returns to the deck.
    const lot3 = [
      ...g.play('jolnar', 'pass-bid'),
      ...g.play('lazax', 'pass-bid'),
      ...g.play('hacan', 'pass-bid'),
    ];
    expect(typesOf(lot3)).toEqual(expect.arrayContaining(['AuctionLotUnsold', 'AuctionClosed']));
    expect(g.state.table.turn.phase).toBe('maneuvers');
  });

  it('a player at the hand limit cannot bid; Letnev holds 8', () => {
    const g = new MatchHarness(rexRuleset).started(seatsOf('sol', 'letnev', 'hacan'), {
      setup: { startingStrategy: 2 },
      options: { deckOrder: 'as-listed', handLimit: 2 },
    });
    g.play('sol', 'begin');
    advanceTo(g, 'bidding');
    expect(g.events.find((e) => e.type === 'AuctionOpened')?.data).toMatchObject({
      lots: 1,
      bidders: ['letnev'],
    });
  });

  it('when the Strategy deck runs out, the discard becomes the deck; it is shuffled at once and the lots are dealt from it', () => {
    const SHIELD = {
      name: { en: 'Shield', ru: 'Щит' },
      category: 'defense',
      stops: ['energy'],
      copies: 4,
    };
    const g = new MatchHarness(rexRuleset).started(seatsOf('sol', 'letnev', 'hacan'), {
      setup: {
        fleetSector: 9,
        strategyDeck: [SHIELD],
        influenceDeck: [
          { kind: 'standard', places: [{ location: 'archive-hall', amount: 2 }] },
          { kind: 'standard', places: [{ location: 'archive-hall', amount: 2 }] },
        ],
        factions: [
          { faction: 'sol', placements: [{ location: 'vel-terro', troops: 2 }] },
          { faction: 'letnev', placements: [{ location: 'vel-terro', troops: 2 }] },
        ],
      },
    });
    g.play('sol', 'begin');
    expect(g.state.table.decks[ZONES.strategyDeck].order).toHaveLength(0);
    advanceTo(g, 'combat');
    g.play('sol', 'start-battle', { location: 'vel-terro', opponent: 'letnev' });
    const shieldOf = (seat: string) =>
      Object.values(g.state.table.pieces).find((p) => p.zone === ZONES.hand(seat))?.id as string;
    sealAll(g, 'battle-plan', {
      sol: { dial: 1, leader: 'leader:sol:5', slot: 'defense' },
      letnev: { dial: 0, leader: 'leader:letnev:1', slot: 'defense' },
    });
    sealAll(g, 'battle-cards', {
      sol: { defense: shieldOf('sol') },
      letnev: { defense: shieldOf('letnev') },
    });
    sealAll(g, 'call-traitor', { sol: {}, letnev: {} });
    g.play('sol', 'keep-cards', { discard: g.state.rs.battle?.keep?.cards ?? [] });
    expect(
      Object.values(g.state.table.pieces).filter((p) => p.zone === ZONES.strategyDiscard),
    ).toHaveLength(2);
    advanceTo(g, 'bidding', 2);
    const waiting = g.events.filter(
      (e) =>
        e.seq >
        g.events.findIndex(
          (x) => x.type === 'RoundStarted' && (x.data as { round: number }).round === 2,
        ),
    );
    const opened = dataOf(waiting, 'AuctionOpened')[0];
    expect(opened).toMatchObject({ lots: 2 });
    expect(opened).not.toHaveProperty('owed');
    const types = typesOf(waiting);
    expect(types).not.toContain('DeckShuffleDeferred');
    // The discard becomes the deck and is shuffled within the decision, then the lots are dealt.
    const refilled = waiting.findIndex(
      (e) => e.type === 'PiecesMoved' && (e.data as { to: string }).to === ZONES.strategyDeck,
    );
    expect(waiting[refilled + 1]).toMatchObject({
      type: 'DeckShuffled',
      data: { deck: ZONES.strategyDeck },
    });
    expect(waiting[refilled + 2]).toMatchObject({
      type: 'CardsDrawn',
      data: { deck: ZONES.strategyDeck, to: ZONES.auction, count: 2 },
    });
    expect(dataOf(waiting, 'AuctionLotOpened')[0]).toMatchObject({ lot: 1 });
    expect(g.state.rs.auction).toMatchObject({ owed: 0 });
    expect(g.state.table.turn.phase).toBe('bidding');
    expect(g.decide('letnev', 'deal-auction')).toMatchObject({ code: 'nothing_to_deal' });
  });
});

describe('the auction summary', () => {
  it('given two lots sold in earlier decisions, when the last lot goes unsold, then the auction closes with 2 sold and 1 unsold', () => {
    const g = new MatchHarness(rexRuleset)
      .started(seatsOf('jolnar', 'lazax', 'hacan'), { options: { deckOrder: 'as-listed' } })
      .given((h) => {
        h.play('jolnar', 'begin');
        advanceTo(h, 'bidding');
        h.play('jolnar', 'bid', { amount: 3 });
        h.play('lazax', 'pass-bid');
        h.play('hacan', 'pass-bid');
        h.play('jolnar', 'pass-bid');
        h.play('lazax', 'bid', { amount: 2 });
        h.play('hacan', 'pass-bid');
        h.play('jolnar', 'pass-bid');
        h.play('lazax', 'pass-bid');
      });
    g.when('hacan', 'pass-bid').then([
      { type: 'BidPassed', data: { lot: 3, seat: 'hacan' } },
      { type: 'AuctionLotUnsold', data: { lot: 3 } },
      { type: 'CardsDrawn', data: { deck: ZONES.auction, to: ZONES.strategyDeck, count: 1 } },
      { type: 'AuctionClosed', data: { sold: 2, unsold: 1 } },
      { type: 'ManeuversStarted' },
      { type: 'PhaseStarted', data: { phase: 'maneuvers' } },
    ]);
  });
  it(`deals the lots across a refill: ${RULES.strategyReshuffle}`, () => {
    // Given: one card left in the Strategy deck, the others in the discard; three bidders.
    const g = new MatchHarness(rexRuleset).started(seatsOf('sol', 'letnev', 'hacan'), {
      options: { deckOrder: 'as-listed' },
    });
    g.play('sol', 'begin');
    const deck = [...g.state.table.decks[ZONES.strategyDeck].order];
    g.given([{ type: 'PiecesMoved', data: { pieces: deck.slice(1), to: ZONES.strategyDiscard } }]);
    expect(g.state.table.decks[ZONES.strategyDeck].order).toHaveLength(1);
    // When: the Influence phase ends and the Bidding deals three lots (issue 45: this was
    // refused, the one card drawn before the refill recorded with the ones after it).
    advanceTo(g, 'bidding');
    // Then: the last card, then the reshuffled discard, each draw recording its own cards.
    const draws = dataOf<{ deck: string; count: number; secret: { pieces: string[] } }>(
      g.events,
      'CardsDrawn',
    ).filter((e) => e.deck === ZONES.strategyDeck && e.count > 0);
    const lots = draws.slice(-2);
    expect(lots.map((e) => [e.count, e.secret.pieces.length])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(lots[0].secret.pieces).toEqual([deck[0]]);
    expect(g.events.find((e) => e.type === 'AuctionOpened')?.data).toMatchObject({ lots: 3 });
  });
});
