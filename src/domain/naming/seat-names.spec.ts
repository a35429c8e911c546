import { SeatNames } from './seat-names';

describe('SeatNames.seatIn', () => {
  const seats = new SeatNames(
    [
      { seat: 'red', player: 'Аня Смирнова', side: 'Сол' },
      { seat: 'blue', faction: 'hacan' },
    ],
    { faction: (id) => (id === 'hacan' ? { en: 'Hacan', ru: 'Хакан' } : undefined) },
    [{ seat: 'blue', name: 'Борис' }],
  );

  it('declines the player a seat is claimed by, in Russian only', () => {
    expect(seats.seatIn('red', 'ru', 'gen')).toBe('Ани Смирновой');
    expect(seats.seatIn('blue', 'ru', 'gen')).toBe('Бориса');
    expect(seats.seatIn('blue', 'en', 'gen')).toBe('Борис');
  });

  it('keeps a side or a seat id as it stands when no player is known', () => {
    const unclaimed = new SeatNames([{ seat: 'green', side: 'Империя' }, { seat: 'grey' }], {});
    expect(unclaimed.seatIn('green', 'ru', 'gen')).toBe('Империя');
    expect(unclaimed.seatIn('grey', 'ru', 'dat')).toBe('grey');
  });
});
