import { MatchHarness } from '@test/support/match-harness';
import { foldMatch } from '../../match/evolve-match';
import { rexRuleset } from './rex.ruleset';
import { advanceTo, dataOf, seatsOf, step } from './rex.testkit';

const game = (setup: Record<string, unknown> = {}, options: Record<string, unknown> = {}) =>
  new MatchHarness(rexRuleset).started(seatsOf('sol', 'letnev', 'hacan'), { setup, options });

describe('the round', () => {
  it('runs Influence → Bidding → Recruitment → Maneuvers → Combat → Collection → Bombardment, and the marker passes left', () => {
    const g = game();
    g.play('sol', 'begin');
    const phases: string[] = [];
    while (g.state.table.turn.round === 1) {
      const before = g.state.table.turn.phase as string;
      if (phases[phases.length - 1] !== before) phases.push(before);
      step(g);
    }
    expect(phases.filter((p) => p !== 'ceasefire')).toEqual([
      'influence',
      'bidding',
      'maneuvers',
      'bombardment',
    ]);
    expect(g.state.rs).toMatchObject({ round: 2, firstPlayer: 'letnev', phase: 'influence' });
    expect(g.state.table.turn.active).toEqual(['letnev']);
    // Support Fleet: +2 each, whatever else was collected.
    const paid = dataOf<{ seat: string; amount: number }>(g.events, 'SupportFleetPaid');
    expect(paid).toEqual([
      { seat: 'sol', amount: 2 },
      { seat: 'letnev', amount: 2 },
      { seat: 'hacan', amount: 2 },
    ]);
  });

  it('recruits troops back from the Loss Bank, some free, paying the Bank', () => {
    const g = game(
      {
        factions: [{ faction: 'sol', placements: [{ location: 'sallab-slums', troops: 3 }] }],
        fleetSector: 2,
      },
      { deckOrder: 'as-listed', troopRecruitCost: 2, freeRecruits: 1 },
    );
    g.play('sol', 'begin');
    advanceTo(g, 'bombardment');
    // The Fleet moves from 2 through 3 (Sallab Slums): Sol's 3 troops are destroyed.
    g.play('sol', 'draw-bombardment');
    expect(g.state.table.losses.sol).toHaveLength(3);
    advanceTo(g, 'recruitment');
    expect(g.state.table.turn.active).toEqual(['sol']);
    expect(g.decide('sol', 'recruit', { troops: 4 })).toMatchObject({ code: 'not_in_loss_bank' });
    const events = g.play('sol', 'recruit', { troops: 3 });
    expect(dataOf(events, 'TroopsRecruited')[0]).toMatchObject({ seat: 'sol', cost: 4, free: 1 });
    expect(g.state.table.losses.sol ?? []).toHaveLength(0);
    expect(g.state.table.turn.phase).toBe('maneuvers');
  });

  describe('collection', () => {
    const collect = (collectionScope: string) => {
      const g = game(
        {
          fleetSector: 9,
          strategyDeck: [],
          influenceOnBoard: [
            { location: 'vel-terro', amount: 5 },
            { location: 'archive-hall', amount: 9 },
          ],
          factions: [
            {
              faction: 'sol',
              placements: [
                { location: 'vel-terro', troops: 2 },
                { location: 'archive-hall', troops: 1 },
              ],
            },
            { faction: 'letnev', placements: [{ location: 'vel-terro', troops: 1 }] },
          ],
          alliances: [['sol', 'letnev']],
        },
        { deckOrder: 'as-listed', collectionScope, alliesSharingLocation: 'allow' },
      );
      g.play('sol', 'begin');
      advanceTo(g, 'bombardment');
      return g;
    };

    it('takes 2 Influence per own troop from each location in turn order, never more than is there, then +2 from the Support Fleet', () => {
      const g = collect('own-troops');
      expect(dataOf(g.events, 'InfluenceCollected')).toEqual([
        { seat: 'sol', location: 'archive-hall', troops: 1, amount: 2 },
        { seat: 'sol', location: 'vel-terro', troops: 2, amount: 4 },
        { seat: 'letnev', location: 'vel-terro', troops: 1, amount: 1 },
      ]);
      // The first Influence card (as listed) placed 2 more in Archive Hall: 9 + 2 - 2.
      expect(g.state.table.tracks['influence@archive-hall'].value).toBe(9);
      expect(g.state.table.tracks['influence@vel-terro'].value).toBe(0);
      expect(g.state.table.tracks['influence:sol'].value).toBe(10 + 6 + 2);
    });

    it('collects only where the player is alone with option collectionScope = controlled-only', () => {
      const g = collect('controlled-only');
      expect(dataOf(g.events, 'InfluenceCollected')).toEqual([
        { seat: 'sol', location: 'archive-hall', troops: 1, amount: 2 },
      ]);
    });
  });

  it('plays eight rounds; with nobody on 3 Strongholds, Hacan wins its special victory after round 8', () => {
    const g = game();
    g.play('sol', 'begin');
    for (let i = 0; i < 400 && g.state.status === 'started'; i += 1) step(g);
    expect(g.state.status).toBe('finished');
    expect(g.state.result).toMatchObject({ winners: ['hacan'], condition: 'hacan-special' });
    expect(g.state.result?.ruleRef).toContain('УСЛОВИЯ ПОБЕДЫ ХАКАН');
    expect(g.state.rs.round).toBe(8);
    // The fold of the log gives the same slice: evolve alone rebuilds it.
    expect(foldMatch(rexRuleset, g.matchId, g.events).rs).toEqual(g.state.rs);
    expect(g.events.map((e) => e.type)).toContain('RngRevealed');
  });
});
