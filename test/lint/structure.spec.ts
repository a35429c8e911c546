import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import * as ts from 'typescript';
import { createRulesetRegistry } from '../../src/application/rulesets/ruleset-catalog';
import { GAMES, RULESETS } from '../../src/domain/rulesets/games';
import type { Ruleset } from '../../src/domain/rulesets/ruleset';
import { COIN_RACE_GAME } from '../../src/domain/rulesets/template/coin-race.game';
import { gameNaming } from '../../src/domain/naming/match-phrases';

const ROOT = join(__dirname, '../..');

/**
 * Issue 40's structural rules that no linter here checks: no import cycle that runs (a cycle
 * of `import type` only is erased by the compiler), none at all in the domain, every game in
 * the manifest, and commit subjects a reader can scan.
 */

/** The folder under rulesets/ a manifest's ruleset comes from, found by its ruleset file. */
function folderOf(ruleset: Ruleset): string {
  const found = gameFolders().find(({ rulesetFile }) =>
    rulesetsExportedBy(rulesetFile).includes(ruleset),
  );
  return found?.folder ?? `(no folder for ${ruleset.id})`;
}

/** The TypeScript files under `dir`; with `tests`, its specs and testkits too. */
function sourceFiles(dir: string, tests = false): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path, tests);
    return /\.tsx?$/.test(name) && (tests || !/\.(spec|testkit)\.tsx?$/.test(name)) ? [path] : [];
  });
}

/** The web client's path alias for the shared domain code (web/tsconfig.json, web/vite.config.mjs). */
const DOMAIN_ALIAS = '@domain/';

function resolved(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else if (specifier.startsWith(DOMAIN_ALIAS))
    base = join(ROOT, 'src/domain', specifier.slice(DOMAIN_ALIAS.length));
  else return undefined;
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((file) => existsSync(file));
}

/** Whether an import or export declaration brings in anything at run time. */
function runs(statement: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(statement)) return !statement.isTypeOnly;
  const clause = statement.importClause;
  if (!clause) return true; // a side-effect import
  if (clause.isTypeOnly) return false;
  if (clause.name) return true;
  const bindings = clause.namedBindings;
  if (!bindings || ts.isNamespaceImport(bindings)) return true;
  // `import { type A, type B }` is erased; an empty `import {}` keeps the module's side effects.
  return bindings.elements.length === 0 || bindings.elements.some((e) => !e.isTypeOnly);
}

/** The project files `file` imports: at run time only, or with its type-only imports too. */
function importsOf(file: string, text: string, withTypes: boolean): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  return source.statements.flatMap((statement) => {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) return [];
    const specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier)) return [];
    if (!withTypes && !runs(statement)) return [];
    const target = resolved(file, specifier.text);
    return target ? [target] : [];
  });
}

/** The project files `file` imports at run time. */
export function runtimeImports(file: string, text = readFileSync(file, 'utf8')): string[] {
  return importsOf(file, text, false);
}

/** The project files `file` imports, `import type` included. */
export function allImports(file: string, text = readFileSync(file, 'utf8')): string[] {
  return importsOf(file, text, true);
}

const RULESETS_DIR = join(ROOT, 'src/domain/rulesets');

/** The game folders: each folder under rulesets/ holding a `*.ruleset.ts`, and that file. */
function gameFolders(): { folder: string; rulesetFile: string }[] {
  return readdirSync(RULESETS_DIR).flatMap((folder) => {
    const dir = join(RULESETS_DIR, folder);
    if (!statSync(dir).isDirectory()) return [];
    return readdirSync(dir)
      .filter((name) => name.endsWith('.ruleset.ts'))
      .map((name) => ({ folder, rulesetFile: join(dir, name) }));
  });
}

/** The rulesets a file exports (an object with an id and decisions). */
function rulesetsExportedBy(file: string): Ruleset[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const exported = require(file) as Record<string, unknown>;
  return Object.values(exported).filter(
    (value): value is Ruleset =>
      typeof value === 'object' && value !== null && 'id' in value && 'decisions' in value,
  );
}

/** The strongly connected groups of more than one file (Tarjan): each is an import cycle. */
export function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

