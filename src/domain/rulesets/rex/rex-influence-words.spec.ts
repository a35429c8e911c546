import { notHeld } from './rex-influence-words';

describe('Influence a seat does not hold, in words', () => {
  const of = (player: string) => ({
    seat: 'hacan',
    seatName: () => ({ en: player, ru: player }),
  });

  it('names the player in the genitive, the number before its noun', () => {
    expect(notHeld(of('Борис'), 10, 25)).toEqual({
      en: 'Борис has 10 Influence, not 25',
      ru: 'У Бориса 10 Влияния, а не 25',
    });
    expect(notHeld(of('Аня Смирнова'), 3, 4).ru).toBe('У Ани Смирновой 3 Влияния, а не 4');
  });
});
