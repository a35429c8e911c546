import { HIT_MATRIX } from './sw-catalog';
import { groundTaken, isTerritoryOf } from './sw-ground-turn';
import { hexKey } from './sw-mission';
import { swOptions } from './sw-options';
import { spaceScore } from './sw-scoring';
import { volleyEffect } from './decisions/space';
import { blast } from './decisions/specialists-and-orbit';
import type { SwState } from './sw-state';
import { battle, firstSeed, given, mission, ship, shipOf } from './sw.testkit';

/**
 * The choices the text leaves open that the first slices had made silently: each is an
 * option now, and each value is tested here.
 */

const orderRolled = (h: ReturnType<typeof mission>) => {
  const events = h.play('red', 'begin', {});
  return events.find(
    (e) => e.type === 'TurnOrderRolled' && (e.data as { map: string }).map === 'space',
  )?.data as { order: string[]; rolls: Record<string, number>[] };
};

describe('sw-strategic options: tied order rolls (orderTies)', () => {
  const tied = (rolled: { rolls: Record<string, number>[] }): boolean =>
    new Set(Object.values(rolled.rolls[0])).size < 3;

  it('legion-order: tied legions keep the mission order, with no second roll', () => {
    const { rolled } = firstSeed(64, (seed) => {
      const r = orderRolled(mission({ orderTies: 'legion-order' }, undefined, seed));
      return tied(r) ? { rolled: r } : undefined;
    });
    expect(rolled.rolls).toHaveLength(1);
    const first = rolled.rolls[0];
    const expected = ['red', 'blue', 'gold'].sort((a, b) => first[b] - first[a]);
    expect(rolled.order).toEqual(expected);
  });

  it('reroll (default): the tied legions roll again among themselves', () => {
    const { rolled } = firstSeed(64, (seed) => {
      const r = orderRolled(mission({}, undefined, seed));
      return tied(r) ? { rolled: r } : undefined;
    });
    expect(rolled.rolls.length).toBeGreaterThan(1);
    const first = rolled.rolls[0];
    const again = Object.keys(rolled.rolls[1]);
    const top = Object.keys(first).filter((s) => again.includes(s));
    expect(new Set(top.map((s) => first[s])).size).toBe(1);
    expect(again.length).toBeGreaterThan(1);
  });
});

describe('sw-strategic options: fire at a station (stationHits)', () => {
  it('automatic (default): every shot hits without a roll', () => {
    const h = battle({ red: [ship('destroyer', 3, -3, 2)] });
    const events = h.play('red', 'fire', {
      ship: shipOf(h, 'red', 'destroyer'),
      decks: [2],
      target: 'station:n1',
    });
    expect(events.some((e) => e.type === 'DiceRolled')).toBe(false);
    expect(events.find((e) => e.type === 'VolleyFired')?.data).toMatchObject({
      faces: [],
      hits: 1,
      damage: 1,
    });
    expect(h.state.rs.space.stations['station:n1'].hp).toBe(1);
  });

  it('roll: each d8 must hit as against a mine, each hit its class damage', () => {
    const h = battle({ red: [ship('destroyer', 3, -3, 2)] }, { stationHits: 'roll' });
    const events = h.play('red', 'fire', {
      ship: shipOf(h, 'red', 'destroyer'),
      decks: [2],
      target: 'station:n1',
    });
    const volley = events.find((e) => e.type === 'VolleyFired')?.data as {
      faces: number[];
      hits: number;
      damage: number;
    };
    expect(volley.faces).toHaveLength(1);
    const hits = volley.faces.filter((f) => f >= HIT_MATRIX.destroyer.mine.from).length;
    expect(volley).toMatchObject({ hits, damage: hits });
    expect(h.state.rs.space.stations['station:n1'].hp).toBe(2 - hits);
  });
});

