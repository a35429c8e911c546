import { createPublicKey, verify } from 'node:crypto';
import { Ed25519Signer } from './signing-key';

describe('the signing thread', () => {
  it('signs a batch asked for in one turn, for two keys, each signature by its own key', async () => {
    const signers = [Ed25519Signer.generate(), Ed25519Signer.generate()];
    const asked = Array.from({ length: 200 }, (_, i) => ({
      signer: signers[i % 2],
      bytes: Buffer.from(`receipt ${i}`),
    }));
    const signatures = await Promise.all(asked.map(({ signer, bytes }) => signer.sign(bytes)));
    signatures.forEach((signature, i) => {
      const { signer, bytes } = asked[i];
      const [key] = signer.publicKeys();
      expect(signature.keyId).toBe(key.keyId);
      const publicKey = createPublicKey({
        key: Buffer.from(key.publicKey, 'base64'),
        format: 'der',
        type: 'spki',
      });
      const value = Buffer.from(signature.value, 'base64');
      expect(verify(null, bytes, publicKey, value)).toBe(true);
      const other = signers[(i + 1) % 2].publicKeys()[0];
      const otherKey = createPublicKey({
        key: Buffer.from(other.publicKey, 'base64'),
        format: 'der',
        type: 'spki',
      });
      expect(verify(null, bytes, otherKey, value)).toBe(false);
    });
  });

  it('answers later turns too, in the order they were asked', async () => {
    const signer = Ed25519Signer.generate();
    const first = await signer.sign(Buffer.from('one'));
    const second = await signer.sign(Buffer.from('two'));
    expect(first.value).not.toBe(second.value);
    // Ed25519 is deterministic: the same bytes, the same signature.
    expect((await signer.sign(Buffer.from('one'))).value).toBe(first.value);
  });
});
