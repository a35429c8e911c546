import { MatchHarness } from '@test/support/match-harness';
import { decideCreateMatch } from '../../match/match-decider';
import type { MatchCreatedData } from '../../match/match-events';
import type { InvalidParams } from '../rule-violation';
import { isRejection } from '../rule-violation';
import { commandersPathRuleset } from './commanders-path.ruleset';
import { RULES } from './cp-rules-text';
import type { CpState } from './cp-state';
import type { CpRegisterDeckParams } from './decisions/setup.params';
import { deckOf, SEATS } from './testing/cp-kit';

/**
 * Issue 45 item 1 for Commanders Path: a match from a given position, at the start of a
 * turn's resource phase. The decks are registered in the position (`rules.decks`), the
 * cards placed in its table part, the face-down ones named in `rules.hidden`.
 */

const RED_DECK = deckOf(
  [
    ['exorcist', 2],
    ['test-eden', 1],
  ],
  'test-rein',
);
const BLUE_DECK = deckOf([['exorcist', 2]], 'test-irma');

/** Every card of a registration, by key, in registration order. */
const keysOf = (deck: CpRegisterDeckParams) =>
  deck.cards.flatMap((entry) => Array<string>(entry.copies).fill(entry.catalog ?? ''));

/**
 * Turn 3: red's Exorcist in sector 1 carries the Commander, Eden in play, a Spaceport half
 * produced, an Ambush in hand; blue's Exorcist in sector 2, the other one lost.
 */
const position = {
  pieces: [
    {
      id: 'red-ship-1',
      type: 'Экзорцист',
      owner: 'red',
      zone: 'sector:1',
      attrs: { card: 'exorcist' },
    },
    {
      id: 'red-eden',
      type: 'Планета «Эдем» (тест)',
      owner: 'red',
      zone: 'objects:red',
      attrs: { card: 'test-eden', builtTurn: 1 },
    },
    {
      id: 'red-commander',
      type: 'Командор Рейн (тест)',
      owner: 'red',
      zone: 'situation:red',
      attrs: { card: 'test-rein', host: 'red-ship-1' },
    },
    { id: 'red-hand-1', type: 'card', owner: 'red', zone: 'hand:red' },
    {
      id: 'red-prod-1',
      type: 'card',
      owner: 'red',
      zone: 'production:red',
      attrs: { faceDown: true, tokens: 2 },
    },
    {
      id: 'blue-ship-1',
      type: 'Экзорцист',
      owner: 'blue',
      zone: 'sector:2',
      attrs: { card: 'exorcist' },
    },
    {
      id: 'blue-ship-2',
      type: 'Экзорцист',
      owner: 'blue',
      zone: 'losses:blue',
      status: 'destroyed',
      attrs: { card: 'exorcist' },
    },
    {
      id: 'blue-commander',
      type: 'Командор Ирма (тест)',
      owner: 'blue',
      zone: 'situation:blue',
      attrs: { card: 'test-irma', host: 'blue-ship-1' },
    },
  ],
  tracks: [
    { id: 'resources:red', value: 7 },
    { id: 'tokens:red', value: 4 },
    { id: 'tokens:blue', value: 3 },
  ],
  turn: { round: 3, phase: 'resources' },
  rules: {
    decks: [
      { seat: 'red', deck: RED_DECK },
      { seat: 'blue', deck: BLUE_DECK },
    ],
    hidden: [
      { piece: 'red-hand-1', card: 'test-ambush' },
      { piece: 'red-prod-1', card: 'test-spaceport' },
    ],
  },
};

const started = (given: unknown = position, options = {}) =>
  new MatchHarness<CpState>(commandersPathRuleset).started(SEATS, {
    position: given,
    options: options as never,
  });

function refused(given: unknown): InvalidParams {
  const decided = decideCreateMatch({
    matchId: 'm',
    ruleset: commandersPathRuleset as never,
    organizer: 'o',
    commitment: '0'.repeat(64),
    seats: SEATS,
    position: given,
  });
  if (!isRejection(decided) || decided.kind !== 'invalid_params')
    throw new Error('the position was not refused');
  return decided;
}

const problems = (refusal: InvalidParams) =>
  refusal.errors.map((e) => [e.path, e.localized?.[0].ru, e.ruleRef ?? null]);

