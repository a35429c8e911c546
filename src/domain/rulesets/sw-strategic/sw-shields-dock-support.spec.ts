import type { RecordedEvent } from '../../events/recorded-event';
import { RULES } from './sw-rules-text';
import { distance, type Hex } from './sw-hex';
import { groundTaken, isTerritoryOf } from './sw-ground-turn';
import type { SwState } from './sw-state';
import { battle, given, playingNow, ship, shipOf } from './sw.testkit';

/** Shield regeneration, Dock entry, turrets, communications centres, shield fields, the orbital cannon. */

const ofType = (events: RecordedEvent[], type: string) => events.filter((e) => e.type === type);
const round = (h: ReturnType<typeof battle>) =>
  ['red', 'blue', 'gold'].flatMap((seat) => h.play(seat, 'end-turn', { map: 'space' }));
const regenerated = (events: RecordedEvent[], id: string) =>
  ofType(events, 'ShieldsRegenerated').some((e) => (e.data as { ship: string }).ship === id);

describe('sw-strategic space: shield regeneration (S3.6)', () => {
  /** Red's frigate loses its shields on red's first turn; then whole rounds pass unhit. */
  const unhit = (options: Record<string, unknown>, decksLost: number[] = []) => {
    const h = battle({ red: [ship('frigate', -3, 0, 0)] }, options);
    const f = shipOf(h, 'red', 'frigate');
    h.given([given('ShipDamaged', { ship: f, shields: 0, decksLost, cause: 'laser' })]);
    const regenAt = [1, 2, 3, 4].map(() => regenerated(round(h), f));
    return { h, f, regenAt };
  };

  it('decks (default): a frigate (3 decks) regains all 4 shields after 3 own turns unhit', () => {
    const { h, f, regenAt } = unhit({});
    // The turn it was hit does not count; turns 2, 3 and 4 end unhit; turn 5 starts with shields.
    expect(regenAt).toEqual([false, false, false, true]);
    expect(h.state.rs.space.ships[f].shields).toBe(4);
  });

  it('decks-minus-one: the example of S3.6, a frigate unhit 2 turns regains them', () => {
    // Turns 2 and 3 end unhit; turn 4 starts with shields.
    expect(unhit({ shieldRegenTurns: 'decks-minus-one' }).regenAt).toEqual([
      false,
      false,
      true,
      false,
    ]);
  });

  it('not with its shield generator destroyed', () => {
    const { h, f, regenAt } = unhit({}, [2]);
    expect(regenAt).toEqual([false, false, false, false]);
    expect(h.state.rs.space.ships[f].shields).toBe(0);
  });

  it('a hit in between starts the count again', () => {
    const h = battle({ red: [ship('frigate', -3, 0, 0)] }, { shieldRegenTurns: 'decks-minus-one' });
    const f = shipOf(h, 'red', 'frigate');
    h.given([given('ShipDamaged', { ship: f, shields: 1, decksLost: [], cause: 'laser' })]);
    expect(regenerated(round(h), f)).toBe(false);
    h.given([given('ShipDamaged', { ship: f, shields: 0, decksLost: [], cause: 'laser' })]);
    expect(regenerated(round(h), f)).toBe(false);
    expect(regenerated(round(h), f)).toBe(false);
    expect(regenerated(round(h), f)).toBe(true);
  });
});

