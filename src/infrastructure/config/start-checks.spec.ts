import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ed25519Signer } from '../persistence/signing-key';
import { checkListenAddress, checkSigningKey, listenRefusal, StartRefusal } from './start-checks';

describe('start checks', () => {
  const dir = mkdtempSync(join(tmpdir(), 'matchlog-start-checks-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('passes a data directory without a key, and a readable Ed25519 key', () => {
    expect(() => checkSigningKey({ dataDir: join(dir, 'fresh') })).not.toThrow();
    const key = join(dir, 'good.pem');
    writeFileSync(key, Ed25519Signer.generate().toPem());
    expect(() => checkSigningKey({ dataDir: dir, signingKeyFile: key })).not.toThrow();
  });

  it('refuses a configured key file that is missing or holds no key, in one line', () => {
    const missing = join(dir, 'missing.pem');
    expect(() => checkSigningKey({ dataDir: dir, signingKeyFile: missing })).toThrow(
      new StartRefusal(`MATCHLOG_SIGNING_KEY_FILE ${missing} does not exist`),
    );
    const text = join(dir, 'text.pem');
    writeFileSync(text, 'hello');
    expect(() => checkSigningKey({ dataDir: dir, signingKeyFile: text })).toThrow(
      /^matchlog: not starting: MATCHLOG_SIGNING_KEY_FILE \S+text\.pem holds no readable private key: [^\n]+$/,
    );
  });

  it('refuses a port in use, and leaves a free one free', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await expect(checkListenAddress('127.0.0.1', port)).rejects.toThrow(
      `matchlog: not starting: port ${port} on 127.0.0.1 is in use`,
    );
    await new Promise((resolve) => server.close(resolve));
    await checkListenAddress('127.0.0.1', port);
    // Let go of it again: the real listen takes it next.
    await checkListenAddress('127.0.0.1', port);
  });

  it('passes on a listen error it has no advice for unchanged', () => {
    const odd = Object.assign(new Error('odd'), { code: 'EODD' });
    expect(listenRefusal(odd, 'h', 1)).toBe(odd);
  });
});
