import { legalDecisionKinds } from '../../match/legal-decisions';
import { legalDecisions, wouldAccept } from '../../match/legal-decision-offers';
import { availabilityContext } from '../../match/legal-decisions';
import type { MatchHarness } from '@test/support/match-harness';
import { RULES } from './sw-rules-text';
import type { SwState } from './sw-state';
import { battle, given, mission, ship, shipOf } from './sw.testkit';

/**
 * The Game Master's decisions in the legal-decisions read: each has its `available`, so a
 * judge asking on a seat's behalf is offered it when (and only when) it can be made, with
 * examples it would accept; a seat is never offered one.
 */

const GM_KINDS = [
  'gm-call-time',
  'gm-end-turn',
  'gm-announce-turns',
  'gm-line-of-fire',
  'gm-bombardment-damage',
  'gm-decline-reaction',
];

type H = MatchHarness<SwState>;

const judgeOffers = (h: H, seat = 'red') =>
  Object.fromEntries(
    legalDecisions(h.ruleset, h.state, seat, h.seed, 'judge').map((o) => [o.kind, o.examples]),
  );

/**
 * The property for every GM kind in this state: offered, each example listed is accepted as
 * the judge records it; not offered, every candidate (its examples here, its published one)
 * is refused.
 */
function offeredExactly(h: H): string[] {
  const offers = judgeOffers(h);
  const ctx = availabilityContext(h.state, 'red');
  for (const kind of GM_KINDS) {
    const spec = h.ruleset.decisions[kind];
    const accepted = (params: object) =>
      wouldAccept(h.ruleset, h.state, 'red', kind, params, h.seed, 'judge');
    if (Object.hasOwn(offers, kind)) {
      expect({ kind, examples: offers[kind].length > 0 }).toEqual({ kind, examples: true });
      for (const params of offers[kind])
        expect({ kind, params, ok: accepted(params) }).toEqual({ kind, params, ok: true });
    } else {
      const candidates = [...(spec.examples?.(ctx) ?? []), ...(spec.example ? [spec.example] : [])];
      for (const params of candidates)
        expect({ kind, params, ok: accepted(params) }).toEqual({ kind, params, ok: false });
    }
  }
  return Object.keys(offers).sort();
}

describe('sw-strategic: the Game Master’s decisions offered to a judge', () => {
  it('before the mission begins none is offered; once begun, the turn’s own; a seat never sees one', () => {
    const h = mission();
    expect(offeredExactly(h)).toEqual([]);
    h.play('red', 'begin', {});
    expect(offeredExactly(h)).toEqual([
      'gm-announce-turns',
      'gm-call-time',
      'gm-end-turn',
      'gm-line-of-fire',
    ]);
    for (const seat of ['red', 'blue', 'gold'])
      expect(
        legalDecisionKinds(h.ruleset, h.state, seat).filter((k) => k.kind.startsWith('gm-')),
      ).toEqual([]);
    // The seat's own decisions are not offered to the judge.
    expect(Object.keys(judgeOffers(h))).not.toContain('end-turn');
  });

  it('time called on both maps: gm-call-time is no longer offered; the turns left are offered with the right count', () => {
    const h = battle({ red: [ship('destroyer', 0, -3, 0)], blue: [ship('destroyer', -1, 3, 0)] });
    expect(judgeOffers(h)['gm-call-time']).toEqual([{ map: 'space' }, { map: 'ground' }]);
    h.judge('red', 'gm-call-time', { map: 'space' });
    expect(judgeOffers(h)['gm-call-time']).toEqual([{ map: 'ground' }]);
    h.judge('red', 'gm-call-time', { map: 'ground' });
    expect(offeredExactly(h)).not.toContain('gm-call-time');
    expect(judgeOffers(h)['gm-announce-turns']).toEqual([
      { map: 'space', turns: 6 },
      { map: 'ground', turns: 6 },
    ]);
    // The playing legion's ship first, at an enemy ship, then a station.
    const red = shipOf(h, 'red', 'destroyer');
    const blue = shipOf(h, 'blue', 'destroyer');
    expect(judgeOffers(h)['gm-line-of-fire']).toEqual([
      { ship: red, target: blue, clear: true },
      { ship: red, target: 'station:n1', clear: true },
      { ship: blue, target: red, clear: true },
    ]);
    // A ruling on a target that is not in play is refused, the stream unchanged.
    const count = h.events.length;
    h.whenJudge('red', 'gm-line-of-fire', {
      ship: red,
      target: 'destroyer-99',
      clear: true,
    }).thenRejects('unknown_target', RULES.lineOfFireDispute);
    h.whenJudge('red', 'gm-line-of-fire', { ship: red, target: red, clear: true }).thenRejects(
      'unknown_target',
    );
    expect(h.events).toHaveLength(count);
  });

  it('gm-bombardment-damage only while a bombardment waits for him', () => {
    const h = battle({ red: [ship('frigate', 2, -2, 0)] });
    expect(offeredExactly(h)).not.toContain('gm-bombardment-damage');
    h.play('red', 'bombard', { ship: shipOf(h, 'red', 'frigate'), cell: 'g:6:0' });
    expect(offeredExactly(h)).toContain('gm-bombardment-damage');
    const [none, every] = judgeOffers(h)['gm-bombardment-damage'] as { hits: unknown[] }[];
    expect(none).toEqual({ hits: [] });
    expect(every.hits.length).toBeGreaterThan(1);
    h.judge('red', 'gm-bombardment-damage', { hits: [] });
    expect(offeredExactly(h)).not.toContain('gm-bombardment-damage');
  });

  it('gm-decline-reaction only while a reaction waits; gm-end-turn on the ground then only if his end closes it (option unansweredReaction)', () => {
    const waiting = (options: Record<string, unknown>) => {
      const h = battle({}, options);
      const unit = Object.values(h.state.rs.ground.units).find(
        (u) => u.legion === 'blue' && u.kind === 'infantry',
      );
      expect(offeredExactly(h)).not.toContain('gm-decline-reaction');
      h.given([
        given('ReactionAwaited', {
          kind: 'medic',
          legion: 'blue',
          by: 'Legion II ground commander',
          unit: unit?.id,
          unitKind: 'infantry',
          hexes: unit?.hexes,
          squad: unit?.squad,
          shooter: 'red',
        }),
      ]);
      return h;
    };
    const closes = waiting({});
    expect(offeredExactly(closes)).toContain('gm-decline-reaction');
    expect(judgeOffers(closes)['gm-end-turn']).toEqual([{ map: 'space' }, { map: 'ground' }]);
    const only = waiting({ unansweredReaction: 'gm-decline-only' });
    expect(offeredExactly(only)).toContain('gm-decline-reaction');
    expect(judgeOffers(only)['gm-end-turn']).toEqual([{ map: 'space' }]);
    only.judge('red', 'gm-decline-reaction', {});
    expect(offeredExactly(only)).not.toContain('gm-decline-reaction');
    expect(judgeOffers(only)['gm-end-turn']).toEqual([{ map: 'space' }, { map: 'ground' }]);
  });
});
