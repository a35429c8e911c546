import { join } from 'node:path';
import { startTestApp, type TestApp } from '../support/test-app';
import {
  ARTIFACTS,
  RAW_ID,
  ensureWebBuilt,
  launchChromium,
  pagePerTest,
  type Browser,
} from './support/browser';
import { recordFreeformDispute, type FreeformDispute } from './support/disputes';
import { api } from './support/matches';
import { recordReviewMatches, type ReviewMatches } from './support/review-matches';

interface HeardMatch extends FreeformDispute {
  judgeName: string;
}

/**
 * A live freeform match of a tournament with an open dispute: Анна's tank moved south (the
 * disputed event), then Борис moved his; the judge has not looked at it yet, another judge
 * of the tournament has commented.
 */
async function recordOpenDispute(app: TestApp): Promise<HeardMatch> {
  const judgeName = 'Олег Арбитров';
  const heard = await recordFreeformDispute(app, {
    club: 'Клуб «Орбита»',
    tournament: { tournamentId: 'orbita-open', name: 'Открытый кубок «Орбиты»' },
    judgeName,
    title: 'Полуфинал, стол 3',
    public: true,
    answer: true,
  });
  heard.at.disputed = heard.at.move;
  // Another judge of the tournament has already said something: the page names her too.
  const other = (
    await api<{ token: string }>(app, 'POST', '/judges', heard.org, {
      name: 'Вика Второва',
      tournamentId: 'orbita-open',
    })
  ).token;
  heard.at.head = (
    await api<{ seq: number }>(
      app,
      'POST',
      `/matches/${heard.matchId}/disputes/${heard.disputeId}/comments`,
      other,
      { text: 'Граница была открыта до третьего хода' },
    )
  ).seq;
  return { ...heard, judgeName };
}

// Set-up records a match through the API and starts a browser: slow on a loaded machine.
jest.setTimeout(180_000);

