import { GENERIC_WORDS, type RulesetWords } from '../ruleset-words';
import { seatName } from './organizer-matches';

const REX: RulesetWords = {
  ...GENERIC_WORDS,
  faction: (id) => (id === 'hacan' ? { en: 'Hacan', ru: 'Хакан' } : undefined),
};

describe('the organizer names a seat of his list', () => {
  it('by its player, else its side', () => {
    expect(seatName({ seat: 'red', player: 'Аня', faction: 'hacan' }, 0, 'ru', REX)).toBe('Аня');
    expect(seatName({ seat: 'red', side: 'Империя', faction: 'hacan' }, 0, 'ru', REX)).toBe(
      'Империя',
    );
  });

  it('with no player nor side, by its faction as the game names it, never its id', () => {
    expect(seatName({ seat: 'hacan', faction: 'hacan' }, 1, 'ru', REX)).toBe('Хакан');
    expect(seatName({ seat: 'hacan', faction: 'hacan' }, 1, 'en', REX)).toBe('Hacan');
    // A faction the game does not name: the seat's number, not «xxcha».
    expect(seatName({ seat: 'xxcha', faction: 'xxcha' }, 2, 'ru', REX)).not.toContain('xxcha');
  });
});