/** The providers each `@Module` in `file` registers, spreads of a const array counted by element. */
export function providersByModule(file: string, text = readFileSync(file, 'utf8')) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const arrays = new Map<string, ts.ArrayLiteralExpression>();
  const modules: { name: string; providers: number }[] = [];
  const count = (list: ts.ArrayLiteralExpression): number =>
    list.elements.reduce((sum, element) => {
      if (!ts.isSpreadElement(element)) return sum + 1;
      const spread = ts.isIdentifier(element.expression)
        ? arrays.get(element.expression.text)
        : undefined;
      return sum + (spread ? count(spread) : 1);
    }, 0);
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement))
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name) && declaration.initializer)
          if (ts.isArrayLiteralExpression(declaration.initializer))
            arrays.set(declaration.name.text, declaration.initializer);
    if (!ts.isClassDeclaration(statement) || !statement.name) continue;
    for (const decorator of ts.getDecorators(statement) ?? []) {
      const call = decorator.expression;
      if (!ts.isCallExpression(call) || call.expression.getText(source) !== 'Module') continue;
      const [metadata] = call.arguments;
      if (!metadata || !ts.isObjectLiteralExpression(metadata)) continue;
      const property = metadata.properties.find(
        (p): p is ts.PropertyAssignment =>
          ts.isPropertyAssignment(p) && p.name.getText(source) === 'providers',
      );
      const list = property && property.initializer;
      const providers = list && ts.isArrayLiteralExpression(list) ? count(list) : 0;
      modules.push({ name: statement.name.text, providers });
    }
  }
  return modules;
}

