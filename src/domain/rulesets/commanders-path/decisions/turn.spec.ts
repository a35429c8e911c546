import { MatchHarness } from '@test/support/match-harness';
import { commandersPathRuleset } from '../commanders-path.ruleset';
import { RULES } from '../cp-rules-text';
import type { CpState } from '../cp-state';
import {
  eventsOf,
  inHand,
  pieceOf,
  SEATS,
  setupMatch,
  toMovement,
  type SideSetup,
} from '../testing/cp-kit';

type G = MatchHarness<CpState>;

const RED: SideSetup = {
  deck: [
    ['test-eden', 2],
    ['test-mine', 2],
    ['test-caravan', 1],
    ['exorcist', 2],
    ['test-tactician', 3],
    ['test-regiment', 2],
    ['test-union', 1],
    ['test-armor', 2],
    ['test-bastion', 1],
  ],
  build: [['test-eden'], ['test-mine'], ['test-caravan'], ['exorcist']],
  deploy: {
    ships: [
      ['test-caravan', 'orbit:test-eden'],
      ['exorcist', 'new'],
    ],
    commander: 'test-eden',
  },
  keep: [
    'test-tactician',
    'exorcist',
    'test-regiment',
    'test-union',
    'test-armor',
    'test-armor',
    'test-bastion',
  ],
};
const BLUE: SideSetup = {
  deck: [
    ['test-mine', 1],
    ['chimera', 1],
    ['test-tactician', 2],
    ['magnum-k', 2],
  ],
  commander: 'test-irma',
  build: [['test-mine'], ['chimera']],
  deploy: { ships: [['chimera', 'new']], commander: 'test-mine' },
};

function start(options: Record<string, unknown> = {}, red = RED, blue = BLUE): G {
  const g = new MatchHarness(commandersPathRuleset).started(SEATS, {
    options: { deckShuffle: 'none', diceSource: 'either', ...options },
  });
  setupMatch(g, { red, blue });
  return g;
}

const hand = (g: G, seat: string) =>
  Object.values(g.state.table.pieces).filter((p) => p.zone === `hand:${seat}`);
const track = (g: G, id: string) => g.state.table.tracks[id]?.value ?? 0;

/** Plays the rest of the turn with nothing done: resources, production, both movements. */
function endTurn(g: G): void {
  const phase = () => g.state.table.turn.phase;
  if (phase() === 'resources')
    for (const seat of ['red', 'blue'])
      if (!g.state.rs.resourcesDone.includes(seat)) g.play(seat, 'end-resources');
  while (phase() === 'production') g.play(g.state.table.turn.active[0], 'end-production');
  while (phase() === 'movement') g.play(g.state.table.turn.active[0], 'end-movement');
}

