import { commitmentOf } from '../../dice';
import { MatchHarness, TEST_SEED } from '@test/support/match-harness';
import { decideCreateMatch } from '../../match/match-decider';
import type { MatchCreatedData } from '../../match/match-events';
import { viewTable } from '../../match/match-view';
import type { InvalidParams } from '../rule-violation';
import { isRejection } from '../rule-violation';
import { freeformRuleset } from './freeform.ruleset';

const seats = [{ seat: 'red' }, { seat: 'blue' }];
const setup = {
  zones: [
    { id: 'north', kind: 'location', name: { en: 'North', ru: 'Север' } },
    { id: 'south', kind: 'location', name: { en: 'South', ru: 'Юг' } },
    { id: 'deck', kind: 'deck', visibility: 'nobody' },
  ],
  pieces: [
    { id: 'cruiser', type: 'Крейсер', owner: 'red', zone: 'north', attrs: { cost: 7 } },
    { id: 'scout', type: 'Разведчик', owner: 'blue', zone: 'north' },
    { id: 'c1', type: 'Атака', zone: 'deck' },
    { id: 'c2', type: 'Манёвр', zone: 'deck' },
    { id: 'c3', type: 'Засада', zone: 'deck' },
  ],
};

function create(position: unknown) {
  return decideCreateMatch({
    matchId: 'm',
    ruleset: freeformRuleset as never,
    organizer: 'o',
    commitment: commitmentOf(TEST_SEED),
    seats,
    setup,
    position,
  });
}

function refusal(position: unknown): InvalidParams {
  const decided = create(position);
  if (!isRejection(decided) || decided.kind !== 'invalid_params')
    throw new Error('the position was not refused');
  return decided;
}

