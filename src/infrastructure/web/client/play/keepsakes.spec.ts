import fc from 'fast-check';
import { isStrongSalt, saltedCommitment } from '../../../../domain/events/secret-commitment';
import {
  commitmentOf,
  newSalt,
  readSealedReceipt,
  receiptsFile,
  refusesTheChoice,
  sealedReceiptFile,
} from './keepsakes';

/** What the page computes in the browser (WebCrypto) must be what the server checks (node:crypto). */
describe('a sealed choice as the page makes it', () => {
  const params = fc.jsonValue().map((v) => ({ choice: v }));

  it('commits exactly as the server opens: hex(sha256(salt + canonical JSON))', async () => {
    await fc.assert(
      fc.asyncProperty(params, async (p) => {
        const salt = newSalt();
        expect(await commitmentOf(salt, p)).toBe(saltedCommitment(salt, p));
      }),
      { numRuns: 200, seed: 23 },
    );
  });

  it('draws a fresh salt the server takes: 256 random bits', () => {
    const salts = new Set(Array.from({ length: 50 }, newSalt));
    expect(salts.size).toBe(50);
    for (const salt of salts) expect([salt.length, isStrongSalt(salt)]).toEqual([64, true]);
  });

  it('reads a sealed receipt back only for its match and seat, and only if it opens its seal', async () => {
    const salt = newSalt();
    const choice = { dial: 4, leader: 'leader:sol:5', slot: 'attack' };
    const seal = {
      matchId: 'm1',
      seat: 'sol',
      sealId: 's1',
      kind: 'battle-plan',
      params: choice,
      salt,
      commitment: saltedCommitment(salt, choice),
    };
    const file = sealedReceiptFile(seal);
    await expect(readSealedReceipt(file, 'm1', 'sol')).resolves.toEqual(seal);
    await expect(readSealedReceipt(file, 'm2', 'sol')).resolves.toBe('other-match');
    await expect(readSealedReceipt(file, 'm1', 'letnev')).resolves.toBe('other-match');
    const edited = file.replace('"dial": 4', '"dial": 6');
    await expect(readSealedReceipt(edited, 'm1', 'sol')).resolves.toBe('mismatch');
    await expect(readSealedReceipt('{"dial": 4}', 'm1', 'sol')).resolves.toBe('unreadable');
    await expect(readSealedReceipt('not json', 'm1', 'sol')).resolves.toBe('unreadable');
  });

  it('writes receipts one JSON document a line, as matchlog verify --receipts reads them', () => {
    const receipt = {
      match: 'm1',
      seq: 3,
      headHash: 'a'.repeat(64),
      recordedAt: '2026-11-25T07:00:00.000Z',
      keyId: '0123456789abcdef',
      signature: 'c2ln',
    };
    const text = receiptsFile([receipt, { ...receipt, seq: 4 }]);
    expect(text.split('\n')).toEqual([
      JSON.stringify(receipt),
      JSON.stringify({ ...receipt, seq: 4 }),
      '',
    ]);
  });
});

describe('refusesTheChoice', () => {
  const refusal = (status: number, code: string, rule?: string) => ({
    status,
    code,
    ...(rule ? { problem: { rule: { code: rule } } } : {}),
  });

  it('is the choice’s own refusal: params its kind does not take, or a rule it breaks', () => {
    expect(refusesTheChoice(refusal(400, 'invalid-params'))).toBe(true);
    expect(refusesTheChoice(refusal(422, 'rule-violation', 'not_your_ship'))).toBe(true);
  });

  it('is not the moment’s: too early, a salt that does not open the seal, a bad body, a conflict', () => {
    expect(refusesTheChoice(refusal(422, 'rule-violation', 'reveal_too_early'))).toBe(false);
    expect(refusesTheChoice(refusal(422, 'rule-violation', 'seal_mismatch'))).toBe(false);
    expect(refusesTheChoice(refusal(400, 'invalid-body'))).toBe(false);
    expect(refusesTheChoice(refusal(409, 'wrong-match-state'))).toBe(false);
    expect(refusesTheChoice(refusal(403, 'forbidden'))).toBe(false);
  });
});
