import { MatchHarness } from '@test/support/match-harness';
import type { RecordedEvent } from '../../events/recorded-event';
import { commandersPathRuleset } from './commanders-path.ruleset';
import { RULES } from './cp-rules-text';
import type { CpState } from './cp-state';
import { hitThreshold, novaTargetCount } from './cp-weapons';
import { arena, battleOf, eventsOf, SEATS, shipCard, type ArenaSpec } from './testing/cp-kit';

type G = MatchHarness<CpState>;

function fight(
  spec: ArenaSpec,
  options: Record<string, unknown> = {},
  players: Record<string, string> = {},
): G {
  const g = new MatchHarness(commandersPathRuleset).started(
    SEATS,
    {
      options: { deckShuffle: 'none', diceSource: 'either', manualAdjustments: 'free', ...options },
    },
    {},
    players,
  );
  arena(g, spec);
  return g;
}

const resolved = (events: RecordedEvent[]) =>
  eventsOf(events, 'AttackResolved').at(-1) as Record<string, unknown> & {
    targets: Record<string, unknown>[];
  };
const distance = (g: G) => battleOf(g)?.distance;
const target = { durability: '30(20)' };

describe('plasma: P − S', () => {
  it('subtracts the target’s shield, and is out of range at Long', () => {
    const g = fight({
      red: { R: shipCard('Плазменник', { weapons: ['плазма 10', 'ракеты Д 1-1'] }) },
      blue: { B: shipCard('Цель', { shield: 'C3', armor: 5, ...target }) },
    });
    expect(distance(g)).toBe('long');
    expect(
      g.decide('red', 'attack', { ship: 'R', weapon: 'plasma', targets: ['B'] }),
    ).toMatchObject({
      code: 'out_of_range',
      localized: {
        ru: 'Плазменник: плазма 10 — оружие средней дистанции, а сейчас раунд дальней дистанции',
      },
      ruleRef: RULES.whoAttacks,
    });
    g.play('red', 'attack', { ship: 'R', weapon: 'missiles', targets: ['B'], hitFaces: [6] });
    expect(distance(g)).toBe('medium');
    const events = g.play('red', 'attack', { ship: 'R', weapon: 'plasma', targets: ['B'] });
    expect(resolved(events).targets[0]).toMatchObject({
      piece: 'B',
      formula: 'P − S',
      inputs: { P: 10, S: 3 },
      applied: 7,
      damageBefore: 0,
      damageAfter: 7,
      limit: 30,
      destroyed: false,
      ruleRef: RULES.plasma,
    });
  });
});

describe('turbo-laser: P − A, never against light ships', () => {
  it('subtracts armor and refuses a light target', () => {
    const g = fight({
      red: { R: shipCard('Турболазерник', { weapons: ['турбо-лазер 7'] }) },
      blue: {
        H: shipCard('Тяжелый', { size: 'heavy', armor: 6, shield: 'A5', ...target }),
        L: shipCard('Легкий', { size: 'light', ...target }),
      },
    });
    expect(
      g.decide('red', 'attack', { ship: 'R', weapon: 'turbolaser', targets: ['L'] }),
    ).toMatchObject({
      code: 'light_target',
      ruleRef: RULES.turbolaser,
    });
    const events = g.play('red', 'attack', { ship: 'R', weapon: 'turbolaser', targets: ['H'] });
    expect(resolved(events).targets[0]).toMatchObject({
      formula: 'P − A',
      inputs: { P: 7, A: 6 },
      applied: 1,
    });
  });
});

