import { MatchHarness } from '@test/support/match-harness';
import { battlesOf, controllerOf, seatsAt, strongholdsOf, troopsAt } from './rex-board';
import { rexRuleset } from './rex.ruleset';
import { seatsOf } from './rex.testkit';

describe('reading the table', () => {
  const g = new MatchHarness(rexRuleset).started(seatsOf('sol', 'letnev', 'hacan'), {
    setup: {
      alliances: [['letnev', 'hacan']],
      factions: [
        {
          faction: 'sol',
          placements: [
            { location: 'imperial-palace', troops: 2 },
            { location: 'vel-terro', troops: 1 },
          ],
        },
        {
          faction: 'letnev',
          placements: [
            { location: 'vel-terro', troops: 1 },
            { location: 'galactic-council', troops: 1 },
          ],
        },
        { faction: 'hacan', placements: [{ location: 'galactic-council', troops: 1 }] },
      ],
    },
    options: { alliesSharingLocation: 'allow' },
  });
  const order = ['sol', 'letnev', 'hacan'];

  it('gives control only to a player alone in a location', () => {
    expect(controllerOf(g.state.table, 'imperial-palace')).toBe('sol');
    expect(controllerOf(g.state.table, 'vel-terro')).toBeNull();
    expect(controllerOf(g.state.table, 'archive-hall')).toBeNull();
    expect(strongholdsOf(g.state.table, 'sol')).toEqual(['imperial-palace']);
  });

  it('lists troops and who is present, in turn order', () => {
    expect(troopsAt(g.state.table, 'imperial-palace', 'sol').map((p) => p.id)).toEqual([
      'troop:sol:1',
      'troop:sol:2',
    ]);
    expect(seatsAt(g.state.table, 'galactic-council', order)).toEqual(['letnev', 'hacan']);
  });

  it('finds battles between non-allies, never in the Galactic Council', () => {
    expect(battlesOf(g.state.table, g.state.rs, 'sol', order)).toEqual([
      { location: 'vel-terro', opponents: ['letnev'] },
    ]);
    expect(battlesOf(g.state.table, g.state.rs, 'hacan', order)).toEqual([]);
  });
});
