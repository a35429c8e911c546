import { SHIPS } from '../sw-catalog';
import { swOptions } from '../sw-options';
import { RULES } from '../sw-rules-text';
import { dieDamage } from './space';
import { battle, mission, ship, shipOf, given } from '../sw.testkit';

const defaults = swOptions({});

const endRound = (h: ReturnType<typeof battle>, from = ['red', 'blue', 'gold']) => {
  for (const seat of from) h.play(seat, 'end-turn', { map: 'space' });
};

describe('sw-strategic space: the d8 hit matrix (Tables 2-6, 10)', () => {
  const at = (shooter: Parameters<typeof dieDamage>[1], target: string, decks = 1) =>
    Array.from({ length: 8 }, (_, i) =>
      dieDamage(
        defaults,
        shooter,
        target === 'mine' ? 'mine' : { class: target as never, decks },
        i + 1,
      ),
    );

  it('reads each shooter against each target, doubles where the table says', () => {
    expect(at('fighter', 'fighter')).toEqual([0, 0, 0, 1, 1, 1, 1, 1]);
    expect(at('fighter', 'bomber')).toEqual([0, 0, 2, 2, 2, 2, 2, 2]);
    expect(at('bomber', 'frigate', 3)).toEqual([0, 0, 0, 2, 2, 2, 2, 2]);
    expect(at('bomber', 'destroyer', 2)).toEqual([0, 0, 0, 0, 1, 1, 1, 1]);
    expect(at('destroyer', 'fighter')).toEqual([0, 0, 2, 2, 2, 2, 2, 2]);
    expect(at('destroyer', 'cruiser', 4)).toEqual([0, 0, 0, 0, 0, 1, 1, 1]);
    expect(at('frigate', 'destroyer', 2)).toEqual([0, 0, 2, 2, 2, 2, 2, 2]);
    expect(at('cruiser', 'frigate', 3)).toEqual([0, 0, 2, 2, 2, 2, 2, 2]);
    expect(at('cruiser', 'mine')).toEqual([0, 0, 0, 0, 0, 1, 1, 1]);
  });

  it("a transport takes a hit or a critical: a fighter's 8 takes both its points", () => {
    expect(at('fighter', 'transport')).toEqual([0, 0, 0, 1, 1, 1, 1, 2]);
    expect(at('cruiser', 'transport')).toEqual([0, 0, 1, 1, 1, 1, 2, 2]);
    expect(at('bomber', 'transport')).toEqual([0, 0, 0, 0, 0, 1, 1, 1]);
    const table3 = swOptions({ bomberVsTransport: 'table-3' });
    expect(dieDamage(table3, 'bomber', { class: 'transport', decks: 1 }, 5)).toBe(1);
  });

  it("options settle the frigate's undefined 5 and the bomber's double", () => {
    expect(dieDamage(defaults, 'frigate', { class: 'fighter', decks: 1 }, 5)).toBe(0);
    expect(
      dieDamage(swOptions({ frigateFive: 'hit' }), 'frigate', { class: 'fighter', decks: 1 }, 5),
    ).toBe(1);
    expect(
      dieDamage(
        swOptions({ bomberDouble: 'multi-deck' }),
        'bomber',
        { class: 'destroyer', decks: 2 },
        5,
      ),
    ).toBe(2);
  });
});