describe('maser: shield types A → B → C → A', () => {
  const masers = {
    M1: shipCard('Мазерник 1', { shield: 'C3', weapons: ['мазер 8'] }),
    M2: shipCard('Мазерник 2', { shield: 'C3', weapons: ['мазер 8'] }),
    M3: shipCard('Мазерник 3', { shield: 'C3', weapons: ['мазер 8'] }),
  };
  const targets = {
    B: shipCard('Щит B', { shield: 'B4', armor: 6, ...target }),
    C: shipCard('Щит C', { shield: 'C2', ...target }),
    A: shipCard('Щит A', { shield: 'A1', ...target }),
    U: shipCard('Без щита', { ...target }),
  };

  it('deals full power to another type, half (rounded down) to the same type, and cannot target C → A', () => {
    const g = fight({ red: masers, blue: targets });
    expect(distance(g)).toBe('medium');
    const full = g.play('red', 'attack', { ship: 'M1', weapon: 'maser', targets: ['B'] });
    expect(resolved(full).targets[0]).toMatchObject({
      formula: 'P',
      inputs: { P: 8, maserType: 'C', shieldType: 'B' },
      applied: 8,
      ruleRef: RULES.maser,
    });
    const half = g.play('red', 'attack', { ship: 'M2', weapon: 'maser', targets: ['C'] });
    expect(resolved(half).targets[0]).toMatchObject({
      formula: '⌊P / 2⌋',
      applied: 4,
      ruleRef: RULES.maserHalf,
    });
    expect(
      g.decide('red', 'attack', { ship: 'M3', weapon: 'maser', targets: ['A'] }),
    ).toMatchObject({
      code: 'maser_type',
      message: 'A type C maser cannot attack a type A shield (Щит A)',
      localized: { ru: 'Щит A: мазер типа “C” не может атаковать корабль со щитом “A”' },
      ruleRef: RULES.maser,
    });
    const bare = g.play('red', 'attack', { ship: 'M3', weapon: 'maser', targets: ['U'] });
    expect(resolved(bare).targets[0]).toMatchObject({ applied: 8 });
  });

  it.each([
    ['half', 4],
    ['forbidden', undefined],
  ])('against an unshielded target under maserUnshielded = %s', (mode, applied) => {
    const g = new MatchHarness(commandersPathRuleset).started(SEATS, {
      options: {
        deckShuffle: 'none',
        diceSource: 'either',
        manualAdjustments: 'free',
        maserUnshielded: mode,
      },
    });
    arena(g, { red: { M1: masers.M1 }, blue: { U: targets.U } });
    if (applied === undefined) {
      // Nothing the maser may target: no compulsory attack, the round passes to Short.
      expect(distance(g)).toBe('short');
      expect(
        g.decide('red', 'attack', { ship: 'M1', weapon: 'maser', targets: ['U'] }),
      ).toMatchObject({ code: 'maser_unshielded' });
    } else {
      expect(
        resolved(g.play('red', 'attack', { ship: 'M1', weapon: 'maser', targets: ['U'] }))
          .targets[0],
      ).toMatchObject({ applied });
    }
  });
});

describe('lasers N/P: up to N different targets, P − A each', () => {
  it('hits two targets once each, refuses three and the same target twice', () => {
    const g = fight({
      red: { L: shipCard('Лазерник', { weapons: ['лазеры 2/4'] }) },
      blue: {
        B1: shipCard('Цель 1', { armor: 1, ...target }),
        B2: shipCard('Цель 2', { armor: 3, ...target }),
        B3: shipCard('Цель 3', target),
      },
    });
    expect(distance(g)).toBe('short');
    expect(
      g.decide('red', 'attack', { ship: 'L', weapon: 'lasers', targets: ['B1', 'B2', 'B3'] }),
    ).toMatchObject({ code: 'laser_targets', ruleRef: RULES.lasers });
    expect(
      g.decide('red', 'attack', { ship: 'L', weapon: 'lasers', targets: ['B1', 'B1'] }),
    ).toMatchObject({ code: 'same_target_twice' });
    const events = g.play('red', 'attack', { ship: 'L', weapon: 'lasers', targets: ['B1', 'B2'] });
    expect(resolved(events).targets.map((t) => [t.piece, t.applied])).toEqual([
      ['B1', 3],
      ['B2', 1],
    ]);
  });
});

