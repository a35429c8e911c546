import { MatchHarness } from '@test/support/match-harness';
import { commandersPathRuleset } from '../commanders-path.ruleset';
import { RULES } from '../cp-rules-text';
import type { CpState } from '../cp-state';
import { arena, battleOf, eventsOf, SEATS, shipCard, type ArenaSpec } from '../testing/cp-kit';

type G = MatchHarness<CpState>;

function fight(spec: ArenaSpec, options: Record<string, unknown> = {}): G {
  const g = new MatchHarness(commandersPathRuleset).started(SEATS, {
    options: { deckShuffle: 'none', diceSource: 'either', manualAdjustments: 'free', ...options },
  });
  arena(g, spec);
  return g;
}

const tough = { durability: '30(20)' };
const planet = {
  kind: 'object' as const,
  name: 'Планета X',
  objectType: 'planet',
  cost: 5,
  income: { resources: 3 },
};

describe('second echelon', () => {
  it('holds at most half the ships, enters when the first echelon is gone, and restarts at Long', () => {
    const g = fight({
      red: {
        R1: shipCard('К1', tough),
        R2: shipCard('К2', tough),
        R3: shipCard('К3', { weapons: ['плазма 2'], ...tough }),
      },
      blue: { B: shipCard('С', { weapons: ['лазеры 1'], ...tough }) },
      autoPass: false,
    });
    expect(battleOf(g)).toMatchObject({ step: 'echelon', echelonDone: ['blue'] });
    expect(g.decide('red', 'designate-echelon', { second: ['R2', 'R3'] })).toMatchObject({
      code: 'echelon_size',
      localized: {
        ru: 'Во втором эшелоне может быть не больше половины флота: 1 из 3 кораблей',
      },
      ruleRef: RULES.echelon,
    });
    g.play('red', 'designate-echelon', { second: ['R3'], autoPass: true });
    g.play('blue', 'set-auto-pass', { on: true });
    // Long and Medium pass with nothing to fire; at Short red may ram, R3 waits in the second echelon.
    expect(battleOf(g)).toMatchObject({ round: 3, distance: 'short', second: { red: ['R3'] } });
    expect(
      g.decide('red', 'attack', { ship: 'R3', weapon: 'plasma', targets: ['B'] }),
    ).toMatchObject({
      code: 'second_echelon',
      localized: { ru: 'К3: корабль во втором эшелоне и ещё не вступил в бой' },
      ruleRef: RULES.echelonInactive,
    });
    const events = g.play('blue', 'manual-destroy', { pieces: ['R1', 'R2'], cause: 'card effect' });
    expect(eventsOf(events, 'SecondEchelonEntered')[0]).toMatchObject({
      seat: 'red',
      ships: ['R3'],
      ruleRef: RULES.echelonEnter,
    });
    expect(eventsOf(events, 'BattleRoundBegan')[0]).toMatchObject({ round: 4, distance: 'long' });
    expect(battleOf(g)).toMatchObject({ round: 5, distance: 'medium', second: { red: [] } });
  });
});

describe('withdrawal', () => {
  it('lets a ship no enemy outpaces leave for open space; the battle ends when a side is gone', () => {
    const g = fight({
      red: { F: shipCard('Быстрый', { speed: 8 }) },
      blue: { S: shipCard('Медленный', { speed: 3, weapons: ['лазеры 1'] }) },
      autoPass: false,
    });
    g.play('red', 'withdraw', { ships: ['F'] });
    expect(g.state.table.pieces.F.zone).toMatch(/^sector:\d+$/);
    expect(g.state.table.pieces.F.zone).not.toBe('sector:90');
    expect(eventsOf(g.events, 'BattleEnded').at(-1)).toMatchObject({ holder: 'blue' });
  });

  it('lets a slower ship withdraw only with the opponent’s consent', () => {
    const g = fight({
      red: {
        S: shipCard('Медленный', { speed: 2 }),
        T: shipCard('Еще', { speed: 2, weapons: ['лазеры 1'] }),
      },
      blue: { F: shipCard('Быстрый', { speed: 6, weapons: ['лазеры 1'] }) },
      autoPass: false,
    });
    g.play('red', 'designate-echelon', { second: [] });
    g.play('blue', 'withdraw', {});
    g.play('red', 'withdraw', { ships: ['S'] });
    expect(battleOf(g)?.pendingWithdrawals).toEqual([{ ship: 'S', seat: 'red', to: 'new' }]);
    expect(g.decide('red', 'allow-withdrawal', { allow: true })).toMatchObject({
      code: 'no_withdrawal',
    });
    g.play('blue', 'allow-withdrawal', { allow: false });
    expect(g.state.table.pieces.S.zone).toBe('sector:90');
    expect(battleOf(g)?.step).toBe('round-end');
  });
});