describe('sw-strategic options: what a bombardment explodes (bombardmentArea)', () => {
  it('hex-and-neighbours (default) explodes seven hexes inside the map; hex-only one', () => {
    const rs = battle({}).state.rs;
    expect(blast(rs, { q: 0, r: 0 }, 'hex-and-neighbours').map(hexKey).sort()).toEqual(
      ['0:0', '1:0', '1:-1', '0:-1', '-1:0', '-1:1', '0:1'].sort(),
    );
    expect(blast(rs, { q: 0, r: 0 }, 'hex-only')).toEqual([{ q: 0, r: 0 }]);
    // At the map's edge only the hexes on the map explode.
    expect(blast(rs, { q: 6, r: 0 }, 'hex-and-neighbours')).toHaveLength(4);
  });

  it('hex-only: a one-hit bombardment hits the pieces on that hex and spares its neighbours', () => {
    const bombard = (area: string) => {
      const h = battle(
        { red: [ship('cruiser', 2, -2, 0)] },
        { bombardmentDamage: 'one-hit', bombardmentArea: area },
      );
      const events = h.play('red', 'bombard', {
        ship: shipOf(h, 'red', 'cruiser'),
        cell: 'g:-5:5',
      });
      return events.find((e) => e.type === 'BombardmentDamage')?.data as {
        hits: { piece: string }[];
      };
    };
    // Gold's infantry stands at (-5, 5); its neighbours hold more of gold's pieces.
    expect(bombard('hex-only').hits.length).toBe(1);
    expect(bombard('hex-and-neighbours').hits.length).toBeGreaterThan(1);
  });
});

describe('sw-strategic options: volleys past the shields (doubleAgainstShields, deckOverflow)', () => {
  const opts = (
    doubleAgainstShields: 'doubled' | 'decks-only',
    deckOverflow: 'lost' | 'next-deck',
  ) => ({ doubleAgainstShields, deckOverflow });

  it('doubled (default): a doubled hit takes two shields', () => {
    expect(volleyEffect(opts('doubled', 'lost'), [2], 2, [1, 2], 1)).toEqual({
      shields: 0,
      decksLost: [],
    });
    expect(volleyEffect(opts('doubled', 'lost'), [2], 1, [1, 2], 1)).toEqual({
      shields: 0,
      decksLost: [1],
    });
  });

  it('decks-only: a doubled hit takes one shield; past the shields it does double', () => {
    expect(volleyEffect(opts('decks-only', 'lost'), [2], 2, [1, 2], 1)).toEqual({
      shields: 1,
      decksLost: [],
    });
    expect(volleyEffect(opts('decks-only', 'next-deck'), [2], 0, [1, 2, 3], 2)).toEqual({
      shields: 0,
      decksLost: [2, 1],
    });
  });

  it('lost (default): damage beyond the target deck is lost', () => {
    expect(volleyEffect(opts('doubled', 'lost'), [1, 1, 1], 0, [1, 2, 3, 4], 2)).toEqual({
      shields: 0,
      decksLost: [2],
    });
  });

  it('next-deck: it goes on to the nearest intact decks', () => {
    expect(volleyEffect(opts('doubled', 'next-deck'), [1, 1, 1], 0, [1, 2, 3, 4], 2)).toEqual({
      shields: 0,
      decksLost: [2, 1, 3],
    });
    expect(volleyEffect(opts('doubled', 'next-deck'), [2, 2, 2], 1, [2, 4], 4)).toEqual({
      shields: 0,
      decksLost: [4, 2],
    });
  });

  it('a missed volley changes nothing', () => {
    expect(volleyEffect(opts('doubled', 'next-deck'), [0, 0], 3, [1, 2], 1)).toEqual({
      shields: 3,
      decksLost: [],
    });
  });
});