describe('missiles: hit on 5+ at Long, 4+ at Medium, 2+ at Short; point defence 5+ at Long and Medium', () => {
  it('rolls one die per missile, the threshold set by the round', () => {
    expect(
      ['long', 'medium', 'short'].map((d) =>
        hitThreshold({ kind: 'missiles', range: 'long', count: 1, power: 1, text: '' }, d as never),
      ),
    ).toEqual([5, 4, 2]);
    const g = fight({
      red: { R: shipCard('Ракетоносец', { weapons: ['ракеты Д 4-4'] }) },
      blue: { T: shipCard('Цель', { armor: 1, durability: '40(30)' }) },
    });
    const long = resolved(
      g.play('red', 'attack', {
        ship: 'R',
        weapon: 'missiles',
        targets: ['T'],
        hitFaces: [2, 4, 4, 6],
      }),
    );
    expect(long).toMatchObject({
      distance: 'long',
      hitDice: { faces: [2, 4, 4, 6], need: 5, hits: 1 },
    });
    expect(long.targets[0]).toMatchObject({
      formula: 'hits × max(0, P − A)',
      inputs: { hits: 1, P: 4, A: 1 },
      applied: 3,
    });
    const medium = resolved(
      g.play('red', 'attack', {
        ship: 'R',
        weapon: 'missiles',
        targets: ['T'],
        hitFaces: [3, 4, 4, 6],
      }),
    );
    expect(medium).toMatchObject({ distance: 'medium', hitDice: { need: 4, hits: 3 } });
    expect(medium.targets[0]).toMatchObject({ applied: 9, damageAfter: 12 });
    const short = resolved(
      g.play('red', 'attack', {
        ship: 'R',
        weapon: 'missiles',
        targets: ['T'],
        hitFaces: [1, 2, 3, 1],
      }),
    );
    expect(short).toMatchObject({ distance: 'short', hitDice: { need: 2, hits: 2 } });
    expect(short.targets[0]).toMatchObject({ applied: 6, damageAfter: 18 });
  });

  it('lets a target with lasers shoot missiles down at Long (one die per hit), not at Short', () => {
    const g = fight(
      {
        red: { R: shipCard('Ракетоносец', { weapons: ['ракеты Д 4-4'] }) },
        blue: { P: shipCard('ПРО', { weapons: ['лазеры 1'], armor: 0, durability: '40(30)' }) },
      },
      { diceSource: 'reported' },
    );
    expect(
      g.decide('red', 'attack', {
        ship: 'R',
        weapon: 'missiles',
        targets: ['P'],
        hitFaces: [5, 6, 1, 1],
      }),
    ).toMatchObject({
      code: 'reported_dice_required',
      message:
        'Point defence of ПРО: report the 2 d6 faces rolled at the table (Dice source: Reported dice)',
      localized: {
        ru: 'ПРО (ПРО): укажите, что выпало на столе — 2 кубика D6 («Источник кубиков: Физические кубики»)',
      },
    });
    expect(
      g.decide('red', 'attack', {
        ship: 'R',
        weapon: 'missiles',
        targets: ['P'],
        hitFaces: [5, 6, 1, 1],
        defenceFaces: [5],
      }),
    ).toMatchObject({
      code: 'reported_dice_count',
    });
    const long = resolved(
      g.play('red', 'attack', {
        ship: 'R',
        weapon: 'missiles',
        targets: ['P'],
        hitFaces: [5, 6, 1, 1],
        defenceFaces: [5, 2],
      }),
    );
    expect(long.targets[0]).toMatchObject({
      pointDefence: { faces: [5, 2], need: 5, intercepted: 1 },
      inputs: { hits: 1 },
      applied: 4,
    });
    g.play('red', 'attack', {
      ship: 'R',
      weapon: 'missiles',
      targets: ['P'],
      hitFaces: [1, 1, 1, 1],
    });
    expect(distance(g)).toBe('short');
    expect(
      g.decide('red', 'attack', {
        ship: 'R',
        weapon: 'missiles',
        targets: ['P'],
        hitFaces: [2, 2, 2, 2],
        defenceFaces: [6, 6, 6, 6],
      }),
    ).toMatchObject({
      code: 'no_point_defence',
      ruleRef: RULES.pointDefence,
    });
    const short = resolved(
      g.play('red', 'attack', {
        ship: 'R',
        weapon: 'missiles',
        targets: ['P'],
        hitFaces: [2, 2, 2, 2],
      }),
    );
    expect(short.targets[0]).toMatchObject({ applied: 16 });
  });
});

