import { MatchHarness } from '@test/support/match-harness';
import { galaxyLeagueRuleset } from './galaxy-league.ruleset';
import { describeGalaxyLeagueEvent } from './gl-phrasing';
import type { LeagueMap } from './gl-map';
import { RULES } from './gl-rules-text';
import type { GalaxyLeagueState } from './gl-state';
import { creditsTrack } from './gl-tracks';
import { declareAll, endStage } from './gl.testkit';

/**
 * «При захвате столицы другого игрока победитель выбирает 2 любые смежные со столицей
 * территории побежденного врага» with «Если в процессе игры игрок потерял все территории, то он
 * считается выбывшим из игры»: a captor annexes what is there (at most 2, none when none), and
 * the round goes on to its end.
 */

type League = MatchHarness<GalaxyLeagueState>;
const NONE = { attacks: [], colonisations: [] };

/** Anna's capital Alpha, with Delta next to it when `annaNeighbours`; Vera at Beta and Gamma. */
function mapWith(annaNeighbours: string[]): LeagueMap {
  const t = (id: string, en: string, ru: string) => ({
    id,
    name: { en, ru },
    colour: 'blue' as const,
  });
  return {
    id: 'capital-capture',
    title: { en: 'Capital capture', ru: 'Захват столицы' },
    illustrative: false,
    territories: [
      t('alpha', 'Alpha', 'Альфа'),
      t('beta', 'Beta', 'Бета'),
      t('gamma', 'Gamma', 'Гамма'),
      t('delta', 'Delta', 'Дельта'),
      t('epsilon', 'Epsilon', 'Эпсилон'),
      t('zeta', 'Zeta', 'Дзета'),
    ],
    lanes: [
      ['alpha', 'beta'],
      ['beta', 'gamma'],
      ['alpha', 'delta'],
      ['alpha', 'epsilon'],
      ['alpha', 'zeta'],
    ].map(([from, to]) => ({ from, to, ly: 1 })),
    wormholes: [],
    starts: [
      { capital: 'alpha', planets: annaNeighbours },
      { capital: 'beta', planets: ['gamma'] },
    ],
  };
}

/** Round 1: Vera attacks Anna's capital, nobody defends it; the Battles stage opens. */
function capitalTaken(annaNeighbours: string[], options: Record<string, unknown> = {}): League {
  const h = new MatchHarness(galaxyLeagueRuleset, 'league-capital').started(
    [
      { seat: 'anna', faction: 'empire' },
      { seat: 'vera', faction: 'eternals' },
    ],
    { setup: { map: mapWith(annaNeighbours) } as never, options: options as never },
  );
  endStage(h);
  declareAll(h, 'declare-attacks', {
    anna: NONE,
    vera: { attacks: [{ ship: 'ship:vera:1', planet: 'alpha' }], colonisations: [] },
  });
  endStage(h);
  declareAll(h, 'declare-joins', { anna: { joins: [] }, vera: { joins: [] } });
  endStage(h);
  expect(h.state.rs.stage).toBe('battles');
  expect(h.state.rs.owner.alpha).toBe('vera');
  return h;
}

describe('galaxy-league: a captured capital and its neighbours', () => {
  it('given the loser holds nothing next to its capital, when it is captured, the captor annexes none and the round ends', () => {
    const h = capitalTaken([]);
    const annexed = h.events.find((e) => e.type === 'TerritoriesAnnexed');
    expect(annexed?.data).toEqual({ seat: 'vera', from: 'anna', territories: [] });
    expect(describeGalaxyLeagueEvent(annexed!, 'ru')).toBe(
      'vera ничего не присоединяет: рядом с захваченной столицей у игрока anna территорий нет',
    );
    expect(h.state.rs.annexing).toEqual({});
    // Nothing left to annex is no choice to wait for.
    h.when('vera', 'choose-annexed', { territories: [] }).thenRejects(
      'nothing_to_annex',
      RULES.annexation,
    );
    endStage(h);
    expect(h.state.rs.round).toBe(2);
    expect(h.events.find((e) => e.type === 'PlayerEliminated')?.data).toMatchObject({
      seat: 'anna',
      round: 1,
    });
    expect(h.state.rs.players.anna.status).toBe('eliminated');
  });

  it('given one territory next to the capital, the captor annexes that one, not two', () => {
    const h = capitalTaken(['delta']);
    h.when('vera', 'end-stage').thenRejects('annex_pending', RULES.annexation);
    h.when('vera', 'choose-annexed', { territories: [] }).thenRejects(
      'annex_count',
      RULES.annexation,
    );
    h.when('vera', 'choose-annexed', { territories: ['delta'] }).then([
      { type: 'TerritoriesAnnexed', data: { seat: 'vera', from: 'anna', territories: ['delta'] } },
      { type: 'ControlChanged', data: { territory: 'delta', from: 'anna', to: 'vera' } },
    ]);
    // Anna is left with no territory: no new capital to name; she is out when the round ends.
    endStage(h);
    expect(h.state.rs.round).toBe(2);
    expect(h.state.rs.players.anna.status).toBe('eliminated');
  });

  it('given three territories next to it, the captor chooses 2 of them; the loser names a new capital', () => {
    const h = capitalTaken(['delta', 'epsilon', 'zeta']);
    h.when('vera', 'choose-annexed', { territories: ['delta'] }).thenRejects(
      'annex_count',
      RULES.annexation,
    );
    h.play('vera', 'choose-annexed', { territories: ['delta', 'zeta'] });
    expect(h.state.rs.owner).toMatchObject({ delta: 'vera', zeta: 'vera', epsilon: 'anna' });
    h.when('anna', 'end-stage').thenRejects('capital_needed', RULES.newCapital);
    h.play('anna', 'designate-capital', { planet: 'epsilon' });
    endStage(h);
    expect(h.state.rs.round).toBe(2);
    expect(h.state.rs.players.anna).toMatchObject({ status: 'active', capital: 'epsilon' });
  });
});

describe('galaxy-league: option eliminatedCredits', () => {
  const creditsOf = (h: League, seat: string) =>
    h.state.table.tracks[creditsTrack(seat)]?.value ?? 0;

  it('an eliminated player keeps its credits for its return (default), or loses them («lost»)', () => {
    const kept = capitalTaken([]);
    const held = creditsOf(kept, 'anna');
    expect(held).toBeGreaterThan(0);
    endStage(kept);
    expect(kept.state.rs.players.anna.status).toBe('eliminated');
    expect(creditsOf(kept, 'anna')).toBe(held);

    const lost = capitalTaken([], { eliminatedCredits: 'lost' });
    endStage(lost);
    expect(lost.state.rs.players.anna.status).toBe('eliminated');
    expect(creditsOf(lost, 'anna')).toBe(0);
    // Vera, still in, keeps hers.
    expect(creditsOf(lost, 'vera')).toBe(creditsOf(kept, 'vera'));
  });
});
