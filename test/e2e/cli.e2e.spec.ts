import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureServiceBuilt } from '../support/service-build';
import { matchlogFromDist as matchlog, type CliRun } from '../support/verify-cli';

/**
 * Operations review 2026-12-06, M4/L1/L2/L4: one `matchlog` command with every verb, `--help`
 * on each (never a backup into a file named `--help`), `--version`, and one line instead of a
 * stack for a bad path. Each run is a process of its own, as an operator runs it from a
 * release: the package's bin in dist, with plain node (no devDependency).
 */

const VERSION = (
  JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as { version: string }
).version;
const VERBS = ['verify', 'doctor', 'backup', 'restore', 'rebuild'];

/** Output that is one line, with no stack frame in it. */
function oneLine(text: string): string {
  const lines = text.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(text).not.toMatch(/^\s+at /m);
  return lines[0];
}

describe('the matchlog command line', () => {
  const work = mkdtempSync(join(tmpdir(), 'matchlog-cli-'));
  const dataDir = join(work, 'data');
  const env = { MATCHLOG_DATA_DIR: dataDir, EVENTSTORE_URL: '' };
  beforeAll(ensureServiceBuilt, 300_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('says its version, and lists every verb', async () => {
    const [version, help] = await Promise.all([matchlog(['--version']), matchlog(['--help'])]);
    expect(version).toEqual({ code: 0, stdout: `matchlog ${VERSION}\n`, stderr: '' });
    expect(help.code).toBe(0);
    for (const verb of VERBS) expect(help.stdout).toMatch(new RegExp(`^  ${verb} `, 'm'));
  }, 60_000);

  it('answers --help on every verb with its usage, and does nothing else', async () => {
    const cwd = mkdtempSync(join(work, 'cwd-'));
    const runs: Array<[string[], CliRun]> = [];
    for (const args of [
      ...VERBS.map((verb) => [verb, '--help']),
      ['backup', '-h'],
      ['backup', 'FILE.db', '--help'],
      ['backup', '--', '--help'],
      ['restore', '--help', 'FILE.db'],
    ])
      runs.push([args, await matchlog(args, env, cwd)]);
    for (const [args, run] of runs) {
      expect({ args, code: run.code, stderr: run.stderr }).toEqual({ args, code: 0, stderr: '' });
      expect(run.stdout).toMatch(new RegExp(`^Usage: matchlog ${args[0]}`));
    }
    // Nothing was backed up, restored or made: no file named --help, no data directory.
    expect(readdirSync(cwd)).toEqual([]);
    expect(existsSync(dataDir)).toBe(false);
  }, 120_000);

  it('refuses an unknown verb or option with the usage, exit 2', async () => {
    const unknown = await matchlog(['dump']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^matchlog: unknown verb dump\n\nUsage: matchlog <verb>/);
    const option = await matchlog(['backup', '--force', 'x.db'], env);
    expect(option.code).toBe(2);
    expect(option.stderr).toMatch(/Unknown option '--force'[^]*Usage: matchlog backup/);
  }, 60_000);

  it('says what is wrong with a bad path in one line, without a stack', async () => {
    const missing = join(work, 'no-such-dir', 'x.db');
    const backup = await matchlog(['backup', missing], env);
    expect(backup.code).toBe(1);
    expect(oneLine(backup.stderr)).toBe(
      `matchlog backup: There is no directory ${join(work, 'no-such-dir')} to back up into: make it first`,
    );

    const restore = await matchlog(['restore', join(work, 'none.db')], env);
    expect(restore.code).toBe(1);
    expect(oneLine(restore.stderr)).toBe(
      `matchlog restore: There is no file ${join(work, 'none.db')}`,
    );

    const doctor = await matchlog(['doctor', join(work, 'none.db')], env);
    expect(doctor.code).toBe(2);
    expect(oneLine(doctor.stdout)).toContain(join(work, 'none.db'));

    const verify = await matchlog(['verify', join(work, 'none.ndjson')]);
    expect(verify.code).toBe(2);
    expect(oneLine(verify.stderr)).toMatch(/^matchlog verify: cannot read .*none\.ndjson: ENOENT/);

    const keys = join(work, 'keys.json');
    writeFileSync(keys, '{"a":1}');
    const notKeys = await matchlog(['verify', join(work, 'none.ndjson'), '--keys', keys]);
    expect(notKeys.code).toBe(2);
    expect(notKeys.stderr).toContain(`--keys ${keys} is not an answer of GET /api/v1/keys`);

    // A data directory that is a file.
    const rebuild = await matchlog(['rebuild'], { ...env, MATCHLOG_DATA_DIR: keys });
    expect(rebuild.code).toBe(1);
    expect(oneLine(rebuild.stderr)).toMatch(/^matchlog rebuild: /);
  }, 120_000);

  it('says nothing could be verified (exit 2) for a file that is no export, never FAIL', async () => {
    const files = {
      empty: '',
      passwd: 'root:x:0:0:root:/root:/bin/bash\n',
      object: '{"a":1}\n',
    };
    for (const [name, text] of Object.entries(files)) {
      const file = join(work, `${name}.ndjson`);
      writeFileSync(file, text);
      const run = await matchlog(['verify', file]);
      expect({ name, code: run.code }).toEqual({ name, code: 2 });
      expect(oneLine(run.stdout)).toMatch(
        new RegExp(`^NOTHING VERIFIED: ${file.replace(/[.]/g, '\\.')}: `),
      );
    }
  }, 120_000);
});
