import { negotiateLanguage } from './accept-language';

describe('negotiateLanguage (Accept-Language)', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['ru', 'ru'],
    ['RU-ru', 'ru'],
    ['en-GB', 'en'],
    ['de, fr', 'en'],
    ['de, ru;q=0.5', 'ru'],
    ['ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7', 'ru'],
    ['en-US,en;q=0.9,ru;q=0.8', 'en'],
    ['en;q=0.5, ru;q=0.8', 'ru'],
    ['ru;q=0.5, en;q=0.8', 'en'],
  ] as const)('%j is %s', (header, language) => {
    expect(negotiateLanguage(header)).toBe(language);
  });

  it('breaks a tie of q-values by the order of the ranges', () => {
    expect(negotiateLanguage('ru;q=0.7, en;q=0.7')).toBe('ru');
    expect(negotiateLanguage('en;q=0.7, ru;q=0.7')).toBe('en');
  });

  it('takes q=0 as a refusal of the language', () => {
    expect(negotiateLanguage('ru;q=0, en;q=0.1')).toBe('en');
    expect(negotiateLanguage('en;q=0, ru;q=0.1')).toBe('ru');
    expect(negotiateLanguage('ru;q=0')).toBe('en');
  });

  it('lets * stand for the languages the header does not name', () => {
    expect(negotiateLanguage('*')).toBe('en');
    expect(negotiateLanguage('en;q=0, *')).toBe('ru');
    expect(negotiateLanguage('de, *;q=0.5, en;q=0.1')).toBe('ru');
  });

  it('ignores ranges whose q is not a q-value', () => {
    expect(negotiateLanguage('ru;q=2, en;q=0.3')).toBe('en');
    expect(negotiateLanguage('ru;q=abc')).toBe('en');
    expect(negotiateLanguage('ru ; Q = 0.4 , en;q=0.3')).toBe('ru');
  });

  it('reads a header sent several times as one list', () => {
    expect(negotiateLanguage(['de', 'ru;q=0.4'])).toBe('ru');
  });
});