describe('the structure (issue 40)', () => {
  // Each app is its own graph: the web client reaches into src/domain, never the reverse.
  it.each(['src', 'web/src'])('has no import cycle that runs in %s', (root) => {
    const files = sourceFiles(join(ROOT, root));
    expect(files.length).toBeGreaterThan(0);
    const graph = new Map(files.map((file) => [file, runtimeImports(file)]));
    const cycles = cyclesOf(graph).map((group) => group.map((f) => relative(ROOT, f)));
    expect(cycles).toEqual([]);
  });

  it('has no import cycle at all in the domain, type-only imports and tests included', () => {
    const files = sourceFiles(join(ROOT, 'src/domain'), true);
    const graph = new Map(files.map((file) => [file, allImports(file)]));
    const cycles = cyclesOf(graph).map((group) => group.map((f) => relative(ROOT, f)));
    expect(cycles).toEqual([]);
  });

  // The board kit ended the boards' type cycle (board.ts → ruleset-words.ts → ruleset-board.ts).
  it('has no import cycle in web/src, type-only ones included', () => {
    const files = sourceFiles(join(ROOT, 'web/src'));
    const graph = new Map(files.map((file) => [file, allImports(file)]));
    const cycles = cyclesOf(graph).map((group) => group.map((f) => relative(ROOT, f)));
    expect(cycles).toEqual([]);
  });

  it('follows type-only imports when it looks for the domain’s cycles', () => {
    const probe = join(ROOT, 'src/probe.ts');
    const events = join(ROOT, 'src/domain/match/match-events.ts');
    expect(allImports(probe, "import type { x } from './domain/match/match-events';")).toEqual([
      events,
    ]);
    expect(allImports(probe, "import { type x } from './domain/match/match-events';")).toEqual([
      events,
    ]);
    expect(allImports(probe, "export type { x } from './domain/match/match-events';")).toEqual([
      events,
    ]);
  });

  it('lists every game folder in the manifest, the template only in tests', () => {
    const folders = gameFolders();
    // The six games and the template: a folder that stops holding its ruleset fails here too.
    expect(folders.map((f) => f.folder).sort()).toEqual(
      [...GAMES.map((game) => folderOf(game.ruleset)), 'template'].sort(),
    );
    const missing = folders
      .filter(({ folder }) => folder !== 'template')
      .flatMap(({ folder, rulesetFile }) =>
        rulesetsExportedBy(rulesetFile)
          .filter((ruleset) => !GAMES.some((game) => game.ruleset === ruleset))
          .map((ruleset) => `${folder}: ${ruleset.id}`),
      );
    expect(missing).toEqual([]);
    const [template] = rulesetsExportedBy(join(RULESETS_DIR, 'template/coin-race.ruleset.ts'));
    expect(GAMES.some((game) => game.ruleset.id === template.id)).toBe(false);
    expect(COIN_RACE_GAME.ruleset).toBe(template);
  });

  it('builds the template game from the template folder alone, as a copied game would be', () => {
    // What the template's manifest entry reaches: its own folder and the shared machinery
    // (the kit, the table, the naming), never another game's folder.
    const entry = join(RULESETS_DIR, 'template/coin-race.game.ts');
    const games = new Set(gameFolders().map(({ folder }) => join(RULESETS_DIR, folder)));
    const reached = new Set([entry]);
    for (const file of reached) for (const next of allImports(file)) reached.add(next);
    // A game's subfolders (its decisions/) count as the game.
    const gameOf = (file: string) => [...games].find((game) => file.startsWith(game + sep));
    const elsewhere = [...reached].filter((file) => {
      const game = gameOf(file);
      return game !== undefined && game !== dirname(entry);
    });
    expect(elsewhere.map((file) => relative(ROOT, file))).toEqual([]);
    expect(reached.has(join(RULESETS_DIR, 'template/coin-race-naming.ts'))).toBe(true);
    expect(reached.has(join(RULESETS_DIR, 'template/coin-race-decision-sentences.ts'))).toBe(true);
    expect(reached.has(join(RULESETS_DIR, 'template/decisions/race.ts'))).toBe(true);
    // Registered beside the manifest's games, it plays and its decisions read as sentences.
    const registry = createRulesetRegistry([...RULESETS, COIN_RACE_GAME.ruleset]);
    expect(registry.get(COIN_RACE_GAME.ruleset.id)).toBe(COIN_RACE_GAME.ruleset);
    const sentences = gameNaming(COIN_RACE_GAME).decisions ?? {};
    expect(
      Object.keys(COIN_RACE_GAME.ruleset.decisions).filter((kind) => !sentences[kind]),
    ).toEqual([]);
  });

  it('finds a cycle through value imports and none through type-only ones', () => {
    // A file beside src/domain importing a module that exists, in each way one can.
    const probe = join(ROOT, 'src/probe.ts');
    const events = join(ROOT, 'src/domain/match/match-events.ts');
    const imports = (text: string) => runtimeImports(probe, text);
    expect(imports("import { x } from './domain/match/match-events';")).toEqual([events]);
    expect(imports("export { x } from './domain/match/match-events';")).toEqual([events]);
    expect(imports("import './domain/match/match-events';")).toEqual([events]);
    expect(imports("import type { x } from './domain/match/match-events';")).toEqual([]);
    expect(imports("import { type x, type y } from './domain/match/match-events';")).toEqual([]);
    expect(imports("export type { x } from './domain/match/match-events';")).toEqual([]);
    expect(allImports(probe, "import type { x } from './domain/match/match-events';")).toEqual([
      events,
    ]);
    // The web client's alias for the shared domain code resolves like a relative import.
    expect(imports("import { x } from '@domain/match/match-events';")).toEqual([events]);
    const cycle = new Map([
      [probe, [events]],
      [events, [probe]],
    ]);
    expect(cyclesOf(cycle)).toEqual([[events, probe].sort()]);
    expect(cyclesOf(new Map([[probe, [events]]]))).toEqual([]);
  });

  // A module of 60 providers (the old MatchesModule) hid what a feature is made of.
  const MOST_PROVIDERS = 15;

  it(`registers at most ${MOST_PROVIDERS} providers in each Nest module`, () => {
    const files = sourceFiles(join(ROOT, 'src')).filter((file) => file.endsWith('.module.ts'));
    const modules = files.flatMap((file) => providersByModule(file));
    expect(modules.length).toBeGreaterThan(10);
    expect(modules.filter((m) => m.providers > MOST_PROVIDERS)).toEqual([]);
  });

  it('counts the providers of a module, spreads of a const array by element', () => {
    const text = `
      const SHARED = [A, B];
      @Module({ imports: [X], providers: [{ provide: T, useValue: 1 }, C, ...SHARED] })
      export class SomeModule {}`;
    expect(providersByModule(join(ROOT, 'src/probe.module.ts'), text)).toEqual([
      { name: 'SomeModule', providers: 4 },
    ]);
  });

  // The subjects this merge brings in were written before the rule (up to 194 characters) or,
  // two of them (73 and 85), merged from helpers' branches before this check ran on them;
  // history is never rewritten, so the check starts after it.
  const LAST_LONG_SUBJECT = '92beb26';

  it('keeps every commit subject since the rule to 72 characters', () => {
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', timeout: 60_000 }).trim();
    // A clone that lacks the old commit (a shallow one) has only its own to check.
    let range = ['-1'];
    try {
      git('cat-file', '-e', `${LAST_LONG_SUBJECT}^{commit}`);
      range = [`${LAST_LONG_SUBJECT}..HEAD`];
    } catch {
      // shallow: HEAD alone
    }
    const subjects = git('log', '--format=%h %s', ...range)
      .split('\n')
      .filter(Boolean);
    expect(subjects.length).toBeGreaterThan(0);
    const long = subjects.filter((line) => line.length - line.indexOf(' ') - 1 > 72);
    expect(long).toEqual([]);
  });
});

