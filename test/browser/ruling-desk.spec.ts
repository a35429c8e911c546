import { join } from 'node:path';
import { startTestApp, type TestApp } from '../support/test-app';
import {
  ARTIFACTS,
  RAW_ID,
  expectNoSideScroll,
  ensureWebBuilt,
  launchChromium,
  pagePerTest,
  type Browser,
} from './support/browser';
import { recordFreeformDispute } from './support/disputes';
import { api, logProofOf } from './support/matches';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const RULE_QUOTE = 'Граница секторов закрыта до конца третьего хода';
const RULE_REF = `«4.2 Границы»: «${RULE_QUOTE}»`;

interface Ruled {
  matchId: string;
  disputeId: string;
  judge: string;
  seat: string;
  disputedSeq: number;
  rulingSeq: number;
}

/** A live freeform match of a tournament: Анна's tank crossed south, Борис disputed it, the judge ruled. */
async function recordRuling(app: TestApp): Promise<Ruled> {
  const heard = await recordFreeformDispute(app, {
    club: 'Клуб «Печать»',
    tournament: { tournamentId: 'pechat-cup', name: 'Кубок «Печати»' },
    judgeName: 'Олег Арбитров',
    title: 'Финал, стол 1',
  });
  const { matchId, disputeId, judge } = heard;
  await api(app, 'POST', `/matches/${matchId}/pause`, judge, {
    reason: 'Разбор спора',
    disputeId,
  });
  const rulingSeq = (
    await api<{ events: { seq: number }[] }>(
      app,
      'POST',
      `/matches/${matchId}/disputes/${disputeId}/ruling`,
      judge,
      {
        decision: 'rejected',
        rationale: 'Третий ход уже закончился: граница была открыта',
        ruleRef: RULE_REF,
        remedy: { kind: 'none' },
      },
    )
  ).events[0].seq;
  return {
    matchId,
    disputeId,
    judge,
    seat: heard.seats.blue,
    disputedSeq: heard.at.move,
    rulingSeq,
  };
}

