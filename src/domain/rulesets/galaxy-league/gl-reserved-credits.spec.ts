import { MatchHarness } from '@test/support/match-harness';
import { galaxyLeagueRuleset } from './galaxy-league.ruleset';
import { RULES } from './gl-rules-text';
import type { GalaxyLeagueState } from './gl-state';
import { creditsTrack } from './gl-tracks';
import { declareAll, endStage, SEATS } from './gl.testkit';

/**
 * «если игрок победил в бою за право колонизировать планету – он платит цену колонизации»:
 * under option colonisationFunds «at-declaration» what a colonisation declared or joined may
 * cost is set aside until it is won or lost, so it is not spent on anything else meanwhile.
 */

type League = MatchHarness<GalaxyLeagueState>;
const NONE = { attacks: [], colonisations: [] };
const credits = (h: League, seat: string) => h.state.table.tracks[creditsTrack(seat)].value;

/**
 * Round 1 with 125 IC each: Boris colonises Orion, Anna joins him there (1 LY: 50 IC if won),
 * Vera attacks Anna's Borealis; the Defence stage opens.
 */
function joinedColonisation(options: Record<string, unknown> = {}): League {
  const h = new MatchHarness(galaxyLeagueRuleset, 'league-reserve').started(SEATS, {
    options: { startingCredits: 80, ...options } as never,
  });
  endStage(h);
  declareAll(h, 'declare-attacks', {
    anna: NONE,
    boris: { attacks: [], colonisations: [{ ships: ['ship:boris:4'], planet: 'orion' }] },
    vera: { attacks: [{ ship: 'ship:vera:1', planet: 'borealis' }], colonisations: [] },
  });
  endStage(h);
  declareAll(h, 'declare-joins', {
    anna: { joins: [{ ship: 'ship:anna:1', planet: 'orion' }] },
    boris: { joins: [] },
    vera: { joins: [] },
  });
  expect(h.state.rs.stage).toBe('defence');
  expect(credits(h, 'anna')).toBe(125);
  return h;
}

describe('galaxy-league: credits set aside for a joined colonisation', () => {
  it('given Anna joined a colonisation that may cost 50 IC, she cannot spend those on a mercenary', () => {
    const h = joinedColonisation();
    const refused = h
      .when('anna', 'hire-mercenaries', { planet: 'borealis', count: 1 })
      .thenRejects('not_enough_credits', RULES.mercenaryCost);
    expect(refused.localized).toEqual({
      en: '1 mercenaries cost 100 IC; you have 75 IC free (50 IC is set aside for your colonisations)',
      ru: 'За 1 наёмника нужно заплатить 100 ИК, а у вас свободно 75 ИК (50 ИК отложено на ваши колонизации)',
    });
    expect(credits(h, 'anna')).toBe(125);
  });

  it('under «when-won» nothing is set aside: the mercenary is hired', () => {
    const h = joinedColonisation({ colonisationFunds: 'when-won' });
    h.play('anna', 'hire-mercenaries', { planet: 'borealis', count: 1 });
    expect(credits(h, 'anna')).toBe(25);
  });
});