describe('sw-strategic space: entry at a Dock (S3.12.1, S3.3.1, S3.4)', () => {
  /** Red's cruiser at (-3, 0) heading east (Dock on deck 2, at (-4, 0)) and a built ship ready. */
  const docked = (cls: string, options: Record<string, unknown> = {}) =>
    battle({ red: [ship('cruiser', -3, 0, 0)] }, options).given([
      given('ItemPurchased', {
        legion: 'red',
        item: cls,
        id: `${cls}-90`,
        cost: 0,
        credits: 20,
        turns: 0,
      }),
    ]);

  it('a destroyer appears next to the cruiser instead of at the tunnel', () => {
    const h = docked('destroyer');
    const cruiser = shipOf(h, 'red', 'cruiser');
    h.when('red', 'enter-ship', {
      ship: 'destroyer-90',
      bow: 's:-3:1',
      heading: 0,
      dock: cruiser,
    }).then([
      {
        type: 'ShipEntered',
        data: {
          ship: 'destroyer-90',
          via: 'dock',
          cells: [
            { q: -3, r: 1 },
            { q: -4, r: 1 },
          ],
        },
      },
    ]);
  });

  it('named (default): no frigate from a Dock; up-to-three-decks: a frigate too', () => {
    const h = docked('frigate');
    const enter = {
      ship: 'frigate-90',
      bow: 's:-3:1',
      heading: 0,
      dock: shipOf(h, 'red', 'cruiser'),
    };
    h.when('red', 'enter-ship', enter).thenRejects('dock_class', RULES.cruiserDock);
    const wide = docked('frigate', { dockClasses: 'up-to-three-decks' });
    wide
      .when('red', 'enter-ship', { ...enter, dock: shipOf(wide, 'red', 'cruiser') })
      .then([{ type: 'ShipEntered', data: { ship: 'frigate-90', via: 'dock' } }]);
  });

  it('refuses a ship away from the cruiser, and a Dock destroyed, the stream unchanged', () => {
    const h = docked('destroyer');
    const cruiser = shipOf(h, 'red', 'cruiser');
    const count = h.events.length;
    h.when('red', 'enter-ship', {
      ship: 'destroyer-90',
      bow: 's:-1:-3',
      heading: 0,
      dock: cruiser,
    }).thenRejects('not_beside_dock', RULES.dockEntry);
    h.given([given('ShipDamaged', { ship: cruiser, shields: 4, decksLost: [2], cause: 'laser' })]);
    h.when('red', 'enter-ship', {
      ship: 'destroyer-90',
      bow: 's:-3:1',
      heading: 0,
      dock: cruiser,
    }).thenRejects('no_dock', RULES.dockEntry);
    expect(h.events).toHaveLength(count + 1);
  });
});

/** Red's ground turn with the given pieces placed (a support means by kind, a unit by kind). */
function ground(pieces: { support?: [string, string, string, [number, number]][] } = {}) {
  const h = battle({}, { actionPoints: 10 });
  h.given(
    (pieces.support ?? []).map(([piece, legion, kind, [q, r]]) =>
      given('SupportPlaced', { piece, legion, kind, hex: { q, r } }),
    ),
  );
  return h;
}
const infantryOf = (rs: SwState, legion: string) =>
  Object.values(rs.ground.units).filter((u) => u.legion === legion && u.kind === 'infantry');
const fighterFor = (legion: string, hexes: [number, number][], squad: string) =>
  given('FighterToGround', {
    ship: `fighter-${legion}`,
    unit: `fighter-${legion}`,
    legion,
    hexes: hexes.map(([q, r]) => ({ q, r })),
    squad,
  });

describe('sw-strategic ground: turrets (G4.3-G4.5)', () => {
  it('a turret shoots a fighter two hexes off, for an action point a shot, as often as points last; the fighter defends with two dice', () => {
    const h = ground({ support: [['turret-50', 'red', 'turret', [1, 0]]] });
    h.given([
      fighterFor(
        'blue',
        [
          [-1, 0],
          [-1, -1],
        ],
        'Legion II ground commander',
      ),
    ]);
    const [infantry] = infantryOf(h.state.rs, 'red');
    h.given([given('UnitMoved', { unit: infantry.id, hexes: [{ q: 0, r: 0 }] })]);
    h.when('red', 'attack', { unit: infantry.id, target: 'fighter-blue' }).thenRejects(
      'fighter_only_turret',
      RULES.fighterOnlyTurret,
    );
    for (let shot = 1; shot <= 3; shot += 1) {
      if (!h.state.rs.ground.units['fighter-blue']) break;
      const events = h.play('red', 'attack', { unit: 'turret-50', target: 'fighter-blue' });
      const attack = ofType(events, 'GroundAttack')[0]?.data as {
        attackRolls: number[][];
        defenceRoll: number[];
      };
      expect(attack.attackRolls).toEqual([[expect.any(Number)]]);
      expect(attack.defenceRoll).toHaveLength(2);
      expect(h.state.rs.legions[0].actionPoints).toBe(10 - shot);
    }
  });

  it('refuses a target three hexes off, with the rule', () => {
    const h = ground({ support: [['turret-50', 'red', 'turret', [1, 0]]] });
    h.given([
      fighterFor(
        'blue',
        [
          [-2, 0],
          [-2, -1],
        ],
        'Legion II ground commander',
      ),
    ]);
    h.when('red', 'attack', { unit: 'turret-50', target: 'fighter-blue' }).thenRejects(
      'out_of_reach',
      RULES.turretRange,
    );
  });
});