describe('torpedoes: 4+ at Medium, 3+ at Short, point defence at any range, never against light ships', () => {
  it('hits, is shot down, and refuses a light target', () => {
    const g = fight({
      red: { T: shipCard('Торпедоносец', { weapons: ['торпеды 4-8'], armor: 5 }) },
      blue: {
        H: shipCard('Крейсер', { weapons: ['лазеры 1'], armor: 2, durability: '40(30)' }),
        L: shipCard('Легкий', { size: 'light', ...target }),
      },
    });
    expect(distance(g)).toBe('medium');
    expect(
      g.decide('red', 'attack', {
        ship: 'T',
        weapon: 'torpedoes',
        targets: ['L'],
        hitFaces: [6, 6, 6, 6],
      }),
    ).toMatchObject({
      code: 'light_target',
      ruleRef: RULES.torpedoes,
    });
    const medium = resolved(
      g.play('red', 'attack', {
        ship: 'T',
        weapon: 'torpedoes',
        targets: ['H'],
        hitFaces: [4, 3, 6, 1],
        defenceFaces: [5, 1],
      }),
    );
    expect(medium).toMatchObject({ hitDice: { need: 4, hits: 2 } });
    expect(medium.targets[0]).toMatchObject({
      pointDefence: { intercepted: 1 },
      inputs: { hits: 1, P: 8, A: 2 },
      applied: 6,
    });
    const short = resolved(
      g.play('red', 'attack', {
        ship: 'T',
        weapon: 'torpedoes',
        targets: ['H'],
        hitFaces: [3, 3, 2, 1],
        defenceFaces: [1, 4],
      }),
    );
    expect(short).toMatchObject({ distance: 'short', hitDice: { need: 3, hits: 2 } });
    expect(short.targets[0]).toMatchObject({
      pointDefence: { intercepted: 0 },
      applied: 12,
      damageAfter: 18,
    });
  });
});

describe('the Nova: Long only, fires on 4+, hits 1/2/3 ships on the second die', () => {
  it('maps the count die: 6 → 3 ships, 5 → 2, otherwise 1', () => {
    expect([1, 2, 3, 4, 5, 6].map(novaTargetCount)).toEqual([1, 1, 1, 1, 2, 3]);
  });

  const blue = {
    B1: shipCard('Цель 1', { shield: 'B2', weapons: ['мазер 6'], ...target }),
    B2: shipCard('Цель 2', target),
    B3: shipCard('Цель 3', { shield: 'A4', ...target }),
    B4: shipCard('Цель 4', target),
  };

  it('does nothing below 4', () => {
    const g = fight({ red: { N: shipCard('Новоносец', { weapons: ['Нова 5'] }) }, blue });
    const events = g.play('red', 'attack', {
      ship: 'N',
      weapon: 'nova',
      targets: [],
      novaFaces: [3],
    });
    expect(resolved(events)).toMatchObject({ nova: { activation: 3, fired: false }, targets: [] });
    expect(g.state.table.pieces.B2.attrs.damage).toBe(0);
  });

  it('lets the attacker choose the targets and the defender give up shields, which then stay down', () => {
    const g = fight({ red: { N: shipCard('Новоносец', { weapons: ['Нова 5'] }) }, blue });
    g.play('red', 'attack', { ship: 'N', weapon: 'nova', targets: [], novaFaces: [4, 6] });
    expect(battleOf(g)?.pending).toMatchObject({ kind: 'nova-targets', seat: 'red' });
    expect(g.decide('red', 'nova-targets', { targets: ['B1', 'B2'] })).toMatchObject({
      code: 'nova_targets',
    });
    g.play('red', 'nova-targets', { targets: ['B1', 'B2', 'B3'] });
    expect(battleOf(g)?.pending).toMatchObject({ kind: 'nova-shields', seat: 'blue' });
    const events = g.play('blue', 'nova-shields', { sacrifice: ['B3'] });
    expect(resolved(events).targets.map((t) => [t.piece, t.formula, t.applied])).toEqual([
      ['B1', 'P', 5],
      ['B2', 'P', 5],
      ['B3', 'P − S (shield given up)', 1],
    ]);
    expect(g.state.rs.battlePhase?.novaDamaged).toEqual(['B3']);
  });

  it('takes the listed targets in order when they are enough, and refuses it outside Long', () => {
    const g = fight({
      red: { N: shipCard('Новоносец', { weapons: ['Нова 5', 'плазма 1'] }) },
      blue: { B2: blue.B2, B4: blue.B4, B1: blue.B1 },
    });
    const events = g.play('red', 'attack', {
      ship: 'N',
      weapon: 'nova',
      targets: ['B4', 'B2'],
      novaFaces: [6, 5],
    });
    expect(resolved(events).targets.map((t) => t.piece)).toEqual(['B4', 'B2']);
    expect(distance(g)).toBe('medium');
    expect(
      g.decide('red', 'attack', { ship: 'N', weapon: 'nova', targets: [], novaFaces: [6, 6] }),
    ).toMatchObject({ code: 'out_of_range', ruleRef: RULES.nova });
  });
});

