import { MatchHarness } from '@test/support/match-harness';
import { foldMatch } from '../../match/evolve-match';
import { RulesetRegistry } from '../ruleset-registry';
import { freeformRuleset } from '../freeform/freeform.ruleset';
import { RULES } from './rex-rules-text';
import { rexRuleset } from './rex.ruleset';
import { advanceTo, reveal, seal, sealAll, seatsOf } from './rex.testkit';

describe('the rex ruleset', () => {
  it('registers beside the other rulesets, with 3 to 6 seats, its options, catalog and setup params', () => {
    const registry = new RulesetRegistry([freeformRuleset, rexRuleset as never]);
    expect(registry.get('rex')).toBe(rexRuleset);
    expect(rexRuleset.seats).toEqual({ min: 3, max: 6 });
    expect(rexRuleset.catalog.map((c) => c.id)).toEqual(
      expect.arrayContaining(['troop', 'mechanized-troop', 'leader']),
    );
    for (const [kind, spec] of Object.entries(rexRuleset.decisions)) {
      expect([kind, spec.summary.en.length > 0 && spec.summary.ru.length > 0]).toEqual([
        kind,
        true,
      ]);
    }
    const sealed = Object.entries(rexRuleset.decisions)
      .filter(([, s]) => s.sealing === 'required')
      .map(([k]) => k);
    expect(sealed.sort()).toEqual(['battle-cards', 'battle-plan', 'call-traitor', 'predict']);
  });

  it('derives control, Strongholds and Influence for everyone, with no hidden card in it', () => {
    const g = new MatchHarness(rexRuleset).started(seatsOf('jolnar', 'letnev', 'hacan'), {
      setup: {
        factions: [{ faction: 'jolnar', placements: [{ location: 'imperial-palace', troops: 2 }] }],
      },
    });
    g.play('jolnar', 'begin');
    advanceTo(g, 'bidding');
    const derived = rexRuleset.derive(g.state.table, g.state.rs);
    expect(derived).toMatchObject({
      control: { 'imperial-palace': 'jolnar' },
      scores: { jolnar: 1, letnev: 0, hacan: 0 },
      strongholds: { jolnar: ['imperial-palace'] },
      influence: { jolnar: 10 },
      handSizes: { letnev: 2, jolnar: 1 },
      auction: { lot: 1, lots: 3 },
      fleetSector: 18,
      bombardedSector: 18,
    });
    const json = JSON.stringify(derived);
    for (const card of g.state.rs.auction?.cards ?? []) expect(json).not.toContain(card);
  });

  it('gives the viewer the map as positions: 18 sectors on a ring and every location', () => {
    const layout = rexRuleset.layout?.(g0().state.table, {});
    expect(layout?.kind).toBe('positions');
  });

  it('voids a battle wheel sealed outside any battle instead of leaving the seat stuck with it', () => {
    const g = new MatchHarness(rexRuleset).started(seatsOf('sol', 'letnev', 'hacan'), {
      setup: { fleetSector: 9, strategyDeck: [] },
      options: { deckOrder: 'as-listed' },
    });
    g.play('sol', 'begin');
    const events = sealAll(g, 'battle-plan', { sol: { dial: 0, slot: 'none' } });
    expect(events.map((e) => e.type)).toEqual(['SealRevealed', 'DecisionMade', 'SealVoided']);
    expect(foldMatch(rexRuleset, g.matchId, g.events).rs).toEqual(g.state.rs);
  });

  it('ignores a prediction sealed by anyone but Xxcha, and refuses its reveal', () => {
    const g = new MatchHarness(rexRuleset).started(seatsOf('sol', 'xxcha', 'hacan'));
    const id = seal(g, 'sol', 'predict', { seat: 'hacan', round: 2 });
    expect(g.state.rs.prediction).toBeNull();
    expect(reveal(g, 'sol', id, { seat: 'hacan', round: 2 })).toMatchObject({
      code: 'not_xxcha',
      ruleRef: RULES.xxchaPrediction,
    });
  });
});

function g0() {
  return new MatchHarness(rexRuleset).started(seatsOf('sol', 'letnev', 'hacan'));
}
