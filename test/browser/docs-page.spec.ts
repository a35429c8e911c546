import { join } from 'node:path';
import { startTestApp, type TestApp } from '../support/test-app';
import { ARTIFACTS, launchChromium, type Browser } from './support/browser';

/** The Swagger UI at /docs works in Chromium under the content security policy it is served with. */

jest.setTimeout(60_000);

describe('API docs page in Chromium', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('renders every operation with no script error and no policy violation', async () => {
    const page = await browser.context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    try {
      const response = await page.goto(`${app.url}/docs`);
      expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
      await page.waitForSelector('.swagger-ui .info .title');
      expect(await page.textContent('.swagger-ui .info .title')).toContain('matchlog');
      await page.waitForSelector('.opblock-summary');
      expect(await page.locator('.opblock').count()).toBeGreaterThan(20);
      await page.screenshot({ path: join(ARTIFACTS, 'docs-page.png') });
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
