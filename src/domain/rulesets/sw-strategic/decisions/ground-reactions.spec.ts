import type { RecordedEvent } from '../../../events/recorded-event';
import type { SwMission } from '../sw-mission';
import { distance, type Hex } from '../sw-hex';
import { RULES } from '../sw-rules-text';
import type { SwState, Unit } from '../sw-state';
import { battle, firstSeed, given } from '../sw.testkit';

/** The Medic's and the Sword Master's reactions on the ground (G3.11). */

const unitsOf = (rs: SwState, legion: string, kind: string): Unit[] =>
  Object.values(rs.ground.units).filter((u) => u.legion === legion && u.kind === kind);
const ofType = (events: RecordedEvent[], type: string) => events.filter((e) => e.type === type);

/** Blue's ground commander (the squad of its first two infantry) as a Sword Master of `level`. */
const swordMaster =
  (level: number, who: 'commander' | 'mechanic' = 'commander') =>
  (m: SwMission) => {
    const person = m.legions[1].roster.find((p) =>
      p.name.endsWith(who === 'commander' ? 'ground commander' : 'mechanic'),
    );
    if (person) Object.assign(person, { specialty: 'sword-master', level });
  };

/**
 * Red's unit of `kind` stands next to blue's unit of `targetKind` and shoots it, over a
 * bounded family of seeds, until the shot hits and `keep` accepts what follows.
 */
function shotThatHits<T>(
  options: Record<string, unknown>,
  custom: (m: SwMission) => void,
  keep: (h: ReturnType<typeof battle>, events: RecordedEvent[], target: Unit) => T | undefined,
  kinds: { red: string; blue: string } = { red: 'infantry', blue: 'infantry' },
): T {
  return firstSeed(200, (seed) => {
    const h = battle({}, { actionPoints: 30, ...options }, custom, seed);
    const [shooter] = unitsOf(h.state.rs, 'red', kinds.red);
    const [target] = unitsOf(h.state.rs, 'blue', kinds.blue);
    const far = target.hexes.length === 1 ? { q: 0, r: 0 } : { q: 0, r: 1 };
    h.given([
      given('UnitMoved', {
        unit: target.id,
        hexes: target.hexes.length === 1 ? [far] : [far, { q: -1, r: 1 }, { q: -1, r: 2 }],
      }),
      given('UnitMoved', {
        unit: shooter.id,
        hexes:
          shooter.hexes.length === 1
            ? [{ q: 1, r: 0 }]
            : [
                { q: 1, r: 0 },
                { q: 2, r: 0 },
                { q: 2, r: -1 },
              ],
      }),
    ]);
    const moved = h.state.rs.ground.units[target.id];
    const events = h.play('red', 'attack', { unit: shooter.id, target: target.id });
    const attack = ofType(events, 'GroundAttack')[0]?.data as { outcome: string };
    return attack.outcome === 'hit' ? keep(h, events, moved) : undefined;
  });
}

