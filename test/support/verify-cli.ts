import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `matchlog <verb> …` as a user runs it: a separate process (the CLI's source through swc, so
 * that the code under test runs), with `env` over the test's environment.
 */
export function matchlogCli(
  args: string[],
  env: Record<string, string> = {},
  cwd = ROOT,
): Promise<CliRun> {
  return run(
    [
      '-r',
      require.resolve('@swc-node/register'),
      join(ROOT, 'src/infrastructure/cli/matchlog.ts'),
      ...args,
    ],
    // From another working directory too: swc compiles with the project's settings.
    { SWC_NODE_PROJECT: join(ROOT, 'tsconfig.json'), ...env },
    cwd,
  );
}

/**
 * `matchlog <verb> …` as a release runs it: the package's bin, `dist/infrastructure/cli/
 * matchlog.js`, with plain node and no devDependency. Call ensureServiceBuilt() first.
 */
export function matchlogFromDist(
  args: string[],
  env: Record<string, string> = {},
  cwd = ROOT,
): Promise<CliRun> {
  return run([join(ROOT, PACKAGE_BIN), ...args], env, cwd);
}

/** The `matchlog` bin of package.json. */
const PACKAGE_BIN = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: { matchlog: string } }
).bin.matchlog;

function run(nodeArgs: string[], env: Record<string, string>, cwd: string): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      nodeArgs,
      // English unless a test asks for a language: the verifier speaks the locale's.
      {
        cwd,
        timeout: 60_000,
        env: { ...process.env, LC_ALL: '', LC_MESSAGES: '', LANG: 'C.UTF-8', ...env },
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** `matchlog verify FILE …` as a user runs it: a separate process, no server, no network. */
export function verifyCli(file: string, ...extra: string[]): Promise<CliRun> {
  return matchlogCli(['verify', file, ...extra]);
}