describe('distance control', () => {
  it('stops closing when no own ship is slower, repeats the round, and resumes with a faster ship', () => {
    const g = fight({
      red: { R: shipCard('Ракетник', { speed: 8, weapons: ['ракеты Д 1-1'], ...tough }) },
      blue: { B: shipCard('Тихоход', { speed: 3, weapons: ['плазма 1'], ...tough }) },
      autoPass: false,
    });
    for (const seat of ['red', 'blue']) g.play(seat, 'withdraw', {});
    g.play('red', 'attack', { ship: 'R', weapon: 'missiles', targets: ['B'], hitFaces: [1] });
    expect(battleOf(g)).toMatchObject({ step: 'round-end', awaitingManoeuvre: ['red'] });
    expect(g.decide('red', 'end-round', { manoeuvre: 'increase', distance: 'long' })).toMatchObject(
      { code: 'manoeuvre_not_allowed' },
    );
    g.play('red', 'end-round', { manoeuvre: 'stop' });
    expect(battleOf(g)).toMatchObject({ round: 2, distance: 'long', closingStopped: true });
    for (const seat of ['red', 'blue']) g.play(seat, 'withdraw', {});
    g.play('red', 'attack', { ship: 'R', weapon: 'missiles', targets: ['B'], hitFaces: [1] });
    g.play('red', 'end-round', { manoeuvre: 'resume' });
    expect(battleOf(g)).toMatchObject({ round: 3, distance: 'medium', closingStopped: false });
  });

  it('increases the distance when every own ship is faster, after Medium or Short', () => {
    const g = fight({
      red: { R: shipCard('Быстрый', { speed: 8, weapons: ['ракеты Д 1-1'], ...tough }) },
      blue: { B: shipCard('Тихоход', { speed: 3, weapons: ['лазеры 1'], ...tough }) },
      autoPass: false,
    });
    for (const seat of ['red', 'blue']) g.play(seat, 'withdraw', {});
    g.play('red', 'attack', { ship: 'R', weapon: 'missiles', targets: ['B'], hitFaces: [1] });
    g.play('red', 'end-round', {});
    for (const seat of ['red', 'blue']) g.play(seat, 'withdraw', {});
    g.play('red', 'attack', { ship: 'R', weapon: 'missiles', targets: ['B'], hitFaces: [1] });
    expect(
      g.decide('red', 'end-round', { manoeuvre: 'increase', distance: 'medium' }),
    ).toMatchObject({ code: 'increase_distance', ruleRef: RULES.increaseDistance });
    g.play('red', 'end-round', { manoeuvre: 'increase', distance: 'long' });
    expect(battleOf(g)).toMatchObject({ round: 3, distance: 'long' });
  });

  it('on an orbit only the attacker may stop closing or increase the distance', () => {
    const g = fight({
      mover: 'red',
      red: { R: shipCard('Тихоход', { speed: 2, weapons: ['ракеты Д 1-1'], ...tough }) },
      blue: { B: shipCard('Защитник', { speed: 9, weapons: ['ракеты Д 1-1'], ...tough }) },
      orbit: { object: planet },
      autoPass: false,
    });
    expect(battleOf(g)?.object).toBe('X');
    for (const seat of ['red', 'blue']) g.play(seat, 'withdraw', {});
    g.play('red', 'attack', { ship: 'R', weapon: 'missiles', targets: ['B'], hitFaces: [1] });
    g.play('blue', 'attack', { ship: 'B', weapon: 'missiles', targets: ['R'], hitFaces: [1] });
    expect(battleOf(g)?.awaitingManoeuvre).toEqual([]);
    expect(battleOf(g)).toMatchObject({ round: 2, distance: 'medium' });
  });

  it('ends a stopped battle nobody can fight: both fleets retreat to open space', () => {
    const g = fight({
      red: { R: shipCard('Плазменник', { speed: 8, weapons: ['плазма 3'], ...tough }) },
      blue: { B: shipCard('Лазерник', { speed: 3, weapons: ['лазеры 1'], ...tough }) },
      autoPass: false,
    });
    for (const seat of ['red', 'blue']) g.play(seat, 'withdraw', {});
    // Red stops closing at Long, where nobody can do damage: the battle stops at once.
    const events = g.play('red', 'end-round', { manoeuvre: 'stop' });
    expect(eventsOf(events, 'BattleStalemate')[0]).toMatchObject({
      why: 'stalemate',
      ruleRef: RULES.stalemate,
    });
    expect(eventsOf(events, 'FleetRetreated').map((e) => e.seat)).toEqual(['red', 'blue']);
    expect(eventsOf(events, 'BattleStalemate')).toHaveLength(1);
    expect(eventsOf(events, 'BattleEnded')[0]).toMatchObject({ holder: null });
    expect(g.state.table.pieces.R.zone).not.toBe(g.state.table.pieces.B.zone);
  });
});

