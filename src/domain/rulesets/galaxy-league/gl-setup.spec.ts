import { MatchHarness } from '@test/support/match-harness';
import { decideCreateMatch } from '../../match/match-decider';
import { isRejection } from '../rule-violation';
import { galaxyLeagueRuleset } from './galaxy-league.ruleset';
import { incomeOf } from './gl-economy';
import { distanceTo, ILLUSTRATIVE_MAP, mapProblems, type LeagueMap } from './gl-map';
import { RULES } from './gl-rules-text';
import type { GalaxyLeagueState } from './gl-state';
import { creditsTrack } from './gl-tracks';

const SEATS = [
  { seat: 'anna', faction: 'empire' },
  { seat: 'boris', faction: 'devourers' },
  { seat: 'vera', faction: 'eternals' },
];

function created(extra: Record<string, unknown> = {}) {
  return decideCreateMatch({
    matchId: 'league-1',
    ruleset: galaxyLeagueRuleset as never,
    organizer: 'org-1',
    commitment: 'c',
    seats: SEATS,
    ...extra,
  });
}

const TWO_PLANETS: LeagueMap = {
  id: 'tiny',
  title: { en: 'Tiny', ru: 'Крошечная' },
  illustrative: false,
  territories: [
    { id: 'a', name: { en: 'A', ru: 'А' }, colour: 'red' },
    { id: 'b', name: { en: 'B', ru: 'Б' }, colour: 'blue' },
  ],
  lanes: [{ from: 'a', to: 'b', ly: 1 }],
  wormholes: [],
  starts: [
    { capital: 'a', planets: [] },
    { capital: 'b', planets: [] },
  ],
};

describe('galaxy-league setup', () => {
  it('given no map, lays out the illustrative one, named as such, with each player at a start', () => {
    const h = new MatchHarness(galaxyLeagueRuleset, 'league-1').started(SEATS);
    const rs = h.state.rs as GalaxyLeagueState;
    expect(rs.map?.illustrative).toBe(true);
    expect(rs.map?.title.ru).toBe('Примерная карта');
    expect(rs.players.anna).toMatchObject({ faction: 'empire', capital: 'aurora' });
    expect(rs.owner).toMatchObject({
      aurora: 'anna',
      borealis: 'anna',
      dorado: 'boris',
      gaia: 'vera',
    });
    expect(rs.stage).toBe('preparation');
    expect(rs.round).toBe(1);
    expect(h.state.table.turn).toMatchObject({ round: 1, phase: 'preparation' });
  });

  it('gives 4 ships of which 2 attacking, the Devourers 5 of which 3 (ships rule)', () => {
    const h = new MatchHarness(galaxyLeagueRuleset, 'league-1').started(SEATS);
    const ships = (seat: string, type: string) =>
      Object.values(h.state.table.pieces).filter((p) => p.owner === seat && p.type === type).length;
    expect([ships('anna', 'attacking-ship'), ships('anna', 'defensive-ship')]).toEqual([2, 2]);
    expect([ships('boris', 'attacking-ship'), ships('boris', 'defensive-ship')]).toEqual([3, 2]);
  });

  it('pays round-1 income by colour: red 10, lilac 15, blue 20', () => {
    const h = new MatchHarness(galaxyLeagueRuleset, 'league-1').started(SEATS);
    // Anna: Aurora (red) 10 + Borealis (lilac) 15 + Cinder (blue) 20.
    expect(h.state.table.tracks[creditsTrack('anna')].value).toBe(45);
    const income = h.events.find(
      (e) => e.type === 'IncomeReceived' && (e.data as { seat: string }).seat === 'anna',
    );
    expect(income?.data).toMatchObject({ round: 1, total: 45, bonus: 0 });
  });

  it('takes 10 IC off a planet with no direct path to the capital (never below 0)', () => {
    const h = new MatchHarness(galaxyLeagueRuleset, 'league-1').started(SEATS);
    const rs = structuredClone(h.state.rs as GalaxyLeagueState);
    // Quasar (lilac) and Nexus (red) touch each other but nothing else of Anna's.
    rs.owner.quasar = 'anna';
    rs.owner.nexus = 'anna';
    const income = incomeOf(rs, 'anna');
    expect(income.lines.filter((l) => !l.connected).map((l) => [l.territory, l.amount])).toEqual([
      ['quasar', 5],
      ['nexus', 0],
    ]);
    expect(income.total).toBe(45 + 5 + 0);
    // Holding Orion, which joins Nexus to Borealis, gives Nexus (and Quasar by it) a path.
    rs.owner.orion = 'anna';
    expect(incomeOf(rs, 'anna').lines.every((l) => l.connected)).toBe(true);
  });

  it('refuses a seat without a league faction, citing the faction order', () => {
    const refused = created({ seats: [{ seat: 'anna', faction: 'sol' }, SEATS[1]] });
    expect(refused).toMatchObject({ code: 'unknown_faction', ruleRef: RULES.priorityFactions });
    // In Russian the refusal names the factions as the page offers them, never their ids.
    const { localized } = refused as { localized?: { en: string; ru: string } };
    expect(localized?.ru).toContain('Пожиратели, Империя, Амёбы');
    expect(localized?.ru).not.toMatch(/devourers|empire/);
    expect(localized?.en).toContain('devourers (Devourers)');
  });

  it('validates the organizer’s map: unknown territories, bad lanes, shared starts', () => {
    expect(
      mapProblems({
        ...TWO_PLANETS,
        lanes: [
          { from: 'a', to: 'z', ly: 1 },
          { from: 'a', to: 'b', ly: 4 },
        ],
        starts: [
          { capital: 'a', planets: ['b'] },
          { capital: 'b', planets: [] },
        ],
      }),
    ).toEqual([
      'lane a–z names territory z, which the map does not have',
      'lane a–b spans 4 LY: a lane spans 1 to 3 LY',
      'start 2: territory b belongs to two starts',
    ]);
    const refused = created({
      setup: { map: { ...TWO_PLANETS, lanes: [{ from: 'a', to: 'a' }] } },
      seats: SEATS.slice(0, 2),
    });
    expect(refused).toMatchObject({
      code: 'invalid_map',
      // In Russian the territories are named as the map names them.
      localized: { ru: 'По этой карте играть нельзя: путь «А»–«А» ведёт из территории в неё же' },
    });
    expect(isRejection(refused) && refused.message).toContain('joins a territory to itself');
  });

  it('refuses more players than the map has starts', () => {
    const refused = created({ setup: { map: TWO_PLANETS } });
    expect(refused).toMatchObject({
      code: 'too_many_players',
      localized: { ru: 'На карте 2 стартовые позиции, а игроков 3' },
    });
  });

  it('accepts the organizer’s map and technologies catalogue', () => {
    const h = new MatchHarness(galaxyLeagueRuleset, 'league-1').started(SEATS.slice(0, 2), {
      setup: {
        map: TWO_PLANETS,
        technologies: [
          {
            id: 'wormholes',
            name: { en: 'Wormholes', ru: 'Червоточины' },
            cost: 100,
            wormholes: true,
          },
        ],
      },
    });
    const rs = h.state.rs as GalaxyLeagueState;
    expect(rs.map?.id).toBe('tiny');
    expect(rs.technologies).toEqual([
      expect.objectContaining({ id: 'wormholes', cost: 100, wormholes: true, points: 0 }),
    ]);
  });
});

