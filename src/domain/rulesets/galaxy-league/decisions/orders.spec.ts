import { MatchHarness } from '@test/support/match-harness';
import { galaxyLeagueRuleset } from '../galaxy-league.ruleset';
import { RULES } from '../gl-rules-text';
import type { GalaxyLeagueState } from '../gl-state';
import { creditsTrack } from '../gl-tracks';
import { declareAll, endStage, quietRound, reveal, seal } from '../gl.testkit';

// Anna (Empire) holds Aurora, Borealis, Cinder; Boris (Devourers) Dorado, Ember, Fornax;
// Vera (Eternals) Gaia, Helix, Ion. Orion lies between Borealis and Ember.
const SEATS = [
  { seat: 'anna', faction: 'empire' },
  { seat: 'boris', faction: 'devourers' },
  { seat: 'vera', faction: 'eternals' },
];
const NONE = { attacks: [], colonisations: [] };

/** Round 2's Attack stage (90 IC each: colonisations cost 50 to 100). */
function atAttack(options: Record<string, unknown> = {}): MatchHarness<GalaxyLeagueState> {
  const h = new MatchHarness(galaxyLeagueRuleset, 'league-1').started(SEATS, {
    options: options as never,
  });
  quietRound(h);
  endStage(h);
  expect([h.state.rs.round, h.state.rs.stage]).toEqual([2, 'attack']);
  return h;
}
const credits = (h: MatchHarness<GalaxyLeagueState>, seat: string) =>
  h.state.table.tracks[creditsTrack(seat)].value;