describe('tactical superiority', () => {
  it('destroys the fleet of a side that could not answer for three rounds at one distance, at the start of the 4th', () => {
    const g = fight({
      red: { R: shipCard('Ракетник', { speed: 8, weapons: ['ракеты Д 1-1'], ...tough }) },
      blue: {
        B: shipCard('Лазерник', { speed: 3, weapons: ['лазеры 1'], ...tough }),
        B2: shipCard('Лазерник 2', { speed: 3, weapons: ['лазеры 1'], ...tough }),
      },
      autoPass: false,
    });
    g.play('blue', 'set-auto-pass', { on: true });
    const round = (manoeuvre?: string) => {
      if (battleOf(g)?.step === 'withdrawals') g.play('red', 'withdraw', {});
      g.play('red', 'attack', { ship: 'R', weapon: 'missiles', targets: ['B'], hitFaces: [1] });
      g.play('red', 'end-round', manoeuvre ? { manoeuvre } : {});
    };
    round('stop');
    expect(battleOf(g)?.superiority).toEqual({ red: 0, blue: 1 });
    round();
    expect(battleOf(g)?.superiority).toEqual({ red: 0, blue: 2 });
    round();
    const applied = eventsOf(g.events, 'TacticalSuperiorityApplied')[0];
    expect(applied).toMatchObject({
      loser: 'blue',
      ships: ['B', 'B2'],
      rounds: 3,
      ruleRef: RULES.superiority,
    });
    expect(g.state.table.pieces.B.status).toBe('destroyed');
  });
});