describe('galaxy-league distances (light years from one’s own territories)', () => {
  const crossing =
    (owner: Record<string, string>, me: string, allies: string[] = [], paused: string[] = []) =>
    (t: string) =>
      owner[t] === me
        ? ('own' as const)
        : allies.includes(owner[t])
          ? ('ally' as const)
          : paused.includes(owner[t])
            ? ('paused' as const)
            : ('other' as const);
  const owner = {
    aurora: 'anna',
    borealis: 'anna',
    cinder: 'anna',
    dorado: 'boris',
    ember: 'boris',
    fornax: 'boris',
  };

  it('counts the lanes crossed: Orion 1, Ember 2, Dorado 3, Nexus 2 by Sirius', () => {
    const ly = (t: string) => distanceTo(ILLUSTRATIVE_MAP, t, crossing(owner, 'anna'), false);
    expect([ly('orion'), ly('ember'), ly('dorado'), ly('nexus'), ly('fornax')]).toEqual([
      1, 2, 3, 2, 4,
    ]);
  });

  it('crosses an ally’s territory for 1 LY in all, a paused player’s for 0', () => {
    const viaAlly = distanceTo(
      ILLUSTRATIVE_MAP,
      'pyxis',
      crossing(owner, 'anna', ['boris']),
      false,
    );
    // Orion (1) + all of Boris's Ember, Dorado, Fornax (1) + Pyxis (1).
    expect(viaAlly).toBe(3);
    const viaPaused = distanceTo(
      ILLUSTRATIVE_MAP,
      'pyxis',
      crossing(owner, 'anna', [], ['boris']),
      false,
    );
    expect(viaPaused).toBe(2);
  });

  it('opens the wormhole only with the technology', () => {
    const own = { ...owner, orion: 'anna' };
    // Orion → Nexus (2) → Quasar (2) without it.
    expect(distanceTo(ILLUSTRATIVE_MAP, 'quasar', crossing(own, 'anna'), false)).toBe(4);
    expect(distanceTo(ILLUSTRATIVE_MAP, 'quasar', crossing(own, 'anna'), true)).toBe(1);
  });
});
