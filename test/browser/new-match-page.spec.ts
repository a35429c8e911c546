import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../support/test-app';
import {
  ARTIFACTS,
  ensureWebBuilt,
  expectAccessible,
  launchChromium,
  type Browser,
} from './support/browser';
import { api } from './support/matches';
import type { RulesetDetail } from '../../web/src/api/client';
import { setupFieldsOf } from '../../web/src/new/match-request';

/**
 * The organizer's page `/new`: a freeform match and a Rex match created through the form
 * (generated from each ruleset's options and setup schemas), bad input refused beside its
 * field, one link per seat with its token only in the fragment, a QR code each, and a seat
 * link opened in another browser whose requests never carry the token.
 */

jest.setTimeout(180_000);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('the organizer’s page /new', () => {
  let app: TestApp;
  let browser: Browser;
  let organizer: string;
  let page: Page;
  let pageErrors: string[] = [];

  beforeAll(async () => {
    ensureWebBuilt();
    [app, browser] = await Promise.all([startTestApp(), launchChromium()]);
    organizer = (
      await api<{ token: string }>(app, 'POST', '/organizers', TEST_ADMIN_TOKEN, {
        name: 'Клуб «Звезда»',
      })
    ).token;
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  beforeEach(async () => {
    page = await browser.context.newPage();
    pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterEach(async () => {
    await page?.close();
    expect(pageErrors).toEqual([]);
  });

  /** The page in a language, the organizer's token passed once in the fragment. */
  async function openNew(lang: 'en' | 'ru', width = 1280): Promise<void> {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${app.url}/?lang=${lang}`);
    await page.evaluate((l) => localStorage.setItem('matchlog.lang', l), lang);
    await page.goto(`${app.url}/new#token=${organizer}`);
    await page.waitForSelector('form.new-form [data-field="f-seat-0"]');
    // The token left the address at once.
    expect(page.url()).toBe(`${app.url}/new`);
  }

  async function chooseRuleset(id: string): Promise<void> {
    await page.selectOption('#f-ruleset', id);
    await page.waitForSelector(`form.new-form[data-ruleset="${id}"] [data-field="f-seat-0"]`);
  }

  async function problemOf(field: string): Promise<string> {
    return page.locator(`[data-field="${field}"] .field-problem`).innerText();
  }

  /** Sends the form and reads the setup the created match recorded (its MatchCreated). */
  async function submittedSetup(): Promise<unknown> {
    await page.click('.new-submit button');
    await page.waitForSelector('.handout');
    const matchId = (await page.getAttribute('.handout', 'data-match')) as string;
    const events = await api<{ events: Json[] }>(
      app,
      'GET',
      `/matches/${matchId}/events?limit=5`,
      organizer,
    );
    return (events.events.find((e) => e.type === 'MatchCreated') as Json).data.setup;
  }

  /** The handed-out links by seat, read from the page. */
  async function links(): Promise<Record<string, string>> {
    const cards = page.locator('.seat-card');
    const found: Record<string, string> = {};
    for (let i = 0; i < (await cards.count()); i += 1) {
      const card = cards.nth(i);
      found[(await card.getAttribute('data-seat')) as string] = await card
        .locator('input')
        .inputValue();
    }
    return found;
  }

  it('creates a freeform match with Cyrillic seats, refusing bad input beside its field', async () => {
    await openNew('ru', 390);
    await chooseRuleset('freeform');
    // The options come from the ruleset, defaults preselected and said so.
    expect(await page.locator('#f-option-diceSource').inputValue()).toBe('either');
    expect(await page.locator('#f-option-diceSource option:checked').innerText()).toContain(
      'по умолчанию',
    );
    await page.screenshot({ path: join(ARTIFACTS, 'new-form-ru-390.png'), fullPage: true });
    await expectAccessible(page);

    await page.fill('#f-title', 'Тренировка, стол 1');
    await page.fill('#f-seat-0', 'Красные');
    await page.fill('#f-side-0', 'Империя');
    await page.fill('#f-player-0', 'Анна');
    await page.fill('#f-seat-1', 'синие игроки'); // a space: not a seat id
    await page.fill('#f-side-1', 'Повстанцы');
    await page.fill('#f-setup-zones', '[{"id": "север", "kind": "sector"'); // cut short
    await page.click('.new-submit button');
    // The page's own check: JSON that does not read, said beside the field; nothing sent.
    expect(await problemOf('f-setup-zones')).toBe('Это не JSON.');
    await page.fill(
      '#f-setup-zones',
      '[{"id": "север", "kind": "sector", "name": {"en": "North", "ru": "Север"}}]',
    );
    await page.click('.new-submit button');
    // The server's refusal (problem+json errors) beside the seat it concerns.
    await page.waitForSelector('[data-field="f-seat-1"] .field-problem');
    expect(await problemOf('f-seat-1')).toContain('должен начинаться с буквы или цифры');
    expect(await page.locator('[data-field="f-setup-zones"] .field-problem').count()).toBe(0);

    await page.fill('#f-seat-1', 'синие');
    await page.click('.new-submit button');
    await page.waitForSelector('.handout');
    const matchId = (await page.getAttribute('.handout', 'data-match')) as string;
    const handed = await links();
    expect(Object.keys(handed).sort()).toEqual(['Красные', 'синие']);
    for (const [seat, link] of Object.entries(handed)) {
      // The token only after '#', which a browser never sends.
      const [address, fragment] = link.split('#');
      expect(address).toBe(`${app.url}/play/${matchId}`);
      expect(fragment).toMatch(/^token=ml_/);
      const svg = page.locator(`.seat-card[data-seat="${seat}"] svg.qr-code`);
      expect(await svg.getAttribute('aria-label')).toContain(seat);
      expect((await svg.locator('path').getAttribute('d'))?.length).toBeGreaterThan(500);
    }
    expect(await page.locator('.secret-warning').innerText()).toContain('Эти ссылки — секрет.');
    expect(await page.locator('#organizer-link').inputValue()).toBe(
      `${app.url}/replay/${matchId}#token=${organizer}`,
    );
    // The named player's seat was taken for them; the other is left to its player.
    expect(await page.locator('.seat-card[data-seat="Красные"] [data-step]').innerText()).toBe(
      'Занято за игрока Анна',
    );
    await page.screenshot({ path: join(ARTIFACTS, 'new-links-ru-390.png'), fullPage: true });
    await expectAccessible(page);

    const match = await api<Json>(app, 'GET', `/matches/${matchId}`, organizer);
    expect(match.title).toBe('Тренировка, стол 1');
    expect(match.seats.map((s: Json) => [s.seat, s.side, s.player ?? null])).toEqual([
      ['Красные', 'Империя', 'Анна'],
      ['синие', 'Повстанцы', null],
    ]);

    // The second seat's link, opened in another browser: the token is taken from the
    // fragment, kept for that tab, and never travels in a request's address.
    const player = await launchChromium();
    try {
      const seatPage = await player.context.newPage();
      const addresses: string[] = [];
      seatPage.on('request', (request) => addresses.push(request.url()));
      const link = handed['синие'];
      const token = decodeURIComponent(link.split('#token=')[1]);
      await seatPage.goto(link);
      await seatPage.waitForSelector('main');
      expect(seatPage.url()).toBe(`${app.url}/play/${matchId}`);
      expect(await seatPage.evaluate(() => sessionStorage.getItem('matchlog.token'))).toBe(token);
      expect(addresses.length).toBeGreaterThan(0);
      expect(addresses.filter((a) => a.includes(token) || a.includes('#'))).toEqual([]);
    } finally {
      await player.close();
    }
  });

  it('creates a Rex match: factions and options from the ruleset, rule references beside them', async () => {
    await openNew('en', 1280);
    await chooseRuleset('rex');
    // Rex takes 3 to 6 seats, each a faction from its setup schema, named as the game names them.
    expect(await page.locator('.seat-row').count()).toBe(3);
    expect(await page.locator('#f-faction-0 option:checked').innerText()).not.toBe('sol');
    const handLimit = page.locator('[data-field="f-option-handLimit"]');
    expect(await page.locator('#f-option-handLimit').inputValue()).toBe('4');
    await handLimit.locator('.rule-ref summary').click();
    expect(await handLimit.locator('.rule-ref blockquote').innerText()).toContain('ИНФОРМАТОР');
    await page.screenshot({ path: join(ARTIFACTS, 'new-form-en-1280.png'), fullPage: true });
    await expectAccessible(page);

    // Two seats of one faction: the ruleset refuses, and the page says why.
    await page.selectOption('#f-faction-1', 'sol');
    await page.fill('#f-option-handLimit', '5');
    await page.selectOption('#f-option-bombardmentCard', 'sector');
    await page.click('.new-submit button');
    await page.waitForSelector('[data-summary]');
    expect(await page.locator('[data-summary]').innerText()).toContain('Two seats play sol');
    await page.selectOption('#f-faction-1', 'hacan');
    await page.fill('#f-seat-0', 'Глеб');
    await page.fill('#f-title', 'Rex, table 3');
    await page.click('.new-submit button');
    await page.waitForSelector('.handout');
    const matchId = (await page.getAttribute('.handout', 'data-match')) as string;
    expect(Object.keys(await links())).toEqual(['Глеб', 'hacan', 'letnev']);
    expect(await page.locator('.seat-card svg.qr-code').count()).toBe(3);
    expect(await page.locator('.seat-card[data-seat="Глеб"] h2').innerText()).toBe(
      'Глеб — Sol Federation',
    );
    await page.screenshot({ path: join(ARTIFACTS, 'new-links-en-1280.png'), fullPage: true });
    await expectAccessible(page);

    const events = await api<{ events: Json[] }>(
      app,
      'GET',
      `/matches/${matchId}/events?limit=5`,
      organizer,
    );
    const created = events.events.find((e) => e.type === 'MatchCreated') as Json;
    expect(created.data.options).toMatchObject({ handLimit: 5, bombardmentCard: 'sector' });
    expect(created.data.seats.map((s: Json) => [s.seat, s.faction])).toEqual([
      ['Глеб', 'sol'],
      ['hacan', 'hacan'],
      ['letnev', 'letnev'],
    ]);
  });

  it('creates a galaxy league with factions picked by their Russian names', async () => {
    await openNew('ru', 390);
    await chooseRuleset('galaxy-league');
    const firstFaction = page.getByLabel('Фракция').first();
    // A picker of the league's factions by name, not a free text asking for ids.
    const offered = await firstFaction.locator('option').allInnerTexts();
    expect(offered).toEqual(expect.arrayContaining(['Пожиратели', 'Империя', 'Амёбы']));
    expect(offered.filter((text) => /[a-z]{3,}/.test(text))).toEqual([]);
    const rows = page.locator('.seat-row');
    const names = ['Лёва', 'Маша'];
    const factions = ['Пожиратели', 'Империя'];
    for (let i = 0; i < 2; i += 1) {
      await rows.nth(i).getByLabel('Фракция').selectOption({ label: factions[i] });
      await rows.nth(i).getByLabel('Имя игрока').fill(names[i]);
    }
    await page.screenshot({ path: join(ARTIFACTS, 'new-galaxy-ru-390.png'), fullPage: true });
    await page.click('.new-submit button');
    await page.waitForSelector('.handout');
    const matchId = (await page.getAttribute('.handout', 'data-match')) as string;
    const events = await api<{ events: Json[] }>(
      app,
      'GET',
      `/matches/${matchId}/events?limit=5`,
      organizer,
    );
    const created = events.events.find((e) => e.type === 'MatchCreated') as Json;
    expect(created.data.seats.slice(0, 2).map((s: Json) => s.faction)).toEqual([
      'devourers',
      'empire',
    ]);
  });

  it('registers Commanders Path decks pasted or from a file, once every player is named', async () => {
    const fillers = (last: string): string =>
      [
        'Засада (тест)',
        'Торговый союз (тест)',
        'Усиленная броня (тест)',
        'Космопорт (тест)',
        'Десантный полк (тест)',
        'Орбитальная батарея (тест)',
        'Фрегат «Оса» (тест)',
        'Торпедоносец «Скат» (тест)',
        'Эскортный фрегат «Щит» (тест)',
      ]
        .map((card) => `4 ${card}`)
        .concat(`2 ${last}`)
        .join('\n');
    await openNew('ru', 1280);
    await chooseRuleset('commanders-path');
    await page.fill(
      '#f-deck-0',
      `Командор: Командор Рейн (тест)\n1 Планета «Эдем» (тест)\n1 Экзорцист\n${fillers('Бомбардировщик «Молот» (тест)')}`,
    );
    const deckFile = join(ARTIFACTS, 'new-deck-blue.txt');
    writeFileSync(
      deckFile,
      `Командор Ирма (тест)\n1 Астероид «Рудник» (тест)\n1 Химера\n${fillers('Бомбардировщик «Молот» (тест)')}`,
    );
    await page.setInputFiles('#f-deck-1-file', deckFile);
    await page.waitForFunction(() =>
      (document.querySelector('#f-deck-1') as HTMLTextAreaElement).value.includes('Ирма'),
    );
    // A deck needs every player named (the page takes the seats to start the match).
    await page.fill('#f-player-0', 'Анна');
    await page.click('.new-submit button');
    expect(await problemOf('f-player-1')).toBe('Обязательное поле.');
    // A card the catalog does not know, named by its line.
    await page.fill('#f-player-1', 'Борис');
    await page.fill('#f-deck-0', 'Командор Рейн (тест)\n4 Крейсер «Страж»');
    await page.click('.new-submit button');
    expect(await problemOf('f-deck-0')).toBe('Строка 2: в каталоге нет карты «Крейсер «Страж»».');
    await page.fill(
      '#f-deck-0',
      `Командор Рейн (тест)\n1 Планета «Эдем» (тест)\n1 Экзорцист\n${fillers('Бомбардировщик «Молот» (тест)')}`,
    );
    await page.click('.new-submit button');
    await page.waitForSelector('.handout');
    const matchId = (await page.getAttribute('.handout', 'data-match')) as string;
    expect(await page.locator('.seat-card[data-seat="red"] [data-step]').allInnerTexts()).toEqual([
      'Занято за игрока Анна',
      'Матч начат',
      'Колода зарегистрирована',
    ]);
    expect(await page.locator('.seat-card[data-seat="blue"] [data-step]').allInnerTexts()).toEqual([
      'Занято за игрока Борис',
      'Колода зарегистрирована',
    ]);
    expect(await page.locator('[data-failed]').count()).toBe(0);
    const events = await api<{ events: Json[] }>(
      app,
      'GET',
      `/matches/${matchId}/events?limit=100`,
      organizer,
    );
    const registered = events.events.filter(
      (e) => e.type === 'DecisionMade' && e.data.kind === 'register-deck',
    );
    expect(registered.map((e) => e.meta.actor.seat)).toEqual(['red', 'blue']);
  });

  it('asks for a scenario’s name and map size as fields, never as JSON, and sends them as one object each', async () => {
    await openNew('ru', 1280);
    await chooseRuleset('combat-commander');
    const title = page.locator('.setup-group[data-field="f-setup-title"]');
    expect(await title.locator('legend').innerText()).toBe('Название сценария');
    expect((await title.locator('label').allInnerTexts()).map((t) => t.trim())).toEqual([
      'По-английски',
      'По-русски',
    ]);
    expect(await title.locator('textarea').count()).toBe(0);
    // Half a name is refused beside the half that is missing, before anything is sent.
    await page.fill('[id="f-setup-title.en"]', 'Fat Lipki');
    await page.fill('[id="f-setup-map.columns"]', '12');
    await page.fill('[id="f-setup-map.rows"]', '9');
    await page.click('.new-submit button');
    expect(await problemOf('f-setup-title.ru')).toBeTruthy();
    await page.locator('.setup-group[data-field="f-setup-title"]').screenshot({
      path: join(ARTIFACTS, 'new-setup-group-ru-1280.png'),
    });
    await page.fill('[id="f-setup-title.ru"]', 'Толстые Липки');
    expect(await submittedSetup()).toEqual({
      title: { en: 'Fat Lipki', ru: 'Толстые Липки' },
      map: { columns: 12, rows: 9 },
    });
  });

  it('names seat rows by player, else by number, never by the seat id, on the Russian page', async () => {
    await openNew('ru', 390);
    await chooseRuleset('freeform');
    await page.click('.seat-rows + button');
    await page.waitForSelector('[data-seat-row="2"]');
    const rowNames = (): Promise<string[]> => page.locator('.seat-row-name').allInnerTexts();
    const removeButtons = (): Promise<string[]> => page.locator('.seat-remove').allInnerTexts();
    expect(await rowNames()).toEqual(['Место 1', 'Место 2', 'Место 3']);
    expect(await removeButtons()).toEqual(['Убрать место 1', 'Убрать место 2', 'Убрать место 3']);
    await page.fill('#f-player-0', 'Анна');
    await page.fill('#f-player-1', 'Борис');
    expect(await rowNames()).toEqual(['Анна', 'Борис', 'Место 3']);
    // The player's name in the genitive, as the sentence needs it.
    expect(await removeButtons()).toEqual([
      'Убрать место Анны',
      'Убрать место Бориса',
      'Убрать место 3',
    ]);
    expect(await page.getByRole('listitem', { name: 'Борис' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Убрать место Бориса' }).count()).toBe(1);
    // The seat id stays the organizer's value, in its own field.
    expect(await page.locator('[data-field="f-seat-0"] label').innerText()).toBe('Id места');
    const ids = await Promise.all([0, 1, 2].map((i) => page.locator(`#f-seat-${i}`).inputValue()));
    expect(ids).toEqual(['red', 'blue', 'seat3']);
    const seatIds = /\b(red|blue|seat3)\b/;
    expect(await page.locator('main').innerText()).not.toMatch(seatIds);
    expect(await page.locator('main').textContent()).not.toMatch(seatIds);

    // A seat offered as a setup choice reads by its number while nothing else names it.
    await chooseRuleset('combat-commander');
    expect(await page.locator('#f-setup-initiative option').allInnerTexts()).toEqual([
      'по умолчанию',
      'Место 1',
      'Место 2',
    ]);
    await page.fill('#f-player-1', 'Борис');
    expect(await page.locator('#f-setup-initiative option').allInnerTexts()).toEqual([
      'по умолчанию',
      'Место 1',
      'Борис',
    ]);
    expect(await page.locator('main').textContent()).not.toMatch(seatIds);
    await page.screenshot({ path: join(ARTIFACTS, 'new-seat-rows-ru-390.png'), fullPage: true });
    await expectAccessible(page);
  });

  /** Registers a player through the API, as an organizer does before a tournament. */
  async function registerPlayer(
    playerId: string,
    ru: string,
    latin: string,
    aliases: string[] = [],
  ): Promise<void> {
    await api(app, 'POST', '/players', organizer, { playerId, names: { ru, latin }, aliases });
  }

  /** The match the handout is for, its seats as the API shows them to the organizer. */
  async function createdSeats(): Promise<{ matchId: string; seats: Json[] }> {
    await page.waitForSelector('.handout');
    const matchId = (await page.getAttribute('.handout', 'data-match')) as string;
    const match = await api<{ seats: Json[] }>(app, 'GET', `/matches/${matchId}`, organizer);
    return { matchId, seats: match.seats };
  }

  it('picks registered players by their Russian names and records the seats by their ids', async () => {
    await registerPlayer('ivanova-olga', 'Ольга Иванова', 'Olga Ivanova', ['Оля']);
    await registerPlayer('petrov-ivan', 'Иван Петров', 'Ivan Petrov');
    await openNew('ru', 390);
    await chooseRuleset('freeform');
    const rows = page.locator('.seat-row');
    // Typing the start of a name offers the registered players, in Russian and Latin letters.
    await rows.nth(0).getByLabel('Имя игрока').fill('Оль');
    const olga = rows.nth(0).getByRole('option', { name: 'Ольга Иванова Olga Ivanova' });
    await olga.waitFor();
    expect(
      await rows
        .nth(0)
        .getByRole('listbox', { name: 'Зарегистрированные игроки' })
        .getByRole('option')
        .allTextContents(),
    ).toEqual(['Ольга Иванова Olga Ivanova']);
    expect(
      await rows.nth(0).getByRole('combobox', { name: 'Имя игрока' }).getAttribute('aria-expanded'),
    ).toBe('true');
    await page.screenshot({ path: '/tmp/new-players-suggest-390.png', fullPage: true });
    await olga.click();
    expect(await rows.nth(0).getByLabel('Имя игрока').inputValue()).toBe('Ольга Иванова');
    expect(await rows.nth(0).locator('.player-linked').innerText()).toBe(
      'Зарегистрированный игрок: Ольга Иванова (Olga Ivanova)',
    );
    expect(await rows.nth(0).getByRole('listbox').isHidden()).toBe(true);
    // The keyboard picks as well: down to the player, Enter (which does not send the form).
    const second = rows.nth(1).getByRole('combobox', { name: 'Имя игрока' });
    await second.fill('петр');
    await rows.nth(1).getByRole('option', { name: 'Иван Петров Ivan Petrov' }).waitFor();
    await second.press('ArrowDown');
    expect(await rows.nth(1).getByRole('option', { selected: true }).textContent()).toBe(
      'Иван Петров Ivan Petrov',
    );
    await second.press('Enter');
    expect(await second.inputValue()).toBe('Иван Петров');
    expect(await page.locator('.handout').count()).toBe(0);
    expect(await page.locator('.seat-row-name').allInnerTexts()).toEqual([
      'Ольга Иванова',
      'Иван Петров',
    ]);
    await page.screenshot({ path: '/tmp/new-players-picked-390.png', fullPage: true });
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Создать матч' }).click();
    const { matchId, seats } = await createdSeats();
    expect(seats.map(({ seat, player, playerId }) => ({ seat, player, playerId }))).toEqual([
      { seat: 'red', player: 'Ольга Иванова', playerId: 'ivanova-olga' },
      { seat: 'blue', player: 'Иван Петров', playerId: 'petrov-ivan' },
    ]);
    expect(await page.locator('.seat-card[data-seat="red"] [data-step]').allInnerTexts()).toEqual([
      'Занято за зарегистрированного игрока Ольга Иванова (Olga Ivanova)',
      'Матч начат',
    ]);
    // The player's history lists the match (the organizer's token: it is live and private).
    const history = await fetch(`${app.url}/api/v1/players/ivanova-olga/matches`, {
      headers: { authorization: `Bearer ${organizer}` },
    });
    expect(history.status).toBe(200);
    const lines = (await history.text())
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Json);
    expect(lines.map((line) => [line.matchId, line.seats])).toEqual([[matchId, ['red']]]);
  });

  it('links a typed name the registry resolves, and asks which of several players is meant', async () => {
    await registerPlayer('smirnov-aleksei', 'Алексей Смирнов', 'Aleksei Smirnov', ['Лёша']);
    await registerPlayer('kuznetsova-anna', 'Анна Кузнецова', 'Anna Kuznetsova');
    await registerPlayer('kuznetsova-anna-spb', 'Анна Кузнецова', 'Anna Kuznetsova', [
      'Аня из Питера',
    ]);
    await openNew('ru', 1280);
    await chooseRuleset('freeform');
    await page.click('.seat-rows + button');
    const rows = page.locator('.seat-row');
    // An alias typed in full, never picked; a name two people share; a name nobody registered.
    await rows.nth(0).getByLabel('Имя игрока').fill('лёша');
    // The alias suggests its player; the organizer goes on without picking.
    await rows.nth(0).getByRole('option', { name: 'Алексей Смирнов Aleksei Smirnov' }).waitFor();
    await page.screenshot({ path: '/tmp/new-players-suggest-1280.png', fullPage: true });
    await rows.nth(1).getByLabel('Имя игрока').fill('анна  кузнецова');
    await rows.nth(2).getByLabel('Имя игрока').fill('Глеб');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Создать матч' }).click();
    const which = page.getByRole('group', {
      name: '«анна  кузнецова» — так зовут нескольких зарегистрированных игроков. Кого вы имеете в виду?',
    });
    await which.waitFor();
    expect(await which.getByRole('radio').count()).toBe(3);
    expect(await problemOf('f-player-1')).toBe(
      'Выберите ниже, какой это зарегистрированный игрок.',
    );
    // The one player the alias names is linked already; the unknown name stays a name.
    expect(await rows.nth(0).getByLabel('Имя игрока').inputValue()).toBe('Алексей Смирнов');
    expect(await rows.nth(2).locator('.player-linked').count()).toBe(0);
    await page.screenshot({ path: '/tmp/new-players-which-1280.png', fullPage: true });
    await expectAccessible(page);
    await which
      .getByRole('radio', {
        name: 'Анна Кузнецова (Anna Kuznetsova), id kuznetsova-anna-spb; также: Аня из Питера',
      })
      // Choosing answers the question: the choice gives way to the player linked.
      .click();
    expect(await page.locator('.player-candidates').count()).toBe(0);
    expect(await page.locator('[data-field="f-player-1"] .field-problem').count()).toBe(0);
    expect(await page.locator('[data-summary]').count()).toBe(0);
    expect(await rows.nth(1).locator('.player-linked').innerText()).toBe(
      'Зарегистрированный игрок: Анна Кузнецова (Anna Kuznetsova)',
    );
    await page.screenshot({ path: '/tmp/new-players-linked-1280.png', fullPage: true });
    await page.getByRole('button', { name: 'Создать матч' }).click();
    const { seats } = await createdSeats();
    expect(seats.map(({ player, playerId }) => [player, playerId])).toEqual([
      ['Алексей Смирнов', 'smirnov-aleksei'],
      ['Анна Кузнецова', 'kuznetsova-anna-spb'],
      ['Глеб', undefined],
    ]);
    expect(await page.locator('.seat-card [data-step="claimed"]').allInnerTexts()).toEqual([
      'Занято за зарегистрированного игрока Алексей Смирнов (Aleksei Smirnov)',
      'Занято за зарегистрированного игрока Анна Кузнецова (Anna Kuznetsova)',
      'Занято за игрока Глеб',
    ]);
    await page.screenshot({ path: '/tmp/new-players-handout-1280.png', fullPage: true });
  });

  it('reads in both languages at both widths', async () => {
    await openNew('en', 390);
    await chooseRuleset('commanders-path');
    expect(await page.locator('[data-field="f-deck-0"] textarea').count()).toBe(1);
    await page.screenshot({ path: join(ARTIFACTS, 'new-form-en-390.png'), fullPage: true });
    await expectAccessible(page);
    await openNew('ru', 1280);
    await chooseRuleset('rex');
    await page.screenshot({ path: join(ARTIFACTS, 'new-form-ru-1280.png'), fullPage: true });
  });

  it('labels every ruleset’s setup in the page’s words, never by its keys, choices by name', async () => {
    // What each game's setup is called in its Russian text, and the seats offered by name.
    const expected: Record<
      string,
      { labels: string[]; groups?: string[]; seatChoices?: [string, string[]] }
    > = {
      rex: {
        labels: ['Карта', 'Первый игрок', 'Начальный раунд', 'Сектор Флота Дредноутов'],
        seatChoices: ['firstPlayer', ['по умолчанию', 'Сол', 'Хакан', 'Летнев']],
      },
      'sw-strategic': { labels: ['Миссия'] },
      'combat-commander': {
        labels: [
          'По-английски',
          'По-русски',
          'Стороны',
          'Кто ходит первым',
          'У кого Карта Инициативы',
          'Столбцов гексов',
        ],
        // A nested object of plain members stands as its members, under its own name.
        groups: ['Название сценария', 'Карта', 'Время'],
        seatChoices: ['initiative', ['по умолчанию', 'Германия', 'США']],
      },
    };
    for (const width of [390, 1280, 1920]) {
      await openNew('ru', width);
      for (const [id, { labels, groups = [], seatChoices }] of Object.entries(expected)) {
        await chooseRuleset(id);
        if (id === 'combat-commander') {
          // Seats read as the sides the organizer named them.
          await page.fill('#f-side-0', 'Германия');
          await page.fill('#f-side-1', 'США');
        }
        const detail = await api<RulesetDetail>(app, 'GET', `/rulesets/${id}`, organizer);
        const fields = setupFieldsOf(detail);
        const shown = await page.locator('.setup-list [data-field] > label').allInnerTexts();
        expect(shown).toEqual(fields.map((f) => f.labelRu));
        expect(shown).toEqual(expect.arrayContaining(labels));
        expect(await page.locator('.setup-list .setup-group > legend').allInnerTexts()).toEqual(
          groups,
        );
        // No key, and nothing in Latin letters alone, stands as a label on the Russian page.
        const keys = new Set(fields.flatMap((f) => [f.name, ...f.name.split('.')]));
        expect(shown.filter((text) => keys.has(text) || !/[а-яё]/i.test(text))).toEqual([]);
        // The English descriptions are the English page's help.
        expect(await page.locator('.setup-list .field-help').count()).toBe(0);
        if (seatChoices) {
          const [field, names] = seatChoices;
          expect(await page.locator(`#f-setup-${field} option`).allInnerTexts()).toEqual(names);
        }
        await page.screenshot({
          path: join(ARTIFACTS, `new-setup-${id}-ru-${width}.png`),
          fullPage: true,
        });
        // The seats and the setup alone, as an organizer reads them.
        for (const section of ['seats', 'setup'])
          await page
            .locator(`fieldset:has(${section === 'seats' ? '.seat-rows' : '.setup-list'})`)
            .screenshot({ path: join(ARTIFACTS, `new-setup-${id}-ru-${width}-${section}.png`) });
      }
    }
    await expectAccessible(page);

    // The English page: short labels, the descriptions as help; a seat sent by its id.
    await openNew('en', 1280);
    await chooseRuleset('rex');
    const firstPlayer = page.locator('[data-field="f-setup-firstPlayer"]');
    expect(await firstPlayer.locator('label').innerText()).toBe('First player');
    expect(await firstPlayer.locator('.field-help').innerText()).toContain('plays first');
    expect(await page.getAttribute('#f-setup-firstPlayer', 'aria-describedby')).toBe(
      'f-setup-firstPlayer-help',
    );
    expect(await page.locator('#f-setup-firstPlayer option').allInnerTexts()).toEqual([
      'default',
      'Sol Federation',
      'Emirates of Hacan',
      'Barony of Letnev',
    ]);
    await page.selectOption('#f-setup-firstPlayer', 'hacan');
    await page.screenshot({ path: join(ARTIFACTS, 'new-setup-rex-en-1280.png'), fullPage: true });
    expect(await submittedSetup()).toEqual({ firstPlayer: 'hacan' });
  });
});