describe('sw-strategic space: turn order and purchases', () => {
  it('begins with a d8 per legion for space, and the ground die, highest first', () => {
    const h = mission();
    const events = h.play('red', 'begin');
    const rolled = events
      .filter((e) => e.type === 'TurnOrderRolled')
      .map((e) => e.data as { map: string; order: string[]; rolls: Record<string, number>[] });
    expect(rolled.map((r) => r.map)).toEqual(['space', 'ground']);
    const dice = events
      .filter((e) => e.type === 'DiceRolled')
      .map((e) => e.data as { purpose: string; faces: number[] });
    expect(dice[0]).toMatchObject({ purpose: 'order:space' });
    expect(dice[0].faces.every((f) => f >= 1 && f <= 8)).toBe(true);
    const first = rolled[0].rolls[0];
    const top = rolled[0].order[0];
    expect(Object.values(first).every((v) => v <= first[top])).toBe(true);
    expect(h.state.rs.space.turn.current).toBe(rolled[0].order[0]);
    expect(h.state.rs.ground.turn.current).toBe(rolled[1].order[0]);
    h.when('red', 'begin').thenRejects('already_begun');
  });

  it('buys within credits and class maxima; a purchase beyond either is refused, stream unchanged', () => {
    const h = battle({});
    h.when('red', 'buy-ships', { classes: ['cruiser'] }).then([
      {
        type: 'ItemPurchased',
        data: { legion: 'red', item: 'cruiser', cost: 12, credits: 8, turns: 2 },
      },
    ]);
    const before = h.events.length;
    const frigate = h
      .when('red', 'buy-ships', { classes: ['frigate'] })
      .thenRejects('not_enough_credits', RULES.purchase);
    expect(frigate.localized?.ru).toBe('Фрегат: цена 10 кредитов, а у вас 8');
    expect(h.events).toHaveLength(before);
    h.when('blue', 'buy-ships', { classes: ['destroyer'] }).thenRejects(
      'not_your_turn',
      RULES.turns,
    );
  });

  it('refuses a fourth destroyer (class maximum 3)', () => {
    const h = battle({
      red: [ship('destroyer', 0, -3, 0), ship('destroyer', 0, 3, 0), ship('destroyer', -3, 3, 0)],
    });
    h.when('red', 'buy-ships', { classes: ['destroyer'] }).thenRejects(
      'class_maximum',
      RULES.shipTable,
    );
  });

  it('buys fighters and bombers as a squadron of three, then singly only to refill it', () => {
    const h = battle({}, {}, (m) => (m.legions[0].credits = 40));
    h.when('red', 'buy-ships', { classes: ['fighter', 'bomber'] }).thenRejects(
      'squadron_of_three',
      RULES.squadrons,
    );
    h.play('red', 'buy-ships', { classes: ['fighter', 'fighter', 'bomber'] });
    h.when('red', 'buy-ships', { classes: ['fighter'] }).thenRejects(
      'squadron_of_three',
      RULES.squadrons,
    );
  });

  it("option buildTimeCounts: own-turns (default) counts only the legion's turns; every-turn counts every faction's turn", () => {
    const readyAfter = (options: Record<string, unknown>) => {
      const h = battle({}, options);
      h.play('red', 'buy-ships', { classes: ['frigate'] });
      const frigate = shipOf(h, 'red', 'frigate');
      const statusAfter = ['red', 'blue', 'gold'].map((seat) => {
        h.play(seat, 'end-turn', { map: 'space' });
        return h.state.rs.space.ships[frigate].status;
      });
      return { statusAfter, h, frigate };
    };
    // A frigate takes 2 turns: counted on every faction's turn, it is ready before red's next turn.
    expect(readyAfter({}).statusAfter).toEqual(['queued', 'queued', 'queued']);
    const every = readyAfter({ buildTimeCounts: 'every-turn' });
    expect(every.statusAfter).toEqual(['queued', 'ready', 'ready']);
    expect(
      every.h.events
        .filter((e) => e.type === 'BuildAdvanced')
        .map((e) => e.data as { legion: string; turnsLeft: number }),
    ).toMatchObject([
      { legion: 'red', turnsLeft: 1 },
      { legion: 'red', turnsLeft: 0 },
    ]);
    every.h.play('red', 'enter-ship', { ship: every.frigate, bow: 's:4:0', heading: 3 });
    expect(every.h.state.rs.space.ships[every.frigate].status).toBe('map');
  });

  it("counts the build queue down at the start of the legion's own turns, then the ship enters at the tunnel", () => {
    const h = battle({});
    h.play('red', 'buy-ships', { classes: ['frigate'] });
    const frigate = shipOf(h, 'red', 'frigate');
    h.when('red', 'enter-ship', { ship: frigate, bow: 's:4:0', heading: 3 }).thenRejects(
      'not_ready',
      RULES.buildTime,
    );
    h.play('red', 'end-turn', { map: 'space' });
    h.play('blue', 'end-turn', { map: 'space' });
    h.when('gold', 'end-turn', { map: 'space' }).then([
      { type: 'FactionTurnEnded', data: { map: 'space', legion: 'gold', round: 1 } },
      { type: 'FactionTurnStarted', data: { map: 'space', legion: 'red', round: 2 } },
      { type: 'BuildAdvanced', data: { id: frigate, turnsLeft: 1 } },
    ]);
    for (const seat of ['red', 'blue', 'gold']) h.play(seat, 'end-turn', { map: 'space' });
    expect(h.state.rs.space.ships[frigate].status).toBe('ready');
    // Not on the tunnel: refused; with a deck on it: accepted.
    h.when('red', 'enter-ship', { ship: frigate, bow: 's:2:0', heading: 3 }).thenRejects(
      'not_at_tunnel',
      RULES.entry,
    );
    h.when('red', 'enter-ship', { ship: frigate, bow: 's:4:0', heading: 3 }).then([
      {
        type: 'ShipEntered',
        data: {
          ship: frigate,
          cells: [
            { q: 4, r: 0 },
            { q: 5, r: 0 },
            { q: 6, r: 0 },
          ],
          via: 'tunnel',
          captain: 'Legion I frigate captain',
        },
      },
    ]);
  });
});

