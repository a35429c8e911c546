import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as ts from 'typescript';

const ROOT = join(__dirname, '../..');

/**
 * The folders (and single files) whose every refusal is written in both languages. A refusal
 * added there with an English-only message (a string where `{ en, ru }` belongs) fails this
 * spec; add a folder here once all of its refusals are translated.
 */
const TRANSLATED = [
  'src/application',
  'src/domain/match',
  'src/domain/players',
  'src/domain/rulesets/kit',
  'src/domain/rulesets/freeform',
  'src/domain/rulesets/template',
  'src/domain/rulesets/rex',
  'src/domain/rulesets/galaxy-league',
  'src/domain/rulesets/sw-strategic',
  'src/domain/rulesets/combat-commander',
  'src/domain/rulesets/commanders-path',
  'src/domain/rulesets/validate-options.ts',
  'src/domain/rulesets/validate-params.ts',
];

/** Calls that refuse, and which argument is the person-facing message. */
const MESSAGE_ARGUMENT: Record<string, number> = {
  refuse: 1,
  violation: 1,
  invalid: 1,
  wrongState: 1,
  NotFoundError: 0,
  ForbiddenError: 0,
  BadRequestError: 0,
  ConflictError: 0,
  UnauthorizedError: 0,
  PayloadRejectedError: 0,
  HttpRefusalError: 2,
};

const REJECTION_KINDS = new Set([
  'rule_violation',
  'invalid_params',
  'not_permitted',
  'wrong_match_state',
]);

/** The source files of a folder, or the file itself when a listed path is one file. */
function sourceFiles(dir: string): string[] {
  if (!statSync(dir).isDirectory()) return [dir];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') && !name.endsWith('.testkit.ts')
      ? [path]
      : [];
  });
}

function calleeName(expression: ts.Expression): string | undefined {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression)) return expression.name.text;
  return undefined;
}

/** Whether `type` may be a plain string (an English-only message). */
function mayBeString(type: ts.Type): boolean {
  if (type.isUnion()) return type.types.some(mayBeString);
  return (type.flags & (ts.TypeFlags.StringLike | ts.TypeFlags.Any)) !== 0;
}

/** A program over `files` with the types a refusal's message is checked against. */
function programOf(files: string[]): ts.Program {
  return ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    strict: true,
    experimentalDecorators: true,
    emitDecoratorMetadata: true,
    skipLibCheck: true,
    noEmit: true,
  });
}

/** Every refusal in `files` whose message may be English only: "path:line: code". */
function englishOnlyRefusals(program: ts.Program, files: string[]): string[] {
  const checker = program.getTypeChecker();
  const found: string[] = [];
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`${file} was not read`);
    const report = (node: ts.Node) => {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(`${relative(ROOT, file)}:${line + 1}: ${node.getText(source).slice(0, 100)}`);
    };
    const visit = (node: ts.Node): void => {
      // The API itself passes a `string | LocalizedText` on: what its callers give is checked.
      if (
        (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) &&
        node.name &&
        ts.isIdentifier(node.name) &&
        node.name.text in MESSAGE_ARGUMENT
      )
        return;
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        const name = calleeName(node.expression);
        const index = name === undefined ? undefined : MESSAGE_ARGUMENT[name];
        const message = index === undefined ? undefined : node.arguments?.[index];
        if (message && mayBeString(checker.getTypeAtLocation(message))) report(node);
      }
      // A rejection written out as an object literal carries its localized text.
      if (ts.isObjectLiteralExpression(node)) {
        const kind = node.properties.find(
          (p): p is ts.PropertyAssignment =>
            ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === 'kind',
        );
        const names = node.properties.map((p) =>
          p.name && ts.isIdentifier(p.name) ? p.name.text : '',
        );
        if (
          kind &&
          ts.isStringLiteral(kind.initializer) &&
          REJECTION_KINDS.has(kind.initializer.text) &&
          names.includes('message') &&
          !names.includes('localized') &&
          !node.properties.some(ts.isSpreadAssignment)
        )
          report(node);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('refusals in both languages (lint)', () => {
  const files = TRANSLATED.flatMap((dir) => sourceFiles(join(ROOT, dir)));
  const fixture = join(ROOT, 'test/lint/fixtures/english-only-refusal.ts');
  let program: ts.Program;

  beforeAll(() => {
    program = programOf([...files, fixture]);
  }, 120_000);

  it('finds the refusals of the translated folders', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it('gives every refusal in the translated folders a { en, ru } message', () => {
    expect(englishOnlyRefusals(program, files)).toEqual([]);
  });

  it('would catch an English-only refusal', () => {
    expect(englishOnlyRefusals(program, [fixture])).toEqual([
      expect.stringContaining("refuse('too_far', 'The piece moves at most 2 spaces')"),
      expect.stringContaining('new NotFoundError(`There is no match ${matchId}`)'),
      expect.stringContaining("kind: 'not_permitted'"),
    ]);
  });
});