describe('sw-strategic ground: communications centres (G4.8, G4.9)', () => {
  it("an enemy fighter moving next to a centre is destroyed; the legion's own centre spares its own", () => {
    const h = ground({
      support: [
        ['comm-centre-60', 'blue', 'comm-centre', [0, 0]],
        ['comm-centre-61', 'red', 'comm-centre', [0, 3]],
      ],
    });
    h.given([
      fighterFor(
        'red',
        [
          [3, 0],
          [3, 1],
        ],
        'Legion I ground commander',
      ),
    ]);
    // Next to red's own centre at (0, 3): nothing happens.
    h.when('red', 'move-unit', { unit: 'fighter-red', steps: [4] }).then([
      { type: 'ActionPointsSpent' },
      {
        type: 'UnitMoved',
        data: {
          hexes: [
            { q: 2, r: 1 },
            { q: 2, r: 2 },
          ],
        },
      },
    ]);
    h.when('red', 'move-unit', { unit: 'fighter-red', steps: [3] }).then([
      { type: 'ActionPointsSpent' },
      {
        type: 'UnitMoved',
        data: {
          hexes: [
            { q: 1, r: 1 },
            { q: 1, r: 2 },
          ],
        },
      },
    ]);
    h.when('red', 'move-unit', { unit: 'fighter-red', steps: [2] }).then([
      { type: 'ActionPointsSpent' },
      {
        type: 'UnitMoved',
        data: {
          hexes: [
            { q: 1, r: 0 },
            { q: 1, r: 1 },
          ],
        },
      },
      { type: 'FighterShotDown', data: { unit: 'fighter-red', centre: 'comm-centre-60' } },
    ]);
    expect(h.state.rs.ground.units['fighter-red']).toBeUndefined();
  });
});

