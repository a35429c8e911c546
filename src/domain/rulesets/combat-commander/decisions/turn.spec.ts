import { decideCreateMatch } from '../../../match/match-decider';
import { commitmentOf } from '../../../dice';
import { MatchHarness, TEST_SEED } from '@test/support/match-harness';
import { RULES } from '../cc-rules-text';
import { combatCommanderRuleset } from '../combat-commander.ruleset';
import { card, game, hand, deckSize, ofType, SEATS, types, uniformDeck } from '../cc.testkit';

function create(setup: Record<string, unknown>) {
  return decideCreateMatch({
    matchId: 'cc-create',
    ruleset: combatCommanderRuleset as never,
    organizer: 'org-1',
    commitment: commitmentOf(TEST_SEED),
    seats: SEATS,
    setup,
  });
}

describe('Combat Commander: setup and deck lists', () => {
  it('lays out two 72-card Fate decks, the map, the pieces and the tracks; the illustrative decks are named so', () => {
    const h = game({ begin: false });
    expect(deckSize(h, 'axis')).toBe(72);
    expect(deckSize(h, 'allies')).toBe(72);
    expect(h.state.rs.sides.map((s) => [s.seat, s.nationality, s.handSize])).toEqual([
      ['axis', 'germany', 6],
      ['allies', 'ussr', 4],
    ]);
    expect(h.state.rs.illustrative).toEqual([]);
    expect(Object.keys(h.state.table.zones).filter((z) => z.startsWith('hex:'))).toHaveLength(100);
    expect(h.state.table.tracks.time.value).toBe(0);
    const plain = new MatchHarness(combatCommanderRuleset);
    plain.started(SEATS);
    expect(plain.state.rs.illustrative).toEqual(['germany', 'ussr']);
  });

  it('refuses a deck list that is not 72 cards, a face off the die, an unknown trigger: 422 with the rule', () => {
    const short = uniformDeck('germany');
    short.cards.pop();
    expect(create({ decks: [short] })).toMatchObject({
      kind: 'rule_violation',
      code: 'deck_size',
      ruleRef: RULES.deck72,
    });
    expect(create({ decks: [uniformDeck('germany', card({ dice: [7, 1] }))] })).toMatchObject({
      code: 'invalid_dice',
      ruleRef: RULES.dicePair,
    });
    expect(
      create({ decks: [uniformDeck('germany', card({ trigger: 'boom' as never }))] }),
    ).toMatchObject({ code: 'unknown_trigger', ruleRef: RULES.triggerWords });
    expect(create({ decks: [uniformDeck('germany', card({ hex: 'С7' }))] })).not.toHaveProperty(
      'kind',
    );
  });

  it('refuses two Allied sides: one player is Germany', () => {
    expect(
      create({
        sides: [
          { seat: 'axis', nationality: 'ussr', posture: 'attack', orderCapability: 2 },
          { seat: 'allies', nationality: 'america', posture: 'defense', orderCapability: 2 },
        ],
      }),
    ).toMatchObject({ code: 'sides', ruleRef: RULES.sides });
  });
});

