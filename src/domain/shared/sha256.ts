import { hash } from 'node:crypto';

/**
 * hex(sha256(UTF-8 bytes of `text`)): the chain's, the commitments' and the token digests'
 * one formula. The one-shot `crypto.hash` costs about 60% of a createHash/update/digest
 * round for the few hundred bytes of an event, and every event is hashed at least once.
 */
export function sha256Hex(text: string): string {
  return hash('sha256', text, 'hex');
}