describe('sw-strategic space: movement (S3.12)', () => {
  it('moves forward and forward-sideways off the bow, never back; speed counts cells', () => {
    const h = battle({ red: [ship('destroyer', 0, -3, 0)] });
    const d = shipOf(h, 'red', 'destroyer');
    h.when('red', 'move-ship', { ship: d, steps: ['back'] }).thenRejects(
      'no_backwards',
      RULES.heading,
    );
    h.when('red', 'move-ship', { ship: d, steps: ['forward', 'forward-left'] }).then([
      {
        type: 'ShipMoved',
        data: {
          cells: [
            { q: 1, r: -3 },
            { q: 0, r: -3 },
          ],
          used: 1,
        },
      },
      {
        type: 'ShipMoved',
        data: {
          cells: [
            { q: 2, r: -4 },
            { q: 1, r: -4 },
          ],
          used: 1,
        },
      },
    ]);
    h.when('red', 'move-ship', { ship: d, steps: ['forward', 'forward', 'forward'] }).thenRejects(
      'beyond_speed',
      RULES.speed,
    );
  });

  it('refuses a move through an asteroid with the rule, the stream unchanged', () => {
    const h = battle({ red: [ship('destroyer', 2, -2, 0)] });
    const d = shipOf(h, 'red', 'destroyer');
    const before = h.events.length;
    h.when('red', 'move-ship', { ship: d, steps: ['forward', 'forward'] }).thenRejects(
      'cell_blocked',
      RULES.asteroidZone,
    );
    expect(h.events).toHaveLength(before);
  });

  it("refuses cells taken by any ship, the planet, and another legion's tunnel", () => {
    const h = battle({
      red: [ship('destroyer', 0, -3, 0), ship('fighter', 2, -3, 0), ship('fighter', 2, -6, 3)],
    });
    const d = shipOf(h, 'red', 'destroyer');
    h.when('red', 'move-ship', { ship: d, steps: ['forward', 'forward'] }).thenRejects(
      'cell_blocked',
      RULES.occupied,
    );
    h.when('red', 'move-ship', { ship: d, steps: ['forward-right', 'forward-right'] }).thenRejects(
      'cell_blocked',
      RULES.planetZone,
    );
    h.when('red', 'move-ship', {
      ship: shipOf(h, 'red', 'fighter', 2),
      steps: ['forward'],
    }).thenRejects('cell_blocked', RULES.tunnel);
  });

  it('pivots a frigate about its middle deck; a cruiser not (option cruiserPivot)', () => {
    const h = battle({ red: [ship('frigate', -3, 0, 0), ship('cruiser', 3, -3, 2)] });
    h.when('red', 'move-ship', { ship: shipOf(h, 'red', 'frigate'), steps: ['turn-left'] }).then([
      {
        type: 'ShipMoved',
        data: {
          cells: [
            { q: -4, r: 1 },
            { q: -4, r: 0 },
            { q: -4, r: -1 },
          ],
          heading: 1,
          used: 0,
        },
      },
    ]);
    h.when('red', 'move-ship', {
      ship: shipOf(h, 'red', 'frigate'),
      steps: ['turn-left'],
      pivotDeck: 1,
    }).thenRejects('no_pivot', RULES.pivot);
    h.when('red', 'move-ship', {
      ship: shipOf(h, 'red', 'cruiser'),
      steps: ['turn-left'],
    }).thenRejects('no_pivot', RULES.pivot);
  });
});

