import { MatchHarness } from '@test/support/match-harness';
import { shuffleOrder } from '../../dice';
import { redactEvent, spectatorHorizon, viewTable } from '../../match/match-view';
import { freeformRuleset } from './freeform.ruleset';

const seats = [{ seat: 'red' }, { seat: 'blue' }];
const board = {
  zones: [
    { id: 'north', kind: 'location', adjacency: ['south'], name: { en: 'North', ru: 'Север' } },
    { id: 'south', kind: 'location', adjacency: ['north'] },
    { id: 'deck', kind: 'deck', visibility: 'nobody' as const },
    { id: 'discard', kind: 'discard' },
  ],
  pieces: [
    { id: 'cruiser', type: 'Крейсер', owner: 'red', zone: 'north', attrs: { cost: 7 } },
    { id: 'frigate', type: 'Frigate', owner: 'red', zone: 'north', attrs: { cost: 3 } },
    { id: 'raider', type: 'Raider', owner: 'blue', zone: 'south', attrs: { cost: 4 } },
    ...['c1', 'c2', 'c3', 'c4', 'c5'].map((id) => ({ id, type: `card-${id}`, zone: 'deck' })),
  ],
};

function game(): MatchHarness {
  return new MatchHarness(freeformRuleset).started(seats, { setup: board });
}

