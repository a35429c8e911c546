import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { staleBuild } from '../../scripts/check-build';

/**
 * Issue 44, "run from a release": `npm ci` builds dist once, `npm start` and the tools run the
 * build with plain node (never tsc, Vite or a devDependency), and refuse a build older than the
 * sources rather than run the old code.
 */

const ROOT = join(__dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  engines: { node: string };
  bin: Record<string, string>;
  devDependencies: Record<string, string>;
};

describe('the package as a release runs it', () => {
  it('builds at install and starts the build with plain node', () => {
    expect(pkg.scripts.prepare).toBe('npm run build');
    expect(pkg.scripts.start).toBe('node dist/main.js');
    expect(pkg.scripts.prestart).toBe('node scripts/check-build.js');
  });

  it('runs every matchlog verb from dist, never through a devDependency', () => {
    const bin = pkg.bin.matchlog;
    expect(bin).toBe('dist/infrastructure/cli/matchlog.js');
    for (const verb of ['verify', 'doctor', 'backup', 'restore', 'rebuild'])
      expect(pkg.scripts[verb]).toBe(`node scripts/check-build.js && node ${bin} ${verb}`);
    const devDependencies = Object.keys(pkg.devDependencies);
    for (const script of ['start', 'prestart', 'verify', 'doctor', 'backup', 'restore', 'rebuild'])
      for (const dev of devDependencies) expect(pkg.scripts[script]).not.toContain(dev);
  });

  it('declares Node 20, 22 and 24', () => {
    expect(pkg.engines.node).toBe('^20.10.0 || ^22.0.0 || ^24.0.0');
  });
});

describe('check-build: is dist the build of the sources?', () => {
  const root = mkdtempSync(join(tmpdir(), 'matchlog-build-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const at = (path: string, seconds: number) => {
    const file = join(root, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, '');
    utimesSync(file, seconds, seconds);
  };

  it('says which output is missing, then which source changed after the build', () => {
    at('src/main.ts', 1000);
    expect(staleBuild(root)).toBe('dist/main.js is missing');
    at('dist/main.js', 2000);
    expect(staleBuild(root)).toBe('dist/web/index.html is missing');
    at('dist/web/index.html', 2100);
    expect(staleBuild(root)).toBeUndefined();

    at('src/domain/a-rule.spec.ts', 3000); // tests are not built
    expect(staleBuild(root)).toBeUndefined();
    at('web/src/page.ts', 2050); // after tsc, before Vite: both run again
    expect(staleBuild(root)).toBe('web/src/page.ts changed after the build (dist/main.js)');
    at('dist/main.js', 4000);
    at('dist/web/index.html', 4000);
    at('tsconfig.build.json', 5000);
    expect(staleBuild(root)).toBe('tsconfig.build.json changed after the build (dist/main.js)');
    // Only the service's output asked for (a test of the CLI): the web's is not needed.
    rmSync(join(root, 'dist/web'), { recursive: true });
    at('tsconfig.build.json', 1000);
    expect(staleBuild(root, ['dist/main.js'])).toBeUndefined();
  });

  it('passes a release that has dist and no sources', () => {
    const release = mkdtempSync(join(root, 'release-'));
    for (const file of ['dist/main.js', 'dist/web/index.html']) {
      mkdirSync(dirname(join(release, file)), { recursive: true });
      writeFileSync(join(release, file), '');
    }
    expect(staleBuild(release)).toBeUndefined();
  });
});