describe('turn: start, draw, untap, initiative', () => {
  it('draws 2 each, untaps everything, and keeps Priority on the higher initiative', () => {
    const g = start();
    expect(hand(g, 'red')).toHaveLength(9);
    const caravan = pieceOf(g, 'red', 'test-caravan');
    g.play('red', 'commercial-run', { ship: caravan, to: pieceOf(g, 'red', 'test-mine') });
    expect(g.state.table.pieces[caravan].status).toBe('tapped');
    endTurn(g);
    expect(g.state.table.turn).toMatchObject({ round: 2, phase: 'resources', priority: 'red' });
    expect(g.state.table.pieces[caravan].status).toBe('active');
    expect(hand(g, 'red')).toHaveLength(11);
    expect(hand(g, 'blue')).toHaveLength(11);
  });

  it('keeps Priority on a later tie (and rolls D6 every tied turn under initiativeTie = roll)', () => {
    for (const mode of ['retain', 'roll'] as const) {
      const g = start({ initiativeTie: mode });
      g.play('red', 'end-resources');
      g.play('blue', 'end-resources');
      // Blue (initiative 4) plays Tactician, variant 1: +1 initiative → 5, equal to red.
      g.play('blue', 'play-ability', { card: inHand(g, 'blue', 'test-tactician'), variant: 0 });
      g.play('blue', 'end-production');
      g.play('red', 'end-production');
      g.play('red', 'end-movement');
      const events = g.play('blue', 'end-movement');
      if (mode === 'retain') {
        expect(eventsOf(events, 'InitiativeDetermined').at(-1)).toMatchObject({
          method: 'retained',
          priority: 'red',
          initiative: { red: 5, blue: 5 },
        });
        expect(g.state.table.turn.phase).toBe('resources');
      } else {
        expect(g.state.table.turn.phase).toBe('initiative');
        g.play('blue', 'roll-initiative', { faces: [1, 6] });
        expect(g.state.table.turn).toMatchObject({ phase: 'resources', priority: 'blue' });
      }
    }
  });

  it('makes a player who cannot draw 2 cards lose (deck-out)', () => {
    const g = start({ manualAdjustments: 'free' });
    const deck = g.state.table.decks['deck:blue'].order.length;
    g.play('blue', 'manual-draw', { deck: 'deck:blue', count: deck - 1 });
    endTurn(g);
    expect(g.state.status).toBe('finished');
    expect(g.state.result).toMatchObject({
      winners: ['red'],
      condition: expect.stringContaining('deck-out'),
      ruleRef: RULES.deckOut,
    });
    expect(g.events.at(-1)!.type).toBe('RngRevealed');
  });

  it('gives a double deck-out to the Priority holder', () => {
    const g = start({ manualAdjustments: 'free' });
    for (const seat of ['red', 'blue'])
      g.play(seat, 'manual-draw', {
        deck: `deck:${seat}`,
        count: g.state.table.decks[`deck:${seat}`].order.length,
      });
    endTurn(g);
    expect(g.state.result).toMatchObject({
      winners: ['red'],
      condition: expect.stringContaining('simultaneous'),
    });
  });
});

describe('turn: resources', () => {
  it('grants +5, object income, and the income of situation cards', () => {
    const g = start();
    expect(eventsOf(g.events, 'IncomeReceived').find((e) => e.seat === 'red')).toMatchObject({
      resources: 8,
      actionTokens: 1,
      items: [
        { source: 'base', resources: 5 },
        { source: 'object', resources: 2 },
        { source: 'object', resources: 1, actionTokens: 1 },
      ],
    });
    g.play('red', 'end-resources');
    g.play('blue', 'end-resources');
    g.play('blue', 'end-production');
    g.play('red', 'play-situation', { card: inHand(g, 'red', 'test-union') });
    g.play('red', 'end-production');
    g.play('red', 'end-movement');
    g.play('blue', 'end-movement');
    expect(
      eventsOf(g.events, 'IncomeReceived')
        .filter((e) => e.seat === 'red')
        .at(-1),
    ).toMatchObject({ resources: 9 });
  });

  it('makes a commercial run: run token and yield, the ship taps and does not move this turn', () => {
    const g = start();
    const caravan = pieceOf(g, 'red', 'test-caravan');
    const mine = pieceOf(g, 'red', 'test-mine');
    const events = g.play('red', 'commercial-run', { ship: caravan, to: mine });
    expect(eventsOf(events, 'CommercialRunCompleted')[0]).toMatchObject({
      resources: 2,
      runTokens: 1,
      ruleRef: RULES.commercialRun,
    });
    expect(g.state.table.pieces[caravan]).toMatchObject({
      zone: `orbit:${mine}`,
      status: 'tapped',
    });
    expect(track(g, 'resources:red')).toBe(10);
    expect(track(g, 'runs:red')).toBe(1);
    expect(
      g.decide('red', 'commercial-run', { ship: caravan, to: pieceOf(g, 'red', 'test-eden') }),
    ).toMatchObject({
      code: 'tapped',
      localized: { ru: 'Транспорт «Караван» (тест): корабль уже повернут' },
      ruleRef: RULES.tap,
    });
    toMovement(g);
    expect(g.decide('red', 'move-ships', { ships: [caravan], to: 'new' })).toMatchObject({
      code: 'ship_locked',
      localized: {
        ru: 'Транспорт «Караван» (тест): корабль совершил коммерческий рейс в этот ход и не перемещается',
      },
      ruleRef: RULES.commercialRun,
    });
  });

  it('refuses a run that does not start at an own object or goes to an enemy one', () => {
    const g = start();
    const exorcist = pieceOf(g, 'red', 'exorcist');
    expect(
      g.decide('red', 'commercial-run', { ship: exorcist, to: pieceOf(g, 'red', 'test-mine') }),
    ).toMatchObject({
      code: 'no_commercial_run',
      localized: { ru: 'Экзорцист: у корабля нет свойства «коммерческий рейс»' },
    });
    const caravan = pieceOf(g, 'red', 'test-caravan');
    expect(
      g.decide('red', 'commercial-run', { ship: caravan, to: pieceOf(g, 'blue', 'test-mine') }),
    ).toMatchObject({ code: 'run_target' });
  });

  it('resolves smuggling runs on D6 4+: success pays, failure destroys the ship', () => {
    const g = start();
    const caravan = pieceOf(g, 'red', 'test-caravan');
    const target = pieceOf(g, 'blue', 'test-mine');
    const won = g.play('red', 'smuggling-run', { ship: caravan, target, face: 4 });
    expect(eventsOf(won, 'SmugglingRunResolved')[0]).toMatchObject({
      face: 4,
      success: true,
      resources: 2,
    });
    expect(track(g, 'runs:red')).toBe(1);
    const lost = start();
    const ship = pieceOf(lost, 'red', 'test-caravan');
    const events = lost.play('red', 'smuggling-run', {
      ship,
      target: pieceOf(lost, 'blue', 'test-mine'),
      face: 3,
    });
    expect(eventsOf(events, 'SmugglingRunResolved')[0]).toMatchObject({
      success: false,
      ruleRef: RULES.smuggling,
    });
    expect(lost.state.table.pieces[ship].status).toBe('destroyed');
    expect(lost.state.table.losses.red).toEqual([
      expect.objectContaining({ piece: ship, cause: 'smuggling: intercepted', cost: 3 }),
    ]);
  });
});

