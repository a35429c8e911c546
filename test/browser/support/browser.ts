import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  chromium,
  type Browser as Chromium,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core';
import { buildOnce } from '../../support/build-once';

const ROOT = join(__dirname, '../../..');
export const ARTIFACTS = join(ROOT, 'test/artifacts');

/**
 * The Chromium that `@sparticuz/chromium` carries inside its npm package (so `npm ci` alone
 * brings it; it renders Cyrillic), or the one at CHROMIUM_PATH.
 */
async function chromiumBinary(): Promise<{ path: string; args: string[] }> {
  if (process.env.CHROMIUM_PATH) return { path: process.env.CHROMIUM_PATH, args: [] };
  const packaged = (await import('@sparticuz/chromium')).default;
  // Its flags for a headless container, less the ones that would weaken the pages' security.
  const weakening = /^--(disable-web-security|allow-running-insecure-content|headless)/;
  return {
    path: await packaged.executablePath(),
    args: packaged.args.filter((flag) => !weakening.test(flag)),
  };
}

/** Headless flags for a closed network: no background traffic, no updates, a fresh profile. */
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
];

/**
 * Builds the viewer (dist/web) when it is missing or older than its sources, so `npm test`
 * works on a fresh clone. Vite takes a second or two.
 */
export function ensureWebBuilt(): void {
  buildOnce(join(ROOT, 'dist/.web-build.lock'), 120_000, isFresh, build);
}

function isFresh(): boolean {
  const index = join(ROOT, 'dist/web/index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sources = [join(ROOT, 'web'), join(ROOT, 'src/domain')];
  return built >= Math.max(...sources.map(newestMtime));
}

function build(): void {
  execFileSync(
    process.execPath,
    [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.mjs'],
    { cwd: ROOT, stdio: 'inherit', timeout: 120_000 },
  );
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path);
    newest = Math.max(newest, stat.isDirectory() ? newestMtime(path) : stat.mtimeMs);
  }
  return newest;
}

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

async function launchable(): Promise<{ path: string; args: string[] }> {
  const binary = await chromiumBinary();
  if (!existsSync(binary.path))
    throw new Error(`There is no Chromium at ${binary.path} (CHROMIUM_PATH)`);
  mkdirSync(ARTIFACTS, { recursive: true });
  return { path: binary.path, args: [...new Set([...binary.args, ...FLAGS])] };
}

/** Chromium with a fresh, throwaway --user-data-dir. */
export async function launchChromium(): Promise<Browser> {
  const binary = await launchable();
  const profile = mkdtempSync(join(tmpdir(), 'matchlog-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: binary.path,
    headless: true,
    args: binary.args,
    viewport: { width: 1280, height: 900 },
    locale: 'en-GB',
    timeout: 60_000,
  });
  context.setDefaultTimeout(15_000);
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export interface People {
  /** A browser context of its own (its own storage and tabs), as another person's browser. */
  person(): Promise<BrowserContext>;
  close(): Promise<void>;
}

/** One Chromium in which each person (two seats, an organizer) has a context of their own. */
export async function launchPeople(): Promise<People> {
  const binary = await launchable();
  const browser: Chromium = await chromium.launch({
    executablePath: binary.path,
    headless: true,
    // In one process, Chromium's contexts share their storage: people must not.
    args: binary.args.filter((flag) => flag !== '--single-process'),
    timeout: 60_000,
  });
  return {
    async person() {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        locale: 'en-GB',
        acceptDownloads: true,
      });
      context.setDefaultTimeout(15_000);
      return context;
    },
    close: () => browser.close(),
  };
}

/** Raw ids a reader must never meet: "leader:sol:5", "fleet:red@sector:2", "hand:red". */
export const RAW_ID = /\b[a-z][a-z-]*:[a-z0-9][a-z0-9@:-]*\b/;
const RAW_ID_GLOBAL = new RegExp(RAW_ID.source, 'g');

/**
 * The words in Latin letters (two or more) in what a Russian page shows: an English word left
 * on it. Hex ids and rule numbers (G7, A25) are one letter and pass.
 */
export function latinWords(text: string): string[] {
  return text.match(/\b[A-Za-z]{2,}\b/g) ?? [];
}

/** Latin a Russian page shows on purpose: the language switcher and the service's name. */
const ALWAYS_LATIN = new Set(['EN', 'RU', 'matchlog']);

/**
 * What reads as an English word or an internal id in the text a Russian page shows now:
 * «Move», «leader-sol», «imperial_fleet», «borealis» (issue 39), each with the text around
 * it so that a failure says where it stands. Hex ids and rule numbers (G7, A25) are one letter
 * and pass; `proper` names (a game's Latin title) pass.
 */
export async function foreignWordsOn(page: Page, proper: ReadonlySet<string>): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  const found = [
    ...(text.match(RAW_ID_GLOBAL) ?? []),
    ...(text.match(/\b[a-z]+(?:[-_][a-z0-9]+)+\b/g) ?? []),
    ...latinWords(text),
  ];
  return [...new Set(found)]
    .filter((word) => !ALWAYS_LATIN.has(word) && !proper.has(word))
    .map((word) => {
      const at = text.indexOf(word);
      return `${word} in «${text.slice(Math.max(0, at - 30), at + word.length + 30)}»`;
    });
}

