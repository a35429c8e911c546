import { MatchHarness } from '@test/support/match-harness';
import { freeformRuleset } from '../rulesets/freeform/freeform.ruleset';
import { foldMatch } from './evolve-match';
import { evolveVisibility, visibilityOf, type MatchVisibility } from './match-visibility';

/** A public tournament match with a spectator delay, played to its end. */
function playedMatch(): MatchHarness {
  const h = new MatchHarness(freeformRuleset, 'visibility-under-test');
  h.started([{ seat: 'red' }, { seat: 'blue' }], {
    public: true,
    spectatorDelay: 2,
    tournamentId: 'cup-2026',
    setup: {
      zones: [
        { id: 'north', kind: 'location' },
        { id: 'south', kind: 'location' },
      ],
      pieces: [{ id: 'cruiser', type: 'cruiser', owner: 'red', zone: 'north' }],
    },
  });
  for (const to of ['south', 'north', 'south', 'north'])
    h.play('red', 'move', { pieces: ['cruiser'], to });
  h.play('blue', 'concede', {});
  return h;
}

describe('the visibility fold', () => {
  it('follows the full fold of the match event by event: lifecycle, organizer, delay, decisions', () => {
    const h = playedMatch();
    let folded: MatchVisibility | undefined;
    h.events.forEach((event, i) => {
      folded = evolveVisibility(
        folded ?? {
          matchId: h.matchId,
          status: 'none',
          public: false,
          spectatorDelay: 0,
          decisionSeqs: [],
          lastSeq: -1,
        },
        event,
      );
      const full = visibilityOf(foldMatch(freeformRuleset, h.matchId, h.events.slice(0, i + 1)));
      expect([event.type, folded]).toEqual([event.type, full]);
    });
    expect(folded).toMatchObject({
      status: 'finished',
      public: true,
      spectatorDelay: 2,
      tournamentId: 'cup-2026',
      organizer: 'org-1',
    });
    expect(folded!.decisionSeqs.length).toBeGreaterThanOrEqual(4);
  });

  it('gives a new object and leaves the one before as it was', () => {
    const h = playedMatch();
    const before = visibilityOf(foldMatch(freeformRuleset, h.matchId, h.events.slice(0, -1)));
    const copy = structuredClone(before);
    const after = evolveVisibility(before, h.events[h.events.length - 1]);
    expect(before).toEqual(copy);
    expect(after).not.toBe(before);
  });
});
