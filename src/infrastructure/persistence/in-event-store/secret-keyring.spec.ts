import { randomBytes } from 'node:crypto';
import { SecretKeyring, secretKeyId } from './secret-keyring';

describe('the secret keyring (seeds kept in EventStoreDB)', () => {
  const seed = randomBytes(32);
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);

  it('seals with the current key and opens what it sealed; the record names its key, never the seed', () => {
    const keyring = new SecretKeyring(newKey);
    const sealed = keyring.seal(seed, 'seed-m1');
    expect(sealed).toMatchObject({ alg: 'A256GCM', keyId: secretKeyId(newKey) });
    expect(JSON.stringify(sealed)).not.toContain(seed.toString('base64'));
    expect(Buffer.from(keyring.open(sealed, 'seed-m1'))).toEqual(seed);
  });

  it('opens, after a rotation, what the previous key sealed', () => {
    const sealedBefore = new SecretKeyring(oldKey).seal(seed, 'seed-m1');
    const rotated = new SecretKeyring(newKey, [oldKey]);
    expect(Buffer.from(rotated.open(sealedBefore, 'seed-m1'))).toEqual(seed);
    expect(rotated.seal(seed, 'seed-m1').keyId).toBe(secretKeyId(newKey));
    expect(() => new SecretKeyring(newKey).open(sealedBefore, 'seed-m1')).toThrow(
      `sealed with key ${secretKeyId(oldKey)}, which is not configured`,
    );
  });

  it('refuses a record altered, or moved to another match', () => {
    const keyring = new SecretKeyring(newKey);
    const sealed = keyring.seal(seed, 'seed-m1');
    expect(() => keyring.open(sealed, 'seed-m2')).toThrow();
    const flipped = Buffer.from(sealed.ciphertext, 'base64');
    flipped[0] ^= 1;
    expect(() =>
      keyring.open({ ...sealed, ciphertext: flipped.toString('base64') }, 'seed-m1'),
    ).toThrow();
  });

  it('takes only 32-byte keys', () => {
    expect(() => new SecretKeyring(randomBytes(16))).toThrow('32 bytes');
  });
});
