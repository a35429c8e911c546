import { game } from '../rulesets/combat-commander/cc.testkit';
import { combatCommanderRuleset } from '../rulesets/combat-commander/combat-commander.ruleset';
import type { NewEvent } from '../events/recorded-event';
import { isRejection } from '../rulesets/rule-violation';
import { decideOpenDispute, decidePause, decideResume, decideRuling } from './dispute-decider';
import { foldMatch } from './evolve-match';
import { voidingOf } from './match-state';
import { lineStateOf } from './rewind';
import { timelineOf } from './timeline';

const judge = { kind: 'judge' as const, id: 'judge-1' };
const allies = { kind: 'seat' as const, id: 'allies', seat: 'allies' };

/**
 * Combat Commander's rolls are Fate cards (issue 41 item 4): axis rolls, allies dispute the
 * roll and a judge rewinds to before it, then axis rolls again on the live line.
 */
function rewoundCardRoll() {
  const g = game();
  const apply = (
    decided: NewEvent[] | { message: string },
    actor: typeof judge | typeof allies,
  ) => {
    if (isRejection(decided)) throw new Error(decided.message);
    return g.record(decided as NewEvent[], actor);
  };
  const before = g.state.lastSeq;
  g.play('axis', 'roll', { purpose: 'other' });
  const voidedRoll = g.events.find((e) => e.type === 'FateRolled')!;
  apply(
    decideOpenDispute(
      g.state,
      { disputeId: 'd1', seat: 'allies', atSeq: voidedRoll.seq, claim: 'Rolled out of turn' },
      '2026-12-06T10:05:00.000Z',
    ),
    allies,
  );
  apply(decidePause(g.state, 'hearing d1', 'd1'), judge);
  const restore = lineStateOf(
    foldMatch(combatCommanderRuleset, g.matchId, g.events.slice(0, before + 1)),
  );
  const since = g.events.slice(before + 1).filter((e) => !voidingOf(g.state, e.seq));
  const [, rewind] = apply(
    decideRuling(
      combatCommanderRuleset,
      g.state,
      {
        disputeId: 'd1',
        decision: 'upheld',
        rationale: 'Not the axis turn',
        ruleRef: '§3',
        remedy: { kind: 'rewind', toSeq: before },
      },
      { restore, since },
      g.seed,
    ),
    judge,
  );
  apply(decideResume(g.state), judge);
  return { g, voidedRoll, rewind };
}

describe('timelineOf a Combat Commander log', () => {
  it('lists each Fate card roll as a roll with its seat, purpose and dice, the rewound one marked voided', () => {
    const { g, voidedRoll, rewind } = rewoundCardRoll();
    expect(rewind.type).toBe('TimelineRewound');
    const entries = timelineOf(g.events, g.state);
    const rolls = entries.filter((e) => e.kind === 'roll');
    expect(rolls).toHaveLength(1);
    expect(rolls[0]).toMatchObject({
      seq: voidedRoll.seq,
      type: 'FateRolled',
      seat: 'axis',
      purpose: 'other',
      faces: (voidedRoll.data as { dice: number[] }).dice,
      voidedBy: { seq: rewind.seq, cause: { kind: 'ruling', disputeId: 'd1' } },
    });
    expect(rolls[0].faces).toHaveLength(2);
  });

  it('counts the roll made again on the live line, not voided, at the roll event’s own seq', () => {
    const { g, voidedRoll } = rewoundCardRoll();
    g.play('axis', 'roll', { purpose: 'other' });
    const liveRoll = g.events.filter((e) => e.type === 'FateRolled').at(-1)!;
    expect(liveRoll.seq).toBeGreaterThan(voidedRoll.seq);

    const rolls = timelineOf(g.events, g.state).filter((e) => e.kind === 'roll');
    expect(rolls.map((r) => [r.seq, r.voidedBy !== undefined])).toEqual([
      [voidedRoll.seq, true],
      [liveRoll.seq, false],
    ]);
    // The table's last roll names the roll event, not the draw that revealed its card.
    expect(g.events[liveRoll.seq - 1].type).toBe('CardsDrawn');
    expect(g.state.table.lastRoll).toMatchObject({
      seq: liveRoll.seq,
      source: 'card',
      card: (liveRoll.data as { card: string }).card,
    });
  });
});
