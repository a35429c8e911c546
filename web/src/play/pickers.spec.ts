import { emptyTable } from '@domain/table/table';
import { SeatNames } from '@domain/naming/seat-names';
import { Phraser } from '@domain/naming/phraser';
import { indexNames } from '@domain/naming/name-index';
import { clientGame } from '../games';
import { GENERIC_WORDS } from '../ruleset-words';
import { choicesFor, pieceText, targetsOf, withNames, type PickerContext } from './pickers';

/** What a picker offers, as the player reads it: names, never ids; the ruleset's special values. */
describe('the pickers of a decision’s form', () => {
  const table = emptyTable();
  table.zones.north = {
    id: 'north',
    kind: 'sector',
    name: { en: 'North', ru: 'Север' },
    adjacency: [],
    visibility: 'public',
    attrs: {},
  };
  table.zones['hand:red'] = {
    id: 'hand:red',
    kind: 'hand',
    owner: 'red',
    adjacency: [],
    visibility: 'owner',
    attrs: {},
  };
  table.pieces['red-c18'] = {
    id: 'red-c18',
    type: 'Крейсер',
    owner: 'red',
    zone: 'north',
    status: 'active',
    attrs: { name: 'Страж' },
  };
  table.pieces['blue-f1'] = {
    id: 'blue-f1',
    type: 'Истребитель',
    owner: 'blue',
    zone: 'north',
    status: 'active',
    attrs: {},
  };
  const seats = new SeatNames([{ seat: 'red', side: 'Империя' }, { seat: 'blue' }], GENERIC_WORDS, [
    { seat: 'red', name: 'Аня' },
  ]);
  const ctx: PickerContext = {
    table,
    phraser: new Phraser(indexNames([]), seats, GENERIC_WORDS, undefined),
    lang: 'ru',
    seat: 'red',
    onMap: new Set(['north']),
  };

  it('names pieces by type, own name, owner and place, the seat’s own first', () => {
    expect(choicesFor(['pieces'], [], ctx)).toEqual([
      { label: 'Ваши', choices: [{ value: 'red-c18', text: 'Крейсер «Страж» — Аня, Север' }] },
      { label: 'Другие', choices: [{ value: 'blue-f1', text: 'Истребитель — blue, Север' }] },
    ]);
  });

  it('offers the seat’s hand first for a card, and alike pieces once where one is chosen', () => {
    const withHand = structuredClone(table);
    for (const id of ['red-t1', 'red-t2'])
      withHand.pieces[id] = {
        id,
        type: 'Войско',
        owner: 'red',
        zone: 'north',
        status: 'active',
        attrs: {},
      };
    withHand.pieces['red-card'] = {
      id: 'red-card',
      type: 'Щит',
      owner: 'red',
      zone: 'hand:red',
      status: 'active',
      attrs: {},
    };
    const groups = choicesFor(['cards'], [], { ...ctx, table: withHand }, { oneOfAlike: true });
    expect(groups.map((g) => [g.label, g.choices.map((c) => c.text)])).toEqual([
      ['У вас в руке', ['Щит — Аня, Рука (Аня)']],
      ['Ваши', ['Войско — Аня, Север', 'Крейсер «Страж» — Аня, Север']],
      ['Другие', ['Истребитель — blue, Север']],
    ]);
    // Pieces that are no cards: the seat's own, its hand among them.
    const all = choicesFor(['pieces'], [], { ...ctx, table: withHand });
    expect(all[0].choices.map((c) => c.value)).toEqual(['red-t1', 'red-t2', 'red-c18', 'red-card']);
  });

  it('names a piece whose own name says its type by that name alone', () => {
    const leader = {
      id: 'leader:letnev:4',
      type: 'Лидер',
      owner: 'red',
      zone: 'north',
      status: 'active' as const,
      attrs: { name: { en: 'Letnev Leader 4', ru: 'Лидер Летнев 4' } },
    };
    expect(pieceText(leader, ctx)).toBe('Лидер Летнев 4 — Аня, Север');
  });

  it('offers the map’s places apart from hands and piles, and players by name', () => {
    expect(choicesFor(['zones', 'seats'], [], ctx)).toEqual([
      { label: 'На карте', choices: [{ value: 'north', text: 'Север' }] },
      { label: 'Вне карты', choices: [{ value: 'hand:red', text: 'Рука (Аня)' }] },
      {
        label: 'Игроки',
        choices: [
          { value: 'red', text: 'Аня (Империя)' },
          { value: 'blue', text: 'blue' },
        ],
      },
    ]);
  });

  it('takes what a field names from its name, or from the ruleset where the name does not say', () => {
    expect(targetsOf('pieces', undefined)).toEqual(['pieces']);
    expect(targetsOf('traitor', undefined)).toEqual(['cards']);
    expect(targetsOf('location', undefined)).toEqual(['zones']);
    expect(targetsOf('opponent', undefined)).toEqual(['seats']);
    // Rex: an alliance is offered to a player.
    expect(clientGame('rex')?.picker?.('offer-alliance', 'to')).toEqual({ targets: ['seats'] });
    expect(clientGame('rex')?.picker?.('move', 'to')).toBeUndefined();
    // Commanders Path: a new sector is a choice where ships deploy, move or withdraw …
    const deploy = clientGame('commanders-path')?.picker?.('deploy', 'to');
    expect(deploy?.targets).toEqual(['zones']);
    expect(choicesFor(deploy?.targets ?? [], deploy?.specials ?? [], ctx)[0]).toEqual({
      label: 'Особое',
      choices: [{ value: 'new', text: 'Новый сектор' }],
    });
    // … and the Commander moves to a host piece.
    expect(clientGame('commanders-path')?.picker?.('move-commander', 'to')).toEqual({
      targets: ['pieces'],
    });
  });

  it('puts names in place of the table’s ids in the server’s words', () => {
    expect(withNames('red-c18 cannot reach north; red has 2 actions.', ctx)).toBe(
      'Крейсер «Страж» cannot reach Север; Аня (Империя) has 2 actions.',
    );
  });
});
