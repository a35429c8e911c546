import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { RULESETS } from '../../src/domain/rulesets';
import { renderPerformancePage } from '../../bench/performance-page';

const ROOT = join(__dirname, '../..');
const README = join(ROOT, 'README.md');
const DOCS = join(ROOT, 'docs');

const read = (path: string) => readFileSync(path, 'utf8');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? markdownFiles(join(dir, entry.name))
      : entry.name.endsWith('.md')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** The text outside fenced code blocks: a `# comment` in a bash block is no heading. */
const prose = (markdown: string) => markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');

/** GitHub's anchor for a heading: lower case, punctuation dropped, each space a hyphen. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of prose(markdown).matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  for (const [, id] of markdown.matchAll(/<a id="([^"]+)"><\/a>/g)) anchors.add(id);
  return anchors;
}

/** Every relative link of a page that names no existing file or anchor. */
function brokenLinks(file: string): string[] {
  const broken: string[] = [];
  for (const [, target] of prose(read(file)).matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
    const [path, anchor] = target.split('#', 2);
    const linked = path === '' ? file : resolve(dirname(file), path);
    if (!existsSync(linked)) {
      broken.push(`${target} (no file ${relative(ROOT, linked)})`);
    } else if (
      anchor !== undefined &&
      linked.endsWith('.md') &&
      !anchorsOf(read(linked)).has(anchor)
    ) {
      broken.push(`${target} (no heading #${anchor} in ${relative(ROOT, linked)})`);
    }
  }
  return broken;
}

describe('the front door (README.md and docs/)', () => {
  const readme = read(README);

  it('keeps the README to at most 200 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(200);
  });

  it('shows both commands on the first screen, as CI runs them', () => {
    const firstScreen = readme.split('\n').slice(0, 30);
    expect(firstScreen.some((line) => line.startsWith('npm ci && npm start'))).toBe(true);
    expect(firstScreen.some((line) => line.startsWith('npm ci && npm test'))).toBe(true);
    expect(read(join(ROOT, '.ci/run'))).toMatch(/npm ci [^\n]*&& npm test\b/);
  });

  it('links only to files and headings that exist', () => {
    const pages = [README, ...markdownFiles(DOCS)];
    const broken = pages.flatMap((page) =>
      brokenLinks(page).map((link) => `${relative(ROOT, page)}: ${link}`),
    );
    expect(broken).toEqual([]);
  });

  it('links from the README to every docs page', () => {
    const linked = new Set(
      [...prose(readme).matchAll(/\]\((docs\/[^)#\s]+)/g)].map(([, path]) => resolve(ROOT, path)),
    );
    const unlinked = markdownFiles(DOCS)
      .filter((page) => !linked.has(page))
      .filter((page) => !page.startsWith(join(DOCS, 'games'))); // linked from the games table
    expect(unlinked.map((page) => relative(ROOT, page))).toEqual([]);
  });

  it('documents every MATCHLOG_* variable the configuration reads', () => {
    const configDir = join(ROOT, 'src/infrastructure/config');
    const read_ = readdirSync(configDir)
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.spec.ts'))
      .flatMap((name) => [...read(join(configDir, name)).matchAll(/\bMATCHLOG_[A-Z0-9_]+\b/g)])
      .map(([name]) => name);
    const variables = [...new Set(read_)];
    expect(variables.length).toBeGreaterThan(20);
    const table = read(join(DOCS, 'operations.md'));
    const undocumented = variables.filter(
      (name) => !new RegExp(`^\\| \`${name}\` +\\|`, 'm').test(table),
    );
    expect(undocumented).toEqual([]);
  });

  it.each(RULESETS.map((ruleset) => [ruleset.id, ruleset] as const))(
    'gives %s a page listing every option and decision kind',
    (id, ruleset) => {
      const page = join(DOCS, 'games', `${id}.md`);
      expect(existsSync(page)).toBe(true);
      expect(readme).toContain(`](docs/games/${id}.md)`);
      const rows = read(page)
        .split('\n')
        .filter((line) => line.startsWith('| `'));
      const missingOptions = ruleset.options.filter(
        (option) =>
          !rows.some(
            (row) => row.startsWith(`| \`${option.id}\``) && row.includes(option.title.en),
          ),
      );
      expect(missingOptions.map((option) => option.id)).toEqual([]);
      const missingKinds = Object.keys(ruleset.decisions).filter(
        (kind) => !rows.some((row) => row.startsWith(`| \`${kind}\``)),
      );
      expect(missingKinds).toEqual([]);
    },
  );

  it('states one licence, the same in the LICENSE file, package.json and the API document', () => {
    expect(read(join(ROOT, 'LICENSE'))).toMatch(/^GNU AFFERO GENERAL PUBLIC LICENSE\nVersion 3/);
    const manifest = JSON.parse(read(join(ROOT, 'package.json'))) as { license: string };
    expect(manifest.license).toBe('AGPL-3.0-or-later');
    expect(read(join(ROOT, 'src/infrastructure/http/openapi.ts'))).toContain(
      `.setLicense('${manifest.license}'`,
    );
    for (const file of ['SECURITY.md', 'CHANGELOG.md'])
      expect(existsSync(join(ROOT, file))).toBe(true);
  });
});

describe('the performance page generator', () => {
  it('renders the latest results as one table dated by their runs', () => {
    const page = renderPerformancePage({
      store: { measuredAt: '2026-12-06T15:42:00.000Z', machine: { cpus: 2, sqlite: '3.53.0' } },
      api: { measuredAt: '2026-12-07T09:05:00.000Z', machine: { cpus: 2, node: 'v20.20.0' } },
      rows: [
        {
          bench: 'store',
          figure: 'readAll events/s',
          value: '243,337',
          target: '>= 200,000',
          met: 'pass',
        },
        {
          bench: 'api',
          figure: 'decisions/s | p99',
          value: '3,021 | 52 ms',
          target: '-',
          met: 'MISS',
        },
      ],
    });
    expect(page).toContain('Store bench measured 2026-12-06 15:42 UTC (2 cores, SQLite 3.53.0)');
    expect(page).toContain('API bench measured 2026-12-07 09:05 UTC (2 cores, Node v20.20.0)');
    const rows = page.split('\n').filter((line) => /^\| (store|api) /.test(line));
    expect(rows).toEqual([
      '| store | readAll events/s | 243,337 | >= 200,000 | pass | 2026-12-06 |',
      '| api | decisions/s \\| p99 | 3,021 \\| 52 ms | - | MISS | 2026-12-07 |',
    ]);
    expect(page.match(/^\| Bench /gm)).toHaveLength(1);
  });
});
