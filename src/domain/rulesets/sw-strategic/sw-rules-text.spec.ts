import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { quotesNotInSource, ruleRef } from '../kit';
import { RULES, SECTION } from './sw-rules-text';

const SOURCE = readFileSync(
  join(__dirname, '../../../../test/fixtures/rules/sw-strategic.ru.txt'),
  'utf8',
);

describe('sw-strategic rule references', () => {
  it('quotes the Russian text verbatim, section and sentence', () => {
    expect(quotesNotInSource(RULES, SOURCE)).toEqual([]);
  });

  it('names every section as headed in the text', () => {
    const headings = Object.fromEntries(
      Object.entries(SECTION).map(([key, section]) => [key, ruleRef(section, section)]),
    );
    expect(quotesNotInSource(headings, SOURCE)).toEqual([]);
  });
});