describe('orbit battles: ground units, landing, capture, blockade, civil buildings', () => {
  it('lands after the battle when the landing strength matches all units, then captures at the end of the phase', () => {
    const g = fight({
      red: { T: shipCard('Десантник', { landing: 4 }) },
      blue: {},
      orbit: {
        object: planet,
        surface: {
          G: { kind: 'ground-unit', name: 'Гарнизон', strength: 3, placeOn: ['planet'], cost: 2 },
          C: {
            kind: 'civil-building',
            name: 'Космопорт',
            placeOn: ['planet'],
            cost: 3,
            income: { resources: 1 },
          },
        },
      },
    });
    expect(battleOf(g)).toMatchObject({ step: 'landing', landingBy: 'red' });
    expect(g.decide('blue', 'land', { ships: [] })).toMatchObject({ code: 'no_landing' });
    const events = g.play('red', 'land', { ships: ['T'] });
    expect(eventsOf(events, 'LandingResolved')[0]).toMatchObject({
      landing: 4,
      ground: 3,
      destroyed: ['G'],
      ruleRef: RULES.landingStrength,
    });
    expect(eventsOf(events, 'ObjectCaptured')[0]).toMatchObject({
      object: 'X',
      by: 'red',
      ruleRef: RULES.capture,
    });
    expect(g.state.table.pieces.X).toMatchObject({
      zone: 'objects:red',
      attrs: { controller: 'red' },
    });
    expect(eventsOf(events, 'CivilBuildingsPending')[0]).toMatchObject({
      captor: 'red',
      buildings: ['C'],
      ruleRef: RULES.civil,
    });
    expect(g.state.table.turn.phase).toBe('battle');
    g.play('red', 'civil-buildings', { object: 'X', choice: 'capture' });
    expect(g.state.table.pieces.C).toMatchObject({ owner: 'red', attrs: { worksFromTurn: 2 } });
    expect(g.state.table.turn).toMatchObject({ phase: 'movement', active: ['blue'] });
  });

  it('refuses a landing weaker than the units; the units then hold the object under blockade', () => {
    const g = fight({
      red: { T: shipCard('Десантник', { landing: 2 }) },
      blue: {},
      orbit: {
        object: planet,
        surface: {
          G: { kind: 'ground-unit', name: 'Гарнизон', strength: 3, placeOn: ['planet'], cost: 2 },
        },
      },
    });
    expect(g.decide('red', 'land', { ships: ['T'] })).toMatchObject({
      code: 'landing_too_weak',
      ruleRef: RULES.landingStrength,
    });
    const events = g.play('red', 'land', { ships: [] });
    expect(eventsOf(events, 'BlockadeChanged')[0]).toMatchObject({
      object: 'X',
      by: 'red',
      ruleRef: RULES.blockade,
    });
    expect(g.state.table.pieces.X).toMatchObject({
      zone: 'objects:red',
      attrs: { controller: 'blue', blockadedBy: 'red' },
    });
    expect(commandersPathRuleset.derive(g.state.table, g.state.rs)).toMatchObject({
      control: { X: 'blue' },
      blockades: { X: 'red' },
    });
  });

  it('lets the winner go on bombing ground units, each ship once per unit per battle phase', () => {
    const g = fight({
      red: { H: shipCard('Бомбер', { weapons: ['бомбы 3'] }) },
      blue: {},
      orbit: {
        object: planet,
        surface: {
          G: { kind: 'ground-unit', name: 'Гарнизон', strength: 5, placeOn: ['planet'], cost: 2 },
        },
      },
    });
    expect(battleOf(g)?.groundChoice).toBe('red');
    g.play('red', 'ground-assault', { continue: true });
    expect(battleOf(g)).toMatchObject({ distance: 'short', groundAssault: 'red' });
    const bombed = eventsOf(
      g.play('red', 'bomb', { ships: ['H'], target: 'G' }),
      'BombingResolved',
    )[0];
    expect(bombed).toMatchObject({ total: 3, damageAfter: 3, limit: 5, destroyed: false });
    expect(g.decide('red', 'bomb', { ships: ['H'], target: 'G' })).toMatchObject({
      code: 'bombed_once',
      ruleRef: RULES.bombsOnce,
    });
  });
});

describe('stations', () => {
  const station = {
    kind: 'object' as const,
    name: 'Станция X',
    objectType: 'station',
    cost: 8,
    durability: '10',
    crew: 'В2',
    weapons: ['лазеры 1'],
  };

  it('fight as a speed-0 ship; a boarded station leaves the battle and passes to the boarder holding the orbit', () => {
    const g = fight({
      red: { B: shipCard('Абордажник', { boarding: 6, ...tough }) },
      blue: {},
      orbit: {
        object: station,
        surface: {
          MB: {
            kind: 'military-building',
            name: 'Батарея',
            durability: '4',
            weapons: ['лазеры 1'],
            placeOn: ['station'],
            cost: 2,
          },
        },
      },
    });
    expect(battleOf(g)).toMatchObject({ distance: 'short', step: 'attacks' });
    const events = g.play('red', 'board', { ship: 'B', target: 'X', faces: [3, 1] });
    expect(eventsOf(events, 'BoardingResolved')[0]).toMatchObject({ success: true, station: true });
    expect(g.state.table.pieces.MB.status).toBe('destroyed');
    expect(eventsOf(events, 'StationBoardingResolved')[0]).toMatchObject({
      station: 'X',
      outcome: 'captured',
      ruleRef: RULES.stationBoardedEnd,
    });
    expect(g.state.table.pieces.X).toMatchObject({
      zone: 'objects:red',
      attrs: { controller: 'red' },
    });
    expect(g.state.rs.pendingRewards.red ?? 0).toBe(0);
  });

  it('sends the ships on a destroyed station’s orbit into open space', () => {
    const g = fight({
      red: { P: shipCard('Плазменник', { weapons: ['плазма 9'], ...tough }) },
      blue: {},
      orbit: { object: { ...station, durability: '9' } },
    });
    g.play('red', 'attack', { ship: 'P', weapon: 'plasma', targets: ['X'] });
    expect(g.state.table.pieces.X.status).toBe('destroyed');
    expect(eventsOf(g.events, 'ShipsCastAdrift')[0]).toMatchObject({
      seat: 'red',
      ships: ['P'],
      ruleRef: RULES.stationDestroyedOrbit,
    });
    expect(g.state.table.pieces.P.zone).toMatch(/^sector:/);
  });
});

