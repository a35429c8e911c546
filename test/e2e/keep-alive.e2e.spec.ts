import { Agent, get, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { startTestApp, type TestApp } from '../support/test-app';

/** A GET through `agent`: its status, Keep-Alive header, and whether it went on a reused socket. */
function getThrough(agent: Agent, url: string) {
  return new Promise<{ status?: number; keepAlive: string; reusedSocket: boolean }>(
    (resolve, reject) => {
      const request = get(url, { agent }, (response: IncomingMessage) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode,
            keepAlive: String(response.headers['keep-alive']),
            reusedSocket: request.reusedSocket,
          }),
        );
      });
      request.on('error', reject);
    },
  );
}

/**
 * Node 24 in CI, and any client or proxy that keeps connections alive: the server closed a
 * connection idle for 5 s, so a client whose event loop had stalled (a loaded machine, a large
 * schema compiled) or a proxy keeping its connections 60 s sent its next request on a socket
 * being closed under it: `fetch failed: read ECONNRESET`, or a proxy's 502. The server now keeps
 * an idle connection longer than they do (65 s, and says so in `Keep-Alive`), and its close
 * does not wait those 65 s for a connection whose last response ended after the close began.
 */
describe('kept-alive connections', () => {
  let app: TestApp | undefined;
  afterAll(() => app?.close());

  it('keeps an idle connection 65 s, says so, and answers the next request on it after a pause', async () => {
    app = await startTestApp();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await getThrough(agent, `${app.url}/health/live`);
      expect(first).toEqual({ status: 200, keepAlive: 'timeout=65', reusedSocket: false });
      // Longer than the 5 s the server used to keep it.
      await new Promise((resolve) => setTimeout(resolve, 6000));
      const second = await getThrough(agent, `${app.url}/health/live`);
      expect(second).toEqual({ status: 200, keepAlive: 'timeout=65', reusedSocket: true });
    } finally {
      agent.destroy();
    }
  }, 30_000);

  it('closes promptly with a live stream open and a kept-alive connection idle: each is closed once its last response is out', async () => {
    const closing = await startTestApp();
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    try {
      expect((await getThrough(agent, `${closing.url}/health/live`)).status).toBe(200);
      const stream = await fetch(`${closing.url}/api/v1/feed`, {
        headers: { accept: 'text/event-stream' },
      });
      expect(stream.status).toBe(200);
      const streamText = stream.text();
      const started = performance.now();
      await closing.close();
      const closedInMs = performance.now() - started;
      expect(await streamText).toMatch(/event: shutdown\n/);
      // Before the sweep, 65 s: the stream's connection, idle once its end was sent.
      expect(closedInMs).toBeLessThan(5000);
    } finally {
      agent.destroy();
    }
  }, 90_000);

  it('closes promptly with a connection open on which no request came (a preconnected socket)', async () => {
    const closing = await startTestApp();
    const { port } = new URL(closing.url);
    // A browser's speculative connection, or a pooled one whose request was cancelled first.
    const quiet = connect(Number(port), '127.0.0.1');
    const closedByServer = new Promise<void>((resolve) => quiet.once('close', () => resolve()));
    quiet.on('error', () => undefined);
    try {
      await new Promise<void>((resolve) => quiet.once('connect', () => resolve()));
      // Asked once, so the server has taken the connection before it closes.
      expect((await fetch(`${closing.url}/health/live`)).status).toBe(200);
      const started = performance.now();
      await closing.close();
      const closedInMs = performance.now() - started;
      await closedByServer;
      // Before: Node counts a connection busy until its first request has come, so the close
      // waited for the client (30 s in a test, the process's 10 s bound in production).
      expect(closedInMs).toBeLessThan(5000);
    } finally {
      quiet.destroy();
    }
  }, 60_000);
});
