import { emptyTable, type Table } from '@domain/table/table';
import type { ClientTable } from './replay-engine';
import { positionOfTable } from './saved-position';

function tableWith(change: (t: Table) => void): Table {
  const table = emptyTable();
  change(table);
  return table;
}

const table = tableWith((t) => {
  t.pieces.cruiser = {
    id: 'cruiser',
    type: 'Крейсер',
    owner: 'red',
    zone: 'south',
    status: 'damaged',
    attrs: { hits: 2 },
  };
  t.pieces.scout = {
    id: 'scout',
    type: 'Разведчик',
    owner: 'blue',
    zone: 'losses:blue',
    status: 'destroyed',
    attrs: {},
  };
  t.pieces.c1 = { id: 'c1', type: 'Атака', zone: 'deck', status: 'active', attrs: {} };
  t.pieces.c2 = { id: 'c2', type: 'Манёвр', zone: 'deck', status: 'active', attrs: {} };
  t.decks.deck = { id: 'deck', order: ['c2', 'c1'] };
  t.tracks['points:red'] = { id: 'points:red', owner: 'red', value: 7 };
  t.turn = { round: 3, phase: 'battle', active: ['blue'] };
});

describe('saving a moment of a replay as a position', () => {
  it('writes the pieces, tracks and turn the viewer sees; a deck only when its order is known', () => {
    const seen: ClientTable = { table, hidden: { deck: 2 }, deckCounts: { deck: 2 } };
    const position = positionOfTable(seen);
    expect(position).toEqual({
      pieces: [
        {
          id: 'cruiser',
          type: 'Крейсер',
          owner: 'red',
          zone: 'south',
          status: 'damaged',
          attrs: { hits: 2 },
        },
        { id: 'scout', type: 'Разведчик', owner: 'blue', zone: 'losses:blue', status: 'destroyed' },
        { id: 'c1', type: 'Атака', zone: 'deck' },
        { id: 'c2', type: 'Манёвр', zone: 'deck' },
      ],
      tracks: [{ id: 'points:red', owner: 'red', value: 7 }],
      turn: { round: 3, phase: 'battle', active: ['blue'] },
    });
    // A judge (or anyone after the end) knows the order: the deck is laid out as it was.
    const judge = positionOfTable({ table, hidden: {}, deckCounts: null });
    expect(judge.decks).toEqual([{ deck: 'deck', order: ['c2', 'c1'] }]);
    expect(judge.pieces?.map((p) => p.id)).toEqual(['cruiser', 'scout']);
  });
});
