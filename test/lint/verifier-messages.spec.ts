import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';

const ROOT = join(__dirname, '../..');

/**
 * What `matchlog verify` and the match-file page report comes from these files: every
 * problem, kind and summary line they make must exist in English and in Russian. A message
 * added here as a bare string (English only) fails this spec.
 */
const VERIFIER_FILES = [
  'src/domain/export/verify-export.ts',
  'src/domain/export/match-audit.ts',
  'src/domain/export/replay-check.ts',
  'src/domain/export/receipt.ts',
  'src/domain/export/linked-exports.ts',
  'src/domain/export/verdict-text.ts',
  'src/domain/transparency/log-proof.ts',
];

/**
 * What the CLI says (every verb's usage and usage errors, the monitor's alarms, the service
 * unreachable, its summary) comes from these files: the same rule, and their errors are made
 * with both languages.
 */
const CLI_FILES = [
  'src/infrastructure/cli/matchlog.ts',
  'src/infrastructure/cli/monitor.ts',
  'src/infrastructure/cli/backup.ts',
  'src/infrastructure/cli/restore.ts',
  'src/infrastructure/cli/rebuild.ts',
  'src/infrastructure/cli/usage-error.ts',
  'src/infrastructure/cli/cli-language.ts',
];

/** The CLI's errors a person reads, made with `new`: every argument given is both languages. */
const CLI_ERRORS = new Set(['Alarm', 'Unreachable', 'UsageError']);

/** The functions that make a problem, and which argument is its person-facing text. */
const TEXT_ARGUMENT: Record<string, number> = {
  fail: -1, // the last argument that is not a seq: checked below by kind
  failAtLine: 1,
  auditProblem: 2,
  malformed: 1,
  refused: 0,
  said: 1,
};

function isBareText(node: ts.Node): boolean {
  return (
    ts.isStringLiteral(node) ||
    ts.isNoSubstitutionTemplateLiteral(node) ||
    ts.isTemplateExpression(node) ||
    (ts.isBinaryExpression(node) && (isBareText(node.left) || isBareText(node.right))) ||
    (ts.isConditionalExpression(node) && (isBareText(node.whenTrue) || isBareText(node.whenFalse)))
  );
}

interface Finding {
  where: string;
  what: string;
}

function findingsOf(file: string, text = readFileSync(join(ROOT, file), 'utf8')): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const findings: Finding[] = [];
  const where = (node: ts.Node) =>
    `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const name = node.expression.text;
      if (name in TEXT_ARGUMENT) {
        // `fail(code, text, seq?)` everywhere: the text is the second argument.
        const index = name === 'fail' ? 1 : TEXT_ARGUMENT[name];
        const argument = node.arguments[index];
        if (argument && isBareText(argument))
          findings.push({ where: where(argument), what: `${name}(…) with English-only text` });
      }
    }
    if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      CLI_ERRORS.has(node.expression.text)
    ) {
      const name = node.expression.text;
      // Alarm's second argument is its proof (data); UsageError's is the verb's usage.
      const texts =
        name === 'UsageError' ? (node.arguments ?? []) : (node.arguments ?? []).slice(0, 1);
      for (const argument of texts)
        if (isBareText(argument))
          findings.push({ where: where(argument), what: `new ${name}(…) with English-only text` });
    }
    // A verb's usage (`BACKUP_USAGE`, …) is printed as it is: both languages, not a string.
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      /USAGE$/.test(node.name.text) &&
      node.initializer &&
      isBareText(node.initializer)
    )
      findings.push({ where: where(node), what: `${node.name.text} is English only` });
    if (
      ts.isPropertyAccessExpression(node) &&
      node.name.text === 'fail' &&
      ts.isCallExpression(node.parent) &&
      node.parent.expression === node
    ) {
      const argument = node.parent.arguments[1];
      if (argument && isBareText(argument))
        findings.push({ where: where(argument), what: 'this.fail(…) with English-only text' });
    }
    if (ts.isObjectLiteralExpression(node)) {
      const names = node.properties.map((p) =>
        p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : '',
      );
      const message = node.properties.find(
        (p): p is ts.PropertyAssignment =>
          ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === 'message',
      );
      // A problem's `message` is the English of its `text`, made with it.
      if (message && isBareText(message.initializer) && !names.includes('text'))
        findings.push({ where: where(message), what: 'a message without its Russian text' });
      const en = node.properties.find(
        (p): p is ts.PropertyAssignment =>
          ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === 'en',
      );
      const ru = node.properties.find(
        (p): p is ts.PropertyAssignment =>
          ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === 'ru',
      );
      if (en && !ru) findings.push({ where: where(en), what: 'an `en` without its `ru`' });
      const ruText = ru?.initializer.getText() ?? '';
      // Empty parts (`{ en: '', ru: '' }`) have no words to translate.
      const empty = /^(''|``)$/.test(ruText);
      if (en && ru && !empty && en.initializer.getText() === ruText)
        findings.push({ where: where(ru), what: 'a `ru` that is the English text' });
      // A `ru` made of other texts' Russian (`${what.ru}`) has its words there.
      const composed = /\.ru\b|\[lang\]/.test(ruText);
      if (ru && isBareText(ru.initializer) && !empty && !composed && !/[а-яё]/i.test(ruText))
        findings.push({ where: where(ru), what: 'a `ru` with no Russian word' });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

describe('lint: every verifier and monitor message exists in Russian and English', () => {
  it.each(VERIFIER_FILES)('%s', (file) => {
    expect(findingsOf(file)).toEqual([]);
  });

  it.each(CLI_FILES)('%s', (file) => {
    expect(findingsOf(file)).toEqual([]);
  });

  it('catches an English-only CLI error (the lint itself works)', () => {
    const probe = [
      "throw new UsageError('which service?', MONITOR_USAGE);",
      'throw new Alarm(`match ${id} was rewritten`, { leaf });',
      "throw new UsageError({ en: 'no verb', ru: 'нет' }, 'Usage: matchlog');",
      "throw new Unreachable({ en: 'down', ru: 'down' });",
      "throw new Alarm({ en: 'two', ru: 'два' }, { proof: 'text' });",
      'export const RESTORE_USAGE = `Usage: matchlog restore FILE`;',
      "const DOCTOR_USAGE = { en: 'Usage: matchlog doctor', ru: 'Использование: matchlog doctor' };",
    ].join('\n');
    expect(findingsOf('probe.ts', probe).map((f) => f.where)).toEqual([
      'probe.ts:1',
      'probe.ts:2',
      'probe.ts:3',
      // The English as its Russian, and no Russian word in it.
      'probe.ts:4',
      'probe.ts:4',
      'probe.ts:6',
    ]);
  });

  it('catches an English-only problem (the lint itself works)', () => {
    const probe = [
      "const a = { code: 'x', message: `seq ${1} was altered` };",
      "fail('x', 'plain');",
      "this.fail('x', `seq ${2}`, 2);",
      "const b = { en: 'same', ru: 'same' };",
      "const c = { en: 'only English' };",
      "const d = { code: 'y', message: text.en, text };",
      "fail('y', { en: 'two', ru: 'два' });",
    ].join('\n');
    expect(findingsOf('probe.ts', probe).map((f) => f.where)).toEqual([
      'probe.ts:1',
      'probe.ts:2',
      'probe.ts:3',
      'probe.ts:4',
      'probe.ts:4',
      'probe.ts:5',
    ]);
  });
});