describe('a Commanders Path match from a given position', () => {
  it('given turn 3 on paper, when the match is created from it, then the table is that turn’s resource phase', () => {
    const { table, rs } = started().state;
    expect(table.pieces['red-ship-1']).toMatchObject({
      zone: 'sector:1',
      fleet: 'fleet:red@sector:1',
      // The printed figures come from the registered card.
      attrs: { card: 'exorcist', kind: 'ship', durability: 8, critical: 5, damage: 0 },
    });
    expect(table.pieces['red-eden'].attrs).toMatchObject({ controller: 'red', builtTurn: 1 });
    expect(Object.keys(table.zones)).toEqual(
      expect.arrayContaining(['sector:1', 'sector:2', 'orbit:red-eden', 'surface:red-eden']),
    );
    expect(table.pieces['red-hand-1']).toMatchObject({ zone: 'hand:red', type: 'card' });
    expect(table.pieces['red-prod-1'].attrs).toEqual({ faceDown: true, tokens: 2 });
    expect(table.losses.blue).toEqual([
      expect.objectContaining({ piece: 'blue-ship-2', cause: 'position', cost: 5 }),
    ]);
    expect(table.tracks['tokens:red']).toMatchObject({ value: 4, owner: 'red' });
    expect(table.turn).toMatchObject({
      round: 3,
      phase: 'resources',
      active: ['red', 'blue'],
      priority: 'red',
    });
    // Every registered card the position places nowhere lies in its owner's deck.
    expect(table.decks['deck:red'].order).toHaveLength(40 - 4);
    expect(table.decks['deck:blue'].order).toHaveLength(40 - 2);
    expect(rs).toMatchObject({
      turn: 3,
      priority: 'red',
      initiative: { red: 5, blue: 4 },
      owedShuffles: ['deck:red', 'deck:blue'],
    });
    expect(rs.cardOf).toMatchObject({
      'red-hand-1': 'test-ambush',
      'red-prod-1': 'test-spaceport',
      'red-commander': 'test-rein',
    });
    expect(rs.decks.red.commanderPiece).toBe('red-commander');
  });

  it('given the position, then MatchCreated keeps the deck lists and the face-down cards secret', () => {
    const h = started();
    const created = h.events[0].data as MatchCreatedData;
    expect(created.position?.rules).toEqual({});
    expect(created.position?.pieces?.map((p) => p.id)).not.toContain('red-hand-1');
    const registered = h.events.filter((e) => e.type === 'DeckRegistered');
    expect(registered.map((e) => e.meta.visibility)).toEqual(['seat:red', 'seat:blue']);
    const publicText = JSON.stringify(
      h.events.filter((e) => e.meta.visibility === 'public').map((e) => e.data),
    );
    expect(publicText).not.toContain('test-ambush');
    expect(publicText).not.toContain('test-spaceport');
  });

  it('when play goes on, then the first decision shuffles both decks and the turn runs to turn 4', () => {
    const h = started();
    const first = h.play('red', 'end-resources');
    expect(first.filter((e) => e.type === 'DeckShuffled').map((e) => e.data)).toEqual([
      expect.objectContaining({ deck: 'deck:red' }),
      expect.objectContaining({ deck: 'deck:blue' }),
    ]);
    expect(h.state.rs.owedShuffles).toEqual([]);
    h.play('blue', 'end-resources');
    // The lower initiative produces first.
    expect(h.state.table.turn).toMatchObject({ phase: 'production', active: ['blue'] });
    h.play('blue', 'end-production');
    h.play('red', 'end-production');
    h.play('red', 'end-movement');
    h.play('blue', 'end-movement');
    expect(h.state.rs.turn).toBe(4);
    expect(h.state.table.decks['deck:red'].order).toHaveLength(40 - 4 - 2);
    expect(Object.values(h.state.table.pieces).filter((p) => p.zone === 'hand:red')).toHaveLength(
      3,
    );
  });

  it('given decks not shuffled (deckShuffle none), then the unplaced cards keep the registered order', () => {
    const h = started(position, { deckShuffle: 'none' });
    expect(h.state.rs.owedShuffles).toBeUndefined();
    const left = keysOf(RED_DECK);
    for (const key of ['exorcist', 'test-eden', 'test-ambush', 'test-spaceport'])
      left.splice(left.indexOf(key), 1);
    const order = h.state.table.decks['deck:red'].order;
    expect(order.map((piece) => h.state.rs.cardOf[piece])).toEqual(left);
    const first = h.play('red', 'end-resources');
    expect(first.some((e) => e.type === 'DeckShuffled')).toBe(false);
  });

  it('given red’s deck laid out by the organizer, then it is not shuffled and red draws its top', () => {
    const left = keysOf(RED_DECK);
    for (const key of ['exorcist', 'test-eden', 'test-ambush', 'test-spaceport'])
      left.splice(left.indexOf(key), 1);
    const ids = left.map((_, i) => `red-d${i + 1}`);
    const laid = {
      ...position,
      pieces: [
        ...position.pieces,
        ...ids.map((id) => ({ id, type: 'card', owner: 'red', zone: 'deck:red' })),
      ],
      decks: [{ deck: 'deck:red', order: ids }],
      rules: {
        ...position.rules,
        hidden: [...position.rules.hidden, ...ids.map((piece, i) => ({ piece, card: left[i] }))],
      },
    };
    const h = started(laid);
    expect((h.events[0].data as MatchCreatedData).laidOutDecks).toEqual(['deck:red']);
    expect(h.state.rs.owedShuffles).toEqual(['deck:blue']);
    const shuffled = h
      .play('blue', 'end-resources')
      .filter((e) => e.type === 'DeckShuffled')
      .map((e) => (e.data as { deck: string }).deck);
    expect(shuffled).toEqual(['deck:blue']);
    h.play('red', 'end-resources');
    for (const [seat, kind] of [
      ['blue', 'end-production'],
      ['red', 'end-production'],
      ['red', 'end-movement'],
      ['blue', 'end-movement'],
    ])
      h.play(seat, kind);
    const hand = Object.values(h.state.table.pieces)
      .filter((p) => p.zone === 'hand:red')
      .map((p) => p.id);
    expect(hand.sort()).toEqual(['red-d1', 'red-d2', 'red-hand-1'].sort());
  });

  it('given a table that breaks the rules, then each problem is refused with its rule, and no match', () => {
    const refusal = refused({
      ...position,
      pieces: [
        { ...position.pieces[0], attrs: { card: 'exorcist', damage: 2 } },
        ...position.pieces.slice(1, 3),
        { ...position.pieces[3], zone: 'hand:blue' },
        {
          id: 'red-chimera',
          type: 'Химера',
          owner: 'red',
          zone: 'sector:1',
          attrs: { card: 'chimera' },
        },
        { id: 'red-ghost', type: 'card', owner: 'red', zone: 'hand:red' },
        {
          id: 'red-ship-1',
          type: 'Экзорцист',
          owner: 'red',
          zone: 'sector:2',
          attrs: { card: 'exorcist' },
        },
        { ...position.pieces[5], status: 'tapped' },
        ...position.pieces.slice(6),
        {
          id: 'blue-ship-3',
          type: 'Экзорцист',
          owner: 'blue',
          zone: 'sector:2',
          attrs: { card: 'exorcist' },
        },
        {
          id: 'blue-x',
          type: 'X',
          owner: 'blue',
          zone: 'sector:2',
          attrs: { card: 'no-such-card' },
        },
      ],
      tracks: [{ id: 'tokens:red', value: -1 }],
      turn: { round: 3, phase: 'movement' },
    });
    expect(problems(refusal)).toEqual([
      [
        'position.pieces.6',
        'Фигура «Экзорцист» (red-ship-1) указана в двух местах: «Сектор 1» (pieces.0) и «Сектор 2»',
        null,
      ],
      ['position.rules.hidden.1.piece', 'Карты «red-prod-1» в позиции нет', null],
      ['position.pieces.5', 'Какая это карта — «red-ghost»? Укажите её в rules.hidden', null],
      [
        'position.pieces.0.attrs.damage',
        'Экзорцист (red-ship-1): в начале хода повреждений нет — их снимают после каждого сражения',
        RULES.critical,
      ],
      [
        'position.pieces.3.zone',
        'Засада (тест) (red-hand-1): карта игрока red не может лежать в зоне «Рука blue»',
        null,
      ],
      [
        'position.pieces.4.attrs.card',
        'red-chimera: карты «chimera» в зарегистрированной колоде red нет',
        RULES.hiddenDeck,
      ],
      [
        'position.pieces.7.status',
        'Экзорцист (blue-ship-1): в начале хода все карты развёрнуты — в игре или в потерях',
        RULES.untap,
      ],
      [
        'position.pieces.10.attrs.card',
        'Экзорцист: в зарегистрированной колоде blue 2 такие карты, а в позиции их больше',
        RULES.hiddenDeck,
      ],
      [
        'position.pieces.11.attrs.card',
        'blue-x: карты «no-such-card» нет ни в каталоге, ни в зарегистрированных колодах',
        null,
      ],
      ['position.tracks.0.value', 'Фишки действия игрока red: -1, а меньше 0 не бывает', null],
      [
        'position.turn.phase',
        'Позиция «Пути Командора» начинается с фазы получения ресурсов (resources), а не с «movement»',
        null,
      ],
    ]);
  });

  it('given red’s deck twice and none for blue, then both are named', () => {
    const refusal = refused({
      ...position,
      pieces: position.pieces.slice(0, 5),
      rules: {
        ...position.rules,
        decks: [
          { seat: 'red', deck: RED_DECK },
          { seat: 'red', deck: RED_DECK },
        ],
      },
    });
    expect(problems(refusal)).toEqual([
      [
        'position.rules.decks.1.seat',
        'Колода игрока red указана дважды, а регистрируют одну',
        RULES.deckSize,
      ],
      [
        'position.rules.decks',
        'blue: нет зарегистрированной колоды, а все карты берутся из неё',
        RULES.hiddenDeck,
      ],
    ]);
  });

  it('given face-up cards in hand, a Commander on nothing and 8 objects, then each is named', () => {
    const objects = deckOf(
      [
        ['test-eden', 4],
        ['test-mine', 4],
      ],
      'test-rein',
    );
    const planets = ['test-eden', 'test-mine'].flatMap((card) =>
      [1, 2, 3, 4].map((n) => ({
        id: `blue-${card}-${n}`,
        type: card,
        owner: 'blue',
        zone: 'objects:blue',
        attrs: { card },
      })),
    );
    const refusal = refused({
      pieces: [
        position.pieces[0],
        { ...position.pieces[2], attrs: { card: 'test-rein', host: 'red-nowhere' } },
        {
          id: 'red-open',
          type: 'Засада (тест)',
          owner: 'red',
          zone: 'hand:red',
          attrs: { card: 'test-ambush' },
        },
        { id: 'red-back', type: 'card', owner: 'red', zone: 'sector:1' },
        ...planets,
        { ...position.pieces[7], attrs: { card: 'test-rein', host: 'blue-test-eden-1' } },
      ],
      tracks: [{ id: 'gold:red', value: 3 }],
      rules: {
        decks: [
          { seat: 'red', deck: RED_DECK },
          { seat: 'blue', deck: objects },
        ],
        hidden: [{ piece: 'red-back', card: 'test-union' }],
      },
    });
    expect(problems(refusal)).toEqual([
      [
        'position.pieces.2.type',
        'Засада (тест) (red-open) лежит в зоне «Рука red» рубашкой вверх: её тип — card, а ключ указывают в rules.hidden',
        null,
      ],
      [
        'position.pieces.3.type',
        'Торговый союз (тест) (red-back): рубашкой вверх карта лежит только в руке, в колоде или в производстве',
        null,
      ],
      [
        'position.pieces.1.attrs.host',
        'red: Командор находится на своём корабле или космическом объекте в игре (attrs.host)',
        RULES.commanderPlacement,
      ],
      [
        'position.pieces',
        'blue: в игре 8 космических объектов, а можно не больше 7',
        RULES.objectCap,
      ],
      [
        'position.tracks.0.id',
        'Трека «gold:red» нет: у игрока есть resources:<место>, tokens:<место> и runs:<место>',
        null,
      ],
    ]);
  });

  it('given two Commanders of equal initiative and no Priority holder, then the Priority is asked for', () => {
    const blueRein = deckOf([['exorcist', 2]], 'test-rein');
    const equal = {
      ...position,
      pieces: position.pieces.map((p) =>
        p.id === 'blue-commander'
          ? {
              ...p,
              type: 'Командор Рейн (тест)',
              attrs: { card: 'test-rein', host: 'blue-ship-1' },
            }
          : p,
      ),
      rules: {
        ...position.rules,
        decks: [position.rules.decks[0], { seat: 'blue', deck: blueRein }],
      },
    };
    const refusal = refused(equal);
    expect(problems(refusal)).toEqual([
      [
        'position.turn.priority',
        'Инициатива Командоров равна: укажите, у кого Приоритет (turn.priority)',
        RULES.initiative,
      ],
    ]);
    // Named, the Priority holder starts the turn.
    const h = started({ ...equal, turn: { round: 3, priority: 'blue' } });
    expect(h.state.rs.priority).toBe('blue');
  });

  it('given a deck that breaks registration and a laid-out deck short of cards, then both are refused with their rules', () => {
    const tooMany = deckOf([['exorcist', 5]], 'test-irma');
    const refusal = refused({
      pieces: position.pieces.slice(0, 3),
      decks: [{ deck: 'deck:red', order: [] }],
      turn: { round: 2 },
      rules: {
        decks: [
          { seat: 'red', deck: RED_DECK },
          { seat: 'blue', deck: tooMany },
        ],
      },
    });
    const rows = problems(refusal);
    expect(rows[0]).toEqual([
      'position.rules.decks.1.deck',
      'В колоде 5 копий карты «Экзорцист», а карт с одним названием может быть не больше 4',
      RULES.deckCopies,
    ]);
    expect(rows[1][0]).toBe('position.decks.0.order');
    expect(rows[1][1]).toMatch(
      /^red: в зарегистрированной колоде есть ещё «Экзорцист», «Засада \(тест\)», .* а в позиции этих карт нет нигде: в выложенной колоде перечисляют все оставшиеся карты$/,
    );
    expect(rows[1][2]).toBe(RULES.hiddenDeck);
    expect(rows).toHaveLength(2);
  });
});
