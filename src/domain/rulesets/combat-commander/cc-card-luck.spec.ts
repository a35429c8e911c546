import { MatchHarness } from '@test/support/match-harness';
import { DiceTally, parseRollOutcomes } from '../../stats/dice-luck';
import { matchRecordOf } from '../../stats/match-record';
import { illustrativeDeck, type FateCard } from './cc-cards';
import { SEATS, ofType } from './cc.testkit';
import type { CcEvents } from './cc-events';
import type { CcState } from './cc-state';
import { ccCardRolls } from './cc-card-luck';
import { combatCommanderRuleset } from './combat-commander.ruleset';

/**
 * Issue 42 item 5: a Combat Commander roll is the top Fate card, so dice luck counts it against
 * its deck's own mix of printed dice, a Targeting roll against the mix of their products.
 */

/** A deck list without triggers, so that every roll is applied at once. */
const quiet = (cards: FateCard[]) => cards.map(({ trigger: _trigger, ...card }) => card);

/** A lopsided list: 48 cards print 1–1 and 24 print 6–6 (sums 2 and 12, products 1 and 36). */
const lopsided = quiet(
  Array.from({ length: 72 }, (_, i) => ({
    ...illustrativeDeck('ussr')[i],
    dice: (i < 48 ? [1, 1] : [6, 6]) as [number, number],
  })),
);

function battle(): MatchHarness<CcState> {
  const h = new MatchHarness(combatCommanderRuleset, 'm-cc-luck').started(SEATS, {
    setup: {
      decks: [
        { nationality: 'germany', cards: quiet(illustrativeDeck('germany')) },
        { nationality: 'ussr', cards: lopsided },
      ],
    },
  });
  h.play('axis', 'begin');
  return h;
}

describe('Combat Commander: Fate card rolls in dice luck', () => {
  it('reads the illustrative deck as 2d6: each of the 36 pairs of faces on two cards', () => {
    // 72 cards, each ordered pair (a, b) twice: a sum s of 2..7 on 2(s − 1) cards, of 8..12 on
    // 2(13 − s); products: each product's ordered pairs, twice (6 = 1·6, 6·1, 2·3, 3·2: 8 cards).
    const h = battle();
    const read = ccCardRolls();
    const roll = (combine: 'sum' | 'product', dice: [number, number]) =>
      read(
        {
          ...h.events[h.events.length - 1],
          type: 'FateRolled',
          data: { seat: 'axis', card: 'axis-fate-01', dice, combine, roll: 'r1' },
        },
        h.state.table,
      );
    expect(roll('sum', [3, 4])).toEqual({
      seat: 'axis',
      deck: { en: 'Germany', ru: 'Германия' },
      combine: 'sum',
      outcomes: '2:2,3:4,4:6,5:8,6:10,7:12,8:10,9:8,10:6,11:4,12:2',
      value: 7,
    });
    expect(roll('product', [3, 4])).toMatchObject({
      combine: 'product',
      outcomes: '1:2,2:4,3:4,4:6,5:4,6:8,8:4,9:2,10:4,12:8,15:4,16:2,18:4,20:4,24:4,25:2,30:4,36:2',
      value: 12,
    });
    // The fair 2d6 figures: mean 7, variance 35/6.
    const luck = new DiceTally().addCardRoll(roll('sum', [6, 6])!, 12).luck();
    expect(luck.expectedSum).toBeCloseTo(7, 12);
    expect(luck.standardDeviation).toBeCloseTo(Math.sqrt(35 / 6), 12);
    const weights = parseRollOutcomes(roll('product', [1, 1])!.outcomes)!;
    expect(weights.reduce((sum, o) => sum + o.weight, 0)).toBe(72);
  });

  it('counts each seat’s rolls against the deck they came from, and nothing else', () => {
    const h = battle();
    for (let i = 0; i < 4; i += 1) h.play('axis', 'roll', { purpose: 'other' });
    h.play('axis', 'discard', { cards: [] });
    for (let i = 0; i < 3; i += 1) h.play('allies', 'roll', { purpose: 'other' });
    h.play('allies', 'concede');
    const rolls = ofType<CcEvents['FateRolled']>(h.events, 'FateRolled');
    expect(rolls).toHaveLength(7);
    const record = matchRecordOf(combatCommanderRuleset, h.events)!;
    expect(record.dice).toEqual([]);
    // Recounted from the events: each seat's sums, per value.
    const counts = (seat: string) => {
      const bySum = new Map<number, number>();
      for (const r of rolls.filter((r) => r.seat === seat))
        bySum.set(r.value, (bySum.get(r.value) ?? 0) + 1);
      return [...bySum].sort(([a], [b]) => a - b);
    };
    const rowsOf = (seat: string) =>
      record.cardRolls.filter((r) => r.seat === seat).map((r) => [r.value, r.count]);
    expect(rowsOf('axis')).toEqual(counts('axis'));
    expect(rowsOf('allies')).toEqual(counts('allies'));
    expect(record.cardRolls.filter((r) => r.seat === 'allies')[0]).toMatchObject({
      source: 'server',
      deck: { en: 'USSR', ru: 'СССР' },
      combine: 'sum',
      outcomes: '2:48,12:24',
    });
    // The allies' luck by hand: each roll 2 (p 2/3) or 12 (p 1/3): mean 16/3, variance
    // E[X²] − mean² = (4·2/3 + 144/3) − 256/9 = 200/9.
    const allies = new DiceTally()
      .addCardRolls(record.cardRolls.filter((r) => r.seat === 'allies'))
      .luck();
    const observed = rolls.filter((r) => r.seat === 'allies').reduce((s, r) => s + r.value, 0);
    expect(allies.observedSum).toBe(observed);
    expect(allies.expectedSum).toBeCloseTo(3 * (16 / 3), 12);
    expect(allies.z).toBeCloseTo((observed - 16) / Math.sqrt((3 * 200) / 9), 12);
    expect(allies.byDeck[0].degreesOfFreedom).toBe(1);
  });

  it('leaves out a roll whose card is not a Fate card of the table', () => {
    const h = battle();
    const read = ccCardRolls();
    const last = h.events[h.events.length - 1];
    const fate = (card: string) =>
      read(
        {
          ...last,
          type: 'FateRolled',
          data: { seat: 'axis', card, dice: [1, 2], combine: 'sum' },
        },
        h.state.table,
      );
    expect(fate('no-such-card')).toBeUndefined();
    expect(fate('de-squad-1')).toBeUndefined();
    expect(read({ ...last, type: 'DiceRolled' }, h.state.table)).toBeUndefined();
    expect(
      read(
        { ...last, type: 'FateRolled', data: { seat: 'axis', card: 'axis-fate-01', dice: [7, 1] } },
        h.state.table,
      ),
    ).toBeUndefined();
  });
});
