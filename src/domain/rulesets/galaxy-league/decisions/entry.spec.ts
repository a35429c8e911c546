import { MatchHarness } from '@test/support/match-harness';
import { decideDecision } from '../../../match/match-decider';
import { isRejection } from '../../rule-violation';
import { galaxyLeagueRuleset } from '../galaxy-league.ruleset';
import { describeGalaxyLeagueEvent } from '../gl-phrasing';
import { RULES } from '../gl-rules-text';
import type { GalaxyLeagueState } from '../gl-state';
import { creditsTrack, otherTrack, winsTrack } from '../gl-tracks';
import {
  atBattles,
  declareAll,
  endStage,
  linkEmberBattle,
  quietRound,
  reveal,
  seal,
} from '../gl.testkit';

type League = MatchHarness<GalaxyLeagueState>;
const NONE = { attacks: [], colonisations: [] };
const track = (h: League, id: string) => h.state.table.tracks[id]?.value ?? 0;
const waitingFor = (h: League) => h.ruleset.derive(h.state.table, h.state.rs).waitingFor;

/**
 * What the seat's sealed declaration would meet when revealed: the refusal, or the events it
 * would record (recorded by nothing here; a refused reveal leaves its seal standing, so each
 * refusal is probed, and only the declaration that stands is sealed and revealed).
 */
function revealed(h: League, seat: string, params: object) {
  return decideDecision(
    h.ruleset,
    h.state,
    { decisionId: 'probe', kind: 'declare-attacks', seat, params, sealId: 'probe' },
    h.seed,
  );
}

/** Anna and Boris seal empty declarations; `revealOthers` reveals them once Dmitri has sealed. */
const sealed = new WeakMap<League, string[]>();
function sealOthers(h: League): void {
  sealed.set(
    h,
    ['anna', 'boris'].map((seat) => seal(h, seat, 'declare-attacks', NONE)),
  );
}
function revealOthers(h: League): void {
  ['anna', 'boris'].forEach((seat, i) => reveal(h, seat, sealed.get(h)![i], NONE));
}

/** Dmitri enters; what PlayerEntered recorded. */
function entered(h: League, params: object) {
  h.play('dmitri', 'enter-league', params);
  return h.events.find((e) => e.type === 'PlayerEntered')?.data;
}

/** The seat seals and reveals its declaration; fails on a refusal. */
function declared(h: League, seat: string, params: object) {
  const result = reveal(h, seat, seal(h, seat, 'declare-attacks', params), params);
  if (isRejection(result)) throw new Error(result.message);
  return result;
}

/**
 * Round 2 of three players (battles.spec's scenario): Vera takes Aurora, Anna's undefended capital,
 * and annexes Borealis and Cinder; Anna loses the battle for Ember. Anna is out at the round's
 * end: she skips round 3 and may try to return from round 4. At the Battles stage of round 2.
 */
function annaOut(options: Record<string, unknown> = {}): League {
  return atBattles(options);
}

function eliminateAnna(h: League): void {
  linkEmberBattle(h, 'blue', 10, 60);
  h.play('vera', 'choose-annexed', { territories: ['borealis', 'cinder'] });
  endStage(h);
  expect(h.state.rs.players.anna.status).toBe('eliminated');
}

/** Anna out after round 2, the league on to the Attack stage of `round`. */
function toAttack(round: number, options: Record<string, unknown> = {}): League {
  const h = annaOut(options);
  eliminateAnna(h);
  for (
    let step = 0;
    step < 8 && !(h.state.rs.round === round && h.state.rs.stage === 'attack');
    step++
  )
    if (h.state.rs.stage === 'preparation') endStage(h);
    else quietRound(h);
  expect([h.state.rs.round, h.state.rs.stage]).toEqual([round, 'attack']);
  return h;
}