describe('sw-strategic ground: option commCentreReach, a fighter that «оказывается» next to a centre (G4.9)', () => {
  /** Two free ground hexes next to each other, the first next to `near` (or anywhere). */
  const freePair = (rs: SwState, ok: (x: Hex) => boolean, near?: Hex): [Hex, Hex] => {
    const taken = groundTaken(rs);
    const free = Object.values(rs.ground.cells).filter((c) => !taken.has(`${c.q}:${c.r}`) && ok(c));
    const a = free.find(
      (x) =>
        (!near || distance(x, near) === 1) &&
        free.some((y) => distance(x, y) === 1 && (!near || distance(y, near) > 0)),
    ) as Hex;
    const b = free.find((y) => distance(a, y) === 1 && (!near || distance(y, near) > 0)) as Hex;
    return [a, b];
  };

  /** Red's fighter at the planet lands next to blue's centre. */
  const landing = (options: Record<string, unknown>) => {
    const h = battle({ red: [ship('fighter', 3, -1, 0)] }, options);
    const f = shipOf(h, 'red', 'fighter');
    h.play('red', 'move-ship', { ship: f, steps: ['back'] });
    const [a, b] = freePair(h.state.rs, (c) => isTerritoryOf(h.state.rs, 'red', c));
    const centre = Object.values(h.state.rs.ground.cells).find(
      (c) =>
        distance(c, a) === 1 && distance(c, b) > 0 && !groundTaken(h.state.rs).has(`${c.q}:${c.r}`),
    ) as Hex;
    h.given([
      given('SupportPlaced', {
        piece: 'comm-centre-60',
        legion: 'blue',
        kind: 'comm-centre',
        hex: centre,
      }),
    ]);
    const events = h.play('red', 'fighter-to-ground', {
      ship: f,
      hexes: [`g:${a.q}:${a.r}`, `g:${b.q}:${b.r}`],
      squad: 'Legion I ground commander',
    });
    return { h, f, events };
  };

  it('moves-next (default): a fighter landing from space next to an enemy centre stays', () => {
    const { h, f, events } = landing({});
    expect(ofType(events, 'FighterToGround')).toHaveLength(1);
    expect(ofType(events, 'FighterShotDown')).toHaveLength(0);
    expect(h.state.rs.ground.units[f]).toMatchObject({ kind: 'fighter' });
  });

  it('any-arrival: a fighter landing from space next to an enemy centre is destroyed', () => {
    const { h, f, events } = landing({ commCentreReach: 'any-arrival' });
    expect(ofType(events, 'FighterShotDown')[0]?.data).toEqual({
      unit: f,
      centre: 'comm-centre-60',
    });
    expect(h.state.rs.ground.units[f]).toBeUndefined();
  });

  /** Red's centre is built at its next ground turn on a hex next to blue's fighter. */
  const builtBeside = (options: Record<string, unknown>) => {
    const h = battle({}, options);
    const [site] = freePair(h.state.rs, (c) => isTerritoryOf(h.state.rs, 'red', c));
    const [a, b] = freePair(h.state.rs, (c) => distance(c, site) > 0, site);
    h.given([
      fighterFor(
        'blue',
        [
          [a.q, a.r],
          [b.q, b.r],
        ],
        'Legion II ground commander',
      ),
      given('ProductionQueued', {
        legion: 'red',
        id: 'comm-centre-61',
        item: 'comm-centre',
        hex: { q: site.q, r: site.r },
        turns: 1,
      }),
    ]);
    // Ground turns end (a bounded number: the order is rolled each round) until red's begins.
    const events: RecordedEvent[] = [];
    for (let turn = 0; turn < 6 && !ofType(events, 'SupportPlaced').length; turn++)
      events.push(...h.play(playingNow(h, 'ground'), 'end-turn', { map: 'ground' }));
    expect(ofType(events, 'SupportPlaced')[0]?.data).toMatchObject({ piece: 'comm-centre-61' });
    return { h, events };
  };

  it('moves-next (default): a centre built beside an enemy fighter spares it', () => {
    const { h, events } = builtBeside({});
    expect(ofType(events, 'FighterShotDown')).toHaveLength(0);
    expect(h.state.rs.ground.units['fighter-blue']).toBeDefined();
  });

  it('any-arrival: a centre built beside an enemy fighter destroys it', () => {
    const { h, events } = builtBeside({ commCentreReach: 'any-arrival' });
    expect(ofType(events, 'FighterShotDown')[0]?.data).toEqual({
      unit: 'fighter-blue',
      centre: 'comm-centre-61',
    });
    expect(h.state.rs.ground.units['fighter-blue']).toBeUndefined();
  });
});

describe('sw-strategic ground: shield fields (G4.6, G4.7)', () => {
  it('covers the hexes around it from fire from outside; a unit inside may shoot within it', () => {
    const h = ground({ support: [['shield-field-70', 'blue', 'shield-field', [0, 0]]] });
    const [target] = infantryOf(h.state.rs, 'blue');
    const [outside, inside] = infantryOf(h.state.rs, 'red');
    h.given([
      given('UnitMoved', { unit: target.id, hexes: [{ q: 1, r: 0 }] }),
      given('UnitMoved', { unit: outside.id, hexes: [{ q: 2, r: 0 }] }),
      given('UnitMoved', { unit: inside.id, hexes: [{ q: 1, r: -1 }] }),
    ]);
    const count = h.events.length;
    h.when('red', 'attack', { unit: outside.id, target: target.id }).thenRejects(
      'shielded',
      RULES.shieldField,
    );
    expect(h.events).toHaveLength(count);
    const events = h.play('red', 'attack', { unit: inside.id, target: target.id });
    expect(ofType(events, 'GroundAttack')[0]?.data).toMatchObject({
      attackers: [inside.id],
      target: target.id,
    });
  });

  it('the field itself can be shot, and two hits destroy it', () => {
    const h = ground({ support: [['shield-field-70', 'blue', 'shield-field', [0, 0]]] });
    h.given([given('PieceHit', { piece: 'shield-field-70', hits: 1, destroyed: false })]);
    expect(h.state.rs.ground.support['shield-field-70'].hits).toBe(1);
    h.given([given('PieceHit', { piece: 'shield-field-70', hits: 2, destroyed: true })]);
    expect(h.state.rs.ground.support['shield-field-70']).toBeUndefined();
  });

  it('spares what it covers from an orbital bombardment', () => {
    const h = battle({ red: [ship('cruiser', 2, -2, 0)] }, { bombardmentDamage: 'one-hit' });
    const [target] = infantryOf(h.state.rs, 'blue');
    const [open] = infantryOf(h.state.rs, 'gold');
    h.given([
      given('SupportPlaced', {
        piece: 'shield-field-70',
        legion: 'blue',
        kind: 'shield-field',
        hex: { q: 0, r: 0 },
      }),
      given('UnitMoved', { unit: target.id, hexes: [{ q: 1, r: 0 }] }),
      given('UnitMoved', { unit: open.id, hexes: [{ q: 2, r: 0 }] }),
    ]);
    const events = h.play('red', 'bombard', { ship: shipOf(h, 'red', 'cruiser'), cell: 'g:2:-1' });
    const hit = (
      ofType(events, 'BombardmentDamage')[0]?.data as { hits: { piece: string }[] }
    ).hits.map((x) => x.piece);
    expect(hit).toContain(open.id);
    expect(hit).not.toContain(target.id);
  });
});

