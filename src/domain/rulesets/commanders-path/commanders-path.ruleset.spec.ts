import { MatchHarness } from '@test/support/match-harness';
import type { RecordedEvent } from '../../events/recorded-event';
import { foldMatch } from '../../match/evolve-match';
import { viewTable } from '../../match/match-view';
import { TABLE_EVENT_TYPES } from '../../table/table-events';
import { RulesetRegistry } from '../ruleset-registry';
import { commandersPathRuleset } from './commanders-path.ruleset';
import { CP_OPTIONS } from './cp-options';
import type { OptionSpec } from '../ruleset';
import { CP_EVENT_TYPES, describeCpEvent } from './cp-phrasing';
import { initialCpState, type CpState } from './cp-state';
import {
  arena,
  inHand,
  SEATS,
  setupMatch,
  shipCard,
  toMovement,
  ARENA_SIDES,
} from './testing/cp-kit';

type G = MatchHarness<CpState>;

const MATCH_EVENTS = new Set([
  'MatchCreated',
  'SeatClaimed',
  'MatchStarted',
  'DecisionMade',
  'DiceRolled',
  'MatchFinished',
  'RngRevealed',
]);

function battleGame(): G {
  const g = new MatchHarness(commandersPathRuleset).started(SEATS, {
    options: { deckShuffle: 'none', diceSource: 'either', manualAdjustments: 'free' },
  });
  arena(g, {
    red: {
      R: shipCard('Ракетник', { weapons: ['ракеты Д 2-3', 'плазма 4'], durability: '20(12)' }),
    },
    blue: { B: shipCard('Цель', { weapons: ['лазеры 2'], durability: '9(5)' }) },
  });
  g.play('red', 'attack', {
    ship: 'R',
    weapon: 'missiles',
    targets: ['B'],
    hitFaces: [6, 1],
    defenceFaces: [3],
  });
  g.play('red', 'attack', { ship: 'R', weapon: 'plasma', targets: ['B'] });
  return g;
}

