import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { canonicalJson } from '../../src/domain/events/canonical-json';
import { startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../support/test-app';
import {
  ARTIFACTS,
  ensureWebBuilt,
  launchChromium,
  pagePerTest,
  RAW_ID,
  type Browser,
  expectNoSideScroll,
  namedBoxes,
  overlappingPairs,
  rowsNamingTheirActorTwice,
} from './support/browser';
import { computedColour, drawnSeries, legendRows, paintedColours } from './support/charts';
import { api } from './support/matches';

/**
 * The league in the replay viewer (issue 18 point 5): the standings table and the map coloured
 * by holder, names and never ids, in Russian with its plural forms; axe finds nothing serious;
 * no planet box covers another at 1280 and 1920 px, and at 390 px the map scrolls inside its
 * frame, never the tab.page. Screenshots at the three widths go to test/artifacts/.
 */

jest.setTimeout(180_000);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const NAMES: Record<string, string> = { anna: 'Анна', boris: 'Борис', vera: 'Вера' };

describe('galaxy-league in the replay viewer', () => {
  let app: TestApp;
  let browser: Browser;
  let matchId: string;
  let lastSeq: number;
  /** Anna's token: the league is live, and a seat may watch it. */
  let viewer: string;

  beforeAll(async () => {
    ensureWebBuilt();
    [app, browser] = await Promise.all([startTestApp(), launchChromium()]);
    const { token } = await api<{ token: string }>(app, 'POST', '/organizers', TEST_ADMIN_TOKEN, {
      name: 'Клуб «Галактика»',
    });
    const created = await api<{ matchId: string; seatTokens: { seat: string; token: string }[] }>(
      app,
      'POST',
      '/matches',
      token,
      {
        ruleset: 'galaxy-league',
        title: 'Лига «Галактика»',
        seats: [
          { seat: 'anna', faction: 'empire' },
          { seat: 'boris', faction: 'devourers' },
          { seat: 'vera', faction: 'eternals' },
        ],
        options: { emptyDeclaration: 'end-stage' },
      },
    );
    matchId = created.matchId;
    const seat = (s: string) => created.seatTokens.find((t) => t.seat === s)?.token as string;
    for (const s of ['anna', 'boris', 'vera'])
      await api(app, 'POST', `/matches/${matchId}/seats/${s}/claim`, seat(s), { name: NAMES[s] });
    await api(app, 'POST', `/matches/${matchId}/start`, token);
    viewer = seat('anna');
    const decide = (s: string, kind: string, params: object = {}) =>
      api<{ events: { seq: number }[] }>(app, 'POST', `/matches/${matchId}/decisions`, seat(s), {
        kind,
        params,
      });
    const everyone = async (kind: string) => {
      for (const s of ['anna', 'boris', 'vera']) await decide(s, kind);
    };
    const declare = async (s: string, params: Json) => {
      const salt = createHash('sha256').update(`viewer-${s}`).digest('hex').slice(0, 32);
      const commitment = createHash('sha256')
        .update(salt + canonicalJson(params))
        .digest('hex');
      const { sealId } = await api<{ sealId: string }>(
        app,
        'POST',
        `/matches/${matchId}/decisions/sealed`,
        seat(s),
        { kind: 'declare-attacks', commitment },
      );
      return () =>
        api(app, 'POST', `/matches/${matchId}/decisions/sealed/${sealId}/reveal`, seat(s), {
          params,
          salt,
        });
    };
    // Round 1 with nothing declared (option emptyDeclaration: ending a stage declares nothing).
    for (let stage = 0; stage < 6; stage++) await everyone('end-stage');
    // Round 2: Anna attacks Ember, which Boris defends; Vera takes undefended Fornax.
    await everyone('end-stage');
    const anna = await declare('anna', {
      attacks: [{ ship: 'ship:anna:1', planet: 'ember' }],
      colonisations: [],
    });
    const vera = await declare('vera', {
      attacks: [{ ship: 'ship:vera:1', planet: 'fornax' }],
      colonisations: [],
    });
    await decide('boris', 'end-stage');
    await anna();
    await vera();
    await everyone('end-stage'); // Return
    await everyone('end-stage'); // Joining
    await decide('boris', 'assign-defender', { ship: 'ship:boris:5', planet: 'ember' });
    const closed = await (async () => {
      await decide('anna', 'end-stage');
      await decide('boris', 'end-stage');
      return decide('vera', 'end-stage'); // Defence ends: Fornax taken, Ember's battle open
    })();
    lastSeq = closed.events[closed.events.length - 1].seq;
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const tab = pagePerTest(
    () => browser,
    () => app.url,
  );
  /** The league is live: Anna's seat may watch it. */
  const replay = (seq: number) => tab.replay(matchId, seq, viewer);

  const planetRects = () => namedBoxes(tab.page, '.gl-map .gl-planet', 'zone');
  /**
   * Each ship mark lies inside its own planet's box, and no mark or planet box overlaps any
   * other (a mark and its own planet excepted).
   */
  const expectShipsInPlace = async () => {
    const planets = await planetRects();
    const marks = (await namedBoxes(tab.page, '.gl-map .gl-ship-mark', 'zone')).map((m) => ({
      ...m,
      name: `ships@${m.name}`,
    }));
    expect(marks.length).toBeGreaterThan(0);
    for (const mark of marks) {
      const home = planets.find((p) => `ships@${p.name}` === mark.name)!;
      expect([mark.name, mark.x >= home.x, mark.y >= home.y]).toEqual([mark.name, true, true]);
      expect([mark.name, mark.x + mark.width <= home.x + home.width]).toEqual([mark.name, true]);
      expect([mark.name, mark.y + mark.height <= home.y + home.height]).toEqual([mark.name, true]);
    }
    const own = (pair: string) => {
      const [a, b] = pair.split(' × ');
      return `ships@${a}` === b || `ships@${b}` === a;
    };
    expect(overlappingPairs([...planets, ...marks]).filter((pair) => !own(pair))).toEqual([]);
  };
  const noPageOverflow = () => expectNoSideScroll(tab.page);

  it('shows the standings and the map coloured by holder, by name, in Russian', async () => {
    await replay(lastSeq);
    // Standings: Vera 7 (Gaia 3, Helix 2, Ion 1, Fornax 1), Anna 6, Boris 5 (Dorado 3, Ember 2).
    const rows = await tab.page.$$eval('.gl-standings tbody tr', (trs) =>
      trs.map((tr) => [...tr.children].map((c) => (c as HTMLElement).innerText.trim())),
    );
    expect(rows).toEqual([
      ['1. Вера\nВечные', '7', '0', '0', '7'],
      ['2. Анна\nИмперия', '6', '0', '0', '6'],
      ['3. Борис\nПожиратели', '5', '0', '0', '5'],
    ]);
    expect(
      await tab.page.$$eval('.gl-standings thead th', (ths) => ths.map((th) => th.textContent)),
    ).toEqual(['Место, игрок', 'Территории', 'Победы', 'Другое', 'Итого']);
    expect(await tab.page.textContent('.gl-standings caption')).toBe('Турнирная таблица');
    // «Вера | ни к чему не присоединяется», the name once.
    expect(await rowsNamingTheirActorTwice(tab.page)).toEqual([]);
    // The map: Fornax now Vera's, Ember under battle, Juno neutral; plural forms agree.
    const fornax = tab.page.locator('.gl-map [data-zone="fornax"]');
    expect(await fornax.getAttribute('data-owner')).toBe('vera');
    expect(await fornax.textContent()).toContain('Форнакс');
    expect(await fornax.textContent()).toContain('Вера');
    expect(await fornax.textContent()).toContain('синяя, 1\u00a0очко');
    const ember = tab.page.locator('.gl-map [data-zone="ember"]');
    expect(await ember.getAttribute('data-battle')).toBe('true');
    expect(await ember.textContent()).toContain('Борис · бой');
    expect(await ember.textContent()).toContain('лиловая, 2\u00a0очка');
    expect(await tab.page.textContent('.gl-map [data-zone="dorado"]')).toContain(
      'Дорадо · столица',
    );
    expect(await tab.page.textContent('.gl-map [data-zone="juno"]')).toContain('нейтральная');
    expect(await tab.page.textContent('.gl-map [data-zone="juno"]')).toContain(
      'красная, 3\u00a0очка',
    );
    // Each holder's colour: the same for all of a seat's planets, another seat's differs.
    const colourOf = (zone: string) =>
      tab.page.$eval(`.gl-map [data-zone="${zone}"]`, (el) => getComputedStyle(el).borderLeftColor);
    expect(await colourOf('fornax')).toBe(await colourOf('gaia'));
    expect(await colourOf('fornax')).not.toBe(await colourOf('dorado'));
    // Each owner's starships on the map, where they stand (their home capital): a count mark
    // in the holder's colour, named in its tooltip, and in the legend below, plurals agreeing.
    const marks = await tab.page.$$eval('.gl-map .gl-ship-mark', (els) =>
      els.map((el) => [
        (el.closest('[data-zone]') as HTMLElement).dataset.zone,
        (el as HTMLElement).dataset.owner,
        el.textContent,
        el.getAttribute('title'),
        el.getAttribute('aria-label'),
      ]),
    );
    expect(marks).toEqual([
      [
        'aurora',
        'anna',
        '4',
        'Анна: 4\u00a0звездолёта (2\u00a0атакующих, 2\u00a0защитных)',
        'Анна: 4\u00a0звездолёта (2\u00a0атакующих, 2\u00a0защитных)',
      ],
      [
        'dorado',
        'boris',
        '5',
        'Борис: 5\u00a0звездолётов (3\u00a0атакующих, 2\u00a0защитных)',
        'Борис: 5\u00a0звездолётов (3\u00a0атакующих, 2\u00a0защитных)',
      ],
      [
        'gaia',
        'vera',
        '4',
        'Вера: 4\u00a0звездолёта (2\u00a0атакующих, 2\u00a0защитных)',
        'Вера: 4\u00a0звездолёта (2\u00a0атакующих, 2\u00a0защитных)',
      ],
    ]);
    const markColour = (zone: string) =>
      tab.page.$eval(
        `.gl-map [data-zone="${zone}"] .gl-ship-mark`,
        (el) => getComputedStyle(el).backgroundColor,
      );
    expect(await markColour('aurora')).toBe(
      await tab.page.$eval(
        '.gl-map [data-zone="aurora"]',
        (el) => getComputedStyle(el).borderLeftColor,
      ),
    );
    expect(await markColour('aurora')).not.toBe(await markColour('dorado'));
    expect(await tab.page.getAttribute('.gl-ship-legend', 'aria-label')).toBe('Звездолёты');
    expect(
      await tab.page.$$eval('.gl-ship-legend li', (lis) => lis.map((li) => li.textContent)),
    ).toEqual([
      'Анна: 4\u00a0звездолёта на планете Аврора (2\u00a0атакующих, 2\u00a0защитных)',
      'Борис: 5\u00a0звездолётов на планете Дорадо (3\u00a0атакующих, 2\u00a0защитных)',
      'Вера: 4\u00a0звездолёта на планете Гея (2\u00a0атакующих, 2\u00a0защитных)',
    ]);
    // Names only: no seat, ship or planet id on the board.
    const board = (await tab.page.textContent('.board')) ?? '';
    expect(board).not.toMatch(RAW_ID);
    for (const id of ['anna', 'boris', 'vera', 'fornax', 'eternals'])
      expect(board).not.toContain(id);
    await tab.accessible();
  });

  it('draws no planet or ship mark over another at 390, 1280 and 1920 px, each mark inside its planet; at 390 px the map scrolls in its frame', async () => {
    for (const width of [1280, 1920]) {
      await tab.page.setViewportSize({ width, height: 900 });
      await replay(lastSeq);
      const rects = await planetRects();
      expect(rects).toHaveLength(18);
      expect(rects.every((r) => r.width > 0 && r.height > 0)).toBe(true);
      expect(overlappingPairs(rects)).toEqual([]);
      await expectShipsInPlace();
      await noPageOverflow();
      // The score chart plots each player's total as the standings count it (territories,
      // wins and «Другое»), not the tracks alone, nor the credits a player spends: the last
      // value each line drew is that player's «Итого».
      const scores = tab.page.locator('[data-chart="scores"]');
      const chart = scores.locator('.chart[data-last]');
      await chart.waitFor();
      const legend = (await scores.textContent()) ?? '';
      expect(legend).not.toContain('Кредиты');
      expect(legend).not.toContain('Победы');
      const totals = await tab.page.$$eval('.gl-standings tbody tr', (trs) =>
        trs.map((tr) => {
          const cells = [...tr.children].map((c) => (c as HTMLElement).innerText.trim());
          return [cells[0].replace(/^\d+\.\s*/, '').split('\n')[0], Number(cells.at(-1))];
        }),
      );
      expect(totals).toEqual([
        ['Вера', 7],
        ['Анна', 6],
        ['Борис', 5],
      ]);
      const drawn = JSON.parse((await chart.getAttribute('data-last')) ?? '{}') as Record<
        string,
        number | null
      >;
      expect(drawn).toEqual(Object.fromEntries(totals));
      // Each player's line in the colour the board gives that player (the ship legend's dot),
      // not another palette's; a dash and a mark of its own, the legend's swatch drawn alike.
      const series = await drawnSeries(chart);
      const seats = Object.entries(NAMES);
      for (const [seat, name] of seats)
        expect([name, await computedColour(tab.page, series[name].stroke)]).toEqual([
          name,
          await tab.page.$eval(
            `.gl-ship-legend li[data-owner="${seat}"] span`,
            (el) => getComputedStyle(el).backgroundColor,
          ),
        ]);
      expect(new Set(seats.map(([, name]) => series[name].dash.join())).size).toBe(3);
      expect(new Set(seats.map(([, name]) => series[name].shape)).size).toBe(3);
      // With the cursor off the chart the legend gives each player's final score, not «--».
      const legendRowsDrawn = await legendRows(chart);
      expect(legendRowsDrawn.map((row) => [row.label, row.value])).toEqual([
        ['Событие', String(lastSeq)],
        ['Анна', '6'],
        ['Борис', '5'],
        ['Вера', '7'],
      ]);
      // At the cursor the legend lists every player's score there: mid-match all three at 6.
      const over = chart.locator('.u-over');
      const overBox = (await over.boundingBox())!;
      await over.hover({ position: { x: overBox.width / 2, y: overBox.height / 2 } });
      const atCursor = await legendRows(chart);
      expect(Number(atCursor[0].value)).toBeGreaterThan(0);
      expect(Number(atCursor[0].value)).toBeLessThan(lastSeq);
      expect(atCursor.slice(1).map((row) => [row.label, row.value])).toEqual([
        ['Анна', '6'],
        ['Борис', '6'],
        ['Вера', '6'],
      ]);
      await scores.screenshot({
        path: join(ARTIFACTS, `galaxy-league-chart-cursor-${width}.png`),
      });
      await tab.page.mouse.move(0, 0);
      expect((await legendRows(chart)).map((row) => row.value)).toEqual([
        String(lastSeq),
        '6',
        '5',
        '7',
      ]);
      for (const row of legendRowsDrawn.slice(1))
        expect(row).toMatchObject({
          stroke: series[row.label].stroke,
          dash: series[row.label].dash.length > 0 ? series[row.label].dash.join(' ') : 'none',
          shape: series[row.label].shape,
        });
      // All three stand at 6 through the middle of the match: each line is painted there, in
      // its own row of pixels (side by side in seat order), none hidden under another.
      const painted = await paintedColours(
        chart,
        seats.map(([, name]) => series[name].stroke),
        0.3,
        0.7,
      );
      for (const { colour, pixels } of painted)
        expect([colour, pixels > 20]).toEqual([colour, true]);
      const rows = painted.map((p) => p.meanRow);
      expect(rows[1] - rows[0]).toBeGreaterThanOrEqual(2);
      expect(rows[2] - rows[1]).toBeGreaterThanOrEqual(2);
      await tab.page.screenshot({
        path: join(ARTIFACTS, `galaxy-league-${width}.png`),
        fullPage: true,
      });
      await scores.screenshot({ path: join(ARTIFACTS, `galaxy-league-chart-${width}.png`) });
    }
    await tab.page.setViewportSize({ width: 390, height: 844 });
    await replay(lastSeq);
    // The list first on a phone; the standings above it, whole: no column cut off.
    expect(await tab.page.locator('.gl-standings').count()).toBe(1);
    expect(
      await tab.page.$eval('.gl-standings-frame', (el) => el.scrollWidth - el.clientWidth),
    ).toBeLessThanOrEqual(0);
    await noPageOverflow();
    await tab.page.click('.board .view-switch button[aria-pressed="false"]');
    await tab.page.waitForSelector('.gl-map');
    await noPageOverflow();
    const frame = await tab.page.$eval('.gl-frame', (el) => ({
      scrolls: el.scrollWidth > el.clientWidth,
      overflow: getComputedStyle(el).overflowX,
      focusable: (el as HTMLElement).tabIndex === 0,
    }));
    expect(frame).toEqual({ scrolls: true, overflow: 'auto', focusable: true });
    expect(overlappingPairs(await planetRects())).toEqual([]);
    await expectShipsInPlace();
    await tab.accessible();
    await tab.page.screenshot({ path: join(ARTIFACTS, 'galaxy-league-390.png'), fullPage: true });
    await tab.page
      .locator('[data-chart="scores"]')
      .screenshot({ path: join(ARTIFACTS, 'galaxy-league-chart-390.png') });
  });
});
