import type { RecordedEvent } from '../../events/recorded-event';
import { RULES } from './sw-rules-text';
import type { SwState, Unit } from './sw-state';
import { battle, given, ship, shipOf } from './sw.testkit';

/** Both enemy Centrals ending the mission, reinforcements reaching the ground, production slowed by a lost generator. */

const unitsOf = (rs: SwState, legion: string, kind: string): Unit[] =>
  Object.values(rs.ground.units).filter((u) => u.legion === legion && u.kind === kind);
const ofType = (events: RecordedEvent[], type: string) => events.filter((e) => e.type === type);

describe('sw-strategic ground: both enemy Centrals destroyed (G1.6.2)', () => {
  /** Gold's Central destroyed by `goldBy`; blue's at 4 of 5 shots; a cruiser of red bombards it. */
  const lastShot = (options: Record<string, unknown>, goldBy = 'red') => {
    const h = battle(
      { red: [ship('cruiser', 2, -2, 0)] },
      { bombardmentDamage: 'one-hit', bombardmentArea: 'hex-only', ...options },
    );
    h.given([
      given('GeneratorHit', { generator: 'generator:7', hits: 5, destroyed: true, by: goldBy }),
      given('GeneratorHit', { generator: 'generator:4', hits: 4, destroyed: false, by: 'red' }),
    ]);
    const events = h.play('red', 'bombard', { ship: shipOf(h, 'red', 'cruiser'), cell: 'g:0:-6' });
    return { h, events };
  };

  it('mission (default): the mission ends at once, scored, the legion that destroyed both the winner', () => {
    const { events } = lastShot({});
    expect(events.map((e) => e.type)).toEqual([
      'DecisionMade',
      'OrbitalBombardment',
      'BombardmentDamage',
      'GeneratorHit',
      'MapFinished',
      'MapFinished',
      'MissionScored',
      'MatchFinished',
      'RngRevealed',
    ]);
    expect(ofType(events, 'MapFinished').map((e) => e.data)).toEqual([
      { map: 'ground', reason: 'centrals' },
      { map: 'space', reason: 'centrals' },
    ]);
    expect(ofType(events, 'MatchFinished')[0]?.data).toMatchObject({ winners: ['red'] });
  });

  it('ground: only the ground game ends; space plays on', () => {
    const { h, events } = lastShot({ bothCentralsEnd: 'ground' });
    expect(ofType(events, 'MapFinished').map((e) => e.data)).toEqual([
      { map: 'ground', reason: 'centrals' },
    ]);
    expect(ofType(events, 'MatchFinished')).toHaveLength(0);
    h.when('red', 'end-turn', { map: 'ground' }).thenRejects('map_finished', RULES.turns);
    h.play('red', 'end-turn', { map: 'space' });
  });

  it('centralsBy the-legion (default): one Central destroyed by another legion does not count', () => {
    const { events } = lastShot({}, 'blue');
    expect(ofType(events, 'MapFinished')).toHaveLength(0);
  });

  it('centralsBy anyone: both enemy Centrals down, whoever did it, and the legion with its own standing wins', () => {
    const { events } = lastShot({ centralsBy: 'anyone' }, 'blue');
    expect(ofType(events, 'MatchFinished')[0]?.data).toMatchObject({ winners: ['red'] });
  });
});

