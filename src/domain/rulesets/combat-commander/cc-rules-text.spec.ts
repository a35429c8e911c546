import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { quotesNotInSource, ruleRef } from '../kit';
import { CC_OPTIONS } from './cc-options';
import { RULES, SECTION } from './cc-rules-text';

const SOURCE = readFileSync(
  join(__dirname, '../../../../test/fixtures/rules/combat-commander.ru.txt'),
  'utf8',
);

describe('combat-commander rule references', () => {
  it('quotes the Russian text verbatim, section and sentence', () => {
    expect(quotesNotInSource(RULES, SOURCE)).toEqual([]);
  });

  it('names every section as headed in the text', () => {
    const headings = Object.fromEntries(
      Object.entries(SECTION).map(([key, section]) => [key, ruleRef(section, section)]),
    );
    expect(quotesNotInSource(headings, SOURCE)).toEqual([]);
  });

  it('cites a quoted rule in every option', () => {
    const refs = Object.fromEntries(
      CC_OPTIONS.flatMap((o) => (o.ruleRef ?? '').split(' / ').map((r, i) => [`${o.id}.${i}`, r])),
    );
    expect(quotesNotInSource(refs, SOURCE)).toEqual([]);
  });

  it('would report a quote the text does not have', () => {
    const invented = ruleRef(SECTION.triggers, 'Триггер Time! срабатывает дважды.');
    expect(quotesNotInSource({ invented }, SOURCE)).toEqual([
      'invented: «Триггер Time! срабатывает дважды.» is not in the source',
    ]);
  });
});
