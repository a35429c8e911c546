import { MatchHarness } from '@test/support/match-harness';
import { hashEvent } from '../../../events/hash-chain';
import { redactEvent, viewTable } from '../../../match/match-view';
import { commandersPathRuleset } from '../commanders-path.ruleset';
import { RULES } from '../cp-rules-text';
import type { CpState } from '../cp-state';
import { dealSize } from './setup';
import { deckOf, eventsOf, inHand, pieceOf, SEATS, setupMatch } from '../testing/cp-kit';

function game(options: Record<string, unknown> = { deckShuffle: 'none' }): MatchHarness<CpState> {
  return new MatchHarness(commandersPathRuleset).started(SEATS, { options });
}

const hand = (g: MatchHarness<CpState>, seat: string) =>
  Object.values(g.state.table.pieces).filter((p) => p.zone === `hand:${seat}`);

describe('setup: the opening hand and redeals', () => {
  it('draws 15, then 12, 9 and 6 on three redeals, and refuses a fourth', () => {
    const g = game();
    g.play('red', 'register-deck', deckOf([['chimera', 1]]));
    g.play('red', 'deal');
    expect(hand(g, 'red')).toHaveLength(15);
    for (const size of [12, 9, 6]) {
      g.play('red', 'redeal');
      expect(hand(g, 'red')).toHaveLength(size);
    }
    expect(g.decide('red', 'redeal')).toMatchObject({
      code: 'redeal_limit',
      ruleRef: RULES.redeal,
    });
    expect(g.state.table.decks['deck:red'].order).toHaveLength(34);
  });

  it('shuffles the returned hand into the deck: no card drops out of the deck order', () => {
    const g = game({ deckShuffle: 'server' });
    g.play('red', 'register-deck', deckOf([['chimera', 1]]));
    g.play('red', 'deal');
    g.when('red', 'redeal').then([
      { type: 'PiecesMoved', data: { to: 'deck:red' } },
      { type: 'DeckShuffled', data: { deck: 'deck:red', count: 40 } },
      { type: 'CardsDrawn', data: { deck: 'deck:red', count: 12 } },
      { type: 'HandDrawn', data: { seat: 'red', count: 12 } },
      { type: 'HandDealt', data: { seat: 'red', deal: 1, size: 12 } },
    ]);
    const inDeck = Object.values(g.state.table.pieces).filter((p) => p.zone === 'deck:red');
    expect([...g.state.table.decks['deck:red'].order].sort()).toEqual(
      inDeck.map((p) => p.id).sort(),
    );
    expect(inDeck).toHaveLength(28);
  });

  it('draws fewer by the number of abilities chosen before the game', () => {
    expect([0, 1, 2, 3].map((deal) => dealSize(deal, 2))).toEqual([13, 10, 7, 4]);
    const g = game();
    g.play(
      'red',
      'register-deck',
      deckOf([['test-tactician', 2]], 'test-rein', [{ card: 'test-tactician', variant: 0 }]),
    );
    const [, , drawn] = g.play('red', 'deal');
    expect(drawn.data).toMatchObject({ count: 14 });
    g.play('red', 'redeal');
    expect(hand(g, 'red')).toHaveLength(11);
    expect(g.state.table.pieces['red-ability-1']).toMatchObject({
      zone: 'situation:red',
      type: 'card',
      attrs: { faceDown: true },
    });
  });

  it('puts redealt cards at the bottom when decks are not shuffled, and shuffles them otherwise', () => {
    const g = game();
    g.play('red', 'register-deck', deckOf([['chimera', 1]]));
    g.play('red', 'deal');
    const first = hand(g, 'red').map((p) => p.id);
    g.play('red', 'redeal');
    expect(g.state.table.decks['deck:red'].order.slice(-15)).toEqual(first);
    const s = game({ deckShuffle: 'server' });
    s.play('red', 'register-deck', deckOf([['chimera', 1]]));
    const events = s.play('red', 'deal');
    expect(eventsOf(events, 'DeckShuffled')).toHaveLength(2);
    const redealt = s.play('red', 'redeal');
    expect(eventsOf(redealt, 'DeckShuffled')).toHaveLength(1);
  });
});

