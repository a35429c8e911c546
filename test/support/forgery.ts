import { createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { rollDice, shuffleOrder } from '../../src/domain/dice';
import { sealEvent } from '../../src/domain/events/hash-chain';
import type { RecordedEvent } from '../../src/domain/events/recorded-event';
import { saltedCommitment } from '../../src/domain/events/secret-commitment';
import {
  exportHeaderOf,
  keyIdOf,
  signedBytes,
  type ExportLine,
} from '../../src/domain/export/export-format';
import type { MatchCreatedData } from '../../src/domain/match/match-events';
import type { MatchState } from '../../src/domain/match/match-state';

/** A signing key like the server's: whoever holds it can re-sign any chain. */
export interface SigningKey {
  privateKey: KeyObject;
  publicKey: string;
  keyId: string;
}

export function newSigningKey(): SigningKey {
  const { privateKey } = generateKeyPairSync('ed25519');
  const der = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  return { privateKey, publicKey: der.toString('base64'), keyId: keyIdOf(der) };
}

/**
 * What a dishonest operator holding the signing key can produce: the events as changed,
 * every secret committed to afresh with its own salt, the chain re-hashed from seq 0, the
 * header rebuilt from MatchCreated and the trailer signed with the key.
 */
export function forgedExport(
  events: RecordedEvent[],
  seats: MatchState['seats'],
  key: SigningKey,
): string[] {
  const chained: RecordedEvent[] = [];
  for (const original of events) {
    const event = { ...structuredClone(original), seq: chained.length };
    const secret = (event.data as { secret?: unknown } | null)?.secret;
    if (secret !== undefined && event.meta.secretSalt !== undefined)
      event.meta.secretCommitment = saltedCommitment(event.meta.secretSalt, secret);
    if (secret === undefined) {
      delete event.meta.secretCommitment;
      delete event.meta.secretSalt;
    }
    const { hash: _hash, prevHash: _prev, ...meta } = event.meta;
    chained.push(sealEvent({ ...event, meta }, chained.at(-1)?.meta.hash ?? ''));
  }
  const headHash = chained.at(-1)?.meta.hash ?? '';
  const seed = chained.find((e) => e.type === 'RngRevealed')?.data as { seed: string } | undefined;
  const lines: ExportLine[] = [
    exportHeaderOf(chained[0].data as MatchCreatedData, seats, '2026-11-25T03:00:00.000Z'),
    ...chained.map((event) => ({ kind: 'event' as const, event })),
    {
      kind: 'trailer',
      eventCount: chained.length,
      headHash,
      ...(seed ? { seed: seed.seed } : {}),
      signature: {
        alg: 'Ed25519',
        keyId: key.keyId,
        publicKey: key.publicKey,
        value: sign(null, signedBytes(headHash), key.privateKey).toString('base64'),
      },
    },
  ];
  return lines.map((line) => JSON.stringify(line));
}

/** The dice a forger re-derives so that faces follow the seed for the inputs he chose. */
export function rederive(
  seed: Uint8Array,
  matchId: string,
  entropy: string,
): {
  roll(purpose: string, k: number, sides: number[]): number[];
  shuffle(deckId: string, k: number, items: string[]): string[];
} {
  return {
    roll: (purpose, k, sides) => rollDice({ seed, matchId, purpose, k, entropy, sides }),
    shuffle: (deckId, k, items) =>
      shuffleOrder({ seed, matchId, deckId, k, entropy, items }) as string[],
  };
}
