import type { FieldChoices } from '@domain/rulesets/decision-choices';
import {
  choicesIncomplete,
  manyStatus,
  valueAt,
  withCount,
  withValueAt,
} from './rule-choices-values';

describe('the rule choices of a form (issue 39)', () => {
  const name = (ru: string) => ({ en: ru, ru });

  it('sets and clears a nested field, leaving no empty object behind', () => {
    const set = withValueAt({}, 'commander.catalog', 'test-rein');
    expect(set).toEqual({ commander: { catalog: 'test-rein' } });
    expect(valueAt(set, 'commander.catalog')).toBe('test-rein');
    expect(withValueAt(set, 'commander.catalog', undefined)).toEqual({});
  });

  it('keeps a list a list: a claim’s first effect is effects.0', () => {
    const kind = withValueAt({ about: 'fire' }, 'effects.0.kind', 'break');
    expect(kind).toEqual({ about: 'fire', effects: [{ kind: 'break' }] });
    const piece = withValueAt(kind, 'effects.0.piece', 'su-squad-2');
    expect(piece.effects).toEqual([{ kind: 'break', piece: 'su-squad-2' }]);
    expect(Array.isArray(piece.effects)).toBe(true);
    expect(valueAt(piece, 'effects.0.piece')).toBe('su-squad-2');
  });

  it('says what is still missing: a total below its least, a ship without a place, too few picked', () => {
    const fields: FieldChoices[] = [
      {
        path: 'cards',
        pick: 'counts',
        item: 'catalog',
        count: 'copies',
        values: [{ value: 'exorcist', name: name('Экзорцист'), min: 1, max: 4 }],
        total: { min: 40, max: 100, unit: { en: 'cards', ru: 'карт' } },
      },
      {
        path: 'ships',
        pick: 'places',
        item: 'card',
        place: 'to',
        values: [{ value: 'red-c1', name: name('Экзорцист') }],
        places: [{ value: 'new', name: name('Новый сектор 1') }],
      },
      { path: 'keep', pick: 'many', min: 7, max: 7, values: [] },
    ];
    const params = { cards: [{ catalog: 'exorcist', copies: 4 }], keep: ['a'] };
    expect(choicesIncomplete(fields, params, 'ru')).toEqual([
      'Нужно не меньше 40 карт.',
      'Выберите место для каждого в списке.',
      'Нужно выбрать: 7.',
    ]);
    const done = {
      cards: Array.from({ length: 10 }, (_, i) => ({ catalog: `c${i}`, copies: 4 })),
      ships: [{ card: 'red-c1', to: 'new' }],
      keep: ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
    };
    expect(choicesIncomplete(fields, done, 'ru')).toEqual([]);
  });

  it('says what a list of checkboxes requires: exactly, a range, or up to (never «1 из 2»)', () => {
    const decks = (min: number, max: number): Extract<FieldChoices, { pick: 'many' }> => ({
      path: 'decks',
      pick: 'many',
      min,
      max,
      values: [
        { value: 1, name: name('Палуба 1') },
        { value: 2, name: name('Палуба 2') },
      ],
    });
    expect(manyStatus(decks(1, 2), 1, 'ru')).toBe('Выбрано: 1. Нужно выбрать от 1 до 2.');
    expect(manyStatus(decks(2, 2), 1, 'ru')).toBe('Выбрано: 1. Нужно выбрать: 2.');
    // Up to five by the rules, two offered: up to two.
    expect(manyStatus(decks(0, 5), 0, 'ru')).toBe('Выбрано: 0. Можно выбрать до 2.');
    expect(manyStatus(decks(2, 2), 2, 'en')).toBe('Chosen: 2. Choose 2.');
    expect(choicesIncomplete([decks(1, 2)], {}, 'ru')).toEqual(['Нужно выбрать от 1 до 2.']);
    expect(manyStatus({ ...decks(0, 5), values: [] }, 0, 'ru')).toBe('Сейчас выбирать не из чего.');
    expect(manyStatus(decks(0, 0), 0, 'ru')).toBe('Сейчас выбирать не из чего.');
    // One deck of two offered now: one is all there is to choose.
    const oneLeft = { ...decks(1, 2), values: decks(1, 2).values.slice(0, 1) };
    expect(manyStatus(oneLeft, 0, 'ru')).toBe('Выбрано: 0. Нужно выбрать: 1.');
  });

  it('waits for a value the rules require though the schema makes it optional', () => {
    const leader: FieldChoices[] = [
      {
        path: 'leader',
        pick: 'one',
        required: true,
        values: [{ value: 'leader:sol:5', name: name('Лидер Сол 5') }],
      },
      { path: 'traitor', pick: 'one', values: [{ value: 't', name: name('Предатель') }] },
    ];
    expect(choicesIncomplete(leader, {}, 'ru')).toEqual(['Заполните отмеченные поля.']);
    expect(choicesIncomplete(leader, { leader: 'leader:sol:5' }, 'ru')).toEqual([]);
  });

  it('lists a count of 0 only where the rules take one, in the order offered', () => {
    const points: FieldChoices = {
      path: 'points',
      pick: 'counts',
      item: 'seat',
      count: 'points',
      values: [
        { value: 'lev', name: name('Лёва'), min: 0, max: 999 },
        { value: 'masha', name: name('Маша'), min: 0, max: 999 },
      ],
    };
    const copies: FieldChoices = {
      ...points,
      values: points.values.map((v) => ({ ...v, min: 1 })) as typeof points.values,
    };
    if (points.pick !== 'counts' || copies.pick !== 'counts') throw new Error('counts');
    const masha = withCount(points, undefined, points.values[1], 30);
    expect(withCount(points, masha, points.values[0], 0)).toEqual([
      { seat: 'lev', points: 0 },
      { seat: 'masha', points: 30 },
    ]);
    expect(withCount(copies, masha, copies.values[0], 0)).toEqual([{ seat: 'masha', points: 30 }]);
    expect(withCount(points, masha, points.values[1], undefined)).toBeUndefined();
  });
});