/** Vera (Aurora, Borealis) defends nothing: the other two say nothing, to the Battles stage. */
function toBattles(h: League, anna: object): void {
  const others = { boris: NONE, vera: NONE };
  const ids = Object.entries({ anna, ...others }).map(
    ([seat, p]) => [seat, seal(h, seat, 'declare-attacks', p), p] as const,
  );
  for (const [seat, id, p] of ids) {
    const result = reveal(h, seat, id, p);
    if (isRejection(result)) throw new Error(result.message);
  }
  endStage(h);
  declareAll(h, 'declare-joins', {
    anna: { joins: [] },
    boris: { joins: [] },
    vera: { joins: [] },
  });
  endStage(h);
}

const RETURN = {
  attacks: [
    { ship: 'ship:anna:1', planet: 'aurora' },
    { ship: 'ship:anna:2', planet: 'borealis' },
  ],
  colonisations: [],
  returning: true,
};

describe('galaxy-league: an eliminated player returns', () => {
  it('is not waited for in the round it skips, and a return then is refused', () => {
    const h = toAttack(3);
    expect(waitingFor(h)).toEqual(['boris', 'vera']);
    // «Через раунд, выбывший игрок может пытаться вернуться в игру»: from round 4.
    const result = revealed(h, 'anna', RETURN);
    expect(result).toMatchObject({ code: 'not_return_round', ruleRef: RULES.returnAfterRound });
  });

  it('declares a return on two territories next to one another; captured, the first is its capital', () => {
    const h = toAttack(4);
    // Anna may return now: the Attack stage waits for her sealed declaration.
    expect(waitingFor(h)).toEqual(['anna', 'boris', 'vera']);
    toBattles(h, RETURN);
    // Vera defends neither: no battle, Anna takes both; Aurora, captured first, is her capital.
    const returned = h.events.filter((e) => ['PlayerReturned', 'CapitalSet'].includes(e.type));
    expect(returned.map((e) => [e.type, e.data])).toEqual([
      ['PlayerReturned', { seat: 'anna', round: 4, territory: 'aurora' }],
      ['CapitalSet', { seat: 'anna', territory: 'aurora', cause: 'returned' }],
    ]);
    expect(h.state.rs.players.anna).toMatchObject({ status: 'active', capital: 'aurora' });
    expect(h.state.rs.owner.borealis).toBe('anna');
    // Her ships flew from no territory of hers: a neighbour's penalty (option returnAttackPenalty).
    const opened = h.events.filter((e) => e.type === 'BattleOpened').slice(-2);
    expect(
      opened.map((e) => (e.data as { attackers: { penalty: number }[] }).attackers[0].penalty),
    ).toEqual([-10, -10]);
    // Back in the league: she plays round 5 and gets its income.
    endStage(h);
    expect(h.state.rs.round).toBe(5);
    expect(
      h.events.some(
        (e) => e.type === 'IncomeReceived' && (e.data as { seat: string }).seat === 'anna',
      ),
    ).toBe(true);
    expect(describeGalaxyLeagueEvent(returned[0], 'ru')).toBe(
      'anna захватывает планету aurora и возвращается в игру',
    );
  });

  it('option returnAttackPenalty «none»: the return attacks carry no penalty', () => {
    const h = toAttack(4, { returnAttackPenalty: 'none' });
    toBattles(h, RETURN);
    const opened = h.events.filter((e) => e.type === 'BattleOpened').slice(-2);
    expect(
      opened.map((e) => (e.data as { attackers: { penalty: number }[] }).attackers[0].penalty),
    ).toEqual([0, 0]);
  });

  it('option returnCapital «player-chooses»: no capital until the player names one it captured', () => {
    const h = toAttack(4, { returnCapital: 'player-chooses' });
    toBattles(h, RETURN);
    expect(h.events.some((e) => e.type === 'PlayerReturned')).toBe(true);
    expect(
      h.events.some(
        (e) => e.type === 'CapitalSet' && (e.data as { cause: string }).cause === 'returned',
      ),
    ).toBe(false);
    h.when('anna', 'end-stage').thenRejects('capital_needed', RULES.newCapital);
    h.when('anna', 'designate-capital', { planet: 'borealis' }).then([
      { type: 'CapitalSet', data: { seat: 'anna', territory: 'borealis', cause: 'designated' } },
    ]);
  });

  it('a return that captures nothing leaves the player out; it may try again', () => {
    const h = toAttack(4);
    declareAll(h, 'declare-attacks', { anna: RETURN, boris: NONE, vera: NONE });
    endStage(h);
    declareAll(h, 'declare-joins', {
      anna: { joins: [] },
      boris: { joins: [] },
      vera: { joins: [] },
    });
    // Vera hires mercenaries for Borealis and defends Aurora herself.
    h.play('vera', 'hire-mercenaries', { planet: 'borealis', count: 1 });
    h.play('vera', 'assign-defender', { ship: 'ship:vera:3', planet: 'aurora' });
    endStage(h);
    h.play('vera', 'report-battle', {
      planet: 'aurora',
      winner: 'vera',
      points: [
        { seat: 'anna', points: 10 },
        { seat: 'vera', points: 40 },
      ],
      destroyed: [],
    });
    h.play('anna', 'confirm-battle', { planet: 'aurora' });
    expect(h.state.rs.players.anna.status).toBe('eliminated');
    endStage(h);
    expect(h.events.some((e) => e.type === 'PlayerReturned')).toBe(false);
    // Round 5: she may try again (option returnRounds «any-round»).
    endStage(h);
    expect(waitingFor(h)).toContain('anna');
  });

  it('option returnRounds «entry-rounds»: returns only in rounds 4 and 8', () => {
    const skip = (options: Record<string, unknown>) => {
      const h = toAttack(4, options);
      quietRound(h);
      endStage(h);
      expect([h.state.rs.round, h.state.rs.stage]).toEqual([5, 'attack']);
      return h;
    };
    expect(waitingFor(skip({}))).toContain('anna');
    const late = skip({ returnRounds: 'entry-rounds' });
    expect(waitingFor(late)).toEqual(['boris', 'vera']);
    expect(revealed(late, 'anna', RETURN)).toMatchObject({
      code: 'not_return_round',
      ruleRef: RULES.returnAfterRound,
    });
  });

  it('refuses a return by a player in the league, on territories apart, or of the wrong size', () => {
    const h = toAttack(4);
    const boris = {
      ...RETURN,
      attacks: [
        { ship: 'ship:boris:1', planet: 'aurora' },
        { ship: 'ship:boris:2', planet: 'borealis' },
      ],
    };
    expect(revealed(h, 'boris', boris)).toMatchObject({
      code: 'not_eliminated',
      ruleRef: RULES.returning,
    });
    const apart = {
      ...RETURN,
      attacks: [
        { ship: 'ship:anna:1', planet: 'borealis' },
        { ship: 'ship:anna:2', planet: 'cinder' },
      ],
    };
    expect(revealed(h, 'anna', apart)).toMatchObject({
      code: 'not_next_to_each_other',
      ruleRef: RULES.returning,
    });
    const one = { ...RETURN, attacks: [RETURN.attacks[0]] };
    expect(revealed(h, 'anna', one)).toMatchObject({
      code: 'return_targets',
      ruleRef: RULES.returning,
    });
    const neutral = {
      ...RETURN,
      attacks: [{ ship: 'ship:anna:1', planet: 'orion' }, RETURN.attacks[1]],
    };
    expect(revealed(h, 'anna', neutral)).toMatchObject({ code: 'neutral_planet' });
    const unflagged = { attacks: RETURN.attacks, colonisations: [] };
    expect(revealed(h, 'anna', unflagged)).toMatchObject({
      code: 'declare_return',
      ruleRef: RULES.returning,
    });
  });
});