describe('sw-strategic options: mines (transportMine, mineDeck)', () => {
  const mined = (options: Record<string, unknown>, red: ReturnType<typeof ship>) =>
    battle({ red: [red] }, options).given([
      given('MineLaid', { mine: 'mine-b1', legion: 'blue', ship: 'x', cell: { q: -3, r: 0 } }),
    ]);

  it('deck-lost (default): a transport entering a mine is lost with its deck', () => {
    const h = mined({}, ship('transport', -4, 0, 0));
    const t = shipOf(h, 'red', 'transport');
    const types = h.play('red', 'move-ship', { ship: t, steps: ['forward'] }).map((e) => e.type);
    expect(types).toContain('ShipDestroyed');
    expect(h.state.rs.space.ships[t].status).toBe('destroyed');
  });

  it('one-point: the mine takes one of its two points', () => {
    const h = mined({ transportMine: 'one-point' }, ship('transport', -4, 0, 0));
    const t = shipOf(h, 'red', 'transport');
    h.when('red', 'move-ship', { ship: t, steps: ['forward'] }).then([
      { type: 'ShipMoved' },
      { type: 'MineTriggered', data: { ship: t, deck: 1 } },
      { type: 'ShipDamaged', data: { ship: t, hp: 1, decksLost: [], cause: 'mine' } },
    ]);
    expect(h.state.rs.space.ships[t]).toMatchObject({ status: 'map' });
  });

  it('each-deck (default): with a mine that stays, every deck crossing it is lost', () => {
    const h = mined({ minePersistence: 'stays' }, ship('frigate', -4, 0, 0));
    const f = shipOf(h, 'red', 'frigate');
    h.play('red', 'move-ship', { ship: f, steps: ['forward', 'forward'] });
    expect(h.state.rs.space.ships[f].decks.map((d) => d.hp)).toEqual([0, 0, 1]);
  });

  it('once-per-ship: the mine takes one deck of the frigate; the rest pass', () => {
    const h = mined(
      { minePersistence: 'stays', mineDeck: 'once-per-ship' },
      ship('frigate', -4, 0, 0),
    );
    const f = shipOf(h, 'red', 'frigate');
    h.play('red', 'move-ship', { ship: f, steps: ['forward', 'forward'] });
    expect(h.state.rs.space.ships[f].decks.map((d) => d.hp)).toEqual([0, 1, 1]);
    expect(h.state.rs.space.mines['mine-b1']).toMatchObject({ hit: [f] });
  });
});

describe('sw-strategic options: a transport that delivered (cargoAfterUnload)', () => {
  const unloadWithStation = (options: Record<string, unknown>) => {
    const h = battle({ red: [ship('transport', 5, 0, 3)] }, options);
    const t = shipOf(h, 'red', 'transport');
    h.play('red', 'buy-cargo', { transport: t, cargo: 'reinforcements' });
    h.play('red', 'buy-cargo', { transport: t, cargo: 'station' });
    h.play('red', 'move-ship', { ship: t, steps: ['forward', 'forward', 'forward', 'forward'] });
    const delivered = h.play('red', 'unload', { ship: t })[1];
    return { h, t, delivered };
  };

  it('kept (default): a station aboard stays aboard as the transport leaves', () => {
    const { h, t, delivered } = unloadWithStation({});
    expect(delivered.data).not.toHaveProperty('cargoLost');
    expect(h.state.rs.space.ships[t].cargo).toEqual(['station']);
  });

  it('lost: the station aboard is lost with the departure', () => {
    const { h, t, delivered } = unloadWithStation({ cargoAfterUnload: 'lost' });
    expect(delivered.data).toMatchObject({ count: 1, cargoLost: 1 });
    expect(h.state.rs.space.ships[t].cargo).toEqual([]);
  });
});

describe('sw-strategic options: legions tied on a task (tiedTasks)', () => {
  // No ships, nobody delivered or killed: only the credits task is done, all three tied at 20.
  it('shared (default): the tied legions split the weight', () => {
    expect(spaceScore(battle({}).state.rs).percent.red).toBeCloseTo(20 / 3);
  });

  it('full: each tied legion takes the whole weight', () => {
    expect(spaceScore(battle({}, { tiedTasks: 'full' }).state.rs).percent).toEqual({
      red: 20,
      blue: 20,
      gold: 20,
    });
  });

  it('nobody: a tie scores nobody; a sole best still scores', () => {
    const h = battle({}, { tiedTasks: 'nobody' }, (m) => (m.legions[0].credits = 25));
    expect(spaceScore(h.state.rs).percent).toEqual({ red: 20, blue: 0, gold: 0 });
    expect(spaceScore(battle({}, { tiedTasks: 'nobody' }).state.rs).percent.red).toBe(0);
  });
});