/** Every module a file names (static, `export … from`, dynamic `import()`, `require`), resolved. */
function namedModules(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles.flatMap(({ fileName }) => resolved(file, fileName) ?? []);
}

/** All .ts files under `dir`, tests included. */
function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return allFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const WEB = join(ROOT, 'web') + sep;

describe('the web client, its own app (issue 40)', () => {
  it('is never compiled into the server build, which sees no file under web/', () => {
    const config = ts.getParsedCommandLineOfConfigFile(
      join(ROOT, 'tsconfig.build.json'),
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
    );
    if (!config) throw new Error('tsconfig.build.json does not parse');
    const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
    const files = program.getSourceFiles().map((f) => resolve(f.fileName));
    expect(files.some((f) => f.startsWith(join(ROOT, 'src') + sep))).toBe(true);
    expect(files.filter((f) => f.startsWith(WEB)).map((f) => relative(ROOT, f))).toEqual([]);
  });

  it('is imported by no server file, tests beside the code included', () => {
    const offenders = allFiles(join(ROOT, 'src')).flatMap((file) =>
      namedModules(file)
        .filter((target) => target.startsWith(WEB))
        .map((target) => `${relative(ROOT, file)} → ${relative(ROOT, target)}`),
    );
    expect(offenders).toEqual([]);
  });

  it('sees an import into web/, static or dynamic, from a server file', () => {
    const probe = join(ROOT, 'src/probe.ts');
    const games = join(ROOT, 'web/src/games.ts');
    const named = (text: string) =>
      ts
        .preProcessFile(text, true, true)
        .importedFiles.flatMap(({ fileName }) => resolved(probe, fileName) ?? []);
    expect(named("import type { GAMES } from '../web/src/games';")).toEqual([games]);
    expect(named("const g = import('../web/src/games');")).toEqual([games]);
  });

  /** The keys of `export const GAMES = { … }` in web/src/games.ts, read from its source. */
  function clientGameIds(): string[] {
    const file = join(ROOT, 'web/src/games.ts');
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (!ts.isIdentifier(declaration.name) || declaration.name.text !== 'GAMES') continue;
        if (!init || !ts.isObjectLiteralExpression(init)) throw new Error('GAMES is not an object');
        return init.properties.map((p) => {
          if (!ts.isPropertyAssignment(p)) throw new Error('GAMES holds a non-entry');
          if (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) return p.name.text;
          throw new Error('GAMES has a computed key');
        });
      }
    }
    throw new Error('web/src/games.ts declares no GAMES');
  }

  // A path climbing out of a page's folder and back in hides where the code lives: shared
  // domain code is `@domain/…`, test support `@test/…`.
  const MOST_PARENT_STEPS = 2;

  /** The module paths in `text` (static, dynamic, `require`) that climb more than two folders. */
  function deepImports(text: string): string[] {
    return ts
      .preProcessFile(text, true, true)
      .importedFiles.map(({ fileName }) => fileName)
      .filter((name) => (name.match(/(^|\/)\.\.(?=\/)/g) ?? []).length > MOST_PARENT_STEPS);
  }

  it(`imports no module with more than ${MOST_PARENT_STEPS} '../' in a client file`, () => {
    const files = allFiles(join(ROOT, 'web/src'));
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.flatMap((file) =>
      deepImports(readFileSync(file, 'utf8')).map((name) => `${relative(ROOT, file)}: ${name}`),
    );
    expect(offenders).toEqual([]);
  });

  it('sees a client import that climbs three folders, and not one of two or an alias', () => {
    expect(deepImports("import { x } from '../../../src/application/a';")).toEqual([
      '../../../src/application/a',
    ]);
    expect(deepImports("const a = import('../../../src/a');")).toEqual(['../../../src/a']);
    expect(deepImports("import { x } from '../../games';")).toEqual([]);
    expect(deepImports("import { x } from '@domain/rulesets/ruleset';")).toEqual([]);
  });

  it('registers every game the server lists, and no game the server does not', () => {
    // Read from the source, not imported: the registry's boards are browser code.
    const registered = clientGameIds().sort();
    const listed = RULESETS.map((r) => r.id).sort();
    expect(registered).toEqual(listed);
    expect(new Set(registered).size).toBe(registered.length);
  });
});
