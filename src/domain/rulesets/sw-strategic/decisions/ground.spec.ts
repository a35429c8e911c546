import { own } from '../../../shared/id-record';
import { productionTime } from '../sw-ground-turn';
import { RULES } from '../sw-rules-text';
import { roundOrder } from './turns';
import { battle, given } from '../sw.testkit';
import type { SwState } from '../sw-state';

const unitAt = (rs: SwState, legion: string, kind: string) =>
  Object.values(rs.ground.units).find((u) => u.legion === legion && u.kind === kind);

describe('sw-strategic ground: production (G2)', () => {
  it('reads the production table by generators lost: a walker takes 3, 6 or 12 turns', () => {
    expect([0, 1, 2].map((lost) => productionTime('walker', lost))).toEqual([3, 6, 12]);
    expect([0, 1, 2].map((lost) => productionTime('infantry', lost))).toEqual([1, 2, 3]);
    expect(productionTime('comm-centre', 1)).toBe(6);
  });

  it('queues infantry into a squad; it appears in the territory when its time is up', () => {
    const h = battle({});
    h.when('red', 'queue-production', { item: 'infantry' }).thenRejects(
      'squad_needed',
      RULES.squads,
    );
    h.when('red', 'queue-production', {
      item: 'infantry',
      squad: 'Legion I ground commander',
    }).thenRejects('squad_full', RULES.squads);
    const walker = h
      .when('red', 'queue-production', { item: 'walker', squad: 'Legion I ground commander' })
      .thenRejects('squad_full', RULES.squads);
    expect(walker.localized?.ru).toBe(
      'В отряде легионера «Наземный командир Легиона I» нет места ещё для одного юнита «Шагоход»',
    );
    h.given([
      given('PieceHit', {
        piece: unitAt(h.state.rs, 'red', 'infantry')?.id,
        hits: 1,
        destroyed: true,
      }),
    ]);
    h.when('red', 'queue-production', {
      item: 'infantry',
      squad: 'Legion I ground commander',
    }).then([{ type: 'ProductionQueued', data: { legion: 'red', item: 'infantry', turns: 1 } }]);
    for (const seat of ['red', 'blue', 'gold']) h.play(seat, 'end-turn', { map: 'ground' });
    const placed = h.events.find(
      (e) => e.type === 'UnitPlaced' && (e.data as { legion: string }).legion === 'red',
    );
    expect(placed?.data).toMatchObject({ kind: 'infantry', squad: 'Legion I ground commander' });
  });

  it('slows with a generator lost and stops with the Central', () => {
    const h = battle({});
    h.given([
      given('GeneratorHit', { generator: 'generator:2', hits: 4, destroyed: true, by: 'blue' }),
    ]);
    h.when('red', 'queue-production', { item: 'turret', hex: 'g:5:0' }).thenRejects('hex_taken');
    const events = h.play('red', 'queue-production', { item: 'turret', hex: 'g:5:1' });
    expect(events[1].data).toMatchObject({ item: 'turret', turns: 4 });
    h.given([
      given('GeneratorHit', { generator: 'generator:1', hits: 5, destroyed: true, by: 'blue' }),
    ]);
    h.when('red', 'queue-production', {
      item: 'infantry',
      squad: 'Legion I ground commander',
    }).thenRejects('production_stopped', RULES.productionStops);
  });

  it("places support means next to a generator or support means, never in another legion's territory", () => {
    const h = battle({});
    h.when('red', 'queue-production', { item: 'shield-field', hex: 'g:0:0' }).thenRejects(
      'no_anchor',
      RULES.supportAppear,
    );
    h.when('red', 'queue-production', { item: 'turret' }).thenRejects(
      'hex_needed',
      RULES.supportAppear,
    );
    h.when('red', 'queue-production', { item: 'turret', hex: 'g:0:-6' }).thenRejects(
      'foreign_territory',
      RULES.territory,
    );
  });
});

