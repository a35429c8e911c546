import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../support/test-app';
import { ARTIFACTS, ensureWebBuilt, launchPeople, RAW_ID, type People } from './support/browser';
import { api } from './support/matches';

/**
 * Issue 39, the galaxy league at a club table: Лёва and Маша, each on a phone (390 px, a
 * browser context each), play the league's first round from the pages: an alliance proposed
 * and its consent refused with the reason shown (the first dues are more than they have), the
 * sealed declaration checked in the browser before it is sealed, sealed and revealed. Every
 * control is chosen by its visible Russian name; the log is read over HTTP after each step.
 */

jest.setTimeout(600_000);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const PHONE = { width: 390, height: 844 };

describe('the galaxy league from the pages, on phones (issue 39)', () => {
  let app: TestApp;
  let people: People;
  let organizer: string;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    ensureWebBuilt();
    [app, people] = await Promise.all([startTestApp(), launchPeople()]);
    organizer = (
      await api<{ token: string }>(app, 'POST', '/organizers', TEST_ADMIN_TOKEN, {
        name: 'Клуб «Галактика»',
      })
    ).token;
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await people?.close();
    await app?.close();
  });

  afterEach(() => {
    expect(pageErrors).toEqual([]);
  });

  async function phone(matchId: string, token: string): Promise<Page> {
    const context = await people.person();
    contexts.push(context);
    await context.addInitScript(() => {
      try {
        localStorage.setItem('matchlog.lang', 'ru');
      } catch {
        // about:blank has no storage
      }
    });
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${app.url}/play/${matchId}#token=${token}`);
    return page;
  }

  async function shoot(page: Page, name: string, form?: Locator): Promise<void> {
    await page.screenshot({ path: join(ARTIFACTS, `gl-table-${name}-390.png`), fullPage: true });
    if (form) await form.screenshot({ path: join(ARTIFACTS, `gl-table-${name}-form-390.png`) });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: join(ARTIFACTS, `gl-table-${name}-1280.png`), fullPage: true });
    await page.setViewportSize(PHONE);
  }

  async function decisions(matchId: string, token: string): Promise<Json[]> {
    const { events } = await api<{ events: Json[] }>(
      app,
      'GET',
      `/matches/${matchId}/events?line=all`,
      token,
    );
    return events
      .filter((e) => e.type === 'DecisionMade')
      .map((e) => ({ ...e.data, params: e.data.secret?.params ?? e.data.params }));
  }

  async function synced(page: Page, matchId: string): Promise<void> {
    const { seq } = await api<{ seq: number }>(app, 'GET', `/matches/${matchId}`, organizer);
    await page.waitForFunction(
      (s) => document.querySelector(`.board[data-seq="${s}"]`) !== null,
      seq,
    );
  }

  async function open(page: Page, summary: string | RegExp): Promise<Locator> {
    await page.getByRole('button', { name: summary }).click();
    const form = page.getByRole('form', { name: summary });
    await form.waitFor();
    return form;
  }

  async function record(page: Page, matchId: string, form: Locator): Promise<void> {
    await form.getByRole('status').filter({ hasText: 'Правила это допускают' }).waitFor();
    await form.getByRole('button', { name: 'Записать' }).click();
    await form.waitFor({ state: 'detached' });
    await synced(page, matchId);
  }

  /** No id of the match (ship:masha:1, borealis…) in what the page shows. */
  async function noIds(page: Page): Promise<void> {
    const text = await page.locator('main').innerText();
    expect(text).not.toMatch(RAW_ID);
    expect(text).not.toMatch(/\b(borealis|aurora|ember|alliance-\d|lev|masha)\b/);
  }

  it('proposes an alliance, shows why it cannot be agreed, checks and seals a declaration', async () => {
    const created = await api<{ matchId: string; seatTokens: { seat: string; token: string }[] }>(
      app,
      'POST',
      '/matches',
      organizer,
      {
        ruleset: 'galaxy-league',
        title: 'Лига клуба',
        seats: [
          { seat: 'lev', faction: 'empire' },
          { seat: 'masha', faction: 'devourers' },
        ],
      },
    );
    const { matchId } = created;
    const token = Object.fromEntries(created.seatTokens.map((s) => [s.seat, s.token]));
    const lev = await phone(matchId, token.lev);
    const masha = await phone(matchId, token.masha);
    for (const [page, name] of [
      [lev, 'Лёва'],
      [masha, 'Маша'],
    ] as const) {
      await page.getByLabel('Ваше имя').fill(name);
      await page.getByRole('button', { name: 'Занять место' }).click();
      await page.getByText(name).first().waitFor();
    }
    await lev.getByRole('button', { name: 'Начать матч' }).click();
    await synced(lev, matchId);

    // --- Лёва proposes an alliance to Маша, chosen by her name. ---
    const propose = await open(lev, 'Предложить Альянс');
    await expect(propose.getByRole('button', { name: 'Записать' }).isDisabled()).resolves.toBe(
      true,
    );
    await propose.getByLabel('Маша — Пожиратели').check();
    await record(lev, matchId, propose);
    expect((await decisions(matchId, token.lev)).at(-1)).toMatchObject({
      kind: 'propose-alliance',
      seat: 'lev',
      params: { members: ['masha'] },
    });
    await noIds(lev);

    // --- Маша's phone offers the consent, and says why it cannot be given now. ---
    await synced(masha, matchId);
    const consent = await open(masha, 'Согласиться на Альянс');
    await consent
      .getByText(
        'Альянс с Лёвой: Первый взнос Альянса 100 ИК не оплатить: у Лёвы 45 ИК из нужных 50, у Маши 45 ИК из нужных 50',
      )
      .waitFor();
    await expect(consent.getByRole('button', { name: 'Записать' }).isDisabled()).resolves.toBe(
      true,
    );
    await noIds(masha);
    await shoot(masha, 'consent-refused', consent);
    await consent.getByRole('button', { name: 'Отмена' }).click();

    // Proposing again answers in Russian, over HTTP too.
    const again = await fetch(`${app.url}/api/v1/matches/${matchId}/decisions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token.lev}`,
        'content-type': 'application/json',
        'accept-language': 'ru',
      },
      body: JSON.stringify({ kind: 'propose-alliance', params: { members: ['masha'] } }),
    });
    expect(again.status).toBe(422);
    expect(((await again.json()) as Json).detail).toBe(
      'Этот Альянс уже предложен; ждём согласия: Маша',
    );

    // --- Both end the Preparation. ---
    for (const [page, seat] of [
      [lev, 'lev'],
      [masha, 'masha'],
    ] as const) {
      await synced(page, matchId);
      const form = await open(page, 'Завершить этап');
      await record(page, matchId, form);
      expect((await decisions(matchId, token[seat])).at(-1)).toMatchObject({
        kind: 'end-stage',
        seat,
      });
    }

    // --- Маша's sealed declaration, checked in the browser before it is sealed. ---
    await synced(masha, matchId);
    const declare = await open(masha, /^Заявить атаки и колонизации/);
    const attacks = declare.getByRole('group', { name: 'Атаки' });
    // 45 IC pay for no colonisation (50 IC and more): the page says so and asks nothing.
    await declare
      .getByRole('group', { name: 'Колонизации' })
      .getByText('Правила сейчас ничего не допускают.')
      .waitFor();
    const first = attacks.getByLabel('Атакующий звездолёт 1');
    await first.waitFor();
    const targets = (await first.locator('option').allTextContents()).filter(
      (t) => t !== 'Выберите…',
    );
    expect(targets.length).toBeGreaterThan(0);
    for (const t of targets) expect(t).toMatch(/— планета Лёвы, \d световы/);
    await first.selectOption({ label: targets[0] });
    await attacks.getByLabel('Атакующий звездолёт 2').selectOption({ label: targets[0] });
    const planet = targets[0].split(' — ')[0];
    await declare.getByText(`Планета ${planet} заявлена дважды`).waitFor();
    await expect(
      declare.getByRole('button', { name: 'Запечатать выбор' }).isDisabled(),
    ).resolves.toBe(true);
    await shoot(masha, 'declare-refused', declare);
    await attacks.getByLabel('Атакующий звездолёт 2').selectOption({ label: 'Выберите…' });
    await declare.getByRole('status').filter({ hasText: 'Правила это допускают' }).waitFor();
    await declare.getByRole('button', { name: 'Запечатать выбор' }).click();
    await declare.waitFor({ state: 'detached' });
    await synced(masha, matchId);
    // Sealed: the log holds a commitment, not the choice.
    const sealedLog = await api<{ events: Json[] }>(
      app,
      'GET',
      `/matches/${matchId}/events?line=all`,
      token.lev,
    );
    const seal = sealedLog.events.at(-1)!;
    expect(seal).toMatchObject({ type: 'DecisionSealed', data: { kind: 'declare-attacks' } });
    expect(Object.keys(seal.data).sort()).toEqual(['commitment', 'kind', 'sealId', 'seat']);
    await noIds(masha);

    // --- Лёва declares nothing, sealed too; then both reveal. ---
    await synced(lev, matchId);
    const nothing = await open(lev, /^Заявить атаки и колонизации/);
    await nothing.getByRole('status').filter({ hasText: 'Правила это допускают' }).waitFor();
    await nothing.getByRole('button', { name: 'Запечатать выбор' }).click();
    await nothing.waitFor({ state: 'detached' });
    for (const page of [masha, lev]) {
      await synced(page, matchId);
      await page.getByRole('button', { name: 'Вскрыть' }).first().click();
    }
    await synced(lev, matchId);
    const revealed = (await decisions(matchId, token.lev)).filter(
      (d) => d.kind === 'declare-attacks',
    );
    expect(revealed.find((d) => d.seat === 'masha')?.params).toMatchObject({
      attacks: [{ ship: 'ship:masha:1' }],
    });
    const { events } = await api<{ events: Json[] }>(
      app,
      'GET',
      `/matches/${matchId}/events?line=all`,
      token.lev,
    );
    expect(events.filter((e) => e.type === 'BattleOpened').map((e) => e.data.planet)).toEqual([
      expect.any(String),
    ]);
    await noIds(lev);
    await shoot(lev, 'revealed');
  });
});