describe('evasive manoeuvre', () => {
  it('lets the target tap to take no plasma damage at Medium; missiles cannot be evaded', () => {
    const g = fight({
      red: {
        R: shipCard('Стрелок', { weapons: ['плазма 6', 'ракеты Д 1-4'] }),
        R2: shipCard('Стрелок 2', { weapons: ['плазма 6'] }),
      },
      blue: { E: shipCard('Юркий', { size: 'light', evasive: true, ...target }) },
    });
    const missile = resolved(
      g.play('red', 'attack', { ship: 'R', weapon: 'missiles', targets: ['E'], hitFaces: [6] }),
    );
    expect(missile.targets[0]).toMatchObject({ applied: 4 });
    expect(distance(g)).toBe('medium');
    g.play('red', 'attack', { ship: 'R2', weapon: 'plasma', targets: ['E'] });
    expect(battleOf(g)?.pending).toMatchObject({ kind: 'evasive', seat: 'blue' });
    expect(
      g.decide('red', 'attack', { ship: 'R', weapon: 'plasma', targets: ['E'] }),
    ).toMatchObject({ code: 'pending_choice' });
    const events = g.play('blue', 'evade', { evade: true });
    expect(resolved(events).targets[0]).toMatchObject({
      evaded: true,
      applied: 0,
      ruleRef: RULES.evasive,
    });
    expect(g.state.table.pieces.E.status).toBe('tapped');
    // Tapped now: the next plasma shot cannot be evaded.
    const hit = resolved(g.play('red', 'attack', { ship: 'R', weapon: 'plasma', targets: ['E'] }));
    expect(hit.targets[0]).toMatchObject({ applied: 6, damageAfter: 10 });
  });
});