describe('sw-strategic space: volleys (S3.9)', () => {
  // The allocation tests are not about lines along edges: those read clear (an option).
  const scene = (options: Record<string, unknown> = { lineOfFireOnEdge: 'clear-if-either' }) =>
    battle(
      {
        red: [ship('cruiser', 3, -3, 2)],
        blue: [ship('destroyer', 1, -3, 0), ship('fighter', 4, -1, 0)],
        gold: [ship('frigate', 1, 2, 0)],
      },
      options,
    );

  it('rolls one d8 per firing deck, shields before decks, the target deck chosen before', () => {
    const h = scene();
    const cruiser = shipOf(h, 'red', 'cruiser');
    const destroyer = shipOf(h, 'blue', 'destroyer');
    h.when('red', 'fire', { ship: cruiser, decks: [1], target: destroyer }).thenRejects(
      'target_deck',
      RULES.targetDeck,
    );
    const events = h.play('red', 'fire', {
      ship: cruiser,
      decks: [1, 2, 3],
      target: destroyer,
      targetDeck: 1,
    });
    const roll = events.find((e) => e.type === 'DiceRolled')?.data as { faces: number[] };
    expect(roll.faces).toHaveLength(3);
    const volley = events.find((e) => e.type === 'VolleyFired')?.data as { damage: number };
    const expected = roll.faces.filter((f) => f >= 5).length; // cruiser vs destroyer: 5+
    expect(volley.damage).toBe(expected);
    const after = h.state.rs.space.ships[destroyer];
    expect(after.shields).toBe(Math.max(0, SHIPS.destroyer.shields - expected));
    expect(after.decks[0].hp).toBe(expected > SHIPS.destroyer.shields ? 0 : 1);
  });

  it('allows 3+1 and 2+2 decks at two targets, refuses a third volley and a second at one target', () => {
    const h = scene();
    const cruiser = shipOf(h, 'red', 'cruiser');
    const destroyer = shipOf(h, 'blue', 'destroyer');
    const frigate = shipOf(h, 'gold', 'frigate');
    h.play('red', 'fire', { ship: cruiser, decks: [1, 2], target: destroyer, targetDeck: 1 });
    h.when('red', 'fire', {
      ship: cruiser,
      decks: [3],
      target: destroyer,
      targetDeck: 1,
    }).thenRejects('same_target', RULES.cruiserVolleys);
    h.when('red', 'fire', {
      ship: cruiser,
      decks: [2],
      target: frigate,
      targetDeck: 1,
    }).thenRejects('deck_fired', RULES.shotsPerTurn);
    h.play('red', 'fire', { ship: cruiser, decks: [3, 4], target: frigate, targetDeck: 1 });
    expect(h.state.rs.space.ships[cruiser].volleys).toBe(2);
    const third = scene();
    const c3 = shipOf(third, 'red', 'cruiser');
    third.play('red', 'fire', {
      ship: c3,
      decks: [1],
      target: shipOf(third, 'blue', 'destroyer'),
      targetDeck: 1,
    });
    third.play('red', 'fire', {
      ship: c3,
      decks: [4],
      target: shipOf(third, 'gold', 'frigate'),
      targetDeck: 1,
    });
    third
      .when('red', 'fire', { ship: c3, decks: [3], target: shipOf(third, 'blue', 'fighter') })
      .thenRejects('third_volley', RULES.cruiserVolleys);
  });

  it('refuses fire, move and fire again at the same target', () => {
    const h = scene();
    const cruiser = shipOf(h, 'red', 'cruiser');
    const destroyer = shipOf(h, 'blue', 'destroyer');
    h.play('red', 'fire', { ship: cruiser, decks: [1], target: destroyer, targetDeck: 1 });
    h.play('red', 'move-ship', { ship: cruiser, steps: ['forward-left'] });
    h.when('red', 'fire', {
      ship: cruiser,
      decks: [2],
      target: destroyer,
      targetDeck: 1,
    }).thenRejects('same_target', RULES.noRefire);
  });

  it('refuses a volley without line of fire (an asteroid between) or out of range', () => {
    const h = battle({ red: [ship('destroyer', 3, -2, 2)], blue: [ship('fighter', 5, -2, 0)] });
    const d = shipOf(h, 'red', 'destroyer');
    const before = h.events.length;
    h.when('red', 'fire', {
      ship: d,
      decks: [1],
      target: shipOf(h, 'blue', 'fighter'),
    }).thenRejects('no_line_of_fire', RULES.lineOfFire);
    expect(h.events).toHaveLength(before);
    const far = battle({ red: [ship('fighter', 0, -3, 0)], blue: [ship('fighter', 3, -3, 0)] });
    far
      .when('red', 'fire', {
        ship: shipOf(far, 'red', 'fighter'),
        decks: [1],
        target: shipOf(far, 'blue', 'fighter'),
      })
      .thenRejects('out_of_range', RULES.range);
  });

  it("a line along an edge is the Game Master's to rule, by a judge; a seat cannot rule it", () => {
    const h = battle({
      red: [ship('fighter', 0, -3, 0)],
      blue: [ship('fighter', 1, -5, 0), ship('destroyer', 0, -4, 1)],
    });
    const f = shipOf(h, 'red', 'fighter');
    const target = shipOf(h, 'blue', 'fighter');
    h.when('red', 'fire', { ship: f, decks: [1], target }).thenRejects(
      'line_of_fire_disputed',
      RULES.lineOfFireDispute,
    );
    h.when('red', 'gm-line-of-fire', { ship: f, target, clear: true }).thenRejects(
      'judge_decision',
    );
    h.whenJudge('red', 'gm-line-of-fire', { ship: f, target, clear: true }).then([
      { type: 'LineOfFireRuled', data: { ship: f, target, clear: true } },
    ]);
    const fired = h.play('red', 'fire', { ship: f, decks: [1], target });
    expect(fired.map((e) => e.type).slice(0, 3)).toEqual([
      'DecisionMade',
      'DiceRolled',
      'VolleyFired',
    ]);
  });
});

