import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../support/test-app';
import {
  ARTIFACTS,
  ensureWebBuilt,
  expectAccessible,
  launchChromium,
  RAW_ID,
  type Browser,
  expectNoSideScroll,
  latinWords,
  overlappingPairs,
} from './support/browser';
import { computedColour, drawnSeries, paintedColours } from './support/charts';
import { api } from './support/matches';

/**
 * The replay viewer on a Combat Commander match (issue 17 point 6): a seat sees its own hand by
 * card and the other's as a count, the discard piles and deck counts, the Time and VP tracks,
 * the last roll as the card's two dice with its trigger, and the trigger's resolution nested
 * under the roll in the log, in English and Russian.
 */

jest.setTimeout(240_000);

type Box = { what: string; hex?: string; x: number; y: number; width: number; height: number };

const fate = (trigger?: string) => ({
  order: 'rout',
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
  /** The seqs of the Fate card rolls (FateRolled), in order. */
  const fateRolls: number[] = [];
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
      api<{ events: { seq: number; type: string }[] }>(
        app,
        'POST',
        `/matches/${matchId}/decisions`,
        seat(s),
        { kind, params },
      );
    const fateRollOf = (decided: { events: { seq: number; type: string }[] }) =>
      decided.events.find((e) => e.type === 'FateRolled')?.seq as number;
    await decide('axis', 'begin');
    fateRolls.push(fateRollOf(await decide('allies', 'roll', { purpose: 'other' }))); // Time!
    // A Rout roll comes from a Rout Order played from the hand (issue 45).
    const dealt = await api<{ table: { pieces: Record<string, { zone: string }> } }>(
      app,
      'GET',
      `/matches/${matchId}/state`,
      axis,
    );
    const rout = Object.keys(dealt.table.pieces)
      .filter((id) => dealt.table.pieces[id].zone === 'hand:axis')
      .sort()[0];
    await decide('axis', 'order', { card: rout, units: ['de-squad-1'] });
    fateRolls.push(
      fateRollOf(await decide('axis', 'roll', { purpose: 'rout', unit: 'su-squad-2' })),
    ); // Sniper! in G7
    await decide('axis', 'sniper', {});
    // A stated fire outcome, confirmed: a unit on its broken side.
    // Three names of three genders: «Гвардейское отделение 1» n, «Лейтенант Орлов» m,
    // «Команда разведки» f.
    await decide('axis', 'state-outcome', {
      about: 'fire',
      effects: [
        { kind: 'break', piece: 'su-squad-1' },
        { kind: 'break', piece: 'su-leader' },
        { kind: 'break', piece: 'su-team' },
      ],
    });
    await decide('allies', 'confirm-outcome', { id: 'o1' });
    // An Action in Ганс's own Turn: the log names whose Turn it is.
    const { table } = await api<{ table: { pieces: Record<string, { zone: string }> } }>(
      app,
      'GET',
      `/matches/${matchId}/state`,
      axis,
    );
    const card = Object.keys(table.pieces).find((id) => table.pieces[id].zone === 'hand:axis');
    const played = await decide('axis', 'action', { card });
    lastSeq = played.events[played.events.length - 1].seq;
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
    expect(await page.textContent('[data-zone="hand:axis"]')).toContain('Order Rout / Action A25');
    expect(
      await page.getAttribute('[data-zone="hand:allies"] [data-hidden-count]', 'data-hidden-count'),
    ).toBe('4');
    expect(Number(await page.getAttribute('[data-zone="fate:axis"]', 'data-deck-count'))).toBe(64);
    expect(await page.locator('[data-zone="discard:axis"]').count()).toBe(1);
    expect(await page.textContent('[data-track="time"] dd')).toBe('1');
    const roll = page.locator('.turn-item.roll');
    expect(await roll.locator('.die').count()).toBe(2);
    expect(await roll.locator('.roll-trigger').textContent()).toBe('Sniper!');
    // The faces in numbers beside the dice, then their sum: never a dangling "+ =".
    const sum = /^(\d) \+ (\d) = 7$/.exec((await roll.locator('.roll-value').textContent()) ?? '');
    expect(sum).not.toBeNull();
    expect(Number(sum?.[1]) + Number(sum?.[2])).toBe(7);
    expect(await page.textContent('.log')).toContain('↳ Sniper in hex G7');
    expect(await page.textContent('.log')).toContain('Rout roll');
    // The score chart: every tick on a whole number of events and points (uPlot alone drew 4,
    // 4.05, 4.1 … 5 when the chart ended at the last change), and the scores (the derived
    // victory points), set early and unchanged since, read on to the event shown.
    const chart = page.locator('[data-chart="scores"] .chart[data-axis-0]');
    await chart.waitFor();
    await page.locator('[data-chart="scores"]').screenshot({
      path: join(ARTIFACTS, 'combat-commander-score-chart.png'),
    });
    const box = (await chart.boundingBox())!;
    // At most a label every 40 px across and every 20 px up: room to read each one.
    for (const [axis, room] of [
      ['data-axis-0', box.width / 40],
      ['data-axis-1', box.height / 20],
    ] as const) {
      const ticks = ((await chart.getAttribute(axis)) ?? '').split('\n');
      expect(ticks.length).toBeGreaterThanOrEqual(1);
      expect(ticks.length).toBeLessThanOrEqual(room);
      expect(ticks.filter((tick) => !/^(0|-?[1-9]\d*)$/.test(tick))).toEqual([]);
    }
    const events = ((await chart.getAttribute('data-axis-0')) ?? '').split('\n').map(Number);
    expect(events[events.length - 1]).toBeGreaterThan(5);
    expect(events[events.length - 1]).toBeLessThanOrEqual(lastSeq);
    // Neither side has a victory point all match: two lines tied from first to last, each in
    // its side's colour on the board, each with its own dash, both painted side by side.
    const series = await drawnSeries(chart);
    const sides = [
      ['axis', 'Ганс'],
      ['allies', 'Иван'],
    ] as const;
    for (const [seat, name] of sides) {
      const onBoard = await page.$eval(`.cc-force[data-seat="${seat}"]`, (el) =>
        getComputedStyle(el).getPropertyValue('--owner').trim(),
      );
      expect([name, await computedColour(page, series[name].stroke)]).toEqual([
        name,
        await computedColour(page, onBoard),
      ]);
    }
    expect(series['Ганс'].dash).not.toEqual(series['Иван'].dash);
    const painted = await paintedColours(
      chart,
      sides.map(([, name]) => series[name].stroke),
      0.3,
      0.7,
    );
    for (const { colour, pixels } of painted) expect([colour, pixels > 20]).toEqual([colour, true]);
    expect(Math.abs(painted[1].meanRow - painted[0].meanRow)).toBeGreaterThanOrEqual(2);

    // The scenario's names in English on the English page.
    expect(await page.textContent('.cc-scenario')).toBe(
      'Scenario: Illustrative scenario (not from the rules text)',
    );
    const forces = (await page.locator('.cc-force').allInnerTexts()).join('\n');
    for (const name of ['Leutnant Krüger', 'Rifle squad 1', 'Guards squad 1', 'Weapon: MG 34'])
      expect(forces).toContain(name);
    const unitNames = await page.locator('.cc-force li > strong').allTextContents();
    expect(unitNames).toHaveLength(7);
    expect(unitNames.filter((name) => /[\u0400-\u04FF]/.test(name))).toEqual([]);
    expect(await page.textContent('[data-zone="artillery:axis"]')).toContain('Field radio');

    await page.click('.lang-switch button[lang="ru"]');
    await page.waitForSelector('html[lang="ru"]');
    expect(await page.textContent('.cc-force[data-seat="axis"]')).toContain('Лейтенант Крюгер');
    expect(await page.textContent('.turn-item.roll .roll-trigger')).toBe('Снайпер!');
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

  it('draws its own board: the hex map with counters, Objectives and Cover apart at 390, 1280 and 1920 px, the sides, Time, the last roll; axe clean', async () => {
    await page.addInitScript(() => {
      try {
        localStorage.setItem('matchlog.lang', 'ru');
      } catch {
        // about:blank has no storage
      }
    });
    for (const width of [390, 1280, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('about:blank');
      await page.goto(`${app.url}/replay/${matchId}#seq=${lastSeq}&token=${axis}`);
      await page.waitForSelector(`.board[data-seq="${lastSeq}"]:not(.pending)`);
      if (!(await page.locator('.cc-map').count()))
        await page.click('.view-switch button:first-child'); // a phone opens on the list
      await page.waitForSelector('.cc-map');
      expect(await page.locator('.cc-hex').count()).toBe(100);
      // A match created without a title is named as such, never by its id.
      expect(await page.locator('h1').first().textContent()).toBe('Матч без названия');
      // The illustrative cards' Orders read in Russian on a Russian page, never as their ids.
      expect(await page.textContent('[data-zone="hand:axis"]')).toContain('Приказ «Бегство»');
      expect(await page.textContent('[data-zone="hand:axis"]')).not.toContain('«move»');

      // Every mark of every hex (its id, Cover, Objective, counters) inside its hex, none on another.
      const marks: Box[] = await page.$$eval('.cc-hex .cc-mark, .cc-hex .cc-counter', (els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          const hex = (el.closest('[data-hex]') as HTMLElement | null)?.dataset.hex;
          const what = (el as HTMLElement).dataset.piece ?? el.getAttribute('class') ?? '';
          return { what, hex, x: r.x, y: r.y, width: r.width, height: r.height };
        }),
      );
      const hexes: Box[] = await page.$$eval('.cc-hex .hex-outline', (els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          const hex = (el.closest('[data-hex]') as HTMLElement).dataset.hex as string;
          return { what: hex, hex, x: r.x, y: r.y, width: r.width, height: r.height };
        }),
      );
      expect(marks.filter((m) => m.what === 'su-squad-1')).toHaveLength(1);
      expect(marks.length).toBeGreaterThan(100 + 5 + 3 + 7);
      expect(overlaps(marks)).toEqual([]);
      expect(outsideTheirHex(marks, hexes)).toEqual([]);

      // The panels around the map stand apart, and the page never scrolls sideways.
      const panels: Box[] = await page.$$eval(
        '.cc-side, .cc-time, .cc-roll, .cc-frame, .cc-force',
        (els) =>
          els.map((el) => {
            const r = el.getBoundingClientRect();
            const seat = (el as HTMLElement).dataset.seat ?? '';
            return {
              what: `${el.className} ${seat}`,
              x: r.x,
              y: r.y,
              width: r.width,
              height: r.height,
            };
          }),
      );
      expect(panels).toHaveLength(7);
      expect(overlaps(panels)).toEqual([]);
      await expectNoSideScroll(page);

      // What it shows: counters by kind and state, the sides' cards, Time, VP, the Initiative
      // card, the last roll as two dice in the trigger's frame; names, never ids.
      const broken = page.locator('.cc-counter[data-piece="su-squad-1"]');
      expect(await broken.getAttribute('data-status')).toBe('broken');
      expect(await broken.locator('title').textContent()).toContain(
        'Гвардейское отделение 1, Отделение, Иван (СССР), на сломленной стороне',
      );
      expect(await page.locator('.cc-hex[data-hex="B2"] .cc-counter').count()).toBe(3);
      expect(await page.getAttribute('.cc-hex[data-hex="F6"]', 'data-cover')).toBe('3');
      // The scenario's obstacle and Hindrance hexes, which a line of fire meets (issue 45).
      expect(await page.getAttribute('.cc-hex[data-hex="G8"]', 'data-terrain')).toBe('obstacle');
      expect(await page.locator('.cc-hex[data-hex="G8"] > title').textContent()).toBe(
        'G8, Препятствие: закрывает ЛВ сквозь себя',
      );
      expect(await page.getAttribute('.cc-hex[data-hex="D4"]', 'data-terrain')).toBe('hindrance');
      expect(await page.locator('.cc-objective').count()).toBe(5);
      const allies = page.locator('.cc-side[data-seat="allies"]');
      expect(await allies.locator('[data-hand]').getAttribute('data-hand')).toBe('4');
      expect(await allies.locator('[data-hand]').textContent()).toBe('в руке 4 карты (из 4)');
      expect(await allies.locator('.cc-initiative').textContent()).toBe('Карта Инициативы');
      // The chip names the side («Иван (СССР)»); the line under it does not say it again.
      expect(await allies.locator('.seat-chip').textContent()).toBe('Иван (СССР)');
      expect(await allies.locator('p.muted').textContent()).toBe(
        'Защитная позиция · Способность отдавать Приказы: 2',
      );
      expect(
        await page.locator('.cc-side[data-seat="axis"] [data-deck]').getAttribute('data-deck'),
      ).toBe('64');
      expect(await page.locator('.cc-side[data-seat="axis"] .cc-vp').textContent()).toBe('0 ПО');
      expect(await page.getAttribute('.cc-time', 'data-time')).toBe('1');
      expect(await page.textContent('.cc-time-track li.now')).toBe('1');
      expect(await page.getAttribute('.cc-time-track li.sudden-death', 'data-space')).toBe('5');
      const roll = page.locator('.cc-roll');
      expect(await roll.locator('.die').count()).toBe(2);
      expect(await roll.locator('.cc-dice.framed .roll-trigger').textContent()).toBe('Снайпер!');
      expect(await roll.locator('.roll-value').textContent()).toBe('3 + 4 = 7');
      expect(await roll.locator('.cc-roll-who').textContent()).toBe(
        'Бросок Бегства: Ганс (Германия)',
      );
      const board = (await page.textContent('.cc-board')) ?? '';
      expect(board).toContain('Лейтенант Орлов');
      // The scenario's own names in Russian: the scenario, units, Weapons, the Radio, the trigger.
      expect(await page.textContent('.cc-scenario')).toBe(
        'Сценарий: Примерный сценарий (не из текста правил)',
      );
      const forces = (await page.locator('.cc-force').allInnerTexts()).join('\n');
      for (const name of [
        'Лейтенант Крюгер',
        'Стрелковое отделение 1',
        'Стрелковое отделение 2',
        'Гвардейское отделение 2',
        'Команда разведки',
        'Вооружение: Пулемёт МГ-34',
        'Вооружение: Пулемёт ДП-27',
      ])
        expect(forces).toContain(name);
      expect(await page.textContent('[data-zone="artillery:axis"]')).toContain('Рация');
      // The log's sentences as a Russian reader reads them, "who | sentence": a seat by its
      // side (its nationality, never the id the organizer gave it), a state that agrees with
      // the unit's name, and the Turn's player after «игрока», never declined wrongly; a
      // sentence that does not read on from the name stands after a colon.
      const log = await logRows(page);
      expect(log).toEqual(
        expect.arrayContaining([
          'Иван: | Гвардейское отделение 1: состояние → сломлено',
          'Иван: | Гвардейское отделение 1 сломлено',
          'Ганс: | Действие «A25» на Ходу игрока Ганс',
        ]),
      );
      // No English word left anywhere on the Russian page (the log and the panels too) but the
      // service's name and the language switch.
      const shown = await page.evaluate(() => document.body.innerText);
      expect(latinWords(shown).filter((w) => !['matchlog', 'EN', 'RU'].includes(w))).toEqual([]);
      expect(board).not.toMatch(/\b(su|de)-(squad|leader|team|mg)/u);
      expect(board).not.toMatch(RAW_ID);

      await expectAccessible(page);
      await page.screenshot({
        path: join(ARTIFACTS, `combat-commander-board-${width}.png`),
        fullPage: true,
      });
    }

    // The seats' claims, at the start of the log (the window at the last event has passed
    // them): the seat by its side, no English word on the page.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('about:blank');
    await page.goto(`${app.url}/replay/${matchId}#seq=0&token=${axis}`);
    await page.waitForSelector('.board[data-seq="0"]:not(.pending)');
    expect(await logRows(page)).toEqual(
      expect.arrayContaining(['Ганс | занимает место: Германия', 'Иван | занимает место: СССР']),
    );
    const early = await page.evaluate(() => document.body.innerText);
    expect(early).not.toMatch(/место (axis|allies)/u);
    expect(latinWords(early).filter((w) => !['matchlog', 'EN', 'RU'].includes(w))).toEqual([]);
  });

  it('steps through the Fate card rolls with R and Shift+R, each panel naming the roll’s own seq', async () => {
    const [first, second] = fateRolls;
    expect(second).toBeGreaterThan(first);
    await page.goto(`${app.url}/replay/${matchId}#seq=0&token=${axis}`);
    await page.waitForSelector('.board[data-seq="0"]:not(.pending)');
    expect(await page.isDisabled('button.step-nextRoll')).toBe(false);
    expect(await page.isDisabled('button.step-prevRoll')).toBe(true);

    await page.keyboard.press('r');
    await page.waitForSelector(`.board[data-seq="${first}"]:not(.pending)`);
    // The roll is the FateRolled event, not the draw before it that revealed the card.
    expect(await page.getAttribute('.turn-item.roll', 'data-roll-seq')).toBe(String(first));
    expect(await page.getAttribute('.cc-roll', 'data-roll-seq')).toBe(String(first));
    expect(await page.getAttribute(`.log-entry[data-seq="${first}"]`, 'class')).toContain(
      'cat-roll',
    );

    await page.click('button.step-nextRoll');
    await page.waitForSelector(`.board[data-seq="${second}"]:not(.pending)`);
    expect(await page.getAttribute('.turn-item.roll', 'data-roll-seq')).toBe(String(second));
    expect(await page.isDisabled('button.step-nextRoll')).toBe(true);

    await page.keyboard.press('Shift+R');
    await page.waitForSelector(`.board[data-seq="${first}"]:not(.pending)`);
    expect(await page.getAttribute('.cc-roll', 'data-roll-seq')).toBe(String(first));
  });

  it('says each unit’s state on the board in the form that agrees with its name', async () => {
    await page.addInitScript(() => {
      try {
        localStorage.setItem('matchlog.lang', 'ru');
      } catch {
        // about:blank has no storage
      }
    });
    await page.goto(`${app.url}/replay/${matchId}#seq=${lastSeq}&token=${axis}`);
    await page.waitForSelector(`.board[data-seq="${lastSeq}"]:not(.pending)`);
    // The list view names every piece of every hex with its state.
    await page.click('.view-switch button[aria-pressed="false"]');
    await page.waitForSelector('.piece-list');
    const stateOf = async (piece: string): Promise<string> => {
      const item = page.locator(`li.piece[data-pieces="${piece}"]`);
      expect(await item.getAttribute('data-status')).toBe('broken');
      return (await item.locator('.sr-only').first().textContent()) ?? '';
    };
    expect(await stateOf('su-leader')).toBe(', сломлен');
    expect(await stateOf('su-team')).toBe(', сломлена');
    expect(await stateOf('su-squad-1')).toBe(', сломлено');
    const log = await logRows(page);
    expect(log).toEqual(
      expect.arrayContaining([
        'Иван: | Лейтенант Орлов: состояние → сломлен',
        'Иван: | Команда разведки: состояние → сломлена',
        // A stated outcome names each unit in the nominative with an agreeing participle,
        // never «сломить Лейтенант Орлов».
        'Ганс: | Заявлен результат стрельбы: Гвардейское отделение 1 сломлено; Лейтенант Орлов сломлен; Команда разведки сломлена — ждёт подтверждения',
      ]),
    );
    await page.screenshot({
      path: join(ARTIFACTS, 'combat-commander-list-states-1280.png'),
      fullPage: true,
    });
  });
});