describe('sw-strategic ground: action points, movement and fire (G1.5, G3)', () => {
  it('spends an action point a hex; a move beyond the points left is refused, the stream unchanged', () => {
    const h = battle({}, { actionPoints: 3 });
    h.given([given('FactionTurnStarted', { map: 'ground', legion: 'red', round: 1 })]);
    const inf = unitAt(h.state.rs, 'red', 'infantry');
    expect(h.state.rs.legions[0].actionPoints).toBe(3);
    const before = h.events.length;
    h.when('red', 'move-unit', { unit: inf?.id, steps: [3, 3, 3, 3] }).thenRejects(
      'not_enough_ap',
      RULES.groundMove,
    );
    expect(h.events).toHaveLength(before);
    h.when('blue', 'move-unit', { unit: inf?.id, steps: [3] }).thenRejects(
      'not_your_turn',
      RULES.groundOrder,
    );
  });

  it('rotates the ground order each round: 1-2-3, 2-3-1, 3-1-2, 1-2-3', () => {
    const h = battle({});
    const rs = h.state.rs;
    expect([1, 2, 3, 4].map((round) => roundOrder(rs, 'ground', round, true).join(''))).toEqual([
      'redbluegold',
      'bluegoldred',
      'goldredblue',
      'redbluegold',
    ]);
    for (const seat of ['red', 'blue', 'gold']) h.play(seat, 'end-turn', { map: 'ground' });
    expect(h.state.rs.ground.turn).toMatchObject({ round: 2, current: 'blue' });
  });

  it('an attack is an opposed roll: higher attacker hits, higher defender counter-hits, a tie does nothing', () => {
    const h = battle({}, { actionPoints: 30 });
    h.given([given('FactionTurnStarted', { map: 'ground', legion: 'red', round: 1 })]);
    const red = unitAt(h.state.rs, 'red', 'infantry');
    const blue = unitAt(h.state.rs, 'blue', 'infantry');
    if (!red || !blue) throw new Error('no infantry');
    h.given([
      given('UnitMoved', { unit: blue.id, hexes: [{ q: 0, r: 0 }] }),
      given('UnitMoved', { unit: red.id, hexes: [{ q: 1, r: 0 }] }),
    ]);
    h.when('red', 'attack', { unit: red.id, target: 'generator:4' }).thenRejects(
      'cannot_hit_generator',
      RULES.generatorShooters,
    );
    const events = h.play('red', 'attack', { unit: red.id, target: blue.id });
    const attack = events.find((e) => e.type === 'GroundAttack')?.data as {
      attack: number;
      defence: number;
      outcome: string;
    };
    expect(attack.outcome).toBe(
      attack.attack > attack.defence
        ? 'hit'
        : attack.defence > attack.attack
          ? 'counter-hit'
          : 'draw',
    );
    const hit = events.find((e) => e.type === 'PieceHit')?.data as { piece: string } | undefined;
    if (attack.outcome === 'hit') expect(hit?.piece).toBe(blue.id);
    if (attack.outcome === 'counter-hit') expect(hit?.piece).toBe(red.id);
    if (attack.outcome === 'draw') expect(hit).toBeUndefined();
  });

  it('a trench on the line takes 2 from the attacker; the walker rolls two dice; a joint attack sums', () => {
    const h = battle({}, { actionPoints: 30, walkerDice: 'sum' });
    h.given([given('FactionTurnStarted', { map: 'ground', legion: 'red', round: 1 })]);
    const walker = unitAt(h.state.rs, 'red', 'walker');
    const red = unitAt(h.state.rs, 'red', 'infantry');
    const blue = unitAt(h.state.rs, 'blue', 'infantry');
    if (!walker || !red || !blue) throw new Error('no units');
    h.given([
      given('UnitMoved', { unit: blue.id, hexes: [{ q: 0, r: 0 }] }),
      given('TrenchDug', { unit: blue.id, hex: { q: 0, r: 0 }, sides: [0, 1] }),
      given('UnitMoved', { unit: red.id, hexes: [{ q: 1, r: 0 }] }),
      given('UnitMoved', {
        unit: walker.id,
        hexes: [
          { q: 0, r: 1 },
          { q: 0, r: 2 },
          { q: 1, r: 1 },
        ],
      }),
    ]);
    const events = h.play('red', 'attack', { unit: walker.id, target: blue.id, join: [red.id] });
    const attack = events.find((e) => e.type === 'GroundAttack')?.data as {
      attackRolls: number[][];
      attack: number;
      trench: boolean;
    };
    expect(attack.attackRolls.map((r) => r.length)).toEqual([2, 1]);
    // The infantry at (1, 0) shoots across the trench's side 0 (-2); the walker from the south does not.
    const sum = attack.attackRolls[0][0] + attack.attackRolls[0][1] + attack.attackRolls[1][0] - 2;
    expect(attack).toMatchObject({ trench: true, attack: sum });
    expect(h.state.rs.legions[0].actionPoints).toBe(28);
  });

  it('digs a trench (the digger stays put) and only walkers, fighters and turrets shoot it (4-6)', () => {
    const h = battle({}, { actionPoints: 30 });
    h.given([given('FactionTurnStarted', { map: 'ground', legion: 'red', round: 1 })]);
    const red = unitAt(h.state.rs, 'red', 'infantry');
    if (!red) throw new Error('no infantry');
    h.play('red', 'dig-trench', { unit: red.id, sides: [3, 4] });
    h.when('red', 'move-unit', { unit: red.id, steps: [3] }).thenRejects('dug_in', RULES.trench);
    const hex = red.hexes[0];
    h.when('red', 'shoot-trench', { unit: red.id, hex: `g:${hex.q}:${hex.r}` }).thenRejects(
      'cannot_hit_trench',
      RULES.trenchDestroy,
    );
  });

  it('kills a generator with 4 shots (the Central with 5), and scores it', () => {
    const h = battle({});
    h.given([
      given('GeneratorHit', { generator: 'generator:4', hits: 5, destroyed: true, by: 'red' }),
      given('GeneratorHit', { generator: 'generator:5', hits: 4, destroyed: true, by: 'red' }),
    ]);
    expect(h.state.rs.legions[0].generatorsDestroyed).toEqual({ central: 1, additional: 1 });
  });

  it('a unit unmoved on a control point for a full turn captures it', () => {
    const h = battle({});
    const red = unitAt(h.state.rs, 'red', 'infantry');
    if (!red) throw new Error('no infantry');
    h.given([given('UnitMoved', { unit: red.id, hexes: [{ q: 0, r: 0 }] })]);
    h.when('red', 'end-turn', { map: 'ground' }).then([
      { type: 'ControlPointHeld', data: { hex: { q: 0, r: 0 }, legion: 'red', since: 1 } },
      { type: 'FactionTurnEnded' },
      { type: 'FactionTurnStarted', data: { map: 'ground', legion: 'blue' } },
    ]);
    h.play('blue', 'end-turn', { map: 'ground' });
    h.play('gold', 'end-turn', { map: 'ground' });
    h.play('blue', 'end-turn', { map: 'ground' });
    h.play('gold', 'end-turn', { map: 'ground' });
    h.when('red', 'end-turn', { map: 'ground' }).then([
      { type: 'ControlPointCaptured', data: { hex: { q: 0, r: 0 }, legion: 'red', value: 3 } },
      { type: 'FactionTurnEnded' },
      { type: 'FactionTurnStarted' },
    ]);
    expect(own(h.state.rs.ground.cells, '0:0')?.value).toBe(3);
  });
});