describe('galaxy-league: a battle nobody showed up for', () => {
  it('option attackerNoShow «owner-keeps»: a defender who came records the absent attacker; the owner keeps it', () => {
    const h = annaOut();
    h.when('boris', 'record-no-show', { planet: 'ember', absent: ['anna'] }).then([
      { type: 'NoShowRecorded', data: { planet: 'ember', absent: ['anna'], by: 'boris' } },
      { type: 'BattleSettled', data: { planet: 'ember', source: 'no-show', payouts: [] } },
    ]);
    expect(h.state.rs.owner.ember).toBe('boris');
    expect(h.state.rs.battles).toEqual({});
  });

  it('option attackerNoShow «judge»: only a judge records an attacker’s no-show', () => {
    const h = annaOut({ attackerNoShow: 'judge' });
    h.when('boris', 'record-no-show', { planet: 'ember', absent: ['anna'] }).thenRejects(
      'judge_decides',
      RULES.noDefender,
    );
    h.whenJudge('boris', 'record-no-show', { planet: 'ember', absent: ['anna'] }).then([
      { type: 'NoShowRecorded' },
      { type: 'BattleSettled', data: { source: 'no-show' } },
    ]);
    expect(h.state.rs.owner.ember).toBe('boris');
  });

  it('a defender who does not show up loses the planet to the attacker («не явился на бой»)', () => {
    for (const attackerNoShow of ['owner-keeps', 'judge']) {
      const h = annaOut({ attackerNoShow });
      h.play('anna', 'record-no-show', { planet: 'ember', absent: ['boris'] });
      expect(h.events.at(-2)?.data).toMatchObject({ source: 'no-show', winner: 'anna' });
      expect(h.state.rs.owner.ember).toBe('anna');
    }
  });

  it('refuses a no-show of a non-participant, of the reporter, or of everyone', () => {
    const h = annaOut();
    h.when('boris', 'record-no-show', { planet: 'ember', absent: ['vera'] }).thenRejects(
      'absent_not_participant',
      RULES.noDefender,
    );
    h.when('boris', 'record-no-show', { planet: 'ember', absent: ['boris'] }).thenRejects(
      'absent_reporter',
      RULES.noDefender,
    );
    h.when('vera', 'record-no-show', { planet: 'ember', absent: ['anna'] }).thenRejects(
      'not_a_participant',
      RULES.battlesPhase,
    );
  });
});