describe('after the battle: critical damage', () => {
  it('sends ships at or over their critical value to Losses and clears the rest', () => {
    const g = fight({
      red: {
        R: shipCard('Стрелок', { durability: '10(6)', weapons: ['плазма 30'] }),
        R2: shipCard('Подбитый', { durability: '10(6)' }),
      },
      blue: { B: shipCard('Цель', { durability: '10(6)' }) },
    });
    g.play('blue', 'manual-change-piece', { piece: 'R2', attrs: { damage: 6 } });
    g.play('blue', 'manual-change-piece', { piece: 'R', attrs: { damage: 5 } });
    g.play('red', 'attack', { ship: 'R', weapon: 'plasma', targets: ['B'] });
    const critical = eventsOf(g.events, 'CriticalDamageApplied')[0];
    expect(critical).toMatchObject({
      destroyed: [{ piece: 'R2', damage: 6, critical: 6 }],
      cleared: [{ piece: 'R', damage: 5 }],
      ruleRef: RULES.critical,
    });
    expect(g.state.table.pieces.R.attrs.damage).toBe(0);
    expect(g.state.table.losses.red.at(-1)).toMatchObject({
      piece: 'R2',
      cause: 'critical damage',
    });
  });
});

describe('the Commander in battle', () => {
  function commanderFight(options: Record<string, unknown> = {}): G {
    const g = fight(
      {
        red: { R: shipCard('Стрелок', { weapons: ['плазма 30'], ...tough }) },
        blue: {
          F: shipCard('Флагман', { durability: '5(3)', weapons: ['лазеры 1'] }),
          E: shipCard('Эскорт', { ...tough }),
        },
      },
      options,
    );
    return g;
  }

  it('is lost at the end of the round in which its ship is destroyed', () => {
    const g = new MatchHarness(commandersPathRuleset).started(SEATS, {
      options: { deckShuffle: 'none', diceSource: 'either', manualAdjustments: 'free' },
    });
    arena(g, {
      red: {
        R: shipCard('Стрелок', { weapons: ['плазма 30'], ...tough }),
        R2: shipCard('Второй', { weapons: ['плазма 1'], ...tough }),
      },
      blue: { F: shipCard('Флагман', { durability: '5(3)' }), E: shipCard('Эскорт', { ...tough }) },
    });
    // The Commander moves only in production or at the start of a battle phase: placed here by hand.
    g.play('blue', 'manual-change-piece', { piece: 'blue-commander', attrs: { host: 'F' } });
    g.play('red', 'attack', { ship: 'R', weapon: 'plasma', targets: ['F'] });
    expect(g.state.status).toBe('started');
    g.play('red', 'attack', { ship: 'R2', weapon: 'plasma', targets: ['E'] });
    expect(g.state.result).toMatchObject({
      winners: ['red'],
      condition: expect.stringContaining('commander-destroyed'),
      ruleRef: RULES.commanderLost,
    });
  });

  it('is lost at once under commanderLossTiming = immediate', () => {
    const g = commanderFight({ commanderLossTiming: 'immediate' });
    g.play('blue', 'manual-change-piece', { piece: 'blue-commander', attrs: { host: 'F' } });
    g.play('red', 'attack', { ship: 'R', weapon: 'plasma', targets: ['F'] });
    expect(g.state.result).toMatchObject({ winners: ['red'] });
  });

  it('moves at the start of a battle phase, within its fleet, before the first round', () => {
    const g = new MatchHarness(commandersPathRuleset).started(SEATS, {
      options: { deckShuffle: 'none', diceSource: 'either', manualAdjustments: 'free' },
    });
    arena(g, {
      red: { R: shipCard('Стрелок', tough) },
      blue: { F: shipCard('Флагман', tough), E: shipCard('Эскорт', tough) },
      autoPass: false,
    });
    g.play('blue', 'manual-change-piece', { piece: 'blue-commander', attrs: { host: 'F' } });
    g.play('blue', 'move-commander', { to: 'E' });
    expect(g.state.table.pieces['blue-commander'].attrs.host).toBe('E');
    g.play('blue', 'designate-echelon', {});
    expect(g.decide('blue', 'move-commander', { to: 'F' })).toMatchObject({
      code: 'commander_window',
      ruleRef: RULES.commanderMove,
    });
  });
});

