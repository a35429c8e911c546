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

  timeOrderedUuid(): string {
    // A v4 UUID's random bits and variant after its version digit (index 14), behind 48 bits of
    // the Unix time in ms and the version 7.
    const random = randomUUID();
    const ms = Date.now().toString(16).padStart(12, '0');
    return `${ms.slice(0, 8)}-${ms.slice(8)}-7${random.slice(15)}`;
  }
}
