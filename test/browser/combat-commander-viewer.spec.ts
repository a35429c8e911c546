import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../support/test-app';
import { ARTIFACTS, ensureWebBuilt, launchChromium, type Browser } from './support/browser';
import { api } from './support/matches';

/**
 * The replay viewer on a Combat Commander match (issue 17 point 6): a seat sees its own hand by
 * card and the other's as a count, the discard piles and deck counts, the Time and VP tracks,
 * the last roll as the card's two dice with its trigger, and the trigger's resolution nested
 * under the roll in the log, in English and Russian.
 */

jest.setTimeout(120_000);

const fate = (trigger?: string) => ({
  order: 'move',
  action: 'A25',
  event: 'E43',
  hex: 'G7',
  dice: [3, 4],
  ...(trigger ? { trigger } : {}),
});
const deck = (nationality: string, trigger?: string) => ({
  nationality,
  cards: Array.from({ length: 72 }, () => fate(trigger)),
});

describe('Combat Commander in the replay viewer', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let matchId: string;
  let axis: string;
  let lastSeq: number;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    ensureWebBuilt();
    [app, browser] = await Promise.all([startTestApp(), launchChromium()]);
    const { token } = await api<{ token: string }>(app, 'POST', '/organizers', TEST_ADMIN_TOKEN, {
      name: 'Клуб «Судьба»',
    });
    const created = await api<{ matchId: string; seatTokens: { seat: string; token: string }[] }>(
      app,
      'POST',
      '/matches',
      token,
      {
        ruleset: 'combat-commander',
        seats: [{ seat: 'axis' }, { seat: 'allies' }],
        setup: { decks: [deck('germany', 'sniper'), deck('ussr', 'time')] },
      },
    );
    matchId = created.matchId;
    const seat = (s: string) => created.seatTokens.find((t) => t.seat === s)?.token as string;
    axis = seat('axis');
    for (const [s, name] of [
      ['axis', 'Ганс'],
      ['allies', 'Иван'],
    ])
      await api(app, 'POST', `/matches/${matchId}/seats/${s}/claim`, seat(s), { name });
    await api(app, 'POST', `/matches/${matchId}/start`, token);
    const decide = (s: string, kind: string, params: object = {}) =>
      api<{ events: { seq: number }[] }>(app, 'POST', `/matches/${matchId}/decisions`, seat(s), {
        kind,
        params,
      });
    await decide('axis', 'begin');
    await decide('allies', 'roll', { purpose: 'other' }); // Time!: Time advances
    await decide('axis', 'roll', { purpose: 'rout', unit: 'su-squad-2' }); // Sniper! in G7
    const declined = await decide('axis', 'sniper', {});
    lastSeq = declined.events[declined.events.length - 1].seq;
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  beforeEach(async () => {
    page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterEach(async () => {
    await page?.close();
    expect(pageErrors).toEqual([]);
  });

  it('shows a seat its hand, the other’s as a count, piles, tracks, and the roll as two dice with its trigger', async () => {
    await page.goto(`${app.url}/replay/${matchId}#seq=${lastSeq}&token=${axis}`);
    await page.waitForSelector('[data-viewer="seat"]');
    await page.waitForSelector(`.board[data-seq="${lastSeq}"]:not(.pending)`);
    expect(await page.locator('[data-zone="hand:axis"] [data-pieces]').count()).toBeGreaterThan(0);
    // One's own hand by card: what each is played for.
    expect(await page.textContent('[data-zone="hand:axis"]')).toContain('Order move / Action A25');
    expect(
      await page.getAttribute('[data-zone="hand:allies"] [data-hidden-count]', 'data-hidden-count'),
    ).toBe('4');
    expect(Number(await page.getAttribute('[data-zone="fate:axis"]', 'data-deck-count'))).toBe(64);
    expect(await page.locator('[data-zone="discard:axis"]').count()).toBe(1);
    expect(await page.textContent('[data-track="time"] dd')).toBe('1');
    const roll = page.locator('.turn-item.roll');
    expect(await roll.locator('.die').count()).toBe(2);
    expect(await roll.locator('.roll-trigger').textContent()).toBe('Sniper!');
    expect(await roll.locator('.roll-value').textContent()).toBe('+ = 7');
    expect(await page.textContent('.log')).toContain('↳ Sniper in hex G7');
    expect(await page.textContent('.log')).toContain('Rout roll');

    await page.click('.lang-switch button[lang="ru"]');
    await page.waitForSelector('html[lang="ru"]');
    const log = await page.textContent('.log');
    expect(log).toContain('↳ Снайпер в гексе G7');
    expect(log).toContain('Время продвигается до 1');
    expect(await page.textContent('.turn-item.roll')).toContain('Бросок Бегства');
    await page.screenshot({
      path: join(ARTIFACTS, 'combat-commander-replay-ru.png'),
      fullPage: true,
    });
    await page.click('.lang-switch button[lang="en"]');
  });
});
