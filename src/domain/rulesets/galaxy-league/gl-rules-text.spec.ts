import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { quotesNotInSource, ruleRef } from '../kit';
import { RULES, SECTION } from './gl-rules-text';

const SOURCE = readFileSync(
  join(__dirname, '../../../../test/fixtures/rules/galaxy-league.ru.txt'),
  'utf8',
);

describe('galaxy-league rule references', () => {
  it('quotes the Russian text verbatim, section and sentence', () => {
    expect(quotesNotInSource(RULES, SOURCE)).toEqual([]);
  });

  it('names every section as headed in the text', () => {
    const headings = Object.fromEntries(
      Object.entries(SECTION).map(([key, section]) => [key, ruleRef(section, section)]),
    );
    expect(quotesNotInSource(headings, SOURCE)).toEqual([]);
  });

  it('would report a quote the text does not have', () => {
    const invented = ruleRef(SECTION.league, 'Альянс распадается после первого раунда.');
    expect(quotesNotInSource({ invented }, SOURCE)).toEqual([
      'invented: «Альянс распадается после первого раунда.» is not in the source',
    ]);
  });
});
