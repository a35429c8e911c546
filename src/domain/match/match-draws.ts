import { verifyRolls, type RecordedDraw, type VerifyResult } from '../dice';
import type { RecordedEvent } from '../events/recorded-event';
import type { DeckShuffledData } from '../table/table-events';
import type { DiceRolledData, MatchStartedData } from './match-events';

/** Every server roll and shuffle of a match log, in log order, with the seq each came from. */
export function drawsOf(events: Iterable<RecordedEvent>): {
  draws: RecordedDraw[];
  seqs: number[];
  entropy: string;
} {
  const draws: RecordedDraw[] = [];
  const seqs: number[] = [];
  let entropy = '';
  for (const event of events) {
    if (event.type === 'MatchStarted') entropy = (event.data as MatchStartedData).entropy ?? '';
    if (event.type === 'DiceRolled') {
      const roll = event.data as DiceRolledData;
      if (roll.source !== 'server' || roll.k === undefined) continue;
      draws.push({
        kind: 'roll',
        purpose: roll.purpose,
        k: roll.k,
        sides: roll.sides,
        faces: roll.faces,
      });
      seqs.push(event.seq);
    }
    if (event.type === 'DeckShuffled') {
      const shuffle = event.data as DeckShuffledData;
      if (!shuffle.secret) continue;
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
  { ok: true; checked: number } | { ok: false; seq: number; message: string; detail: VerifyResult };

/** Recomputes every server roll and shuffle of the log from the seed; names the seq of the first forged one. */
export function verifyMatchDraws(
  seed: Uint8Array,
  matchId: string,
  events: Iterable<RecordedEvent>,
): DrawVerdict {
  const { draws, seqs, entropy } = drawsOf(events);
  const result = verifyRolls(seed, matchId, entropy, draws);
  if (result.ok) return { ok: true, checked: result.checked };
  return {
    ok: false,
    seq: seqs[result.index],
    message: `seq ${seqs[result.index]}: ${result.message}`,
    detail: result,
  };
}