describe('light-ship manoeuvre (light attacks light at Short, not with missiles)', () => {
  const red = {
    L1: shipCard('Легкий 1', { size: 'light', speed: 8, weapons: ['лазеры 3'], ...target }),
  };
  const blue = {
    L2: shipCard('Легкий 2', { size: 'light', speed: 9, weapons: ['лазеры 2'], ...target }),
  };

  it('applies when the attacker’s D6 + speed is higher', () => {
    const g = fight({ red, blue });
    const events = g.play('red', 'attack', {
      ship: 'L1',
      weapon: 'lasers',
      targets: ['L2'],
      manoeuvreFaces: [5, 2],
    });
    expect(resolved(events).targets[0]).toMatchObject({
      manoeuvre: { attackerTotal: 13, defenderTotal: 11, outcome: 'applies', counter: false },
      applied: 3,
    });
  });

  it('deals nothing when lower, and lets a defender 4 ahead fire back', () => {
    const g = fight({ red, blue });
    const events = g.play('red', 'attack', {
      ship: 'L1',
      weapon: 'lasers',
      targets: ['L2'],
      manoeuvreFaces: [1, 6],
    });
    expect(resolved(events).targets[0]).toMatchObject({
      manoeuvre: { attackerTotal: 9, defenderTotal: 15, outcome: 'no-damage', counter: true },
      applied: 0,
    });
    expect(battleOf(g)?.pending).toMatchObject({ kind: 'counter-fire', seat: 'blue' });
    const counter = resolved(g.play('blue', 'counter-fire', { weapon: 'lasers' }));
    expect(counter).toMatchObject({ counter: true, attacker: { piece: 'L2' } });
    expect(counter.targets[0]).toMatchObject({ piece: 'L1', applied: 2 });
    expect(counter.targets[0]).not.toHaveProperty('manoeuvre');
  });

  it.each([
    ['no-damage', 0],
    ['applies', 3],
  ])('settles equal totals by manoeuvreTie = %s', (mode, applied) => {
    const g = fight({ red, blue }, { manoeuvreTie: mode });
    const events = g.play('red', 'attack', {
      ship: 'L1',
      weapon: 'lasers',
      targets: ['L2'],
      manoeuvreFaces: [3, 2],
    });
    expect(resolved(events).targets[0]).toMatchObject({
      manoeuvre: { attackerTotal: 11, defenderTotal: 11 },
      applied,
    });
  });
});

describe('ram', () => {
  it('each ship takes the other’s durability; the rammer taps; no evasion against a slower target', () => {
    const g = fight({
      red: { R: shipCard('Таранщик', { durability: '6(4)', speed: 6 }) },
      blue: { H: shipCard('Линкор', { size: 'heavy', durability: '12(8)', armor: 6, speed: 3 }) },
    });
    expect(distance(g)).toBe('short');
    const events = g.play('red', 'ram', { ship: 'R', target: 'H' });
    expect(eventsOf(events, 'RamResolved')[0]).toMatchObject({
      evaded: false,
      toTarget: {
        formula: 'durability of the rammer',
        applied: 6,
        damageAfter: 6,
        destroyed: false,
      },
      toRammer: { formula: 'durability of the target', applied: 12, destroyed: true },
      ruleRef: RULES.ramDamage,
    });
    expect(g.state.table.pieces.R.status).toBe('destroyed');
  });

  it('subtracts armor when a light ship rams a heavy one; only light ships ram light ones; the target may evade on 5+', () => {
    const g = fight({
      red: {
        L: shipCard('Легкий', { size: 'light', durability: '4(2)', speed: 10 }),
        M: shipCard('Средний', { speed: 2 }),
      },
      blue: {
        H: shipCard('Линкор', { size: 'heavy', durability: '12(8)', armor: 6, speed: 3 }),
        F: shipCard('Быстрый легкий', { size: 'light', durability: '3(2)', speed: 5 }),
      },
    });
    expect(g.decide('red', 'ram', { ship: 'M', target: 'F' })).toMatchObject({
      code: 'ram_light',
      ruleRef: RULES.ram,
    });
    const light = eventsOf(g.play('red', 'ram', { ship: 'L', target: 'H' }), 'RamResolved')[0];
    expect(light).toMatchObject({
      toTarget: { formula: 'durability of the rammer − A', inputs: { D: 4, A: 6 }, applied: 0 },
    });
    // Blue could ram too (optional, so not compulsory): it passes.
    g.play('blue', 'pass-attack');
    const evaded = eventsOf(
      g.play('red', 'ram', { ship: 'M', target: 'H', evadeFace: 5 }),
      'RamResolved',
    )[0];
    expect(evaded).toMatchObject({ evasion: { face: 5, need: 5, evaded: true }, evaded: true });
  });

  it('uses remaining durability under ramDamage = remaining', () => {
    const g = fight(
      {
        red: { R: shipCard('Таранщик', { durability: '6(4)', speed: 6 }) },
        blue: { H: shipCard('Линкор', { size: 'heavy', durability: '12(8)', armor: 6, speed: 3 }) },
      },
      { ramDamage: 'remaining' },
    );
    g.play('red', 'manual-change-piece', { piece: 'H', attrs: { damage: 5 } });
    const ram = eventsOf(g.play('red', 'ram', { ship: 'R', target: 'H' }), 'RamResolved')[0];
    expect(ram).toMatchObject({
      toRammer: { formula: 'remaining durability of the target', inputs: { D: 7 }, applied: 7 },
    });
  });
});