describe('freeform ruleset', () => {
  it('lays out the setup: hands for every seat, the board, pieces and the deck order', () => {
    const { state } = game();
    expect(Object.keys(state.table.zones)).toEqual([
      'hand:red',
      'hand:blue',
      'north',
      'south',
      'deck',
      'discard',
    ]);
    expect(state.table.pieces.cruiser).toMatchObject({
      zone: 'north',
      status: 'active',
      attrs: { cost: 7 },
    });
    expect(state.table.decks.deck.order).toEqual(['c1', 'c2', 'c3', 'c4', 'c5']);
  });

  it('refuses a setup that places a piece in an unknown zone', () => {
    expect(() =>
      new MatchHarness(freeformRuleset).create({
        seats,
        setup: { pieces: [{ type: 'x', zone: 'nowhere' }] },
      }),
    ).toThrow(/unknown zone nowhere/);
  });

  it('creates zones named in Russian, their ids made from their names when left out', () => {
    const g = game();
    g.play('red', 'create-zones', {
      zones: [
        { kind: 'location', name: { en: 'Лес у реки', ru: 'Лес у реки' } },
        { kind: 'Поле боя' },
        { kind: 'deck', name: { en: 'Deck', ru: 'Колода' }, visibility: 'nobody' },
        { kind: 'deck', name: { en: 'Deck', ru: 'Колода' } },
        { id: 'north-2', kind: 'location', name: { en: 'North', ru: 'Север' } },
      ],
    });
    expect(Object.keys(g.state.table.zones).slice(6)).toEqual([
      'лес-у-реки',
      'поле-боя',
      'колода',
      'колода-2',
      'north-2',
    ]);
    expect(g.state.table.decks['колода']).toBeDefined();
    // A name made of nothing but signs gives the kind's word; a typed id is the player's.
    g.play('red', 'create-zones', { zones: [{ kind: 'reserve', name: { en: '«»', ru: '«»' } }] });
    expect(g.state.table.zones.reserve).toMatchObject({ kind: 'reserve' });
    expect(
      g.decide('red', 'create-zones', { zones: [{ id: 'колода', kind: 'deck' }] }),
    ).toMatchObject({ code: 'duplicate_zone', message: 'Zone колода already exists' });
    expect(
      g.decide('red', 'create-zones', {
        zones: [
          { id: 'east', kind: 'location' },
          { id: 'east', kind: 'location' },
        ],
      }),
    ).toMatchObject({ code: 'duplicate_zone' });
  });

  it('moves pieces and whole fleets, and checks what it names', () => {
    const g = game();
    g.play('red', 'form-fleet', { fleet: 'alpha', pieces: ['cruiser', 'frigate'], name: 'Альфа' });
    g.play('red', 'move', { fleet: 'alpha', to: 'south' });
    expect([g.state.table.pieces.cruiser.zone, g.state.table.pieces.frigate.zone]).toEqual([
      'south',
      'south',
    ]);
    g.play('red', 'change-fleet', { fleet: 'alpha', remove: ['frigate'] });
    g.play('red', 'move', { pieces: ['frigate'], to: 'north' });
    expect(g.state.table.fleets.alpha.pieces).toEqual(['cruiser']);
    expect(g.decide('red', 'move', { pieces: ['ghost'], to: 'north' })).toMatchObject({
      code: 'unknown_piece',
    });
    expect(g.decide('red', 'move', { pieces: ['frigate'], to: 'mars' })).toMatchObject({
      code: 'unknown_zone',
    });
    expect(g.decide('red', 'move', { to: 'north' })).toMatchObject({ code: 'move_target' });
    g.play('red', 'disband-fleet', { fleet: 'alpha' });
    expect(g.state.table.fleets).toEqual({});
    expect(g.state.table.pieces.cruiser.fleet).toBeUndefined();
  });

  it('destroys into the owner’s loss pile with cause, seq and cost, and restores from it', () => {
    const g = game();
    g.play('red', 'form-fleet', { fleet: 'alpha', pieces: ['cruiser', 'frigate'] });
    const [, destroyed] = g.play('blue', 'destroy', {
      pieces: ['cruiser', 'frigate'],
      cause: 'торпеды',
    });
    expect(g.state.table.losses.red).toEqual([
      { piece: 'cruiser', type: 'Крейсер', cause: 'торпеды', seq: destroyed.seq, cost: 7 },
      { piece: 'frigate', type: 'Frigate', cause: 'торпеды', seq: destroyed.seq, cost: 3 },
    ]);
    expect(g.state.table.pieces.cruiser).toMatchObject({ status: 'destroyed', zone: 'losses:red' });
    expect(g.state.table.fleets.alpha.pieces).toEqual([]);
    expect(freeformRuleset.derive(g.state.table, {})).toEqual({
      losses: { red: { count: 2, cost: 10 } },
    });
    expect(g.decide('blue', 'destroy', { pieces: ['cruiser'], cause: 'again' })).toMatchObject({
      code: 'piece_state',
    });
    g.play('red', 'restore', { pieces: ['frigate'], to: 'north' });
    expect(g.state.table.losses.red.map((l) => l.piece)).toEqual(['cruiser']);
    expect(g.state.table.pieces.frigate).toMatchObject({ status: 'active', zone: 'north' });
  });

  it('captures, changes pieces and tracks', () => {
    const g = game();
    g.play('red', 'capture', { pieces: ['raider'], to: 'north' });
    expect(g.state.table.pieces.raider).toMatchObject({
      status: 'captured',
      capturedBy: 'red',
      zone: 'north',
    });
    g.play('red', 'change-piece', {
      piece: 'cruiser',
      status: 'damaged',
      attrs: { damage: 2, cost: null },
    });
    expect(g.state.table.pieces.cruiser).toMatchObject({ status: 'damaged', attrs: { damage: 2 } });
    expect(g.state.table.pieces.cruiser.attrs).not.toHaveProperty('cost');
    g.play('red', 'change-track', { track: 'vp', owner: 'red', value: 5 });
    const [, changed] = g.play('red', 'change-track', { track: 'vp', delta: -2 });
    expect(changed.data).toMatchObject({ value: 3, delta: -2 });
    expect(g.state.table.tracks.vp).toMatchObject({ owner: 'red', value: 3 });
    expect(g.decide('red', 'change-track', { track: 'vp' })).toMatchObject({
      code: 'track_change',
    });
  });

  it('fixes the dice source at creation and refuses rolls of the other kind', () => {
    const either = game();
    expect(either.events[0].data).toMatchObject({ dice: { default: 'either' } });
    either.play('red', 'roll', { dice: '1d6', faces: [3] });
    either.play('red', 'roll', { dice: '1d6' });
    const server = new MatchHarness(freeformRuleset).started(seats, {
      setup: board,
      options: { diceSource: 'server' },
    });
    expect(server.events[0].data).toMatchObject({ dice: { default: 'server' } });
    expect(server.decide('red', 'roll', { dice: '1d6', faces: [3] })).toMatchObject({
      code: 'reported_dice_not_allowed',
    });
    const reported = new MatchHarness(freeformRuleset).started(seats, {
      setup: board,
      options: { diceSource: 'reported' },
    });
    expect(reported.decide('red', 'roll', { dice: '1d6' })).toMatchObject({
      code: 'reported_dice_required',
    });
    expect(reported.roll('red', 'attack', '1d6')).toMatchObject({
      code: 'reported_dice_required',
    });
    reported.play('red', 'roll', { dice: '1d6', faces: [6] });
  });

  it('shuffles with the provable RNG, draws secretly into the hand, plays and discards', () => {
    const g = game();
    const [, shuffled] = g.play('red', 'shuffle', { deck: 'deck' });
    const expected = shuffleOrder({
      seed: g.seed,
      matchId: g.matchId,
      deckId: 'deck',
      k: 0,
      entropy: '',
      items: ['c1', 'c2', 'c3', 'c4', 'c5'],
    });
    expect(shuffled.meta.visibility).toBe('judges');
    expect(g.state.table.decks.deck.order).toEqual(expected);
    expect(g.state.rollCounters).toEqual({ 'shuffle:deck': 1 });

    const [, drawn] = g.play('blue', 'draw', { deck: 'deck', count: 2 });
    expect(drawn.meta.visibility).toBe('seat:blue');
    expect(drawn.data).toEqual({
      deck: 'deck',
      to: 'hand:blue',
      count: 2,
      // The deck's cards were committed at setup: the draw tells blue what they are.
      secret: {
        pieces: expected.slice(0, 2),
        cards: expected.slice(0, 2).map((id) => ({ id, type: `card-${id}`, zone: 'hand:blue' })),
      },
    });
    expect(g.state.table.decks.deck.order).toEqual(expected.slice(2));
    expect(g.decide('red', 'play', { pieces: [expected[0]], to: 'discard' })).toMatchObject({
      code: 'not_your_card',
    });
    g.play('blue', 'play', { pieces: [expected[0]], to: 'discard' });
    expect(g.state.table.pieces[expected[0]].zone).toBe('discard');
    expect(g.decide('blue', 'draw', { deck: 'deck', count: 9 })).toMatchObject({
      code: 'deck_short',
    });
  });

  it('hides hands, deck orders and secret event members from those who may not see them', () => {
    const g = game();
    g.play('red', 'shuffle', { deck: 'deck' });
    const [, drawn] = g.play('blue', 'draw', { deck: 'deck', count: 2 });
    const asRed = viewTable(g.state.table, { kind: 'seat', seat: 'red' }, false);
    const asBlue = viewTable(g.state.table, { kind: 'seat', seat: 'blue' }, false);
    const asJudge = viewTable(g.state.table, { kind: 'judge' }, true);
    const hand = (secret: { pieces: string[] }) => secret.pieces;
    const blueCards = hand((drawn.data as { secret: { pieces: string[] } }).secret);
    expect(asRed.zones['hand:blue'].hiddenCount).toBe(2);
    expect(Object.keys(asRed.pieces)).not.toContain(blueCards[0]);
    expect(Object.keys(asBlue.pieces)).toEqual(expect.arrayContaining(blueCards));
    expect(asBlue.decks.deck).toEqual({ id: 'deck', count: 3 });
    expect(asJudge.decks.deck.order).toHaveLength(3);
    expect(redactEvent(drawn, { kind: 'seat', seat: 'red' }, false)).toMatchObject({
      data: { deck: 'deck', count: 2 },
      redacted: true,
    });
    expect(redactEvent(drawn, { kind: 'seat', seat: 'red' }, false).data).not.toHaveProperty(
      'secret',
    );
    expect(redactEvent(drawn, { kind: 'seat', seat: 'blue' }, false)).toBe(drawn);
  });

  it('lets spectators see the match as it was before the last decisions', () => {
    const g = game();
    expect(spectatorHorizon(g.state)).toBe(g.state.lastSeq);
    const first = g.play('red', 'move', { pieces: ['cruiser'], to: 'south' })[0].seq;
    g.play('red', 'move', { pieces: ['cruiser'], to: 'north' });
    const third = g.play('red', 'move', { pieces: ['cruiser'], to: 'south' })[0].seq;
    expect(spectatorHorizon(g.state)).toBe(first - 1);
    g.play('red', 'move', { pieces: ['frigate'], to: 'south' });
    expect(spectatorHorizon({ ...g.state, spectatorDelay: 2 })).toBe(third - 1);
  });

  it('grants an own last move without consent, asks consent otherwise, and refuses across a revealed card', () => {
    const g = game();
    const before = g.state.lastSeq;
    const moved = g.play('red', 'move', { pieces: ['cruiser'], to: 'south' });
    const undo = (seat: string, since = g.events.slice(before + 1)) =>
      freeformRuleset.undo({ table: g.state.table, rs: {}, seat, toSeq: before, since });
    expect(undo('red', moved)).toEqual({ allowed: true, needsConsent: false });
    g.play('blue', 'move', { pieces: ['raider'], to: 'north' });
    expect(undo('red')).toEqual({ allowed: true, needsConsent: true });
    g.play('red', 'shuffle', { deck: 'deck' });
    const [, drawn] = g.play('blue', 'draw', { deck: 'deck', count: 1 });
    const card = (drawn.data as { secret: { pieces: string[] } }).secret.pieces[0];
    const [, played] = g.play('blue', 'play', { pieces: [card], to: 'discard' });
    expect(undo('red', g.events.slice(played.seq))).toMatchObject({
      allowed: false,
      violation: { code: 'undo_blocked', blockingSeq: played.seq },
    });
  });
});
