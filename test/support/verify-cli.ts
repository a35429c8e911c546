import { execFile } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `matchlog <verb> …` as a user runs it: a separate process (the CLI's source through swc, as
 * the npm scripts run it), with `env` over the test's environment.
 */
export function matchlogCli(
  args: string[],
  env: Record<string, string> = {},
  cwd = ROOT,
): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [
        '-r',
        require.resolve('@swc-node/register'),
        join(ROOT, 'src/infrastructure/cli/matchlog.ts'),
        ...args,
      ],
      {
        cwd,
        timeout: 60_000,
        // From another working directory too: swc compiles with the project's settings.
        env: { ...process.env, SWC_NODE_PROJECT: join(ROOT, 'tsconfig.json'), ...env },
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
