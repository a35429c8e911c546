import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../../support/test-app';
import { ARTIFACTS, ensureWebBuilt, foreignWordsOn, launchPeople, type People } from './browser';
import { api } from './matches';

/**
 * A club table for the browser specs of issue 39: the service, an organizer, phones in
 * Russian (390 px, a browser context each, every page error collected and failing the test),
 * and the moves a player makes on the play page — open a decision, read a picker, record —
 * each waiting on the page's own signals: the board's `data-seq` for the match shown, and a
 * decision form's `aria-busy` while the rules' choices or verdict are on their way. A spec
 * reads a picker only once its form has settled, never by polling.
 */

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** The empty first option of a picker and the placeholders a select may show. */
const PLACEHOLDERS = new Set(['Выберите…', '(нет)', '—', '']);

export interface Table {
  readonly app: TestApp;
  /** The organizer's bearer token (a fresh organizer per spec file). */
  readonly organizer: string;
  /** A phone of its own (a new browser context) in Russian, at `path` of the service. */
  phone(path?: string): Promise<Page>;
  /** Another tab of a phone; `live: false`: it hears nothing of the match after it loads. */
  tab(context: BrowserContext, path?: string, options?: { live?: boolean }): Promise<Page>;
  /** The whole page at 390 and 1280 px, and `form` close up at 390, as `<prefix>-<name>-…png`. */
  shoot(page: Page, name: string, form?: Locator): Promise<void>;
  /** The match's head seq, as the organizer reads it. */
  head(matchId: string): Promise<number>;
  /** The play page shows its match at the head. */
  synced(page: Page): Promise<void>;
  /** The log as `token` reads it (all lines). */
  events(matchId: string, token: string): Promise<Json[]>;
  /** The decisions of the log as `token` reads it, sealed params opened where it may see them. */
  decisions(matchId: string, token: string): Promise<Json[]>;
  /** Opens the decision whose button reads `summary` and waits for its form to settle. */
  open(page: Page, summary: string | RegExp, options?: { exact?: boolean }): Promise<Locator>;
  /** Records the open form once the rules accept it (confirming a match's end when asked). */
  record(page: Page, form: Locator, options?: { button?: string }): Promise<void>;
  /** The English words and ids a Russian page shows, less the game's and `more` Latin names. */
  foreignWords(page: Page, more?: Iterable<string>): Promise<string[]>;
  /** No English word nor id on a Russian page, less the game's and `more` Latin names. */
  noLatin(page: Page, more?: Iterable<string>): Promise<void>;
}

/** The decision form a control belongs to (the page's form, if it is in none). */
function formOf(control: Locator): Locator {
  return control.locator('xpath=ancestor-or-self::form[1]');
}

/** The form has the rules' choices and verdict for what is chosen in it now. */
export async function settled(form: Locator): Promise<void> {
  // A change made just now renders on the page's next turn (Preact batches its renders in a
  // microtask): let that turn pass, so the form is busy by the time it is looked at.
  await form.page().evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await form.and(form.page().locator('form:not([aria-busy="true"])')).waitFor();
}

/** A picker's options as a player reads them, once its form has settled: the empty one left out. */
export async function options(select: Locator): Promise<string[]> {
  const form = formOf(select);
  if (await form.count()) await settled(form);
  return (await select.locator('option').allTextContents()).filter(
    (t) => !PLACEHOLDERS.has(t.trim()),
  );
}

/**
 * Starts the match from a seat's Russian page and waits until it is recorded: the page leaves the
 * seat-claiming panel only once the service has the start, so a head read after this is the
 * started match's (reading it right after the click races the request).
 */
export async function startFromPage(page: Page): Promise<void> {
  const start = page.getByRole('button', { name: 'Начать матч' });
  await start.click();
  await start.waitFor({ state: 'detached' });
}

/** The record button of a decision form. */
export const recordButton = (form: Locator): Locator =>
  form.getByRole('button', { name: 'Записать' });

/** The form says the rules accept what is chosen. */
export async function accepted(form: Locator): Promise<void> {
  await form.getByRole('status').filter({ hasText: 'Правила это допускают' }).waitFor();
}

/**
 * Sets up the table for a describe block: the service and a browser before all its tests,
 * everything closed after them, and no page error allowed in any test.
 */
