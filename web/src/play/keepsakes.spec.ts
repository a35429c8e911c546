import fc from 'fast-check';
import { isStrongSalt, saltedCommitment } from '@domain/events/secret-commitment';
import {
  commitmentOf,
  forgetSeals,
  keepSeal,
  newSalt,
  pendingSeals,
  readSealedReceipt,
  receiptsFile,
  refusesTheChoice,
  restoreSealsFromDevice,
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

/** A Web Storage over a Map, as one tab's sessionStorage or one browser's localStorage. */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  dump(): string {
    return JSON.stringify([...this.items]);
  }
}

describe('sealed choices in the browser’s storage', () => {
  const TOKEN = 'ml_seat_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
  const device = new MemoryStorage();
  const globals = globalThis as unknown as { localStorage: Storage; sessionStorage: Storage };
  /** A new tab of the same browser: its own sessionStorage, opened with the seat's link. */
  const newTab = (token: string | null = TOKEN): MemoryStorage => {
    const tab = new MemoryStorage();
    if (token) tab.setItem('matchlog.token', token);
    globals.sessionStorage = tab;
    return tab;
  };
  const sealOf = async (sealId: string, choice: string, onDevice: boolean) => {
    const salt = newSalt();
    const params = { topic: 'приказы', choice };
    return {
      matchId: 'm1',
      seat: 'red',
      sealId,
      kind: 'declare',
      params,
      salt,
      commitment: await commitmentOf(salt, params),
      ...(onDevice && { onDevice: true }),
    };
  };

  beforeEach(() => {
    device.clear();
    globals.localStorage = device;
  });
  afterAll(() => {
    delete (globalThis as Partial<typeof globals>).localStorage;
    delete (globalThis as Partial<typeof globals>).sessionStorage;
  });

  it('keeps a choice in the tab only unless asked to keep it on the device', async () => {
    newTab();
    const seal = await sealOf('s1', 'на север', false);
    await keepSeal(seal);
    expect(pendingSeals('m1', 'red')).toEqual([seal]);
    expect(device.length).toBe(0);
    newTab();
    expect(await restoreSealsFromDevice('m1', 'red')).toBe(0);
    expect(pendingSeals('m1', 'red')).toEqual([]);
  });

  it('keeps it on the device only encrypted, for a tab with the same token to take back', async () => {
    newTab();
    const kept = await sealOf('s2', 'удар по центру', true);
    await keepSeal(kept);
    await keepSeal(await sealOf('s3', 'только здесь', false));
    expect(device.length).toBe(1);
    for (const secret of [kept.salt, 'удар', 'только', 'приказы', TOKEN, 'salt'])
      expect(device.dump()).not.toContain(secret);

    // Another token (another seat's link, a stranger's) opens nothing.
    newTab('ml_seat_someoneElse0123456789abcdefghijklmnopqrstu');
    expect(await restoreSealsFromDevice('m1', 'red')).toBe(0);
    newTab(null);
    expect(await restoreSealsFromDevice('m1', 'red')).toBe(0);
    // The seat's link: the choice kept on the device, not the tab-only one.
    newTab();
    expect(await restoreSealsFromDevice('m1', 'red')).toBe(1);
    expect(pendingSeals('m1', 'red')).toEqual([kept]);
    // Taken twice, it is still one.
    expect(await restoreSealsFromDevice('m1', 'red')).toBe(0);
    // Revealed, it is forgotten on the device too.
    await forgetSeals('m1', 'red', new Set(['s2']));
    expect(device.length).toBe(0);
  });

  it('leaves the device copy out of a sealed receipt file', async () => {
    const file = sealedReceiptFile(await sealOf('s4', 'x', true));
    expect(JSON.parse(file)).not.toHaveProperty('onDevice');
  });
});
