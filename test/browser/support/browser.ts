import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser as Chromium, type BrowserContext } from 'playwright-core';

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
  if (isFresh()) return;
  // Test files run in parallel workers: one builds, the others wait for it.
  const lock = join(ROOT, 'dist/.web-build.lock');
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    if (!isFresh()) build();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function isFresh(): boolean {
  const index = join(ROOT, 'dist/web/index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sources = [join(ROOT, 'src/infrastructure/web'), join(ROOT, 'src/domain')];
  return built >= Math.max(...sources.map(newestMtime));
}

function build(): void {
  execFileSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      'src/infrastructure/web/vite.config.mjs',
    ],
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
