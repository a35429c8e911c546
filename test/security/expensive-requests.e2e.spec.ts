import { connect } from 'node:net';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Finding 5: requests without a token cost the server CPU before anyone checked who sent
 * them (a 1 MB body of 60,000 unknown keys took 2-3.5 s to validate; ten in flight delayed
 * /health by 18 s), whole-log audits were recomputed per call, and event pages were bounded
 * by count only.
 */
describe('security: expensive requests', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  /** Sends only the head of a request announcing a large body; resolves with what comes back first (or '' after `ms`). */
  async function headOnly(head: string, ms: number): Promise<string> {
    const socket = connect({ host: '127.0.0.1', port: Number(new URL(app.url).port) });
    try {
      return await new Promise<string>((resolve) => {
        const timer = setTimeout(() => resolve(''), ms);
        socket.once('data', (chunk) => {
          clearTimeout(timer);
          resolve(chunk.toString('utf8'));
        });
        socket.write(head);
      });
    } finally {
      socket.destroy();
    }
  }

  it.each([
    ['without a token', ''],
    ['with an unknown token', 'Authorization: Bearer ml_org_not-a-real-token\r\n'],
  ])('refuses a write %s before its body is read', async (_, authorization) => {
    const answer = await headOnly(
      'POST /api/v1/matches HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `${authorization}Content-Length: 1000000\r\n\r\n`,
      1500,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer).toContain('application/problem+json');
  });
});