describe('setup: hidden cards', () => {
  it('binds cards to ids with one shuffle and orders the deck with another; only the owner learns the binding', () => {
    const g = game({ deckShuffle: 'server' });
    g.play('red', 'register-deck', deckOf([['chimera', 1]]));
    const events = g.play('red', 'deal');
    const [bindShuffle, orderShuffle] = events.filter((e) => e.type === 'DeckShuffled');
    expect(bindShuffle.meta.visibility).toBe('judges');
    const bound = events.find((e) => e.type === 'DeckBound')!;
    expect(bound.meta.visibility).toBe('seat:red');
    const bindOrder = (bindShuffle.data as { secret: { order: string[] } }).secret.order;
    const binding = (bound.data as { secret: { cards: Record<string, string> } }).secret.cards;
    expect(binding[bindOrder[0]]).toBe('chimera');
    expect((orderShuffle.data as { secret: { order: string[] } }).secret.order).not.toEqual(
      bindOrder,
    );
    expect(redactEvent(bound, { kind: 'seat', seat: 'blue' }, false).data).not.toHaveProperty(
      'secret',
    );
    const drawn = events.find((e) => e.type === 'CardsDrawn')!;
    expect(drawn.meta.visibility).toBe('seat:red');
    const asBlue = viewTable(g.state.table, { kind: 'seat', seat: 'blue' }, false);
    expect(asBlue.zones['hand:red'].hiddenCount).toBe(15);
    const asRed = viewTable(g.state.table, { kind: 'seat', seat: 'red' }, false);
    expect(Object.values(asRed.pieces).filter((p) => p.zone === 'hand:red')).toHaveLength(15);
  });
});

describe('setup: spending 25 resources', () => {
  function dealt(): MatchHarness<CpState> {
    const g = game();
    g.play(
      'red',
      'register-deck',
      deckOf([
        ['chimera', 1],
        ['test-eden', 2],
        ['test-mine', 1],
        ['exorcist', 2],
        ['test-regiment', 1],
      ]),
    );
    g.play(
      'blue',
      'register-deck',
      deckOf(
        [
          ['chimera', 1],
          ['magnum-k', 1],
        ],
        'test-irma',
      ),
    );
    g.play('red', 'deal');
    g.play('blue', 'deal');
    return g;
  }

  it('builds face down, starts production with tokens, and turns leftovers into action tokens 1:1', () => {
    const g = dealt();
    const events = g.play('red', 'setup-spend', {
      builds: [
        { card: inHand(g, 'red', 'chimera'), pay: 10 },
        { card: inHand(g, 'red', 'test-eden'), pay: 6 },
        { card: inHand(g, 'red', 'exorcist'), pay: 3 },
      ],
    });
    expect(g.state.table.pieces[inHand(g, 'red', 'exorcist')].zone).toBe('hand:red');
    expect(g.state.table.pieces[pieceOf(g, 'red', 'chimera')]).toMatchObject({
      zone: 'production:red',
      type: 'card',
      attrs: { faceDown: true, built: true },
    });
    expect(g.state.table.pieces[pieceOf(g, 'red', 'exorcist')].attrs).toMatchObject({
      tokens: 3,
      faceDown: true,
    });
    expect(g.state.table.tracks['tokens:red'].value).toBe(6);
    expect(eventsOf(events, 'SetupSpent')[0]).toMatchObject({
      spent: 19,
      leftover: 6,
      built: 2,
      ruleRef: RULES.setupLeftover,
    });
  });

  it('refuses more than 25, more than 2 objects, non-ship cards and a setup with no Commander host', () => {
    const g = dealt();
    const c = (key: string, n = 0) => inHand(g, 'red', key, n);
    expect(
      g.decide('red', 'setup-spend', {
        builds: [
          { card: c('chimera'), pay: 10 },
          { card: c('exorcist'), pay: 5 },
          { card: c('exorcist', 1), pay: 5 },
          { card: c('test-eden'), pay: 6 },
        ],
      }),
    ).toMatchObject({ code: 'setup_overspent', ruleRef: RULES.setupSpend });
    expect(
      g.decide('red', 'setup-spend', {
        builds: [
          { card: c('test-eden'), pay: 6 },
          { card: c('test-eden', 1), pay: 6 },
          { card: c('test-mine'), pay: 4 },
        ],
      }),
    ).toMatchObject({
      code: 'setup_objects',
      message: '3 object cards at setup; at most 2',
      ruleRef: RULES.setupSpend,
    });
    expect(
      g.decide('red', 'setup-spend', { builds: [{ card: c('test-regiment'), pay: 2 }] }),
    ).toMatchObject({ code: 'setup_kind' });
    expect(
      g.decide('red', 'setup-spend', { builds: [{ card: c('chimera'), pay: 4 }] }),
    ).toMatchObject({
      code: 'no_commander_host',
      ruleRef: RULES.commanderPlacement,
    });
    expect(
      g.decide('red', 'setup-spend', { builds: [{ card: c('chimera'), pay: 11 }] }),
    ).toMatchObject({ code: 'overpaid' });
  });

  it('counts objects only started at setup against the 2 when the option says so', () => {
    const g = game({ deckShuffle: 'none', setupObjectCap: 'built-and-started' });
    g.play(
      'red',
      'register-deck',
      deckOf([
        ['test-eden', 2],
        ['test-mine', 1],
        ['exorcist', 1],
      ]),
    );
    g.play('red', 'deal');
    const c = (key: string, n = 0) => inHand(g, 'red', key, n);
    const builds = [
      { card: c('test-eden'), pay: 6 },
      { card: c('test-eden', 1), pay: 6 },
      { card: c('test-mine'), pay: 1 },
    ];
    expect(g.decide('red', 'setup-spend', { builds })).toMatchObject({ code: 'setup_objects' });
    const lenient = game();
    lenient.play(
      'red',
      'register-deck',
      deckOf([
        ['test-eden', 2],
        ['test-mine', 1],
        ['exorcist', 1],
      ]),
    );
    lenient.play('red', 'deal');
    const l = (key: string, n = 0) => inHand(lenient, 'red', key, n);
    expect(
      Array.isArray(
        lenient.decide('red', 'setup-spend', {
          builds: [
            { card: l('test-eden'), pay: 6 },
            { card: l('test-eden', 1), pay: 6 },
            { card: l('test-mine'), pay: 1 },
          ],
        }),
      ),
    ).toBe(true);
  });
});