/**
 * A small map for entries: Anna holds Alpha (capital), Beta, Gamma in a row; Boris holds Epsilon
 * (capital) and Zeta. Neutral: Nu (next to Gamma, Epsilon, Zeta, Mu) and Mu.
 */
const ENTRY_MAP = {
  id: 'entry-test',
  title: { en: 'Entry test', ru: 'Проверка входа' },
  illustrative: true,
  territories: [
    ['alpha', 'red'],
    ['beta', 'blue'],
    ['gamma', 'lilac'],
    ['nu', 'red'],
    ['mu', 'blue'],
    ['epsilon', 'red'],
    ['zeta', 'blue'],
  ].map(([id, colour]) => ({ id, name: { en: id, ru: id }, colour })),
  lanes: [
    ['alpha', 'beta'],
    ['beta', 'gamma'],
    ['gamma', 'nu'],
    ['nu', 'mu'],
    ['nu', 'epsilon'],
    ['nu', 'zeta'],
    ['epsilon', 'zeta'],
  ].map(([from, to]) => ({ from, to })),
  starts: [
    { capital: 'alpha', planets: ['beta', 'gamma'] },
    { capital: 'epsilon', planets: ['zeta'] },
  ],
};
const TECHNOLOGIES = ['shields', 'engines', 'mines', 'radar', 'docks'].map((id, i) => ({
  id,
  name: { en: id, ru: id },
  cost: 100,
  points: i + 1,
}));

