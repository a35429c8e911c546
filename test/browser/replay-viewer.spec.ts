import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/test-app';
import { ARTIFACTS, ensureWebBuilt, launchChromium, type Browser } from './support/browser';
import {
  api,
  recordFreeformMatch,
  recordJudgedMatch,
  recordLongMatch,
  recordPrivateMatch,
  type RecordedMatch,
} from './support/matches';

/**
 * The replay viewer in real Chromium against the real service: a recorded freeform match
 * stepped through and checked against GET state?at=N, deep links, languages, a seat's
 * view, bad input, screenshots, and the time a step takes on a 10,000-event match.
 */

jest.setTimeout(120_000);

interface Snapshot {
  /** zone → sorted ids of the pieces shown in it */
  zones: Record<string, string[]>;
  /** zone → hidden piece count */
  hidden: Record<string, number>;
  /** owner → loss pile */
  losses: Record<string, { count: number; cost: number }>;
}

interface StateTable {
  zones: Record<string, { id: string; hiddenCount?: number }>;
  pieces: Record<string, { id: string; zone: string }>;
  losses: Record<string, { cost?: number }[]>;
}

function snapshotOf(table: StateTable): Snapshot {
  const zones: Record<string, string[]> = {};
  const hidden: Record<string, number> = {};
  for (const zone of Object.values(table.zones)) {
    zones[zone.id] = Object.values(table.pieces)
      .filter((p) => p.zone === zone.id)
      .map((p) => p.id)
      .sort();
    if (zone.hiddenCount) hidden[zone.id] = zone.hiddenCount;
  }
  const losses: Snapshot['losses'] = {};
  for (const [owner, pile] of Object.entries(table.losses))
    if (pile.length > 0)
      losses[owner] = { count: pile.length, cost: pile.reduce((sum, e) => sum + (e.cost ?? 0), 0) };
  return { zones, hidden, losses };
}

async function boardSnapshot(page: Page): Promise<Snapshot> {
  return page.evaluate(() => {
    const zones: Record<string, string[]> = {};
    const hidden: Record<string, number> = {};
    for (const zone of document.querySelectorAll<HTMLElement>('.board [data-zone]')) {
      const id = zone.dataset.zone as string;
      zones[id] = [...zone.querySelectorAll<HTMLElement>('[data-pieces]')]
        .flatMap((el) => (el.dataset.pieces as string).split(' '))
        .sort();
      const backs = zone.querySelector<HTMLElement>('[data-hidden-count]');
      if (backs) hidden[id] = Number(backs.dataset.hiddenCount);
    }
    const losses: Record<string, { count: number; cost: number }> = {};
    for (const pile of document.querySelectorAll<HTMLElement>('.board [data-loss-count]'))
      losses[pile.dataset.owner as string] = {
        count: Number(pile.dataset.lossCount),
        cost: Number(pile.dataset.lossCost),
      };
    return { zones, hidden, losses };
  });
}

async function waitForBoard(page: Page, seq: number): Promise<void> {
  await page.waitForSelector(`.board[data-seq="${seq}"]:not(.pending)`);
}

async function gotoSeq(page: Page, seq: number): Promise<void> {
  await page.evaluate((n) => {
    location.hash = `seq=${n}`;
  }, seq);
  await waitForBoard(page, seq);
}

/** A new document each time (a change of the hash alone would not reload the page). */
async function open(page: Page, url: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(url);
}