describe('sw-strategic options: a unit whose hex is taken (producedUnitHex)', () => {
  const produce = (option?: string) => {
    const h = battle({}, option ? { producedUnitHex: option } : {});
    const red = (rs: SwState) =>
      Object.values(rs.ground.units).filter((u) => u.legion === 'red' && u.kind === 'infantry');
    const [first, second] = red(h.state.rs);
    const taken = groundTaken(h.state.rs);
    const free = Object.values(h.state.rs.ground.cells).filter(
      (c) => isTerritoryOf(h.state.rs, 'red', c) && !taken.has(hexKey(c)),
    );
    const named = { q: free[0].q, r: free[0].r };
    h.given([given('PieceHit', { piece: first.id, hits: 1, destroyed: true })]);
    h.play('red', 'queue-production', {
      item: 'infantry',
      squad: first.squad,
      hex: `g:${named.q}:${named.r}`,
    });
    // Another red unit stands on the hex named before the infantry is ready.
    h.given([given('UnitMoved', { unit: second.id, hexes: [named] })]);
    // Round 2 rotates to blue, gold, red: red's next turn starts after five turns end.
    const events = ['red', 'blue', 'gold', 'blue', 'gold'].flatMap((seat) =>
      h.play(seat, 'end-turn', { map: 'ground' }),
    );
    return { named, events, h };
  };

  it('first-free (default): the unit appears on the first free hex of the territory', () => {
    const { named, events } = produce();
    const placed = events.find(
      (e) => e.type === 'UnitPlaced' && (e.data as { legion: string }).legion === 'red',
    )?.data as { hexes: { q: number; r: number }[] };
    expect(placed.hexes).toHaveLength(1);
    expect(placed.hexes[0]).not.toEqual(named);
  });

  it('wait: the queue waits until the hex named is free', () => {
    const { events, h } = produce('wait');
    expect(events.some((e) => e.type === 'UnitPlaced')).toBe(false);
    expect(
      events.find(
        (e) => e.type === 'ProductionAdvanced' && (e.data as { legion: string }).legion === 'red',
      )?.data,
    ).toMatchObject({ turnsLeft: 0, stalled: 'no-hex' });
    expect(h.state.rs.legions[0].production).toHaveLength(1);
  });
});

describe('sw-strategic options: a joint attack beaten (jointCounterHit)', () => {
  /** Red's two infantry attack blue's together until the defender rolls more than their sum. */
  const beaten = (option?: string) =>
    firstSeed(200, (seed) => {
      const h = battle(
        {},
        { actionPoints: 30, ...(option ? { jointCounterHit: option } : {}) },
        undefined,
        seed,
      );
      const of = (legion: string) =>
        Object.values(h.state.rs.ground.units).filter(
          (u) => u.legion === legion && u.kind === 'infantry',
        );
      const [a, b] = of('red');
      const [target] = of('blue');
      h.given([
        given('UnitMoved', { unit: target.id, hexes: [{ q: 0, r: 0 }] }),
        given('TrenchDug', { unit: target.id, hex: { q: 0, r: 0 }, sides: [0, 1] }),
        given('UnitMoved', { unit: a.id, hexes: [{ q: 1, r: 0 }] }),
        given('UnitMoved', { unit: b.id, hexes: [{ q: 1, r: -1 }] }),
      ]);
      const events = h.play('red', 'attack', { unit: a.id, target: target.id, join: [b.id] });
      const attack = events.find((e) => e.type === 'GroundAttack')?.data as {
        attack: number;
        defence: number;
        outcome: string;
      };
      return attack.defence > attack.attack ? { attack, events, leader: a.id } : undefined;
    });

  it('none (default): a defender beating a joint attack hits nobody', () => {
    const { attack, events } = beaten();
    expect(attack.outcome).toBe('draw');
    expect(events.some((e) => e.type === 'PieceHit')).toBe(false);
  });

  it('leader: it counter-hits the unit that opened the attack', () => {
    const { attack, events, leader } = beaten('leader');
    expect(attack.outcome).toBe('counter-hit');
    expect(events.find((e) => e.type === 'PieceHit')?.data).toMatchObject({ piece: leader });
  });
});

describe('sw-strategic options: every new option has its default and a choice per value', () => {
  it('reads the defaults', () => {
    expect(swOptions({})).toMatchObject({
      orderTies: 'reroll',
      stationHits: 'automatic',
      bombardmentArea: 'hex-and-neighbours',
      deckOverflow: 'lost',
      doubleAgainstShields: 'doubled',
      transportMine: 'deck-lost',
      mineDeck: 'each-deck',
      jointCounterHit: 'none',
      cargoAfterUnload: 'kept',
      tiedTasks: 'shared',
      producedUnitHex: 'first-free',
    });
  });
});
