import { MatchHarness } from '@test/support/match-harness';
import { seeded as random } from '@test/support/never-stuck-walk';
import { legalDecisions, wouldAccept } from '../../match/legal-decision-offers';
import { isRejection } from '../rule-violation';
import { galaxyLeagueRuleset } from './galaxy-league.ruleset';
import { territoriesOf } from './gl-economy';
import { fleetOf, shipId } from './gl-factions';
import { actsInStage, type GalaxyLeagueState } from './gl-state';
import { reveal, seal } from './gl.testkit';

/**
 * Issue 45 item 5: no league can get stuck. A seeded random walk of legal decisions over
 * whole leagues: at every state it reaches, some seat (or a judge, where the rules leave it to
 * one) has a decision the rules accept, until the league finishes. What is legal comes from
 * the service's own machinery (legalDecisions, wouldAccept), never from a list kept here.
 */

type League = MatchHarness<GalaxyLeagueState>;
interface Move {
  seat: string;
  kind: string;
  params: object;
  sealed: boolean;
  by: 'seat' | 'judge';
}

/**
 * More params to try than the ruleset's own examples (which declare nothing and defend
 * nothing): each of the seat's ships sent at each territory, or set to defend each of its
 * planets, so the walk attacks, colonises, captures capitals and fights.
 */
function extraCandidates(h: League, seat: string, kind: string): object[] {
  const rs = h.state.rs;
  const player = rs.players[seat];
  if (!player || !rs.map) return [];
  const ships = Array.from({ length: fleetOf(player.faction).ships }, (_, i) =>
    shipId(seat, i + 1),
  );
  const territories = rs.map.territories.map((t) => t.id);
  if (kind === 'declare-attacks')
    return ships.flatMap((ship) =>
      territories.flatMap((planet) => [
        { attacks: [{ ship, planet }], colonisations: [] },
        { attacks: [], colonisations: [{ ships: [ship], planet }] },
      ]),
    );
  if (kind === 'assign-defender')
    return ships.flatMap((ship) => territoriesOf(rs, seat).map((planet) => ({ ship, planet })));
  return [];
}

/** Reported results with every loser's ship destroyed besides (option shipLosses «lost»). */
function losersDestroyed(kind: string, examples: readonly object[]): object[] {
  if (kind !== 'report-battle') return [];
  return (examples as { winner?: string; points: { seat: string }[] }[]).map((p) => ({
    ...p,
    destroyed: p.points.map((x) => x.seat).filter((seat) => seat !== p.winner),
  }));
}

/** Every decision some seat, or a judge for it, could make now, with params accepted now. */
function movesNow(h: League): Move[] {
  const moves: Move[] = [];
  for (const { seat } of h.state.seats)
    for (const by of ['seat', 'judge'] as const)
      for (const offer of legalDecisions(galaxyLeagueRuleset, h.state, seat, h.seed, by)) {
        const tried =
          by === 'seat'
            ? [
                ...extraCandidates(h, seat, offer.kind),
                ...losersDestroyed(offer.kind, offer.examples),
              ]
            : [];
        const accepted = tried.filter((params) =>
          wouldAccept(galaxyLeagueRuleset, h.state, seat, offer.kind, params, h.seed, by),
        );
        for (const params of [...offer.examples, ...accepted])
          moves.push({ seat, kind: offer.kind, params, sealed: offer.sealed === true, by });
      }
  return moves;
}

/** Seals made and not yet revealed: every seat seals before any reveals («запечатанные»). */
type Sealed = Map<string, { sealId: string; kind: string; params: object }>;

function play(h: League, move: Move, sealed: Sealed): void {
  if (move.by === 'judge') h.judge(move.seat, move.kind, move.params);
  else if (move.sealed) {
    const sealId = seal(h, move.seat, move.kind, move.params);
    sealed.set(move.seat, { sealId, kind: move.kind, params: move.params });
  } else h.play(move.seat, move.kind, move.params);
}

