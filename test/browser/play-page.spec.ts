import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import type { BrowserContext, Locator, Page, Request } from 'playwright-core';
import { saltedCommitment } from '../../src/domain/events/secret-commitment';
import { startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../support/test-app';
import { verifyCli } from '../support/verify-cli';
import {
  ARTIFACTS,
  ensureWebBuilt,
  expectAccessible,
  launchPeople,
  type People,
} from './support/browser';
import { api } from './support/matches';
import { startFromPage } from './support/table-harness';

/**
 * The seat's table page as two players at a club table use it: each in a browser of their
 * own, with the link the organizer handed out. They take their seats, record decisions from
 * forms generated from the rulesets' schemas (pickers that name things, dice faces, server
 * rolls), seal and reveal battle wheels whose commitments the page computes, ask for and
 * grant an undo, confirm and dispute reported dice, and keep the server's receipts, which
 * the offline verifier then checks. What the pages recorded is read back through the API.
 */

jest.setTimeout(300_000);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
/** Raw ids a player must never meet in a picker: "leader:sol:5", "hand:red", "red-cruiser". */
const RAW_ID = /\b[a-z]+[:-][a-z0-9][a-z0-9@:-]*\b/;

interface Created {
  matchId: string;
  seq: number;
  seatTokens: { seat: string; token: string }[];
}

describe('the seat’s table page', () => {
  let app: TestApp;
  let people: People;
  let organizer: string;
  let files: string;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  /** Every decision and dry run the pages sent, to check against the published schemas. */
  const sent: { ruleset: string; body: Json }[] = [];
  let rexMatch: string;

  beforeAll(async () => {
    ensureWebBuilt();
    [app, people] = await Promise.all([startTestApp(), launchPeople()]);
    organizer = (
      await api<{ token: string }>(app, 'POST', '/organizers', TEST_ADMIN_TOKEN, {
        name: 'Клуб «Звезда»',
      })
    ).token;
    files = mkdtempSync(join(tmpdir(), 'matchlog-play-'));
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await people?.close();
    await app?.close();
    if (files) rmSync(files, { recursive: true, force: true });
  });

  afterEach(() => {
    expect(pageErrors).toEqual([]);
  });

  /** A player's own browser, opened at the link handed to the seat (`#token=` in the fragment). */
  async function seatPage(
    matchId: string,
    token: string | undefined,
    ruleset: string,
    lang: 'en' | 'ru' = 'ru',
    { live = true } = {},
  ): Promise<Page> {
    const context = await people.person();
    contexts.push(context);
    await context.addInitScript((l) => {
      try {
        localStorage.setItem('matchlog.lang', l);
      } catch {
        // about:blank has no storage
      }
    }, lang);
    const page = await context.newPage();
    // A page that hears nothing of the match after it loads (its live stream cut).
    if (!live) await page.route('**/stream**', (route) => route.abort());
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('request', (request: Request) => {
      if (request.method() === 'POST' && /\/decisions(\/dry-run)?$/.test(request.url()))
        sent.push({ ruleset, body: request.postDataJSON() as Json });
    });
    await page.goto(`${app.url}/play/${matchId}${token ? `#token=${token}` : ''}`);
    await page.waitForSelector('.play-page');
    return page;
  }

  async function head(matchId: string): Promise<number> {
    return (await api<{ seq: number }>(app, 'GET', `/matches/${matchId}`, organizer)).seq;
  }

  /** The page shows the table at the match's head (it follows the match live). */
  async function synced(page: Page, matchId: string): Promise<number> {
    const seq = await head(matchId);
    await page.waitForSelector(`.board[data-seq="${seq}"]`);
    return seq;
  }

  async function events(matchId: string): Promise<Json[]> {
    return (
      await api<{ events: Json[] }>(app, 'GET', `/matches/${matchId}/events?line=all`, organizer)
    ).events;
  }

  function form(page: Page, kind: string): Locator {
    return page.locator(`form.decision-form[data-kind="${kind}"]`);
  }

  /** Opens a decision's form, lets `fill` fill it, waits for the rules' yes, records it, and waits for the page to show it. */
  async function decide(
    page: Page,
    matchId: string,
    kind: string,
    fill?: (form: Locator) => Promise<void>,
    { sealed = false } = {},
  ): Promise<void> {
    await page.click(`.kind-button[data-kind="${kind}"]`);
    const f = form(page, kind);
    await f.waitFor();
    await fill?.(f);
    if (!sealed) await f.locator('.form-status[data-check="ok"]').waitFor();
    await f.locator('button[type="submit"]').click();
    await f.waitFor({ state: 'detached' });
    await synced(page, matchId);
  }

  /**
   * The options of a picker, as a player reads them, once the rules' choices have arrived
   * from the server (every picker read here offers something after «Выберите…»).
   */
  async function optionTexts(select: Locator): Promise<string[]> {
    await select.locator('option').nth(1).waitFor({ state: 'attached' });
    return (await select.locator('option').allTextContents()).filter((t) => t.trim());
  }

  async function pick(select: Locator, value: string): Promise<string> {
    await select.selectOption(value);
    return (await select.locator(`option[value="${value}"]`).textContent()) ?? '';
  }

  async function shoot(page: Page, name: string, width: number): Promise<void> {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(ARTIFACTS, `play-${name}-${width}.png`), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  async function claimFromPage(page: Page, name: string): Promise<void> {
    await page.fill('#claim-name', name);
    await page.click('.claim-form button[type="submit"]');
    await page.locator('.seat-start', { hasText: name }).waitFor();
  }

  /** Аня (red) and Борис (blue) take their seats of a created freeform match from their own pages, and Аня starts it. */
  async function startedAtTable(created: Created) {
    const { matchId } = created;
    const token = Object.fromEntries(created.seatTokens.map((s) => [s.seat, s.token]));
    const red = await seatPage(matchId, token.red, 'freeform');
    const blue = await seatPage(matchId, token.blue, 'freeform');
    await claimFromPage(red, 'Аня');
    await claimFromPage(blue, 'Борис');
    await startFromPage(red);
    await synced(red, matchId);
    return { matchId, token, red, blue };
  }

  it('records a freeform match from two browsers: pickers by name, server and physical dice, confirmation, undo, a dispute with receipts that the verifier checks', async () => {
    const created = await api<Created>(app, 'POST', '/matches', organizer, {
      ruleset: 'freeform',
      title: 'Тренировка',
      seats: [
        { seat: 'red', side: 'Империя' },
        { seat: 'blue', side: 'Повстанцы' },
      ],
      setup: {
        zones: [
          { id: 'north', kind: 'sector', name: { en: 'North', ru: 'Север' } },
          { id: 'south', kind: 'sector', name: { en: 'South', ru: 'Юг' } },
        ],
        pieces: [
          {
            id: 'red-cruiser',
            type: 'Крейсер',
            owner: 'red',
            zone: 'north',
            attrs: { name: 'Страж' },
          },
          { id: 'blue-fighter', type: 'Истребитель', owner: 'blue', zone: 'south' },
        ],
      },
    });
    const { matchId } = created;
    const token = Object.fromEntries(created.seatTokens.map((s) => [s.seat, s.token]));
    const red = await seatPage(matchId, token.red, 'freeform');
    const blue = await seatPage(matchId, token.blue, 'freeform', 'en');
    // The token is taken out of the address at once: a copied link never carries it.
    expect(red.url()).not.toContain('token=');

    // Both take their seats from their links; then one starts the match.
    await claimFromPage(red, 'Аня');
    await claimFromPage(blue, 'Boris');
    await startFromPage(red);
    await synced(red, matchId);
    await synced(blue, matchId);
    expect(await red.locator('.turn-banner').textContent()).toBeTruthy();

    // A move: the pickers name the pieces and places as the table does, never by id; Аня's
    // move offers her pieces, never Boris's (issue 39).
    await red.click('.kind-button[data-kind="move"]');
    const move = form(red, 'move');
    await move.locator('[data-field="pieces"] label').first().waitFor();
    const pieceLabels = await move.locator('[data-field="pieces"] label').allTextContents();
    expect(pieceLabels.map((t) => t.trim())).toContain('Крейсер «Страж» — Аня, Север');
    expect(pieceLabels.join(' ')).not.toContain('Истребитель');
    const places = await optionTexts(move.locator('select[data-field="to"]'));
    expect(places).toEqual(expect.arrayContaining(['Север', 'Юг']));
    for (const text of [...pieceLabels, ...places]) expect(text).not.toMatch(RAW_ID);
    await move.locator('[data-field="pieces"] input[value="red-cruiser"]').check();
    await pick(move.locator('select[data-field="to"]'), 'south');
    await move.locator('.form-status[data-check="ok"]').waitFor();
    await move.locator('button[type="submit"]').click();
    await move.waitFor({ state: 'detached' });
    const moved = await synced(red, matchId);
    await synced(blue, matchId);
    expect((await events(matchId)).find((e) => e.seq === moved - 1)?.data).toMatchObject({
      kind: 'move',
      params: { pieces: ['red-cruiser'], to: 'south' },
    });

    // Boris passes from the keyboard alone: the kind, then the form's button, with Enter.
    await blue.focus('.kind-button[data-kind="pass"]');
    await blue.keyboard.press('Enter');
    await form(blue, 'pass').locator('.form-status[data-check="ok"]').waitFor();
    expect(await blue.evaluate(() => document.activeElement?.textContent)).toBe('Record');
    await blue.keyboard.press('Enter');
    await form(blue, 'pass').waitFor({ state: 'detached' });
    await synced(blue, matchId);
    // Аня asks to take her move back, and Boris grants it from his page.
    await synced(red, matchId);
    await red.click('.undo-form summary');
    await red.selectOption('#undo-to', String(moved - 2));
    await red.fill('#undo-reason', 'Не тот сектор');
    await red.click('.undo-form button[type="submit"]');
    const request = blue.locator('[data-undo-request]');
    await request.waitFor();
    expect(await request.textContent()).toContain('Не тот сектор');
    await blue.click('[data-action="accept-undo"]');
    await request.waitFor({ state: 'detached' });
    await synced(red, matchId);
    const rewound = (await events(matchId)).find((e) => e.type === 'TimelineRewound');
    expect(rewound?.data).toMatchObject({ toSeq: moved - 2 });
    await red.locator('[data-pieces="red-cruiser"]').waitFor();
    expect(await red.locator('[data-zone="north"] [data-pieces="red-cruiser"]').count()).toBe(1);

    // A server roll is one button; physical dice are entered as their faces.
    await decide(red, matchId, 'roll', async (f) => {
      await f.locator('input[data-field="dice"]').fill('1d6');
    });
    await decide(red, matchId, 'roll', async (f) => {
      await f.locator('input[data-field="dice"]').fill('2d6');
      await f.locator('.dice-source input[type="radio"]').nth(1).check();
      await f.locator('input[data-die="0"]').fill('3');
      await f.locator('input[data-die="1"]').fill('5');
    });
    const rolls = (await events(matchId)).filter((e) => e.type === 'DiceRolled');
    expect(rolls.map((e) => [e.data.source, e.data.spec])).toEqual([
      ['server', '1d6'],
      ['reported', '2d6'],
    ]);
    expect(rolls[1].data.faces).toEqual([3, 5]);
    const reported = rolls[1].seq;

    // Boris sees the reported dice, and disputes them with his receipts attached.
    const roll = blue.locator(`[data-reported-roll="${reported}"]`);
    await roll.waitFor();
    expect(await roll.textContent()).toContain('3, 5');
    await shoot(blue, 'answer-en', 390);
    await roll.locator('[data-action="dispute-roll"]').click();
    await blue.click('.dispute-form summary');
    expect(await blue.inputValue('#dispute-at')).toBe(String(reported));
    await blue.fill('#dispute-claim', 'The dice showed 3 and 4');
    await blue.fill('#dispute-rule', '§2 Dice');
    expect(await blue.isChecked('#dispute-receipts')).toBe(true);
    await blue.click('.dispute-form button[type="submit"]');
    await synced(blue, matchId);
    const dispute = (await events(matchId)).find((e) => e.type === 'DisputeOpened');
    expect(dispute?.data).toMatchObject({
      atSeq: reported,
      claim: 'The dice showed 3 and 4',
      ruleRef: '§2 Dice',
    });
    expect(dispute?.data.receipts.length).toBeGreaterThan(0);
    expect(dispute?.data.receipts.map((r: Json) => r.finding)).toEqual(
      dispute?.data.receipts.map(() => 'in_log'),
    );
    // ... and then confirms them after all: the confirmation is recorded, the request goes.
    await roll.locator('[data-action="confirm-roll"]').click();
    await roll.waitFor({ state: 'detached' });
    expect((await events(matchId)).find((e) => e.type === 'ReportedRollConfirmed')?.data).toEqual({
      rollSeq: reported,
      seat: 'blue',
    });

    await shoot(red, 'freeform-ru', 1280);
    await shoot(red, 'freeform-ru', 390);
    await expectAccessible(red);
    await expectAccessible(blue);

    // Аня concedes; her receipts file proves the export holds every write she was told of.
    // The form says what the concession will record and asks once more (issue 39).
    await red.click('.kind-button[data-kind="concede"]');
    const concede = form(red, 'concede');
    await concede.locator('.form-status[data-check="ok"]').waitFor();
    await concede.getByRole('button', { name: 'Записать' }).click();
    await concede.getByText('Матч закончится: победитель — Boris. Записать?').waitFor();
    await concede.getByRole('button', { name: 'Да, закончить матч' }).click();
    await concede.waitFor({ state: 'detached' });
    await synced(red, matchId);
    await red.locator('.turn-banner[data-turn="ended"]').waitFor();
    const [download] = await Promise.all([
      red.waitForEvent('download'),
      red.click('[data-action="save-receipts"]'),
    ]);
    const receiptsFile = join(files, 'receipts.ndjson');
    await download.saveAs(receiptsFile);
    const receipts = readFileSync(receiptsFile, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    // Her claim, the start, the move, the undo request, two rolls and the concession.
    expect(receipts.length).toBe(7);
    const exportFile = join(files, 'freeform.ndjson');
    const exported = await fetch(`${app.url}/api/v1/matches/${matchId}/export`, {
      headers: { authorization: `Bearer ${organizer}` },
    });
    expect(exported.status).toBe(200);
    writeFileSync(exportFile, await exported.text());
    const verdict = await verifyCli(exportFile, '--receipts', receiptsFile, '--json');
    expect(verdict.code).toBe(0);
    expect(JSON.parse(verdict.stdout)).toMatchObject({
      ok: true,
      counts: { receipts: receipts.length },
    });
  });

  it('fills a decision’s place from the board: a click anywhere on the zone, or its button by keyboard', async () => {
    const created = await api<Created>(app, 'POST', '/matches', organizer, {
      ruleset: 'freeform',
      title: 'Карта',
      seats: [{ seat: 'red' }, { seat: 'blue' }],
      setup: {
        zones: [
          { id: 'north', kind: 'sector', name: { en: 'North', ru: 'Север' } },
          { id: 'south', kind: 'sector', name: { en: 'South', ru: 'Юг' } },
          // Empty: folded away on the board until a field waits for a place.
          { id: 'east', kind: 'sector', name: { en: 'East', ru: 'Восток' } },
        ],
        pieces: [
          { id: 'red-tank', type: 'Танк', owner: 'red', zone: 'north' },
          { id: 'blue-tank', type: 'Танк', owner: 'blue', zone: 'south' },
        ],
      },
    });
    const { matchId, red } = await startedAtTable(created);

    await red.click('.kind-button[data-kind="move"]');
    const move = form(red, 'move');
    await move.locator('[data-field="pieces"] input[value="red-tank"]').check();
    const onBoard = move.locator('.pick-on-board[data-pick-field="to"]');
    const to = move.locator('select[data-field="to"]');
    // Nothing waits: the board offers no zone.
    expect(await red.locator('.board .zone-pick').count()).toBe(0);
    // A click (or tap) anywhere on a zone's card gives it to the waiting field.
    await onBoard.click();
    expect(await onBoard.getAttribute('aria-pressed')).toBe('true');
    expect(
      await red
        .locator('.board .zone-pick')
        .evaluateAll((b) => b.map((e) => e.getAttribute('data-pick'))),
    ).toEqual(expect.arrayContaining(['north', 'south', 'east']));
    expect(
      await red.locator('.board .zone-pick[data-pick="south"]').getAttribute('aria-label'),
    ).toBe('Сюда (Куда: Юг)');
    await expectAccessible(red);
    await red.locator('.board [data-zone="south"] .zone-meta').click();
    expect(await to.inputValue()).toBe('south');
    expect(await onBoard.getAttribute('aria-pressed')).toBe('false');
    expect(await red.locator('.board .zone-pick').count()).toBe(0);
    // By keyboard: the form's button, then Tab to the empty zone's own button, Enter.
    await onBoard.focus();
    await red.keyboard.press('Enter');
    await red.locator('.board .zone-pick[data-pick="east"]').waitFor();
    // The focus moves to the board's first zone to pick; Tab goes on through the others.
    await red.waitForFunction(() => document.activeElement?.classList.contains('zone-pick'));
    let presses = 0;
    while (
      !(await red.evaluate(() => document.activeElement?.getAttribute('data-pick') === 'east'))
    ) {
      if ((presses += 1) > 80) throw new Error('Tab never reached the zone «Восток»');
      await red.keyboard.press('Tab');
    }
    await red.keyboard.press('Enter');
    expect(await to.inputValue()).toBe('east');
    // And back to the form, where the player goes on.
    expect(await red.evaluate(() => document.activeElement?.getAttribute('data-pick-field'))).toBe(
      'to',
    );
    await shoot(red, 'pick-zone', 390);
    await move.locator('.form-status[data-check="ok"]').waitFor();
    await move.locator('button[type="submit"]').click();
    await move.waitFor({ state: 'detached' });
    const moved = await synced(red, matchId);
    expect((await events(matchId)).find((e) => e.seq === moved - 1)?.data).toMatchObject({
      kind: 'move',
      seat: 'red',
      params: { pieces: ['red-tank'], to: 'east' },
    });
    expect(await red.locator('.board [data-zone="east"] .zone-name').textContent()).toBe('Восток');
  });

  it('plays a Rex battle with sealed wheels from two browsers: the page seals, keeps and reveals, a lost tab reveals from its sealed receipt, forms offer only what the rules allow', async () => {
    const created = await api<Created>(app, 'POST', '/matches', organizer, {
      ruleset: 'rex',
      title: 'Рекс, стол 2',
      public: true,
      spectatorDelay: 0,
      seats: [
        { seat: 'letnev', faction: 'letnev' },
        { seat: 'sol', faction: 'sol' },
        { seat: 'hacan', faction: 'hacan' },
      ],
      options: { deckOrder: 'as-listed' },
      setup: {
        fleetSector: 9,
        influenceDeck: [{ kind: 'standard', places: [{ location: 'archive-hall', amount: 4 }] }],
        bombardmentDeck: [2],
        strategyDeck: [
          {
            name: { en: 'Biological Weapon', ru: 'Биологическое Оружие' },
            category: 'attack',
            weapon: 'biological',
            payout: true,
          },
          { name: { en: 'Shield', ru: 'Щит' }, category: 'defense', stops: ['energy'] },
          { name: { en: 'Energy Gun', ru: 'Энерго-ружье' }, category: 'attack', weapon: 'energy' },
          { name: { en: 'Shield', ru: 'Щит' }, category: 'defense', stops: ['energy'] },
        ],
        factions: [
          { faction: 'letnev', placements: [{ location: 'imperial-fleet-base', troops: 4 }] },
          { faction: 'sol', placements: [{ location: 'imperial-fleet-base', troops: 6 }] },
        ],
      },
    });
    const { matchId } = created;
    rexMatch = matchId;
    const token = Object.fromEntries(created.seatTokens.map((s) => [s.seat, s.token]));
    const letnev = await seatPage(matchId, token.letnev, 'rex');
    const sol = await seatPage(matchId, token.sol, 'rex', 'en');
    await claimFromPage(letnev, 'Глеб');
    await claimFromPage(sol, 'Dana');
    await api(app, 'POST', `/matches/${matchId}/seats/hacan/claim`, token.hacan, { name: 'Ира' });
    await startFromPage(letnev);
    await synced(letnev, matchId);
    await decide(letnev, matchId, 'begin');
    await decide(letnev, matchId, 'reveal-influence');
    await synced(sol, matchId);
    expect(await letnev.locator('.turn-banner').getAttribute('data-turn')).toBe('mine');
    expect(await sol.locator('.turn-banner').textContent()).toContain('Глеб');

    // A deployment: the rules offer only what Letnev may do, places as the board names them.
    await letnev.click('.kind-button[data-kind="deploy"]');
    const deploy = form(letnev, 'deploy');
    // The fields read as the ruleset documents them in Russian.
    // (No sector on this board's reading, no Mechanized troops for Letnev: not asked.)
    // The rules' choices arrive from the server: the fields are read once both are there.
    await deploy.locator('[data-field="location"] select').waitFor();
    await deploy.locator('[data-field="troops"] select').waitFor();
    expect(await deploy.locator('.field > label').allTextContents()).toEqual([
      'Куда *',
      'Сколько Войск *',
    ]);
    const locations = await optionTexts(deploy.locator('[data-field="location"] select'));
    expect(locations).toEqual(expect.arrayContaining(['База Императорского Флота — сектор 16']));
    for (const text of locations) expect(text).not.toMatch(RAW_ID);
    expect(locations).not.toEqual(expect.arrayContaining([expect.stringMatching(/Коробка|Банк/)]));
    await pick(deploy.locator('[data-field="location"] select'), 'imperial-fleet-base');
    // Where Sol stands a troop costs 2: only the counts Letnev's Influence pays are offered.
    // (Her Reserve's 10 troops are offered before the place; the list narrows once it is chosen.)
    const troops = deploy.locator('[data-field="troops"] select');
    await troops.locator('option').nth(10).waitFor({ state: 'detached' });
    const counts = (await optionTexts(troops)).slice(1);
    expect(counts.length).toBeGreaterThan(0);
    expect(counts.map(Number)).toEqual(counts.map((_, i) => i + 1));
    expect(await deploy.locator('button[type="submit"]').isDisabled()).toBe(true);
    await letnev.setViewportSize({ width: 390, height: 900 });
    await deploy.screenshot({ path: join(ARTIFACTS, 'play-deploy-choices-ru-390.png') });
    await letnev.setViewportSize({ width: 1280, height: 900 });
    // The place picked on the Rex map itself: a click on the location's box.
    await deploy.locator('.pick-on-board[data-pick-field="location"]').click();
    await letnev.locator('.rex-map .rex-location[data-zone="vel-terro"]').click();
    expect(await deploy.locator('[data-field="location"] select').inputValue()).toBe('vel-terro');
    await deploy.locator('[data-field="troops"] select').selectOption('1');
    await deploy.locator('.form-status[data-check="ok"]').waitFor();
    await deploy.locator('button[type="submit"]').click();
    await deploy.waitFor({ state: 'detached' });
    await decide(letnev, matchId, 'end-turn');
    await synced(sol, matchId);
    await decide(sol, matchId, 'end-turn');
    await api(app, 'POST', `/matches/${matchId}/decisions`, token.hacan, { kind: 'end-turn' });
    await synced(letnev, matchId);

    // The battle: its place and opponent picked by name.
    await decide(letnev, matchId, 'start-battle', async (f) => {
      // The only battle possible is the only place offered.
      expect(await optionTexts(f.locator('[data-field="location"] select'))).toEqual([
        'Выберите…',
        'База Императорского Флота — сектор 16',
      ]);
      await pick(f.locator('[data-field="location"] select'), 'imperial-fleet-base');
      // The opponent is asked once the place is chosen: only those whose troops are there.
      await f
        .locator('[data-field="opponent"] select option')
        .nth(1)
        .waitFor({ state: 'attached' });
      const opponents = await optionTexts(f.locator('[data-field="opponent"] select'));
      expect(opponents.join('|')).toContain('Dana');
      await pick(f.locator('[data-field="opponent"] select'), 'sol');
    });
    await synced(sol, matchId);

    // Each seals its wheel; the page computes the commitment and keeps the choice.
    const wheel = (dial: string, leader: string, slot: string) => async (f: Locator) => {
      await f.locator('[data-field="dial"] select').selectOption(dial);
      const leaders = await optionTexts(f.locator('[data-field="leader"] select'));
      for (const text of leaders) expect(text).not.toMatch(RAW_ID);
      // Fifteen alike troops are one choice, never fifteen lines that read the same.
      expect(new Set(leaders).size).toBe(leaders.length);
      // Only the seat's own leaders, each with its strength.
      expect(leaders.slice(1).every((t) => / — (сила|strength) \d+$/.test(t))).toBe(true);
      await pick(f.locator('[data-field="leader"] select'), leader);
      await f.locator('[data-field="slot"] select').selectOption(slot);
      await f.screenshot({ path: join(ARTIFACTS, `play-wheel-${leader.split(':')[1]}.png`) });
    };
    await decide(letnev, matchId, 'battle-plan', wheel('2', 'leader:letnev:4', 'attack-defense'), {
      sealed: true,
    });
    const letnevSeal = letnev.locator('[data-seal-kind="battle-plan"]');
    await letnevSeal.waitFor();
    // Her wheel sealed, it is Dana the table waits for.
    expect(await letnev.locator('.turn-banner').textContent()).toContain('Dana');
    await letnev
      .locator('.sealed-choices')
      .screenshot({ path: join(ARTIFACTS, 'play-sealed-ru-panel.png') });
    await shoot(letnev, 'sealed-ru', 1280);
    await decide(sol, matchId, 'battle-plan', wheel('4', 'leader:sol:5', 'attack'), {
      sealed: true,
    });
    await synced(letnev, matchId);
    await letnevSeal.locator('[data-action="reveal"]').click();
    await letnevSeal.waitFor({ state: 'detached' });
    await synced(sol, matchId);
    await sol.locator('[data-seal-kind="battle-plan"] [data-action="reveal"]').click();
    await sol.locator('[data-seal-kind="battle-plan"]').waitFor({ state: 'detached' });
    await synced(letnev, matchId);

    // Battle cards: Dana saves her sealed receipt, loses her tab's storage, and reveals from the file.
    await decide(
      letnev,
      matchId,
      'battle-cards',
      async (f) => {
        await pick(f.locator('[data-field="attack"] select'), 'strategy:1');
        await pick(f.locator('[data-field="defense"] select'), 'strategy:2');
      },
      { sealed: true },
    );
    await decide(
      sol,
      matchId,
      'battle-cards',
      async (f) => {
        await pick(f.locator('[data-field="attack"] select'), 'strategy:3');
      },
      { sealed: true },
    );
    const [saved] = await Promise.all([
      sol.waitForEvent('download'),
      sol.click('[data-seal-kind="battle-cards"] [data-action="save-seal"]'),
    ]);
    const sealFile = join(files, 'sol-battle-cards.json');
    await saved.saveAs(sealFile);
    // Her tab's kept seals lost (the seat's link, its token, stays).
    await sol.evaluate(() => {
      for (const key of Object.keys(sessionStorage))
        if (key.startsWith('matchlog.seals.')) sessionStorage.removeItem(key);
      localStorage.clear();
    });
    await sol.reload();
    await synced(sol, matchId);
    expect(await sol.locator('[data-seal-kind="battle-cards"]').count()).toBe(0);
    // The picker is a button in the page's words; the native input (the browser's words) is hidden.
    expect(await sol.locator('label.button[for="seal-import"]').innerText()).toBe(
      'Choose the receipt file',
    );
    expect(await sol.locator('#seal-import').evaluate((input) => input.clientWidth <= 1)).toBe(
      true,
    );
    await sol.setInputFiles('#seal-import', sealFile);
    await sol.locator('[data-seal-kind="battle-cards"] [data-action="reveal"]').click();
    await sol.locator('[data-seal-kind="battle-cards"]').waitFor({ state: 'detached' });
    await letnev.locator('[data-seal-kind="battle-cards"] [data-action="reveal"]').click();
    await letnev.locator('[data-seal-kind="battle-cards"]').waitFor({ state: 'detached' });
    // No Traitor on either side: an empty sealed choice each.
    await synced(letnev, matchId);
    await decide(letnev, matchId, 'call-traitor', undefined, { sealed: true });
    await synced(sol, matchId);
    await decide(sol, matchId, 'call-traitor', undefined, { sealed: true });
    await synced(letnev, matchId);
    await letnev.locator('[data-seal-kind="call-traitor"] [data-action="reveal"]').click();
    await synced(sol, matchId);
    await sol.locator('[data-seal-kind="call-traitor"] [data-action="reveal"]').click();
    await synced(letnev, matchId);

    // The log: every seal opened by what the page sealed, and the battle resolved from the wheels.
    const log = await events(matchId);
    const seals = new Map(
      log.filter((e) => e.type === 'DecisionSealed').map((e) => [e.data.sealId, e.data]),
    );
    const reveals = log.filter((e) => e.type === 'SealRevealed');
    expect(reveals.length).toBe(6);
    for (const reveal of reveals) {
      const seal = seals.get(reveal.data.sealId);
      expect(reveal.data.salt).toMatch(/^[0-9a-f]{64}$/);
      expect(saltedCommitment(reveal.data.salt, reveal.data.params)).toBe(seal.commitment);
    }
    expect(log.find((e) => e.type === 'BattleWheelsRevealed')).toBeDefined();
    expect(log.find((e) => e.type === 'BattleResolved')?.data).toBeDefined();
    const plans = reveals
      .filter((e) => seals.get(e.data.sealId).kind === 'battle-plan')
      .map((e) => [e.data.seat, e.data.params]);
    expect(plans).toEqual([
      ['letnev', { dial: 2, leader: 'leader:letnev:4', slot: 'attack-defense' }],
      ['sol', { dial: 4, leader: 'leader:sol:5', slot: 'attack' }],
    ]);
    await shoot(sol, 'rex-en', 1280);
    await shoot(sol, 'rex-en', 390);
    await expectAccessible(letnev);
  });

  it('a sealed choice the rules refuse: the page says it cannot be changed and records it void on request', async () => {
    const created = await api<Created>(app, 'POST', '/matches', organizer, {
      ruleset: 'freeform',
      title: 'Приказы вслепую',
      seats: [
        { seat: 'red', side: 'Империя' },
        { seat: 'blue', side: 'Повстанцы' },
      ],
      setup: { zones: [{ id: 'north', kind: 'sector', name: { en: 'North', ru: 'Север' } }] },
    });
    const { matchId, token, red } = await startedAtTable(created);
    // A choice sealed elsewhere (another client), which freeform's declare does not take.
    const refused = { topic: 'приказ', choice: 'атака', fleet: 'вся' };
    const salt = 'ab'.repeat(32);
    const sealOf = async (seat: string, params: object, seatSalt: string) =>
      (
        await api<{ sealId: string }>(
          app,
          'POST',
          `/matches/${matchId}/decisions/sealed`,
          token[seat],
          { kind: 'declare', commitment: saltedCommitment(seatSalt, params) },
        )
      ).sealId;
    const sealId = await sealOf('red', refused, salt);
    await sealOf('blue', { topic: 'приказ', choice: 'оборона' }, 'cd'.repeat(32));
    const receipt = join(files, 'red-refused-seal.json');
    writeFileSync(
      receipt,
      JSON.stringify({
        format: 'matchlog-sealed-choice/1',
        matchId,
        seat: 'red',
        sealId,
        kind: 'declare',
        params: refused,
        salt,
        commitment: saltedCommitment(salt, refused),
      }),
    );
    await synced(red, matchId);
    expect(await red.locator('label.button[for="seal-import"]').innerText()).toBe(
      'Выбрать файл квитанции',
    );
    await red.setInputFiles('#seal-import', receipt);
    const sealed = red.locator(`[data-seal="${sealId}"]`);
    await sealed.locator('[data-action="reveal"]').click();
    const note = sealed.locator('.choice-refused');
    await note.waitFor();
    expect(await note.textContent()).toContain(
      'Правила не допускают этот выбор, а изменить запечатанный выбор нельзя',
    );
    // The refusal stands beside the sealed choice whose reveal caused it.
    expect(await red.locator('.sealed-choices .refusal').first().textContent()).toContain('fleet');
    await red
      .locator('.sealed-choices')
      .screenshot({ path: join(ARTIFACTS, 'play-sealed-refused-ru.png') });
    const before = await head(matchId);
    await sealed.locator('[data-action="void-seal"]').click();
    await sealed.waitFor({ state: 'detached' });
    const log = await events(matchId);
    expect(log.filter((e) => e.seq > before).map((e) => e.type)).toEqual(['SealRevealed']);
    expect(log.at(-1)?.data).toMatchObject({
      sealId,
      params: refused,
      void: { kind: 'invalid_params' },
    });
  });

  it('opens a read-only view with a clear message for a token of another match, or none', async () => {
    expect(rexMatch).toBeDefined();
    const created = await api<Created>(app, 'POST', '/matches', organizer, {
      ruleset: 'freeform',
      seats: [{ seat: 'red' }, { seat: 'blue' }],
    });
    const stranger = await seatPage(rexMatch, created.seatTokens[0].token, 'rex');
    await stranger.waitForSelector('[data-notice="read-only"]');
    expect(await stranger.locator('[data-notice="read-only"]').textContent()).toContain(
      'токен вашей ссылки — от другого матча',
    );
    await stranger.waitForSelector('.board');
    expect(await stranger.locator('.decisions, .seat-start, .undo-form').count()).toBe(0);
    const nobody = await seatPage(rexMatch, undefined, 'rex', 'en');
    await nobody.waitForSelector('[data-notice="read-only"]');
    expect(await nobody.locator('[data-notice="read-only"]').textContent()).toContain(
      'your link gives none of this match',
    );
    await shoot(nobody, 'read-only-en', 390);
    await expectAccessible(nobody);
    // A private match shows a stranger nothing, and says why.
    const outsider = await people.person();
    contexts.push(outsider);
    const page = await outsider.newPage();
    await page.goto(`${app.url}/play/${created.matchId}`);
    await page.waitForSelector('[data-notice="private"]');
    expect(await page.locator('[data-notice="private"]').textContent()).toContain(
      'only its seats, its judges and its organizer',
    );
  });

  it('asks for a track’s name as fields of its own, never as JSON, and records it as one name', async () => {
    const created = await api<Created>(app, 'POST', '/matches', organizer, {
      ruleset: 'freeform',
      title: 'Шкалы',
      seats: [{ seat: 'red' }, { seat: 'blue' }],
      setup: { zones: [{ id: 'north', kind: 'sector', name: { en: 'North', ru: 'Север' } }] },
    });
    const { matchId, token, red } = await startedAtTable(created);
    // A track to change (the picker offers the tracks on the table).
    await api(app, 'POST', `/matches/${matchId}/decisions`, token.red, {
      kind: 'change-track',
      params: { track: 'vp', owner: 'red', value: 1 },
    });
    await synced(red, matchId);

    await red.click('.kind-button[data-kind="change-track"]');
    const f = form(red, 'change-track');
    await f.waitFor();
    // The name is one field, labelled as the ruleset documents it, in the page's language; the
    // other language is optional (the same text when left empty).
    const name = f.locator('.localized-text[data-field="name"]');
    const labels = await name.locator('label').allTextContents();
    expect(labels.map((t) => t.trim())).toEqual(['Название', 'По-английски (необязательно)']);
    expect(await f.locator('textarea').count()).toBe(0);
    for (const width of [390, 1280, 1920]) await shoot(red, 'nested-name-ru', width);

    await f.locator('select[data-field="track"]').selectOption('vp');
    await f.locator('input[data-field="delta"]').fill('2');
    await name.locator('input[data-field="name.en"]').fill('Glory');
    await name.locator('input[data-field="name.ru"]').fill('Слава');
    await f.locator('.form-status[data-check="ok"]').waitFor();
    await f.locator('button[type="submit"]').click();
    await f.waitFor({ state: 'detached' });
    await synced(red, matchId);
    const recorded = await events(matchId);
    expect(recorded.filter((e) => e.data?.kind === 'change-track').at(-1)?.data).toMatchObject({
      params: { track: 'vp', delta: 2, name: { en: 'Glory', ru: 'Слава' } },
    });
    expect(recorded.filter((e) => e.type === 'TrackChanged').at(-1)?.data).toMatchObject({
      track: 'vp',
      name: { en: 'Glory', ru: 'Слава' },
    });
    // The page's log names the track by its new name.
    await red.locator('.log', { hasText: 'Слава' }).waitFor();
  });

  it('reloads a stale page instead of recording against an old table, and says so', async () => {
    const created = await api<Created>(app, 'POST', '/matches', organizer, {
      ruleset: 'freeform',
      seats: [{ seat: 'red' }, { seat: 'blue' }],
      setup: {
        zones: [
          { id: 'north', kind: 'sector', name: { en: 'North', ru: 'Север' } },
          { id: 'south', kind: 'sector', name: { en: 'South', ru: 'Юг' } },
        ],
        pieces: [{ id: 'p1', type: 'Крейсер', owner: 'red', zone: 'north' }],
      },
    });
    const { matchId } = created;
    const token = Object.fromEntries(created.seatTokens.map((s) => [s.seat, s.token]));
    for (const seat of ['red', 'blue'])
      await api(app, 'POST', `/matches/${matchId}/seats/${seat}/claim`, token[seat], {
        name: seat,
      });
    await api(app, 'POST', `/matches/${matchId}/start`, organizer);
    // Red's page hears nothing after it loads, while blue records a move.
    const red = await seatPage(matchId, token.red, 'freeform', 'ru', { live: false });
    const seen = await synced(red, matchId);
    await red.click('.kind-button[data-kind="move"]');
    const move = form(red, 'move');
    await move.locator('[data-field="pieces"] input[value="p1"]').check();
    await pick(move.locator('select[data-field="to"]'), 'south');
    await move.locator('.form-status[data-check="ok"]').waitFor();
    await api(app, 'POST', `/matches/${matchId}/decisions`, token.blue, {
      kind: 'move',
      params: { pieces: ['p1'], to: 'north' },
    });
    const moved = await head(matchId);
    expect(moved).toBeGreaterThan(seen);
    await move.locator('button[type="submit"]').click();
    const notice = red.locator('[data-notice="staleReloaded"]');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(`сейчас событие ${moved}`);
    await red.waitForSelector(`.board[data-seq="${moved}"]`);
    // Nothing was recorded against the old table.
    expect(await head(matchId)).toBe(moved);
  });

  it('never sends what a schema forbids: every decision and dry run the pages sent validates', async () => {
    expect(sent.length).toBeGreaterThan(5);
    const validators = new Map<string, ValidateFunction>();
    const ajv = new Ajv({ strict: false, allErrors: true });
    for (const { ruleset, body } of sent) {
      let validate = validators.get(`${ruleset} ${body.kind}`);
      if (!validate) {
        const detail = await api<Json>(app, 'GET', `/rulesets/${ruleset}`);
        const kind = detail.decisions.find((d: Json) => d.kind === body.kind);
        validate = ajv.compile({ ...kind.params, schemas: detail.schemas });
        validators.set(`${ruleset} ${body.kind}`, validate);
      }
      expect([body.kind, validate(body.params ?? {}), validate.errors]).toEqual([
        body.kind,
        true,
        null,
      ]);
      expect(typeof body.expectedSeq).toBe('number');
    }
  });
});
