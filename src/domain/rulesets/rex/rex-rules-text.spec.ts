import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { quotesNotInSource, ruleRef } from '../kit';
import { RULES, SECTION } from './rex-rules-text';

const SOURCE = readFileSync(join(__dirname, '../../../../test/fixtures/rules/rex.ru.txt'), 'utf8');

describe('rex rule references', () => {
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
    const invented = ruleRef(SECTION.combat, 'Бой длится до последнего Войска.');
    expect(quotesNotInSource({ invented }, SOURCE)).toEqual([
      'invented: «Бой длится до последнего Войска.» is not in the source',
    ]);
  });
});