/** The log's rows as "who | sentence" (just the sentence where no one is named). */
function logRows(page: Page): Promise<string[]> {
  return page.locator('.log-entry').evaluateAll((rows) =>
    rows.map((row) => {
      const who = row.querySelector('.log-actor')?.textContent?.trim() ?? '';
      const said = row.querySelector('.log-text')?.textContent?.trim() ?? '';
      return who ? `${who} | ${said}` : said;
    }),
  );
}

/** The marks that overlap, each named by its hex and what it is. */
function overlaps(boxes: Box[]): string[] {
  return overlappingPairs(boxes.map((b) => ({ ...b, name: `${b.hex ?? ''} ${b.what}` })));
}

/** Marks with a corner outside their flat-topped hex (centre and radius from its outline). */
function outsideTheirHex(marks: Box[], hexes: Box[]): string[] {
  return marks.flatMap((m) => {
    const hex = hexes.find((x) => x.hex === m.hex);
    if (!hex) return [`${m.what}: no hex`];
    const r = hex.width / 2;
    const cx = hex.x + r;
    const cy = hex.y + hex.height / 2;
    const corners = [
      [m.x, m.y],
      [m.x + m.width, m.y],
      [m.x, m.y + m.height],
      [m.x + m.width, m.y + m.height],
    ];
    const inside = corners.every(([x, y]) => {
      const dx = Math.abs(x - cx);
      const dy = Math.abs(y - cy);
      return dy <= (Math.sqrt(3) / 2) * r + 0.5 && dx <= r - dy / Math.sqrt(3) + 0.5;
    });
    return inside ? [] : [`${m.hex} ${m.what}`];
  });
}
