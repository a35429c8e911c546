import { sha256Hex } from '../shared/sha256';
import { canonicalJson } from './canonical-json';

/**
 * Salted commitments (DESIGN section 2): `hex(sha256(salt + canonicalJson(value)))`, the salt
 * a text of at least 32 hex digits (128 random bits). Without the salt, a commitment to a
 * secret from a small set (two cards of twenty, a short deck order, a sealed battle plan)
 * could be opened by trying every candidate; with it, only its holder can open it.
 *
 * One formula for both uses: the secret member of an event (`meta.secretCommitment`, salt
 * from the server's Rng) and a sealed decision (`DecisionSealed.commitment`, salt chosen by
 * the seat).
 */
export function saltedCommitment(salt: string, value: unknown): string {
  return sha256Hex(salt + canonicalJson(value));
}

/** Bytes of salt the server draws for each secret: 128 bits. */
export const SECRET_SALT_BYTES = 16;

const STRONG_SALT = /^[0-9a-f]{32,128}$/;

/** A salt of at least 128 bits: 32 to 128 lowercase hex digits. */
export function isStrongSalt(salt: unknown): salt is string {
  return typeof salt === 'string' && STRONG_SALT.test(salt);
}

export const STRONG_SALT_RULE =
  'salt must be 32 to 128 lowercase hex digits (at least 128 random bits): a shorter salt lets anyone who sees the commitment try every choice against it';
