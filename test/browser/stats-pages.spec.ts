import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../support/test-app';
import {
  ARTIFACTS,
  ensureWebBuilt,
  expectAccessible,
  launchChromium,
  type Browser,
} from './support/browser';
import { computedColour, drawnSeries, legendRows } from './support/charts';
import { api } from './support/matches';

jest.setTimeout(180_000);

interface Created {
  matchId: string;
  seatTokens: { seat: string; token: string }[];
}

/**
 * The charts under the replay (dice luck per seat, scores over time) and the /stats page
 * (win rates per faction with their intervals), as a Russian-speaking player reads them:
 * names, never seat ids; plural forms right; accessible; screenshots looked at.
 */
describe('charts and the statistics page', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[] = [];
  let matchId = '';

  /** A finished freeform match: Анна (Империя) against Борис (Повстанцы), dice and victory points. */
  async function play(
    organizer: string,
    winner: 'red' | 'blue',
    faces: { red: number[]; blue: number[] },
  ): Promise<string> {
    const created = await api<Created>(app, 'POST', '/matches', organizer, {
      ruleset: 'freeform',
      title: 'Битва у Ориона',
      public: true,
      seats: [
        { seat: 'red', faction: 'Империя' },
        { seat: 'blue', faction: 'Повстанцы' },
      ],
      setup: { zones: [{ id: 'orion', kind: 'sector', name: { en: 'Orion', ru: 'Орион' } }] },
    });
    const seats = Object.fromEntries(created.seatTokens.map((s) => [s.seat, s.token]));
    const id = created.matchId;
    await api(app, 'POST', `/matches/${id}/seats/red/claim`, seats.red, { name: 'Анна' });
    await api(app, 'POST', `/matches/${id}/seats/blue/claim`, seats.blue, { name: 'Борис' });
    await api(app, 'POST', `/matches/${id}/start`, seats.red);
    const decide = (seat: 'red' | 'blue', kind: string, params: unknown) =>
      api(app, 'POST', `/matches/${id}/decisions`, seats[seat], { kind, params });
    const vp = { red: 0, blue: 0 };
    for (let round = 0; round < 6; round += 1) {
      for (const seat of ['red', 'blue'] as const) {
        await decide(seat, 'roll', { dice: '2d6', purpose: 'attack' });
        await decide(seat, 'roll', { dice: '1d6', faces: [faces[seat][round]] });
        vp[seat] += seat === winner ? 3 : 1 + (round % 2);
        await decide(seat, 'change-track', {
          track: `vp-${seat}`,
          owner: seat,
          value: vp[seat],
          name: { en: 'Victory points', ru: 'Победные очки' },
        });
      }
    }
    await decide(winner === 'red' ? 'blue' : 'red', 'concede', {});
    return id;
  }

  beforeAll(async () => {
    ensureWebBuilt();
    [app, browser] = await Promise.all([startTestApp(), launchChromium()]);
    const organizer = (
      await api<{ token: string }>(app, 'POST', '/organizers', TEST_ADMIN_TOKEN, { name: 'Клуб' })
    ).token;
    // Анна's reported d6 sum 26 against 21 expected: z = 5 / √(6 · 35/12) ≈ +1.2.
    matchId = await play(organizer, 'red', { red: [6, 5, 6, 2, 6, 1], blue: [1, 2, 3, 4, 1, 2] });
    await play(organizer, 'blue', { red: [3, 3, 3, 3, 3, 3], blue: [4, 4, 4, 4, 4, 4] });
    await play(organizer, 'red', { red: [1, 6, 1, 6, 1, 6], blue: [2, 5, 2, 5, 2, 5] });
    for (let waited = 0; ; waited += 50) {
      const stats = await api<{ matches: number }>(app, 'GET', '/stats/rulesets/freeform');
      if (stats.matches === 3) break;
      if (waited > 10_000) throw new Error(`the statistics cover ${stats.matches} matches`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  beforeEach(async () => {
    page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterEach(async () => {
    await page?.close();
    expect(pageErrors).toEqual([]);
  });

  async function open(url: string, lang: 'ru' | 'en'): Promise<void> {
    await page.goto(`${app.url}${url}${url.includes('?') ? '&' : '?'}lang=${lang}`);
  }

  const text = async (selector: string) =>
    (await page.locator(selector).allTextContents()).join('\n');

  it('draws each seat’s dice luck with its z-score, and the victory points over time', async () => {
    await open(`/replay/${matchId}`, 'ru');
    await page.waitForSelector('.match-charts canvas');
    expect(await page.locator('.chart-card[data-dice-seat]').count()).toBe(2);
    const charts = await text('.match-charts');
    expect(charts).toContain('Удача на кубиках');
    expect(charts).toContain('Анна (Империя)');
    expect(charts).toContain('Борис (Повстанцы)');
    // Six reported d6 per seat: «6 кубиков»; server dice: twelve d6 «12 кубиков».
    expect(charts).toMatch(/Физические кубики: 6 кубиков, сумма 26 \(ожидалось 21\), z = \+1,2/);
    expect(charts).toContain('Кубики сервера: 12 кубиков');
    expect(charts).toContain('Очки по ходу матча');
    expect(charts).not.toMatch(/\b(red|blue)\b/);
    expect(await page.locator('[data-chart="scores"] canvas').count()).toBeGreaterThan(0);
    expect(await page.locator('.u-legend').first().textContent()).toContain('Выпало');
    // Each seat in the colour the board gives it (its victory-point track's bar): what it
    // rolled, and its line of points; what fair dice give is the grey dashed line of no seat.
    const boardColour = async (seat: string) =>
      computedColour(
        page,
        await page.$eval(`[data-track="vp-${seat}"]`, (el) =>
          getComputedStyle(el).getPropertyValue('--owner').trim(),
        ),
      );
    const scores = await drawnSeries(page.locator('[data-chart="scores"] .chart'));
    for (const [seat, name] of [
      ['red', 'Анна'],
      ['blue', 'Борис'],
    ]) {
      const dice = await drawnSeries(page.locator(`[data-dice-seat="${seat}"] .chart`));
      expect(await computedColour(page, dice['Выпало'].stroke)).toBe(await boardColour(seat));
      expect(dice['Ожидалось'].dash.length).toBeGreaterThan(0);
      expect(dice['Ожидалось'].stroke).not.toBe(dice['Выпало'].stroke);
      expect(await computedColour(page, scores[`${name}: Победные очки`].stroke)).toBe(
        await boardColour(seat),
      );
    }
    // The legend at rest: the last figures (Анна ended on 18 points, Борис on 9), not «--».
    const [event, ...points] = await legendRows(page.locator('[data-chart="scores"] .chart'));
    expect(event.value).toMatch(/^[1-9]\d*$/);
    expect(points.map((r) => [r.label, r.value])).toEqual([
      ['Анна: Победные очки', '18'],
      ['Борис: Победные очки', '9'],
    ]);
    await page.locator('.match-charts').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS, 'replay-charts-ru-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(ARTIFACTS, 'replay-charts-ru-390.png'), fullPage: true });
    // The charts fit the phone's width (the header's badges are another matter).
    const overflow = await page.evaluate(() => {
      const charts = document.querySelector('.match-charts') as HTMLElement;
      return charts.getBoundingClientRect().right - document.documentElement.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('shows win rates per faction with their intervals on /stats, in Russian and English', async () => {
    await open('/stats?ruleset=freeform', 'ru');
    await page.waitForSelector('[data-matches="3"] canvas');
    expect(await text('.stats-covers')).toBe('По 3 завершённым матчам.');
    expect(await text('.stats-table [data-row="Империя"]')).toMatch(
      /Империя\s*3\s*2\s*67\s*%\s*21\s*%\s*–\s*94\s*%/,
    );
    expect(await text('.stats-table [data-row="Повстанцы"]')).toContain('33');
    expect(await text('main')).toContain('Первый игрок выиграл');
    expect(await text('main')).toMatch(/из 3 матчей/);
    await page.screenshot({ path: join(ARTIFACTS, 'stats-ru-1280.png'), fullPage: true });
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(ARTIFACTS, 'stats-ru-390.png'), fullPage: true });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await page.setViewportSize({ width: 1280, height: 900 });
    await open('/stats?ruleset=freeform', 'en');
    await page.waitForSelector('[data-matches="3"] canvas');
    expect(await text('.stats-covers')).toBe('Counted over 3 finished matches.');
    expect(await text('main')).toContain('Win rate by faction');
    await page.screenshot({ path: join(ARTIFACTS, 'stats-en-1280.png'), fullPage: true });
    await expectAccessible(page);
  });
});