describe('the judge’s dispute page', () => {
  let app: TestApp;
  let browser: Browser;
  let heard: HeardMatch;
  let review: ReviewMatches;
  const tab = pagePerTest(
    () => browser,
    () => app.url,
  );
  const { open, text, accessible } = tab;

  beforeAll(async () => {
    ensureWebBuilt();
    [app, browser] = await Promise.all([startTestApp(), launchChromium()]);
    heard = await recordOpenDispute(app);
    review = await recordReviewMatches(app);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const head = async (m: { matchId: string }, token: string): Promise<number> =>
    (await api<{ seq: number }>(app, 'GET', `/matches/${m.matchId}`, token)).seq;

  /** Moves the keyboard focus to `selector` with Tab alone, as someone without a mouse would. */
  async function tabTo(selector: string): Promise<void> {
    for (let presses = 0; presses < 200; presses += 1) {
      await tab.page.keyboard.press('Tab');
      if (await tab.page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector))
        return;
    }
    throw new Error(`Tab never reached ${selector}`);
  }

  it('hears a dispute from the queue: both tables, the events between with who recorded them, the discussion and the pause', async () => {
    await open('/judge', heard.judge);
    await tab.page.waitForSelector(`[data-dispute="${heard.disputeId}"]`);
    // The queue names the tournament, never its slug; the way in is a link a keyboard follows.
    expect(await text(`[data-dispute="${heard.disputeId}"]`)).toContain('Открытый кубок «Орбиты»');
    // Searched by what the card shows: a player's name, the match's title.
    await tab.page.fill('#f-judge-search', 'полуфинал');
    expect(await tab.page.locator('.dispute-card').count()).toBe(1);
    await tab.page.fill('#f-judge-search', 'Ни такого матча, ни игрока');
    await tab.page.waitForSelector('[data-disputes="0"]');
    await tab.page.fill('#f-judge-search', 'Борис');
    await tab.page.focus(`[data-dispute="${heard.disputeId}"] a.primary`);
    await tab.page.keyboard.press('Enter');
    await tab.page.waitForURL(`**/judge/${heard.matchId}/${heard.disputeId}`);
    await tab.page.waitForSelector('[data-table="now"] .board');

    expect(await text('h1')).toContain('Спор: «Граница с Югом была закрыта»');
    expect(await text('.dispute-meta')).toContain('Борис (Повстанцы) оспаривает событие');
    // The table at the disputed event: Анна's tank in the South, Борис's still there.
    const at = `[data-table="at"] .board[data-seq="${heard.at.disputed}"]`;
    const now = `[data-table="now"] .board[data-seq="${heard.at.head}"]`;
    await tab.page.waitForSelector(`${at} [data-zone="south"] [data-pieces~="r1"]`);
    expect(await tab.page.locator(`${at} [data-zone="south"] [data-pieces~="b1"]`).count()).toBe(1);
    // Now: Борис's tank went north.
    expect(await tab.page.locator(`${now} [data-zone="north"] [data-pieces~="b1"]`).count()).toBe(
      1,
    );
    // What differs is marked on both tables: the North and the tank that went there.
    for (const table of [at, now])
      expect(await tab.page.locator(`${table} .zone.changed[data-zone="north"]`).count()).toBe(1);
    expect(await tab.page.locator(`${now} .changed[data-pieces~="r1"]`).count()).toBe(0);

    // The events from the disputed one on, each with who recorded it and when, in names.
    const rows = tab.page.locator('.dispute-events .events-table tbody tr');
    expect(await rows.count()).toBe(heard.at.head - heard.at.disputed + 1);
    const disputed = await text('.dispute-events .events-table tr.disputed');
    expect(disputed).toContain('спорное');
    expect(disputed).toContain('Анна');
    const between = await text('.dispute-events .events-table');
    expect(between).toMatch(/Борис[^]*\d{4}/);
    expect(between).not.toMatch(RAW_ID);
    expect(between).not.toMatch(/\b(red|blue)\b/);
    await accessible();

    // A comment, signed with the judge's name.
    await tab.page.fill('#f-comment', 'Проверяю, была ли граница закрыта');
    await tabTo('.comment-form button[type="submit"]');
    await tab.page.keyboard.press('Enter');
    await tab.page
      .locator('.comment-list li', { hasText: 'Проверяю, была ли граница закрыта' })
      .waitFor();
    expect(await text('.comment-list')).toContain(`— ${heard.judgeName}`);
    // The other judge's comment is signed with her name, not «судья».
    expect(await text('.comment-list')).toContain('Граница была открыта до третьего хода');
    expect(await text('.comment-list')).toContain('— Вика Второва');
    expect(await text('.comment-list')).not.toMatch(/— судья/);

    // Pause, then resume: the match refuses decisions meanwhile.
    await tab.page.click('[data-action="pause"]');
    await tab.page.waitForSelector('[data-paused="true"]');
    expect(await text('[data-paused="true"]')).toContain('Пауза: Разбор спора');
    const refused = await fetch(`${app.url}/api/v1/matches/${heard.matchId}/decisions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${heard.seats.red}`,
      },
      body: JSON.stringify({ kind: 'move', params: { pieces: ['r1'], to: 'north' } }),
    });
    expect(refused.status).toBe(409);
    await tab.page.click('[data-action="resume"]');
    await tab.page.waitForSelector('[data-action="pause"]');
    expect(await tab.page.locator('[data-paused="true"]').count()).toBe(0);
    await accessible();
  });

  it('rules by keyboard: the preview shows the table the ruling would leave before it is issued, and the ruling then leaves it', async () => {
    await open(`/judge/${heard.matchId}/${heard.disputeId}`, heard.judge);
    await tab.page.waitForSelector('[data-table="now"] .board');
    const before = await head(heard, heard.judge);

    // The verdict by arrow keys, the rationale and the rule typed, the remedy a rewind.
    await tabTo('input[name="decision"]');
    await tab.page.keyboard.press('ArrowDown'); // rejected
    await tab.page.keyboard.press('ArrowDown'); // amended
    expect(await tab.page.locator('input[name="decision"][value="amended"]').isChecked()).toBe(
      true,
    );
    expect(await tab.page.locator('[data-action="issue"]').isDisabled()).toBe(true);
    // A ruling with no rationale is not sent: the page says what is missing, in Russian.
    await tab.page.click('[data-action="preview"]');
    await tab.page.waitForSelector('.ruling-preview[data-preview="refused"]');
    expect(await text('.ruling-preview')).toContain('Укажите обоснование решения.');
    expect(await head(heard, heard.judge)).toBe(before);
    await tab.page.focus('input[name="decision"][value="amended"]');
    await tabTo('#f-rationale');
    await tab.page.keyboard.type('Граница была закрыта минным полем; танк возвращается на Север.');
    await tabTo('input[name="remedy"]');
    await tab.page.keyboard.press('ArrowDown');
    expect(await tab.page.locator('input[name="remedy"][value="rewind"]').isChecked()).toBe(true);
    await tab.page.fill('#f-to-seq', String(heard.at.started));
    expect(await text('#f-to-seq-help')).toContain(`Событие ${heard.at.started}`);

    // Preview: the events it would record, phrased, and the table: both tanks home again.
    await tabTo('[data-action="preview"]');
    await tab.page.keyboard.press('Enter');
    await tab.page.waitForSelector('.ruling-preview[data-preview="shown"]');
    const previewBoard = '.ruling-preview .board';
    await tab.page.waitForSelector(`${previewBoard} [data-zone="north"] [data-pieces~="r1"]`);
    expect(
      await tab.page.locator(`${previewBoard} [data-zone="south"] [data-pieces~="b1"]`).count(),
    ).toBe(1);
    // What the voided events revealed, and that server dice are rolled afresh (fair rewinds).
    expect(await text('[data-voided-branch]')).toContain(
      'Серверные кубики никогда не повторяют счётчик',
    );
    expect(await tab.page.locator('input[name="card-order"][value="reshuffle"]').isChecked()).toBe(
      true,
    );
    const previewed = await text('.preview-events');
    expect(previewed).toContain('решение изменено');
    expect(previewed).not.toMatch(RAW_ID);
    // Nothing was recorded by the preview.
    expect(await head(heard, heard.judge)).toBe(before);
    expect(await tab.page.locator('[data-action="issue"]').isDisabled()).toBe(false);
    await accessible();
    for (const width of [390, 1280, 1920]) {
      await tab.page.setViewportSize({ width, height: 900 });
      await tab.page.screenshot({
        path: join(ARTIFACTS, `dispute-page-preview-${width}.png`),
        fullPage: true,
      });
      // Nothing wider than the screen: the page scrolls down, never sideways.
      const overflow = await tab.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect([width, overflow]).toEqual([width, 0]);
    }
    await tab.page.setViewportSize({ width: 1280, height: 900 });

    // A changed form needs a new preview before it is issued.
    await tab.page.fill('#f-rule-ref', '§4.2, минное поле');
    expect(await tab.page.locator('[data-action="issue"]').isDisabled()).toBe(true);
    expect(await text('#issue-help')).toContain('Форма изменилась');
    // A refused preview is shown beside the form, with the server's words.
    await tab.page.fill('#f-to-seq', String(before + 5));
    await tab.page.click('[data-action="preview"]');
    await tab.page.waitForSelector('.ruling-preview[data-preview="refused"] [role="alert"]');
    expect(await text('.ruling-preview')).toContain('Отказано');
    await tab.page.fill('#f-to-seq', String(heard.at.started));
    await tab.page.click('[data-action="preview"]');
    await tab.page.waitForSelector('.ruling-preview[data-preview="shown"]');

    await tabTo('[data-action="issue"]');
    await tab.page.keyboard.press('Enter');
    await tab.page.waitForSelector('.dispute-ruling[data-ruled="amended"]');
    expect(await text('.dispute-ruling')).toContain(`Решение изменено: ${heard.judgeName}`);
    const ruled = await head(heard, heard.judge);
    expect(ruled).toBe(before + 2);
    await tab.page.waitForSelector(
      `[data-table="now"] .board[data-seq="${ruled}"] [data-zone="north"] [data-pieces~="r1"]`,
    );
    // The events between now hold the ruling; the voided moves say what took them back.
    expect(await text('.dispute-events .events-table tr.voided')).toContain(
      `отменено событием ${ruled}`,
    );
    // The ruling's signed receipt is kept on the desk, to be saved as a file.
    const receipts = tab.page.locator('section[aria-labelledby="judge-receipts-title"]');
    await tab.page.waitForSelector(
      'section[aria-labelledby="judge-receipts-title"]:not([data-receipts="0"])',
    );
    expect(await receipts.innerText()).toContain('Квитанции судьи');
    expect(await receipts.locator('[data-action="save-receipts"]').isDisabled()).toBe(false);
    await accessible();
    await tab.page.screenshot({
      path: join(ARTIFACTS, 'dispute-page-ruled-1280.png'),
      fullPage: true,
    });
  });

  it('keeps the queue live without a reload: a new dispute appears with its age and pause, and the ruled tab shows the ruling', async () => {
    await open('/judge', heard.judge);
    await tab.page.waitForSelector('[data-disputes]');
    const openBefore = Number(
      await tab.page.locator('[data-disputes]').getAttribute('data-disputes'),
    );
    expect(await tab.page.title()).toBe(`(${openBefore}) Стол судьи — matchlog`);

    // Анна disputes Борис's answer and the judge pauses the match, both over the API.
    const opened = await api<{ disputeId: string }>(
      app,
      'POST',
      `/matches/${heard.matchId}/disputes`,
      heard.seats.red,
      { atSeq: heard.at.answer, claim: 'Танк Бориса прошёл через минное поле' },
    );
    await api(app, 'POST', `/matches/${heard.matchId}/pause`, heard.judge, {
      reason: 'Разбор минного поля',
      disputeId: opened.disputeId,
    });
    const card = `[data-dispute="${opened.disputeId}"]`;
    await tab.page.waitForSelector(`${card} [data-paused="true"]`, { timeout: 15_000 });
    const shown = await text(card);
    expect(shown).toContain('Танк Бориса прошёл через минное поле');
    expect(shown).toMatch(/открыт (только что|1 минуту назад)/);
    expect(shown).toContain('Матч на паузе: Разбор минного поля');
    await tab.page.waitForFunction(
      (n) => document.title === `(${n}) Стол судьи — matchlog`,
      openBefore + 1,
    );
    // Sorted by table, the queue still lists every open dispute (the order is unit-tested).
    await tab.page.selectOption('#f-judge-sort', 'table');
    expect(await tab.page.locator(`.dispute-list ${card}`).count()).toBe(1);

    // The ruled tab: the verdict, the rule, the rationale and the judge by name.
    await tab.page.click('.view-switch button:has-text("Решённые")');
    const ruled = `[data-dispute="${heard.disputeId}"] .ruling-summary`;
    await tab.page.waitForSelector(ruled);
    expect(await text(`${ruled} [data-ruling="verdict"]`)).toBe('Решение изменено');
    expect(await text(`${ruled} [data-ruling="rule"]`)).toBe('§4.2, минное поле');
    expect(await text(`${ruled} [data-ruling="rationale"]`)).toBe(
      'Граница была закрыта минным полем; танк возвращается на Север.',
    );
    expect(await text(`${ruled} [data-ruling="judge"]`)).toBe(heard.judgeName);
    await accessible();
    for (const width of [390, 1280]) {
      await tab.page.setViewportSize({ width, height: 900 });
      await tab.page.screenshot({
        path: join(ARTIFACTS, `judge-queue-ruled-${width}.png`),
        fullPage: true,
      });
    }
    await tab.page.setViewportSize({ width: 1280, height: 900 });
    await api(app, 'POST', `/matches/${heard.matchId}/resume`, heard.judge, {});
  });

  it('hears a Rex dispute: the map at the disputed battle and now, the preview of a ruling with no remedy', async () => {
    const { items } = await api<{ items: { disputeId: string; matchId: string }[] }>(
      app,
      'GET',
      '/disputes?status=open',
      review.judge,
    );
    const dispute = items.find((d) => d.matchId === review.rex.matchId);
    expect(dispute).toBeDefined();
    await open(`/judge/${review.rex.matchId}/${dispute?.disputeId}`, review.judge);
    await tab.page.waitForSelector('[data-table="at"] .board');
    await tab.page.waitForSelector('[data-table="now"] .board');
    expect(await text('.dispute-meta')).toContain('Глеб (Сол) оспаривает событие');
    expect(await text('.dispute-events .events-table')).not.toMatch(RAW_ID);
    await tab.page.fill('#f-rationale', 'Колесо вскрыто после того, как оба запечатали выбор.');
    await tab.page.check('input[name="decision"][value="rejected"]');
    await tab.page.click('[data-action="preview"]');
    await tab.page.waitForSelector('.ruling-preview[data-preview="shown"] .board');
    expect(await text('.preview-events')).toContain('жалоба отклонена');
    await accessible();
    for (const width of [390, 1280, 1920]) {
      await tab.page.setViewportSize({ width, height: 900 });
      await tab.page.screenshot({
        path: join(ARTIFACTS, `dispute-page-rex-${width}.png`),
        fullPage: true,
      });
    }
  });
});