describe('sw-strategic ground: the Sword Master deflects a shot at his squad (G3.11.2)', () => {
  it('the hit waits for him; the map waits; on 5 or 6 the unit takes no damage', () => {
    const { h, events, target, before } = shotThatHits({}, swordMaster(2), (h, events, target) => {
      const before = h.events.length;
      const react = h.play('blue', 'react', {});
      const face = (ofType(react, 'Deflect')[0]?.data as { face: number }).face;
      return face === 5 || face === 6 ? { h, events, target, before } : undefined;
    });
    expect(ofType(events, 'ReactionAwaited')[0]?.data).toMatchObject({
      kind: 'deflect',
      legion: 'blue',
      by: 'Legion II ground commander',
      unit: target.id,
    });
    expect(ofType(events, 'PieceHit')).toHaveLength(0);
    const after = h.events.slice(before);
    expect(ofType(after, 'Deflect')[0]?.data).toMatchObject({ deflected: true, usesLeft: 1 });
    expect(ofType(after, 'PieceHit')).toHaveLength(0);
    expect(h.state.rs.ground.units[target.id]).toMatchObject({ hits: 0 });
    expect(h.state.rs.ground.reactions).toEqual([]);
  });

  it('while it waits, the ground map refuses everything else with the rule, the stream unchanged', () => {
    shotThatHits({}, swordMaster(1), (h) => {
      const count = h.events.length;
      const [other] = unitsOf(h.state.rs, 'red', 'infantry').slice(1);
      h.when('red', 'move-unit', { unit: other.id, steps: [0] }).thenRejects(
        'reaction_pending',
        RULES.deflectWhen,
      );
      h.when('red', 'end-turn', { map: 'ground' }).thenRejects(
        'reaction_pending',
        RULES.deflectWhen,
      );
      h.when('red', 'react', {}).thenRejects('no_reaction', RULES.deflectWhen);
      h.when('gold', 'decline-reaction', {}).thenRejects('no_reaction', RULES.deflectWhen);
      expect(h.events).toHaveLength(count);
      // Space goes on meanwhile: the reaction holds the ground map only.
      h.play('red', 'end-turn', { map: 'space' });
      return true;
    });
  });

  it('a reaction not claimed: the GM closes it as declined (by a judge only), the hit lands and the ground goes on', () => {
    const { h, target } = shotThatHits({}, swordMaster(1), (h, _events, target) => ({ h, target }));
    const count = h.events.length;
    h.when('red', 'gm-decline-reaction', {}).thenRejects('judge_decision');
    expect(h.events).toHaveLength(count);
    const out = h.judge('red', 'gm-decline-reaction', {});
    expect(ofType(out, 'ReactionDeclined')[0]?.data).toEqual({
      kind: 'deflect',
      legion: 'blue',
      unit: target.id,
      byGm: true,
    });
    expect(ofType(out, 'PieceHit')[0]?.data).toMatchObject({ piece: target.id });
    expect(h.state.rs.ground.reactions).toEqual([]);
    expect(h.state.rs.legions[1].usesSpent['Legion II ground commander']).toBeUndefined();
    const after = h.events.length;
    h.whenJudge('red', 'gm-decline-reaction', {}).thenRejects('no_reaction', RULES.reactionAtOnce);
    expect(h.events).toHaveLength(after);
    h.play('red', 'end-turn', { map: 'ground' });
    expect(h.state.rs.ground.turn.current).toBe('blue');
  });

  it("option unansweredReaction: gm-end-turn (default) closes the reaction with the GM's end of the turn; gm-decline-only refuses it", () => {
    const closed = shotThatHits({}, swordMaster(1), (h, _events, target) => ({ h, target }));
    const out = closed.h.judge('red', 'gm-end-turn', { map: 'ground' });
    expect(out.map((e) => e.type)).toEqual(
      expect.arrayContaining(['ReactionDeclined', 'PieceHit', 'FactionTurnEnded']),
    );
    expect(ofType(out, 'ReactionDeclined')[0]?.data).toMatchObject({ byGm: true });
    expect(closed.h.state.rs.ground.units[closed.target.id]).toBeUndefined();
    expect(closed.h.state.rs.ground.turn.current).toBe('blue');

    const waits = shotThatHits({ unansweredReaction: 'gm-decline-only' }, swordMaster(1), (h) => h);
    const count = waits.events.length;
    waits
      .whenJudge('red', 'gm-end-turn', { map: 'ground' })
      .thenRejects('reaction_pending', RULES.deflectWhen);
    expect(waits.events).toHaveLength(count);
    waits.judge('red', 'gm-decline-reaction', {});
    waits.judge('red', 'gm-end-turn', { map: 'ground' });
    expect(waits.state.rs.ground.turn.current).toBe('blue');
  });

  it('a failed roll lets the hit land; declining lets it land at once', () => {
    const failed = shotThatHits({}, swordMaster(1), (h, _events, target) => {
      const react = h.play('blue', 'react', {});
      const face = (ofType(react, 'Deflect')[0]?.data as { face: number }).face;
      return face !== 5 && face !== 6 ? { react, target } : undefined;
    });
    expect(ofType(failed.react, 'Deflect')[0]?.data).toMatchObject({
      deflected: false,
      usesLeft: 0,
    });
    expect(ofType(failed.react, 'PieceHit')[0]?.data).toMatchObject({
      piece: failed.target.id,
      destroyed: true,
    });
    const declined = shotThatHits({}, swordMaster(1), (h, _events, target) => ({
      out: h.play('blue', 'decline-reaction', {}),
      target,
      h,
    }));
    expect(declined.out.map((e) => e.type)).toEqual(
      expect.arrayContaining(['ReactionDeclined', 'PieceHit']),
    );
    expect(declined.out.some((e) => e.type === 'DiceRolled')).toBe(false);
    expect(declined.h.state.rs.ground.units[declined.target.id]).toBeUndefined();
  });

  it('his uses are his level: used up, the next hit lands at once', () => {
    const second = shotThatHits({}, swordMaster(1), (h) => {
      h.play('blue', 'react', {});
      expect(h.state.rs.legions[1].usesSpent['Legion II ground commander']).toBe(1);
      const [next] = unitsOf(h.state.rs, 'blue', 'infantry').filter(
        (u) => u.squad === 'Legion II ground commander',
      );
      h.given([given('UnitMoved', { unit: next.id, hexes: [{ q: 1, r: -1 }] })]);
      const [shooter] = unitsOf(h.state.rs, 'red', 'infantry');
      const events = h.play('red', 'attack', { unit: shooter.id, target: next.id });
      const attack = ofType(events, 'GroundAttack')[0]?.data as { outcome: string };
      return attack.outcome === 'hit' ? { events, next } : undefined;
    });
    expect(ofType(second.events, 'ReactionAwaited')).toHaveLength(0);
    expect(ofType(second.events, 'PieceHit')[0]?.data).toMatchObject({ piece: second.next.id });
  });

  it('deflectUnits squad (default): a walker of his squad may be deflected; infantry: only infantry', () => {
    const walkers = { red: 'walker', blue: 'walker' };
    const squad = shotThatHits({}, swordMaster(1, 'mechanic'), (_h, events) => events, walkers);
    expect(ofType(squad, 'ReactionAwaited')[0]?.data).toMatchObject({
      kind: 'deflect',
      unitKind: 'walker',
    });
    const infantry = shotThatHits(
      { deflectUnits: 'infantry' },
      swordMaster(1, 'mechanic'),
      (_h, events) => events,
      walkers,
    );
    expect(ofType(infantry, 'ReactionAwaited')).toHaveLength(0);
    expect(ofType(infantry, 'PieceHit')[0]?.data).toMatchObject({ hits: 1, destroyed: false });
  });
});