describe('more battle rules', () => {
  it('lets the Priority holder choose the order of several battles', () => {
    const g = new MatchHarness(commandersPathRuleset).started(SEATS, {
      options: { deckShuffle: 'none', diceSource: 'either', manualAdjustments: 'free' },
    });
    arena(g, { red: {}, blue: {} });
    g.play('blue', 'end-movement');
    g.play('red', 'end-resources');
    g.play('blue', 'end-resources');
    g.play('blue', 'end-production');
    g.play('red', 'end-production');
    g.play('red', 'manual-create-zones', {
      zones: [
        { id: 'sector:80', kind: 'sector' },
        { id: 'sector:81', kind: 'sector' },
      ],
    });
    for (const [seat, ids] of [
      ['red', ['R1', 'R2']],
      ['blue', ['B1', 'B2']],
    ] as const)
      g.play(seat, 'manual-create-pieces', {
        pieces: ids.map((id, i) => ({
          id,
          type: 'x',
          owner: seat,
          zone: `sector:8${i}`,
          attrs: {
            kind: 'ship',
            name: id,
            durability: 5,
            critical: 3,
            speed: 3,
            crew: { quality: 'В', count: 1 },
          },
        })),
      });
    const events = g.play('red', 'end-movement');
    expect(eventsOf(events, 'BattlePhaseBegan')[0]).toMatchObject({
      battles: [{ location: 'sector:80' }, { location: 'sector:81' }],
    });
    expect(battleOf(g)).toBeUndefined();
    expect(commandersPathRuleset.derive(g.state.table, g.state.rs)).toMatchObject({
      battlesToOrder: ['sector:80', 'sector:81'],
    });
    expect(g.decide('blue', 'start-battle', { location: 'sector:81' })).toMatchObject({
      code: 'not_priority',
      ruleRef: RULES.battleOrder,
    });
    g.play('red', 'start-battle', { location: 'sector:81' });
    expect(battleOf(g)?.location).toBe('sector:81');
  });

  it('pays the boarding reward in the next resource phase', () => {
    const g = fight({
      red: { B: shipCard('Абордажник', { boarding: 6 }) },
      blue: { H: shipCard('Линкор', { size: 'heavy', cost: 10, crew: 'В2', ...tough }) },
    });
    g.play('red', 'board', { ship: 'B', target: 'H', faces: [6, 1] });
    expect(g.state.table.turn).toMatchObject({ phase: 'movement', active: ['blue'] });
    g.play('blue', 'end-movement');
    const income = eventsOf(g.events, 'IncomeReceived')
      .filter((e) => e.seat === 'red')
      .at(-1);
    expect(income).toMatchObject({
      boardingReward: 10,
      items: expect.arrayContaining([{ source: 'boarding', resources: 10, actionTokens: 0 }]),
    });
    expect(g.state.rs.pendingRewards).toEqual({});
  });

  it('takes the maser away with the shield a ship gave up against a Nova', () => {
    const g = fight({
      red: { N: shipCard('Новоносец', { weapons: ['Нова 5'], ...tough }) },
      blue: {
        B1: shipCard('Щитоносец', { shield: 'B2', weapons: ['мазер 6', 'плазма 1'], ...tough }),
      },
    });
    g.play('red', 'attack', { ship: 'N', weapon: 'nova', targets: [], novaFaces: [5, 1] });
    g.play('blue', 'nova-shields', { sacrifice: ['B1'] });
    expect(battleOf(g)?.distance).toBe('medium');
    expect(
      g.decide('blue', 'attack', { ship: 'B1', weapon: 'maser', targets: ['N'] }),
    ).toMatchObject({ code: 'maser_disabled', ruleRef: RULES.novaShield });
    const plasma = eventsOf(
      g.play('blue', 'attack', { ship: 'B1', weapon: 'plasma', targets: ['N'] }),
      'AttackResolved',
    )[0];
    expect(plasma).toMatchObject({ attacker: { piece: 'B1' } });
  });

  it('destroys a boarded station, with no reward, when its owner still holds the orbit', () => {
    const station = {
      kind: 'object' as const,
      name: 'Станция X',
      objectType: 'station',
      cost: 8,
      durability: '10',
      crew: 'В2',
    };
    const g = fight({
      red: { B: shipCard('Абордажник', { boarding: 6, ...tough }) },
      blue: { D: shipCard('Защитник', { ...tough }) },
      orbit: { object: station },
    });
    g.play('red', 'board', { ship: 'B', target: 'X', faces: [6, 1] });
    expect(g.state.rs.battlePhase?.battle?.boardedStations).toEqual({ X: 'red' });
    g.play('blue', 'manual-destroy', { pieces: ['B'], cause: 'card effect' });
    expect(eventsOf(g.events, 'StationBoardingResolved')[0]).toMatchObject({
      outcome: 'destroyed',
    });
    expect(g.state.table.pieces.X.status).toBe('destroyed');
    expect(g.state.rs.pendingRewards.red ?? 0).toBe(0);
  });

  it('forces an attacker with nothing to fight with at the final distance to retreat from an orbit', () => {
    const g = fight({
      red: { R: shipCard('Безоружный', tough) },
      blue: {},
      orbit: {
        object: planet,
        surface: {
          MB: {
            kind: 'military-building',
            name: 'Батарея',
            durability: '6',
            weapons: ['турбо-лазер 1'],
            placeOn: ['planet'],
            cost: 3,
          },
        },
      },
    });
    g.play('blue', 'attack', { ship: 'MB', weapon: 'turbolaser', targets: ['R'] });
    g.play('blue', 'attack', { ship: 'MB', weapon: 'turbolaser', targets: ['R'] });
    // Short: red cannot ram a building and has no weapon: blue fires again, then the round ends.
    g.play('blue', 'attack', { ship: 'MB', weapon: 'turbolaser', targets: ['R'] });
    expect(eventsOf(g.events, 'ForcedRetreat')[0]).toMatchObject({
      seat: 'red',
      ruleRef: RULES.orbitDistance,
    });
    expect(g.state.table.pieces.R.zone).toMatch(/^sector:/);
    expect(eventsOf(g.events, 'BattleEnded').at(-1)).toMatchObject({ holder: 'blue' });
  });
});

