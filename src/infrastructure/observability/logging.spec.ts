import { Writable } from 'node:stream';
import { createLogger, requestIdFor } from './logging';

function capture(): Writable & { text: string } {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      stream.text += chunk.toString();
      done();
    },
  }) as Writable & { text: string };
  stream.text = '';
  return stream;
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('the service logger', () => {
  it('writes JSON lines, and never a token even when a caller logs one', async () => {
    const out = capture();
    const logger = createLogger({ level: 'info', format: 'json' }, out);
    logger.info({ token: 'ml_secret', headers: { authorization: 'Bearer ml_secret' } }, 'hello');
    await settled();
    const line = JSON.parse(out.text) as Record<string, unknown>;
    expect(line).toMatchObject({ msg: 'hello', level: 30, service: 'matchlog' });
    expect(out.text).not.toContain('ml_secret');
  });

  it('writes readable lines when asked for (a terminal gets them by default)', async () => {
    const out = capture();
    const logger = createLogger({ level: 'info', format: 'pretty' }, out);
    logger.info({ method: 'GET', status: 200 }, 'request');
    await settled();
    expect(out.text).toMatch(/INFO.*request/);
    expect(out.text.trimStart().startsWith('{')).toBe(false);
  });

  it('writes nothing below its level', async () => {
    const out = capture();
    createLogger({ level: 'silent', format: 'json' }, out).error('lost');
    await settled();
    expect(out.text).toBe('');
  });
});

describe('request ids', () => {
  it('keeps a caller’s id that is safe to log and echo', () => {
    expect(requestIdFor('club-7.table:3_x')).toBe('club-7.table:3_x');
    expect(requestIdFor('a'.repeat(128))).toBe('a'.repeat(128));
  });

  it('replaces anything else with a fresh UUID', () => {
    const uuid = /^[0-9a-f-]{36}$/;
    for (const hostile of [undefined, '', 'a'.repeat(129), 'a b', 'x\u0000', 'ид', ['a', 'b']])
      expect(requestIdFor(hostile as string | undefined)).toMatch(uuid);
    expect(requestIdFor(undefined)).not.toBe(requestIdFor(undefined));
  });
});
