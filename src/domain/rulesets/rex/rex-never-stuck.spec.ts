import { MatchHarness } from '@test/support/match-harness';
import { walkUntilEnd } from '@test/support/never-stuck-walk';
import { rexRuleset } from './rex.ruleset';
import type { RexState } from './rex-state';
import { seatsOf } from './rex.testkit';

/**
 * Issue 45 item 5: no match gets stuck. Seeded random walks over what `legal-decisions`
 * offers (examples and field choices; the simultaneous hidden choices sealed, then revealed
 * once every seat has sealed): at every state reached some decision other than a concession
 * is accepted, until the game is won.
 */
describe('Rex: no match gets stuck (issue 45, item 5)', () => {
  it.each([
    [1, ['sol', 'letnev', 'hacan'] as const],
    [2, ['xxcha', 'sol', 'hacan'] as const],
  ])('seed %i (%j): some decision is accepted at every step until the game ends', (seed, races) => {
    const h = new MatchHarness<RexState>(rexRuleset, `rex-never-stuck-${seed}`).started(
      seatsOf(...races),
    );
    const walked = walkUntilEnd(h, {
      seed,
      maxSteps: 3000,
      // A concession is always accepted: it would hide a stuck state.
      exclude: ['concede'],
      weights: { 'end-turn': 0.3, 'pass-bid': 0.5 },
    });
    expect(walked.finished).toBe(true);
    expect(h.state.table.turn.phase).toBe('ended');
    // The walk bid, moved and revealed sealed choices on its way.
    for (const kind of ['bid', 'move', 'reveal-influence'])
      expect(walked.kinds[kind]).toBeGreaterThan(0);
  });
});
