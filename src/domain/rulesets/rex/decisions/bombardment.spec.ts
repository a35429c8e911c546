import { MatchHarness } from '@test/support/match-harness';
import { ZONES } from '../rex-board';
import { fleetSteps } from './bombardment';
import { troopsAt } from '../rex-board';
import { RULES } from '../rex-rules-text';
import { rexRuleset } from '../rex.ruleset';
import { advanceTo, dataOf, seatsOf, typesOf } from '../rex.testkit';

function example2(options: Record<string, unknown> = {}) {
  const g = new MatchHarness(rexRuleset).started(seatsOf('letnev', 'hacan', 'sol'), {
    setup: {
      fleetSector: 18,
      bombardmentDeck: [3, 1, 2],
      influenceOnBoard: [{ location: 'tarragus-slums', amount: 3 }],
      factions: [
        { faction: 'letnev', placements: [{ location: 'north-power-station', troops: 4 }] },
        { faction: 'hacan', placements: [{ location: 'civilian-spaceport', troops: 2 }] },
      ],
      influenceDeck: [{ kind: 'standard', places: [{ location: 'vel-terro', amount: 2 }] }],
    },
    options: { deckOrder: 'as-listed', influenceSupply: 100, ...options },
  });
  g.play('letnev', 'begin');
  advanceTo(g, 'bombardment');
  return g;
}

const owned = (g: MatchHarness, zone: string, owner: string) =>
  Object.values(g.state.table.pieces).filter((p) => p.zone === zone && p.owner === owner).length;