describe('Combat Commander: hands and Turns (T5, T14)', () => {
  it('T5: deals hands by posture — Attack 6, Recon 5, Defense 4 — the inactive player first', () => {
    const h = game({
      begin: false,
      setup: {
        sides: [
          { seat: 'axis', nationality: 'germany', posture: 'recon', orderCapability: 2 },
          { seat: 'allies', nationality: 'america', posture: 'attack', orderCapability: 2 },
        ],
        decks: [uniformDeck('germany'), uniformDeck('america')],
      },
    });
    const events = h.play('axis', 'begin');
    const draws = ofType<{ deck: string; count: number }>(events, 'CardsDrawn');
    // axis moves first, so allies (inactive) draws first.
    expect(draws).toEqual([
      expect.objectContaining({ deck: 'fate:allies', count: 6 }),
      expect.objectContaining({ deck: 'fate:axis', count: 5 }),
    ]);
    expect(hand(h, 'axis')).toHaveLength(5);
    expect(hand(h, 'allies')).toHaveLength(6);
    expect(h.state.table.turn.active).toEqual(['axis']);
  });

  it('T5: refills the hand to its size at the end of one’s own Turn, not the other’s', () => {
    const h = game();
    const [c1, c2] = hand(h, 'axis');
    h.play('axis', 'order', { card: c1, units: ['de-squad-1'] });
    h.play('axis', 'order', { card: c2, units: ['de-squad-2'] });
    expect(hand(h, 'axis')).toHaveLength(4);
    const alliesBefore = hand(h, 'allies').length;
    const events = h.play('axis', 'end-turn');
    expect(ofType(events, 'TurnEnded')).toEqual([{ seat: 'axis', orders: 2, drew: 2 }]);
    expect(hand(h, 'axis')).toHaveLength(6);
    expect(hand(h, 'allies')).toHaveLength(alliesBefore);
    expect(h.state.table.turn.active).toEqual(['allies']);
  });

  it('the played card goes to the open discard pile, its Action spent with it', () => {
    const h = game();
    const [c1] = hand(h, 'axis');
    const events = h.play('axis', 'order', { card: c1, units: ['de-squad-1'] });
    expect(events.find((e) => e.type === 'CardsPlayed')?.data).toMatchObject({
      pieces: [c1],
      to: 'discard:axis',
    });
    expect(h.state.table.zones['discard:axis'].visibility).toBe('public');
    expect(h.state.table.zones['hand:axis'].visibility).toBe('owner');
    expect(h.state.table.zones['fate:axis'].visibility).toBe('nobody');
  });

  it('a Turn of discards (zero cards too) ends the Turn; not after an Order', () => {
    const h = game();
    const events = h.play('axis', 'discard', { cards: [] });
    expect(types(events)).toEqual(
      expect.arrayContaining(['CardsDiscardedForTurn', 'TurnEnded', 'TurnBegan']),
    );
    const [c1, c2] = hand(h, 'allies');
    h.play('allies', 'order', { card: c1, units: ['su-squad-1'] });
    h.when('allies', 'discard', { cards: [c2] }).thenRejects('orders_given', RULES.turn);
    h.when('allies', 'end-turn').then([
      { type: 'CardsDrawn' },
      { type: 'TurnEnded' },
      { type: 'PhaseStarted' },
      { type: 'TurnBegan' },
    ]);
  });

  it('refuses an Order beyond the order capability, a unit activated twice, a card not in hand, out of turn', () => {
    const h = game();
    const cards = hand(h, 'axis');
    h.when('allies', 'order', { card: hand(h, 'allies')[0], units: [] }).thenRejects(
      'not_your_turn',
      RULES.ordersOwnTurn,
    );
    h.when('axis', 'order', { card: 'allies-fate-01', units: [] }).thenRejects(
      'not_in_hand',
      RULES.noCard,
    );
    h.when('axis', 'order', { card: 'nope', units: [] }).thenRejects('not_in_hand', RULES.noCard);
    h.play('axis', 'order', { card: cards[0], units: ['de-squad-1'] });
    h.when('axis', 'order', { card: cards[1], units: ['de-squad-1'] }).thenRejects(
      'already_activated',
      RULES.activate,
    );
    h.when('axis', 'order', { card: cards[1], units: ['su-squad-1'] }).thenRejects(
      'not_your_unit',
      RULES.activate,
    );
    h.play('axis', 'order', { card: cards[1], units: ['de-squad-2'] });
    h.play('axis', 'order', { card: cards[2], units: ['de-leader'] });
    h.when('axis', 'order', { card: cards[3], units: [] }).thenRejects(
      'order_capability',
      RULES.orders,
    );
  });

  it('an end of Turn without an Order or a discard is refused', () => {
    game().when('axis', 'end-turn').thenRejects('no_orders', RULES.turn);
  });
});

describe('Combat Commander: Actions (§1.6 vs the glossary)', () => {
  const fireCard = card({ order: 'move', action: 'fire' });

  it('Op Fire is refused unless the enemy is moving (an Action whose condition does not hold)', () => {
    const h = game({ axisCard: fireCard, alliesCard: fireCard });
    h.when('allies', 'action', { card: hand(h, 'allies')[0], pieces: ['su-squad-1'] }).thenRejects(
      'action_condition',
      RULES.opFire,
    );
    h.when('axis', 'action', { card: hand(h, 'axis')[0] }).thenRejects(
      'action_condition',
      RULES.opFire,
    );
  });

  it('either-turn (default, glossary): Op Fire in the opponent’s Turn against a Move', () => {
    const h = game({ axisCard: fireCard, alliesCard: fireCard });
    h.play('axis', 'order', { card: hand(h, 'axis')[0], units: ['de-squad-2'] });
    const c = hand(h, 'allies')[0];
    h.when('allies', 'action', { card: c, pieces: ['su-squad-1', 'su-mg'] }).then([
      { type: 'CardsPlayed', data: { pieces: [c], to: 'discard:allies' } },
      {
        type: 'ActionPlayed',
        data: { seat: 'allies', action: 'fire', duringTurnOf: 'axis', opFire: true },
      },
    ]);
  });

  it('own-turn (section 1.6): no Action in the opponent’s Turn', () => {
    const h = game({
      axisCard: fireCard,
      alliesCard: fireCard,
      options: { actionTiming: 'own-turn' },
    });
    h.play('axis', 'order', { card: hand(h, 'axis')[0], units: ['de-squad-2'] });
    h.when('allies', 'action', { card: hand(h, 'allies')[0] }).thenRejects(
      'not_your_turn',
      RULES.actionsOwnTurn,
    );
  });

  it('Ordnance never Op Fires', () => {
    const h = game({
      axisCard: fireCard,
      alliesCard: fireCard,
      setup: {
        units: [
          {
            id: 'a1',
            name: 'Squad',
            owner: 'axis',
            kind: 'squad',
            hex: 'B2',
            fp: 5,
            range: 5,
            movement: 4,
            morale: 8,
          },
          {
            id: 'b1',
            name: 'Отделение',
            owner: 'allies',
            kind: 'squad',
            hex: 'G7',
            fp: 4,
            range: 4,
            movement: 4,
            morale: 7,
          },
        ],
        weapons: [
          {
            id: 'mortar',
            name: 'Миномёт',
            owner: 'allies',
            unit: 'b1',
            fp: 6,
            range: 12,
            ordnance: true,
          },
        ],
      },
    });
    h.play('axis', 'order', { card: hand(h, 'axis')[0], units: ['a1'] });
    h.when('allies', 'action', {
      card: hand(h, 'allies')[0],
      pieces: ['b1', 'mortar'],
    }).thenRejects('action_condition', RULES.ordnance);
  });
});
