import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');

/** The messages ESLint gives a file of `code` standing at `path` (a child process: the config is ESM). */
function lint(path: string, code: string): string[] {
  let output: string;
  try {
    output = execFileSync(
      process.execPath,
      [
        join(ROOT, 'node_modules/eslint/bin/eslint.js'),
        '--format',
        'json',
        '--stdin',
        '--stdin-filename',
        path,
      ],
      { cwd: ROOT, input: code, encoding: 'utf8', timeout: 60_000 },
    );
  } catch (error) {
    // ESLint exits 1 when it found problems; its report is still on stdout.
    output = (error as { stdout: string }).stdout;
  }
  const [report] = JSON.parse(output) as {
    messages: { ruleId: string | null; message: string }[];
  }[];
  return report.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the ruleset boundary (lint)', () => {
  const game = 'src/domain/rulesets/some-game/some-game.ruleset.ts';

  it('refuses a ruleset that imports the engine or another game', () => {
    const code = [
      "import { matchEvent } from '../../match/match-events';",
      "import { rexRuleset } from '../rex/rex.ruleset';",
      'export const used = [matchEvent, rexRuleset];',
      '',
    ].join('\n');
    const messages = lint(game, code);
    expect(messages).toHaveLength(2);
    for (const message of messages) expect(message).toMatch(/^no-restricted-imports: .*kit/);
  });

  it('lets a ruleset import the kit, the table model, the interface and its own files', () => {
    const code = [
      "import { refuse } from '../kit';",
      "import { Draft } from '../kit/draft';",
      "import type { Table } from '../../table/table';",
      "import type { Ruleset } from '../ruleset';",
      "import type { RecordedEvent } from '../../events/recorded-event';",
      "import { own } from '../../shared/id-record';",
      "import { RULES } from './some-game-rules-text';",
      'export const used = [refuse, Draft, own, RULES];',
      'export type Used = [Table, Ruleset, RecordedEvent];',
      '',
    ].join('\n');
    expect(lint(game, code)).toEqual([]);
  });

  // A game's decisions sit one folder down (`<game>/decisions/<phase>.ts`): the same boundary.
  const phase = 'src/domain/rulesets/some-game/decisions/some-phase.ts';

  it('refuses a decisions file that imports the engine or another game', () => {
    const code = [
      "import { matchEvent } from '../../../match/match-events';",
      "import { rexRuleset } from '../../rex/rex.ruleset';",
      'export const used = [matchEvent, rexRuleset];',
      '',
    ].join('\n');
    const messages = lint(phase, code);
    expect(messages).toHaveLength(2);
    for (const message of messages) expect(message).toMatch(/^no-restricted-imports: .*kit/);
  });

  it('lets a decisions file import the kit, the interface and its own game', () => {
    const code = [
      "import { refuse } from '../../kit';",
      "import type { Ruleset } from '../../ruleset';",
      "import type { Table } from '../../../table/table';",
      "import { RULES } from '../some-game-rules-text';",
      "import { SomePhaseParams } from './some-phase.params';",
      'export const used = [refuse, RULES, SomePhaseParams];',
      'export type Used = [Table, Ruleset];',
      '',
    ].join('\n');
    expect(lint(phase, code)).toEqual([]);
  });

  it('lets the kit itself reach into the engine', () => {
    const code =
      "import { matchEvent } from '../../match/match-events';\nexport const used = matchEvent;\n";
    expect(lint('src/domain/rulesets/kit/probe.ts', code)).toEqual([]);
  });
});
