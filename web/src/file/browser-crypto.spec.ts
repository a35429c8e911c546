import { createHash, createHmac } from 'node:crypto';
import { hexOf, utf8Bytes } from '@domain/shared/bytes';
import type { ExportVerdict } from '@domain/export';
import { freeformRuleset } from '@domain/rulesets/freeform/freeform.ruleset';
import { forgedExport, newSigningKey } from '@test/support/forgery';
import { MatchHarness } from '@test/support/match-harness';
import { hash as browserHash } from './browser-crypto';
import { hmacSha256, sha256 } from './sha256';

/** Bytes of every length around the block edges, from a fixed generator. */
function bytesOf(length: number, salt: number): Uint8Array {
  let x = (length * 2654435761 + salt) >>> 0;
  return Uint8Array.from({ length }, () => {
    x = (x * 1103515245 + 12345) >>> 0;
    return x >>> 24;
  });
}

describe('sha256 and HMAC-SHA256 of the browser', () => {
  it('equal node:crypto for every length across block edges', () => {
    const lengths = [...Array.from({ length: 140 }, (_, i) => i), 447, 1000, 65_537];
    for (const length of lengths) {
      const data = bytesOf(length, 1);
      expect([length, hexOf(sha256(data))]).toEqual([
        length,
        createHash('sha256').update(data).digest('hex'),
      ]);
      const key = bytesOf(length % 100, 2);
      expect([length, hexOf(hmacSha256(key, data))]).toEqual([
        length,
        createHmac('sha256', key).update(data).digest('hex'),
      ]);
    }
    expect(hexOf(sha256(utf8Bytes('Путь Командора')))).toBe(
      createHash('sha256').update('Путь Командора').digest('hex'),
    );
    // The one-shot form the domain's sha256Hex calls.
    expect(browserHash('sha256', 'Путь Командора', 'hex')).toBe(
      createHash('sha256').update('Путь Командора').digest('hex'),
    );
  });
});

/** A finished freeform match with server dice, a shuffle and draws. */
function finishedMatch(): MatchHarness {
  const h = new MatchHarness(freeformRuleset, 'browser-crypto');
  h.started([{ seat: 'red' }, { seat: 'blue' }], {
    options: { diceSource: 'server' },
    setup: {
      zones: [{ id: 'deck', kind: 'deck', visibility: 'nobody' }],
      pieces: ['c1', 'c2', 'c3', 'c4'].map((id) => ({ id, type: id, zone: 'deck' })),
    },
  });
  h.play('red', 'roll', { dice: '2d6', purpose: 'attack' });
  h.play('red', 'shuffle', { deck: 'deck' });
  h.play('blue', 'draw', { deck: 'deck', count: 2 });
  h.play('blue', 'roll', { dice: '1d8', purpose: 'defence' });
  h.play('blue', 'concede');
  return h;
}

/** readMatchFile with node:crypto resolved to the browser's implementation, as vite does. */
async function readInBrowserCrypto(lines: string[]): Promise<ExportVerdict> {
  let read: typeof import('./match-file').readMatchFile | undefined;
  let hashes = 0;
  jest.isolateModules(() => {
    jest.doMock('node:crypto', () => {
      const browser = jest.requireActual('./browser-crypto') as typeof import('./browser-crypto');
      return {
        ...browser,
        createHash: (algorithm: string) => {
          hashes += 1;
          return browser.createHash(algorithm);
        },
        hash: (...args: Parameters<typeof browser.hash>) => {
          hashes += 1;
          return browser.hash(...args);
        },
      };
    });
    read = (jest.requireActual('./match-file') as typeof import('./match-file')).readMatchFile;
  });
  const file = await (read as NonNullable<typeof read>)('match.ndjson', lines.join('\n'));
  // Every event was hashed by the browser's sha256, not node's.
  expect(hashes).toBeGreaterThanOrEqual(file.events.length);
  return file.verdict;
}

describe('the match file checked with the browser’s primitives', () => {
  const h = finishedMatch();
  const key = newSigningKey();

  it('gives the verdict node:crypto gives: the same counts', async () => {
    const lines = forgedExport(h.events, h.state.seats, key);
    const { verifyExport } = jest.requireActual(
      '@domain/export',
    ) as typeof import('@domain/export');
    const inNode = verifyExport(lines);
    expect(inNode.ok).toBe(true);
    expect(await readInBrowserCrypto(lines)).toEqual(inNode);
  });

  it('fails a signature WebCrypto refuses, as node does: the verifier runs again, answered', async () => {
    const lines = forgedExport(h.events, h.state.seats, key);
    const trailer = JSON.parse(lines[lines.length - 1]) as {
      signature: { value: string };
    };
    // Another key's signature of the same head, under this key's name.
    const other = JSON.parse(
      forgedExport(h.events, h.state.seats, newSigningKey()).at(-1) as string,
    ) as typeof trailer;
    trailer.signature.value = other.signature.value;
    lines[lines.length - 1] = JSON.stringify(trailer);
    const verdict = await readInBrowserCrypto(lines);
    expect(verdict).toMatchObject({ ok: false, code: 'bad_signature' });
  });

  it('fails a face changed and re-signed at its seq, as node does', async () => {
    const events = structuredClone(h.events);
    const roll = events.find((e) => e.type === 'DiceRolled') as {
      seq: number;
      data: { faces: number[] };
    };
    roll.data.faces[0] = (roll.data.faces[0] % 6) + 1;
    const lines = forgedExport(events as typeof h.events, h.state.seats, key);
    const { verifyExport } = jest.requireActual(
      '@domain/export',
    ) as typeof import('@domain/export');
    const inNode = verifyExport(lines);
    expect(inNode).toMatchObject({ ok: false, seq: roll.seq });
    expect(await readInBrowserCrypto(lines)).toEqual(inNode);
  });
});
