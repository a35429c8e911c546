import { RULES } from './cc-rules-text';
import { card, game, giveOrder, hand, ofType, types } from './cc.testkit';

/**
 * Issue 45 item 2: readings the excerpt leaves open, as named options with their quoted rules.
 */
describe('Combat Commander readings left open (issue 45)', () => {
  describe('turnDiscard: «Игрок, отдающий один или несколько приказов или сбрасывающий ноль или больше Карт Судьбы [5].»', () => {
    it('given Orders this Turn, when the player discards, then by default it is refused: Orders or a discard', () => {
      const h = game();
      giveOrder(h, 'axis', ['de-squad-1']);
      const refused = h
        .when('axis', 'discard', { cards: [hand(h, 'axis')[0]] })
        .thenRejects('orders_given', RULES.turn);
      expect(refused.localized?.ru).toBe(
        'Ход — это Приказы или сброс, а в этот Ход уже отданы Приказы',
      );
    });

    it('given option "orders-then-discard" and Orders this Turn, when the player discards, then the cards go and the Turn ends', () => {
      const h = game({ options: { turnDiscard: 'orders-then-discard' } });
      giveOrder(h, 'axis', ['de-squad-1']);
      const [spent] = hand(h, 'axis');
      const events = h.play('axis', 'discard', { cards: [spent] });
      expect(ofType(events, 'CardsDiscardedForTurn')).toEqual([{ seat: 'axis', cards: [spent] }]);
      expect(ofType(events, 'TurnEnded')[0]).toMatchObject({ seat: 'axis', orders: 1 });
      expect(h.state.rs.turn?.seat).toBe('allies');
    });
  });

  describe('reshuffleDecks: «… один из игроков получит указание и должен будет перемешать вместе сброс и колоду …»', () => {
    it('given option "other", when axis’s roll shows Time!, then the other player’s deck is reshuffled', () => {
      const h = game({ axisCard: card({ trigger: 'time' }), options: { reshuffleDecks: 'other' } });
      const events = h.play('axis', 'roll', { purpose: 'other' });
      expect(ofType(events, 'TimeAdvanced')[0]).toMatchObject({ decks: ['fate:allies'] });
      expect(ofType(events, 'DeckShuffled').map((d) => d.deck)).toEqual(['fate:allies']);
    });
  });

  describe('deckExhausted: «Все триггеры кроме триггера Time!, сработавшие на последней карте колоды, применяются после Продвижения Игрового Времени [6.1.2].»', () => {
    /** Reveals Random Hexes until the seat's deck holds `left` cards. */
    const runDown = (h: ReturnType<typeof game>, left: number) => {
      while ((h.state.table.decks['fate:axis']?.order.length ?? 0) > left)
        h.play('axis', 'random-hex', { purpose: 'event' });
    };

    it('given option "when-needed", the last card leaves the deck empty and Time waits until the next card is needed', () => {
      const h = game({ options: { deckExhausted: 'when-needed' } });
      runDown(h, 1);
      const last = h.play('axis', 'roll', { purpose: 'other' });
      expect(types(last)).toEqual(['CardsDrawn', 'FateRolled', 'RollApplied']);
      expect(h.state.table.decks['fate:axis']?.order).toHaveLength(0);
      expect(h.state.table.tracks.time.value).toBe(0);
      const next = h.play('axis', 'roll', { purpose: 'other' });
      expect(types(next).slice(0, 4)).toEqual([
        'TrackChanged',
        'TimeAdvanced',
        'PiecesMoved',
        'DeckShuffled',
      ]);
      expect(ofType(next, 'TimeAdvanced')[0]).toMatchObject({ cause: 'last-card' });
      expect(h.state.table.tracks.time.value).toBe(1);
    });
  });

  describe('suddenDeathTiming: «… Бросок Внезапной Смерти во время триггера Time! …» with the reshuffle', () => {
    const timeAtMarker = (options: Record<string, unknown>) =>
      game({
        alliesCard: card({ trigger: 'time', dice: [1, 1] }),
        setup: { time: { start: 0, suddenDeath: 1 } },
        options,
      });

    it('by default the deck is reshuffled, then the Sudden Death roll reveals the new top card', () => {
      const seen = types(timeAtMarker({}).play('allies', 'roll', { purpose: 'other' }));
      expect(seen.indexOf('DeckShuffled')).toBeLessThan(seen.indexOf('SuddenDeathRolled'));
    });

    it('given option "before-reshuffle", the Sudden Death roll comes first and its card is reshuffled with the rest', () => {
      const h = timeAtMarker({ suddenDeathTiming: 'before-reshuffle' });
      const events = h.play('allies', 'roll', { purpose: 'other' });
      const seen = types(events);
      expect(seen.indexOf('SuddenDeathRolled')).toBeGreaterThan(-1);
      expect(seen.indexOf('SuddenDeathRolled')).toBeLessThan(seen.indexOf('DeckShuffled'));
      // Both revealed cards (the Time! roll's and the Sudden Death roll's) went back in.
      expect(ofType<{ pieces: string[] }>(events, 'PiecesMoved')[0].pieces).toHaveLength(2);
    });
  });

  describe('orderDiscard: «Если карта играется как Приказ, она кладется в сброс.» (when, the text does not say)', () => {
    const where = (h: ReturnType<typeof game>, id: string) => h.state.table.pieces[id]?.zone;

    it('by default the Order’s card goes to the discard as it is played', () => {
      const h = game();
      const [played] = hand(h, 'axis');
      giveOrder(h, 'axis', ['de-squad-1']);
      expect(where(h, played)).toBe('discard:axis');
      expect(h.state.table.zones['played:axis']).toBeUndefined();
    });

    it('given option "after-resolve", the card lies out while its Order is carried out, and goes to the discard with the next Order', () => {
      const h = game({ options: { orderDiscard: 'after-resolve' } });
      const [first, second] = hand(h, 'axis');
      giveOrder(h, 'axis', ['de-squad-1']);
      expect(where(h, first)).toBe('played:axis');
      h.when('axis', 'order', { card: second, units: ['de-squad-2'] }).then([
        { type: 'CardsDiscarded', data: { pieces: [first], to: 'discard:axis' } },
        { type: 'CardsPlayed', data: { pieces: [second], to: 'played:axis' } },
        { type: 'OrderGiven' },
      ]);
      expect(where(h, first)).toBe('discard:axis');
      expect(where(h, second)).toBe('played:axis');
    });

    it('given option "after-resolve", when the Turn ends, then the card of the last Order goes to the discard before the hand is filled', () => {
      const h = game({ options: { orderDiscard: 'after-resolve' } });
      const [played] = hand(h, 'axis');
      giveOrder(h, 'axis', ['de-squad-1']);
      const events = h.play('axis', 'end-turn');
      expect(types(events).slice(0, 2)).toEqual(['CardsDiscarded', 'CardsDrawn']);
      expect(where(h, played)).toBe('discard:axis');
      expect(h.state.rs.turn?.seat).toBe('allies');
    });
  });
});