describe('setup: reveal, Priority and deployment', () => {
  const sides = {
    red: {
      deck: [
        ['test-eden', 1],
        ['exorcist', 1],
        ['magnum-k', 1],
      ] as [string, number][],
      build: [['test-eden'], ['exorcist'], ['magnum-k']] as [string, number?][],
      deploy: {
        ships: [
          ['exorcist', 'orbit:test-eden'],
          ['magnum-k', 'new'],
        ] as [string, string][],
        commander: 'test-eden',
      },
    },
    blue: {
      deck: [
        ['test-mine', 1],
        ['chimera', 1],
      ] as [string, number][],
      commander: 'test-irma',
      build: [['test-mine'], ['chimera']] as [string, number?][],
      deploy: { ships: [['chimera', 'new']] as [string, string][], commander: 'chimera' },
    },
  };

  it('reveals Commanders, gives Priority to the higher initiative, and deploys the lower initiative first', () => {
    const g = game();
    g.play('red', 'register-deck', deckOf(sides.red.deck));
    g.play('blue', 'register-deck', deckOf(sides.blue.deck, 'test-irma'));
    g.play('red', 'deal');
    g.play('blue', 'deal');
    g.play('red', 'setup-spend', {
      builds: [
        { card: inHand(g, 'red', 'test-eden'), pay: 6 },
        { card: inHand(g, 'red', 'exorcist'), pay: 5 },
      ],
    });
    const events = g.play('blue', 'setup-spend', {
      builds: [{ card: inHand(g, 'blue', 'chimera'), pay: 10 }],
    });
    expect(eventsOf(events, 'CommandersRevealed')[0]).toMatchObject({
      commanders: {
        red: { initiative: 5, archetype: 'pirate' },
        blue: { initiative: 4, archetype: 'trader' },
      },
    });
    expect(eventsOf(events, 'InitiativeDetermined')[0]).toMatchObject({
      priority: 'red',
      method: 'compare',
    });
    expect(g.state.table.turn).toMatchObject({
      phase: 'deploy',
      active: ['blue'],
      priority: 'red',
    });
    expect(g.state.table.pieces['red-commander']).toMatchObject({
      type: 'Командор Рейн (тест)',
      attrs: { initiative: 5 },
    });
    expect(g.decide('red', 'deploy', { commander: 'x' })).toMatchObject({ code: 'not_your_turn' });
    expect(
      g.decide('blue', 'deploy', { ships: [], commander: pieceOf(g, 'blue', 'chimera') }),
    ).toMatchObject({
      code: 'ships_unplaced',
      ruleRef: RULES.setupDeploy,
    });
  });

  it('places objects with their orbits, ships, the Commander, and sets the hand to exactly 7', () => {
    const g = game();
    setupMatch(g, sides);
    const eden = pieceOf(g, 'red', 'test-eden');
    expect(g.state.table.pieces[eden]).toMatchObject({
      zone: 'objects:red',
      type: 'Планета «Эдем» (тест)',
      attrs: { controller: 'red', objectType: 'planet', builtTurn: 0, cost: 6 },
    });
    expect(g.state.table.zones[`orbit:${eden}`]).toMatchObject({ kind: 'orbit' });
    const militia = Object.values(g.state.table.pieces).find((p) => p.zone === `surface:${eden}`)!;
    expect(militia).toMatchObject({
      type: 'Ополчение «Эдема» (тест)',
      attrs: { builtIn: true, strength: 2 },
    });
    expect(militia.attrs).not.toHaveProperty('cost');
    const exorcist = pieceOf(g, 'red', 'exorcist');
    expect(g.state.table.pieces[exorcist]).toMatchObject({
      zone: `orbit:${eden}`,
      fleet: `fleet:red@orbit:${eden}`,
    });
    expect(g.state.table.pieces['red-commander'].attrs.host).toBe(eden);
    // Turn 1 has begun: 7 in hand plus 2 drawn, and +5 (+2 from Eden, +1 and a token from the Mine).
    expect(hand(g, 'red')).toHaveLength(9);
    expect(hand(g, 'blue')).toHaveLength(9);
    expect(g.state.table.turn).toMatchObject({ round: 1, phase: 'resources' });
    expect(g.state.table.tracks['resources:red'].value).toBe(7);
    expect(g.state.table.tracks['resources:blue'].value).toBe(6);
    // Setup leftovers: red spent 13 of 25, blue 14 (and the Mine's token).
    expect(g.state.table.tracks['tokens:red'].value).toBe(12);
    expect(g.state.table.tracks['tokens:blue'].value).toBe(12);
  });

  it('settles an initiative tie with D6, rolling again on equal dice', () => {
    const g = game({ deckShuffle: 'none', diceSource: 'reported' });
    g.play('red', 'register-deck', deckOf([['exorcist', 1]], 'test-vel'));
    g.play('blue', 'register-deck', deckOf([['chimera', 1]], 'test-irma'));
    g.play('red', 'deal');
    g.play('blue', 'deal');
    g.play('red', 'setup-spend', { builds: [{ card: inHand(g, 'red', 'exorcist'), pay: 5 }] });
    const tied = g.play('blue', 'setup-spend', {
      builds: [{ card: inHand(g, 'blue', 'chimera'), pay: 10 }],
    });
    expect(eventsOf(tied, 'InitiativeTied')).toHaveLength(1);
    expect(g.state.table.turn.phase).toBe('initiative');
    expect(g.decide('red', 'roll-initiative', {})).toMatchObject({
      code: 'reported_dice_required',
      ruleRef: RULES.d6,
    });
    expect(
      eventsOf(g.play('red', 'roll-initiative', { faces: [3, 3] }), 'InitiativeRolled')[0],
    ).toMatchObject({ tie: true });
    const rolled = g.play('blue', 'roll-initiative', { faces: [2, 5] });
    expect(eventsOf(rolled, 'InitiativeDetermined')[0]).toMatchObject({
      method: 'roll',
      priority: 'blue',
      faces: { red: 2, blue: 5 },
    });
    expect(g.state.table.turn).toMatchObject({
      phase: 'deploy',
      active: ['red'],
      priority: 'blue',
    });
  });
});

