import { walkUntilEnd } from '@test/support/never-stuck-walk';
import { DECISION_ROLES, mission, ROLE_SEATED } from './sw.testkit';
import { seatRole } from './sw-roles';

/**
 * Issue 45 item 5: no match gets stuck. Seeded random walks over what `legal-decisions`
 * offers (examples and field choices) to the three legions and to the Game Master (a judge,
 * who ends turns, rules on lines of fire and bombardments): at every state reached some
 * decision is accepted, until the mission is scored and the match finished.
 */
describe('sw-strategic: no match gets stuck (issue 45, item 5)', () => {
  it.each([
    [1, {}],
    [2, { bombardmentDamage: 'one-hit', medicAfterBombardment: 'after-bombardment' }],
    [3, { unansweredReaction: 'gm-decline-only', orbitWinCheck: 'turn-end' }],
  ])('seed %i: some decision is accepted at every step until the mission ends', (seed, options) => {
    const h = mission(options, (m) => (m.plannedTurns = 2));
    // Ending a turn (a legion's, or the Game Master's) is rarer than a move, so turns see play.
    const walked = walkUntilEnd(h, {
      seed,
      maxSteps: 900,
      judge: true,
      weights: {
        'end-turn': 0.15,
        'gm-end-turn': 0.05,
        'gm-call-time': 0.1,
        'gm-announce-turns': 0.1,
        'gm-line-of-fire': 0.2,
      },
    });
    expect(walked.kinds).toMatchObject({ begin: 1 });
    // Both maps saw play: ships and units moved, turns ended.
    for (const kind of ['move-ship', 'move-unit', 'end-turn'])
      expect(walked.kinds[kind]).toBeGreaterThan(0);
    expect(walked.finished).toBe(true);
    expect(h.state.rs.scored).toBeDefined();
  });

  it("role seats: each seat is offered only its role's decisions, and the mission still ends", () => {
    const h = mission({}, (m) => (m.plannedTurns = 2), undefined, ROLE_SEATED);
    const walked = walkUntilEnd(h, {
      seed: 4,
      maxSteps: 900,
      judge: true,
      weights: { 'end-turn': 0.15, 'gm-end-turn': 0.05, 'gm-call-time': 0.1 },
    });
    expect(walked.finished).toBe(true);
    for (const kind of ['buy-ships', 'move-ship', 'move-unit', 'end-turn'])
      expect(walked.kinds[kind]).toBeGreaterThan(0);
    // Who recorded what: each decision by a seat whose role takes it ([1.6]).
    const bySeat = h.events
      .filter((e) => e.type === 'DecisionMade' && e.meta.actor?.kind === 'seat')
      .map((e) => e.data as { seat: string; kind: string });
    for (const { seat, kind } of bySeat) {
      const role = seatRole(seat).role;
      expect({ kind, role }).toEqual({ kind, role: expect.any(String) });
      expect(DECISION_ROLES[kind].roles).toContain(role);
    }
    const seats = new Set(bySeat.map((d) => seatRole(d.seat).role));
    for (const role of ['supply', 'ground', 'commander']) expect(seats).toContain(role);
  });
});
