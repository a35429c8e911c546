import { join } from 'node:path';
import { startTestApp, type TestApp } from '../support/test-app';
import {
  ARTIFACTS,
  RAW_ID,
  ensureWebBuilt,
  expectNoSideScroll,
  launchChromium,
  pagePerTest,
  type Browser,
} from './support/browser';
import { recordCcDispute, type CcDispute } from './support/disputes';
import { api } from './support/matches';
import { options, settled } from './support/table-harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

// Set-up records a match through the API and starts a browser: slow on a loaded machine.
jest.setTimeout(180_000);

/**
 * Issue 41 item 6: a judge amends a Combat Commander ruling with a corrective decision chosen
 * with the play page's form (the seat's legal choices, Russian names, nothing prefilled), and
 * the log records it on the seat's behalf, by the judge.
 */
describe('corrective decisions on the judge’s dispute page', () => {
  let app: TestApp;
  let browser: Browser;
  let cc: CcDispute;
  const tab = pagePerTest(
    () => browser,
    () => app.url,
  );
  const { open, accessible } = tab;

  beforeAll(async () => {
    ensureWebBuilt();
    [app, browser] = await Promise.all([startTestApp(), launchChromium()]);
    cc = await recordCcDispute(app);
    await api(app, 'POST', `/matches/${cc.matchId}/pause`, cc.judge, {
      reason: 'Разбор приказа',
      disputeId: cc.disputeId,
    });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  for (const width of [1280, 390])
    it(`at ${width} px the judge amends with a corrective decision picked by its Russian names; the log records it for the seat, by the judge`, async () => {
      const page = tab.page;
      await page.setViewportSize({ width, height: 900 });
      // A dispute of its own per width: the first ruling closes its dispute.
      const { disputeId } = await api<{ disputeId: string }>(
        app,
        'POST',
        `/matches/${cc.matchId}/disputes`,
        cc.seats.allies,
        { atSeq: cc.disputed, claim: `Ганс не бросил на защиту (${width})` },
      );
      await open(`/judge/${cc.matchId}/${disputeId}`, cc.judge);
      await page.waitForSelector('[data-table="now"] .board');
      await page.getByRole('radio', { name: 'Решение изменено' }).check();
      await page
        .getByLabel('Обоснование')
        .fill('Ганс должен был бросить на защиту: бросок за него.');
      await page.getByLabel('Правило', { exact: true }).fill('Бросок защиты');
      await page.getByRole('radio', { name: 'Корректирующие решения' }).check();

      const corrective = page.locator('section.corrective-decisions');
      await corrective.waitFor();
      expect(await corrective.locator('[data-corrective-count="0"]').innerText()).toBe(
        'Корректирующие решения пока не выбраны.',
      );
      // Nothing chosen beforehand: no seat until the judge picks one by its player's name.
      const seat = corrective.getByLabel('За кого');
      expect(await seat.inputValue()).toBe('');
      const seatNames = (await seat.locator('option').allInnerTexts()).slice(1);
      expect(seatNames).toHaveLength(2);
      expect(seatNames.join(' ')).not.toMatch(/axis|allies/);
      await seat.selectOption({ label: seatNames.find((s) => s.startsWith('Ганс'))! });
      await corrective.and(page.locator('[aria-busy="false"]')).waitFor();
      const kinds = corrective.getByRole('group', { name: 'Решения, которые позволяют правила' });
      // The seat's own decisions as the rules allow them now (Ганс's turn is over: no Order).
      const offered = await kinds.getByRole('button').allInnerTexts();
      expect(offered).toContain('Бросок: открыть верхнюю карту Судьбы и прочесть кубики');
      expect(offered.some((k) => k.startsWith('Сыграть карту как Приказ'))).toBe(false);
      expect(offered.join(' ')).not.toMatch(RAW_ID);
      await kinds.getByRole('button', { name: /^Бросок: открыть верхнюю карту Судьбы/ }).click();

      // The play page's form: the rules' choices, in Russian, none chosen.
      const form = corrective.locator('form.decision-form[data-kind="roll"]');
      await settled(form);
      const purpose = form.getByLabel('Бросок *');
      expect(await purpose.inputValue()).toBe('');
      // Exactly the rolls a card allows Ганс now (issue 45), as the rules' choices name them:
      // never a Fire (no Order of his), the rest as the shuffled deck's pending Event allows.
      const rules = await api<{ fields: { path: string; values: { name: { ru: string } }[] }[] }>(
        app,
        'POST',
        `/matches/${cc.matchId}/legal-decisions/choices`,
        cc.judge,
        { kind: 'roll', params: {}, seat: 'axis', for: 'corrective' },
      );
      const allowed = rules.fields.find((f) => f.path === 'purpose')!.values.map((v) => v.name.ru);
      expect(allowed).toContain('Другое');
      expect(allowed).not.toContain('Огонь');
      expect(await options(purpose)).toEqual(allowed);
      const add = form.getByRole('button', { name: 'Добавить в решение' });
      expect(await add.isDisabled()).toBe(true);
      await purpose.selectOption({ label: 'Другое' });
      await settled(form);
      await corrective.screenshot({ path: join(ARTIFACTS, `corrective-form-${width}.png`) });
      await add.click();

      // Listed as the log will phrase it; the ruling's preview tries it.
      const chosen = corrective.locator('ol.corrective-chosen li');
      await chosen.first().waitFor();
      expect(await chosen.count()).toBe(1);
      const phrase = await chosen.first().locator('span').innerText();
      expect(phrase).toContain('Ганс');
      expect(phrase).not.toMatch(RAW_ID);
      await page.getByRole('button', { name: 'Предпросмотр решения' }).click();
      // A roll reveals a Fate card: the preview says the ruling is accepted, its outcome unseen.
      await page.waitForSelector('.ruling-preview[data-preview="withheld"]');
      await expectNoSideScroll(page);
      await accessible();
      await page.locator('.dispute-ruling').screenshot({
        path: join(ARTIFACTS, `corrective-ruling-preview-${width}.png`),
      });
      await page.getByRole('button', { name: 'Вынести решение' }).click();
      await page.waitForSelector('.dispute-ruling[data-ruled="amended"]');
      expect(await page.locator('.dispute-ruling').innerText()).toContain(
        'Решение изменено: Судья Петрова',
      );

      // Over HTTP: the roll recorded for Axis by the ruling, the judge its recorder, named.
      const { events } = await api<{ events: Json[] }>(
        app,
        'GET',
        `/matches/${cc.matchId}/events?line=all`,
        cc.judge,
      );
      const ruling = events.find(
        (e) => e.type === 'RulingIssued' && e.data.disputeId === disputeId,
      )!;
      expect(ruling.data.remedy).toEqual({
        kind: 'corrective',
        decisions: [{ seat: 'axis', kind: 'roll', params: { purpose: 'other' } }],
      });
      const made = events.find((e) => e.type === 'DecisionMade' && e.seq > ruling.seq)!;
      expect(made.data).toMatchObject({
        seat: 'axis',
        kind: 'roll',
        params: { purpose: 'other' },
        judgeRecorded: true,
      });
      expect(made.meta.actor).toEqual(ruling.meta.actor);
      expect(made.meta.actor.kind).toBe('judge');
      const viewer = await api<Json>(app, 'GET', `/matches/${cc.matchId}/viewer`, cc.judge);
      const judge = (viewer.judges as { id: string; name: string }[]).find(
        (j) => j.id === made.meta.actor.id,
      );
      expect(judge?.name).toBe('Судья Петрова');
      const { phrases } = await api<{ phrases: { seq: number; ru: string }[] }>(
        app,
        'GET',
        `/matches/${cc.matchId}/phrases?from=${ruling.seq}&to=${made.seq}`,
        cc.judge,
      );
      // The log's words over HTTP: the ruling with its corrective decision, then Ганс's roll,
      // phrased as the form's list phrased it before the ruling was issued.
      expect(phrases.map((p) => p.ru)).toEqual([
        'Решение судьи: решение изменено (Бросок защиты): Ганс должен был бросить на защиту: бросок за него; 1 корректирующее решение',
        phrase,
      ]);
      // The page's log: the roll concerns Ганс, recorded by the judge by name, to the second.
      const row = page.locator(`tr[data-seq="${made.seq}"]`);
      await row.waitFor();
      const cells = await row.locator('td').allInnerTexts();
      expect(cells[1]).toBe(phrase);
      expect(cells[2]).toBe('Ганс');
      expect(cells[3]).toMatch(/^Судья Петрова\n.*\d{2}:\d{2}:\d{2}$/s);
    });
});