describe('turn: production', () => {
  function production(options: Record<string, unknown> = {}): G {
    const g = start(options);
    g.play('red', 'end-resources');
    g.play('blue', 'end-resources');
    g.play('blue', 'end-production');
    return g;
  }

  it('lets the lower initiative produce first', () => {
    const g = start();
    g.play('red', 'end-resources');
    g.play('blue', 'end-resources');
    expect(g.state.table.turn).toMatchObject({ phase: 'production', active: ['blue'] });
    expect(g.decide('red', 'end-production')).toMatchObject({ code: 'not_your_turn' });
  });

  it('builds partly with production tokens and completes later; placement rules apply', () => {
    const g = production();
    const bastion = inHand(g, 'red', 'test-bastion');
    const events = g.play('red', 'produce', { card: bastion, pay: 3 });
    expect(eventsOf(events, 'ProductionProgressed')[0]).toMatchObject({
      paid: 3,
      tokens: 3,
      complete: false,
    });
    expect(eventsOf(events, 'ProductionProgressed')[0]).not.toHaveProperty('cost');
    expect(g.state.table.pieces[bastion]).toMatchObject({
      zone: 'production:red',
      type: 'card',
      attrs: { tokens: 3 },
    });
    expect(g.decide('red', 'produce', { card: bastion, pay: 6 })).toMatchObject({
      code: 'overpaid',
      ruleRef: RULES.partialBuild,
    });
    g.play('red', 'produce', { card: bastion, pay: 5 });
    expect(g.state.table.pieces[bastion]).toMatchObject({
      zone: 'objects:red',
      type: 'Станция «Бастион» (тест)',
      attrs: { controller: 'red', builtTurn: 1 },
    });
  });

  it('follows the rules’ production order: no object after a ship, no ship after a ground unit', () => {
    const g = production({ manualAdjustments: 'free' });
    g.play('red', 'manual-change-track', { track: 'resources:red', value: 40 });
    g.play('red', 'produce', {
      card: inHand(g, 'red', 'test-regiment'),
      pay: 2,
      to: pieceOf(g, 'red', 'test-eden'),
    });
    expect(
      g.decide('red', 'produce', { card: inHand(g, 'red', 'test-bastion'), pay: 8 }),
    ).toMatchObject({
      code: 'production_order',
      localized: {
        ru: 'Порядок производства: космические объекты — раньше, чем наземные отряды и постройки; этот шаг уже пройден',
      },
      ruleRef: RULES.productionOrder,
    });
    expect(
      g.decide('red', 'play-ability', { card: inHand(g, 'red', 'test-tactician'), variant: 0 }),
    ).toMatchObject({ code: 'production_order' });
  });

  it('places a built ship only on an own unblockaded orbit, an own sector or a new one', () => {
    const g = production({ manualAdjustments: 'free' });
    g.play('red', 'manual-change-track', { track: 'resources:red', value: 40 });
    const exorcist = inHand(g, 'red', 'exorcist');
    expect(
      g.decide('red', 'produce', {
        card: exorcist,
        pay: 5,
        to: `orbit:${pieceOf(g, 'blue', 'test-mine')}`,
      }),
    ).toMatchObject({
      code: 'placement',
      ruleRef: RULES.shipPlacement,
    });
    expect(g.decide('red', 'produce', { card: exorcist, pay: 5 })).toMatchObject({
      code: 'placement_required',
    });
    const blueSector = g.state.table.pieces[pieceOf(g, 'blue', 'chimera')].zone;
    expect(g.decide('red', 'produce', { card: exorcist, pay: 5, to: blueSector })).toMatchObject({
      code: 'enemy_sector',
    });
    g.play('red', 'produce', {
      card: exorcist,
      pay: 5,
      to: `orbit:${pieceOf(g, 'red', 'test-mine')}`,
    });
    expect(g.state.table.pieces[exorcist].fleet).toBe(
      `fleet:red@orbit:${pieceOf(g, 'red', 'test-mine')}`,
    );
  });

  it('refuses an 8th object card in play', () => {
    const red: SideSetup = {
      ...RED,
      deck: [
        ['test-eden', 4],
        ['test-mine', 4],
        ['test-caravan', 1],
        ['exorcist', 1],
      ],
      keep: [],
    };
    const g = start({ manualAdjustments: 'free' }, red);
    g.play('red', 'end-resources');
    g.play('blue', 'end-resources');
    g.play('blue', 'end-production');
    g.play('red', 'manual-change-track', { track: 'resources:red', value: 99 });
    for (const [key, n] of [
      ['test-eden', 0],
      ['test-eden', 0],
      ['test-eden', 0],
      ['test-mine', 0],
      ['test-mine', 0],
    ] as const)
      g.play('red', 'produce', {
        card: inHand(g, 'red', key, n),
        pay: key === 'test-eden' ? 6 : 4,
      });
    expect(
      Object.values(g.state.table.pieces).filter((p) => p.zone === 'objects:red'),
    ).toHaveLength(7);
    expect(
      g.decide('red', 'produce', { card: inHand(g, 'red', 'test-mine'), pay: 4 }),
    ).toMatchObject({
      code: 'object_cap',
      message: 'You already have 7 object cards in play: an 8th cannot be built',
      localized: { ru: 'У вас в игре уже 7 карт космических объектов: восьмую построить нельзя' },
      ruleRef: RULES.objectCap,
    });
  });

  it('places ground units on suitable objects, and sends them to Losses when none exists', () => {
    const g = production();
    const regiment = inHand(g, 'red', 'test-regiment');
    expect(g.decide('red', 'produce', { card: regiment, pay: 2, to: 'nowhere' })).toMatchObject({
      code: 'ground_placement',
      ruleRef: RULES.groundPlacementProduction,
    });
    g.play('red', 'produce', { card: regiment, pay: 2, to: pieceOf(g, 'red', 'test-mine') });
    expect(g.state.table.pieces[regiment]).toMatchObject({
      zone: `surface:${pieceOf(g, 'red', 'test-mine')}`,
      attrs: { strength: 3 },
    });
    const none = start({}, RED, {
      ...BLUE,
      deck: [
        ['test-mine', 1],
        ['chimera', 1],
        ['test-regiment', 1],
      ],
      build: [['chimera']],
      deploy: { ships: [['chimera', 'new']], commander: 'chimera' },
    });
    none.play('red', 'end-resources');
    none.play('blue', 'end-resources');
    const lost = none.play('blue', 'produce', {
      card: inHand(none, 'blue', 'test-regiment'),
      pay: 2,
    });
    expect(eventsOf(lost, 'GroundCardLost')[0]).toMatchObject({ ruleRef: RULES.groundPlacement });
    expect(none.state.table.losses.blue[0]).toMatchObject({ cause: 'no suitable object', cost: 2 });
  });

  it('refuses a 4th ability without naming the one it replaces', () => {
    const red: SideSetup = {
      ...RED,
      deck: [
        ['test-eden', 1],
        ['test-mine', 1],
        ['test-caravan', 1],
        ['exorcist', 1],
        ['test-tactician', 4],
      ],
      keep: [],
    };
    const g = start({}, red);
    g.play('red', 'end-resources');
    g.play('blue', 'end-resources');
    g.play('blue', 'end-production');
    const cards = Object.values(g.state.table.pieces)
      .filter((p) => p.zone === 'hand:red' && g.state.rs.cardOf[p.id] === 'test-tactician')
      .map((p) => p.id);
    expect(cards).toHaveLength(4);
    for (const card of cards.slice(0, 3)) g.play('red', 'play-ability', { card, variant: 0 });
    expect(g.decide('red', 'play-ability', { card: cards[3], variant: 1 })).toMatchObject({
      code: 'abilities_full',
      ruleRef: RULES.abilityFourth,
    });
    const events = g.play('red', 'play-ability', { card: cards[3], variant: 1, replace: cards[0] });
    expect(eventsOf(events, 'AbilityPlayed')[0]).toMatchObject({
      replaced: cards[0],
      ruleRef: RULES.abilityFourth,
    });
    expect(g.state.table.pieces[cards[0]].status).toBe('destroyed');
    expect(commandersPathRuleset.derive(g.state.table, g.state.rs)).toMatchObject({
      players: { red: { initiative: 7, archetypes: ['pirate'] } },
    });
  });

  it('plays upgrades (one of a name per card), buys action tokens 1:1 and burns what is left', () => {
    const g = production();
    const exorcist = pieceOf(g, 'red', 'exorcist');
    const [first, second] = Object.values(g.state.table.pieces)
      .filter((p) => p.zone === 'hand:red' && g.state.rs.cardOf[p.id] === 'test-armor')
      .map((p) => p.id);
    g.play('red', 'play-upgrade', { card: first, target: exorcist });
    expect(g.state.table.pieces[exorcist].attrs.armor).toBe(4);
    expect(g.decide('red', 'play-upgrade', { card: second, target: exorcist })).toMatchObject({
      code: 'upgrade_twice',
      ruleRef: RULES.upgradeSame,
    });
    g.play('red', 'buy-action-tokens', { count: 3 });
    expect(
      g.decide('red', 'play-upgrade', { card: second, target: pieceOf(g, 'red', 'test-caravan') }),
    ).toMatchObject({ code: 'production_order' });
    const before = track(g, 'tokens:red');
    const events = g.play('red', 'end-production');
    // 8 income − 1 for the upgrade − 3 for the tokens: 4 burn.
    expect(eventsOf(events, 'ProductionEnded')[0]).toMatchObject({
      burned: 4,
      ruleRef: RULES.burn,
    });
    expect(track(g, 'resources:red')).toBe(0);
    expect(track(g, 'tokens:red')).toBe(before);
  });

  it('removes 5 damage from stations in production and swaps an ability from hand for a token', () => {
    const g = production({ manualAdjustments: 'free' });
    g.play('red', 'manual-change-track', { track: 'resources:red', value: 40 });
    const bastion = inHand(g, 'red', 'test-bastion');
    g.play('red', 'produce', { card: bastion, pay: 8 });
    g.play('red', 'manual-change-piece', { piece: bastion, attrs: { damage: 7 } });
    const tokens = track(g, 'tokens:red');
    const events = g.play('red', 'end-production', {
      discardAbility: inHand(g, 'red', 'test-tactician'),
    });
    expect(eventsOf(events, 'ProductionEnded')[0]).toMatchObject({
      repairs: [{ piece: bastion, removed: 5 }],
    });
    expect(g.state.table.pieces[bastion].attrs.damage).toBe(2);
    expect(track(g, 'tokens:red')).toBe(tokens + 1);
  });
});

