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

describe('SeatNames: the sides a ruleset names', () => {
  it('names a side its table names that is no seat (a legion played from its role seats)', () => {
    const names = new SeatNames(
      [{ seat: 'red:supply', player: 'Аня' }, { seat: 'blue' }],
      {},
      [],
      new Map([
        ['red:supply', { en: 'Legion I Supply Officer', ru: 'Офицер снабжения Легиона I' }],
        ['red', { en: 'Legion I', ru: 'Легион I' }],
      ]),
    );
    expect(names.full('red:supply', 'ru')).toBe('Аня (Офицер снабжения Легиона I)');
    expect(names.seat('red', 'ru')).toBe('Легион I');
    // Still no seat of the match.
    expect(names.has('red')).toBe(false);
    expect(names.seat('blue', 'ru')).toBe('blue');
  });
});
