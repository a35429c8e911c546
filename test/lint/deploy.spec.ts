import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SOURCES } from '../../scripts/check-build';

/**
 * deploy/: the container image and the systemd unit, linted here (no Docker engine, no systemd
 * running): the Dockerfile's instructions parsed and held to what docs/operations.md promises,
 * the unit through `systemd-analyze verify` and its offline security score where it exists.
 */

const ROOT = join(__dirname, '../..');
const DEPLOY = join(ROOT, 'deploy');
const read = (file: string) => readFileSync(join(DEPLOY, file), 'utf8');

interface Instruction {
  keyword: string;
  args: string;
}

/** A Dockerfile's instructions: continuation lines joined, comments and blank lines dropped. */
function parseDockerfile(text: string): Instruction[] {
  const logical = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ');
  return logical
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const [, keyword, args] = /^(\S+)\s*(.*)$/.exec(line)!;
      return { keyword: keyword.toUpperCase(), args: args.replace(/\s+/g, ' ') };
    });
}

const KEYWORDS = new Set(
  'FROM RUN CMD LABEL EXPOSE ENV ADD COPY ENTRYPOINT VOLUME USER WORKDIR ARG ONBUILD STOPSIGNAL HEALTHCHECK SHELL'.split(
    ' ',
  ),
);

/** Whether a .dockerignore leaves `path` in the build context (the last matching rule wins). */
function inContext(rules: string[], path: string): boolean {
  let included = true;
  for (const rule of rules) {
    const negated = rule.startsWith('!');
    const pattern = negated ? rule.slice(1) : rule;
    const regex = new RegExp(
      `^${pattern
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*\*\//g, '\uE000')
        .replace(/\*/g, '[^/]*')
        .replace(/\?/g, '[^/]')
        .replace(/\uE000/g, '(.*/)?')}(/.*)?$`,
    );
    if (regex.test(path)) included = negated;
  }
  return included;
}

describe('deploy/Dockerfile', () => {
  const instructions = parseDockerfile(read('Dockerfile'));
  const stages: Instruction[][] = [];
  for (const instruction of instructions)
    if (instruction.keyword === 'FROM') stages.push([instruction]);
    else if (stages.length > 0) stages.at(-1)!.push(instruction);
  const [build, runtime] = [stages[0], stages.at(-1)!];
  const all = (stage: Instruction[], keyword: string) =>
    stage.filter((i) => i.keyword === keyword).map((i) => i.args);
  const env = (stage: Instruction[]) =>
    Object.fromEntries(
      all(stage, 'ENV').flatMap((args) =>
        [...args.matchAll(/(\w+)=(\S+)/g)].map(([, key, value]) => [key, value]),
      ),
    );

  it('is made of known instructions, in two stages or more', () => {
    expect(instructions.filter((i) => !KEYWORDS.has(i.keyword))).toEqual([]);
    expect(instructions.findIndex((i) => i.keyword === 'FROM')).toBe(
      instructions.findIndex((i) => i.keyword !== 'ARG'),
    );
    expect(stages.length).toBeGreaterThanOrEqual(2);
  });

  it('builds dist in the build stage from every source root the build reads', () => {
    expect(all(build, 'RUN')).toContain('npm run build');
    const copied = all(build, 'COPY').flatMap((args) => args.split(' ').slice(0, -1));
    for (const source of SOURCES)
      if (existsSync(join(ROOT, source)))
        expect({ source, copied }).toEqual({
          source,
          copied: expect.arrayContaining([source]),
        });
  });

  it('runs dist with the production dependencies only, as a user who is not root', () => {
    expect(runtime[0].args).toMatch(/-slim\b/);
    expect(all(runtime, 'RUN').join(' ')).toMatch(/\bnpm ci --omit=dev\b/);
    expect(all(runtime, 'COPY')).toContain('--from=build /app/dist ./dist');
    const users = all(runtime, 'USER');
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    const last = runtime.map((i) => i.keyword);
    expect(last.lastIndexOf('USER')).toBeLessThan(last.lastIndexOf('CMD'));
    expect(JSON.parse(all(runtime, 'CMD').at(-1)!)).toEqual(['node', 'dist/main.js']);
  });

  it('keeps the data directory in a volume, listens on PORT, and checks /health/ready', () => {
    const { MATCHLOG_DATA_DIR, PORT } = env(runtime);
    expect(JSON.parse(all(runtime, 'VOLUME').at(-1)!)).toEqual([MATCHLOG_DATA_DIR]);
    expect(all(runtime, 'EXPOSE')).toEqual([PORT]);
    const [healthcheck] = all(runtime, 'HEALTHCHECK');
    expect(healthcheck).toMatch(
      /^--interval=\S+ --timeout=\S+ --start-period=\S+ --retries=\d+ CMD /,
    );
    expect(healthcheck).toContain('/health/ready');
  });

  it('builds on a Node that package.json declares', () => {
    const [, major] = /^NODE_VERSION=(\d+)$/.exec(all(instructions, 'ARG')[0]) ?? [];
    const engines = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }
    ).engines.node;
    expect(engines).toContain(`^${major}.`);
  });

  it('sends the build what it copies, and never node_modules, dist, data, keys or .env', () => {
    const rules = read('Dockerfile.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));
    const fromContext = stages
      .flatMap((stage) => all(stage, 'COPY'))
      .filter((args) => !args.startsWith('--from'))
      .flatMap((args) => args.split(' ').slice(0, -1));
    for (const path of [...fromContext, 'src/main.ts', 'web/vite.config.mjs'])
      expect({ path, included: inContext(rules, path) }).toEqual({ path, included: true });
    for (const path of [
      'node_modules/jest/package.json',
      'dist/main.js',
      'data/matchlog.db',
      'data/signing-key.pem',
      '.env',
      '.git/config',
      'test/e2e/cli.e2e.spec.ts',
      'src/main.spec.ts',
      'backup.db',
    ])
      expect({ path, included: inContext(rules, path) }).toEqual({ path, included: false });
  });
});