describe('setup: the registered deck is the seat’s secret', () => {
  it('shows the opponent only the card count: the decision params and the list are seat-only until the end', () => {
    const g = game();
    const registered = g.play('red', 'register-deck', deckOf([['chimera', 1]], 'test-rein'));
    const asBlue = registered.map((e) => redactEvent(e, { kind: 'seat', seat: 'blue' }, false));
    const asRed = registered.map((e) => redactEvent(e, { kind: 'seat', seat: 'red' }, false));
    const text = JSON.stringify(asBlue);
    expect(text).not.toContain('chimera');
    expect(text).not.toContain('test-rein');
    expect(asBlue.find((e) => e.type === 'DeckRegistered')?.data).toMatchObject({
      seat: 'red',
      count: 40,
    });
    expect(JSON.stringify(asRed)).toContain('chimera');
    // The hashes blue sees commit to the list with a salt blue never sees: no oracle for
    // guessing a deck list, and each redacted event still hashes to its meta.hash.
    for (const [index, seen] of asBlue.entries()) {
      if (seen.redacted === undefined) continue;
      const { redacted: _marker, ...event } = seen;
      expect(event.meta).not.toHaveProperty('secretSalt');
      expect(event.meta.secretCommitment).toMatch(/^[0-9a-f]{64}$/);
      expect(hashEvent(event)).toBe(registered[index].meta.hash);
    }
    expect(asBlue.filter((e) => e.redacted).map((e) => e.type)).toEqual(
      expect.arrayContaining(['DecisionMade', 'DeckRegistered']),
    );
    // The engine still folds the full list: red's deck is known to the ruleset.
    expect(g.state.rs.decks.red?.cards).toContain('chimera');
    // After the end everything is public.
    expect(
      JSON.stringify(registered.map((e) => redactEvent(e, { kind: 'public' }, true))),
    ).toContain('chimera');
  });
});