describe('bombardment', () => {
  it('example 2: from sector 18 a "3" steps 1 → 2 → 3; unshielded Influence is destroyed, shielded troops survive; sector 3 is blocked', () => {
    const g = example2();
    const bank = g.state.table.tracks['influence-bank'].value;
    const events = g.play('letnev', 'draw-bombardment');
    expect(dataOf(events, 'BombardmentCardRevealed')[0]).toMatchObject({ value: 3, mode: 'steps' });
    expect(dataOf(events, 'DreadnoughtFleetStepped')).toEqual([
      { from: 18, to: 1 },
      { from: 1, to: 2 },
      { from: 2, to: 3 },
    ]);
    expect(dataOf(events, 'BombardmentHit')).toEqual([
      {
        sector: 1,
        location: 'tarragus-slums',
        troops: [],
        influence: 3,
        ruleRef: RULES.bombardmentDestroys,
      },
    ]);
    expect(g.state.table.tracks['influence@tarragus-slums'].value).toBe(0);
    expect(g.state.table.tracks['influence-bank'].value).toBe(bank + 3);
    expect(owned(g, 'north-power-station', 'letnev')).toBe(4);
    expect(owned(g, 'civilian-spaceport', 'hacan')).toBe(2);
    expect(g.state.rs).toMatchObject({ fleetSector: 3, bombarded: 3 });
    expect(g.state.table.pieces['dreadnought-fleet'].zone).toBe('sector:3');
    // The card goes back into the deck (as listed: to the bottom).
    expect(g.state.table.decks[ZONES.bombardmentDeck].order).toEqual([
      'bombardment:2',
      'bombardment:3',
      'bombardment:1',
    ]);
    // Sector 3's location cannot be entered or deployed into while the Fleet is there.
    advanceTo(g, 'maneuvers', 2);
    expect(g.decide('hacan', 'deploy', { location: 'sallab-slums', troops: 1 })).toMatchObject({
      code: 'bombarded_sector',
      ruleRef: RULES.bombardedSector,
    });
    expect(
      g.decide('hacan', 'move', { from: 'civilian-spaceport', to: 'sallab-slums', troops: 1 }),
    ).toMatchObject({ code: 'bombarded_sector' });
    // The Fleet has left sectors 1 and 2: no restriction there.
    g.play('hacan', 'move', { from: 'civilian-spaceport', to: 'tarragus-slums', troops: 2 });
  });

  it('reads the card as a sector number with option bombardmentCard = sector (same result from 18)', () => {
    const g = example2({ bombardmentCard: 'sector' });
    const events = g.play('letnev', 'draw-bombardment');
    expect(dataOf(events, 'DreadnoughtFleetStopped')[0]).toMatchObject({ sector: 3 });
    expect(fleetSteps('steps', 5, 3)).toBe(3);
    expect(fleetSteps('sector', 5, 3)).toBe(16);
    expect(fleetSteps('sector', 3, 3)).toBe(0);
    expect(fleetSteps('sector', 3, 3, 'no-move')).toBe(0);
    expect(fleetSteps('sector', 3, 3, 'full-lap')).toBe(18);
    expect(fleetSteps('sector', 5, 3, 'full-lap')).toBe(16);
  });

  it('under the sector reading, a card naming the Fleet’s own sector moves it nowhere, or a full lap (option bombardmentOwnSector)', () => {
    const play = (bombardmentOwnSector: string) => {
      const g = new MatchHarness(rexRuleset).started(seatsOf('letnev', 'hacan', 'sol'), {
        setup: {
          fleetSector: 3,
          bombardmentDeck: [3],
          factions: [{ faction: 'sol', placements: [{ location: 'tarragus-slums', troops: 3 }] }],
        },
        options: { deckOrder: 'as-listed', bombardmentCard: 'sector', bombardmentOwnSector },
      });
      g.play('letnev', 'begin');
      advanceTo(g, 'bombardment');
      return { g, events: g.play('letnev', 'draw-bombardment') };
    };
    const stays = play('no-move');
    expect(dataOf(stays.events, 'DreadnoughtFleetStepped')).toHaveLength(0);
    expect(troopsAt(stays.g.state.table, 'tarragus-slums', 'sol')).toHaveLength(3);
    const lap = play('full-lap');
    expect(dataOf(lap.events, 'DreadnoughtFleetStepped')).toHaveLength(18);
    expect(dataOf(lap.events, 'DreadnoughtFleetStopped')[0]).toMatchObject({ sector: 3 });
    expect(troopsAt(lap.g.state.table, 'tarragus-slums', 'sol')).toHaveLength(0);
  });

  it('destroys troops in unshielded locations it enters, to their Loss Banks', () => {
    const g = new MatchHarness(rexRuleset).started(seatsOf('letnev', 'hacan', 'sol'), {
      setup: {
        fleetSector: 18,
        bombardmentDeck: [2],
        factions: [{ faction: 'sol', placements: [{ location: 'tarragus-slums', troops: 3 }] }],
      },
      options: { deckOrder: 'as-listed' },
    });
    g.play('letnev', 'begin');
    advanceTo(g, 'bombardment');
    g.play('letnev', 'draw-bombardment');
    expect(g.state.table.losses.sol.map((l) => l.cause)).toEqual([
      'bombardment',
      'bombardment',
      'bombardment',
    ]);
  });

  it('shuffles the card back with the provable RNG and passes the First Player marker left', () => {
    const g = new MatchHarness(rexRuleset).started(seatsOf('letnev', 'hacan', 'sol'));
    g.play('letnev', 'begin');
    advanceTo(g, 'bombardment');
    const events = g.play('letnev', 'draw-bombardment');
    const types = typesOf(events);
    expect(types.indexOf('DeckShuffled')).toBeGreaterThan(types.indexOf('DreadnoughtFleetStopped'));
    expect(types.indexOf('FirstPlayerMarkerPassed')).toBeGreaterThan(types.indexOf('DeckShuffled'));
    expect(g.state.table.decks[ZONES.bombardmentDeck].order).toHaveLength(6);
    expect(dataOf(events, 'FirstPlayerMarkerPassed')[0]).toMatchObject({
      from: 'letnev',
      to: 'hacan',
    });
  });

  it('lets Sol look at the top Bombardment card once a round, in secret', () => {
    const g = example2();
    const events = g.play('sol', 'peek-bombardment');
    expect(events[1].meta.visibility).toBe('seat:sol');
    expect(events[1].data).toMatchObject({
      seat: 'sol',
      secret: { card: 'bombardment:1', value: 3 },
    });
    expect(g.decide('sol', 'peek-bombardment')).toMatchObject({
      code: 'already_looked',
      ruleRef: RULES.solLook,
    });
    expect(g.decide('letnev', 'peek-bombardment')).toMatchObject({ code: 'not_sol' });
  });
});
