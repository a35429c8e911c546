import { Ed25519Signer } from '../../src/infrastructure/persistence/signing-key';
import type { SigningKeyRecords } from '../../src/infrastructure/persistence/signing-key-records';

export interface SigningKeyRecordsUnderTest {
  records: SigningKeyRecords;
  /** The same store opened again (another replica, or the service after a restart). */
  reopened(): Promise<SigningKeyRecords>;
  cleanup(): Promise<void>;
}

/**
 * Where a store keeps the public part of every key it was signed with (GET /api/v1/keys):
 * the same behaviour on SQLite and on EventStoreDB. A real server may hold other tests' keys,
 * so each test looks only for its own.
 */
export function describeSigningKeyRecordsContract(
  name: string,
  factory: () => Promise<SigningKeyRecordsUnderTest>,
): void {
  describe(`signing key records: ${name}`, () => {
    let subject: SigningKeyRecordsUnderTest;
    beforeEach(async () => (subject = await factory()));
    afterEach(() => subject.cleanup());

    const publicKeyOf = () => Ed25519Signer.generate().publicKeys()[0];

    it('keeps every key recorded, oldest first, with the time of its first record', async () => {
      const [first, second] = [publicKeyOf(), publicKeyOf()];
      await subject.records.record(first, '2026-11-01T10:00:00.000Z');
      await subject.records.record(second, '2026-11-20T10:00:00.000Z');
      // Recorded again at every start: the first time stays.
      await subject.records.record(first, '2026-12-01T10:00:00.000Z');
      const mine = (await (await subject.reopened()).all()).filter((key) =>
        [first.keyId, second.keyId].includes(key.keyId),
      );
      expect(mine).toEqual([
        { ...first, since: '2026-11-01T10:00:00.000Z' },
        { ...second, since: '2026-11-20T10:00:00.000Z' },
      ]);
    });

    it('lists a key another process recorded', async () => {
      const key = publicKeyOf();
      const other = await subject.reopened();
      await other.record(key, '2026-11-05T00:00:00.000Z');
      expect(await subject.records.all()).toContainEqual({
        ...key,
        since: '2026-11-05T00:00:00.000Z',
      });
    });
  });
}
