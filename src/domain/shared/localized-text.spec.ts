import { enCount, englishOf, localizedOf, ruCount } from './localized-text';

describe('localized text', () => {
  it.each([
    [1, '1 событие'],
    [2, '2 события'],
    [4, '4 события'],
    [5, '5 событий'],
    [11, '11 событий'],
    [12, '12 событий'],
    [14, '14 событий'],
    [21, '21 событие'],
    [22, '22 события'],
    [111, '111 событий'],
    [0, '0 событий'],
  ])('counts %i in Russian: %s', (count, text) => {
    expect(ruCount(count, 'событие', 'события', 'событий')).toBe(text);
  });

  it('counts in English', () => {
    expect(enCount(1, 'event', 'events')).toBe('1 event');
    expect(enCount(0, 'event', 'events')).toBe('0 events');
  });

  it('takes a plain string as English only', () => {
    expect(englishOf('Refused')).toBe('Refused');
    expect(localizedOf('Refused')).toBeUndefined();
    expect(englishOf({ en: 'Refused', ru: 'Отказано' })).toBe('Refused');
    expect(localizedOf({ en: 'Refused', ru: 'Отказано' })).toEqual({
      en: 'Refused',
      ru: 'Отказано',
    });
  });
});