describe('sw-strategic ground: the Medic heals infantry just destroyed (G3.11.1)', () => {
  it('on 5 or 6 the infantry returns to its hex; otherwise it stays dead; one use at level 1', () => {
    const healed = shotThatHits(
      {},
      () => undefined,
      (h, events, target) => {
        const react = h.play('blue', 'react', {});
        const face = (ofType(react, 'MedicHeal')[0]?.data as { face: number }).face;
        return face === 5 || face === 6 ? { h, events, react, target } : undefined;
      },
    );
    expect(ofType(healed.events, 'PieceHit')[0]?.data).toMatchObject({ destroyed: true });
    expect(ofType(healed.events, 'ReactionAwaited')[0]?.data).toMatchObject({
      kind: 'medic',
      by: 'Legion II ground commander',
      hexes: healed.target.hexes,
    });
    expect(ofType(healed.react, 'MedicHeal')[0]?.data).toMatchObject({ healed: true, usesLeft: 0 });
    expect(healed.h.state.rs.ground.units[healed.target.id]).toMatchObject({
      hexes: healed.target.hexes,
      hits: 0,
      squad: healed.target.squad,
    });
    const dead = shotThatHits(
      {},
      () => undefined,
      (h, _events, target) => {
        const react = h.play('blue', 'react', {});
        const face = (ofType(react, 'MedicHeal')[0]?.data as { face: number }).face;
        return face !== 5 && face !== 6 ? { h, target } : undefined;
      },
    );
    expect(dead.h.state.rs.ground.units[dead.target.id]).toBeUndefined();
    expect(dead.h.state.rs.ground.reactions).toEqual([]);
  });

  /** The destroyed infantry's hex taken by another red infantry while the Medic is awaited. */
  const placeTaken = (h: ReturnType<typeof battle>, target: Unit) => {
    const [, other] = unitsOf(h.state.rs, 'red', 'infantry');
    h.given([given('UnitMoved', { unit: other.id, hexes: target.hexes })]);
  };

  it('medicHeal refused (default): its hex taken, the heal is refused with the rule, the stream unchanged', () => {
    shotThatHits(
      {},
      () => undefined,
      (h, _events, target) => {
        placeTaken(h, target);
        const count = h.events.length;
        h.when('blue', 'react', {}).thenRejects('hex_taken', RULES.medicHeal);
        expect(h.events).toHaveLength(count);
        expect(h.state.rs.ground.reactions).toMatchObject([{ kind: 'medic' }]);
        return true;
      },
    );
  });

  it('medicHeal nearest-free: its hex taken, the healed infantry returns to the nearest free hex', () => {
    const { h, target, react } = shotThatHits(
      { medicHeal: 'nearest-free' },
      () => undefined,
      (h, _events, target) => {
        placeTaken(h, target);
        const react = h.play('blue', 'react', {});
        const face = (ofType(react, 'MedicHeal')[0]?.data as { face: number }).face;
        return face === 5 || face === 6 ? { h, target, react } : undefined;
      },
    );
    const placed = ofType(react, 'UnitPlaced')[0]?.data as { unit: string; hexes: Hex[] };
    expect(placed.unit).toBe(target.id);
    expect(placed.hexes).toHaveLength(1);
    expect(distance(placed.hexes[0], target.hexes[0])).toBe(1);
    expect(h.state.rs.ground.units[target.id]).toMatchObject({ legion: 'blue', hits: 0 });
  });

  it('medicScope squad (default): not for the infantry of another squad; legion: for any of his legion', () => {
    // Blue's mechanic squad holds two infantry; the Medic leads the commander's squad.
    const mechanicSquad = (m: SwMission) => {
      const [a, b, c, d] = m.legions[1].units;
      m.legions[1].units = [c, d, a, b, ...m.legions[1].units.slice(4)];
    };
    const squad = shotThatHits({}, mechanicSquad, (_h, events, target) => ({ events, target }));
    expect(squad.target.squad).toBe('Legion II mechanic');
    expect(ofType(squad.events, 'ReactionAwaited')).toHaveLength(0);
    const legion = shotThatHits({ medicScope: 'legion' }, mechanicSquad, (_h, events) => events);
    expect(ofType(legion, 'ReactionAwaited')[0]?.data).toMatchObject({ kind: 'medic' });
  });
});
