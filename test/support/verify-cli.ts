import { execFile } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `matchlog verify FILE …` as a user runs it: a separate process, no server, no network. */
export function verifyCli(file: string, ...extra: string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['-r', '@swc-node/register', 'src/infrastructure/cli/matchlog.ts', 'verify', file, ...extra],
      { cwd: ROOT, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
