import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../support/test-app';
import { ARTIFACTS, ensureWebBuilt, launchPeople, RAW_ID, type People } from './support/browser';
import { api } from './support/matches';

/**
 * Issue 39 at a club table: two players of Commanders Path, each on a phone of their own
 * (390 px, a browser context each), go through the setup and the first turn from the pages
 * alone, choosing every control by its visible Russian name. Forms offer only what the rules
 * allow now (the catalogue with counts, the hand's ships and objects with the 25 resources'
 * running total, the ships built and where they may go), start empty, and keep the record
 * button disabled until every required field is chosen. After each step the log, read over
 * HTTP, holds the decision that was picked.
 */

jest.setTimeout(600_000);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const PHONE = { width: 390, height: 844 };

/** The deck Аня ticks, ten cards of the catalogue, four copies each: forty cards. */
const ANYA_DECK = [
  'Экзорцист',
  'Фрегат «Оса» (тест)',
  'Планета «Эдем» (тест)',
  'Астероид «Рудник» (тест)',
  'Торпедоносец «Скат» (тест)',
  'Абордажник «Гарпун» (тест)',
  'Транспорт «Караван» (тест)',
  'Бомбардировщик «Молот» (тест)',
  'Эскортный фрегат «Щит» (тест)',
  'Десантный полк (тест)',
];

