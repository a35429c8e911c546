import { join } from 'node:path';
import { startTestApp, type TestApp } from '../support/test-app';
import {
  ARTIFACTS,
  RAW_ID,
  ensureWebBuilt,
  launchChromium,
  pagePerTest,
  type Browser,
  expectNoSideScroll,
  namedBoxes,
  overlappingPairs,
  rowsNamingTheirActorTwice,
  type NamedBox,
} from './support/browser';
import { recordBoardMatches, type BoardMatches } from './support/board-matches';
import { recordReviewMatches, type ReviewMatches } from './support/review-matches';

/**
 * The boards per ruleset, as a player and a judge read them: the Rex city (sectors as a
 * ring, locations inside, nothing covering anything at 1280 and 1920 px, usable at 390 px),
 * the Commanders Path table (both sides' objects and fleets, every card by name with its
 * figures, damage and tapped state, one's own hand by name), the battle panels at the moments
 * of a battle, the winner banner, screenshots of every ruleset at a battle, a ruling and the
 * end at three widths, axe on every page and the replay by keyboard alone.
 */

jest.setTimeout(300_000);

const WIDTHS = [390, 1280, 1920] as const;

describe('the boards of each ruleset', () => {
  let app: TestApp;
  let browser: Browser;
  let review: ReviewMatches;
  let boards: BoardMatches;
  const tab = pagePerTest(
    () => browser,
    () => app.url,
  );
  const { open, replay, text, accessible } = tab;

  beforeAll(async () => {
    ensureWebBuilt();
    [app, browser] = await Promise.all([startTestApp(), launchChromium()]);
    review = await recordReviewMatches(app);
    boards = await recordBoardMatches(app);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** Every box of the Rex map, where the page draws it, named by its zone. */
  const mapRects = () => namedBoxes(tab.page, '.rex-map [data-zone]', 'zone');
  const noPageOverflow = () => expectNoSideScroll(tab.page);

  it('draws the Rex map at 390 px in its own scrolling frame, no name broken mid-word', async () => {
    const { rex } = boards;
    await tab.page.setViewportSize({ width: 390, height: 844 });
    await replay(rex.matchId, rex.at['call-traitor']);
    await tab.page
      .getByRole('group', { name: 'Показать поле' })
      .getByRole('button', { name: 'Картой' })
      .click();
    await tab.page.locator('.rex-map').waitFor();
    // A word drawn on two lines has two boxes: every word of every name must have one.
    const broken = await tab.page.locator('.rex-map [data-zone]').evaluateAll((zones) =>
      zones.flatMap((zone) => {
        const name = zone.querySelector('.zone-name');
        const node = name?.firstChild;
        if (!node || node.nodeType !== Node.TEXT_NODE) return [];
        const text = node.textContent ?? '';
        const words: string[] = [];
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (lines.size > 1) words.push(match[0]);
        }
        return words;
      }),
    );
    expect(broken).toEqual([]);
    await noPageOverflow();
    await tab.page
      .locator('.rex-frame')
      .screenshot({ path: join(ARTIFACTS, 'boards-rex-map-390.png') });
  });

  it('draws the Rex city with no box over another at 1280 and 1920 px: sectors as a ring, locations inside, the fleet, shields and strongholds', async () => {
    const { rex } = boards;
    for (const width of [1280, 1920]) {
      await tab.page.setViewportSize({ width, height: 900 });
      await replay(rex.matchId, rex.at['call-traitor']);
      const rects = await mapRects();
      const sectors = rects.filter((r) => r.name.startsWith('sector:'));
      const locations = rects.filter((r) => !r.name.startsWith('sector:'));
      expect([sectors.length, locations.length]).toEqual([18, 17]);
      expect(rects.every((r) => r.width > 0 && r.height > 0)).toBe(true);
      expect(overlappingPairs(rects)).toEqual([]);
      // The locations lie inside the ring: every sector is outside the box holding them all.
      const inner = {
        left: Math.min(...locations.map((r) => r.x)),
        top: Math.min(...locations.map((r) => r.y)),
        right: Math.max(...locations.map((r) => r.x + r.width)),
        bottom: Math.max(...locations.map((r) => r.y + r.height)),
      };
      for (const s of sectors)
        expect(
          s.x >= inner.right ||
            s.x + s.width <= inner.left ||
            s.y >= inner.bottom ||
            s.y + s.height <= inner.top,
        ).toBe(true);
      // Clockwise: sector n+1 lies a step further round the centre than sector n.
      const centre = { x: (inner.left + inner.right) / 2, y: (inner.top + inner.bottom) / 2 };
      const turn = (r: NamedBox): number => {
        const a = Math.atan2(r.x + r.width / 2 - centre.x, centre.y - (r.y + r.height / 2));
        return a < 0 ? a + 2 * Math.PI : a;
      };
      const byNumber = [...sectors].sort(
        (a, b) => Number(a.name.split(':')[1]) - Number(b.name.split(':')[1]),
      );
      const turns = byNumber.map(turn);
      const steps = turns.slice(1).filter((t, i) => t < turns[i]).length;
      expect(steps).toBeLessThanOrEqual(1); // one wrap past the top, no more
      await tab.page.screenshot({ path: join(ARTIFACTS, `boards-rex-map-${width}.png`) });
    }
    // The Dreadnought Fleet in its sector, shields and strongholds marked, control by colour.
    expect(await tab.page.locator('.rex-sector.storm').getAttribute('data-sector')).toBe('9');
    expect(await tab.page.locator('.rex-location .mark-stronghold').count()).toBe(5);
    expect(await tab.page.locator('.rex-location .mark-shield').count()).toBe(5);
    expect(
      await tab.page.locator('[data-zone="imperial-fleet-base"]').getAttribute('data-controller'),
    ).toBe('letnev');
    expect(await text('.rex-standings [data-seat="letnev"]')).toContain('1 Крепость');
  });

  it('shows the battle location at the moment of the battle, uncovered, and each side’s wheel, leader, cards, traitor call and the result', async () => {
    const { rex } = boards;
    // The battle opened, nothing sealed yet: the panel says "not yet" (not "sealed"), no number.
    await replay(rex.matchId, rex.at.battle);
    const location = tab.page.locator('.rex-location[data-battle="true"]');
    expect(await location.getAttribute('data-zone')).toBe('imperial-fleet-base');
    await location.scrollIntoViewIfNeeded();
    const uncovered = await location.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return hit !== null && el.contains(hit);
    });
    expect(uncovered).toBe(true);
    expect(await text('.rex-battle h3')).toContain('Бой: База Императорского Флота');
    expect(await text('.rex-battle [data-seat="letnev"] [data-row="dial"] dd')).toBe('ещё нет');
    // The wheels revealed: numbers and leaders; cards not yet.
    await replay(rex.matchId, rex.at['battle-plan']);
    expect(await text('.rex-battle [data-seat="letnev"] [data-row="dial"] dd')).toBe('2');
    expect(await text('.rex-battle [data-seat="sol"] [data-row="dial"] dd')).toBe('4');
    expect(await text('.rex-battle [data-seat="sol"] [data-row="leader"] dd')).toBe('Лидер Сол 5');
    expect(await text('.rex-battle [data-seat="sol"] [data-row="slot"] dd')).toBe('атака');
    // Cards, traitor calls and the result.
    await replay(rex.matchId, rex.at['call-traitor']);
    expect(await text('.rex-battle [data-seat="letnev"] [data-row="cards"] dd')).toBe(
      'Биологическое Оружие, Щит',
    );
    expect(await text('.rex-battle [data-seat="sol"] [data-row="cards"] dd')).toBe('Энерго-ружье');
    expect(await text('.rex-battle [data-seat="letnev"] [data-row="traitor"] dd')).toBe(
      'без Предателя',
    );
    expect(await tab.page.getAttribute('.rex-battle .battle-result', 'data-winner')).toBe('letnev');
    expect(await text('.rex-battle .battle-result')).toContain('Бой выигрывает Вера (Летнев)');
    expect(await text('.rex-battle [data-seat="letnev"] [data-row="total"] dd')).toContain('6');
    // After the battle closed, no panel.
    await replay(rex.matchId, rex.at.bombardment);
    expect(await tab.page.locator('.rex-battle').count()).toBe(0);
    expect(await tab.page.locator('.rex-location[data-battle]').count()).toBe(0);
  });

  it('is usable at 390 px: the list by default, the map scrolls inside its frame, never the page', async () => {
    const { rex } = boards;
    await tab.page.setViewportSize({ width: 390, height: 844 });
    await replay(rex.matchId, rex.at['call-traitor']);
    expect(await tab.page.locator('.rex-map').count()).toBe(0);
    await noPageOverflow();
    await tab.page.click('.view-switch button[aria-pressed="false"]');
    await tab.page.waitForSelector('.rex-map');
    await noPageOverflow();
    const frame = await tab.page.$eval('.rex-frame', (el) => ({
      scrolls: el.scrollWidth > el.clientWidth,
      overflow: getComputedStyle(el).overflowX,
      focusable: (el as HTMLElement).tabIndex === 0,
    }));
    expect(frame).toEqual({ scrolls: true, overflow: 'auto', focusable: true });
    expect(overlappingPairs(await mapRects())).toEqual([]);
  });

  it('lays out the Commanders Path table: both sides’ objects and fleets, each card by name with its figures, damage and tapped state, one’s own hand by name', async () => {
    const { cp } = boards;
    // Anna, during the battle: her hand by name, Boris's hand only as a count.
    await replay(cp.matchId, cp.at.battle, cp.seats.red);
    const objects = await text('.cp-side[data-seat="red"]');
    expect(objects).toContain('Планета «Эдем» (тест)');
    expect(objects).toContain('космический объект');
    expect(objects).toContain('Доход: ресурсы 2, фишки действия 0');
    expect(await text('.cp-side[data-seat="blue"]')).toContain('Астероид «Рудник» (тест)');
    const space = await text('.cp-space');
    expect(space).toContain('Экзорцист');
    expect(space).toContain('Химера');
    // The Exorcist: the plasma's 7 of 8, its shield and weapons, and tapped after firing.
    const exorcist = tab.page.locator('.cp-space .cp-card', { hasText: 'Экзорцист' });
    expect(await exorcist.getAttribute('data-damage')).toBe('7');
    expect(await exorcist.getAttribute('data-status')).toBe('tapped');
    const exorcistText = await exorcist.textContent();
    expect(exorcistText).toContain('Урон 7 из 8');
    expect(exorcistText).toContain('Щит C3');
    expect(exorcistText).toContain('мазер 8');
    // The card's name records no gender: its state in words that agree with nothing.
    expect(exorcistText).toContain('в повёрнутом положении');
    expect(exorcistText).not.toContain('повёрнута');
    expect(await tab.page.locator('.cp-space .cp-fleet').count()).toBe(2);
    const hand = await text('[data-zone="hand:red"]');
    expect(hand).toContain('Засада (тест)');
    expect(hand).not.toMatch(/\bcard\b/);
    expect(
      await tab.page.getAttribute(
        '[data-zone="hand:blue"] [data-hidden-count]',
        'data-hidden-count',
      ),
    ).toBeTruthy();
    expect(await text('[data-zone="hand:blue"]')).not.toContain('Засада');
    // After the end, the public sees every card by name, nowhere «card».
    await replay(cp.matchId, await boards.cpEnded());
    expect(await text('.board')).not.toMatch(/\bcard\b/);
    expect(await text('[data-zone="deck:blue"]')).toContain('Торговый союз (тест)');
  });

  it('shows a Commanders Path battle round by round: shots, hit dice, formulas, damage, and who holds the sector', async () => {
    const { cp } = boards;
    await replay(cp.matchId, cp.at.battle);
    const panel = '.cp-battle';
    expect(await text(`${panel} h3`)).toContain('Сражение: Сектор 1');
    expect(await tab.page.locator(`${panel} .battle-round`).count()).toBe(2);
    expect(await text(`${panel} .battle-round[data-round="1"] h4`)).toBe(
      'Раунд 1 · дальняя дистанция',
    );
    const missiles = await text(`${panel} .battle-round[data-round="1"] .shot`);
    expect(missiles).toContain('Химера: ракеты Д 4-4');
    expect(missiles).toContain('попаданий 1 из 4 (нужно 5+)');
    expect(await tab.page.locator(`${panel} .shot-dice .die`).count()).toBe(4);
    const medium = await text(`${panel} .battle-round[data-round="2"]`);
    expect(medium).toContain('Экзорцист: P − S = 10 − 3 → 7');
    expect(medium).toContain('урон 7/8');
    // The kill at short range, the critical damage after, and the sector held.
    await replay(cp.matchId, cp.at['battle-end']);
    expect(await tab.page.locator(`${panel} .battle-round`).count()).toBe(3);
    expect(await tab.page.locator(`${panel} [data-destroyed="true"]`).count()).toBe(1);
    expect(await text(`${panel} .battle-critical`)).toContain('Экзорцист');
    expect(await tab.page.getAttribute(`${panel} .battle-result`, 'data-winner')).toBe('red');
  });

  it('draws a Rex Traitor revealed and a Commanders Path point defence at the battle, at 390, 1280 and 1920 px', async () => {
    const { rexTraitor, cpPointDefence } = boards;
    for (const width of WIDTHS) {
      await tab.page.setViewportSize({ width, height: 900 });
      // Глеб (Sol) calls the Traitor on the leader Вера (Letnev) put on her wheel.
      await replay(rexTraitor.matchId, rexTraitor.at['call-traitor'], rexTraitor.seats.sol);
      await noPageOverflow();
      if (width > 390) expect(overlappingPairs(await mapRects())).toEqual([]);
      expect(await text('.rex-battle [data-seat="sol"] [data-row="traitor"] dd')).toBe(
        'Предатель! Лидер Летнев 5',
      );
      expect(await text('.rex-battle [data-seat="letnev"] [data-row="traitor"] dd')).toBe(
        'без Предателя',
      );
      // The betrayed leader is marked in its own side's leader row, the other leader is not.
      expect(await text('.rex-battle [data-seat="letnev"] [data-row="leader"] dd')).toBe(
        'Лидер Летнев 5 — предатель',
      );
      expect(await text('.rex-battle [data-seat="sol"] [data-row="leader"] dd')).toBe(
        'Лидер Сол 5',
      );
      expect(await tab.page.getAttribute('.rex-battle .battle-result', 'data-winner')).toBe('sol');
      expect(await text('.rex-battle .battle-result')).toContain('Бой выигрывает Глеб (Сол)');
      expect(await text('.rex-battle .battle-result')).toContain('из-за Предателя');
      // The betrayed leader counts for nothing: Letnev's total is its dial alone.
      expect(await text('.rex-battle [data-seat="letnev"] [data-row="total"] dd')).toContain('2');
      expect(await text('.rex-battle [data-seat="sol"] [data-row="total"] dd')).toContain('10');
      const log = await text('.log');
      expect(log).toContain('Лидер Летнев 5');
      // The wheel's line names the leader once, its label set off (was «Лидер Лидер Летнев 5»).
      expect(log).toContain('лидер: Лидер Летнев 5');
      expect(log).not.toContain('Лидер Лидер');
      expect(log).not.toMatch(RAW_ID);
      await tab.page.screenshot({
        path: join(ARTIFACTS, `boards-rex-traitor-${width}.png`),
        fullPage: true,
      });
      // Химера's four missiles hit Экзорцист; its lasers shoot two down (5 and 6 of 5, 1, 6, 2).
      await replay(
        cpPointDefence.matchId,
        cpPointDefence.at['point-defence'],
        cpPointDefence.seats.blue,
      );
      await noPageOverflow();
      const shot = await text('.cp-battle .battle-round[data-round="1"] .shot');
      expect(shot).toContain('Химера: ракеты Д 4-4');
      expect(shot).toContain('попаданий 4 из 4 (нужно 5+)');
      // Point defence first: the two hits it leaves are the formula's.
      expect(shot).toContain(
        'Экзорцист: ПРО 5, 1, 6, 2: сбито 2 · попадания × макс(0, P − A) = 2 × макс(0, 4 − 3) → 2',
      );
      expect(shot).toContain('урон 2/8');
      expect(shot).not.toMatch(/\b[a-z]{3,}\b/);
      await tab.page.screenshot({
        path: join(ARTIFACTS, `boards-cp-point-defence-${width}.png`),
        fullPage: true,
      });
    }
  });

  it('says nothing in English on a Russian page: no word the English page phrases appears on the Russian one', async () => {
    await boards.cpEnded();
    // Proper names in Latin letters: the Russian text's «Mecatol», the service and the game.
    const ALLOWED = new Set(['mecatol', 'matchlog', 'rex']);
    const latinWords = async (): Promise<Set<string>> =>
      new Set(
        ((await tab.page.evaluate(() => document.body.innerText)).match(/[A-Za-z]{3,}/g) ?? []).map(
          (w) => w.toLowerCase(),
        ),
      );
    const pages: [string, string, number, string | undefined][] = [
      ['freeform', review.freeform.matchId, review.freeform.lastSeq, review.judge],
      ['cp battle', boards.cp.matchId, boards.cp.at['battle-end'], boards.cp.seats.red],
      ['cp end', boards.cp.matchId, boards.cp.lastSeq, undefined],
      [
        'cp point defence',
        boards.cpPointDefence.matchId,
        boards.cpPointDefence.at['point-defence'],
        undefined,
      ],
      ['rex', boards.rex.matchId, boards.rex.lastSeq, boards.judge],
      ['rex traitor', boards.rexTraitor.matchId, boards.rexTraitor.at['call-traitor'], undefined],
    ];
    const leaks: string[] = [];
    for (const [name, matchId, seq, token] of pages) {
      await open(`/replay/${matchId}?lang=en#seq=${seq}`, token);
      await tab.page.waitForSelector(`.board[data-seq="${seq}"]:not(.pending)`);
      const english = await latinWords();
      await replay(matchId, seq, token);
      expect(await tab.page.getAttribute('html', 'lang')).toBe('ru');
      const leaked = [...(await latinWords())].filter((w) => english.has(w) && !ALLOWED.has(w));
      if (leaked.length > 0) leaks.push(`${name}: ${leaked.join(', ')}`);
      // The English page does phrase it: the check compares two real pages.
      expect(english.size).toBeGreaterThan(20);
    }
    expect(leaks).toEqual([]);
  });

  it('ends each match with a winner banner by name, and folds the tracks still at zero', async () => {
    const { cp, rex } = boards;
    await boards.cpEnded();
    await replay(rex.matchId, rex.lastSeq);
    expect(await text('.winner-banner')).toContain('Победитель: Вера (Летнев)');
    expect(await text('.winner-banner')).toContain('последняя раса, оставшаяся в игре');
    expect(await text('.winner-banner')).not.toMatch(/[a-z]-[a-z]/);
    const folded = Number(await tab.page.getAttribute('.tracks-folded', 'data-folded'));
    expect(folded).toBeGreaterThan(10);
    expect(
      await tab.page.locator('.tracks .track-list:not(.tracks-folded *) .track').count(),
    ).toBeLessThan(5);
    await replay(cp.matchId, cp.lastSeq);
    expect(await text('.winner-banner')).toContain('Победитель: Анна');
    await replay(review.freeform.matchId, review.freeform.lastSeq);
    expect(await text('.winner-banner')).toContain('Победитель: Анна (Империя)');
    // A finished match names no phase and nobody to act («Фаза движение · Ходит red»).
    expect(await tab.page.locator('.turn-bar [data-phase], .turn-bar [data-active]').count()).toBe(
      0,
    );
  });

  it('saves screenshots of every ruleset at a battle, a ruling and the end, at 390, 1280 and 1920 px', async () => {
    await boards.cpEnded();
    const moments: [string, string, number, string | undefined][] = [
      ['freeform', review.freeform.matchId, review.freeform.at.destroy, undefined],
      ['freeform', review.freeform.matchId, review.freeform.at.ruling, review.judge],
      ['freeform', review.freeform.matchId, review.freeform.lastSeq, undefined],
      ['cp', boards.cp.matchId, boards.cp.at.battle, boards.cp.seats.red],
      ['cp', boards.cp.matchId, boards.cp.at.ruling, boards.judge],
      ['cp', boards.cp.matchId, boards.cp.lastSeq, undefined],
      ['rex', boards.rex.matchId, boards.rex.at['call-traitor'], boards.rex.seats.letnev],
      ['rex', boards.rex.matchId, boards.rex.at.ruling, boards.judge],
      ['rex', boards.rex.matchId, boards.rex.lastSeq, undefined],
    ];
    const names = ['battle', 'ruling', 'end'];
    for (const width of WIDTHS) {
      await tab.page.setViewportSize({ width, height: 900 });
      for (const [i, [ruleset, matchId, seq, token]] of moments.entries()) {
        await replay(matchId, seq, token);
        await noPageOverflow();
        expect(await rowsNamingTheirActorTwice(tab.page)).toEqual([]);
        if (ruleset === 'rex' && width > 390)
          expect(overlappingPairs(await mapRects())).toEqual([]);
        await tab.page.screenshot({
          path: join(ARTIFACTS, `boards-${ruleset}-${names[i % 3]}-${width}.png`),
          fullPage: true,
        });
      }
    }
  });

  it('has no serious accessibility violation on any page', async () => {
    const pages: [string, string | undefined, string][] = [
      ['/', undefined, '.match-card'],
      [`/replay/${review.freeform.matchId}`, undefined, '.board'],
      [
        `/replay/${boards.cp.matchId}#seq=${boards.cp.at.battle}`,
        boards.cp.seats.red,
        '.cp-battle',
      ],
      [`/replay/${boards.rex.matchId}#seq=${boards.rex.at['call-traitor']}`, undefined, '.rex-map'],
      [`/play/${review.rex.matchId}`, review.rex.seats.letnev, '.board'],
      ['/new', undefined, 'form.new-form'],
      ['/stats', undefined, 'main h1'],
      ['/judge', review.judge, '.dispute-list'],
      ['/replay/file', undefined, 'main'],
    ];
    const checked: string[] = [];
    for (const [url, token, ready] of pages) {
      await open(url, token);
      await tab.page.waitForSelector(ready);
      await accessible();
      checked.push(url);
    }
    expect(checked.length).toBe(pages.length);
  });

  it('replays by keyboard alone: arrows, Home and End move the board, and the focus is visible', async () => {
    const { rex } = boards;
    await replay(rex.matchId, rex.at.battle);
    const seq = async (): Promise<number> =>
      Number(await tab.page.getAttribute('.board:not(.pending)', 'data-seq'));
    await tab.page.keyboard.press('ArrowRight');
    await tab.page.waitForSelector(`.board[data-seq="${rex.at.battle + 1}"]`);
    await tab.page.keyboard.press('ArrowLeft');
    await tab.page.waitForSelector(`.board[data-seq="${rex.at.battle}"]`);
    await tab.page.keyboard.press('End');
    await tab.page.waitForSelector(`.board[data-seq="${rex.lastSeq}"]`);
    await tab.page.keyboard.press('Home');
    await tab.page.waitForSelector('.board[data-seq="0"]');
    expect(await seq()).toBe(0);
    // Tab reaches the controls; what has the focus is drawn with a visible outline.
    let outlined = 0;
    for (let i = 0; i < 12; i += 1) {
      await tab.page.keyboard.press('Tab');
      const focus = await tab.page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return undefined;
        const style = getComputedStyle(el);
        return {
          tag: el.tagName,
          outline: style.outlineStyle,
          width: parseFloat(style.outlineWidth),
        };
      });
      if (focus && focus.outline !== 'none' && focus.width > 0) outlined += 1;
    }
    expect(outlined).toBeGreaterThanOrEqual(10);
    // The map's frame takes the focus too (it scrolls at narrow widths).
    await tab.page.focus('.rex-frame');
    expect(await tab.page.evaluate(() => document.activeElement?.className)).toContain('rex-frame');
  });
});
