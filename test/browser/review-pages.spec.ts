import { join } from 'node:path';
import { startTestApp, type TestApp } from '../support/test-app';
import {
  ARTIFACTS,
  RAW_ID,
  ensureWebBuilt,
  launchChromium,
  pagePerTest,
  rowsNamingTheirActorTwice,
  type Browser,
} from './support/browser';
import { api } from './support/matches';
import { recordReviewMatches, TOURNAMENT_NAME, type ReviewMatches } from './support/review-matches';

/**
 * What a judge and a Russian-speaking player saw on the pages (the page review), each item
 * as a check that would have caught it: names instead of seat ids, every label in Russian
 * with the right case and number, consequences credited to the seat they affect, a dice
 * badge that says what was proven, a spectator never told how far a live match has gone,
 * rulings that stand, signed and tagged notes, the judge's marks on the match list, and
 * proper pages for every address the viewer answers.
 */

jest.setTimeout(180_000);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('the pages as a judge and a Russian-speaking player see them', () => {
  let app: TestApp;
  let browser: Browser;
  let m: ReviewMatches;
  const tab = pagePerTest(
    () => browser,
    () => app.url,
  );
  const { open, replay, text, accessible } = tab;

  beforeAll(async () => {
    ensureWebBuilt();
    [app, browser] = await Promise.all([startTestApp(), launchChromium()]);
    m = await recordReviewMatches(app);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function board(seq: number): Promise<void> {
    await tab.page.waitForSelector(`.board[data-seq="${seq}"]:not(.pending)`);
  }

  it('names players and sides instead of seat ids, in the log, the turn bar, the badge and the banner', async () => {
    const { freeform } = m;
    await replay(freeform.matchId, freeform.at.draw, freeform.seats.red);
    // The seat badge: «Место: Анна (Империя)», never «Место red».
    expect(await text('[data-viewer]')).toContain('Место: Анна (Империя)');
    expect(await text('.turn-bar [data-active] .seat-chip')).toBe(
      'Анна (Империя)\nБорис (Повстанцы)',
    );
    const log = await text('.log');
    expect(log).toContain('Анна');
    expect(log).not.toMatch(/\b(red|blue)\b/);
    expect(await text('.board')).not.toMatch(/\b(red|blue)\b/);
    // The dispute: «Борис оспаривает событие N», once.
    await replay(freeform.matchId, freeform.at.dispute);
    const dispute = `.log-entry[data-seq="${freeform.at.dispute}"]`;
    expect(await text(`${dispute} .log-actor`)).toBe('Борис');
    expect(await text(`${dispute} .log-text`)).toMatch(
      new RegExp(`^оспаривает событие ${freeform.at.move}\\b`),
    );
    expect(await rowsNamingTheirActorTwice(tab.page)).toEqual([]);
    // The end: a winner banner by name, and nobody "to act" on a finished match.
    await replay(freeform.matchId, freeform.lastSeq);
    expect(await text('.winner-banner')).toContain('Победитель: Анна (Империя)');
    expect(await text('.winner-banner')).toContain('Борис сдаётся');
    expect(await tab.page.locator('.turn-bar [data-active]').count()).toBe(0);
    expect(await tab.page.locator('.turn-bar [data-phase]').count()).toBe(0);
    await tab.page.screenshot({
      path: join(ARTIFACTS, 'review-freeform-end-1280.png'),
      fullPage: true,
    });
    await accessible();
  });

  it('says everything in Russian, with the right case and number', async () => {
    const { freeform, cp, rex } = m;
    await replay(freeform.matchId, freeform.at.restore);
    const log = await text('.log');
    // What befalls a seat stands after its name and a colon, in lower case.
    expect(log).toContain('Анна:взяты 2 карты: Колода приказов → Рука (Анна)');
    expect(log).toContain('Борис:возвращена фигура: Истребитель → Юг');
    expect(log).toContain('Колода перемешана: Колода приказов (4 карты)');
    expect(log).toContain('Фаза: движение');
    expect(log).not.toMatch(/Взято из|Перемешана колода Колода|Уничтожены Истребитель/);
    // Commanders Path: its phases, zones, causes and how priority was settled, in Russian.
    await replay(cp.matchId, cp.at.resources);
    expect(await text('.turn-bar [data-phase] strong')).toBe('Производство');
    expect(await text('[data-zone="objects:red"] .zone-name')).toBe('Космические объекты (Анна)');
    const cpMeta = await text('.board .zone-meta, .board .zone-name');
    expect(cpMeta).not.toMatch(/objects|situation|upgrades|surface|\bred\b|\bblue\b/);
    await tab.page.locator('.log').waitFor();
    expect(await text('.log')).not.toMatch(RAW_ID);
    // Rex: phases and zone kinds in Russian; no «traitors · anna», no raw ids in the log.
    await replay(rex.matchId, rex.at['call-traitor'], rex.seats.letnev);
    const rexMeta = await text('.board .zone-meta');
    expect(rexMeta).toContain('Предатели · Вера');
    expect(rexMeta).not.toMatch(/traitors|loss-bank|\bletnev\b|\bsol\b|\bhacan\b/);
    const rexLog = await text('.log');
    expect(rexLog).not.toMatch(RAW_ID);
    expect(rexLog).not.toMatch(/\b(letnev|sol|hacan)\b/);
    expect(rexLog).toContain('Вера');
    // The error page of a match that does not exist says it in Russian.
    await open('/replay/00000000-0000-4000-8000-000000000000');
    await tab.page.waitForSelector('.error-box[data-error="not-found"]');
    expect(await text('.error-summary')).toBe('Такого матча нет.');
  });

  it('credits each consequence to the seat it affects, not to the one that triggered it', async () => {
    const { rex } = m;
    const events = (
      await api<{ events: Json[] }>(
        app,
        'GET',
        `/matches/${rex.matchId}/events?limit=1000`,
        rex.seats.letnev,
      )
    ).events;
    const seats = new Set(['letnev', 'sol', 'hacan']);
    const credited = events.filter(
      (e) =>
        e.meta.actor.seat &&
        typeof e.data?.seat === 'string' &&
        seats.has(e.data.seat) &&
        e.data.seat !== e.meta.actor.seat,
    );
    // The battle's consequences for others (Hacan paid, Sol's losses) are among them.
    expect(credited.length).toBeGreaterThan(0);
    const checked: string[] = [];
    for (const event of credited) {
      await replay(rex.matchId, event.seq, rex.seats.letnev);
      const row = tab.page.locator(`.log-entry[data-seq="${event.seq}"]`);
      checked.push(`${event.seq} ${event.type} ${await row.getAttribute('data-subject')}`);
      expect(await row.getAttribute('data-subject')).toBe(event.data.seat);
    }
    expect(checked.length).toBe(credited.length);
  });

  it('says what the dice badge proved: nothing green when no server die was rolled', async () => {
    const { cp, freeform } = m;
    await replay(cp.matchId, cp.lastSeq);
    await tab.page.waitForSelector('[data-dice]');
    expect(await tab.page.getAttribute('[data-dice]', 'data-dice')).toBe('none');
    expect(await tab.page.getAttribute('[data-dice]', 'class')).not.toContain('ok');
    expect(await text('[data-dice]')).toContain('Бросков и перемешиваний сервера не было');
    expect(await text('.log')).not.toContain('можно проверить');
    // The freeform match shuffled with the server's dice: re-derived, with the count.
    await replay(freeform.matchId, freeform.lastSeq);
    await tab.page.waitForSelector('[data-dice="verified"]');
    expect(await text('[data-dice="verified"]')).toContain(
      'Кубики сервера пересчитаны: 0 бросков, 1 перемешивание',
    );
    expect(await tab.page.getAttribute('[data-dice="verified"]', 'data-checked')).toBe('1');
  });

  it('never tells a spectator of a live match how far it has gone', async () => {
    const { rex } = m;
    const viewer = await api<Json>(app, 'GET', `/matches/${rex.matchId}/viewer`);
    expect(viewer.delayed).toBe(true);
    expect(viewer.horizon).toBeLessThan(rex.lastSeq);
    expect(viewer.lastSeq).toBe(viewer.horizon);
    await open(`/replay/${rex.matchId}`);
    await board(viewer.horizon);
    await tab.page.waitForSelector('[data-audit="verified"]');
    expect(Number(await tab.page.getAttribute('[data-audit]', 'data-count'))).toBe(
      viewer.horizon + 1,
    );
    expect(await text('[data-audit]')).toContain(String(viewer.horizon + 1));
    expect(await text('.seq-label')).toContain(`из ${viewer.horizon}`);
    expect(await text('[data-notice="horizonNote"]')).toContain(String(viewer.horizon));
    // No number on the page reaches the match's real length.
    const numbers = ((await text('main, header')).match(/\d+/g) ?? []).map(Number);
    expect(numbers.filter((n) => n > viewer.horizon + 1 && n <= rex.lastSeq + 1)).toEqual([]);
  });

  it('keeps the judging standing after a rewinding ruling, and marks a voided branch with a banner', async () => {
    const { freeform, judge, judgeName } = m;
    await replay(freeform.matchId, freeform.at.move, judge);
    // The disputed move is voided by the ruling: struck through, and a banner over the board.
    const move = tab.page.locator(`.log-entry[data-seq="${freeform.at.move}"]`);
    expect(await move.getAttribute('class')).toContain('voided');
    await tab.page.waitForSelector('.voided-banner');
    expect(await text('.voided-banner')).toContain('решением судьи');
    // The dispute, the pause, the comment and the ruling stand: not struck, not voided.
    for (const seq of [
      freeform.at.dispute,
      freeform.at.pause,
      freeform.at.comment,
      freeform.at.ruling,
    ]) {
      const row = tab.page.locator(`.log-entry[data-seq="${seq}"]`);
      expect(await row.getAttribute('class')).not.toContain('voided');
      expect(await row.locator('s').count()).toBe(0);
    }
    await replay(freeform.matchId, freeform.at.ruling, judge);
    expect(await tab.page.locator('.voided-banner').count()).toBe(0);
    const ruling = await text('.log-entry.cat-ruling:has-text("Решение судьи")');
    expect(ruling).toContain('Танк возвращается на Север; возврат к событию');
    expect(ruling).not.toContain('.;');
    // Notes: signed by the player's name and (for the judge who wrote it) the judge's, with tags.
    await replay(freeform.matchId, freeform.at.move, judge);
    await tab.page.waitForSelector(`.log-note[data-note-seq="${freeform.at.move}"]`);
    const notes = await text(`.log-note[data-note-seq="${freeform.at.move}"]`);
    expect(notes).toContain('— Борис');
    expect(notes).toContain(`— ${judgeName}`);
    expect(await tab.page.locator('.note-tag[data-tag="?!"]').count()).toBe(1);
    expect(await text('.note-tag[data-tag="rules-question"]')).toBe('вопрос по правилам');
    await tab.page.screenshot({ path: join(ARTIFACTS, 'review-ruling-1280.png'), fullPage: true });
  });

  it('lists matches with sides and factions, statuses in words, and a judge’s marks', async () => {
    const { rex, freeform, judge } = m;
    await open('/');
    const card = tab.page.locator(`[data-match="${rex.matchId}"]`);
    await card.waitFor();
    expect(await card.locator('.seat-list').textContent()).toContain('Вера (Летнев)');
    expect(await card.locator('[data-status]').textContent()).toBe('Идёт');
    expect(
      await tab.page.locator(`[data-match="${freeform.matchId}"] [data-status]`).textContent(),
    ).toBe('Окончен');
    expect(await tab.page.locator('[data-viewer="judge"]').count()).toBe(0);
    // A judge: the badge, and the match with an open dispute marked.
    await open('/', judge);
    await tab.page.waitForSelector('[data-viewer="judge"]');
    await tab.page.waitForSelector(`[data-match="${rex.matchId}"] [data-open-disputes="1"]`);
    expect(await text(`[data-match="${rex.matchId}"] [data-open-disputes]`)).toContain(
      '1 открытый спор',
    );
    expect(
      await tab.page.locator(`[data-match="${freeform.matchId}"] [data-open-disputes]`).count(),
    ).toBe(0);
    // The tournament by its name, not its slug.
    await tab.page
      .locator(`[data-match="${rex.matchId}"]`, { hasText: `Турнир: ${TOURNAMENT_NAME}` })
      .waitFor();
    await tab.page.screenshot({
      path: join(ARTIFACTS, 'review-list-judge-1280.png'),
      fullPage: true,
    });
    await accessible();
  });

  it('answers every address with a page: the judge’s desk, the organizer’s tab.page, the match file', async () => {
    const response = await fetch(`${app.url}/new`);
    expect([response.status, response.headers.get('content-type')]).toEqual([
      200,
      'text/html; charset=utf-8',
    ]);
    // The organizer's page is the form that creates a match (new-match-page.spec.ts).
    await open('/new');
    await tab.page.waitForSelector('form.new-form');
    // The seat page without a seat's token: the table, read only, and why.
    await open(`/play/${m.rex.matchId}`);
    await tab.page.waitForSelector('[data-notice="read-only"]');
    expect(await text('[data-notice="read-only"]')).toContain('Только просмотр');
    // /replay/file is not a match id.
    await open('/replay/file');
    await tab.page.waitForSelector('main');
    expect(await tab.page.locator('.error-box[data-error="not-found"]').count()).toBe(0);
    // The judge's desk: the queue of the tournament's disputes, open first.
    await open('/judge', m.judge);
    await tab.page.waitForSelector('.dispute-list');
    expect(await tab.page.locator('.dispute-card').count()).toBe(1);
    expect(await text('.dispute-card')).toContain('Оспаривает: Глеб (Сол)');
    await tab.page.locator('.dispute-card', { hasText: TOURNAMENT_NAME }).waitFor();
    await tab.page.click('.judge-filters button[aria-pressed="false"]');
    await tab.page.waitForSelector(`.dispute-card.status-ruled`);
    await accessible();
  });
});