describe('turn: movement', () => {
  it('moves ships into sectors and orbits, merging fleets; an enemy sector needs a card', () => {
    const g = start();
    toMovement(g);
    const exorcist = pieceOf(g, 'red', 'exorcist');
    const caravan = pieceOf(g, 'red', 'test-caravan');
    const blueSector = g.state.table.pieces[pieceOf(g, 'blue', 'chimera')].zone;
    expect(g.decide('red', 'move-ships', { ships: [exorcist], to: blueSector })).toMatchObject({
      code: 'enemy_sector',
      ruleRef: RULES.enemySector,
    });
    g.play('red', 'move-ships', { ships: [caravan], to: g.state.table.pieces[exorcist].zone });
    expect(
      g.state.table.fleets[`fleet:red@${g.state.table.pieces[exorcist].zone}`].pieces.sort(),
    ).toEqual([caravan, exorcist].sort());
    const edenOrbit = `orbit:${pieceOf(g, 'red', 'test-eden')}`;
    expect(g.state.table.fleets[`fleet:red@${edenOrbit}`]).toBeUndefined();
    const events = g.play('red', 'end-movement');
    expect(eventsOf(events, 'BattlePhaseBegan')[0]).toMatchObject({ mover: 'red', battles: [] });
    expect(g.state.table.turn).toMatchObject({ phase: 'movement', active: ['blue'] });
  });

  it('captures an undefended object at the end of the battle phase; a Commander on it is lost', () => {
    const g = start();
    toMovement(g);
    const mine = pieceOf(g, 'blue', 'test-mine');
    g.play('red', 'move-ships', { ships: [pieceOf(g, 'red', 'exorcist')], to: `orbit:${mine}` });
    const events = g.play('red', 'end-movement');
    expect(eventsOf(events, 'ObjectCaptured')[0]).toMatchObject({
      object: mine,
      by: 'red',
      ruleRef: RULES.capture,
    });
    expect(g.state.table.pieces[mine]).toMatchObject({
      zone: 'objects:red',
      status: 'captured',
      capturedBy: 'red',
      attrs: { controller: 'red' },
    });
    expect(g.state.result).toMatchObject({
      winners: ['red'],
      condition: expect.stringContaining('commander-captured'),
      ruleRef: RULES.commanderLost,
    });
  });
});