describe('the judge’s desk: private notes, timers and the printable ruling', () => {
  let app: TestApp;
  let browser: Browser;
  let ruled: Ruled;
  const tab = pagePerTest(
    () => browser,
    () => app.url,
  );
  const { open, text, accessible } = tab;

  beforeAll(async () => {
    ensureWebBuilt();
    [app, browser] = await Promise.all([startTestApp(), launchChromium()]);
    ruled = await recordRuling(app);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  for (const width of [1280, 390])
    it(`at ${width} px a judge writes a private note on the dispute page, with the timers running`, async () => {
      await tab.page.setViewportSize({ width, height: 900 });
      await open(`/judge/${ruled.matchId}/${ruled.disputeId}`, ruled.judge);
      await tab.page.waitForSelector('[data-timer="opened"]');
      // The dispute is ruled: its timer stopped at the ruling; the match is still paused.
      expect(await text('[data-timer="opened"]')).toMatch(
        /^До решения спор был открыт \d+ мин \d+ с$/,
      );
      const paused = await text('[data-timer="paused"]');
      expect(paused).toMatch(/^Матч на паузе уже \d+ мин \d+ с$/);
      await tab.page.waitForFunction(
        (before) => document.querySelector('[data-timer="paused"]')?.textContent !== before,
        paused,
      );

      const note = `Спросить Бориса про третий ход (${width})`;
      await tab.page
        .getByText('Заметок пока нет.')
        .or(tab.page.locator('.judge-notes-list'))
        .first()
        .waitFor();
      await tab.page.getByLabel('Новая заметка').fill(note);
      await tab.page.getByRole('button', { name: 'Сохранить заметку' }).click();
      await tab.page.locator('.judge-notes-list li', { hasText: note }).waitFor();
      const listed = await text('.judge-notes-list');
      expect(listed).toContain('Олег Арбитров');
      expect(listed).toMatch(/\d{2}:\d{2}:\d{2}/);
      expect(listed).not.toMatch(RAW_ID);
      // The API has it, for the judge alone.
      const notes = await api<Json>(
        app,
        'GET',
        `/matches/${ruled.matchId}/judge-notes`,
        ruled.judge,
      );
      expect(notes.notes.map((n: Json) => n.data.text)).toContain(note);
      const bySeat = await fetch(`${app.url}/api/v1/matches/${ruled.matchId}/judge-notes`, {
        headers: { authorization: `Bearer ${ruled.seat}` },
      });
      expect(bySeat.status).toBe(403);
      await expectNoSideScroll(tab.page);
      await accessible();
      await tab.page
        .locator('.dispute-timers')
        .screenshot({ path: join(ARTIFACTS, `ruling-desk-timers-${width}.png`) });
      await tab.page.locator('.judge-notes').scrollIntoViewIfNeeded();
      await tab.page.screenshot({ path: join(ARTIFACTS, `ruling-desk-notes-${width}.png`) });
    });

  for (const width of [1280, 390])
    it(`at ${width} px the printable ruling shows the verdict, the rule quote, the rationale, the judge, the time to the second and the board`, async () => {
      await tab.page.setViewportSize({ width, height: 900 });
      await open(`/judge/${ruled.matchId}/${ruled.disputeId}`, ruled.judge);
      await tab.page.getByRole('link', { name: 'Решение для печати' }).click();
      await tab.page.waitForURL(`**/judge/ruling/${ruled.matchId}/${ruled.rulingSeq}`);
      await tab.page.waitForSelector('.printed-ruling .board');
      expect(await text('h1')).toBe('Решение по спору');
      expect(await text('[data-field="verdict"] dd')).toBe('Жалоба отклонена');
      expect(await text('.rule-quote')).toBe(RULE_QUOTE);
      expect(await text('[data-field="rule"] .rule-section')).toBe('4.2 Границы');
      expect(await text('[data-field="rationale"] dd')).toBe(
        'Третий ход уже закончился: граница была открыта',
      );
      expect(await text('[data-field="judge"] dd')).toContain('Олег Арбитров');
      expect(await text('[data-field="issued"] dd')).toMatch(/\d{2}:\d{2}:\d{2}/);
      expect(await text('[data-field="claim"] dd')).toContain('Борис (Повстанцы)');
      expect(await text('[data-field="tournament"] dd')).toBe('Кубок «Печати»');
      // The moment's board: Анна's tank in the South.
      await tab.page.waitForSelector(
        `.printed-ruling .board[data-seq="${ruled.disputedSeq}"] [data-zone="south"] [data-pieces~="r1"]`,
      );
      expect(await text('.printed-ruling')).not.toMatch(RAW_ID);
      await expectNoSideScroll(tab.page);
      await accessible();
      await tab.page.screenshot({
        path: join(ARTIFACTS, `ruling-print-${width}.png`),
        fullPage: true,
      });
      // Printed: no site header, no buttons; the ruling and its quote stay.
      await tab.page.emulateMedia({ media: 'print' });
      expect(await tab.page.locator('header').first().isVisible()).toBe(false);
      expect(await tab.page.getByRole('button', { name: 'Печать' }).isVisible()).toBe(false);
      expect(await tab.page.locator('.rule-quote').isVisible()).toBe(true);
      // The board keeps its zones' names on paper.
      expect(
        await tab.page
          .locator('.printed-ruling [data-zone="south"]')
          .getByText('Юг', { exact: true })
          .first()
          .isVisible(),
      ).toBe(true);
      await tab.page.screenshot({
        path: join(ARTIFACTS, `ruling-print-media-print-${width}.png`),
        fullPage: true,
      });
      await tab.page.emulateMedia({ media: 'screen' });
    });

  it('the queue’s card of an open dispute on the paused match times the pause live', async () => {
    const { disputeId } = await api<{ disputeId: string }>(
      app,
      'POST',
      `/matches/${ruled.matchId}/disputes`,
      ruled.seat,
      { atSeq: ruled.disputedSeq, claim: 'Танк Анны прошёл без приказа' },
    );
    await open('/judge', ruled.judge);
    const timer = `[data-dispute="${disputeId}"] [data-timer="paused"]`;
    await tab.page.waitForSelector(timer);
    const before = await text(timer);
    expect(before).toMatch(/^пауза идёт \d+ мин \d+ с$/);
    await tab.page.waitForFunction(
      ([selector, shown]) => document.querySelector(selector)?.textContent !== shown,
      [timer, before],
    );
    await tab.page
      .locator(`[data-dispute="${disputeId}"]`)
      .screenshot({ path: join(ARTIFACTS, 'ruling-desk-queue-paused-1280.png') });
  });

  it('a match without that ruling says so', async () => {
    await open(`/judge/ruling/${ruled.matchId}/${ruled.disputedSeq}`, ruled.judge);
    await tab.page.waitForSelector('[data-error="no-ruling"]');
    expect(await text('[data-error="no-ruling"]')).toBe(
      'В этом событии матча нет решения по спору.',
    );
  });

  // Last: the match ends here.
  it('once the match is over, its ruled card on the desk gives its place in the public log', async () => {
    await api(app, 'POST', `/matches/${ruled.matchId}/resume`, ruled.judge, {});
    await api(app, 'POST', `/matches/${ruled.matchId}/decisions`, ruled.seat, {
      kind: 'concede',
    });
    const proof = await logProofOf(app, ruled.matchId);
    for (const width of [1280, 390]) {
      await tab.page.setViewportSize({ width, height: 900 });
      await open('/judge', ruled.judge);
      await tab.page.getByRole('button', { name: 'Решённые' }).click();
      const position = tab.page.locator(
        `.dispute-card[data-dispute="${ruled.disputeId}"] [data-log-position]`,
      );
      await position.waitFor();
      expect(await position.getAttribute('data-log-position')).toBe(String(proof.index));
      expect(await position.innerText()).toMatch(
        new RegExp(
          `^В открытом журнале под номером ${proof.index}, контрольная точка от \\d{1,2}\\s[а-я]+`,
        ),
      );
      await tab.page.screenshot({
        path: join(ARTIFACTS, `ruling-desk-log-position-${width}.png`),
        fullPage: true,
      });
      await expectNoSideScroll(tab.page);
      await accessible();
    }
  });
});
