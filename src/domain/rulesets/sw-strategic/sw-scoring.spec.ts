import { swOptions } from './sw-options';
import { groundScore, missionScore, spaceScore } from './sw-scoring';
import { orbitPoints } from './sw-space-map';
import { RULES } from './sw-rules-text';
import { battle, given, ship } from './sw.testkit';

/** Combat ships on blue (2) and light-blue (1) orbit cells worth `points` to red. */
const orbitOf = (blue: number, light: number) => {
  const cells = [
    [2, -2],
    [2, 0],
    [0, 2],
    [-2, 2],
    [-2, 0],
    [0, -2],
    [1, -2],
    [2, -1],
    [1, 1],
    [-1, 2],
    [-2, 1],
    [-1, -1],
  ].slice(0, blue);
  const lights = [
    [3, -3],
    [3, 0],
    [0, 3],
    [-3, 3],
    [-3, 0],
    [0, -3],
    [3, -1],
    [3, -2],
    [1, 2],
  ].slice(0, light);
  return [...cells, ...lights].map(([q, r]) => ship('fighter', q, r, 0));
};

describe('sw-strategic scoring (S1.7, G1.6)', () => {
  it('more than 21 of the 42 orbit points wins space outright: 22 does, 21 does not', () => {
    const outright = battle({ red: orbitOf(11, 0) }, {}, (m) => (m.legions[0].credits = 40));
    expect(orbitPoints(outright.state.rs).red).toBe(22);
    expect(spaceScore(outright.state.rs)).toMatchObject({
      outright: 'red',
      percent: { red: 100, blue: 0, gold: 0 },
    });
    const short = battle({ red: orbitOf(10, 1) });
    expect(orbitPoints(short.state.rs).red).toBe(21);
    const score = spaceScore(short.state.rs);
    expect(score.outright).toBeUndefined();
    // Orbit 30 to red; credits 20 shared three ways (all have 20); nobody delivered or killed.
    expect(score.percent.red).toBeCloseTo(30 + 20 / 3);
    expect(score.percent.blue).toBeCloseTo(20 / 3);
  });

  it('weighs the space tasks: reinforcements 30, kills 20, credits 20', () => {
    const h = battle({});
    h.given([
      given('ReinforcementsDelivered', { transport: 'x', legion: 'blue', count: 2, total: 2 }),
      given('ShipDestroyed', {
        ship: 'x',
        legion: 'gold',
        class: 'destroyer',
        by: 'gold',
        points: 3,
        cargoLost: 0,
      }),
      given('IncomeCollected', { legion: 'red', dice: 1, total: 3, credits: 23 }),
    ]);
    expect(spaceScore(h.state.rs).percent).toEqual({ red: 20, blue: 30, gold: 20 });
  });

  it('ground: control points, +10 per enemy generator, +30 (or 40) for a Central, +10 most units', () => {
    const h = battle({});
    h.given([
      given('ControlPointCaptured', { hex: { q: 0, r: 0 }, legion: 'red', value: 3 }),
      given('GeneratorHit', { generator: 'generator:5', hits: 4, destroyed: true, by: 'red' }),
      given('GeneratorHit', { generator: 'generator:4', hits: 5, destroyed: true, by: 'red' }),
    ]);
    const units = Object.values(h.state.rs.ground.units).filter((u) => u.legion === 'blue');
    h.given([given('PieceHit', { piece: units[0].id, hits: 1, destroyed: true })]);
    expect(groundScore(h.state.rs, swOptions({}))).toEqual({
      red: 3 + 10 + 30 + 5,
      blue: 0,
      gold: 5,
    });
    expect(groundScore(h.state.rs, swOptions({ centralGeneratorScore: '40' })).red).toBe(
      3 + 10 + 40 + 5,
    );
  });

  it('combines by places on each map (option combinedScore), and ends the mission when both maps end', () => {
    const h = battle(
      { red: orbitOf(11, 0) },
      { combinedScore: 'places' },
      (m) => (m.plannedTurns = 1),
    );
    expect(missionScore(h.state.rs, swOptions({})).combined.red).toBe(6);
    for (const seat of ['red', 'blue', 'gold']) h.play(seat, 'end-turn', { map: 'ground' });
    h.play('red', 'end-turn', { map: 'space' });
    h.play('blue', 'end-turn', { map: 'space' });
    const last = h.play('gold', 'end-turn', { map: 'space' });
    expect(last.map((e) => e.type)).toEqual([
      'DecisionMade',
      'FactionTurnEnded',
      'MapFinished',
      'MissionScored',
      'MatchFinished',
      'RngRevealed',
    ]);
    expect(last[4].data).toMatchObject({ winners: ['red'], ruleRef: RULES.combined });
    expect(h.state.status).toBe('finished');
  });

  it('the GM announces the turns left and calls time; after that only the end of the turn is accepted', () => {
    const h = battle({ red: [ship('destroyer', 0, -3, 0)] });
    h.whenJudge('red', 'gm-announce-turns', { map: 'space', turns: 5 }).thenRejects(
      'wrong_count',
      RULES.turnsLeft,
    );
    h.whenJudge('red', 'gm-announce-turns', { map: 'space', turns: 6 }).then([
      { type: 'TurnsRemainingAnnounced', data: { turns: 6 } },
    ]);
    h.whenJudge('red', 'gm-call-time', { map: 'space' }).then([
      { type: 'TimeCalled', data: { legion: 'red' } },
    ]);
    h.when('red', 'buy-ships', { classes: ['transport'] }).thenRejects(
      'time_called',
      RULES.turnEnd,
    );
    h.play('red', 'end-turn', { map: 'space' });
    expect(h.state.rs.space.turn.current).toBe('blue');
  });
});