describe('sw-strategic space: mines (S3.3.3, S3.11)', () => {
  it('a destroyer lays up to 3 mines a turn next to it; a deck entering a mine is lost, shields or not', () => {
    const h = battle({ red: [ship('destroyer', 0, -3, 0)], blue: [ship('destroyer', -1, 3, 0)] });
    const red = shipOf(h, 'red', 'destroyer');
    h.when('red', 'lay-mine', { ship: red, cell: 's:3:-3' }).thenRejects(
      'not_adjacent',
      RULES.minePlace,
    );
    h.play('red', 'lay-mine', { ship: red, cell: 's:1:-4' });
    h.play('red', 'lay-mine', { ship: red, cell: 's:0:-4' });
    h.play('red', 'lay-mine', { ship: red, cell: 's:-1:-2' });
    h.when('red', 'lay-mine', { ship: red, cell: 's:1:-3' }).thenRejects('mine_limit', RULES.mines);
    // Red's own ship is not spared: moving its bow onto a mine loses the bow deck.
    h.when('red', 'move-ship', { ship: red, steps: ['forward-left'] }).then([
      {
        type: 'ShipMoved',
        data: {
          cells: [
            { q: 1, r: -4 },
            { q: 0, r: -4 },
          ],
        },
      },
      { type: 'MineTriggered', data: { ship: red, deck: 1, removed: true } },
      { type: 'ShipDamaged', data: { ship: red, shields: 2, decksLost: [1], cause: 'mine' } },
      { type: 'MineTriggered', data: { ship: red, deck: 2, removed: true } },
      { type: 'ShipDamaged', data: { ship: red, decksLost: [2], cause: 'mine' } },
      { type: 'ShipDestroyed', data: { ship: red, legion: 'red', points: 0 } },
      { type: 'CaptainKilled', data: { legion: 'red', name: 'Legion I destroyer captain' } },
    ]);
  });

  it('a bomber carries two mines in all; a mine that stays is an option', () => {
    const h = battle({ red: [ship('bomber', 0, -3, 0)] }, { minePersistence: 'stays' });
    const b = shipOf(h, 'red', 'bomber');
    h.play('red', 'lay-mine', { ship: b, cell: 's:1:-3' });
    h.play('red', 'lay-mine', { ship: b, cell: 's:1:-4' });
    h.when('red', 'lay-mine', { ship: b, cell: 's:0:-4' }).thenRejects('mine_limit', RULES.mines);
    const [, triggered] = h.play('red', 'move-ship', { ship: b, steps: ['forward'] }).slice(1);
    expect(triggered.data).toMatchObject({ removed: false });
    expect(Object.keys(h.state.rs.space.mines)).toHaveLength(2);
  });
});