describe('a freeform match from a given position', () => {
  const position = {
    pieces: [
      { id: 'cruiser', zone: 'south', status: 'damaged', attrs: { hits: 2 } },
      { id: 'scout', zone: 'losses:blue', status: 'destroyed' },
      { id: 'c3', zone: 'hand:red' },
      { id: 'frigate', type: 'Фрегат', owner: 'blue', zone: 'north' },
    ],
    decks: [{ deck: 'deck', order: ['c2', 'c1'] }],
    tracks: [{ id: 'points:red', owner: 'red', value: 7 }],
    turn: { round: 3, phase: 'battle', active: ['blue'] },
  };

  it('lays the position over the setup: pieces, losses, hands, a laid-out deck, tracks, turn', () => {
    const g = new MatchHarness(freeformRuleset).started(seats, { setup, position });
    const { table } = g.state;
    expect(table.pieces.cruiser).toMatchObject({
      zone: 'south',
      status: 'damaged',
      attrs: { cost: 7, hits: 2 },
    });
    expect(table.pieces.scout).toMatchObject({ zone: 'losses:blue', status: 'destroyed' });
    expect(table.losses.blue).toEqual([
      expect.objectContaining({ piece: 'scout', cause: 'position' }),
    ]);
    expect(table.pieces.c3.zone).toBe('hand:red');
    expect(table.pieces.frigate).toMatchObject({ type: 'Фрегат', owner: 'blue', zone: 'north' });
    expect(table.decks.deck.order).toEqual(['c2', 'c1']);
    expect(table.tracks['points:red'].value).toBe(7);
    expect(table.turn).toMatchObject({ round: 3, phase: 'battle', active: ['blue'] });
  });

  it('records the position in MatchCreated without what lies hidden, naming the laid-out deck', () => {
    const g = new MatchHarness(freeformRuleset).started(seats, { setup, position });
    const created = g.events[0].data as MatchCreatedData;
    expect(created.laidOutDecks).toEqual(['deck']);
    expect(created.position?.pieces?.map((p) => p.id)).toEqual(['cruiser', 'scout', 'frigate']);
    expect(created.position).not.toHaveProperty('decks');
    // The hand's card and the deck's order are committed, seen by their owner or judges only.
    const hidden = g.events.filter(
      (e) => e.type === 'PiecesCreated' && e.meta.visibility !== 'public',
    );
    expect(hidden.map((e) => e.meta.visibility).sort()).toEqual(['judges', 'seat:red']);
    const blue = viewTable(g.state.table, { kind: 'seat', seat: 'blue' } as never, false);
    expect(blue.pieces.c3).toBeUndefined();
    expect(blue.decks.deck).toEqual({ id: 'deck', count: 2 });
  });

  it('plays on from the position: the seat whose turn it is moves', () => {
    const g = new MatchHarness(freeformRuleset).started(seats, { setup, position });
    g.play('blue', 'move', { pieces: ['frigate'], to: 'south' });
    expect(g.state.table.pieces.frigate.zone).toBe('south');
    g.play('blue', 'draw', { deck: 'deck', count: 1 });
    expect(g.state.table.pieces.c2.zone).toBe('hand:blue');
  });

  it('refuses a position naming each problem, in both languages, and creates nothing', () => {
    const refused = refusal({
      pieces: [
        { id: 'battleship', zone: 'north' },
        { id: 'cruiser', zone: 'atlantis' },
        { id: 'scout', zone: 'south', owner: 'green' },
        { id: 'scout', zone: 'north' },
      ],
      decks: [
        { deck: 'deck', order: ['c1', 'c2'] },
        { deck: 'pile', order: [] },
      ],
      turn: { round: 1, active: ['purple'] },
    });
    expect(refused.errors.map((e) => e.path)).toEqual([
      'position.pieces.0.id',
      'position.pieces.1.zone',
      'position.pieces.2.owner',
      'position.pieces.3',
      'position.decks.1.deck',
      'position.decks.0.order',
      'position.turn.active.0',
    ]);
    const ru = refused.errors.map((e) => e.localized?.[0].ru);
    expect(ru).toEqual([
      'Фигуры «battleship» на столе этой игры нет (для новой фигуры укажите её тип)',
      'Зоны «atlantis» на столе этой игры нет',
      'Места «green» в этом матче нет',
      'Фигура «Разведчик» (scout) указана в двух местах: «Юг» (pieces.2) и «Север»',
      'Колоды «pile» на столе этой игры нет',
      'В колоде «deck» лежат ещё c3, а в её порядке этой карты нет: перечислите все карты колоды или положите эту карту в другое место',
      'Места «purple» в этом матче нет',
    ]);
    expect(refused.localized?.ru).toMatch(/^Позиция не принята \(7 ошибок\): Фигуры «battleship»/);
  });

  it('refuses a piece in a deck and in a zone, a card in two decks, and a destroyed piece on the map', () => {
    const refused = refusal({
      pieces: [
        { id: 'c1', zone: 'hand:blue' },
        { id: 'cruiser', zone: 'north', status: 'destroyed' },
        { id: 'scout', zone: 'north', status: 'captured' },
      ],
      decks: [{ deck: 'deck', order: ['c1', 'c2', 'c3', 'c2'] }],
    });
    expect(refused.errors.map((e) => [e.path, e.localized?.[0].ru])).toEqual([
      [
        'position.pieces.1.zone',
        'Фигура «Крейсер» (cruiser) уничтожена: она лежит в потерях владельца, losses:red',
      ],
      [
        'position.pieces.2.capturedBy',
        'Фигура «Разведчик» (scout): у захваченной фигуры указывают, кто её захватил (capturedBy), и только у захваченной',
      ],
      [
        'position.decks.0.order.0',
        'Фигура «Атака» (c1) указана в двух местах: «Рука blue» (pieces.0) и «deck»',
      ],
      [
        'position.decks.0.order.3',
        'Фигура «Манёвр» (c2) указана в «deck» дважды (decks.0.order.1 и decks.0.order.3)',
      ],
    ]);
  });

  it('refuses a position of the wrong shape before anything else', () => {
    const refused = refusal({ pieces: [{ id: 'cruiser' }], turn: { round: -1 } });
    expect(refused.errors.map((e) => e.path).sort()).toEqual([
      'position.pieces.0.zone',
      'position.turn.round',
    ]);
  });
});
