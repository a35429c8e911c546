import type { RecordedEvent } from '../../events/recorded-event';
import { RULES } from './sw-rules-text';
import { SW_OPTIONS } from './sw-options';
import { orbitPoints } from './sw-space-map';
import type { SwState, Unit } from './sw-state';
import { battle, given, ship, shipOf } from './sw.testkit';

/**
 * The readings issue 45 found missing, each a named option quoting the sentence it reads:
 * a destroyed deck on the map, shield fields against a bombardment, an orbital cannon's
 * kill, when a win in orbit is checked, a trench's −2 in a joint attack, whose turns count
 * production, and a bombardment that destroys everything there. Each value is tested.
 */

const ofType = (events: RecordedEvent[], type: string) => events.filter((e) => e.type === type);
const unitsOf = (rs: SwState, legion: string, kind: string): Unit[] =>
  Object.values(rs.ground.units).filter((u) => u.legion === legion && u.kind === kind);

describe('sw-strategic readings: each quotes the rule it reads', () => {
  it.each([
    ['destroyedDeck', RULES.deckCells, 'stays'],
    ['bombardmentShields', RULES.bombardmentBlast, 'per-hex'],
    ['cannonKill', RULES.killPoints, 'the-legion'],
    ['orbitWinCheck', RULES.orbitOutright, 'at-end'],
    ['trenchPenalty', RULES.trenchMinus, 'per-attacker'],
    ['productionTicks', RULES.productionTurns, 'own-turns'],
    ['bombardmentDamage', RULES.bombardmentEffect, 'gm'],
  ])('%s cites its sentence and defaults to %s', (id, ruleRef, fallback) => {
    const option = SW_OPTIONS.find((o) => o.id === id);
    expect(option).toMatchObject({ ruleRef, default: fallback });
  });
});

describe('sw-strategic readings: a destroyed deck on the map (destroyedDeck, S3.1)', () => {
  /** Red's frigate on three blue orbit cells (2 points each) with its stern deck destroyed. */
  const wrecked = (options: Record<string, unknown>) => {
    const h = battle({ red: [ship('frigate', 2, -2, 0), ship('fighter', 0, -3, 0)] }, options);
    const frigate = shipOf(h, 'red', 'frigate');
    h.given([given('ShipDamaged', { ship: frigate, shields: 0, decksLost: [3], cause: 'laser' })]);
    return { h, frigate, fighter: shipOf(h, 'red', 'fighter') };
  };

  it('stays (default): the wreck fills its cell, holds its orbit points, and no ship enters it', () => {
    const { h, fighter } = wrecked({});
    expect(h.state.rs.space.ships[shipOf(h, 'red', 'frigate')].decks[2]).toMatchObject({
      cell: { q: 0, r: -2 },
      hp: 0,
    });
    expect(orbitPoints(h.state.rs).red).toBe(6 + 1);
    h.when('red', 'move-ship', { ship: fighter, steps: ['forward-right'] }).thenRejects(
      'cell_blocked',
      RULES.occupied,
    );
  });

  it('removed: its cell is free, holds no orbit, and a ship may enter it', () => {
    const { h, fighter } = wrecked({ destroyedDeck: 'removed' });
    expect(orbitPoints(h.state.rs).red).toBe(4 + 1);
    h.when('red', 'move-ship', { ship: fighter, steps: ['forward-right'] }).then([
      { type: 'ShipMoved', data: { ship: fighter, cells: [{ q: 0, r: -2 }] } },
    ]);
    // The fighter now holds the cell: 2 points (blue orbit) instead of its light-blue 1.
    expect(orbitPoints(h.state.rs).red).toBe(4 + 2);
  });
});

describe('sw-strategic readings: shield fields against a bombardment (bombardmentShields, S3.10)', () => {
  /**
   * Blue's shield field at (0, 0) covers blue's infantry at (1, 0); gold's infantry at (2, 0)
   * stands in the open; red's cruiser bombards (2, -1), whose blast reaches both.
   */
  const bombard = (options: Record<string, unknown>) => {
    const h = battle(
      { red: [ship('cruiser', 2, -2, 0)] },
      { bombardmentDamage: 'one-hit', ...options },
    );
    const [covered] = unitsOf(h.state.rs, 'blue', 'infantry');
    const [open] = unitsOf(h.state.rs, 'gold', 'infantry');
    h.given([
      given('SupportPlaced', {
        piece: 'shield-field-70',
        legion: 'blue',
        kind: 'shield-field',
        hex: { q: 0, r: 0 },
      }),
      given('UnitMoved', { unit: covered.id, hexes: [{ q: 1, r: 0 }] }),
      given('UnitMoved', { unit: open.id, hexes: [{ q: 2, r: 0 }] }),
    ]);
    const events = h.play('red', 'bombard', { ship: shipOf(h, 'red', 'cruiser'), cell: 'g:2:-1' });
    const hits = (ofType(events, 'BombardmentDamage')[0]?.data as { hits: { piece: string }[] })
      .hits;
    return { h, hits: hits.map((x) => x.piece), covered, open };
  };

  it('per-hex (default): the shielded hex is spared, the open one is hit', () => {
    const { hits, covered, open } = bombard({});
    expect(hits).toContain(open.id);
    expect(hits).not.toContain(covered.id);
  });

  it('whole-blast: a field over one hex of the blast stops it all, and the space map goes on', () => {
    const { h, hits } = bombard({ bombardmentShields: 'whole-blast' });
    expect(hits).toEqual([]);
    expect(h.state.rs.space.pausedForBombardment).toBeUndefined();
  });
});