describe('the ruleset', () => {
  it('registers beside the others', () => {
    expect(new RulesetRegistry([commandersPathRuleset]).get('commanders-path')).toBe(
      commandersPathRuleset,
    );
    expect(commandersPathRuleset.seats).toEqual({ min: 2, max: 2 });
  });

  it('names every option in both languages, with a rule reference and a default among its choices', () => {
    expect(CP_OPTIONS.map((o) => o.id)).toEqual(
      expect.arrayContaining([
        'diceSource',
        'boardingTie',
        'manoeuvreTie',
        'maserUnshielded',
        'ramDamage',
        'compulsoryAttack',
        'initiativeTie',
        'manualAdjustments',
      ]),
    );
    for (const option of CP_OPTIONS as readonly OptionSpec[]) {
      expect(
        option.title.en && option.title.ru && option.description.en && option.description.ru,
      ).toBeTruthy();
      expect(option.ruleRef).toMatch(/^«[^»]+»: «.+»$/s);
      if (option.type === 'enum')
        expect(option.choices!.map((c) => c.value)).toContain(option.default);
      for (const choice of option.choices ?? [])
        expect(choice.title.en && choice.title.ru).toBeTruthy();
    }
  });

  it('phrases every event of its own it records, in English and Russian', () => {
    const g = battleGame();
    const own = new Set(
      g.events.map((e) => e.type).filter((t) => !TABLE_EVENT_TYPES.has(t) && !MATCH_EVENTS.has(t)),
    );
    expect(own.size).toBeGreaterThan(15);
    for (const type of own) expect(CP_EVENT_TYPES).toContain(type);
    for (const event of g.events.filter((e) => own.has(e.type))) {
      expect(describeCpEvent(event, 'en')).toEqual(expect.any(String));
      expect(describeCpEvent(event, 'ru')).toEqual(expect.any(String));
    }
    const missiles = g.events.find((e) => e.type === 'AttackResolved')!;
    expect(describeCpEvent(missiles, 'ru')).toBe(
      'Ракетник атакует: ракеты (ракеты Д 2-3); кубики 6,1, 5+ → попаданий: 1: Цель: ПРО 3 сбила 0, попадания × макс(0, P − A) = 1 × макс(0, 3 − 0) → 3, повреждения 3/9',
    );
  });

  it('replays: folding the recorded log again gives the same table and slice', () => {
    const g = battleGame();
    const again = foldMatch(commandersPathRuleset, g.matchId, g.events);
    expect(again.table).toEqual(g.state.table);
    expect(again.rs).toEqual(g.state.rs);
  });

  it('evolves totally: malformed events of its own types change nothing and never throw', () => {
    const rs = initialCpState();
    for (const type of [...CP_EVENT_TYPES, 'MatchCreated', 'ZonesCreated']) {
      for (const data of [
        null,
        7,
        'x',
        [],
        {},
        { battle: 42, seats: 'no', ships: {}, targets: 'no' },
      ]) {
        const event = {
          type,
          data,
          seq: 1,
          meta: { actor: { kind: 'seat', id: 'x' } },
        } as unknown as RecordedEvent;
        expect(() => commandersPathRuleset.evolve(rs, event)).not.toThrow();
      }
    }
  });

  it('keeps cards in production face down for the opponent, tokens showing', () => {
    const g = new MatchHarness(commandersPathRuleset).started(SEATS, {
      options: { deckShuffle: 'none' },
    });
    setupMatch(g, {
      red: {
        deck: [
          ['test-eden', 1],
          ['chimera', 1],
        ],
        build: [['test-eden'], ['chimera', 4]],
        deploy: { commander: 'test-eden' },
      },
      blue: ARENA_SIDES.blue,
    });
    const asBlue = viewTable(g.state.table, { kind: 'seat', seat: 'blue' }, false);
    const inProduction = Object.values(asBlue.pieces).filter((p) => p.zone === 'production:red');
    expect(inProduction).toEqual([
      expect.objectContaining({ type: 'card', attrs: { faceDown: true, tokens: 4 } }),
    ]);
  });
});

describe('manual adjustments', () => {
  function game(): G {
    const g = new MatchHarness(commandersPathRuleset).started(SEATS, {
      options: { deckShuffle: 'none' },
    });
    setupMatch(g, ARENA_SIDES);
    return g;
  }

  it('wait for the other seat’s approval, recorded as manual with who proposed and who approved', () => {
    const g = game();
    const [, proposed] = g.play('red', 'manual-change-track', {
      track: 'resources:red',
      value: 30,
    });
    expect(proposed).toMatchObject({
      type: 'ManualAdjustmentProposed',
      data: { id: 'm1', seat: 'red', kind: 'change-track' },
    });
    expect(g.state.table.tracks['resources:red'].value).toBe(7);
    expect(g.state.rs.manual.pending.m1).toMatchObject({ seat: 'red', kind: 'change-track' });
    expect(g.decide('red', 'approve-manual', { id: 'm1' })).toMatchObject({ code: 'own_manual' });
    const approved = g.play('blue', 'approve-manual', { id: 'm1' });
    expect(approved[1]).toMatchObject({
      type: 'ManualAdjustmentApproved',
      data: { id: 'm1', seat: 'red', approvedBy: 'blue' },
    });
    expect(g.state.table.tracks['resources:red'].value).toBe(30);
    expect(g.state.rs.manual.pending).toEqual({});
    g.play('red', 'manual-change-track', { track: 'resources:red', value: 99 });
    g.play('blue', 'reject-manual', { id: 'm2' });
    expect(g.decide('blue', 'approve-manual', { id: 'm2' })).toMatchObject({ code: 'no_manual' });
  });

  it('are applied at once under manualAdjustments = free', () => {
    const g = new MatchHarness(commandersPathRuleset).started(SEATS, {
      options: { deckShuffle: 'none', manualAdjustments: 'free' },
    });
    setupMatch(g, ARENA_SIDES);
    const events = g.play('red', 'manual-change-track', { track: 'resources:red', value: 12 });
    expect(events[1]).toMatchObject({
      type: 'ManualAdjustmentApplied',
      data: { seat: 'red', kind: 'change-track', consent: 'none' },
    });
    expect(g.state.table.tracks['resources:red'].value).toBe(12);
  });
});