describe('built-in properties and the orbit second echelon', () => {
  it('marks a destroyed built-in unit with a special damage token instead of sending it to Losses', () => {
    const g = fight({
      red: { T: shipCard('Десантник', { landing: 4 }) },
      blue: {},
      orbit: {
        object: planet,
        surface: {
          M: { kind: 'ground-unit', name: 'Ополчение', strength: 2, placeOn: ['planet'] },
        },
      },
    });
    g.play('blue', 'manual-change-piece', { piece: 'M', attrs: { builtIn: true } });
    g.play('red', 'land', { ships: ['T'] });
    expect(g.state.table.pieces.M).toMatchObject({
      status: 'broken',
      attrs: { specialDamage: true },
    });
    expect(g.state.table.losses.blue ?? []).toEqual([]);
    expect(eventsOf(g.events, 'BuiltInDestroyed')[0]).toMatchObject({
      piece: 'M',
      ruleRef: RULES.builtInDestroyed,
    });
  });

  it('lets a side facing only buildings on an orbit bring its second echelon in, all restarting at Long', () => {
    const g = fight({
      red: {
        R1: shipCard('Стрелок', { weapons: ['плазма 1'], ...tough }),
        R2: shipCard('Резерв', { ...tough }),
      },
      blue: {},
      orbit: {
        object: planet,
        surface: {
          MB: {
            kind: 'military-building',
            name: 'Батарея',
            durability: '30',
            weapons: ['лазеры 1'],
            placeOn: ['planet'],
            cost: 3,
          },
        },
      },
      autoPass: false,
    });
    g.play('blue', 'set-auto-pass', { on: true });
    g.play('red', 'designate-echelon', { second: ['R2'] });
    g.play('red', 'withdraw', {});
    // Long: nothing fires; red may stop closing (no enemy ship) or bring the second echelon in.
    expect(battleOf(g)).toMatchObject({ step: 'round-end', awaitingManoeuvre: ['red'] });
    g.play('red', 'end-round', { manoeuvre: 'echelon' });
    expect(eventsOf(g.events, 'SecondEchelonEntered')[0]).toMatchObject({
      seat: 'red',
      ships: ['R2'],
      ruleRef: RULES.echelonOrbit,
    });
    expect(battleOf(g)).toMatchObject({ round: 2, distance: 'long', second: { red: [] } });
  });
});
