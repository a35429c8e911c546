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
import { recordCcDispute, type CcDispute } from './support/disputes';
import { api } from './support/matches';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('what a Combat Commander ruling rests on, on the dispute page', () => {
  let app: TestApp;
  let browser: Browser;
  let cc: CcDispute;
  const tab = pagePerTest(
    () => browser,
    () => app.url,
  );
  const { open, text, accessible } = tab;

  beforeAll(async () => {
    ensureWebBuilt();
    [app, browser] = await Promise.all([startTestApp(), launchChromium()]);
    cc = await recordCcDispute(app);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('shows what led up to the dispute and the table then → now, and rules with a picked rule and the default rewind target', async () => {
    const { rules } = await api<{
      rules: { key: string; ref: string; section: string; quote: string }[];
    }>(app, 'GET', '/rulesets/combat-commander/rules');
    const rule = rules.find((r) => r.key === 'activate')!;
    await open(`/judge/${cc.matchId}/${cc.disputeId}`, cc.judge);
    await tab.page.waitForSelector('[data-table="now"] .board');

    // What led up to it: the order's own decision, the cards and rolls before it, phrased.
    const leadUp = tab.page.locator('section.dispute-lead-up');
    expect(await leadUp.locator('h2').innerText()).toMatch(/^Что к этому привело \(\d+ событи/);
    expect(await leadUp.locator(`tr[data-seq="${cc.decided}"]`).getAttribute('data-why')).toBe(
      'decision',
    );
    expect(await leadUp.locator(`tr[data-seq="${cc.decided}"]`).innerText()).toContain('Ганс');
    expect(await leadUp.locator('tr[data-why="chance"]').count()).toBeGreaterThan(0);
    expect(await leadUp.locator(`tr[data-seq="${cc.disputed}"]`).count()).toBe(0);
    expect(await leadUp.innerText()).not.toMatch(RAW_ID);
    // Times to the second.
    expect(await leadUp.locator('time').first().innerText()).toMatch(/\d{1,2}:\d{2}:\d{2}/);

    // Then → now, written with names: the cards drawn and the turn at least.
    const difference = tab.page.locator('section.dispute-difference');
    expect(await difference.locator('h2').innerText()).toBe(
      `Тогда → сейчас: что изменилось между событиями ${cc.disputed} и ${await tab.page
        .locator('[data-table="now"] .board')
        .getAttribute('data-seq')}`,
    );
    const changes = await difference.locator('li').allInnerTexts();
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.some((c) => c.includes(' → '))).toBe(true);
    expect(changes.join('\n')).not.toMatch(RAW_ID);

    // The match's options, each with its quoted rule.
    const options = tab.page.locator('section.dispute-options');
    expect(await options.locator('h2').innerText()).toMatch(
      /^Опции матча и правила, которые они толкуют \(\d+\)$/,
    );
    await options.locator('summary').click();
    expect(await options.locator('blockquote').first().innerText()).toMatch(/^«.+»: «.+»$/s);

    // The ruling form is one jump away.
    await tab.page.getByRole('link', { name: 'К решению ↓' }).click();
    await tab.page.waitForFunction(() => location.hash === '#ruling-title');

    await tab.page.getByLabel('Обоснование').fill('Отделение уже действовало: приказ не засчитан.');
    await tab.page
      .getByLabel('Выбрать правило')
      .selectOption({ label: `${rule.section}: ${rule.quote}` });
    expect(await tab.page.getByLabel('Правило', { exact: true }).inputValue()).toBe(rule.ref);
    await tab.page.getByRole('radio', { name: 'Вернуть матч назад' }).check();
    // The default target: the event before the disputed decision, not the decision itself.
    expect(await tab.page.locator('#f-to-seq').inputValue()).toBe(String(cc.beforeDecision));
    expect(await text('#f-to-seq-help')).toContain(
      `По умолчанию — событие перед спорным решением (№${cc.beforeDecision})`,
    );
    await tab.page.getByRole('button', { name: 'Предпросмотр решения' }).click();
    await tab.page.waitForSelector('.ruling-preview[data-preview="shown"]');
    await accessible();
    for (const width of [1280, 390]) {
      await tab.page.setViewportSize({ width, height: 900 });
      await tab.page.screenshot({
        path: join(ARTIFACTS, `dispute-evidence-cc-${width}.png`),
        fullPage: true,
      });
      const overflow = await tab.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect([width, overflow]).toEqual([width, 0]);
    }
    // At 390 px the claim is a few lines, not the whole first screen.
    await tab.page.evaluate(() => window.scrollTo(0, 0));
    const claimHeight = await tab.page.locator('h1.dispute-claim').evaluate((e) => e.clientHeight);
    expect(claimHeight).toBeLessThan(300);
    await tab.page.screenshot({ path: join(ARTIFACTS, 'dispute-evidence-cc-390-top.png') });
    await tab.page.setViewportSize({ width: 1280, height: 900 });

    await tab.page.getByRole('button', { name: 'Вынести решение' }).click();
    await tab.page.waitForSelector('.dispute-ruling[data-ruled="upheld"]');

    // The API has the ruling with the picked rule and the default target.
    const { events } = await api<{ events: Json[] }>(
      app,
      'GET',
      `/matches/${cc.matchId}/events?line=all`,
      cc.judge,
    );
    const ruling = events.find(
      (e) => e.type === 'RulingIssued' && e.data.disputeId === cc.disputeId,
    )!;
    expect(ruling.data.ruleRef).toBe(rule.ref);
    expect(ruling.data.remedy).toMatchObject({ kind: 'rewind', toSeq: cc.beforeDecision });
    const rewound = events.find((e) => e.type === 'TimelineRewound' && e.seq > ruling.seq)!;
    expect(rewound.data.voided.from).toBe(cc.decided);

    // «Решённые» on the desk: the tournament's past rulings, filtered by their rule.
    await open('/judge', cc.judge);
    await tab.page.getByRole('button', { name: 'Решённые' }).click();
    const byRule = tab.page.getByLabel('Правило решения');
    await byRule.waitFor();
    await byRule.selectOption({ label: rule.ref });
    const card = tab.page.locator(`.dispute-card[data-dispute="${cc.disputeId}"]`);
    await card.waitFor();
    expect(await card.locator('[data-ruling="rule"]').innerText()).toBe(rule.ref);
    expect(await card.locator('time').innerText()).toMatch(/\d{1,2}:\d{2}:\d{2}/);
    await tab.page.screenshot({ path: join(ARTIFACTS, 'dispute-evidence-ruled-by-rule-1280.png') });
    // The search reads the rule too.
    await byRule.selectOption({ label: 'Любой' });
    await tab.page.getByLabel('Поиск').fill(rule.section);
    await card.waitFor();
    await tab.page.getByLabel('Поиск').fill('нет такого правила');
    await card.waitFor({ state: 'detached' });
  });

  it('says a dispute on a voided event is on a voided branch and offers the live line', async () => {
    const { disputeId } = await api<{ disputeId: string }>(
      app,
      'POST',
      `/matches/${cc.matchId}/disputes`,
      cc.seats.allies,
      { atSeq: cc.disputed, claim: 'И всё же приказ был неверным' },
    );
    await open(`/judge/${cc.matchId}/${disputeId}`, cc.judge);
    await tab.page.waitForSelector('[data-voided-dispute]');
    const banner = tab.page.locator('[data-voided-dispute]');
    expect(await banner.innerText()).toContain(
      `Событие ${cc.disputed} — на ветке, отменённой возвратом`,
    );
    for (const width of [1280, 390]) {
      await tab.page.setViewportSize({ width, height: 900 });
      await tab.page.screenshot({ path: join(ARTIFACTS, `dispute-evidence-voided-${width}.png`) });
    }
    await tab.page.setViewportSize({ width: 1280, height: 900 });
    const live = banner.getByRole('link', { name: 'К действующей линии' });
    const by = await banner.getAttribute('data-voided-dispute');
    expect(await live.getAttribute('href')).toBe(`/replay/${cc.matchId}#seq=${by}`);
    // A rewind from here is refused with the reason, in Russian.
    await tab.page.getByLabel('Обоснование').fill('Проверка');
    await tab.page.getByLabel('Правило', { exact: true }).fill('§1');
    await tab.page.getByRole('radio', { name: 'Вернуть матч назад' }).check();
    await tab.page.getByRole('button', { name: 'Предпросмотр решения' }).click();
    await tab.page.waitForSelector('.ruling-preview[data-preview="refused"] [role="alert"]');
    expect(await text('.ruling-preview')).toMatch(/отменено возвратом|уже отменённой возвратом/);
    await accessible();
  });
});