describe('galaxy-league: Attack (sealed declarations revealed together)', () => {
  it('refuses in the reader’s language, naming planets, ships and players (issue 39)', () => {
    const h = new MatchHarness(galaxyLeagueRuleset, 'league-1').started(
      SEATS,
      {},
      {},
      { anna: 'Лёва', boris: 'Маша', vera: 'Вера' },
    );
    quietRound(h);
    endStage(h);
    const refusal = (params: object) => {
      const r = h.decide('boris', 'declare-attacks', params, 'judge');
      return 'localized' in r ? r.localized?.ru : undefined;
    };
    expect(refusal({ colonisations: [{ ships: ['ship:boris:4'], planet: 'borealis' }] })).toBe(
      'Бореалис — не ничейная планета: она принадлежит игроку Лёве',
    );
    expect(refusal({ attacks: [{ ship: 'ship:boris:1', planet: 'pyxis' }] })).toBe(
      'Компас — ничейная планета: её колонизируют, атакуют планеты игроков',
    );
    expect(refusal({ attacks: [{ ship: 'ship:boris:5', planet: 'ember' }] })).toBe(
      'Защитный звездолёт 5 — защитный: атакуют только атакующие звездолёты',
    );
  });

  it('opens a battle per contested planet once every player has revealed, with distance penalties', () => {
    const h = atAttack();
    const events = declareAll(h, 'declare-attacks', {
      anna: { attacks: [{ ship: 'ship:anna:1', planet: 'ember' }], colonisations: [] },
      boris: { attacks: [], colonisations: [{ ships: ['ship:boris:4'], planet: 'pyxis' }] },
      vera: NONE,
    });
    const battles = events.filter((e) => e.type === 'BattleOpened').map((e) => e.data);
    expect(battles).toEqual([
      expect.objectContaining({
        planet: 'ember',
        kind: 'capture',
        owner: 'boris',
        capital: false,
        attackers: [{ seat: 'anna', ships: ['ship:anna:1'], ly: 2, penalty: -25 }],
      }),
      expect.objectContaining({
        planet: 'pyxis',
        kind: 'colonisation',
        attackers: [{ seat: 'boris', ships: ['ship:boris:4'], ly: 1, penalty: 0, cost: 50 }],
      }),
    ]);
    expect(h.state.rs.stage).toBe('return');
  });

  it('refuses a reveal before every player has sealed (they are simultaneous)', () => {
    const h = atAttack();
    const id = seal(h, 'anna', 'declare-attacks', NONE);
    const refused = reveal(h, 'anna', id, NONE);
    expect(refused).toMatchObject({ code: 'reveal_too_early' });
  });

  it('settles two declarations on one planet by priority: the first keeps it, the other lapses', () => {
    const h = atAttack();
    // Equal points (6 each): faction order Devourers > Empire.
    const events = declareAll(h, 'declare-attacks', {
      anna: { attacks: [], colonisations: [{ ships: ['ship:anna:3'], planet: 'orion' }] },
      boris: { attacks: [], colonisations: [{ ships: ['ship:boris:4'], planet: 'orion' }] },
      vera: NONE,
    });
    expect(events.find((e) => e.type === 'PriorityOrderSet')?.data).toEqual({
      round: 2,
      order: ['boris', 'anna', 'vera'],
    });
    expect(events.find((e) => e.type === 'DeclarationLapsed')?.data).toEqual({
      seat: 'anna',
      planet: 'orion',
      ships: ['ship:anna:3'],
      before: 'boris',
    });
  });

  it('draws a provable lot between equal points of the same faction', () => {
    const h = new MatchHarness(galaxyLeagueRuleset, 'league-1').started([
      { seat: 'a', faction: 'pirates' },
      { seat: 'b', faction: 'pirates' },
    ]);
    endStage(h);
    const events = declareAll(h, 'declare-attacks', { a: NONE, b: NONE });
    const roll = events.find((e) => e.type === 'DiceRolled');
    expect(roll?.data).toMatchObject({ purpose: 'priority-lot', sides: [2], source: 'server' });
    expect(events.find((e) => e.type === 'PriorityOrderSet')?.data).toMatchObject({
      lot: ['a', 'b'],
    });
  });

  it('refuses an attack beyond 3 LY, citing the limit; the Eternals may', () => {
    const h = atAttack();
    // Fornax is 4 LY from Anna (Borealis, Orion, Ember, Dorado… Fornax).
    const id = seal(h, 'anna', 'declare-attacks', {
      attacks: [{ ship: 'ship:anna:1', planet: 'fornax' }],
      colonisations: [],
    });
    seal(h, 'boris', 'declare-attacks', NONE);
    seal(h, 'vera', 'declare-attacks', NONE);
    const before = h.events.length;
    const refused = reveal(h, 'anna', id, {
      attacks: [{ ship: 'ship:anna:1', planet: 'fornax' }],
      colonisations: [],
    });
    expect(refused).toMatchObject({ code: 'too_far', ruleRef: RULES.maxDistance });
    expect(h.events).toHaveLength(before);
  });

  it('refuses a defensive ship attacking, an ally’s planet, and a colonisation with too few ships', () => {
    const h = atAttack();
    const check = (params: object, code: string) => {
      const g = atAttack();
      const id = seal(g, 'anna', 'declare-attacks', params);
      seal(g, 'boris', 'declare-attacks', NONE);
      seal(g, 'vera', 'declare-attacks', NONE);
      expect(reveal(g, 'anna', id, params)).toMatchObject({ code });
    };
    check(
      { attacks: [{ ship: 'ship:anna:3', planet: 'ember' }], colonisations: [] },
      'not_attacking_ship',
    );
    // Nexus is 2 LY (by Sirius): 1 ship; Quasar 4 LY: too far.
    check(
      { attacks: [], colonisations: [{ ships: ['ship:anna:3', 'ship:anna:4'], planet: 'nexus' }] },
      'colonisation_ships',
    );
    check(
      { attacks: [{ ship: 'ship:anna:1', planet: 'orion' }], colonisations: [] },
      'neutral_planet',
    );
    expect(h).toBeDefined();
  });

  it('refuses end-stage in a sealed stage: declare nothing by sealing empty lists', () => {
    atAttack().when('anna', 'end-stage').thenRejects('declare_sealed', RULES.conflicts);
  });
});

function atReturn() {
  const h = atAttack();
  declareAll(h, 'declare-attacks', {
    anna: { attacks: [{ ship: 'ship:anna:1', planet: 'ember' }], colonisations: [] },
    boris: { attacks: [], colonisations: [{ ships: ['ship:boris:4'], planet: 'orion' }] },
    vera: { attacks: [{ ship: 'ship:vera:1', planet: 'fornax' }], colonisations: [] },
  });
  return h;
}

