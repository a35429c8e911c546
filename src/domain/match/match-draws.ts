import { verifyRolls, type RecordedDraw, type VerifyResult } from '../dice';
import type { RecordedEvent } from '../events/recorded-event';
import type { DeckShuffledData } from '../table/table-events';
import type { DiceRolledData, MatchStartedData } from './match-events';

/** A server draw that cannot be recomputed: nothing may escape the check, so it fails. */
export interface UncheckableDraw {
  seq: number;
  message: string;
}

/**
 * Every server roll and shuffle of a match log, in log order, with the seq each came from.
 * A server roll without its counter `k`, or a shuffle without its secret (the orders before
 * and after) or its `k`, cannot be recomputed: the first one ends the list as `uncheckable`.
 */
export function drawsOf(events: Iterable<RecordedEvent>): {
  draws: RecordedDraw[];
  seqs: number[];
  entropy: string;
  uncheckable?: UncheckableDraw;
} {
  const draws: RecordedDraw[] = [];
  const seqs: number[] = [];
  let entropy = '';
  for (const event of events) {
    if (event.type === 'MatchStarted') entropy = (event.data as MatchStartedData).entropy ?? '';
    if (event.type === 'DiceRolled') {
      const roll = event.data as DiceRolledData;
      if (roll.source === 'reported') continue;
      if (roll.source !== 'server' || !Number.isSafeInteger(roll.k)) {
        const message =
          roll.source === 'server'
            ? `seq ${event.seq}: a server roll of ${roll.purpose} without its counter k cannot be recomputed`
            : `seq ${event.seq}: a roll whose source is neither server nor reported`;
        return { draws, seqs, entropy, uncheckable: { seq: event.seq, message } };
      }
      draws.push({
        kind: 'roll',
        purpose: roll.purpose,
        k: roll.k as number,
        sides: roll.sides,
        faces: roll.faces,
      });
      seqs.push(event.seq);
    }
    if (event.type === 'DeckShuffled') {
      const shuffle = event.data as DeckShuffledData;
      if (!shuffle.secret || !Number.isSafeInteger(shuffle.k)) {
        const message = `seq ${event.seq}: the shuffle of ${shuffle.deck} comes without ${shuffle.secret ? 'its counter k' : 'its secret (the orders before and after)'}, so it cannot be recomputed`;
        return { draws, seqs, entropy, uncheckable: { seq: event.seq, message } };
      }
      draws.push({
        kind: 'shuffle',
        deckId: shuffle.deck,
        k: shuffle.k,
        items: shuffle.secret.before,
        order: shuffle.secret.order,
      });
      seqs.push(event.seq);
    }
  }
  return { draws, seqs, entropy };
}

export type DrawVerdict =
  | { ok: true; checked: number }
  | { ok: false; seq: number; message: string; detail: VerifyResult | { reason: 'uncheckable' } };

/**
 * Recomputes every server roll and shuffle of the log from the seed; names the seq of the
 * first forged one, or of the first that cannot be recomputed.
 */
export function verifyMatchDraws(
  seed: Uint8Array,
  matchId: string,
  events: Iterable<RecordedEvent>,
): DrawVerdict {
  const { draws, seqs, entropy, uncheckable } = drawsOf(events);
  const result = verifyRolls(seed, matchId, entropy, draws);
  if (!result.ok)
    return {
      ok: false,
      seq: seqs[result.index],
      message: `seq ${seqs[result.index]}: ${result.message}`,
      detail: result,
    };
  if (uncheckable) return { ok: false, ...uncheckable, detail: { reason: 'uncheckable' } };
  return { ok: true, checked: result.checked };
}
