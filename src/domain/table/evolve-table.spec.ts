import { evolveTable } from './evolve-table';
import { emptyTable } from './table';

describe('evolveTable', () => {
  it('never throws on events that name unknown pieces, zones, fleets or decks, or carry junk', () => {
    const table = emptyTable();
    const junk: [string, unknown][] = [
      ['PiecesMoved', { pieces: ['ghost'], to: 'nowhere' }],
      ['PiecesMoved', { pieces: 'not-a-list', to: 'x' }],
      ['PieceChanged', { piece: 'ghost', status: 'tapped' }],
      ['PiecesDestroyed', { pieces: ['ghost'], cause: 'x' }],
      ['FleetChanged', { fleet: 'ghost', add: ['a'] }],
      ['FleetDisbanded', { fleet: 'ghost' }],
      ['CardsDrawn', { deck: 'ghost', to: 'hand', count: 3 }],
      ['DeckShuffled', { deck: 'ghost', k: 0, count: 0 }],
      ['ZonesCreated', {}],
      ['PhaseStarted', { phase: 'x' }],
      ['PiecesCreated', null],
      ['SomethingNew', { anything: true }],
    ];
    for (const [type, data] of junk) expect(() => evolveTable(table, type, data, 1)).not.toThrow();
    expect(table.pieces).toEqual({});
    expect(table.turn).toEqual({ round: 0, phase: 'x', active: [] });
  });

  it('keeps deck order in step when cards enter and leave a deck zone', () => {
    const table = emptyTable();
    evolveTable(
      table,
      'ZonesCreated',
      {
        zones: [
          { id: 'deck', kind: 'deck' },
          { id: 'hand', kind: 'hand' },
        ],
      },
      0,
    );
    evolveTable(
      table,
      'PiecesCreated',
      { pieces: ['a', 'b', 'c'].map((id) => ({ id, type: 'card', zone: 'deck' })) },
      1,
    );
    evolveTable(table, 'CardsDrawn', { deck: 'deck', to: 'hand', count: 2 }, 2);
    expect(table.decks.deck.order).toEqual(['c']);
    evolveTable(table, 'CardsDiscarded', { pieces: ['a'], to: 'deck' }, 3);
    expect(table.decks.deck.order).toEqual(['c', 'a']);
    expect(table.pieces.b.zone).toBe('hand');
  });

  it('reads a card revealed as a roll into the last roll; a junk roll member does not throw', () => {
    const table = emptyTable();
    evolveTable(
      table,
      'ZonesCreated',
      {
        zones: [
          { id: 'deck', kind: 'deck' },
          { id: 'discard', kind: 'discard' },
        ],
      },
      1,
    );
    evolveTable(table, 'PiecesCreated', { pieces: [{ id: 'c1', type: 'card', zone: 'deck' }] }, 2);
    const roll = {
      purpose: 'rout',
      faces: [3, 4],
      sides: [6, 6],
      value: 7,
      combine: 'sum',
      trigger: 'Event!',
    };
    evolveTable(
      table,
      'CardsDrawn',
      { deck: 'deck', to: 'discard', count: 1, secret: { pieces: ['c1'] }, roll },
      3,
    );
    expect(table.pieces.c1.zone).toBe('discard');
    expect(table.lastRoll).toEqual({
      seq: 3,
      purpose: 'rout',
      faces: [3, 4],
      sides: [6, 6],
      source: 'card',
      card: 'c1',
      value: 7,
      combine: 'sum',
      trigger: 'Event!',
    });
    expect(() =>
      evolveTable(
        table,
        'CardsDrawn',
        { deck: 'deck', to: 'discard', count: 0, roll: { faces: 'x' } },
        4,
      ),
    ).not.toThrow();
  });
});