describe('victory at the start of a turn', () => {
  it('Trader: 7 commercial-run tokens at the start of a turn', () => {
    const g = start({ manualAdjustments: 'free' });
    g.play('blue', 'manual-change-track', { track: 'runs:blue', value: 7, owner: 'blue' });
    endTurn(g);
    expect(g.state.result).toMatchObject({
      winners: ['blue'],
      condition: expect.stringContaining('trader'),
      ruleRef: RULES.trader,
    });
  });

  it('Procurator: 5 unblockaded objects at the start of a turn', () => {
    const red: SideSetup = {
      ...RED,
      commander: 'test-vel',
      deck: [
        ['test-eden', 4],
        ['test-mine', 4],
        ['test-caravan', 1],
        ['exorcist', 1],
      ],
      keep: [],
    };
    const g = start({ manualAdjustments: 'free' }, red, { ...BLUE, commander: 'test-rein' });
    g.play('red', 'end-resources');
    g.play('blue', 'end-resources');
    expect(g.state.table.turn.active).toEqual(['red']);
    g.play('red', 'manual-change-track', { track: 'resources:red', value: 99 });
    g.play('red', 'produce', { card: inHand(g, 'red', 'test-eden'), pay: 6 });
    g.play('red', 'produce', { card: inHand(g, 'red', 'test-eden'), pay: 6 });
    g.play('red', 'produce', { card: inHand(g, 'red', 'test-mine'), pay: 4 });
    endTurn(g);
    expect(g.state.result).toMatchObject({
      winners: ['red'],
      condition: expect.stringContaining('procurator: 5'),
      ruleRef: RULES.procurator,
    });
  });
});

