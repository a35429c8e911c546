import { MatchHarness } from '@test/support/match-harness';
import type { NewEvent } from '../events/recorded-event';
import { freeformRuleset } from '../rulesets/freeform/freeform.ruleset';
import { isRejection } from '../rulesets/rule-violation';
import { tableEvent } from '../table/table-events';
import { verifyChain } from '../events/hash-chain';
import type { RecordedEvent } from '../events/recorded-event';
import { saltedCommitment } from '../events/secret-commitment';
import { game as ccGame } from '../rulesets/combat-commander/cc.testkit';
import { rexRuleset } from '../rulesets/rex/rex.ruleset';
import { seatsOf } from '../rulesets/rex/rex.testkit';
import { indexNames } from '../naming/name-index';
import { evolveTable } from '../table/evolve-table';
import { emptyTable } from '../table/table';
import { HIDDEN_ZONE_RULE_REF, hiddenPieceMessage, hiddenTouchRefusal } from './hidden-zones';
import { decideDecision } from './match-decider';
import { describeEvent } from '../naming/event-phrases';
import { redactEvent, viewTable, type Viewer } from './match-view';

const seats = [{ seat: 'red' }, { seat: 'blue' }];
const setup = {
  zones: [
    { id: 'north', kind: 'location' },
    { id: 'deck', kind: 'deck', visibility: 'nobody' as const },
    { id: 'vault:red', kind: 'reserve', owner: 'red', visibility: 'owner' as const },
  ],
  pieces: [
    { id: 'cruiser', type: 'Cruiser', owner: 'blue', zone: 'north' },
    { id: 'spy', type: 'Spy', owner: 'red', zone: 'vault:red' },
    ...['c1', 'c2', 'c3', 'c4'].map((id) => ({ id, type: `card-${id}`, zone: 'deck' })),
  ],
};

/** Red has drawn one card (the deck's top after a shuffle) into its hand. */
function dealt(): { game: MatchHarness; redCard: string } {
  const game = new MatchHarness(freeformRuleset).started(seats, { setup });
  game.play('red', 'shuffle', { deck: 'deck' });
  game.play('red', 'draw', { deck: 'deck', count: 1 });
  const redCard = Object.values(game.state.table.pieces).find((p) => p.zone === 'hand:red')!.id;
  return { game, redCard };
}

