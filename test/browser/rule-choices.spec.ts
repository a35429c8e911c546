import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../support/test-app';
import { ARTIFACTS, ensureWebBuilt, launchPeople, RAW_ID, type People } from './support/browser';
import { api } from './support/matches';

/**
 * Issue 39 at a club table: Star Wars players, each on a phone of their own (390 px, a
 * browser context each), move their own ships and units from the pages alone, choosing every
 * control by its visible Russian name from what the rules offer now. Commanders Path is
 * played from the pages in cp-table.spec.ts.
 */

jest.setTimeout(600_000);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const PHONE = { width: 390, height: 844 };

describe('choices from the rules, on phones (issue 39)', () => {
  let app: TestApp;
  let people: People;
  let organizer: string;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    ensureWebBuilt();
    [app, people] = await Promise.all([startTestApp(), launchPeople()]);
    organizer = (
      await api<{ token: string }>(app, 'POST', '/organizers', TEST_ADMIN_TOKEN, {
        name: 'Клуб «Путь»',
      })
    ).token;
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await people?.close();
    await app?.close();
  });

  afterEach(() => {
    expect(pageErrors).toEqual([]);
  });

  async function phone(matchId: string, token: string): Promise<Page> {
    const context = await people.person();
    contexts.push(context);
    await context.addInitScript(() => {
      try {
        localStorage.setItem('matchlog.lang', 'ru');
      } catch {
        // about:blank has no storage
      }
    });
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${app.url}/play/${matchId}#token=${token}`);
    return page;
  }

  /** The whole page at 390 and 1280 px, and the form open on it, close, at 390. */
  async function shoot(page: Page, name: string, form?: Locator): Promise<void> {
    await page.screenshot({ path: join(ARTIFACTS, `choices-${name}-390.png`), fullPage: true });
    if (form) await form.screenshot({ path: join(ARTIFACTS, `choices-${name}-form-390.png`) });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: join(ARTIFACTS, `choices-${name}-1280.png`), fullPage: true });
    await page.setViewportSize(PHONE);
  }

  /** The decisions the seat recorded, as the log over HTTP gives them to the seat itself. */
  async function decisions(matchId: string, token: string): Promise<Json[]> {
    const { events } = await api<{ events: Json[] }>(
      app,
      'GET',
      `/matches/${matchId}/events?line=all`,
      token,
    );
    return events
      .filter((e) => e.type === 'DecisionMade')
      .map((e) => ({ ...e.data, params: e.data.secret?.params ?? e.data.params }));
  }

  async function head(matchId: string): Promise<number> {
    return (await api<{ seq: number }>(app, 'GET', `/matches/${matchId}`, organizer)).seq;
  }

  /** The page shows the match at its head. */
  async function synced(page: Page, matchId: string): Promise<void> {
    const seq = await head(matchId);
    await page.waitForFunction(
      (s) => document.querySelector(`.board[data-seq="${s}"]`) !== null,
      seq,
    );
  }

  const recordButton = (form: Locator) => form.getByRole('button', { name: 'Записать' });

  /** Opens the decision named `summary`: its form, found by its heading. */
  async function open(page: Page, summary: string | RegExp): Promise<Locator> {
    await page.getByRole('button', { name: summary }).click();
    const form = page.getByRole('form', { name: summary });
    await form.waitFor();
    return form;
  }

  /** Records the open form once the rules accept it, and waits for the page to show it. */
  async function record(page: Page, matchId: string, form: Locator): Promise<void> {
    await form.getByRole('status').filter({ hasText: 'Правила это допускают' }).waitFor();
    await recordButton(form).click();
    await form.waitFor({ state: 'detached' });
    await synced(page, matchId);
  }

  async function visibleOptions(select: Locator): Promise<string[]> {
    // Less the empty choice a select starts on; once the rules' choices have arrived (5 s).
    const read = async () =>
      (await select.locator('option').allTextContents()).filter(
        (t) => t.trim() && t !== 'Выберите…',
      );
    for (let tries = 0; tries < 50; tries += 1) {
      const texts = await read();
      if (texts.length > 0) return texts;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return read();
  }

  it('Star Wars: each seat moves its own ship and its own unit, chosen from what the rules offer', async () => {
    const created = await api<{ matchId: string; seatTokens: { seat: string; token: string }[] }>(
      app,
      'POST',
      '/matches',
      organizer,
      {
        ruleset: 'sw-strategic',
        title: 'Миссия: аванпост',
        seats: [{ seat: 'red' }, { seat: 'blue' }, { seat: 'gold' }],
        setup: {},
      },
    );
    const { matchId } = created;
    const token = Object.fromEntries(created.seatTokens.map((s) => [s.seat, s.token]));
    const names: Record<string, string> = { red: 'Вера', blue: 'Глеб', gold: 'Дина' };
    for (const seat of ['red', 'blue', 'gold'])
      await api(app, 'POST', `/matches/${matchId}/seats/${seat}/claim`, token[seat], {
        name: names[seat],
      });
    await api(app, 'POST', `/matches/${matchId}/start`, token.red);
    const begun = await api<{ events: Json[] }>(
      app,
      'POST',
      `/matches/${matchId}/decisions`,
      token.red,
      { kind: 'begin', params: {} },
    );
    const first = (map: string): string =>
      begun.events.find((e) => e.type === 'TurnOrderRolled' && e.data.map === map)!.data.order[0];
    const pages: Record<string, Page> = {};
    const phoneOf = async (seat: string) => (pages[seat] ??= await phone(matchId, token[seat]));
    /** Whose each ship and unit is, as the log's ShipEntered and UnitPlaced events say. */
    const owners = async (): Promise<Record<string, string | undefined>> => {
      const { events } = await api<{ events: Json[] }>(
        app,
        'GET',
        `/matches/${matchId}/events?line=all`,
        organizer,
      );
      return Object.fromEntries(
        events
          .filter((e) => e.type === 'ShipEntered' || e.type === 'UnitPlaced')
          .map((e) => [e.data.ship ?? e.data.unit, e.data.legion]),
      );
    };

    for (const [map, summary, field, firstStep, shot] of [
      ['space', 'Переместить корабль', 'Корабль *', /^вперёд$/, 'sw-move-ship'],
      ['ground', /^Переместить юнит/, 'Юнит *', /^На гекс/, 'sw-move-unit'],
    ] as const) {
      const seat = first(map);
      const page = await phoneOf(seat);
      await synced(page, matchId);
      const form = await open(page, summary);
      const select = form.getByLabel(field);
      await select.waitFor();
      await expect(recordButton(form).isDisabled()).resolves.toBe(true);
      // Only this seat's pieces, by the names the board gives them.
      const offered = await visibleOptions(select);
      expect(offered.length).toBeGreaterThan(0);
      for (const text of offered) expect(text).not.toMatch(RAW_ID);
      const owner = await owners();
      const values = await select
        .locator('option')
        .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
      for (const id of values) expect(owner[id]).toBe(seat);
      await select.selectOption({ label: offered[0] });
      const chosen = await select.inputValue();
      // A piece alone is not a move: the steps are still to choose.
      await expect(recordButton(form).isDisabled()).resolves.toBe(true);
      // No dice to enter for a move: its steps are choices, not faces.
      await expect(form.getByRole('group', { name: 'Кубики' }).count()).resolves.toBe(0);
      const step = form.getByRole('button', { name: firstStep }).first();
      await step.click();
      await shoot(page, shot, form);
      await record(page, matchId, form);
      const moved = (await decisions(matchId, token[seat])).at(-1)!;
      expect(moved).toMatchObject({
        kind: map === 'space' ? 'move-ship' : 'move-unit',
        seat,
        params: { [map === 'space' ? 'ship' : 'unit']: chosen },
      });
      expect(moved.params.steps).toHaveLength(1);
      if (map === 'space') expect(moved.params.steps).toEqual(['forward']);
    }
  });
});