describe('choices from the rules, on phones (issue 39)', () => {
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
        name: 'Клуб «Путь»',
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

  /** The whole page at 390 and 1280 px, and the form open on it, close, at 390. */
  async function shoot(page: Page, name: string, form?: Locator): Promise<void> {
    await page.screenshot({ path: join(ARTIFACTS, `choices-${name}-390.png`), fullPage: true });
    if (form) await form.screenshot({ path: join(ARTIFACTS, `choices-${name}-form-390.png`) });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: join(ARTIFACTS, `choices-${name}-1280.png`), fullPage: true });
    await page.setViewportSize(PHONE);
  }

  /** The decisions the seat recorded, as the log over HTTP gives them to the seat itself. */
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

  async function head(matchId: string): Promise<number> {
    return (await api<{ seq: number }>(app, 'GET', `/matches/${matchId}`, organizer)).seq;
  }

  /** The page shows the match at its head. */
  async function synced(page: Page, matchId: string): Promise<void> {
    const seq = await head(matchId);
    await page.waitForFunction(
      (s) => document.querySelector(`.board[data-seq="${s}"]`) !== null,
      seq,
    );
  }

  const recordButton = (form: Locator) => form.getByRole('button', { name: 'Записать' });

  /** Opens the decision named `summary`: its form, found by its heading. */
  async function open(page: Page, summary: string | RegExp): Promise<Locator> {
    await page.getByRole('button', { name: summary }).click();
    const form = page.getByRole('form', { name: summary });
    await form.waitFor();
    return form;
  }

  /** Records the open form once the rules accept it, and waits for the page to show it. */
  async function record(page: Page, matchId: string, form: Locator): Promise<void> {
    await form.getByRole('status').filter({ hasText: 'Правила это допускают' }).waitFor();
    await recordButton(form).click();
    await form.waitFor({ state: 'detached' });
    await synced(page, matchId);
  }

  async function visibleOptions(select: Locator): Promise<string[]> {
    // Less the empty choice a select starts on; once the rules' choices have arrived (5 s).
    const read = async () =>
      (await select.locator('option').allTextContents()).filter(
        (t) => t.trim() && t !== 'Выберите…',
      );
    for (let tries = 0; tries < 50; tries += 1) {
      const texts = await read();
      if (texts.length > 0) return texts;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return read();
  }

  it('registers decks from the catalogue, deals, spends the 25 resources, deploys, and plays the first turn', async () => {
    const created = await api<{ matchId: string; seatTokens: { seat: string; token: string }[] }>(
      app,
      'POST',
      '/matches',
      organizer,
      {
        ruleset: 'commanders-path',
        title: 'Клубная партия',
        options: { deckShuffle: 'none' },
        seats: [{ seat: 'red' }, { seat: 'blue' }],
      },
    );
    const { matchId } = created;
    const token = Object.fromEntries(created.seatTokens.map((s) => [s.seat, s.token]));
    const anya = await phone(matchId, token.red);
    const boris = await phone(matchId, token.blue);
    for (const [page, name] of [
      [anya, 'Аня'],
      [boris, 'Борис'],
    ] as const) {
      await page.getByLabel('Ваше имя').fill(name);
      await page.getByRole('button', { name: 'Занять место' }).click();
      await page.getByText(name).first().waitFor();
    }
    await anya.getByRole('button', { name: 'Начать матч' }).click();
    await synced(anya, matchId);

    // --- Deck registration: a Commander and the catalogue with counts. ---
    const register = /^Зарегистрировать колоду/;
    for (const [page, seat, commander, deck] of [
      [anya, 'red', 'Командор Рейн (тест)', ANYA_DECK],
      [boris, 'blue', 'Командор Ирма (тест)', [...ANYA_DECK].reverse()],
    ] as const) {
      await synced(page, matchId);
      const form = await open(page, register);
      // Nothing chosen for the player: the Commander's select is empty, the button disabled.
      const commanderSelect = form.getByLabel('Командор *');
      await expect(commanderSelect.inputValue()).resolves.toBe('');
      await expect(recordButton(form).isDisabled()).resolves.toBe(true);
      const offered = await visibleOptions(commanderSelect);
      expect(offered).toContain('Командор Рейн (тест) — инициатива 5, Пират');
      for (const text of offered) expect(text).not.toMatch(RAW_ID);
      const chosen = offered.find((o) => o.startsWith(commander))!;
      await commanderSelect.selectOption({ label: chosen });
      // Thirty-six cards are not a deck: still disabled, and the page says why.
      for (const card of deck.slice(0, 9))
        await form.getByLabel(card, { exact: false }).first().fill('4');
      await form.getByText('Итого: 36 из 100 карт').waitFor();
      await expect(recordButton(form).isDisabled()).resolves.toBe(true);
      await form.getByLabel(deck[9], { exact: false }).first().fill('4');
      await form.getByText('Итого: 40 из 100 карт').waitFor();
      if (seat === 'red') await shoot(page, 'cp-register-deck', form);
      await record(page, matchId, form);
      const [registered] = (await decisions(matchId, token[seat])).filter(
        (d) => d.kind === 'register-deck' && d.seat === seat,
      );
      expect(registered.params.commander).toEqual({
        catalog: seat === 'red' ? 'test-rein' : 'test-irma',
      });
      expect(registered.params.cards).toHaveLength(10);
      expect(registered.params.cards.every((c: Json) => c.copies === 4)).toBe(true);
    }

    // --- The deal. ---
    for (const [page, seat] of [
      [anya, 'red'],
      [boris, 'blue'],
    ] as const) {
      await synced(page, matchId);
      const form = await open(page, 'Взять 15 карт');
      await record(page, matchId, form);
      expect((await decisions(matchId, token[seat])).at(-1)).toMatchObject({ kind: 'deal', seat });
    }

    // --- The setup build: the hand's ships and objects, the running total of 25. ---
    const built: Record<string, string[]> = {};
    for (const [page, seat] of [
      [anya, 'red'],
      [boris, 'blue'],
    ] as const) {
      await synced(page, matchId);
      const form = await open(page, /^Потратить 25 ресурсов/);
      const rows = form.getByRole('spinbutton');
      await rows.first().waitFor();
      const names = await form.locator('label').allTextContents();
      for (const text of names) expect(text).not.toMatch(/\b(red|blue)-/);
      await form.getByText('Итого: 0 из 25 ресурсов').waitFor();
      await expect(recordButton(form).isDisabled()).resolves.toBe(true);
      // The first two offered, each built in full (its cost is the field's most).
      const picks: { label: string; pay: number }[] = [];
      for (let i = 0; i < 2; i += 1) {
        const row = rows.nth(i);
        const pay = Number(await row.getAttribute('max'));
        const label =
          (await row.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent)) ?? '';
        await row.fill(String(pay));
        picks.push({ label, pay });
      }
      const total = picks.reduce((s, p) => s + p.pay, 0);
      await form.getByText(`Итого: ${total} из 25 ресурсов`).waitFor();
      if (seat === 'red') await shoot(page, 'cp-setup-spend', form);
      await record(page, matchId, form);
      const spent = (await decisions(matchId, token[seat])).at(-1)!;
      expect(spent).toMatchObject({ kind: 'setup-spend', seat });
      expect(spent.params.builds.map((b: Json) => b.pay)).toEqual(picks.map((p) => p.pay));
      built[seat] = spent.params.builds.map((b: Json) => b.card);
    }

    // --- Deployment: the lower initiative first (Ирма 4, then Рейн 5). ---
    for (const [page, seat] of [
      [boris, 'blue'],
      [anya, 'red'],
    ] as const) {
      await synced(page, matchId);
      const form = await open(page, /^Расстановка/);
      const host = form.getByLabel('Носитель Командора *');
      await host.waitFor();
      await expect(recordButton(form).isDisabled()).resolves.toBe(true);
      const hosts = await visibleOptions(host);
      // Only what this seat built: never the other seat's cards.
      expect(hosts.length).toBeGreaterThan(0);
      expect(hosts.length).toBeLessThanOrEqual(built[seat].length);
      for (const text of hosts) expect(text).not.toMatch(/\b(red|blue)-/);
      await host.selectOption({ label: hosts[0] });
      // Each ship built gets a place: a new sector.
      const places = form.getByRole('group', { name: /^Корабли/ });
      if ((await places.count()) > 0)
        for (const select of await places.getByRole('combobox').all())
          await select.selectOption({ label: 'Новый сектор 1' });
      const keep = form.getByRole('group', { name: /^Оставить в руке/ });
      if ((await keep.count()) > 0) {
        await expect(recordButton(form).isDisabled()).resolves.toBe(true);
        const boxes = keep.getByRole('checkbox');
        for (let i = 0; i < 7; i += 1) await boxes.nth(i).check();
      }
      if (seat === 'red') await shoot(page, 'cp-deploy', form);
      await record(page, matchId, form);
      const deployed = (await decisions(matchId, token[seat])).at(-1)!;
      expect(deployed).toMatchObject({ kind: 'deploy', seat });
      expect(built[seat]).toContain(deployed.params.commander);
    }

    // --- The first turn: resources, production, movement, each ended from the pages. ---
    const round = async () =>
      (await api<Json>(app, 'GET', `/matches/${matchId}/state`, token.red)).table.turn.round;
    expect(await round()).toBe(1);
    const ends = /^Завершить/;
    const movedBy = new Set<string>();
    for (let step = 0; step < 14 && (await round()) === 1; step += 1) {
      let acted = false;
      for (const [page, seat] of [
        [anya, 'red'],
        [boris, 'blue'],
      ] as const) {
        await synced(page, matchId);
        // In its movement, each seat first flies its fleet to a new sector, as offered.
        const move = page.getByRole('button', { name: 'Переместить корабли' });
        if (!movedBy.has(seat) && (await move.count()) > 0) {
          const form = await open(page, 'Переместить корабли');
          const fleet = form.getByRole('group', { name: 'Корабли *' });
          await fleet.getByRole('checkbox').first().waitFor();
          await expect(recordButton(form).isDisabled()).resolves.toBe(true);
          const shipLabel = (await fleet.locator('label').first().textContent()) ?? '';
          expect(shipLabel).not.toMatch(/\b(red|blue)-/);
          await fleet.getByRole('checkbox').first().check();
          const where = form.getByLabel('Куда *');
          await expect(recordButton(form).isDisabled()).resolves.toBe(true);
          await where.selectOption({ label: 'Новый сектор' });
          if (seat === 'red') await shoot(page, 'cp-move-ships', form);
          await record(page, matchId, form);
          const moved = (await decisions(matchId, token[seat])).at(-1)!;
          expect(moved).toMatchObject({ kind: 'move-ships', seat, params: { to: 'new' } });
          expect(moved.params.ships).toHaveLength(1);
          movedBy.add(seat);
          acted = true;
          break;
        }
        const button = page.getByRole('button', { name: ends });
        if ((await button.count()) === 0) continue;
        const summary = (await button.first().textContent()) ?? '';
        const form = await open(page, summary);
        await record(page, matchId, form);
        expect((await decisions(matchId, token[seat])).at(-1)).toMatchObject({ seat });
        acted = true;
        break;
      }
      expect(acted).toBe(true);
    }
    expect(await round()).toBe(2);
    // Both seats had ships to move, and moved them from the page.
    expect([...movedBy].sort()).toEqual(['blue', 'red']);
    await shoot(anya, 'cp-turn-2');
  });
});