describe('hidden stays hidden: the engine refuses a decision touching a hidden piece', () => {
  it.each([
    ['move', (card: string) => ({ pieces: [card], to: 'north' })],
    ['destroy', (card: string) => ({ pieces: [card], cause: 'peek' })],
    ['change-piece', (card: string) => ({ piece: card, status: 'tapped' })],
    ['capture', (card: string) => ({ pieces: [card], to: 'north' })],
    ['form-fleet', (card: string) => ({ fleet: 'f', pieces: [card] })],
    ['play', (card: string) => ({ pieces: [card], to: 'north' })],
  ])("blue's %s of red's card in hand is refused, and nothing changes", (kind, params) => {
    const { game, redCard } = dealt();
    const before = game.events.length;
    const refused = game.decide('blue', kind, params(redCard));
    expect(refused).toMatchObject({ kind: 'rule_violation' });
    // `play` was already refused by freeform itself (not one of blue's zones); the rest by the engine.
    if (kind !== 'play')
      expect(refused).toMatchObject({ code: 'hidden_piece', ruleRef: HIDDEN_ZONE_RULE_REF });
    expect(game.events).toHaveLength(before);
    expect(game.state.table.pieces[redCard].zone).toBe('hand:red');
  });

  it('refuses moving the face-down deck (a nobody zone) for every seat, its order kept', () => {
    const { game } = dealt();
    const order = [...game.state.table.decks.deck.order];
    for (const seat of ['red', 'blue'])
      expect(game.decide(seat, 'move', { pieces: order, to: 'north' })).toMatchObject({
        code: 'hidden_piece',
      });
    expect(game.decide('blue', 'move', { pieces: ['spy'], to: 'north' })).toMatchObject({
      code: 'hidden_piece',
    });
    expect(game.state.table.decks.deck.order).toEqual(order);
  });

  it('names the seat by its player and only the pieces it named, never the hidden zone', () => {
    const { game, redCard } = dealt();
    const refused = game.decide('blue', 'move', { pieces: ['cruiser', redCard], to: 'north' });
    expect(refused).toMatchObject({
      message: hiddenPieceMessage('Player blue', [redCard]).en,
      localized: hiddenPieceMessage('Player blue', [redCard]),
    });
    const message = hiddenPieceMessage('Player blue', [redCard]);
    expect(message.en).not.toContain('hand:red');
    expect(message.ru).toContain('Player blue не может перемещать');
    expect(hiddenPieceMessage('Вера', ['c1', 'c2']).ru).toContain(
      'фигуры c1, c2: они лежат в зоне, которую Вера не видит',
    );
  });

  it('lets a seat use what it sees: its own hand and owner zone, public pieces, draws', () => {
    const { game, redCard } = dealt();
    game.play('red', 'move', { pieces: ['spy'], to: 'north' });
    game.play('red', 'play', { pieces: [redCard], to: 'north' });
    game.play('blue', 'move', { pieces: ['cruiser', redCard], to: 'north' });
    game.play('blue', 'draw', { deck: 'deck', count: 1 });
    expect(game.state.table.pieces.spy.zone).toBe('north');
  });

  it("lets a judge's corrective decision touch anything", () => {
    const { game, redCard } = dealt();
    game.judge('blue', 'move', { pieces: [redCard], to: 'north' });
    expect(game.state.table.pieces[redCard].zone).toBe('north');
  });

  it('follows the pieces through the decision: a card drawn may be played in the same one', () => {
    const { game } = dealt();
    const top = game.state.table.decks.deck.order[0];
    const events: NewEvent[] = [
      tableEvent('CardsDrawn', {
        deck: 'deck',
        to: 'hand:blue',
        count: 1,
        secret: { pieces: [top] },
      }),
      tableEvent('CardsPlayed', { pieces: [top], to: 'north' }),
    ];
    expect(hiddenTouchRefusal(game.state.table, 'blue', game.state.seats, events)).toBeUndefined();
    expect(
      hiddenTouchRefusal(game.state.table, 'red', game.state.seats, [events[1]]),
    ).toMatchObject({ code: 'hidden_piece' });
    // A piece moved by the decision into a zone hidden from the seat is hidden from then on.
    const away: NewEvent[] = [
      tableEvent('PiecesMoved', { pieces: ['cruiser'], to: 'vault:red' }),
      tableEvent('PieceChanged', { piece: 'cruiser', status: 'tapped' }),
    ];
    expect(hiddenTouchRefusal(game.state.table, 'blue', game.state.seats, away)).toMatchObject({
      code: 'hidden_piece',
    });
  });

  it('lets through what a ruleset marks as done by its rules (sanctionHidden)', () => {
    const { game, redCard } = dealt();
    const moved = { ...tableEvent('PiecesMoved', { pieces: [redCard], to: 'deck' }) };
    const seatsNow = game.state.seats;
    expect(hiddenTouchRefusal(game.state.table, 'blue', seatsNow, [moved])).toBeDefined();
    expect(
      hiddenTouchRefusal(game.state.table, 'blue', seatsNow, [
        { ...moved, sanctionHidden: true } as NewEvent,
      ]),
    ).toBeUndefined();
  });

  it('decides as recorded, unchecked, where a log from before the check is verified', () => {
    const { game, redCard } = dealt();
    const command = {
      decisionId: 'x',
      kind: 'move',
      seat: 'blue',
      params: { pieces: [redCard], to: 'north' },
    };
    expect(decideDecision(freeformRuleset, game.state, command, game.seed)).toMatchObject({
      code: 'hidden_piece',
    });
    expect(
      isRejection(
        decideDecision(freeformRuleset, game.state, command, game.seed, [], {
          hiddenZones: 'unchecked',
        }),
      ),
    ).toBe(false);
  });
});