describe('galaxy-league: Return, Joining, Defence', () => {
  it('recalls one ship a round; a sole declaration lapses with it', () => {
    const h = atReturn();
    h.when('anna', 'recall-ship', { ship: 'ship:anna:1' }).then([
      { type: 'ShipRecalled', data: { seat: 'anna', ship: 'ship:anna:1', lapsed: true } },
    ]);
    expect(Object.keys(h.state.rs.battles).sort()).toEqual(['battle-2-fornax', 'battle-2-orion']);
    h.when('anna', 'recall-ship', { ship: 'ship:anna:2' }).thenRejects(
      'recalled_already',
      RULES.recall,
    );
  });

  it('joins a declared battle at most 3 LY away (farther counts as 3), never an ally’s planet', () => {
    const h = atReturn();
    endStage(h);
    expect(h.state.rs.stage).toBe('joining');
    const events = declareAll(h, 'declare-joins', {
      anna: { joins: [{ ship: 'ship:anna:2', planet: 'orion' }] },
      boris: { joins: [] },
      // Vera is 5 LY from Orion: joining counts it as 3.
      vera: { joins: [{ ship: 'ship:vera:2', planet: 'orion' }] },
    });
    expect(events.filter((e) => e.type === 'JoinsDeclared').map((e) => e.data)).toEqual([
      {
        seat: 'anna',
        joins: [{ ship: 'ship:anna:2', battle: 'battle-2-orion', ly: 1, penalty: 0, cost: 50 }],
      },
      { seat: 'boris', joins: [] },
      {
        seat: 'vera',
        joins: [{ ship: 'ship:vera:2', battle: 'battle-2-orion', ly: 3, penalty: 0, cost: 100 }],
      },
    ]);
    expect(h.state.rs.battles['battle-2-orion'].attackers.map((a) => a.seat)).toEqual([
      'boris',
      'anna',
      'vera',
    ]);
    expect(h.state.rs.stage).toBe('defence');
  });

  function atDefence() {
    const h = atReturn();
    endStage(h);
    declareAll(h, 'declare-joins', {
      anna: { joins: [] },
      boris: { joins: [] },
      vera: { joins: [] },
    });
    return h;
  }

  it('places one defender on an own planet under attack; a second is refused (option defendersPerPlanet)', () => {
    const h = atDefence();
    h.when('boris', 'assign-defender', { ship: 'ship:boris:5', planet: 'ember' }).then([
      { type: 'DefenderAssigned', data: { seat: 'boris', penalty: 0, ally: false } },
    ]);
    h.when('boris', 'assign-defender', { ship: 'ship:boris:2', planet: 'ember' }).thenRejects(
      'defender_placed',
      RULES.oneDefender,
    );
    h.when('anna', 'assign-defender', { ship: 'ship:anna:2', planet: 'fornax' }).thenRejects(
      'not_defendable',
      RULES.noNeutralDefence,
    );
  });

  it('refuses mercenaries beyond the player’s credits, or for a planet not under attack', () => {
    const h = atDefence();
    // Boris has 90 IC: two mercenaries cost 250.
    expect(credits(h, 'boris')).toBe(90);
    h.when('boris', 'hire-mercenaries', { planet: 'ember', count: 2 }).thenRejects(
      'not_enough_credits',
      RULES.mercenaryCost,
    );
    h.when('boris', 'hire-mercenaries', { planet: 'dorado', count: 1 }).thenRejects(
      'not_under_attack',
      RULES.mercenaries,
    );
  });

  it('prices mercenaries 100, 150, 200', () => {
    const h = atDefence();
    h.state.table.tracks[creditsTrack('boris')].value = 1000;
    h.when('boris', 'hire-mercenaries', { planet: 'ember', count: 3 }).then([
      { type: 'MercenariesHired', data: { count: 3, prices: [100, 150, 200], total: 450 } },
      { type: 'TrackChanged', data: { value: 550 } },
    ]);
    h.when('boris', 'hire-mercenaries', { planet: 'ember', count: 1 }).then([
      { type: 'MercenariesHired', data: { count: 1, prices: [200], total: 200 } },
      { type: 'TrackChanged', data: { value: 350 } },
    ]);
  });

  it('never hires mercenaries for the capital', () => {
    const h = atAttack();
    declareAll(h, 'declare-attacks', {
      anna: NONE,
      boris: NONE,
      // Vera (Eternals) reaches Aurora, Anna's capital.
      vera: { attacks: [{ ship: 'ship:vera:1', planet: 'aurora' }], colonisations: [] },
    });
    endStage(h);
    declareAll(h, 'declare-joins', {
      anna: { joins: [] },
      boris: { joins: [] },
      vera: { joins: [] },
    });
    expect(h.state.rs.battles['battle-2-aurora'].capital).toBe(true);
    h.when('anna', 'hire-mercenaries', { planet: 'aurora', count: 1 }).thenRejects(
      'mercenaries_on_capital',
      RULES.mercenaries,
    );
  });

  it('keeps the round in Battles until every battle is recorded', () => {
    const h = atDefence();
    h.play('boris', 'assign-defender', { ship: 'ship:boris:5', planet: 'ember' });
    endStage(h);
    expect(h.state.rs.stage).toBe('battles');
    h.when('anna', 'end-stage').thenRejects('battles_open', RULES.battlesPhase);
  });
});