describe('sw-strategic space: transports, cargo, stations and income (S4, S5)', () => {
  it('loads cargo at the tunnel, unloads reinforcements on the planet; the transport leaves and re-enters next turn', () => {
    const h = battle({ red: [ship('transport', 5, 0, 3)] });
    const t = shipOf(h, 'red', 'transport');
    h.play('red', 'buy-cargo', { transport: t, cargo: 'reinforcements' });
    h.play('red', 'buy-cargo', { transport: t, cargo: 'reinforcements' });
    h.play('red', 'buy-cargo', { transport: t, cargo: 'station' });
    h.when('red', 'buy-cargo', { transport: t, cargo: 'station' }).thenRejects(
      'transport_full',
      RULES.cargoLoad,
    );
    expect(h.state.rs.legions[0].credits).toBe(15);
    h.play('red', 'move-ship', { ship: t, steps: ['forward', 'forward', 'forward', 'forward'] });
    h.when('red', 'buy-cargo', { transport: t, cargo: 'station' }).thenRejects(
      'not_at_tunnel',
      RULES.reinforcementsLoad,
    );
    h.when('red', 'unload', { ship: t }).then([
      { type: 'ReinforcementsDelivered', data: { transport: t, count: 2, total: 2 } },
    ]);
    expect(h.state.rs.space.ships[t]).toMatchObject({ status: 'recalled', cargo: ['station'] });
    h.when('red', 'enter-ship', { ship: t, bow: 's:6:0', heading: 3 }).thenRejects(
      'not_ready',
      RULES.unload,
    );
    endRound(h);
    h.play('red', 'enter-ship', { ship: t, bow: 's:6:0', heading: 3 });
  });

  it('deploys a station next to an asteroid; each station adds a d4 of income at the start of the turn', () => {
    const h = battle({ red: [ship('transport', 4, -1, 2)] });
    const t = shipOf(h, 'red', 'transport');
    h.given([
      given('ItemPurchased', {
        legion: 'red',
        item: 'station',
        id: 'station-x',
        cost: 0,
        credits: 20,
        transport: t,
      }),
    ]);
    h.when('red', 'deploy-station', { ship: t, cell: 's:3:-1' }).thenRejects(
      'not_asteroid',
      RULES.asteroidZone,
    );
    h.when('red', 'deploy-station', { ship: t, cell: 's:4:-2' }).thenRejects(
      'station_there',
      RULES.stationDeploy,
    );
    h.given([given('StationDestroyed', { station: 'station:n1', by: 'blue' })]);
    h.when('red', 'deploy-station', { ship: t, cell: 's:4:-2' }).thenRejects(
      'station_barred',
      RULES.stationBarred,
    );
    h.play('red', 'move-ship', { ship: t, steps: ['forward-right'] });
    h.play('red', 'deploy-station', { ship: t, cell: 's:5:-3' });
    endRound(h);
    const income = h.events.filter((e) => e.type === 'IncomeCollected').pop()?.data as {
      dice: number;
      total: number;
      credits: number;
    };
    expect(income.dice).toBe(1);
    expect(income.total).toBeGreaterThanOrEqual(1);
    expect(income.total).toBeLessThanOrEqual(4);
    expect(income.credits).toBe(20 + income.total);
  });

  it('captures a neutral station with any ship next to it at the end of its own turn, once', () => {
    const h = battle({ red: [ship('fighter', 3, -2, 0)], blue: [ship('fighter', 5, -2, 0)] });
    h.when('red', 'end-turn', { map: 'space' }).then([
      { type: 'StationCaptured', data: { station: 'station:n1', legion: 'red', how: 'neutral' } },
      { type: 'FactionTurnEnded' },
      { type: 'FactionTurnStarted', data: { legion: 'blue' } },
    ]);
    h.when('blue', 'end-turn', { map: 'space' }).then([
      { type: 'FactionTurnEnded' },
      { type: 'FactionTurnStarted', data: { legion: 'gold' } },
    ]);
  });

  it('fires at a station only from next to it, each shot its class damage; a destroyed cell is barred', () => {
    const h = battle({ red: [ship('cruiser', 3, -3, 2)] });
    const c = shipOf(h, 'red', 'cruiser');
    h.when('red', 'fire', { ship: c, decks: [2], target: 'station:n1' }).then([
      { type: 'VolleyFired', data: { damage: 2 } },
      { type: 'StationDamaged', data: { hp: 0 } },
      { type: 'StationDestroyed', data: { station: 'station:n1' } },
    ]);
    expect(h.state.rs.space.barred).toEqual(['4:-2']);
  });
});