describe('hidden stays hidden: setup pieces in hidden zones are committed, not public', () => {
  const created = () => new MatchHarness(freeformRuleset).create({ seats, setup });
  const secretOf = (e: RecordedEvent) =>
    (e.data as { secret?: { pieces: { id: string }[] } }).secret;
  const seen = (events: RecordedEvent[], viewer: Viewer, everything = false) =>
    JSON.stringify(events.map((e) => redactEvent(e, viewer, everything)));

  it('records MatchCreated and the public PiecesCreated without them; one committed event per audience', () => {
    const { events } = created();
    expect(events.map((e) => [e.type, e.meta.visibility])).toEqual([
      ['MatchCreated', 'public'],
      ['ZonesCreated', 'public'],
      ['PiecesCreated', 'public'],
      ['PiecesCreated', 'seat:red'],
      ['PiecesCreated', 'judges'],
    ]);
    const [matchCreated, , shown, redOnly, judgesOnly] = events;
    expect((matchCreated.data as { setup: typeof setup }).setup.pieces.map((p) => p.id)).toEqual([
      'cruiser',
    ]);
    expect(shown.data).toEqual({ pieces: [expect.objectContaining({ id: 'cruiser' })] });
    expect(redOnly.data).toMatchObject({
      pieces: [],
      hidden: [{ zone: 'vault:red', count: 1 }],
      secret: { pieces: [{ id: 'spy', type: 'Spy', owner: 'red', zone: 'vault:red' }] },
    });
    // The deck's starting order is the judges' secret.
    expect(secretOf(judgesOnly)?.pieces.map((p) => p.id)).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(judgesOnly.data).toMatchObject({ hidden: [{ zone: 'deck', count: 4 }] });
    for (const event of [redOnly, judgesOnly])
      expect(event.meta.secretCommitment).toBe(
        saltedCommitment(event.meta.secretSalt!, secretOf(event)),
      );
    expect(verifyChain(events)).toMatchObject({ ok: true, count: 5 });
  });

  it('shows each reader only what it may see; everyone sees all at the end; the table folds whole', () => {
    const { events, state } = created();
    for (const viewer of [{ kind: 'seat', seat: 'blue' }, { kind: 'public' }] as Viewer[]) {
      const text = seen(events, viewer);
      for (const id of ['spy', 'Spy', 'c1', 'card-c1']) expect(text).not.toContain(`"${id}"`);
    }
    const red = seen(events, { kind: 'seat', seat: 'red' });
    expect(red).toContain('"spy"');
    expect(red).not.toContain('"c1"');
    expect(seen(events, { kind: 'judge' }, true)).toContain('"c1"');
    expect(seen(events, { kind: 'public' }, true)).toContain('"spy"');
    // Redacted events still chain: their commitments stand for their secrets.
    const redacted = events.map((e) => {
      const { redacted: _flag, ...event } = redactEvent(e, { kind: 'public' }, false);
      return event;
    });
    expect(verifyChain(redacted)).toMatchObject({ ok: true });
    expect(state.table.pieces.spy).toMatchObject({ zone: 'vault:red', owner: 'red' });
    expect(state.table.decks.deck.order).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(
      viewTable(state.table, { kind: 'seat', seat: 'blue' }, false).zones.deck.hiddenCount,
    ).toBe(4);
  });

  it('phrases a committed setup by count and zone for those who may not see it', () => {
    const { events } = created();
    const judgesOnly = redactEvent(events[4], { kind: 'public' }, false);
    const phrase = (lang: 'en' | 'ru') => describeEvent(judgesOnly, lang);
    expect(phrase('en')).toContain('Placed face down in');
    expect(phrase('en')).toContain('4 pieces');
    expect(phrase('ru')).toContain('лицом вниз: 4 фигуры');
  });

  it('tells the drawer what it drew from a committed deck, and names it in the log', () => {
    const { game } = dealt();
    const draw = game.events.find((e) => e.type === 'CardsDrawn')!;
    const [card] = (draw.data as { secret: { pieces: string[] } }).secret.pieces;
    expect(draw.data).toMatchObject({
      secret: { pieces: [card], cards: [{ id: card, type: `card-${card}`, zone: 'hand:red' }] },
    });
    const names = indexNames(
      game.events.map((e) => redactEvent(e, { kind: 'seat', seat: 'red' }, false)),
    );
    expect(names.pieceTypes.get(card)).toBe(`card-${card}`);
    // A deck laid out in the open says what its cards are already: its draws add nothing.
    const open = new MatchHarness(freeformRuleset).started(seats, {
      setup: {
        zones: [{ id: 'pile', kind: 'deck' }],
        pieces: [{ id: 'k1', type: 'K', zone: 'pile' }],
      },
    });
    open.play('red', 'draw', { deck: 'pile', count: 1 });
    expect(open.events.find((e) => e.type === 'CardsDrawn')!.data).toEqual({
      deck: 'pile',
      to: 'hand:red',
      count: 1,
      secret: { pieces: ['k1'] },
    });
  });

  it('still folds a setup recorded before commitments (its hidden pieces public)', () => {
    const table = emptyTable();
    evolveTable(table, 'ZonesCreated', { zones: setup.zones }, 1);
    evolveTable(table, 'PiecesCreated', { pieces: setup.pieces }, 2);
    expect(table.decks.deck.order).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(table.pieces.spy.zone).toBe('vault:red');
  });

  it.each([
    ['freeform', () => new MatchHarness(freeformRuleset).started(seats, { setup })],
    ['combat-commander', () => ccGame()],
    ['rex', () => new MatchHarness(rexRuleset).started(seatsOf('sol', 'letnev', 'lazax'))],
  ])('%s: no public event of the setup names a piece it set out in a hidden zone', (_, make) => {
    const h = (make as () => MatchHarness<unknown>)();
    const { table } = h.state;
    const hidden = Object.values(table.pieces).filter(
      (p) => table.zones[p.zone] && table.zones[p.zone].visibility !== 'public',
    );
    expect(hidden.length).toBeGreaterThan(0);
    const text = seen(h.events, { kind: 'public' });
    expect(hidden.filter((p) => text.includes(`"${p.id}"`)).map((p) => p.id)).toEqual([]);
  });

  it("commits a ruleset's Fate decks (Combat Commander): no card of them in a public event", () => {
    const h = ccGame();
    const fateCards = Object.values(h.state.table.pieces).filter((p) => p.type === 'fate-card');
    expect(fateCards.length).toBeGreaterThan(0);
    const text = seen(h.events, { kind: 'public' });
    for (const card of fateCards) expect(text).not.toContain(`"${card.id}"`);
    const decks = h.events.filter(
      (e) => e.type === 'PiecesCreated' && e.meta.visibility === 'judges',
    );
    expect(decks).toHaveLength(1);
  });
});
