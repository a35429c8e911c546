import { Injectable } from '@nestjs/common';
import type { DecisionVerdicts } from '../../domain/match/legal-decision-offers';
import type { DecidedBy } from '../../domain/match/legal-decisions';
import { LruCache } from '../lru-cache';

/**
 * Seats whose verdicts are kept (each at one seq, at most 5,000 verdicts of some 100 bytes:
 * a few hundred kB for a seat asking through a whole Rex deployment).
 */
const SEATS_KEPT = 200;

/**
 * The decider's verdicts on the params tried for a seat at the match's current seq, kept
 * between its asks: the table page asks for the offers, then for a kind's choices once per
 * field chosen, and each ask tries many of the same params (issue 39). A new seq starts
 * afresh: the verdicts are those of one state of the match.
 */
@Injectable()
export class DecisionVerdictCache {
  private readonly kept = new LruCache<string, { seq: number; verdicts: DecisionVerdicts }>(
    SEATS_KEPT,
  );

  /** The verdicts kept for the seat (as itself, or as its judge records) at `seq`. */
  of(matchId: string, seq: number, seat: string, by: DecidedBy): DecisionVerdicts {
    const key = `${matchId}\n${seat}\n${by}`;
    const held = this.kept.get(key);
    if (held?.seq === seq) return held.verdicts;
    const fresh = { seq, verdicts: new Map<string, boolean>() };
    this.kept.set(key, fresh);
    return fresh.verdicts;
  }
}