describe('sw-strategic space: captains, Medic and Pilot (S3.7.3, S6.1)', () => {
  it('a frigate captain with two frigates (a level-1 Pilot) loses one, commands the other, dies with the second', () => {
    const h = battle({ red: [ship('frigate', -3, 0, 0), ship('frigate', -3, 3, 0)] });
    const [f1, f2] = [shipOf(h, 'red', 'frigate', 1), shipOf(h, 'red', 'frigate', 2)];
    expect(h.state.rs.space.ships[f1].captain).toBe('Legion I frigate captain');
    expect(h.state.rs.space.ships[f2].captain).toBe('Legion I frigate captain');
    h.given([given('ShipDamaged', { ship: f1, shields: 0, decksLost: [1, 2, 3], cause: 'laser' })]);
    expect(h.state.rs.legions[0].deadCaptains).toEqual([]);
    h.play('red', 'move-ship', { ship: f2, steps: ['forward'] });
  });

  it('the captain dies when the last ship of the class is destroyed, unless a Medic lives', () => {
    const sink = (h: ReturnType<typeof battle>) => {
      const d = shipOf(h, 'red', 'destroyer');
      h.given([given('ShipDamaged', { ship: d, shields: 0, decksLost: [1], cause: 'laser' })]);
      h.play('red', 'lay-mine', { ship: d, cell: 's:0:-4' });
      return h.when('red', 'move-ship', { ship: d, steps: ['forward-left'] });
    };
    sink(battle({ red: [ship('destroyer', 0, -3, 0)] })).then([
      { type: 'ShipMoved' },
      { type: 'MineTriggered', data: { deck: 2 } },
      { type: 'ShipDamaged', data: { decksLost: [2] } },
      { type: 'ShipDestroyed' },
      { type: 'CaptainKilled', data: { name: 'Legion I destroyer captain', class: 'destroyer' } },
    ]);
    const withMedic = battle({ red: [ship('destroyer', 0, -3, 0)] }, {}, (m) =>
      m.legions[0].roster.push({ name: 'Doc', map: 'space', specialty: 'medic', level: 1 }),
    );
    sink(withMedic).then([
      { type: 'ShipMoved' },
      { type: 'MineTriggered', data: { deck: 2 } },
      { type: 'ShipDamaged', data: { decksLost: [2] } },
      { type: 'ShipDestroyed' },
      { type: 'CaptainSaved', data: { name: 'Legion I destroyer captain', medic: 'Doc' } },
    ]);
    expect(withMedic.state.rs.legions[0].deadCaptains).toEqual([]);
  });
});