describe('sw-strategic readings: what a bombardment destroys (bombardmentDamage, S3.10)', () => {
  it('destroyed: every unshielded piece there is destroyed at once, generators included', () => {
    const h = battle({ red: [ship('frigate', 2, -2, 0)] }, { bombardmentDamage: 'destroyed' });
    const central = Object.values(h.state.rs.ground.generators).find(
      (g) => g.legion === 'blue' && g.central,
    );
    if (!central) throw new Error('blue has no Central');
    const [at] = central.hexes;
    const events = h.play('red', 'bombard', {
      ship: shipOf(h, 'red', 'frigate'),
      cell: `g:${at.q}:${at.r}`,
    });
    const hits = (
      ofType(events, 'BombardmentDamage')[0]?.data as { hits: { piece: string; hits: number }[] }
    ).hits;
    expect(hits).toContainEqual({ piece: central.id, hits: 5 });
    expect(ofType(events, 'GeneratorHit').map((e) => e.data)).toContainEqual(
      expect.objectContaining({ generator: central.id, hits: 5, destroyed: true, by: 'red' }),
    );
    const units = hits.filter(
      (x) => x.piece.startsWith('infantry') || x.piece.startsWith('walker'),
    );
    expect(units.length).toBeGreaterThan(0);
    for (const { piece } of units) expect(h.state.rs.ground.units[piece]).toBeUndefined();
    expect(h.state.rs.ground.generators[central.id].destroyed).toBe(true);
    expect(h.state.rs.space.pausedForBombardment).toBeUndefined();
  });

  it('gm (default): nothing lands until the Game Master rules', () => {
    const h = battle({ red: [ship('frigate', 2, -2, 0)] });
    const events = h.play('red', 'bombard', { ship: shipOf(h, 'red', 'frigate'), cell: 'g:0:0' });
    expect(ofType(events, 'BombardmentDamage')).toEqual([]);
    expect(h.state.rs.space.pausedForBombardment).toBeDefined();
  });
});

describe("sw-strategic readings: an orbital cannon's kill (cannonKill, S1.7.3)", () => {
  /** Red with two communications centres; blue's fighter on orbit cell (2, 0). */
  const cannon = (options: Record<string, unknown>) =>
    battle({ blue: [ship('fighter', 2, 0, 3)] }, options).given(
      [0, 1].map((i) =>
        given('SupportPlaced', {
          piece: `comm-centre-6${i}`,
          legion: 'red',
          kind: 'comm-centre',
          hex: { q: 4, r: i },
        }),
      ),
    );

  it('the-legion (default): the legion that fired scores the fighter', () => {
    const h = cannon({});
    const events = h.play('red', 'fire-cannon', { cell: 's:2:0' });
    expect(ofType(events, 'ShipDestroyed')[0]?.data).toMatchObject({
      legion: 'blue',
      by: 'red',
      points: 1,
    });
    expect(h.state.rs.legions.find((l) => l.seat === 'red')?.killPoints).toBe(1);
  });

  it('nobody: the fighter is destroyed and nobody scores it', () => {
    const h = cannon({ cannonKill: 'nobody' });
    const events = h.play('red', 'fire-cannon', { cell: 's:2:0' });
    const destroyed = ofType(events, 'ShipDestroyed')[0]?.data as Record<string, unknown>;
    expect(destroyed).toMatchObject({ legion: 'blue', points: 0 });
    expect(destroyed.by).toBeUndefined();
    expect(h.state.rs.legions.map((l) => l.killPoints)).toEqual([0, 0, 0]);
  });
});

describe('sw-strategic readings: when a win in orbit is checked (orbitWinCheck, S1.7.1)', () => {
  /** Red's fighters on eleven blue orbit cells: 22 of the 42 points. */
  const BLUE_ORBIT = [
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
  ];
  const holding = (options: Record<string, unknown>) =>
    battle({ red: BLUE_ORBIT.map(([q, r]) => ship('fighter', q, r, 0)) }, options);

  it('at-end (default): 22 points do not end the battle; the next faction plays', () => {
    const h = holding({});
    expect(orbitPoints(h.state.rs).red).toBe(22);
    h.when('red', 'end-turn', { map: 'space' }).then([
      { type: 'FactionTurnEnded', data: { map: 'space', legion: 'red' } },
      { type: 'FactionTurnStarted', data: { map: 'space', legion: 'blue' } },
    ]);
    expect(h.state.rs.space.turn.finished).toBe(false);
  });

  it('turn-end: 22 points at the end of red’s turn win the Space Battle outright, and it ends', () => {
    const h = holding({ orbitWinCheck: 'turn-end' });
    h.when('red', 'end-turn', { map: 'space' }).then([
      { type: 'FactionTurnEnded', data: { map: 'space', legion: 'red' } },
      { type: 'MapFinished', data: { map: 'space', reason: 'outright' } },
    ]);
    expect(h.state.rs.space.turn.finished).toBe(true);
    h.when('blue', 'end-turn', { map: 'space' }).thenRejects('map_finished', RULES.turns);
    // The ground map plays on.
    expect(h.state.rs.ground.turn.finished).toBe(false);
  });
});

