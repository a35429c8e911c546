import { MatchHarness, TEST_SEED } from '@test/support/match-harness';
import { availabilityContext, legalDecisionKinds } from '../../match/legal-decisions';
import { decideDecision } from '../../match/match-decider';
import { isRejection } from '../rule-violation';
import { commandersPathRuleset } from './commanders-path.ruleset';
import { battleDecisions } from './decisions/battle';
import type { CpState } from './cp-state';
import { arena, battleOf, SEATS, shipCard, type ArenaSpec } from './testing/cp-kit';

type G = MatchHarness<CpState>;

const BATTLE_KINDS = Object.keys(battleDecisions);

/** The params the ruleset gives to try now (its specs' `examples`), or its published example. */
function candidates(g: G, seat: string, kind: string): unknown[] {
  const spec = commandersPathRuleset.decisions[kind];
  return spec.examples?.(availabilityContext(g.state, seat)) ?? [spec.example ?? {}];
}

/** Whether the decider accepts the decision (nothing is recorded). */
function accepted(g: G, seat: string, kind: string, params: unknown): boolean {
  const decided = decideDecision(
    commandersPathRuleset,
    g.state,
    { decisionId: 'probe', kind, seat, params },
    TEST_SEED,
  );
  return !isRejection(decided);
}

/** Then: every battle kind offered is accepted with some params, and one not offered is refused. */
function thenOffersExactly(g: G): void {
  for (const { seat } of SEATS) {
    const offered = new Set(
      legalDecisionKinds(commandersPathRuleset, g.state, seat).map((k) => k.kind),
    );
    for (const kind of BATTLE_KINDS) {
      const acceptedWith = candidates(g, seat, kind).find((p) => accepted(g, seat, kind, p));
      expect({ seat, kind, offered: offered.has(kind) }).toEqual({
        seat,
        kind,
        offered: acceptedWith !== undefined,
      });
    }
  }
}

function givenBattle(spec: ArenaSpec): G {
  const g = new MatchHarness(commandersPathRuleset).started(SEATS, {
    options: { deckShuffle: 'none', diceSource: 'either', manualAdjustments: 'free' },
  });
  arena(g, spec);
  return g;
}

const tough = { durability: '30(20)' };

describe('legal decisions in a battle', () => {
  it('offers exactly the battle decisions the battle waits for, step after step', () => {
    const g = givenBattle({
      red: {
        R1: shipCard('К1', { weapons: ['лазеры 1'], ...tough }),
        R2: shipCard('К2', { weapons: ['плазма 2'], ...tough }),
      },
      blue: { B: shipCard('С', { weapons: ['лазеры 1'], speed: 3, ...tough }) },
      autoPass: false,
    });
    expect(battleOf(g)).toMatchObject({ step: 'echelon' });
    thenOffersExactly(g);

    g.play('red', 'designate-echelon', {});
    expect(battleOf(g)).toMatchObject({ step: 'withdrawals' });
    thenOffersExactly(g);

    for (let i = 0; i < 12 && battleOf(g)?.step !== 'attacks'; i++) {
      const b = battleOf(g)!;
      const seat =
        b.step === 'withdrawals'
          ? SEATS.map((s) => s.seat).find((s) => !b.withdrawDone.includes(s))!
          : b.awaitingManoeuvre[0];
      g.play(seat, b.step === 'withdrawals' ? 'withdraw' : 'end-round', {});
      thenOffersExactly(g);
    }
    expect(battleOf(g)).toMatchObject({ step: 'attacks' });
  });

  it('offers the answer to an evasive manoeuvre to the target alone', () => {
    const g = givenBattle({
      red: { R: shipCard('К', { weapons: ['плазма 2'], ...tough }) },
      blue: { B: shipCard('С', { evasive: true, ...tough }) },
    });
    for (let i = 0; i < 6 && !battleOf(g)?.pending; i++) {
      const b = battleOf(g);
      if (b?.step === 'attacks')
        g.play('red', 'attack', { ship: 'R', weapon: 'plasma', targets: ['B'] });
      else break;
    }
    expect(battleOf(g)?.pending).toMatchObject({ kind: 'evasive', seat: 'blue' });
    thenOffersExactly(g);
  });
});
