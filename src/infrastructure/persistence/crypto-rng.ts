import { randomBytes, randomUUID } from 'node:crypto';
import type { Rng } from '../../application/ports/rng.port';

/** The operating system's CSPRNG: dice seeds and bearer tokens must be unguessable. */
export class CryptoRng implements Rng {
  bytes(count: number): Uint8Array {
    return randomBytes(count);
  }

  uuid(): string {
    return randomUUID();
  }
}