async function boardSeq(page: Page): Promise<number> {
  return Number(await page.getAttribute('.board', 'data-seq'));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

describe('replay viewer in Chromium', () => {
  let app: TestApp;
  let browser: Browser;
  let match: RecordedMatch;
  let page: Page;
  let pageErrors: string[] = [];

  beforeAll(async () => {
    ensureWebBuilt();
    [app, browser] = await Promise.all([startTestApp(), launchChromium()]);
    match = await recordFreeformMatch(app);
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
    // Never a script error, whatever the test did: bad input gets a message, not a crash.
    expect(pageErrors).toEqual([]);
  });

  async function stateAt(seq: number, token?: string): Promise<StateTable> {
    return (
      await api<{ table: StateTable }>(
        app,
        'GET',
        `/matches/${match.matchId}/state?at=${seq}`,
        token,
      )
    ).table;
  }

  it('lists matches with filters and opens a replay from the list', async () => {
    await page.goto(`${app.url}/?status=started`);
    const card = page.locator(`[data-match="${match.matchId}"]`);
    await card.waitFor();
    expect(await card.textContent()).toContain('Кубок клуба, стол 1');
    // A player is found by the whole name (any case), never by a part of it.
    await page.fill('#f-player', 'алексей смирнов');
    await page.waitForTimeout(400);
    await card.waitFor();
    await page.fill('#f-player', 'nobody-plays-here');
    await page.locator('text=No matches found.').waitFor();
    await page.fill('#f-player', '');
    await page.fill('#f-q', 'кубок');
    await card.waitFor();
    await card.locator('a.button').click();
    await page.waitForURL(/\/replay\//);
    await waitForBoard(page, match.lastSeq);
  });

  it('steps forward and back, and shows at each seq the pieces and loss piles GET state?at=N returns', async () => {
    await open(page, `${app.url}/replay/${match.matchId}#seq=${match.at.started}`);
    await waitForBoard(page, match.at.started);
    // Step forward with the keyboard to the first fleet move, then back.
    for (let seq = match.at.started + 1; seq <= match.at.redMoves; seq += 1) {
      await page.keyboard.press('ArrowRight');
      await waitForBoard(page, seq);
    }
    expect(await page.getAttribute('[data-fleet="alpha"]', 'data-fleet')).toBe('alpha');
    expect(await page.getAttribute('[data-zone="center"] [data-fleet="alpha"]', 'data-fleet')).toBe(
      'alpha',
    );
    await page.keyboard.press('ArrowLeft');
    await waitForBoard(page, match.at.redMoves - 1);
    await page.click('button.step-next');
    await waitForBoard(page, match.at.redMoves);
    await page.keyboard.press('Home');
    await waitForBoard(page, 0);
    await page.keyboard.press('End');
    await waitForBoard(page, match.lastSeq);

    for (const step of [
      'setup',
      'redMoves',
      'redDraw',
      'blueLoss',
      'blueDraw',
      'bluePlays',
      'redLoss',
      'blueRestore',
    ]) {
      const seq = match.at[step];
      await gotoSeq(page, seq);
      expect({ step, ...(await boardSnapshot(page)) }).toEqual({
        step,
        ...snapshotOf(await stateAt(seq)),
      });
    }
    await gotoSeq(page, match.at.redLoss);
    const red = await page.locator('[data-owner="red"][data-loss-count]');
    expect(await red.getAttribute('data-loss-count')).toBe('2');
    expect(await red.getAttribute('data-loss-cost')).toBe('6');
    // What changed at this step is highlighted, and the log says it in words.
    expect(await page.locator('.board .changed').count()).toBeGreaterThan(0);
    expect(await page.textContent('.log-entry.current')).toContain('destroyed 2 pieces');
    // Jump between decisions and rolls.
    await gotoSeq(page, match.at.started);
    await page.keyboard.press('r');
    await waitForBoard(page, match.at.redRoll);
    expect(await page.locator('.board .die').count()).toBe(2);
    await page.keyboard.press('Shift+ArrowRight');
    await page.waitForFunction(
      (from) => Number(document.querySelector('.board')?.getAttribute('data-seq')) > from,
      match.at.redRoll,
    );
    const decision = await boardSeq(page);
    expect(await page.getAttribute(`.log-entry[data-seq="${decision}"]`, 'class')).toContain(
      'cat-decision',
    );
  });

  it('opens a deep link at the exact moment, and keeps the seq in the address', async () => {
    const seq = match.at.blueLoss;
    await open(page, `${app.url}/replay/${match.matchId}#seq=${seq}`);
    await waitForBoard(page, seq);
    expect(await page.getAttribute('.log-entry[aria-current="step"]', 'data-seq')).toBe(
      String(seq),
    );
    await page.keyboard.press('ArrowRight');
    await waitForBoard(page, seq + 1);
    await page.waitForFunction((n) => location.hash === `#seq=${n}`, seq + 1);
  });

  it('switches between English and Russian, with the ruleset’s and the match’s names', async () => {
    await open(page, `${app.url}/replay/${match.matchId}#seq=${match.at.blueLoss}`);
    await waitForBoard(page, match.at.blueLoss);
    expect(await page.textContent('#losses-title')).toBe('Losses');
    expect(await page.textContent('[data-zone="north"] .zone-name')).toBe('North');
    expect(await page.textContent('.log-entry.current')).toContain('destroyed 2 pieces');
    await page.click('.lang-switch button[lang="ru"]');
    await page.waitForSelector('html[lang="ru"]');
    expect(await page.textContent('#losses-title')).toBe('Потери');
    expect(await page.textContent('[data-zone="north"] .zone-name')).toBe('Север');
    expect(await page.textContent('.log-entry.current')).toContain('уничтожены 2 фигуры');
    await page.click('.lang-switch button[lang="en"]');
    await page.waitForSelector('html[lang="en"]');
  });

  it('views as a seat: its own hand is shown, the other seat’s hand only as a count', async () => {
    await open(page, `${app.url}/replay/${match.matchId}#seq=${match.at.blueDraw}`);
    await waitForBoard(page, match.at.blueDraw);
    expect(await page.getAttribute('[data-viewer]', 'data-viewer')).toBe('public');
    expect(await page.locator('[data-zone="hand:red"] [data-pieces]').count()).toBe(0);
    expect(
      await page.getAttribute('[data-zone="hand:red"] [data-hidden-count]', 'data-hidden-count'),
    ).toBe('2');

    await page.click('.token-panel summary');
    await page.fill('#token-input', match.seats.red);
    await page.click('.token-form button[type="submit"]');
    await page.waitForSelector('[data-viewer="seat"]');
    await waitForBoard(page, match.at.blueDraw);
    // The seat by its player's name and side, not its id.
    expect(await page.textContent('[data-viewer]')).toContain('Алексей Смирнов (Empire)');
    const mine = await boardSnapshot(page);
    expect(mine.zones['hand:red']).toHaveLength(2);
    expect(mine.zones['hand:blue']).toEqual([]);
    expect(mine.hidden['hand:blue']).toBe(2);
    expect(mine).toEqual(snapshotOf(await stateAt(match.at.blueDraw, match.seats.red)));
    // Stepping on, the seat's view still matches the server's.
    for (const step of ['bluePlays', 'redLoss']) {
      await gotoSeq(page, match.at[step]);
      expect(await boardSnapshot(page)).toEqual(
        snapshotOf(await stateAt(match.at[step], match.seats.red)),
      );
    }
    await page.click('.token-panel summary');
    await page.click('text=Forget token');
    await page.waitForSelector('[data-viewer="public"]');
  });

  it('a judge sees every hand', async () => {
    await page.goto(
      `${app.url}/replay/${match.matchId}#seq=${match.at.blueDraw}&token=${match.judge}`,
    );
    await page.waitForSelector('[data-viewer="judge"]');
    await waitForBoard(page, match.at.blueDraw);
    expect(page.url()).not.toContain('token=');
    const seen = await boardSnapshot(page);
    expect(seen.zones['hand:red']).toHaveLength(2);
    expect(seen.zones['hand:blue']).toHaveLength(2);
    expect(seen.zones.deck).toHaveLength(4);
  });

  it('shows clear messages for an unknown match, a seq beyond the end and a token of another match', async () => {
    await open(page, `${app.url}/replay/00000000-0000-4000-8000-000000000000`);
    await page.waitForSelector('.error-box[data-error="not-found"]');
    expect(await page.textContent('.error-box')).toContain('There is no such match');

    await open(page, `${app.url}/replay/${match.matchId}#seq=999999`);
    await waitForBoard(page, match.lastSeq);
    expect(await page.textContent('[data-notice="seqBeyond"]')).toContain('999999');

    await open(page, `${app.url}/replay/${match.matchId}#seq=abc`);
    await waitForBoard(page, 0);
    expect(await page.textContent('[data-notice="seqInvalid"]')).toContain('abc');

    const other = await recordPrivateMatch(app);
    // A seat token of the private match on this public match: the public view, said so.
    await open(page, `${app.url}/replay/${match.matchId}#token=${other.seats.green}`);
    await waitForBoard(page, match.lastSeq);
    expect(await page.textContent('.notice')).toContain('another match');
    expect(await page.getAttribute('[data-viewer]', 'data-viewer')).toBe('public');
    // This match's token on the private live match: refused, with the reason.
    await page.evaluate((t) => sessionStorage.setItem('matchlog.token', t), match.seats.red);
    await open(page, `${app.url}/replay/${other.matchId}`);
    await page.waitForSelector('.error-box[data-error="forbidden"]');
    expect(await page.textContent('.error-box')).toContain('live and private');
    // An unknown token.
    await page.evaluate(() => sessionStorage.setItem('matchlog.token', 'ml_seat_unknown'));
    await open(page, `${app.url}/replay/${match.matchId}`);
    await page.waitForSelector('.error-box[data-error="unauthorized"]');
    await page.click('.error-box >> text=Forget token');
    await waitForBoard(page, match.lastSeq);
  });

  it('is usable with the keyboard alone and labels its controls', async () => {
    await open(page, `${app.url}/replay/${match.matchId}#seq=${match.at.redMoves}`);
    await waitForBoard(page, match.at.redMoves);
    await page.focus('.slider');
    await page.keyboard.press('ArrowRight');
    await waitForBoard(page, match.at.redMoves + 1);
    const unlabelled = await page.evaluate(
      () =>
        [...document.querySelectorAll('button, input, select')].filter((el) => {
          const labelled =
            el.getAttribute('aria-label') ||
            el.textContent?.trim() ||
            (el.id && document.querySelector(`label[for="${el.id}"]`));
          return !labelled;
        }).length,
    );
    expect(unlabelled).toBe(0);
    // Tab reaches the step buttons, Enter presses them.
    await page.focus('button.step-prev');
    await page.keyboard.press('Enter');
    await waitForBoard(page, match.at.redMoves);
  });

  it('saves screenshots of the board at 1280 and 390 px wide, with no horizontal overflow at 390', async () => {
    const seq = match.at.redLoss;
    await open(page, `${app.url}/replay/${match.matchId}#seq=${seq}&token=${match.judge}`);
    await waitForBoard(page, seq);
    await page.screenshot({ path: join(ARTIFACTS, 'replay-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await waitForBoard(page, seq);
    await page.screenshot({ path: join(ARTIFACTS, 'replay-390.png'), fullPage: true });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.click('.lang-switch button[lang="ru"]');
    await page.waitForSelector('html[lang="ru"]');
    await page.screenshot({ path: join(ARTIFACTS, 'replay-390-ru.png'), fullPage: true });
    await page.click('.lang-switch button[lang="en"]');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${app.url}/`);
    await page.waitForSelector('.match-card');
    await page.screenshot({ path: join(ARTIFACTS, 'list-1280.png'), fullPage: true });
  });

  it('shows the audit state: chain verified, dice verified once the match ends', async () => {
    await open(page, `${app.url}/replay/${match.matchId}`);
    await page.waitForSelector('[data-audit="verified"]');
    await page.waitForSelector('[data-dice="committed"]');
    await api(app, 'POST', `/matches/${match.matchId}/decisions`, match.seats.blue, {
      kind: 'concede',
      params: {},
    });
    await open(page, `${app.url}/replay/${match.matchId}`);
    await page.waitForSelector('[data-dice="verified"]');
    await page.waitForSelector('[data-audit="verified"]');
    // After the end everything is public: both hands are shown to anyone.
    const seen = await boardSnapshot(page);
    expect(seen.zones['hand:blue'].length).toBeGreaterThan(0);
    expect(seen.hidden).toEqual({});
  });

  it.each([
    [
      'positions',
      {
        kind: 'positions',
        width: 300,
        height: 200,
        positions: {
          north: { x: 150, y: 30 },
          center: { x: 150, y: 100 },
          south: { x: 150, y: 170 },
        },
      },
    ],
    [
      'hex',
      {
        kind: 'hex',
        orientation: 'pointy',
        cells: { north: { q: 0, r: 0 }, center: { q: 0, r: 1 }, south: { q: -1, r: 2 } },
      },
    ],
    [
      'ring',
      { kind: 'ring', zones: ['north', 'south', 'reserve-red', 'reserve-blue'], center: 'center' },
    ],
  ])(
    "draws a ruleset's %s layout: placed zones on the map, the rest beside it",
    async (kind, layout) => {
      // No registered ruleset has a layout yet: the API's answer is stood in for in the browser.
      await page.route(`**/api/v1/matches/${match.matchId}/layout`, (route) =>
        route.fulfill({
          json: { matchId: match.matchId, ruleset: { id: 'freeform', version: '1.0.0' }, layout },
        }),
      );
      await open(page, `${app.url}/replay/${match.matchId}#seq=${match.at.redLoss}`);
      await waitForBoard(page, match.at.redLoss);
      await page.waitForSelector(`.map.map-${kind} .map-spot [data-zone="center"]`);
      expect(await page.locator('.map .map-spot').count()).toBe(kind === 'ring' ? 5 : 3);
      if (kind !== 'ring')
        expect(await page.locator('.zones [data-zone="reserve-red"]').count()).toBe(1);
      // The same pieces as the server's table, wherever the zones are drawn.
      expect(await boardSnapshot(page)).toEqual(snapshotOf(await stateAt(match.at.redLoss)));
      await page.screenshot({
        path: join(ARTIFACTS, `replay-layout-${kind}-1280.png`),
        fullPage: true,
      });
      await page.setViewportSize({ width: 390, height: 844 });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: join(ARTIFACTS, `replay-layout-${kind}-390.png`),
        fullPage: true,
      });
      // On a phone the zones read better as a list: one press, and back.
      await page.click('.view-switch >> text=List');
      await page.waitForSelector('.map', { state: 'detached' });
      expect(await boardSnapshot(page)).toEqual(snapshotOf(await stateAt(match.at.redLoss)));
      await page.screenshot({
        path: join(ARTIFACTS, `replay-layout-${kind}-390-list.png`),
        fullPage: true,
      });
      await page.click('.view-switch >> text=Map');
      await page.waitForSelector('.map');
    },
  );

  it('marks undone and voided events, disputes, rulings and notes on the log and the timeline', async () => {
    const judged = await recordJudgedMatch(app);
    const { at } = judged;
    await open(page, `${app.url}/replay/${judged.matchId}#seq=${at.move1}`);
    await waitForBoard(page, at.move1);
    // The move taken back by the undo: struck through, with the undo that voided it.
    const undone = page.locator(`.log-entry[data-seq="${at.move1}"]`);
    expect(await undone.getAttribute('class')).toContain('voided');
    expect(await undone.locator('s').count()).toBe(1);
    expect(await undone.textContent()).toContain(`#${at.undo}`);
    // The branch as played, then the table the undo returned to, as the server has them.
    expect(await boardSnapshot(page)).toEqual(
      snapshotOf(
        (
          await api<{ table: StateTable }>(
            app,
            'GET',
            `/matches/${judged.matchId}/state?at=${at.move1}&line=all`,
          )
        ).table,
      ),
    );
    await gotoSeq(page, at.undo);
    expect((await boardSnapshot(page)).zones.north).toEqual(['r1']);
    // The disputed move is voided by the ruling; the dispute is marked at the move it disputes.
    const disputed = page.locator(`.log-entry[data-seq="${at.move2}"]`);
    await gotoSeq(page, at.move2);
    expect(await disputed.textContent()).toContain(`#${at.ruling}`);
    expect(await disputed.textContent()).toContain('ruling');
    await page.waitForSelector(`.log-note[data-note-seq="${at.move2}"]`);
    expect(await page.textContent(`.log-note[data-note-seq="${at.move2}"]`)).toContain('Minefield');
    expect(await page.locator('.strip-marker.marker-dispute').count()).toBeGreaterThan(0);
    expect(await page.locator('.strip-marker.marker-ruling').count()).toBeGreaterThan(0);
    expect(await page.locator('.strip-marker.marker-annotation').count()).toBe(1);
    await gotoSeq(page, 0);
    await page.keyboard.press('d');
    await page.waitForFunction(
      () => Number(document.querySelector('.board')?.getAttribute('data-seq')) > 0,
    );
    // The first marked moment: the undo request (then its rewind, the dispute, the ruling).
    expect(await boardSeq(page)).toBeLessThanOrEqual(at.undo);
    expect(await page.getAttribute('.log-entry.current', 'class')).toContain('cat-undo');
    await gotoSeq(page, at.ruling);
    expect(await page.textContent('.log-entry.current')).toContain('rewound to event');
    expect(await page.locator('.log-entry.cat-ruling', { hasText: 'Ruling: upheld' }).count()).toBe(
      1,
    );
    expect(await boardSnapshot(page)).toEqual(
      snapshotOf(
        (
          await api<{ table: StateTable }>(
            app,
            'GET',
            `/matches/${judged.matchId}/state?at=${at.ruling}&line=all`,
          )
        ).table,
      ),
    );
    await page.screenshot({ path: join(ARTIFACTS, 'replay-judged-1280.png'), fullPage: true });
  });

  it('steps through a 10,000-event match: median time from a key press to the updated board', async () => {
    const long = await recordLongMatch(app, 10_000);
    expect(long.lastSeq).toBeGreaterThanOrEqual(9_999);
    const started = Date.now();
    const start = 5_000;
    await open(page, `${app.url}/replay/${long.matchId}#seq=${start}`);
    await waitForBoard(page, start);
    const loadMs = Date.now() - started;
    // Measured in the page: the key event's time stamp to the board's commit, and to the next frame.
    await page.evaluate(() => {
      const w = window as unknown as { __steps: { commit: number; frame: number }[] };
      w.__steps = [];
      document.addEventListener(
        'keydown',
        (event) => {
          const t0 = event.timeStamp;
          const board = document.querySelector('.board') as HTMLElement;
          const before = board.dataset.seq;
          const observer = new MutationObserver(() => {
            const now = document.querySelector('.board') as HTMLElement;
            if (now.dataset.seq === before) return;
            observer.disconnect();
            const commit = performance.now() - t0;
            requestAnimationFrame(() => w.__steps.push({ commit, frame: performance.now() - t0 }));
          });
          observer.observe(document.querySelector('.replay-body') as HTMLElement, {
            attributes: true,
            subtree: true,
            attributeFilter: ['data-seq'],
          });
        },
        { capture: true },
      );
    });
    let seq = start;
    const press = async (key: string, delta: number): Promise<void> => {
      await page.keyboard.press(key);
      seq += delta;
      await waitForBoard(page, seq);
    };
    for (let i = 0; i < 150; i += 1) await press('ArrowRight', 1);
    for (let i = 0; i < 100; i += 1) await press('ArrowLeft', -1);
    await page.waitForTimeout(50);
    const steps = await page.evaluate(
      () => (window as unknown as { __steps: { commit: number; frame: number }[] }).__steps,
    );
    expect(steps.length).toBe(250);
    const commit = steps.map((s) => s.commit);
    const frame = steps.map((s) => s.frame);
    const back = steps.slice(150).map((s) => s.commit);
    await page.screenshot({ path: join(ARTIFACTS, 'replay-10k-1280.png') });
    // Also a long jump: End, then Home.
    const jumpStart = Date.now();
    await page.keyboard.press('End');
    await waitForBoard(page, long.lastSeq);
    await page.keyboard.press('Home');
    await waitForBoard(page, 0);
    const jumps = Date.now() - jumpStart;
    const report = [
      `replay step timing, ${long.lastSeq + 1} events, ${steps.length} key presses (150 forward, 100 back):`,
      `  key press → board updated (DOM): median ${median(commit).toFixed(1)} ms, p95 ${percentile(commit, 95).toFixed(1)} ms, max ${Math.max(...commit).toFixed(1)} ms`,
      `  key press → next frame painted:  median ${median(frame).toFixed(1)} ms, p95 ${percentile(frame, 95).toFixed(1)} ms`,
      `  stepping back only (DOM):         median ${median(back).toFixed(1)} ms`,
      `  page load to the board at seq ${start}: ${loadMs} ms; End + Home jumps (with round trips): ${jumps} ms`,
      `  target: under 50 ms per step`,
    ].join('\n');
    process.stdout.write(`\n${report}\n\n`);
  });
});