describe('sw-strategic: reinforcements reach the ground flight (S4.4)', () => {
  /** Red's transport delivers two reinforcements; then red's next ground turn starts. */
  const delivered = (
    options: Record<string, unknown>,
    custom?: (h: ReturnType<typeof battle>) => void,
  ) => {
    const h = battle({ red: [ship('transport', 5, 0, 3)] }, options);
    const t = shipOf(h, 'red', 'transport');
    h.play('red', 'buy-cargo', { transport: t, cargo: 'reinforcements' });
    h.play('red', 'buy-cargo', { transport: t, cargo: 'reinforcements' });
    h.play('red', 'move-ship', { ship: t, steps: ['forward', 'forward', 'forward', 'forward'] });
    h.when('red', 'unload', { ship: t }).then([
      { type: 'ReinforcementsDelivered', data: { count: 2, toGround: 2 } },
    ]);
    expect(h.state.rs.legions[0].groundReserve).toBe(2);
    custom?.(h);
    // Round 2 rotates to blue, gold, red: red's next ground turn starts after five turns end.
    const events = ['red', 'blue', 'gold', 'blue', 'gold'].flatMap((seat) =>
      h.play(seat, 'end-turn', { map: 'ground' }),
    );
    return { h, events };
  };

  it('action-points (default): each gives an action point on the next ground turn', () => {
    const { h, events } = delivered({});
    expect(ofType(events, 'ReinforcementsLanded')[0]?.data).toMatchObject({
      legion: 'red',
      count: 2,
      actionPoints: 2,
      left: 12,
    });
    expect(h.state.rs.legions[0]).toMatchObject({ actionPoints: 12, groundReserve: 0 });
  });

  it('reinforcementActionPoints sets the rate', () => {
    const { h } = delivered({ reinforcementActionPoints: 3 });
    expect(h.state.rs.legions[0].actionPoints).toBe(16);
  });

  it('infantry: an infantry unit each where a squad has room; the rest wait', () => {
    const { h, events } = delivered({ reinforcementsOnGround: 'infantry' }, (h) => {
      const [gone] = unitsOf(h.state.rs, 'red', 'infantry');
      h.given([given('PieceHit', { piece: gone.id, hits: 1, destroyed: true })]);
    });
    const placed = ofType(events, 'UnitPlaced').filter(
      (e) => (e.data as { legion: string }).legion === 'red',
    );
    expect(placed).toHaveLength(1);
    expect(placed[0].data).toMatchObject({ kind: 'infantry', squad: 'Legion I ground commander' });
    expect(ofType(events, 'ReinforcementsLanded')[0]?.data).toMatchObject({
      count: 1,
      actionPoints: 0,
    });
    expect(h.state.rs.legions[0]).toMatchObject({ groundReserve: 1, actionPoints: 10 });
  });
});

describe('sw-strategic ground: production slows when a generator is lost (G2.6)', () => {
  /** Red queues a walker (3 turns), one turn passes, then blue's cruiser destroys red's generator 2. */
  const slowed = (options: Record<string, unknown>) => {
    const h = battle(
      { blue: [ship('cruiser', 2, -2, 0)] },
      { bombardmentDamage: 'one-hit', bombardmentArea: 'hex-only', ...options },
    );
    const [walker] = unitsOf(h.state.rs, 'red', 'walker');
    h.given([
      given('PieceHit', { piece: walker.id, hits: 3, destroyed: true }),
      given('GeneratorHit', { generator: 'generator:2', hits: 3, destroyed: false, by: 'blue' }),
    ]);
    h.play('red', 'queue-production', { item: 'walker', squad: 'Legion I mechanic' });
    for (const seat of ['red', 'blue', 'gold', 'blue', 'gold'])
      h.play(seat, 'end-turn', { map: 'ground' });
    expect(h.state.rs.legions[0].production[0]).toMatchObject({ turns: 3, turnsLeft: 2 });
    h.play('red', 'end-turn', { map: 'space' });
    const events = h.play('blue', 'bombard', {
      ship: shipOf(h, 'blue', 'cruiser'),
      cell: 'g:6:-2',
    });
    return { h, events };
  };

  it('elapsed (default): the new table time less the turn already spent', () => {
    const { h, events } = slowed({});
    expect(ofType(events, 'ProductionSlowed')[0]?.data).toMatchObject({
      legion: 'red',
      turns: 6,
      turnsLeft: 5,
      generatorsLost: 1,
    });
    expect(h.state.rs.legions[0].production[0]).toMatchObject({ turns: 6, turnsLeft: 5 });
  });

  it('scaled: the turns left times the new time over the old', () => {
    const { events } = slowed({ productionSlowdown: 'scaled' });
    expect(ofType(events, 'ProductionSlowed')[0]?.data).toMatchObject({ turns: 6, turnsLeft: 4 });
  });
});