describe('boarding', () => {
  const blue = {
    H: shipCard('Линкор', { size: 'heavy', cost: 10, crew: 'В8', ...target }),
    E: shipCard('Элитный', { crew: 'Э3', ...target }),
    L: shipCard('Легкий', { size: 'light', ...target }),
    Z: shipCard('Дрон', { crew: '0', ...target }),
  };
  const red = {
    B: shipCard('Абордажник', { boarding: 6 }),
    B2: shipCard('Абордажник 2', { boarding: 2 }),
  };

  it('compares D6 + boarding with D6 + crew; success takes the ship and pays its cost next resource phase', () => {
    const g = fight({ red, blue });
    expect(g.decide('red', 'board', { ship: 'B', target: 'L', faces: [6, 1] })).toMatchObject({
      code: 'board_light',
      ruleRef: RULES.boarding,
    });
    expect(g.decide('red', 'board', { ship: 'B', target: 'Z', faces: [6, 1] })).toMatchObject({
      code: 'board_crew',
      ruleRef: RULES.boardingCrew,
    });
    const events = g.play('red', 'board', { ship: 'B', target: 'H', faces: [5, 2] });
    expect(eventsOf(events, 'BoardingResolved')[0]).toMatchObject({
      rolls: [{ boarderDie: 5, defenderDie: 2, boarderTotal: 11, defenderTotal: 10 }],
      success: true,
      reward: 10,
      ruleRef: RULES.boardingReward,
    });
    expect(g.state.table.pieces.H.status).toBe('destroyed');
    expect(g.state.table.losses.blue.at(-1)).toMatchObject({
      piece: 'H',
      cause: 'boarded by B',
      cost: 10,
    });
    expect(g.state.rs.pendingRewards.red).toBe(10);
  });

  it('adds 2 for an elite crew; a failed boarder may not board again this battle phase', () => {
    const g = fight({ red, blue });
    const events = g.play('red', 'board', { ship: 'B2', target: 'E', faces: [4, 1] });
    expect(eventsOf(events, 'BoardingResolved')[0]).toMatchObject({
      crew: 3,
      crewBonus: 2,
      rolls: [{ boarderTotal: 6, defenderTotal: 6 }],
      success: false,
    });
    expect(g.state.rs.battlePhase?.boardingFailed).toEqual(['B2']);
  });

  it.each([
    ['attacker', [4, 1], true],
    ['reroll', [4, 1, 6, 1], true],
  ])('settles equal totals by boardingTie = %s', (mode, faces, success) => {
    const g = fight({ red, blue }, { boardingTie: mode });
    const events = g.play('red', 'board', { ship: 'B2', target: 'E', faces });
    expect(eventsOf(events, 'BoardingResolved')[0]).toMatchObject({
      success,
      rolls: expect.any(Array),
    });
  });
});