/** Anna and Boris start, Dmitri (Pirates) is kept for a new player; to round `round`'s start. */
function entering(round: number, options: Record<string, unknown> = {}, map?: object): League {
  const h = new MatchHarness(galaxyLeagueRuleset, 'league-2').started(
    [
      { seat: 'anna', faction: 'empire' },
      { seat: 'boris', faction: 'mechanics' },
      { seat: 'dmitri', faction: 'pirates' },
    ],
    {
      options: options as never,
      setup: { entrants: ['dmitri'], technologies: TECHNOLOGIES, ...(map ? { map } : {}) },
    },
  );
  for (let step = 0; step < 12 && h.state.rs.round < round; step++) quietRound(h);
  expect([h.state.rs.round, h.state.rs.stage]).toEqual([round, 'preparation']);
  return h;
}

describe('galaxy-league: a new player enters', () => {
  it('a kept seat holds nothing and is not waited for before round 4; entering in round 3 is refused', () => {
    const h = new MatchHarness(galaxyLeagueRuleset, 'league-2').started(
      [
        { seat: 'anna', faction: 'empire' },
        { seat: 'boris', faction: 'mechanics' },
        { seat: 'dmitri', faction: 'pirates' },
      ],
      { setup: { entrants: ['dmitri'], technologies: TECHNOLOGIES } },
    );
    expect(Object.values(h.state.rs.owner)).not.toContain('dmitri');
    expect(waitingFor(h)).toEqual(['anna', 'boris']);
    quietRound(h);
    // No place in the priority order for a player who has not entered.
    expect(h.events.find((e) => e.type === 'PriorityOrderSet')?.data).toEqual({
      round: 1,
      order: ['anna', 'boris'],
    });
    quietRound(h);
    h.when('dmitri', 'enter-league', {
      capital: 'nexus',
      planets: ['orion', 'pyxis', 'quasar'],
      technologies: ['shields', 'engines'],
    }).thenRejects('not_entry_round', RULES.newEntrant);
    h.when('dmitri', 'end-stage').thenRejects('not_entered', RULES.newEntrant);
  });

  it('enters at the start of round 4: a neutral capital, 3 neighbours, 300 IC, 2 technologies, X-3 wins', () => {
    const h = entering(4);
    expect(waitingFor(h)).toEqual(['anna', 'boris', 'dmitri']);
    // Boris has 5 wins: Dmitri gets 5-3 = 2.
    h.record(
      [
        {
          type: 'TrackChanged',
          data: {
            track: winsTrack('boris'),
            owner: 'boris',
            name: { en: 'Wins', ru: 'Победы' },
            value: 5,
            delta: 5,
          },
        },
      ],
      { kind: 'system', id: 'test' },
    );
    h.when('anna', 'enter-league', { capital: 'nexus', planets: [], technologies: [] }).thenRejects(
      'not_an_entrant',
      RULES.newEntrant,
    );
    h.when('dmitri', 'enter-league', {
      capital: 'aurora',
      planets: [],
      technologies: [],
    }).thenRejects('capital_not_neutral', RULES.entryCapital);
    h.when('dmitri', 'enter-league', {
      capital: 'nexus',
      planets: ['orion', 'pyxis', 'rigel'],
      technologies: ['shields', 'engines'],
    }).then([
      {
        type: 'PlayerEntered',
        data: {
          seat: 'dmitri',
          round: 4,
          capital: 'nexus',
          planets: ['orion', 'pyxis', 'rigel'],
          attacks: 'none',
          credits: 300,
          wins: 2,
          technologies: ['shields', 'engines'],
        },
      },
      { type: 'ControlChanged', data: { territory: 'nexus', to: 'dmitri', cause: 'entered' } },
      { type: 'ControlChanged', data: { territory: 'orion' } },
      { type: 'ControlChanged', data: { territory: 'pyxis' } },
      { type: 'ControlChanged', data: { territory: 'rigel' } },
      { type: 'CapitalSet', data: { seat: 'dmitri', territory: 'nexus', cause: 'entered' } },
      { type: 'PiecesCreated' },
      { type: 'TechnologyResearched', data: { technology: 'shields', cost: 0, free: true } },
      { type: 'TrackChanged' },
      { type: 'TechnologyResearched', data: { technology: 'engines', cost: 0, free: true } },
      { type: 'TrackChanged' },
      { type: 'TrackChanged', data: { track: creditsTrack('dmitri'), value: 300 } },
      { type: 'TrackChanged', data: { track: winsTrack('dmitri'), value: 2 } },
    ]);
    expect(track(h, otherTrack('dmitri'))).toBe(1 + 2);
    expect(Object.values(h.state.table.pieces).filter((p) => p.owner === 'dmitri')).toHaveLength(4);
    expect(h.state.rs.players.dmitri).toMatchObject({ status: 'active', capital: 'nexus' });
    // Nobody colonises what he took this round: it is his.
    endStage(h);
    expect(h.state.rs.stage).toBe('attack');
    expect(
      revealed(h, 'anna', {
        attacks: [],
        colonisations: [{ ships: ['ship:anna:3'], planet: 'orion' }],
      }),
    ).toMatchObject({ code: 'not_neutral' });
    expect(
      describeGalaxyLeagueEvent(
        h.events.find((e) => e.type === 'PlayerEntered')!,
        'ru',
      ),
    ).toBe(
      'dmitri входит в Лигу в раунде 4: столица — nexus, а также orion, pyxis, rigel; получает 300 ИК, 2 бесплатные технологии, в графу «победы» — 2 очка',
    );
  });

  it('phrases an entry with no technology and no wins, and as a returning player, in both languages', () => {
    const entry = (data: object) => ({
      type: 'PlayerEntered',
      data: {
        seat: 'dmitri',
        round: 8,
        planets: [],
        credits: 300,
        wins: 0,
        technologies: [],
        ...data,
      },
    });
    const plain = entry({ capital: 'nexus', attacks: 'next-to-capital' });
    expect(describeGalaxyLeagueEvent(plain, 'ru')).toBe(
      'dmitri входит в Лигу в раунде 8: столица — nexus; получает 300 ИК; его действия в этом раунде — 3 атаки на соседние со столицей территории',
    );
    expect(describeGalaxyLeagueEvent(plain, 'en')).toBe(
      'dmitri enters the league in round 8: capital nexus; receives 300 IC; its actions this round are 3 attacks next to its capital',
    );
    const returning = entry({
      attacks: 'as-return',
      technologies: ['a', 'b', 'c', 'd', 'e'],
      wins: 1,
    });
    expect(describeGalaxyLeagueEvent(returning, 'ru')).toBe(
      'dmitri входит в Лигу в раунде 8: нейтральных планет нет, входит как возвращающийся игрок, с 3 атаками; получает 300 ИК, 5 бесплатных технологий, в графу «победы» — 1 очко',
    );
  });

  it('refuses neighbours that are not neutral planets next to the capital, or the wrong number', () => {
    const h = entering(4);
    const enter = (planets: string[]) =>
      h.when('dmitri', 'enter-league', {
        capital: 'nexus',
        planets,
        technologies: ['shields', 'engines'],
      });
    enter(['orion', 'pyxis']).thenRejects('entry_planets', RULES.entryNeighbours);
    enter(['orion', 'pyxis', 'aurora']).thenRejects('not_free_neighbour', RULES.entryNeighbours);
    h.when('dmitri', 'enter-league', {
      capital: 'nexus',
      planets: ['orion', 'pyxis', 'rigel'],
      technologies: ['shields'],
    }).thenRejects('free_technologies', RULES.entryGifts);
  });

  it('option entryFreeTechnologies: 2 in round 4 and 4 in round 8, or always 2, or always 4', () => {
    const count = (round: number, option?: string) => {
      const h = entering(round, option ? { entryFreeTechnologies: option } : {});
      for (let n = 0; n <= 5; n++) {
        const result = h.decide('dmitri', 'enter-league', {
          capital: 'nexus',
          planets: ['orion', 'pyxis', 'rigel'],
          technologies: TECHNOLOGIES.slice(0, n).map((t) => t.id),
        });
        if (!isRejection(result)) return n;
        expect(result).toMatchObject({ code: 'free_technologies' });
      }
      return undefined;
    };
    expect(count(4)).toBe(2);
    expect(count(8)).toBe(4);
    expect(count(8, 'two')).toBe(2);
    expect(count(4, 'four')).toBe(4);
  });

  it('option entryPartialNeighbours «take-available»: with 1 free neighbour it takes that one', () => {
    const h = entering(4, {}, ENTRY_MAP);
    h.when('dmitri', 'enter-league', {
      capital: 'nu',
      planets: [],
      technologies: ['shields', 'engines'],
    }).thenRejects('entry_planets', RULES.entryNeighbours);
    expect(
      entered(h, { capital: 'nu', planets: ['mu'], technologies: ['shields', 'engines'] }),
    ).toMatchObject({ capital: 'nu', planets: ['mu'], attacks: 'none' });
    expect(h.state.rs.owner.mu).toBe('dmitri');
  });

  /** Under «attack-instead» Dmitri takes Nu alone; at the Attack stage his actions are the 3 attacks. */
  function attacking(options: Record<string, unknown> = {}): League {
    const h = entering(4, { entryPartialNeighbours: 'attack-instead', ...options }, ENTRY_MAP);
    h.when('dmitri', 'enter-league', {
      capital: 'nu',
      planets: ['mu'],
      technologies: ['shields', 'engines'],
    }).thenRejects('entry_planets', RULES.entryNeighbours);
    expect(
      entered(h, {
        capital: 'nu',
        planets: [],
        technologies: ['shields', 'engines'],
      }),
    ).toMatchObject({ capital: 'nu', planets: [], attacks: 'next-to-capital' });
    endStage(h);
    expect(h.state.rs.stage).toBe('attack');
    sealOthers(h);
    return h;
  }

  it('option entryPartialNeighbours «attack-instead»: attacks next to the capital, never a capital or 1 LY from one', () => {
    const h = attacking();
    const attack = (planet: string, ship = 'ship:dmitri:1') => ({
      attacks: [{ ship, planet }],
      colonisations: [],
    });
    expect(revealed(h, 'dmitri', attack('epsilon'))).toMatchObject({
      code: 'entry_on_capital',
      ruleRef: RULES.entryAttacks,
    });
    expect(revealed(h, 'dmitri', attack('zeta'))).toMatchObject({
      code: 'entry_near_capital',
      ruleRef: RULES.entryAttacks,
    });
    expect(revealed(h, 'dmitri', attack('mu'))).toMatchObject({ code: 'neutral_planet' });
    expect(revealed(h, 'dmitri', attack('beta'))).toMatchObject({
      code: 'not_next_to_capital',
      ruleRef: RULES.entryAttacks,
    });
    expect(
      revealed(h, 'dmitri', {
        attacks: [],
        colonisations: [{ ships: ['ship:dmitri:1'], planet: 'mu' }],
      }),
    ).toMatchObject({ code: 'entry_attacks_only', ruleRef: RULES.entryAttacksAreActions });
    // Option entryAttackShips «any-ship»: a defensive ship makes one of the 3 attacks.
    declared(h, 'dmitri', attack('gamma', 'ship:dmitri:3'));
    expect(
      h.events.find(
        (e) => e.type === 'AttacksDeclared' && (e.data as { seat: string }).seat === 'dmitri',
      )?.data,
    ).toMatchObject({ entry: true, attacks: [{ planet: 'gamma', penalty: -10 }] });
  });

  it('option entryAttackShips «attacking-only»: the entry attacks are made by attacking ships', () => {
    const h = attacking({ entryAttackShips: 'attacking-only' });
    expect(
      revealed(h, 'dmitri', {
        attacks: [{ ship: 'ship:dmitri:3', planet: 'gamma' }],
        colonisations: [],
      }),
    ).toMatchObject({ code: 'not_attacking_ship' });
    declared(h, 'dmitri', {
      attacks: [{ ship: 'ship:dmitri:1', planet: 'gamma' }],
      colonisations: [],
    });
    revealOthers(h);
    expect(h.state.rs.stage).toBe('return');
  });

  it('option entrantIncome: the round’s income from the next round (default), or on entering', () => {
    const enter = {
      capital: 'nexus',
      planets: ['orion', 'pyxis', 'quasar'],
      technologies: ['shields', 'engines'],
    };
    const later = entering(4);
    later.play('dmitri', 'enter-league', enter);
    expect(track(later, creditsTrack('dmitri'))).toBe(300);
    const now = entering(4, { entrantIncome: 'on-entry' });
    now.play('dmitri', 'enter-league', enter);
    // Nexus (red) 10, Orion and Quasar (lilac) 15 each, Pyxis (blue) 20: 60 IC more.
    expect(
      now.events.find(
        (e) => e.type === 'IncomeReceived' && (e.data as { seat: string }).seat === 'dmitri',
      )?.data,
    ).toMatchObject({ seat: 'dmitri', round: 4, total: 60 });
    expect(track(now, creditsTrack('dmitri'))).toBe(360);
  });

  it('with no neutral planet left it enters as a returning player, with 3 attacks', () => {
    const FULL = {
      ...ENTRY_MAP,
      territories: ENTRY_MAP.territories.filter((t) => !['nu', 'mu'].includes(t.id)),
      lanes: [
        ['alpha', 'beta'],
        ['beta', 'gamma'],
        ['gamma', 'zeta'],
        ['epsilon', 'zeta'],
      ].map(([from, to]) => ({ from, to })),
    };
    const h = entering(4, {}, FULL);
    h.when('dmitri', 'enter-league', {
      capital: 'gamma',
      planets: [],
      technologies: ['shields', 'engines'],
    }).thenRejects('no_neutral_planet', RULES.entryAsReturn);
    expect(entered(h, { planets: [], technologies: ['shields', 'engines'] })).toMatchObject({
      attacks: 'as-return',
      planets: [],
    });
    expect(
      h.events.find(
        (e) =>
          e.type === 'ZonesCreated' &&
          e.seq > 0 &&
          (e.data as { zones: { kind: string }[] }).zones[0].kind === 'reserve',
      )?.data,
    ).toMatchObject({ zones: [{ id: 'reserve:dmitri', kind: 'reserve' }] });
    expect(h.state.rs.players.dmitri.status).toBe('eliminated');
    endStage(h);
    expect(waitingFor(h)).toEqual(['anna', 'boris', 'dmitri']);
    sealOthers(h);
    const two = {
      attacks: [
        { ship: 'ship:dmitri:1', planet: 'beta' },
        { ship: 'ship:dmitri:2', planet: 'gamma' },
      ],
      colonisations: [],
      returning: true,
    };
    expect(revealed(h, 'dmitri', two)).toMatchObject({
      code: 'return_targets',
      ruleRef: RULES.entryAsReturn,
    });
    const three = { ...two, attacks: [...two.attacks, { ship: 'ship:dmitri:3', planet: 'zeta' }] };
    declared(h, 'dmitri', three);
    revealOthers(h);
    // Nobody defends: he takes all three, and Beta, the first, is his capital.
    endStage(h);
    declareAll(h, 'declare-joins', {
      anna: { joins: [] },
      boris: { joins: [] },
      dmitri: { joins: [] },
    });
    endStage(h);
    expect(h.state.rs.players.dmitri).toMatchObject({ status: 'active', capital: 'beta' });
    expect(['beta', 'gamma', 'zeta'].map((t) => h.state.rs.owner[t])).toEqual([
      'dmitri',
      'dmitri',
      'dmitri',
    ]);
  });
});
