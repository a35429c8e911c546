import { LRUCache } from 'lru-cache';
import type { MatchState } from '../../domain/match/match-state';

/** Events after which a cached state's size is measured again. */
const REMEASURE_EVERY = 256;

/**
 * Hot matches in memory, bounded by their size rather than their number: a Commanders Path
 * state is many times a freeform one, so a count would bound memory by the largest game.
 * A state's size is its JSON length, measured when it enters and again every
 * REMEASURE_EVERY events (measuring on every decision would cost more than it saves).
 */
export class MatchStateCache {
  private readonly sizes = new WeakMap<MatchState, { bytes: number; atSeq: number }>();
  private readonly states: LRUCache<string, MatchState>;

  constructor(maxBytes: number) {
    this.states = new LRUCache<string, MatchState>({
      maxSize: maxBytes,
      // A state larger than the whole cache is still kept alone: it would be reloaded anyway.
      maxEntrySize: Number.MAX_SAFE_INTEGER,
      sizeCalculation: (state) => this.bytesOf(state),
    });
  }

  get(matchId: string): MatchState | undefined {
    return this.states.get(matchId);
  }

  set(matchId: string, state: MatchState): void {
    // The repository sets the same state object after each append (it changes in place), and
    // the LRU recomputes a size only for a new value: make a due measure happen.
    if (this.states.peek(matchId) === state && this.measureDue(state)) this.states.delete(matchId);
    this.states.set(matchId, state);
  }

  delete(matchId: string): void {
    this.states.delete(matchId);
  }

  /** The bytes the cache holds by its measure, and how many matches. */
  get usage(): { bytes: number; matches: number } {
    return { bytes: this.states.calculatedSize, matches: this.states.size };
  }

  private measureDue(state: MatchState): boolean {
    const known = this.sizes.get(state);
    return !known || state.lastSeq - known.atSeq >= REMEASURE_EVERY;
  }

  private bytesOf(state: MatchState): number {
    const known = this.sizes.get(state);
    if (known && !this.measureDue(state)) return known.bytes;
    const bytes = Math.max(1, JSON.stringify(state).length);
    this.sizes.set(state, { bytes, atSeq: state.lastSeq });
    return bytes;
  }
}