describe('attack order and compulsion', () => {
  it('refuses a second attack by a tapped ship, and a pass while an attack is compulsory', () => {
    const g = fight({
      red: {
        R: shipCard('Стрелок', { weapons: ['плазма 5', 'лазеры 1'] }),
        R2: shipCard('Стрелок 2', { weapons: ['плазма 5'] }),
      },
      blue: { B: shipCard('Цель', target) },
    });
    expect(g.decide('red', 'pass-attack')).toMatchObject({
      code: 'attack_compulsory',
      ruleRef: RULES.compulsory,
    });
    g.play('red', 'attack', { ship: 'R', weapon: 'plasma', targets: ['B'] });
    expect(
      g.decide('red', 'attack', { ship: 'R', weapon: 'plasma', targets: ['B'] }),
    ).toMatchObject({
      code: 'tapped',
      message:
        'Стрелок is tapped: it has already attacked this round (a card cannot be tapped twice)',
      localized: {
        ru: 'Стрелок: карта уже повернута — в этом раунде она уже атаковала (дважды карту не поворачивают)',
      },
      ruleRef: RULES.tap,
    });
  });

  it('alternates attacker first; a side with nothing able to attack is skipped', () => {
    const g = fight(
      {
        red: {
          R1: shipCard('Красный 1', { weapons: ['плазма 2'], ...target }),
          R2: shipCard('Красный 2', { weapons: ['плазма 2'], ...target }),
        },
        blue: { B1: shipCard('Синий 1', { weapons: ['плазма 2'], ...target }) },
      },
      {},
      { red: 'Аня', blue: 'Борис' },
    );
    expect(
      g.decide('blue', 'attack', { ship: 'B1', weapon: 'plasma', targets: ['R1'] }),
    ).toMatchObject({
      code: 'not_your_attack',
      message: "It is Аня's attack now",
      localized: { ru: 'Сейчас атакует Аня' },
      ruleRef: RULES.attackerFirst,
    });
    g.play('red', 'attack', { ship: 'R1', weapon: 'plasma', targets: ['B1'] });
    expect(
      g.decide('red', 'attack', { ship: 'R2', weapon: 'plasma', targets: ['B1'] }),
    ).toMatchObject({ code: 'not_your_attack' });
    g.play('blue', 'attack', { ship: 'B1', weapon: 'plasma', targets: ['R1'] });
    g.play('red', 'attack', { ship: 'R2', weapon: 'plasma', targets: ['B1'] });
    expect(battleOf(g)).toMatchObject({ round: 3, distance: 'short' });
  });

  it('does not force a 0-damage attack by default (compulsoryAttack = damaging), but does under "any"', () => {
    const spec = {
      red: { R: shipCard('Слабый', { weapons: ['лазеры 1'] }) },
      blue: { B: shipCard('Бронированный', { armor: 5, ...target }) },
    };
    const g = fight(spec);
    expect(distance(g)).toBe('short');
    g.play('red', 'pass-attack');
    const strict = fight(spec, { compulsoryAttack: 'any' });
    expect(strict.decide('red', 'pass-attack')).toMatchObject({ code: 'attack_compulsory' });
  });
});

describe('atmosphere and bombs on an orbit', () => {
  it('takes 2 off all but bombs for a building on a planet; bombs add up and hit a unit once per ship', () => {
    const g = fight({
      red: {
        P: shipCard('Штурмовик', { weapons: ['плазма 6'] }),
        H1: shipCard('Бомбер 1', { weapons: ['бомбы 3'] }),
        H2: shipCard('Бомбер 2', { weapons: ['бомбы 3'] }),
      },
      blue: {},
      orbit: {
        object: { kind: 'object', name: 'Планета X', objectType: 'planet', cost: 5 },
        surface: {
          MB: {
            kind: 'military-building',
            name: 'Батарея',
            durability: '6',
            weapons: ['лазеры 1'],
            placeOn: ['planet'],
            cost: 3,
          },
          G: { kind: 'ground-unit', name: 'Гарнизон', strength: 8, placeOn: ['planet'], cost: 2 },
        },
      },
    });
    expect(distance(g)).toBe('medium');
    const atmosphere = resolved(
      g.play('red', 'attack', { ship: 'P', weapon: 'plasma', targets: ['MB'] }),
    );
    expect(atmosphere.targets[0]).toMatchObject({
      formula: 'P − S − 2 (atmosphere)',
      raw: 6,
      atmosphere: 2,
      applied: 4,
    });
    expect(distance(g)).toBe('short');
    expect(g.decide('red', 'bomb', { ships: ['H1'], target: 'P' })).toMatchObject({
      code: 'own_target',
    });
    const bombed = eventsOf(
      g.play('red', 'bomb', { ships: ['H1', 'H2'], target: 'MB' }),
      'BombingResolved',
    )[0];
    expect(bombed).toMatchObject({
      formula: 'Σ P',
      total: 6,
      damageAfter: 10,
      destroyed: true,
      ruleRef: RULES.bombsOnce,
    });
  });
});
