import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RULES, SECTION } from './rex-rules-text';

const SOURCE = join(__dirname, '../../../../test/fixtures/rules/rex.ru.txt');

describe('rex rule references', () => {
  // The page wraps some headings over lines and pads with non-breaking spaces.
  const squash = (s: string): string => s.replace(/\s+/gu, ' ');
  const text = squash(readFileSync(SOURCE, 'utf8'));

  it.each(Object.entries(RULES))('%s quotes the Russian text verbatim', (_key, reference) => {
    const match = /^«(.+?)»: «(.+)»$/s.exec(reference);
    expect(match).not.toBeNull();
    const [, section, quote] = match as RegExpExecArray;
    expect(text).toContain(squash(section));
    expect(text).toContain(squash(quote));
  });

  it('names every section as headed in the text', () => {
    for (const section of Object.values(SECTION)) expect(text).toContain(squash(section));
  });
});
