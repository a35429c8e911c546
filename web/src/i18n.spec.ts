import { counted, label } from './i18n';

describe('counted', () => {
  it('puts Russian nouns in the form their count needs, including 11 to 14', () => {
    expect(
      [1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101].map((n) => counted(n, 'pieces', 'ru')),
    ).toEqual([
      '1 фигура',
      '2 фигуры',
      '4 фигуры',
      '5 фигур',
      '11 фигур',
      '12 фигур',
      '14 фигур',
      '21 фигура',
      '22 фигуры',
      '25 фигур',
      '101 фигура',
    ]);
    expect(counted(0, 'cards', 'ru')).toBe('0 карт');
    expect(counted(3, 'events', 'ru')).toBe('3 события');
  });

  it('uses English singular and plural', () => {
    expect([
      counted(1, 'cards', 'en'),
      counted(0, 'cards', 'en'),
      counted(2, 'pieces', 'en'),
    ]).toEqual(['1 card', '0 cards', '2 pieces']);
  });
});

describe("the log's count of earlier events", () => {
  it('agrees the adjective and the noun with the number in Russian', () => {
    expect([1, 3, 10, 21, 139].map((n) => label('earlier', 'ru', { n }))).toEqual([
      '1 более раннее событие',
      '3 более ранних события',
      '10 более ранних событий',
      '21 более раннее событие',
      '139 более ранних событий',
    ]);
    expect(label('earlier', 'en', { n: 1 })).toBe('1 earlier event');
  });
});