describe('sw-strategic ground to space: the orbital cannon (G4.10)', () => {
  /** Red with `centres` communications centres, blue's destroyer with its bow on orbit cell (2, 0). */
  const cannon = (centres: number, options: Record<string, unknown> = {}) =>
    battle({ blue: [ship('destroyer', 2, 0, 3)] }, options).given(
      Array.from({ length: centres }, (_, i) =>
        given('SupportPlaced', {
          piece: `comm-centre-6${i}`,
          legion: 'red',
          kind: 'comm-centre',
          hex: { q: 4, r: i },
        }),
      ),
    );

  it('needs two working centres and 4 action points; hits the deck in the orbit cell, shields ignored', () => {
    const h = cannon(2);
    const destroyer = shipOf(h, 'blue', 'destroyer');
    h.when('red', 'fire-cannon', { cell: 's:2:0' }).then([
      { type: 'ActionPointsSpent', data: { amount: 4, left: 6 } },
      { type: 'OrbitalCannonFired', data: { legion: 'red', ship: destroyer, deck: 1 } },
      {
        type: 'ShipDamaged',
        data: { ship: destroyer, shields: 2, decksLost: [1], cause: 'cannon' },
      },
    ]);
  });

  it('shields-first: the shields take it', () => {
    const h = cannon(2, { cannonShields: 'shields-first' });
    h.when('red', 'fire-cannon', { cell: 's:2:0' }).then([
      { type: 'ActionPointsSpent' },
      { type: 'OrbitalCannonFired' },
      { type: 'ShipDamaged', data: { shields: 1, decksLost: [], cause: 'cannon' } },
    ]);
  });

  it('destroys a single-cell ship outright', () => {
    const h = battle({ blue: [ship('fighter', 2, 0, 3)] }).given(
      [0, 1].map((i) =>
        given('SupportPlaced', {
          piece: `comm-centre-6${i}`,
          legion: 'red',
          kind: 'comm-centre',
          hex: { q: 4, r: i },
        }),
      ),
    );
    const events = h.play('red', 'fire-cannon', { cell: 's:2:0' });
    expect(ofType(events, 'ShipDestroyed')[0]?.data).toMatchObject({ legion: 'blue', by: 'red' });
  });

  it('refuses one centre, a cell outside the orbit, and too few action points, the stream unchanged', () => {
    const one = cannon(1);
    one
      .when('red', 'fire-cannon', { cell: 's:2:0' })
      .thenRejects('two_centres', RULES.orbitalCannonCentres);
    const h = cannon(2, { actionPoints: 3 });
    const count = h.events.length;
    h.when('red', 'fire-cannon', { cell: 's:5:0' }).thenRejects(
      'not_orbit',
      RULES.orbitalCannonHit,
    );
    h.when('red', 'fire-cannon', { cell: 's:2:0' }).thenRejects(
      'not_enough_ap',
      RULES.orbitalCannon,
    );
    expect(h.events).toHaveLength(count);
  });
});
