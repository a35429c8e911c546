import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../support/test-app';
import {
  ARTIFACTS,
  ensureWebBuilt,
  launchChromium,
  type Browser,
  expectNoSideScroll,
  latinWords,
  namedBoxes,
  overlappingPairs,
} from './support/browser';
import { api } from './support/matches';

/**
 * The strategic mission's board: the space map and the ground map drawn as hex maps from the
 * mission the log laid out, every ship, station, unit, support means and generator where the
 * game's own slice has it, one short mark per hex and the pieces named in full in the legend
 * (in Russian, never by id); no mark over another at 390, 1280 and 1920 px, no sideways
 * scrolling, axe clean, screenshots of each width.
 */

jest.setTimeout(300_000);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const WIDTHS = [390, 1280, 1920] as const;
/** Setup numbers pieces legion by legion: a destroyer and a transport, then five units. */
const DESTROYER: Record<string, string> = {
  red: 'destroyer-1',
  blue: 'destroyer-8',
  gold: 'destroyer-15',
};
const INFANTRY: Record<string, string> = {
  red: 'infantry-3',
  blue: 'infantry-10',
  gold: 'infantry-17',
};

describe('the strategic mission board', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let matchId = '';
  let token = '';
  let lastSeq = 0;
  let movedSeq = 0;
  let seatTokens: Record<string, string> = {};
  /** The seat first in the space map's turn order. */
  let spaceSeat = '';
  let pageErrors: string[] = [];

  beforeAll(async () => {
    ensureWebBuilt();
    [app, browser] = await Promise.all([startTestApp(), launchChromium()]);
    const org = (
      await api<{ token: string }>(app, 'POST', '/organizers', TEST_ADMIN_TOKEN, {
        name: 'Клуб «Легион»',
      })
    ).token;
    const created = await api<Json>(app, 'POST', '/matches', org, {
      ruleset: 'sw-strategic',
      title: 'Миссия: планета-аванпост',
      seats: [{ seat: 'red' }, { seat: 'blue' }, { seat: 'gold' }],
      setup: {},
    });
    matchId = created.matchId as string;
    const seats: Record<string, string> = Object.fromEntries(
      (created.seatTokens as { seat: string; token: string }[]).map((s) => [s.seat, s.token]),
    );
    token = seats.red;
    seatTokens = seats;
    const post = (path: string, seat: string, body: unknown = {}) =>
      api<Json>(app, 'POST', `/matches/${matchId}${path}`, seats[seat], body);
    const names: Record<string, string> = { red: 'Вера', blue: 'Глеб', gold: 'Дина' };
    for (const seat of ['red', 'blue', 'gold'])
      await post(`/seats/${seat}/claim`, seat, { name: names[seat] });
    await post('/start', 'red');
    const begun = await post('/decisions', 'red', { kind: 'begin', params: {} });
    const first = (map: string): string =>
      (begun.events as Json[]).find((e) => e.type === 'TurnOrderRolled' && e.data.map === map)?.data
        .order[0];
    const space = first('space');
    spaceSeat = space;
    const ground = first('ground');
    const moved = await post('/decisions', space, {
      kind: 'move-ship',
      params: { ship: DESTROYER[space], steps: ['forward'] },
    });
    movedSeq = moved.seq as number;
    const dug = await post('/decisions', ground, {
      kind: 'dig-trench',
      params: { unit: INFANTRY[ground], sides: [2, 3] },
    });
    lastSeq = dug.seq as number;
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  beforeEach(async () => {
    page = await browser.context.newPage();
    await page.addInitScript(() => {
      try {
        localStorage.setItem('matchlog.lang', 'ru');
      } catch {
        // about:blank has no storage
      }
    });
    pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterEach(async () => {
    await page?.close();
    expect(pageErrors).toEqual([]);
  });

  async function replay(seq: number): Promise<void> {
    await page.goto('about:blank');
    await page.goto(`${app.url}/replay/${matchId}#seq=${seq}`);
    await page.evaluate((t) => sessionStorage.setItem('matchlog.token', t), token);
    await page.reload();
    await page.waitForSelector(`.board[data-seq="${seq}"]:not(.pending)`);
    await page.waitForSelector('.sw-maps');
  }

  /** Every piece's mark on a map, named by its piece. */
  const labels = (map: 'space' | 'ground') => namedBoxes(page, `.sw-${map} [data-label]`, 'label');

  it('draws both maps with every piece where it stands, no mark over another, at 390, 1280 and 1920 px', async () => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await replay(lastSeq);
      const space = await labels('space');
      const ground = await labels('ground');
      // Six ships (a destroyer and a transport each) and the neutral station.
      expect(space.map((r) => r.name).sort()).toEqual(
        [
          'destroyer-1',
          'transport-2',
          'destroyer-8',
          'transport-9',
          'destroyer-15',
          'transport-16',
          'station:n1',
        ].sort(),
      );
      // Fifteen units and nine generators, and the control points nobody stands on.
      const pieces = ground.filter((r) => !r.name.startsWith('cp:'));
      expect(pieces).toHaveLength(15 + 9);
      for (const rects of [space, ground]) {
        expect(rects.every((r) => r.width > 0 && r.height >= 7)).toBe(true);
        expect(overlappingPairs(rects)).toEqual([]);
      }
      // Each mark stays inside its own hex.
      const inside = await page.$$eval('.sw-piece', (groups) =>
        groups.every((g) => {
          const cell = g.querySelector('.sw-piece-cell')?.getBoundingClientRect();
          const text = g.querySelector('[data-label]')?.getBoundingClientRect();
          return (
            cell !== undefined &&
            text !== undefined &&
            text.left >= cell.left - 0.5 &&
            text.right <= cell.right + 0.5 &&
            text.top >= cell.top - 0.5 &&
            text.bottom <= cell.bottom + 0.5
          );
        }),
      );
      expect(inside).toBe(true);
      await expectNoSideScroll(page);
      // The legions' table fits the width: nothing of it scrolled out of sight, on a phone too.
      expect(
        await page
          .locator('.sw-standings-wrap')
          .evaluate((wrap) => wrap.scrollWidth - wrap.clientWidth),
      ).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(ARTIFACTS, `sw-board-${width}.png`), fullPage: true });
      await page
        .locator('.sw-summary')
        .screenshot({ path: join(ARTIFACTS, `sw-board-summary-${width}.png`) });
      await page
        .locator('.sw-space svg')
        .screenshot({ path: join(ARTIFACTS, `sw-board-space-${width}.png`) });
      await page
        .locator('.sw-ground svg')
        .screenshot({ path: join(ARTIFACTS, `sw-board-ground-${width}.png`) });
    }
  });

  it('names every piece in Russian in the legend, never by id, with its legion and state, and the mission’s own names in Russian', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await replay(lastSeq);
    const legend = (await page.locator('.sw-maps').allTextContents()).join('\n');
    expect(legend).toContain('Эсминец 1');
    expect(legend).toContain('Транспорт 16');
    expect(legend).toContain('Станция 1');
    expect(legend).toContain('Пехота 3');
    expect(legend).toContain('Шагоход 7');
    expect(legend).toContain('Генератор 1 (центральный)');
    expect(legend).toMatch(/палубы: 2 из 2 · щиты: 2 из 2/);
    expect(legend).toMatch(/нейтральная/);
    expect(legend).not.toMatch(/(destroyer|transport|infantry|walker)-\d|generator:\d|station:n\d/);
    // The mission's own names in Russian: its title, and each unit's squad by its leader's
    // title («Наземный командир Легиона I»), none of them left in English.
    expect(await page.locator('.sw-summary .sw-mission').textContent()).toBe(
      'Миссия: Примерная миссия: планета-аванпост (не из текста правил)',
    );
    expect(legend).toContain('отряд: Наземный командир Легиона I');
    expect(legend).toContain('отряд: Механик Легиона II');
    expect(legend).toContain('отряд: Наземный командир Легиона III');
    const board = (await page.locator('.sw-summary, .sw-maps').allInnerTexts()).join('\n');
    expect(board).not.toMatch(/Legion|commander|mechanic|Illustrative|outpost|mission/i);
    // Nothing on the board is Latin-only but the legions' numerals.
    expect(latinWords(board.replace(/Легиона? [IV]+/g, ''))).toEqual([]);
    await page
      .locator('.sw-summary')
      .screenshot({ path: join(ARTIFACTS, 'sw-board-summary-ru.png') });
    await page
      .locator('.sw-ground .sw-legend')
      .screenshot({ path: join(ARTIFACTS, 'sw-board-ground-legend-ru.png') });
    // Each hex says what it is in the domain's words for the kinds, the mission form's too.
    const titles = await page
      .locator('.sw-cell title')
      .evaluateAll((nodes) => [...new Set(nodes.map((n) => n.textContent ?? ''))]);
    expect(titles).toEqual(
      expect.arrayContaining([
        'космос',
        'поверхность',
        expect.stringMatching(/^гиперпространственный тоннель: /),
        expect.stringMatching(/^территория легиона: /),
        expect.stringMatching(/^контрольная точка, очков: \d+$/),
      ]),
    );
    expect(latinWords(titles.join('\n').replace(/Легиона? [IV]+/g, ''))).toEqual([]);
    // The legend groups the pieces by legion, named by its player.
    expect(
      await page.locator('.sw-space .sw-legion[data-seat="red"] .seat-chip').textContent(),
    ).toContain('Вера');
    // The trench dug is drawn on its hex's two sides; the summary says who plays each map.
    expect(await page.locator('.sw-ground .sw-trench').count()).toBe(2);
    expect(await page.locator('.sw-summary [data-map="space"]').textContent()).toMatch(
      /Сейчас ходит \(космос, круг 1\)/,
    );
    // A column per legion, a row per count.
    expect(await page.locator('.sw-standings thead th[data-seat]').count()).toBe(3);
    expect(await page.locator('.sw-standings tbody tr').count()).toBe(6);
    // The log says what each seat did with the same names.
    const log = (await page.locator('.log-entry').allTextContents()).join('\n');
    expect(log).toMatch(/перемещает Эсминец \d+: 1 шаг/);
    expect(log).toMatch(/роет окоп: Пехота \d+/);
    expect(log).toContain('порядок ходов (космос)');
    expect(log).not.toMatch(/(destroyer|infantry)-\d|order:space|forward/);
  });

  it('shows the table at an earlier seq: the destroyer back where it started', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await replay(movedSeq);
    const moved = await page
      .locator('.sw-space .sw-piece')
      .evaluateAll((groups) =>
        groups.map(
          (g) => `${(g as SVGElement).dataset.piece}@${g.querySelector('text')?.getAttribute('x')}`,
        ),
      );
    await replay(movedSeq - 1);
    const before = await page
      .locator('.sw-space .sw-piece')
      .evaluateAll((groups) =>
        groups.map(
          (g) => `${(g as SVGElement).dataset.piece}@${g.querySelector('text')?.getAttribute('x')}`,
        ),
      );
    expect(before).not.toEqual(moved);
    expect(await page.locator('.sw-ground .sw-trench').count()).toBe(0);
  });

  it('lists the table in Russian in the list view: every piece and its state named, no id, no English key', async () => {
    for (const width of [390, 1280] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${app.url}/play/${matchId}#token=${seatTokens.red}`);
      await page.waitForSelector('.play-page .board:not(.pending)');
      await page.getByRole('button', { name: 'Списком' }).click();
      await page.waitForSelector('.board .zones');
      const board = page.locator('.board');
      const text = await board.innerText();
      expect(text).toContain('Эсминец 1');
      expect(text).toMatch(/Генератор 1/);
      expect(text).toMatch(/щиты: 2 из 2/);
      // Nothing Latin but the legions' numerals: no ids, no attribute keys, no raw values.
      expect(latinWords(text.replace(/Легиона? [IV]+/g, ''))).toEqual([]);
      expect(text).not.toMatch(/[sg]:-?\d+:-?\d+|(destroyer|infantry|generator)-?\d/);
      await expectNoSideScroll(page);
      await page.screenshot({
        path: join(ARTIFACTS, `sw-board-list-${width}.png`),
        fullPage: true,
      });
      // The first hexes of the list, at a size to read.
      const zones = (await page.locator('.board .zones').first().boundingBox())!;
      await page.screenshot({
        path: join(ARTIFACTS, `sw-board-list-top-${width}.png`),
        fullPage: true,
        clip: { x: zones.x, y: zones.y, width: zones.width, height: 700 },
      });
      // The replay folds the log in the browser: its list view lists the same pieces, named so.
      await replay(lastSeq);
      await page.getByRole('button', { name: 'Списком' }).click();
      await page.locator('.board .zones .piece').first().waitFor();
      const replayed = await page.locator('.board').innerText();
      expect(replayed).toContain('Эсминец 1');
      expect(replayed).toMatch(/щиты: 2 из 2/);
      expect(latinWords(replayed.replace(/Легиона? [IV]+/g, ''))).toEqual([]);
      expect(replayed).not.toMatch(/[sg]:-?\d+:-?\d+|(destroyer|infantry|generator)-?\d/);
      await page.screenshot({
        path: join(ARTIFACTS, `sw-board-replay-list-${width}.png`),
        fullPage: true,
      });
    }
  });

  it('passes axe at each width', async () => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await replay(lastSeq);
      await page.evaluate(AXE);
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run(): Promise<{ violations: Json[] }> } }).axe;
        const result = await axe.run();
        return result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n: Json) => n.target.join(' ')).join(', ')}`);
      });
      expect(violations).toEqual([]);
    }
  });

  it('lets the player pick an own ship, build its steps from the named buttons the rules allow, and records them so', async () => {
    const sent: Json[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/decisions'))
        sent.push(request.postDataJSON() as Json);
    });
    await page.goto(`${app.url}/play/${matchId}#token=${seatTokens[spaceSeat]}`);
    await page.waitForSelector('.play-page');
    await page.click('.kind-button[data-kind="move-ship"]');
    const form = page.locator('form.decision-form[data-kind="move-ship"]');
    await form.waitFor();
    // The ship first, from the seat's own ships by the names the board gives them; until a
    // ship and a step are chosen nothing can be recorded (issue 39: nothing prefilled).
    const shipPicker = form.getByLabel('Корабль *');
    await shipPicker.waitFor();
    expect(await form.locator('button[type="submit"]').isDisabled()).toBe(true);
    const shipNames = (await shipPicker.locator('option').allTextContents()).filter(
      (t) => t !== 'Выберите…',
    );
    expect(shipNames.length).toBeGreaterThan(0);
    for (const name of shipNames)
      expect(name).toMatch(/^(Эсминец|Транспорт|Крейсер|Фрегат|Истребитель|Бомбардировщик) \d+ — /);
    await shipPicker.selectOption({ label: shipNames.find((n) => n.startsWith('Эсминец'))! });
    const steps = form.locator('fieldset[data-field="steps"]');
    // Each step by its Russian name, as the log names it; only the steps the rules accept
    // next; no JSON box to type the list into.
    const offered = async () => steps.locator('.choice-buttons button').allTextContents();
    await steps.locator('.choice-buttons button').first().waitFor();
    expect(await offered()).toEqual(expect.arrayContaining(['вперёд', 'разворот влево']));
    expect(await form.locator('textarea').count()).toBe(0);
    expect(await steps.locator('.chip').count()).toBe(0);
    const press = async (name: string) => {
      const count = await steps.locator('.chip').count();
      await steps.locator('.choice-buttons').getByRole('button', { name, exact: true }).click();
      await steps.locator('.chip').nth(count).waitFor();
    };
    await press('разворот влево');
    await press('вперёд');
    const third = (await offered())[0];
    await press(third);
    expect(await steps.locator('.chip > span').allTextContents()).toEqual([
      'разворот влево',
      'вперёд',
      third,
    ]);
    // The last step is taken back by its own button, named in Russian.
    await steps.getByRole('button', { name: 'Отменить последний шаг' }).click();
    expect(await steps.locator('.chip > span').allTextContents()).toEqual([
      'разворот влево',
      'вперёд',
    ]);
    await form.locator('.form-status[data-check="ok"]').waitFor();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSideScroll(page);
      const boxes = [
        ...(await namedBoxes(page, '[data-field="steps"] .chip', 'chosen')),
        ...(await namedBoxes(page, '[data-field="steps"] .choice-buttons button', 'choice')),
      ];
      expect(boxes.length).toBeGreaterThan(2);
      expect(overlappingPairs(boxes)).toEqual([]);
      await form.screenshot({ path: join(ARTIFACTS, `sw-play-steps-${width}.png`) });
    }
    const before = (await api<{ seq: number }>(app, 'GET', `/matches/${matchId}`, token)).seq;
    await form.locator('button[type="submit"]').click();
    await form.waitFor({ state: 'detached' });
    // The destroyer chosen from the picker.
    const ship = sent[0]?.params?.ship as string;
    expect(ship).toMatch(/^destroyer-/);
    expect(sent.map((body) => [body.kind, body.params])).toEqual([
      ['move-ship', { ship, steps: ['turn-left', 'forward'] }],
    ]);
    const log = await api<{ events: Json[] }>(
      app,
      'GET',
      `/matches/${matchId}/events?line=all`,
      token,
    );
    // One ShipMoved a step, in the order pressed: the turn first (the heading changes), then
    // forward on the new heading (the beforeAll's move left the ship on its first heading).
    const shipMoves = log.events.filter((e) => e.type === 'ShipMoved' && e.data.ship === ship);
    const earlier = shipMoves.filter((e) => e.seq <= before).pop();
    const moved = shipMoves.filter((e) => e.seq > before);
    expect(moved).toHaveLength(2);
    expect(earlier).toBeDefined();
    expect(moved[0].data.heading).not.toBe(earlier?.data.heading);
    expect(moved[1].data.heading).toBe(moved[0].data.heading);
    expect(moved[1].data.cells).not.toEqual(moved[0].data.cells);
  });
});
