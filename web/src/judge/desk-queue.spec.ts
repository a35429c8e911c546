import { disputeAge, sortDisputes } from './desk-queue';

describe('a dispute’s age on the judge’s desk', () => {
  const opened = '2026-12-06T10:00:00.000Z';
  const after = (minutes: number): number => Date.parse(opened) + minutes * 60_000;

  it('counts minutes, hours and days with the Russian forms after «назад»', () => {
    expect(disputeAge(opened, after(0.5), 'ru')).toBe('открыт только что');
    expect(disputeAge(opened, after(1), 'ru')).toBe('открыт 1 минуту назад');
    expect(disputeAge(opened, after(3), 'ru')).toBe('открыт 3 минуты назад');
    expect(disputeAge(opened, after(5), 'ru')).toBe('открыт 5 минут назад');
    expect(disputeAge(opened, after(11), 'ru')).toBe('открыт 11 минут назад');
    expect(disputeAge(opened, after(21), 'ru')).toBe('открыт 21 минуту назад');
    expect(disputeAge(opened, after(59), 'ru')).toBe('открыт 59 минут назад');
    expect(disputeAge(opened, after(60), 'ru')).toBe('открыт 1 час назад');
    expect(disputeAge(opened, after(2 * 60 + 30), 'ru')).toBe('открыт 2 часа назад');
    expect(disputeAge(opened, after(5 * 60), 'ru')).toBe('открыт 5 часов назад');
    expect(disputeAge(opened, after(24 * 60), 'ru')).toBe('открыт 1 день назад');
    expect(disputeAge(opened, after(3 * 24 * 60), 'ru')).toBe('открыт 3 дня назад');
  });

  it('reads in English, and a clock behind the server never gives a negative age', () => {
    expect(disputeAge(opened, after(1), 'en')).toBe('opened 1 minute ago');
    expect(disputeAge(opened, after(7), 'en')).toBe('opened 7 minutes ago');
    expect(disputeAge(opened, after(-3), 'en')).toBe('opened just now');
  });
});

describe('the judge’s queue order', () => {
  const titles: Record<string, string> = { m1: 'Стол 10', m2: 'Стол 2', m3: 'Стол 2' };
  const disputes = [
    { id: 'a', matchId: 'm1', openedAt: '2026-12-06T10:00:00.000Z' },
    { id: 'b', matchId: 'm2', openedAt: '2026-12-06T10:05:00.000Z' },
    { id: 'c', matchId: 'm3', openedAt: '2026-12-06T09:55:00.000Z' },
  ];
  const ids = (order: 'age' | 'table'): string[] =>
    sortDisputes(disputes, order, (m) => titles[m], 'ru').map((d) => d.id);

  it('is oldest first by age, and by table number (2 before 10), oldest first within a table', () => {
    expect(ids('age')).toEqual(['c', 'a', 'b']);
    expect(ids('table')).toEqual(['c', 'b', 'a']);
  });
});
