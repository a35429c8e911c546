import { DiceCounter, rollDice, shuffleOrder } from './index';

describe('DiceCounter', () => {
  it('starts every purpose at 0', () => {
    const c = DiceCounter.empty();
    expect(c.next('combat')).toBe(0);
    expect(c.nextShuffle('fate')).toBe(0);
  });

  it('counts each purpose independently', () => {
    const c = DiceCounter.empty().record('combat').record('combat').record('morale');
    expect(c.next('combat')).toBe(2);
    expect(c.next('morale')).toBe(1);
    expect(c.next('income')).toBe(0);
    expect(c.nextShuffle('fate')).toBe(0);
  });

  it('is immutable', () => {
    const a = DiceCounter.empty();
    const b = a.record('combat');
    expect(a.next('combat')).toBe(0);
    expect(b.next('combat')).toBe(1);
  });

  it('rebuilds from recorded rolls and shuffles, one past the highest k', () => {
    const c = DiceCounter.fromRecorded([
      { purpose: 'combat', k: 0 },
      { kind: 'roll', purpose: 'combat', k: 1 },
      { kind: 'shuffle', deckId: 'fate', k: 0 },
      { purpose: 'volley', k: 7 },
      { purpose: 'combat', k: 1 },
    ]);
    expect(c.next('combat')).toBe(2);
    expect(c.nextShuffle('fate')).toBe(1);
    expect(c.next('shuffle:fate')).toBe(1);
    expect(c.next('volley')).toBe(8);
    expect(new Map(c.entries())).toEqual(
      new Map([
        ['combat', 2],
        ['shuffle:fate', 1],
        ['volley', 8],
      ]),
    );
  });

  it('an extra combat roll does not shift the next shuffle', () => {
    const seed = new Uint8Array(32).fill(7);
    const items = [1, 2, 3, 4, 5, 6, 7, 8];
    const shuffleAfter = (combatRolls: number): number[] => {
      let c = DiceCounter.empty();
      for (let i = 0; i < combatRolls; i++) {
        rollDice({
          seed,
          matchId: 'm',
          purpose: 'combat',
          k: c.next('combat'),
          entropy: '',
          sides: [6],
        });
        c = c.record('combat');
      }
      return shuffleOrder({
        seed,
        matchId: 'm',
        deckId: 'fate',
        k: c.nextShuffle('fate'),
        entropy: '',
        items,
      });
    };
    expect(shuffleAfter(3)).toEqual(shuffleAfter(0));
  });
});