describe('undo verdicts', () => {
  const undo = (g: G, seat: string, toSeq: number) =>
    commandersPathRuleset.undo({
      table: g.state.table,
      rs: g.state.rs,
      seat,
      toSeq,
      since: g.events.slice(toSeq + 1),
    });

  it('allows an own decision until a die, a draw, a reveal or the opponent’s next decision follows', () => {
    const g = new MatchHarness(commandersPathRuleset).started(SEATS, {
      options: { deckShuffle: 'none', diceSource: 'either' },
    });
    setupMatch(g, {
      red: {
        deck: [
          ['test-eden', 1],
          ['test-caravan', 1],
          ['test-mine', 1],
        ],
        build: [['test-eden'], ['test-mine'], ['test-caravan']],
        deploy: { ships: [['test-caravan', 'orbit:test-eden']], commander: 'test-eden' },
      },
      blue: ARENA_SIDES.blue,
    });
    const before = g.state.lastSeq;
    g.play('red', 'end-resources');
    expect(undo(g, 'red', before)).toEqual({ allowed: true, needsConsent: false });
    g.play('blue', 'end-resources');
    expect(undo(g, 'red', before)).toMatchObject({
      allowed: false,
      violation: { code: 'undo_blocked', message: expect.stringContaining('opponent') },
    });

    const g2 = new MatchHarness(commandersPathRuleset).started(SEATS, {
      options: { deckShuffle: 'none', diceSource: 'either' },
    });
    setupMatch(g2, {
      red: {
        deck: [
          ['test-eden', 1],
          ['test-caravan', 1],
          ['test-mine', 1],
        ],
        build: [['test-eden'], ['test-mine'], ['test-caravan']],
        deploy: { ships: [['test-caravan', 'orbit:test-eden']], commander: 'test-eden' },
      },
      blue: ARENA_SIDES.blue,
    });
    const start = g2.state.lastSeq;
    const caravan = Object.keys(g2.state.rs.cardOf).find(
      (p) => g2.state.rs.cardOf[p] === 'test-caravan' && g2.state.table.pieces[p].owner === 'red',
    )!;
    g2.play('red', 'smuggling-run', {
      ship: caravan,
      target: String(g2.state.table.pieces['blue-commander'].attrs.host),
      face: 5,
    });
    expect(undo(g2, 'red', start)).toMatchObject({
      allowed: false,
      violation: { message: expect.stringContaining('a die was rolled') },
    });
  });

  it('refuses across a draw and a revealed card', () => {
    const g = new MatchHarness(commandersPathRuleset).started(SEATS, {
      options: { deckShuffle: 'none' },
    });
    setupMatch(g, {
      red: {
        deck: [
          ['test-eden', 1],
          ['test-union', 1],
        ],
        build: [['test-eden']],
        deploy: { commander: 'test-eden' },
      },
      blue: ARENA_SIDES.blue,
    });
    const beforeDraw = g.state.lastSeq - 20;
    expect(undo(g, 'red', beforeDraw)).toMatchObject({ allowed: false });
    toMovement(g);
    g.play('red', 'end-movement');
    g.play('blue', 'end-movement');
    g.play('red', 'end-resources');
    g.play('blue', 'end-resources');
    g.play('blue', 'end-production');
    const before = g.state.lastSeq;
    g.play('red', 'play-situation', { card: inHand(g, 'red', 'test-union') });
    expect(undo(g, 'red', before)).toMatchObject({
      allowed: false,
      violation: { message: expect.stringContaining('revealed') },
    });
  });
});
