import { initialMatchState, type MatchState } from '../../domain/match/match-state';
import { MatchStateCache } from './match-state-cache';

/** A match state of about `bytes` bytes as JSON. */
function stateOf(matchId: string, bytes: number): MatchState {
  return initialMatchState(matchId, { padding: 'x'.repeat(bytes) });
}

describe('the hot match cache', () => {
  it('is bounded by the size of the states, not their number', () => {
    const cache = new MatchStateCache(100_000);
    for (let i = 0; i < 50; i += 1) cache.set(`small-${i}`, stateOf(`small-${i}`, 500));
    expect(cache.usage.matches).toBe(50);
    cache.set('big-1', stateOf('big-1', 60_000));
    cache.set('big-2', stateOf('big-2', 60_000));
    // The second big state pushed out the least recently used: the smalls, then big-1.
    expect(cache.get('big-1')).toBeUndefined();
    expect(cache.get('big-2')).toBeDefined();
    expect(cache.usage.bytes).toBeLessThanOrEqual(100_000);
  });

  it('measures a state again once it has grown by many events', () => {
    const cache = new MatchStateCache(10_000_000);
    const state = stateOf('growing', 100);
    cache.set('growing', state);
    const before = cache.usage.bytes;
    (state.rs as { padding: string }).padding = 'x'.repeat(50_000);
    cache.set('growing', state);
    expect(cache.usage.bytes).toBe(before); // not measured again on every decision
    state.lastSeq += 256;
    cache.set('growing', state);
    expect(cache.usage.bytes).toBeGreaterThan(50_000);
  });
});
