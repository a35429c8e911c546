import { SeatNames } from '../names';
import { GENERIC_WORDS } from '../ruleset-words';
import { Phraser } from './phraser';
import type { NameIndex } from './timeline';

const names: NameIndex = {
  zones: new Map(),
  zoneOwners: new Map(),
  pieceTypes: new Map(),
  pieceNames: new Map(),
  pieceOwners: new Map(),
  fleets: new Map(),
  tracks: new Map(),
  trackOwners: new Map(),
  claims: [],
};

describe('a decision’s params in words', () => {
  const phraser = new Phraser(
    names,
    new SeatNames([{ seat: 'blue' }], GENERIC_WORDS),
    GENERIC_WORDS,
    undefined,
  );

  it('reads a piece status in the page’s language', () => {
    expect(phraser.paramsText({ status: 'broken' }, 'ru')).toBe('сломлена');
    expect(phraser.paramsText({ status: 'broken' }, 'en')).toBe('broken');
  });

  it('shows a name given in both languages in the page’s language only', () => {
    const text = phraser.paramsText(
      { value: 1, name: { en: 'Victory points', ru: 'Победные очки' } },
      'ru',
    );
    expect(text).toBe('1, Победные очки');
  });
});