/** Once every seat the stage waits for has sealed, each reveals what it sealed. */
function revealWhenAllSealed(h: League, sealed: Sealed): void {
  const waiting = h.state.rs.order.filter(
    (s) => actsInStage(h.state.rs, s) && !h.state.rs.done.includes(s),
  );
  if (sealed.size === 0 || !waiting.every((s) => sealed.has(s))) return;
  for (const [seat, { sealId, kind, params }] of [...sealed]) {
    sealed.delete(seat);
    const revealed = reveal(h, seat, sealId, params);
    if (isRejection(revealed))
      throw new Error(`${kind} by ${seat} was refused: ${revealed.message}`);
  }
}

/** Walks a league to its end; returns the rounds it went through and the kinds it made. */
function walk(
  seed: number,
  steps: number,
  options: Record<string, string> = {},
): { h: League; kinds: Set<string> } {
  const h = new MatchHarness(galaxyLeagueRuleset, `league-walk-${seed}`).started(
    [
      { seat: 'anna', faction: 'empire' },
      { seat: 'boris', faction: 'devourers' },
      { seat: 'vera', faction: 'eternals' },
      { seat: 'gleb', faction: 'pirates' },
    ],
    {
      setup: { entrants: ['gleb'] } as never,
      options: { rounds: 4, startingCredits: 300, ...options } as never,
    },
  );
  const next = random(seed);
  const kinds = new Set<string>();
  const sealed: Sealed = new Map();
  for (let step = 0; step < steps && h.state.status !== 'finished'; step++) {
    revealWhenAllSealed(h, sealed);
    // A seat that sealed waits for the others' seals: it seals nothing more meanwhile.
    const moves = movesNow(h).filter((m) => !(m.sealed && sealed.has(m.seat)));
    const where = `seed ${seed}, step ${step}: round ${h.state.rs.round}, stage ${h.state.rs.stage}`;
    const waiting = h.state.rs.order.filter(
      (s) => actsInStage(h.state.rs, s) && !h.state.rs.done.includes(s),
    );
    expect({ where, waiting, legal: moves.length > 0 }).toEqual({ where, waiting, legal: true });
    // A stage's end is one choice among many; favouring it a little keeps the walk moving.
    const ends = moves.filter((m) => m.kind === 'end-stage');
    const pool = ends.length > 0 && next() < 0.3 ? ends : moves;
    const move = pool[Math.floor(next() * pool.length)];
    kinds.add(move.kind);
    play(h, move, sealed);
  }
  return { h, kinds };
}

describe('galaxy-league: no league gets stuck', () => {
  it.each([1, 2])(
    'given a seeded walk of legal decisions (seed %i), some decision is legal at every step until the league ends',
    (seed) => {
      const { h, kinds } = walk(seed, 1500);
      expect(h.state.status).toBe('finished');
      expect(h.state.rs.round).toBe(4);
      // The walk did more than end stages: it declared, fought and settled.
      expect([...kinds]).toEqual(
        expect.arrayContaining(['end-stage', 'declare-attacks', 'declare-joins']),
      );
    },
  );

  it('given the other value of each of the six readings, no league gets stuck either', () => {
    const { h } = walk(3, 1500, {
      colonisationBattlePenalty: 'by-distance',
      payoutMinimum: 'on-top',
      moraleThreshold: 'exactly-4',
      shipLosses: 'lost',
      factionBonuses: 'none',
      mercenaryPriceCount: 'per-planet',
    });
    expect(h.state.options).toMatchObject({ shipLosses: 'lost', factionBonuses: 'none' });
    // Ships were lost on the way, and the league still went to its end.
    const lost = h.events.filter(
      (e) => e.type === 'PieceChanged' && (e.data as { status?: string }).status === 'destroyed',
    );
    expect(lost.length).toBeGreaterThan(0);
    expect([h.state.status, h.state.rs.round]).toEqual(['finished', 4]);
  });
});