describe('sw-strategic readings: a trench in a joint attack (trenchPenalty, G3.14)', () => {
  /** Two red infantry attack blue's across both sides of its trench: (1, 0) and (1, -1). */
  const jointAcross = (options: Record<string, unknown>) => {
    const h = battle({}, { actionPoints: 30, ...options });
    const [first, second] = unitsOf(h.state.rs, 'red', 'infantry');
    const [blue] = unitsOf(h.state.rs, 'blue', 'infantry');
    h.given([
      given('UnitMoved', { unit: blue.id, hexes: [{ q: 0, r: 0 }] }),
      given('TrenchDug', { unit: blue.id, hex: { q: 0, r: 0 }, sides: [0, 1] }),
      given('UnitMoved', { unit: first.id, hexes: [{ q: 1, r: 0 }] }),
      given('UnitMoved', { unit: second.id, hexes: [{ q: 1, r: -1 }] }),
    ]);
    const events = h.play('red', 'attack', { unit: first.id, target: blue.id, join: [second.id] });
    const attack = ofType(events, 'GroundAttack')[0]?.data as {
      attackRolls: number[][];
      attack: number;
      trench: boolean;
    };
    return { attack, rolled: attack.attackRolls[0][0] + attack.attackRolls[1][0] };
  };

  it('per-attacker (default): each attacker across the trench loses 2', () => {
    const { attack, rolled } = jointAcross({});
    expect(attack).toMatchObject({ trench: true, attack: rolled - 4 });
  });

  it('per-attack: the attack loses 2 once', () => {
    const { attack, rolled } = jointAcross({ trenchPenalty: 'per-attack' });
    expect(attack).toMatchObject({ trench: true, attack: rolled - 2 });
  });
});

describe('sw-strategic readings: whose turns count production (productionTicks, G2.6)', () => {
  /** Red queues a walker (3 turns) in its ground turn; the ground round goes on. */
  const queued = (options: Record<string, unknown>) => {
    const h = battle({}, options);
    // The mechanic's walker is lost, so his squad has room for the new one.
    const [walker] = unitsOf(h.state.rs, 'red', 'walker');
    h.given([given('PieceHit', { piece: walker.id, hits: 3, destroyed: true })]);
    h.play('red', 'queue-production', { item: 'walker', squad: 'Legion I mechanic' });
    const id = h.state.rs.legions[0].production[0].id;
    return { h, id };
  };
  const turnsLeft = (h: ReturnType<typeof battle>) =>
    h.state.rs.legions[0].production[0]?.turnsLeft;

  it("own-turns (default): blue's and gold's turns leave red's walker at 3", () => {
    const { h } = queued({});
    const events = [
      ...h.play('red', 'end-turn', { map: 'ground' }),
      ...h.play('blue', 'end-turn', { map: 'ground' }),
    ];
    expect(
      ofType(events, 'ProductionAdvanced').filter(
        (e) => (e.data as { legion: string }).legion === 'red',
      ),
    ).toEqual([]);
    expect(turnsLeft(h)).toBe(3);
  });

  it("every-turn: every faction's turn counts, and the walker appears at red's own turn", () => {
    const { h, id } = queued({ productionTicks: 'every-turn' });
    h.when('red', 'end-turn', { map: 'ground' }).then([
      { type: 'FactionTurnEnded', data: { map: 'ground', legion: 'red' } },
      { type: 'FactionTurnStarted', data: { map: 'ground', legion: 'blue' } },
      { type: 'ProductionAdvanced', data: { legion: 'red', id, turnsLeft: 2 } },
    ]);
    h.play('blue', 'end-turn', { map: 'ground' });
    expect(turnsLeft(h)).toBe(1);
    // Round 2 rotates the ground order (blue, gold, red): the item at 1 waits for red's turn.
    for (const seat of ['gold', 'blue']) h.play(seat, 'end-turn', { map: 'ground' });
    expect(turnsLeft(h)).toBe(1);
    const events = h.play('gold', 'end-turn', { map: 'ground' });
    expect(ofType(events, 'FactionTurnStarted')[0]?.data).toMatchObject({ legion: 'red' });
    expect(ofType(events, 'UnitPlaced')[0]?.data).toMatchObject({
      unit: id,
      legion: 'red',
      kind: 'walker',
    });
  });
});