export function clubTable(
  prefix: string,
  club: string,
  { proper = [] }: { /** Latin names the game's pages show (its title). */ proper?: string[] } = {},
): Table {
  let app: TestApp;
  let people: People;
  let organizer = '';
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    ensureWebBuilt();
    [app, people] = await Promise.all([startTestApp(), launchPeople()]);
    organizer = (
      await api<{ token: string }>(app, 'POST', '/organizers', TEST_ADMIN_TOKEN, { name: club })
    ).token;
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await people?.close();
    await app?.close();
  });

  afterEach(() => {
    expect(pageErrors.splice(0)).toEqual([]);
  });

  const head = async (matchId: string): Promise<number> =>
    (await api<{ seq: number }>(app, 'GET', `/matches/${matchId}`, organizer)).seq;

  const events = async (matchId: string, token: string): Promise<Json[]> =>
    (
      await api<{ events: Json[] }>(
        app,
        'GET',
        `/matches/${matchId}/events?line=all&limit=1000`,
        token,
      )
    ).events;

  const synced = async (page: Page): Promise<void> => {
    const matchId = /\/play\/([^/?#]+)/.exec(page.url())?.[1];
    if (!matchId) throw new Error(`${page.url()} is no play page`);
    await page.waitForFunction(
      (seq) => document.querySelector(`.board[data-seq="${seq}"]`) !== null,
      await head(decodeURIComponent(matchId)),
    );
  };

  const tab = async (
    context: BrowserContext,
    path?: string,
    { live = true }: { live?: boolean } = {},
  ): Promise<Page> => {
    const page = await context.newPage();
    if (!live) await page.route('**/stream**', (route) => route.abort());
    await page.setViewportSize(PHONE);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // A slow phone on a loaded machine, to flush out a spec that reads before the page settles.
    const slowdown = Number(process.env.MATCHLOG_TEST_CPU_SLOWDOWN ?? 1);
    if (slowdown > 1)
      await (
        await context.newCDPSession(page)
      ).send('Emulation.setCPUThrottlingRate', {
        rate: slowdown,
      });
    if (path !== undefined) await page.goto(path.startsWith('http') ? path : app.url + path);
    return page;
  };

  const foreignWords = (page: Page, more: Iterable<string> = []): Promise<string[]> =>
    foreignWordsOn(page, new Set([...proper, ...more]));
  const noLatin = async (page: Page, more: Iterable<string> = []): Promise<void> => {
    expect(await foreignWords(page, more)).toEqual([]);
  };

  return {
    get app() {
      return app;
    },
    get organizer() {
      return organizer;
    },
    async phone(path) {
      const context = await people.person();
      contexts.push(context);
      await context.addInitScript(() => {
        try {
          localStorage.setItem('matchlog.lang', 'ru');
        } catch {
          // about:blank has no storage
        }
      });
      return tab(context, path);
    },
    tab,
    async shoot(page, name, form) {
      const file = (suffix: string) => join(ARTIFACTS, `${prefix}-${name}-${suffix}.png`);
      // A whole long page at 1280 px can take Chromium longer than an action's 15 s on a
      // loaded machine: a picture to look at is waited for, not failed on.
      const timeout = 90_000;
      await page.screenshot({ path: file('390'), fullPage: true, timeout });
      if (form) await form.screenshot({ path: file('form-390'), timeout });
      await page.setViewportSize(DESKTOP);
      await page.screenshot({ path: file('1280'), fullPage: true, timeout });
      await page.setViewportSize(PHONE);
    },
    head,
    synced,
    events,
    async decisions(matchId, token) {
      return (await events(matchId, token))
        .filter((e) => e.type === 'DecisionMade')
        .map((e) => ({ ...e.data, params: e.data.secret?.params ?? e.data.params }));
    },
    async open(page, summary, { exact = typeof summary === 'string' } = {}) {
      await synced(page);
      // Exactly the decision's button: a log line may read the same.
      await page.getByRole('button', { name: summary, exact }).click();
      const form = page.getByRole('form', { name: summary, exact });
      await settled(form);
      return form;
    },
    async record(page, form, { button = 'Записать' } = {}) {
      await settled(form);
      await accepted(form);
      await form.getByRole('button', { name: button }).click();
      // A decision that ends the match says what it will record and asks once more.
      const ending = form.getByRole('button', { name: 'Да, закончить матч' });
      const asksToEnd = await Promise.race([
        form.waitFor({ state: 'detached' }).then(() => false),
        ending.waitFor().then(
          () => true,
          () => false,
        ),
      ]);
      if (asksToEnd) {
        await form.getByText(/^Матч закончится: /).waitFor();
        await ending.click();
      }
      await form.waitFor({ state: 'detached' });
      await synced(page);
      await noLatin(page);
    },
    foreignWords,
    noLatin,
  };
}
