import {
  deployCost,
  dialCap,
  FACTION_IDS,
  FACTIONS,
  handLimit,
  lazaxLossChoices,
  MECHANIZED,
  startingCards,
  TROOP,
} from './rex-factions';

describe('rex factions', () => {
  it('names the six races in both languages, each ability with the sentence it rests on', () => {
    expect(FACTION_IDS).toHaveLength(6);
    for (const id of FACTION_IDS) {
      expect(FACTIONS[id].name.ru).toBeTruthy();
      for (const ability of FACTIONS[id].abilities)
        expect(ability.ruleRef).toMatch(/^«.+»: «.+»$/s);
    }
  });

  it('costs 1 per troop into a location without enemies and 2 where enemies are (example 1: 5 troops → 10)', () => {
    expect(deployCost('jolnar', 5, true)).toMatchObject({ base: 10, cost: 10 });
    expect(deployCost('jolnar', 3, false)).toMatchObject({ base: 3, cost: 3 });
  });

  it('halves Hacan’s cost, rounding up (example 9: 3 troops → 2)', () => {
    expect(deployCost('hacan', 3, false)).toMatchObject({ base: 3, cost: 2 });
    expect(deployCost('hacan', 3, true)).toMatchObject({ base: 6, cost: 3 });
    expect(deployCost('hacan', 1, false).cost).toBe(1);
  });

  it('caps the dial at the troops present; Lazax Mechanized count 2, at most 20', () => {
    expect(dialCap('sol', [TROOP, TROOP, TROOP])).toBe(3);
    expect(dialCap('lazax', [MECHANIZED, MECHANIZED, TROOP])).toBe(5);
    expect(dialCap('lazax', Array(12).fill(MECHANIZED))).toBe(20);
  });

  it('gives Letnev a hand of 8 and 4 Traitor + 2 Strategy cards to start', () => {
    expect(handLimit('letnev', 4)).toBe(8);
    expect(handLimit('sol', 4)).toBe(4);
    expect(startingCards('letnev', { traitors: 1, strategy: 1 })).toEqual({
      traitors: 4,
      strategy: 2,
    });
    expect(startingCards('xxcha', { traitors: 1, strategy: 1 })).toEqual({
      traitors: 1,
      strategy: 1,
    });
  });

  it('makes Lazax lose at least the dial, no troop more than needed (example 11: 3 Mechanized, dial 3 → 2)', () => {
    expect(lazaxLossChoices(0, 3, 3)).toEqual([{ regular: 0, mechanized: 2 }]);
    expect(lazaxLossChoices(1, 3, 3)).toEqual([
      { regular: 1, mechanized: 1 },
      { regular: 0, mechanized: 2 },
    ]);
    expect(lazaxLossChoices(2, 2, 0)).toEqual([{ regular: 0, mechanized: 0 }]);
    expect(lazaxLossChoices(0, 2, 4)).toEqual([{ regular: 0, mechanized: 2 }]);
  });
});