describe('cards played from hand', () => {
  const red: SideSetup = {
    ...RED,
    deck: [['test-ambush', 2], ...RED.deck],
    keep: ['test-ambush', 'test-ambush'],
  };

  it('plays a tactical card for its action tokens and D6 roll; it goes to Losses without counting for the Pirate', () => {
    const g = start({}, red);
    const tokens = track(g, 'tokens:red');
    const [ambush, second] = Object.values(g.state.table.pieces)
      .filter((p) => p.zone === 'hand:red' && g.state.rs.cardOf[p.id] === 'test-ambush')
      .map((p) => p.id);
    const played = g.play('red', 'play-tactical', {
      card: ambush,
      face: 4,
      note: 'поворачиваю Химеру',
    });
    expect(eventsOf(played, 'TacticalCardPlayed')[0]).toMatchObject({
      name: 'Засада (тест)',
      actionTokens: 1,
      need: 4,
      note: 'поворачиваю Химеру',
      ruleRef: RULES.tacticalEffect,
    });
    expect(track(g, 'tokens:red')).toBe(tokens - 1);
    const failed = g.play('red', 'play-tactical', { card: second, face: 3 });
    expect(eventsOf(failed, 'TacticalCardFailed')[0]).toMatchObject({
      need: 4,
      ruleRef: RULES.tactical,
    });
    expect(g.state.table.losses.red.map((l) => [l.cause, l.cost])).toEqual([
      ['tactical card played', undefined],
      ['tactical card roll failed', undefined],
    ]);
  });

  it('returns a card whose roll failed to the hand under failedCardRoll = back-to-hand', () => {
    const g = start({ failedCardRoll: 'back-to-hand' }, red);
    const ambush = inHand(g, 'red', 'test-ambush');
    g.play('red', 'play-tactical', { card: ambush, face: 1 });
    expect(g.state.table.pieces[ambush].zone).toBe('hand:red');
  });

  it('pays production costs in action tokens only with tokens held when production began', () => {
    const g = start({ manualAdjustments: 'free' }, red);
    g.play('red', 'manual-change-track', { track: 'tokens:red', value: 0 });
    g.play('red', 'end-resources');
    g.play('blue', 'end-resources');
    g.play('blue', 'end-production');
    g.play('red', 'buy-action-tokens', { count: 2 });
    expect(
      g.decide('red', 'play-tactical', { card: inHand(g, 'red', 'test-ambush'), face: 6 }),
    ).toMatchObject({
      code: 'tokens_not_held',
      ruleRef: RULES.tokensAtStart,
    });
  });

  it('moves an upgrade to another card and discards an own situation card in production', () => {
    const g = start();
    g.play('red', 'end-resources');
    g.play('blue', 'end-resources');
    g.play('blue', 'end-production');
    const exorcist = pieceOf(g, 'red', 'exorcist');
    const caravan = pieceOf(g, 'red', 'test-caravan');
    const armor = inHand(g, 'red', 'test-armor');
    g.play('red', 'play-upgrade', { card: armor, target: exorcist });
    g.play('red', 'move-upgrade', { upgrade: armor, to: caravan });
    expect([
      g.state.table.pieces[exorcist].attrs.armor,
      g.state.table.pieces[caravan].attrs.armor,
    ]).toEqual([3, 2]);
    const union = inHand(g, 'red', 'test-union');
    g.play('red', 'play-situation', { card: union });
    g.play('red', 'discard-situation', { card: union });
    expect(g.state.table.pieces[union].status).toBe('destroyed');
  });
});

describe('escorts', () => {
  it('fly with a commercial run from the same fleet, tap, and stay put in movement', () => {
    const red: SideSetup = {
      ...RED,
      deck: [
        ['test-eden', 1],
        ['test-mine', 1],
        ['test-caravan', 1],
        ['test-guard', 1],
        ['exorcist', 1],
      ],
      build: [['test-eden'], ['test-mine'], ['test-caravan'], ['test-guard']],
      deploy: {
        ships: [
          ['test-caravan', 'orbit:test-eden'],
          ['test-guard', 'orbit:test-eden'],
        ],
        commander: 'test-eden',
      },
      keep: [],
    };
    const g = start({}, red);
    const caravan = pieceOf(g, 'red', 'test-caravan');
    const guard = pieceOf(g, 'red', 'test-guard');
    const mine = pieceOf(g, 'red', 'test-mine');
    g.play('red', 'commercial-run', { ship: caravan, to: mine, escorts: [guard] });
    expect(g.state.table.pieces[guard]).toMatchObject({ zone: `orbit:${mine}`, status: 'tapped' });
    toMovement(g);
    expect(g.decide('red', 'move-ships', { ships: [guard], to: 'new' })).toMatchObject({
      code: 'ship_locked',
    });
  });
});
