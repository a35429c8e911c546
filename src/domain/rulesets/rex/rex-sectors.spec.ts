import { MatchHarness } from '@test/support/match-harness';
import { troopsAt } from './rex-board';
import { RULES } from './rex-rules-text';
import type { RexState } from './rex-state';
import { rexRuleset } from './rex.ruleset';
import { advanceTo, seatsOf } from './rex.testkit';

/**
 * Option troopSectors: troops in a location spanning several sectors (Adminus Imperialis lies
 * in sectors 5 to 9) stand in the whole location, or in one of its sectors.
 */
function atManeuvers(fleetSector: number, troopSectors: string): MatchHarness<RexState> {
  const g = new MatchHarness(rexRuleset).started(seatsOf('sol', 'hacan', 'lazax'), {
    setup: {
      fleetSector,
      bombardmentDeck: [2],
      factions: [{ faction: 'hacan', placements: [{ location: 'adminus-imperialis', troops: 3 }] }],
    },
    options: { deckOrder: 'as-listed', troopSectors },
  });
  g.play('sol', 'begin');
  advanceTo(g, 'maneuvers');
  return g;
}

describe('troops in a location spanning several sectors', () => {
  it('whole location (the default): a bombarded sector closes all of it', () => {
    const g = atManeuvers(9, 'whole-location');
    g.when('sol', 'deploy', { location: 'adminus-imperialis', troops: 1 }).thenRejects(
      'bombarded_sector',
      RULES.bombardedSector,
    );
  });

  it('one sector: only the bombarded part is closed', () => {
    const g = atManeuvers(9, 'one-sector');
    g.when('sol', 'deploy', { location: 'adminus-imperialis', troops: 1, sector: 9 }).thenRejects(
      'bombarded_sector',
      RULES.bombardedSector,
    );
    g.when('sol', 'deploy', { location: 'adminus-imperialis', troops: 1, sector: 3 }).thenRejects(
      'not_in_location',
      RULES.fleetCoversSector,
    );
    g.play('sol', 'deploy', { location: 'adminus-imperialis', troops: 2, sector: 8 });
    expect(troopsAt(g.state.table, 'adminus-imperialis', 'sol').map((p) => p.attrs.sector)).toEqual(
      [8, 8],
    );
    // Hacan's troops stand in the first sector (5), open: they may leave.
    g.play('sol', 'end-turn');
    g.play('hacan', 'move', { from: 'adminus-imperialis', to: 'archive-hall', troops: 1 });
    expect(troopsAt(g.state.table, 'archive-hall', 'hacan')).toHaveLength(1);
  });

  it('one sector: the Fleet strikes only the troops in the sectors it enters', () => {
    const play = (troopSectors: string) => {
      const g = atManeuvers(4, troopSectors);
      g.play('sol', 'end-turn');
      g.play('hacan', 'deploy', { location: 'adminus-imperialis', troops: 2, sector: 8 });
      advanceTo(g, 'bombardment');
      g.play('sol', 'draw-bombardment');
      return g;
    };
    const parts = play('one-sector');
    // The 3 placed at setup stood in its first sector (5); the 2 deployed into sector 8 survive.
    expect(
      troopsAt(parts.state.table, 'adminus-imperialis', 'hacan').map((p) => p.attrs.sector),
    ).toEqual([8, 8]);
    const whole = play('whole-location');
    expect(troopsAt(whole.state.table, 'adminus-imperialis')).toHaveLength(0);
  });
});
