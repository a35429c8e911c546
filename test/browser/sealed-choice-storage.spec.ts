import type { BrowserContext, Page } from 'playwright-core';
import { saltedCommitment } from '../../src/domain/events/secret-commitment';
import { startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../support/test-app';
import { ensureWebBuilt, launchPeople, type People } from './support/browser';
import { api } from './support/matches';

/**
 * Security review 2026-12-06, F10: the page kept every sealed choice's salt and params in
 * localStorage until its reveal, so the next person at a shared club computer could read a
 * sealed choice before it was revealed. A sealed choice now stays in the tab
 * (sessionStorage) unless the player ticks «Хранить на этом устройстве»; then localStorage
 * holds it only encrypted with a key derived from the seat's token, which a reload or
 * another tab opened with the seat's link can still open to reveal.
 */

jest.setTimeout(180_000);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Created {
  matchId: string;
  seatTokens: { seat: string; token: string }[];
}

const TAB_ONLY = 'флот идёт на север';
const ON_DEVICE = 'удар по центру';

describe('sealed choices kept by the table page', () => {
  let app: TestApp;
  let people: People;
  let organizer: string;
  let matchId: string;
  let token: Record<string, string>;
  let red: BrowserContext;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    ensureWebBuilt();
    [app, people] = await Promise.all([startTestApp(), launchPeople()]);
    organizer = (
      await api<{ token: string }>(app, 'POST', '/organizers', TEST_ADMIN_TOKEN, {
        name: 'Клуб «Звезда»',
      })
    ).token;
  });

  /** A started freeform match of Аня (red) and Борис (blue), and Аня's browser. */
  beforeEach(async () => {
    const created = await api<Created>(app, 'POST', '/matches', organizer, {
      ruleset: 'freeform',
      title: 'Приказы',
      seats: [{ seat: 'red' }, { seat: 'blue' }],
    });
    matchId = created.matchId;
    token = Object.fromEntries(created.seatTokens.map((s) => [s.seat, s.token]));
    for (const [seat, name] of [
      ['red', 'Аня'],
      ['blue', 'Борис'],
    ])
      await api(app, 'POST', `/matches/${matchId}/seats/${seat}/claim`, token[seat], { name });
    await api(app, 'POST', `/matches/${matchId}/start`, organizer);
    red = await people.person();
  });

  afterEach(async () => {
    await red?.close().catch(() => undefined);
  });

  afterAll(async () => {
    await people?.close();
    await app?.close();
  });

  afterEach(() => {
    expect(pageErrors).toEqual([]);
  });

  /** A tab of Аня's browser, opened with her seat's link. */
  async function redTab(): Promise<Page> {
    const page = await red.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.addInitScript(() => {
      try {
        localStorage.setItem('matchlog.lang', 'ru');
      } catch {
        // about:blank has no storage
      }
    });
    await page.goto(`${app.url}/play/${matchId}#token=${token.red}`);
    await page.waitForSelector('.play-page');
    return page;
  }

  async function declare(page: Page, choice: string, keepOnDevice: boolean): Promise<void> {
    await page.click('.kind-button[data-kind="declare"]');
    const form = page.locator('form.decision-form[data-kind="declare"]');
    await form.waitFor();
    const keep = form.locator('label.keep-on-device');
    expect((await keep.innerText()).trim()).toBe('Хранить на этом устройстве');
    expect(await keep.locator('input').isChecked()).toBe(false);
    await form.locator('[data-field="topic"]').fill('приказы');
    await form.locator('[data-field="choice"]').fill(choice);
    if (keepOnDevice) await keep.locator('input').check();
    const before = await page.locator('[data-seal-kind="declare"]').count();
    await form.locator('button[type="submit"]').click();
    await form.waitFor({ state: 'detached' });
    await page.locator('[data-seal-kind="declare"]').nth(before).waitFor();
  }

  const storage = (page: Page, which: 'localStorage' | 'sessionStorage') =>
    page.evaluate((name) => {
      const store = name === 'localStorage' ? localStorage : sessionStorage;
      const all: Record<string, string> = {};
      for (let i = 0; i < store.length; i += 1) {
        const key = store.key(i)!;
        all[key] = store.getItem(key)!;
      }
      return all;
    }, which);

  /** The tab's kept seals: their salts and params, which must never be in localStorage. */
  async function tabSeals(page: Page): Promise<Json[]> {
    const session = await storage(page, 'sessionStorage');
    return JSON.parse(session[`matchlog.seals.${matchId}.red`] ?? '[]') as Json[];
  }

  function expectNothingOf(seals: Json[], local: Record<string, string>): void {
    const everything = JSON.stringify(local);
    expect(seals.length).toBeGreaterThan(0);
    for (const seal of seals) {
      expect(everything).not.toContain(seal.salt);
      expect(everything).not.toContain(seal.params.choice);
      expect(everything).not.toContain(seal.params.topic);
    }
    // Nor the token the device copy's key comes from.
    expect(everything).not.toContain(token.red);
  }

  it('keeps a sealed choice in the tab only, by default', async () => {
    const page = await redTab();
    await declare(page, TAB_ONLY, false);
    const seals = await tabSeals(page);
    expect(seals.map((s) => s.params.choice)).toEqual([TAB_ONLY]);
    const local = await storage(page, 'localStorage');
    expectNothingOf(seals, local);
    expect(Object.keys(local).filter((key) => key.includes('seal'))).toEqual([]);
    // A reload of the same tab still shows it: the tab keeps it.
    await page.reload();
    await page.locator('[data-seal-kind="declare"]').waitFor();
    await page.close();
  });

  it('keeps it on the device when asked, only as ciphertext that another tab with the link opens and reveals', async () => {
    const page = await redTab();
    await declare(page, ON_DEVICE, true);
    const seals = await tabSeals(page);
    const onDevice = seals.find((s) => s.params.choice === ON_DEVICE)!;
    expect(onDevice).toBeDefined();
    const local = await storage(page, 'localStorage');
    expectNothingOf(seals, local);
    const copy = local[`matchlog.device-seals.${matchId}.red`];
    // Base64 of an IV and AES-GCM ciphertext: no JSON, no names, no salt, no parameters.
    expect(copy).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(() => JSON.parse(Buffer.from(copy, 'base64').toString('utf8'))).toThrow();
    expect(Buffer.from(copy, 'base64').toString('latin1')).not.toMatch(/salt|choice|declare/);

    // Another tab of the same browser (its own sessionStorage), opened with the seat's link:
    // the choice kept on the device is there.
    const other = await redTab();
    const shown = other.locator('[data-seal-kind="declare"]');
    await shown.first().waitFor();
    expect(await shown.count()).toBe(1);
    expect(await shown.innerText()).toContain(ON_DEVICE);

    // Борис seals his declaration too (the reveal waits for every seat), then the other tab
    // reveals Аня's choice from the device copy.
    const salt = 'b'.repeat(64);
    await api(app, 'POST', `/matches/${matchId}/decisions/sealed`, token.blue, {
      kind: 'declare',
      commitment: saltedCommitment(salt, { topic: 'приказы', choice: 'оборона' }),
    });
    await shown.locator('[data-action="reveal"]').click();
    await shown.waitFor({ state: 'detached' });
    const log = (
      await api<{ events: Json[] }>(app, 'GET', `/matches/${matchId}/events?line=all`, organizer)
    ).events;
    const revealed = log.filter((e) => e.type === 'SealRevealed');
    expect(revealed.map((e) => e.data.params)).toEqual([{ topic: 'приказы', choice: ON_DEVICE }]);
    expect(revealed[0].data.salt).toBe(onDevice.salt);
    // Revealed, it is gone from the device copy too.
    expect((await storage(other, 'localStorage'))[`matchlog.device-seals.${matchId}.red`]).toBe(
      undefined,
    );
    await other.close();
    await page.close();
  });

  it('gives nothing of a device copy to a tab without the seat’s link', async () => {
    const page = await redTab();
    await declare(page, 'третий приказ', true);
    const stranger = await red.newPage();
    await stranger.goto(`${app.url}/play/${matchId}`);
    await stranger.waitForSelector('.play-page, .error-box');
    await stranger.waitForTimeout(500);
    expect(await stranger.locator('[data-seal-kind="declare"]').count()).toBe(0);
    expect(await tabSeals(stranger)).toEqual([]);
    await stranger.close();
    await page.close();
  });
});