describe('deploy/matchlog.service', () => {
  const unit = read('matchlog.service');
  const settings = new Map<string, string[]>();
  let section = '';
  for (const line of unit.split('\n').map((l) => l.trim())) {
    if (line === '' || line.startsWith('#')) continue;
    const header = /^\[(\w+)\]$/.exec(line);
    if (header) section = header[1];
    else {
      const [, key, value] = /^(\w+)=(.*)$/.exec(line) ?? [];
      expect({ line, key }).toEqual({ line, key: expect.any(String) });
      settings.set(`${section}.${key}`, [...(settings.get(`${section}.${key}`) ?? []), value]);
    }
  }
  const one = (key: string) => settings.get(key)?.at(-1);

  it('runs dist/main.js as its own user, with its state directory and environment file', () => {
    expect(one('Service.ExecStart')).toMatch(/^\/usr\/bin\/node \S+\/dist\/main\.js$/);
    expect(one('Service.User')).toMatch(/^[a-z][a-z0-9-]*$/);
    expect(one('Service.User')).not.toMatch(/^(root|0|nobody)$/);
    const state = one('Service.StateDirectory');
    expect(one('Service.Environment')).toContain(`MATCHLOG_DATA_DIR=/var/lib/${state}`);
    expect(one('Service.StateDirectoryMode')).toBe('0700');
    expect(one('Service.EnvironmentFile')).toMatch(/^\/etc\/\S+\.env$/);
    expect(one('Service.Restart')).toBe('on-failure');
    // The service's own shutdown bound is 10 s: systemd waits longer before it kills.
    expect(Number.parseInt(one('Service.TimeoutStopSec') ?? '', 10)).toBeGreaterThan(10);
    expect(one('Install.WantedBy')).toBe('multi-user.target');
  });

  it('is hardened, yet lets V8 compile', () => {
    for (const [key, value] of Object.entries({
      NoNewPrivileges: 'yes',
      ProtectSystem: 'strict',
      ProtectHome: 'yes',
      PrivateTmp: 'yes',
      PrivateDevices: 'yes',
      CapabilityBoundingSet: '',
      RestrictAddressFamilies: 'AF_INET AF_INET6 AF_UNIX',
      UMask: '0077',
    }))
      expect({ key, value: one(`Service.${key}`) }).toEqual({ key, value });
    expect(settings.has('Service.MemoryDenyWriteExecute')).toBe(false);
  });

  const analyze = spawnSync('systemd-analyze', ['--version'], { timeout: 60_000 }).status === 0;
  it(`passes systemd-analyze verify and scores OK offline${analyze ? '' : ' (no systemd-analyze here: parsed only)'}`, () => {
    if (!analyze) return;
    const file = join(DEPLOY, 'matchlog.service');
    const verify = spawnSync('systemd-analyze', ['verify', file], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect({
      status: verify.status,
      complaints: `${verify.stdout}${verify.stderr}`.trim(),
    }).toEqual({
      status: 0,
      complaints: '',
    });
    const security = execFileSync('systemd-analyze', ['security', '--offline=true', file], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    const [, exposure] =
      /Overall exposure level for matchlog\.service: ([\d.]+)/.exec(security) ?? [];
    expect(Number(exposure)).toBeLessThanOrEqual(2);
  });
});