const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core in the page: no serious or critical violation. */
export async function expectAccessible(page: Page): Promise<void> {
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    type Found = { id: string; impact?: string; nodes: { target: string[] }[] };
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: Found[] }> } }).axe;
    const result = await axe.run();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  expect(violations).toEqual([]);
}

/** The page of the current test, and how the specs reach the app's pages from it. */
export interface TestPage {
  /** This test's page (a new one for each test). */
  readonly page: Page;
  /** Opens `url` of the app as the holder of `token` (sessionStorage), or as the public. */
  open(url: string, token?: string): Promise<void>;
  /** Opens the replay of a match at `seq` and waits for its board. */
  replay(matchId: string, seq: number, token?: string): Promise<void>;
  /** The text of every element `selector` finds, a line each. */
  text(selector: string): Promise<string>;
  /** axe-core on the page as it stands. */
  accessible(): Promise<void>;
}

/**
 * A fresh page for each test of the enclosing describe, at 1280 × 900 in `lang` (the page's
 * own choice, as a reader who picked it), whose uncaught errors fail the test. Call it inside
 * `describe`; `browser` and `baseUrl` are read once the suite's beforeAll has set them up.
 */
export function pagePerTest(
  browser: () => Browser,
  baseUrl: () => string,
  lang: 'ru' | 'en' = 'ru',
): TestPage {
  let current: Page | undefined;
  let pageErrors: string[] = [];
  const page = (): Page => {
    if (!current) throw new Error('pagePerTest: there is a page only inside a test');
    return current;
  };

  beforeEach(async () => {
    current = await browser().context.newPage();
    await current.setViewportSize({ width: 1280, height: 900 });
    await current.addInitScript((chosen) => {
      try {
        localStorage.setItem('matchlog.lang', chosen);
      } catch {
        // about:blank has no storage
      }
    }, lang);
    pageErrors = [];
    current.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterEach(async () => {
    await current?.close();
    current = undefined;
    expect(pageErrors).toEqual([]);
  });

  const open = async (url: string, token?: string): Promise<void> => {
    await page().goto('about:blank');
    await page().goto(`${baseUrl()}${url}`);
    if (token !== undefined)
      await page().evaluate((t) => sessionStorage.setItem('matchlog.token', t), token);
    else await page().evaluate(() => sessionStorage.removeItem('matchlog.token'));
    await page().reload();
  };

  return {
    get page() {
      return page();
    },
    open,
    async replay(matchId, seq, token) {
      await open(`/replay/${matchId}#seq=${seq}`, token);
      await page().waitForSelector(`.board[data-seq="${seq}"]:not(.pending)`);
    },
    async text(selector) {
      return (await page().locator(selector).allTextContents()).join('\n');
    },
    accessible: () => expectAccessible(page()),
  };
}

/** A box where the page draws an element, named for the test's messages. */
export interface NamedBox {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The boxes of the elements `selector` matches, each named by its `data-<key>` attribute. */
export function namedBoxes(page: Page, selector: string, key: string): Promise<NamedBox[]> {
  return page.$$eval(
    selector,
    (els, dataKey) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        const name = (el as HTMLElement | SVGElement).dataset[dataKey] ?? '';
        return { name, x: r.x, y: r.y, width: r.width, height: r.height };
      }),
    key,
  );
}

/** Every pair of boxes that overlap, as «a × b»: what a board test expects to be empty. */
export function overlappingPairs(boxes: readonly NamedBox[]): string[] {
  const found: string[] = [];
  for (let i = 0; i < boxes.length; i += 1)
    for (let j = i + 1; j < boxes.length; j += 1) {
      const [a, b] = [boxes[i], boxes[j]];
      if (
        a.x < b.x + b.width &&
        b.x < a.x + a.width &&
        a.y < b.y + b.height &&
        b.y < a.y + a.height
      )
        found.push(`${a.name} × ${b.name}`);
    }
  return found;
}

/**
 * How far, in px, `item` lies outside what shows of `within` (the part of its box not scrolled
 * away; the viewport when none is given): 0 when it is wholly in view.
 */
export async function outOfView(item: Locator, within?: Locator): Promise<number> {
  const box = await item.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom };
  });
  const frame = within
    ? await within.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { top: r.top, bottom: r.top + el.clientTop + el.clientHeight };
      })
    : await item.page().evaluate(() => ({ top: 0, bottom: window.innerHeight }));
  return Math.max(0, frame.top - box.top) + Math.max(0, box.bottom - frame.bottom);
}

/** The page never scrolls sideways at its current width. */
export async function expectNoSideScroll(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

/**
 * The log rows whose sentence repeats the name in their who column («Глеб | Глеб оспаривает…»,
 * «Глеб | Глеб: запечатанный выбор раскрыт»), as "who | sentence"; a row's spans run together in
 * textContent, so each is read apart.
 */
export function rowsNamingTheirActorTwice(page: Page): Promise<string[]> {
  return page.locator('.log-entry').evaluateAll((rows) =>
    rows
      .map((row) => [
        row.querySelector('.log-actor')?.textContent?.trim() ?? '',
        row.querySelector('.log-text')?.textContent?.trim() ?? '',
      ])
      .filter(
        ([who, said]) =>
          who !== '' && /^[:,]? /u.test(said.slice(who.length)) && said.startsWith(who),
      )
      .map(([who, said]) => `${who} | ${said}`),
  );
}
