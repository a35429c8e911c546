import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { quotesNotInSource } from '../kit';
import { RULES } from './cp-rules-text';

const SOURCE = join(__dirname, '../../../../test/fixtures/rules/commanders-path.ru.txt');

describe('Commanders Path rule references', () => {
  it('quote the Russian text word for word, under sections headed as in it', () => {
    expect(quotesNotInSource(RULES, readFileSync(SOURCE, 'utf8'))).toEqual([]);
  });
});
