import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ruCount } from '../../src/domain/shared/localized-text';
import { startTestApp, type TestApp } from '../support/test-app';
import {
  ARTIFACTS,
  ensureWebBuilt,
  expectAccessible,
  launchChromium,
  type Browser,
} from './support/browser';
import { api, logProofOf, recordFreeformMatch } from './support/matches';

/**
 * Issue 43 item 5: a finished match's place in the public transparency log, on the viewer
 * («в открытом журнале под номером N, контрольная точка от …»), and the match-file page
 * checking the export's inclusion proof: it says so, and a tampered proof fails in Russian.
 */

jest.setTimeout(240_000);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('the log position of a finished match', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let dir: string;
  let pageErrors: string[] = [];
  let matchId: string;
  let proof: Json;
  let exported: string;

  beforeAll(async () => {
    ensureWebBuilt();
    [app, browser] = await Promise.all([startTestApp(), launchChromium()]);
    dir = mkdtempSync(join(tmpdir(), 'matchlog-log-position-'));
    const match = await recordFreeformMatch(app, 'Журнал, стол 2');
    await api(app, 'POST', `/matches/${match.matchId}/decisions`, match.seats.blue, {
      kind: 'concede',
    });
    matchId = match.matchId;
    // What a seat's page shows, and what the export carries.
    proof = await logProofOf(app, matchId);
    const response = await fetch(`${app.url}/api/v1/matches/${matchId}/export`);
    expect(response.status).toBe(200);
    exported = await response.text();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
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

  it.each([1280, 390])('the viewer shows the log position at %i px', async (width) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${app.url}/replay/${matchId}?lang=ru`);
    const position = page.locator('[data-log-position]');
    await position.waitFor();
    expect(await position.getAttribute('data-log-position')).toBe(String(proof.index));
    expect(await position.innerText()).toMatch(
      new RegExp(`^В открытом журнале под номером ${proof.index}, контрольная точка от \\d`),
    );
    await page.screenshot({ path: join(ARTIFACTS, `log-position-viewer-ru-${width}.png`) });
    await expectAccessible(page);
    await page.goto(`${app.url}/replay/${matchId}?lang=en`);
    await position.waitFor();
    expect(await position.innerText()).toMatch(
      new RegExp(`^In the public log at position ${proof.index}, checkpoint of \\d`),
    );
  });

  async function openFile(text: string, name: string, width: number): Promise<Json> {
    const file = join(dir, `${name}.ndjson`);
    writeFileSync(file, text);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${app.url}/replay/file?lang=ru`);
    await page.waitForSelector('#match-file-input', { state: 'attached' });
    await page.setInputFiles('#match-file-input', file);
    const section = page.locator('.file-verdict');
    await section.waitFor({ timeout: 60_000 });
    return {
      verdict: await section.getAttribute('data-verdict'),
      code: await section.getAttribute('data-code'),
      text: await section.innerText(),
    };
  }

  it.each([1280, 390])(
    'the match-file page checks the inclusion proof and says so at %i px',
    async (width) => {
      const shown = await openFile(exported, `proven-${width}`, width);
      expect(shown.verdict).toBe('ok');
      const log = page.locator('[data-count="log"]');
      expect(await log.getAttribute('data-log-index')).toBe(String(proof.index));
      expect(await log.innerText()).toMatch(
        new RegExp(
          `^журнал: в открытом журнале под номером ${proof.index}, контрольная точка от \\d{1,2}\\s[а-я]+\\.?\\s\\d{4}\\sг\\.,\\s\\d{2}:\\d{2}; доказательство включения ведёт к этой контрольной точке, подписанной сервером$`,
        ),
      );
      await page.screenshot({ path: join(ARTIFACTS, `log-proof-file-ru-${width}.png`) });
      await expectAccessible(page);
    },
  );

  it('reports a tampered inclusion proof in Russian', async () => {
    const lines = exported.trim().split('\n');
    const trailer = JSON.parse(lines[lines.length - 1]) as Json;
    expect(trailer.kind).toBe('trailer');
    expect(trailer.log.index).toBe(proof.index);
    // One more hash on the path: it no longer leads from the leaf to the checkpoint's root.
    trailer.log.inclusionProof = [
      ...trailer.log.inclusionProof,
      Buffer.alloc(32, 7).toString('base64'),
    ];
    lines[lines.length - 1] = JSON.stringify(trailer);
    const shown = await openFile(`${lines.join('\n')}\n`, 'tampered-proof', 1280);
    expect(shown.verdict).toBe('fail');
    expect(shown.code).toBe('log_proof');
    expect(await page.locator('[data-problem-kind]').innerText()).toBe(
      'Доказательство из открытого журнала не сходится',
    );
    expect(await page.locator('[data-problem]').innerText()).toBe(
      `доказательство включения не ведёт от листа ${proof.index} к корню контрольной точки (${ruCount(proof.treeSize, 'лист', 'листа', 'листов')})`,
    );
    // No English word in what the page says was wrong (the file's name aside).
    expect(await page.locator('[data-problem]').innerText()).not.toMatch(/[a-z]{3,}/i);
    await page.screenshot({ path: join(ARTIFACTS, 'log-proof-tampered-ru-1280.png') });
    await expectAccessible(page);
  });
});
