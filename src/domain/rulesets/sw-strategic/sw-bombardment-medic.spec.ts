import type { RecordedEvent } from '../../events/recorded-event';
import { groundTaken } from './sw-ground-turn';
import { add, dir } from './sw-hex';
import { hexKey, type SwMission } from './sw-mission';
import { RULES } from './sw-rules-text';
import type { Unit } from './sw-state';
import { swStrategicRuleset } from './sw-strategic.ruleset';
import { battle, given, ship, shipOf } from './sw.testkit';

/**
 * The Medic after an orbital bombardment (G3.11.1, option medicAfterBombardment): each
 * infantry unit the bombardment destroys with a Medic able to heal it waits for him, in turn;
 * the ground map waits until the queue is empty.
 */

const ofType = (events: RecordedEvent[], type: string) => events.filter((e) => e.type === type);
const MEDIC = 'Legion II ground commander';

/** Blue's Medic (its ground commander) at `level`. */
const medicLevel = (level: number) => (m: SwMission) => {
  const medic = m.legions[1].roster.find((p) => p.name === MEDIC);
  if (medic) Object.assign(medic, { level });
};

/**
 * Red's frigate bombards blue's Central; the Game Master rules that blue's two infantry of
 * the Medic's squad (next to the Central) are destroyed. Returns the GM's events.
 */
function bombardBlueInfantry(options: Record<string, unknown>, level: number) {
  const h = battle({ red: [ship('frigate', 2, -2, 0)] }, options, medicLevel(level));
  const central = Object.values(h.state.rs.ground.generators).find(
    (g) => g.legion === 'blue' && g.central,
  );
  if (!central) throw new Error('blue has no Central');
  const [at] = central.hexes;
  h.play('red', 'bombard', { ship: shipOf(h, 'red', 'frigate'), cell: `g:${at.q}:${at.r}` });
  const infantry: Unit[] = Object.values(h.state.rs.ground.units).filter(
    (u) => u.legion === 'blue' && u.kind === 'infantry' && u.squad === MEDIC,
  );
  expect(infantry).toHaveLength(2);
  const damage = h.judge('red', 'gm-bombardment-damage', {
    hits: infantry.map((u) => ({ piece: u.id, hits: 1 })),
  });
  return { h, infantry, damage };
}

/** A ground decision of red's (playing the ground map): one of its infantry steps onto a free hex. */
const redStep = (h: ReturnType<typeof battle>) => {
  const unit = Object.values(h.state.rs.ground.units).find(
    (u) => u.legion === 'red' && u.kind === 'infantry',
  ) as Unit;
  const taken = groundTaken(h.state.rs);
  const step = [0, 1, 2, 3, 4, 5].find((s) => {
    const to = add(unit.hexes[0], dir(s));
    return Object.hasOwn(h.state.rs.ground.cells, hexKey(to)) && !taken.has(hexKey(to));
  });
  return h.when('red', 'move-unit', { unit: unit.id, steps: [step] });
};

describe('sw-strategic: the Medic after an orbital bombardment (G3.11.1)', () => {
  it('after-bombardment: two infantry destroyed with a Medic wait in turn; each answer takes the first; the ground waits until none is left', () => {
    const { h, infantry, damage } = bombardBlueInfantry(
      { medicAfterBombardment: 'after-bombardment' },
      2,
    );
    const [a, b] = infantry;
    expect(damage.slice(1).map((e) => e.type)).toEqual([
      'BombardmentDamage',
      'PieceHit',
      'PieceHit',
      'ReactionAwaited',
      'ReactionAwaited',
    ]);
    expect(ofType(damage, 'ReactionAwaited').map((e) => e.data)).toMatchObject([
      { kind: 'medic', legion: 'blue', by: MEDIC, unit: a.id, hexes: a.hexes, shooter: 'red' },
      { kind: 'medic', legion: 'blue', by: MEDIC, unit: b.id, hexes: b.hexes, shooter: 'red' },
    ]);
    // The state at this point shows the queue, in the order it is answered (state?at reads
    // the ruleset's derived view).
    expect(h.state.rs.ground.reactions.map((r) => r.unit)).toEqual([a.id, b.id]);
    const derived = () => swStrategicRuleset.derive(h.state.table, h.state.rs).reactions;
    expect(derived()).toEqual([
      { kind: 'medic', legion: 'blue', by: MEDIC, unit: a.id, hexes: a.hexes },
      { kind: 'medic', legion: 'blue', by: MEDIC, unit: b.id, hexes: b.hexes },
    ]);

    // A third decision on the ground is refused while the queue waits, the stream unchanged.
    const count = h.events.length;
    const refused = redStep(h).thenRejects('reaction_pending', RULES.medicWhen);
    expect(refused.message).toContain('1 more reaction');
    expect(refused.localized?.ru).toBe(
      'Уничтоженная пехота ждёт реакции Медика (Наземный командир Легиона II, Легион II): вылечить или отказаться; в очереди после неё ещё 1 реакция',
    );
    h.when('red', 'end-turn', { map: 'ground' }).thenRejects('reaction_pending', RULES.medicWhen);
    h.when('red', 'react', {}).thenRejects('no_reaction', RULES.deflectWhen);
    expect(h.events).toHaveLength(count);

    // Blue answers the first: the Medic tries to heal a.
    const first = h.play('blue', 'react', {});
    expect(ofType(first, 'MedicHeal')[0]?.data).toMatchObject({
      unit: a.id,
      medic: MEDIC,
      usesLeft: 1,
    });
    expect(h.state.rs.ground.reactions.map((r) => r.unit)).toEqual([b.id]);
    expect(derived()).toMatchObject([{ unit: b.id }]);
    const still = h.events.length;
    redStep(h).thenRejects('reaction_pending', RULES.medicWhen);
    expect(h.events).toHaveLength(still);

    // Then the second: blue lets b stay dead; the queue is empty and the ground goes on.
    h.when('blue', 'decline-reaction', {}).then([
      { type: 'ReactionDeclined', data: { kind: 'medic', legion: 'blue', unit: b.id } },
    ]);
    expect(h.state.rs.ground.reactions).toEqual([]);
    expect(derived()).toEqual([]);
    expect(h.state.rs.ground.units[b.id]).toBeUndefined();
    redStep(h).then([{ type: 'ActionPointsSpent' }, { type: 'UnitMoved' }]);
  });

  it('after-bombardment: the Game Master closes the reaction answered now; the next keeps waiting; his end of the turn closes them all', () => {
    const { h, infantry } = bombardBlueInfantry({ medicAfterBombardment: 'after-bombardment' }, 2);
    const [a, b] = infantry;
    h.whenJudge('red', 'gm-decline-reaction', {}).then([
      { type: 'ReactionDeclined', data: { kind: 'medic', unit: a.id, byGm: true } },
    ]);
    expect(h.state.rs.ground.reactions.map((r) => r.unit)).toEqual([b.id]);

    const again = bombardBlueInfantry({ medicAfterBombardment: 'after-bombardment' }, 2);
    const out = again.h.judge('red', 'gm-end-turn', { map: 'ground' });
    expect(ofType(out, 'ReactionDeclined').map((e) => e.data)).toMatchObject([
      { unit: again.infantry[0].id, byGm: true },
      { unit: again.infantry[1].id, byGm: true },
    ]);
    expect(ofType(out, 'FactionTurnEnded')).toHaveLength(1);
    expect(again.h.state.rs.ground.reactions).toEqual([]);
  });

  it('after-bombardment: a Medic with one use left is offered one unit, not two', () => {
    const { h, infantry, damage } = bombardBlueInfantry(
      { medicAfterBombardment: 'after-bombardment' },
      1,
    );
    expect(ofType(damage, 'ReactionAwaited').map((e) => (e.data as { unit: string }).unit)).toEqual(
      [infantry[0].id],
    );
    expect(h.state.rs.ground.reactions).toHaveLength(1);
  });

  it('shots-only (default): infantry a bombardment destroys stays dead, and the ground goes on', () => {
    const { h, damage } = bombardBlueInfantry({}, 2);
    expect(ofType(damage, 'PieceHit')).toHaveLength(2);
    expect(ofType(damage, 'ReactionAwaited')).toHaveLength(0);
    expect(h.state.rs.ground.reactions).toEqual([]);
    redStep(h).then([{ type: 'ActionPointsSpent' }, { type: 'UnitMoved' }]);
  });
});

describe('sw-strategic: a Sword Master’s answer ahead of a bombardment’s queue (G3.11)', () => {
  it('a declined deflection lands the hit; the Medic’s turn on that unit comes first, before the queue behind', () => {
    const h = battle({}, { medicAfterBombardment: 'after-bombardment' }, (m) => {
      medicLevel(2)(m);
      const mechanic = m.legions[1].roster.find((p) => p.name === 'Legion II mechanic');
      if (mechanic) Object.assign(mechanic, { specialty: 'sword-master', level: 1 });
    });
    const blue = Object.values(h.state.rs.ground.units).filter(
      (u) => u.legion === 'blue' && u.kind === 'infantry',
    );
    const shot = blue.find((u) => u.squad === 'Legion II mechanic') as Unit;
    const bombed = blue.find((u) => u.squad === MEDIC) as Unit;
    const awaited = (kind: string, by: string, unit: Unit) =>
      given('ReactionAwaited', {
        kind,
        legion: 'blue',
        by,
        unit: unit.id,
        unitKind: unit.kind,
        hexes: unit.hexes,
        squad: unit.squad,
        shooter: 'red',
      });
    h.given([
      awaited('deflect', 'Legion II mechanic', shot),
      given('PieceHit', { piece: bombed.id, hits: 1, destroyed: true }),
      awaited('medic', MEDIC, bombed),
    ]);
    h.play('blue', 'decline-reaction', {});
    expect(h.state.rs.ground.units[shot.id]).toBeUndefined();
    // Under medicScope squad (default) the shot unit's squad has no Medic: nothing is added.
    expect(h.state.rs.ground.reactions.map((r) => r.unit)).toEqual([bombed.id]);

    // Under medicScope legion the Medic is offered the shot unit at once, ahead of the queue.
    const legion = battle(
      {},
      { medicAfterBombardment: 'after-bombardment', medicScope: 'legion' },
      (m) => {
        medicLevel(2)(m);
        const mechanic = m.legions[1].roster.find((p) => p.name === 'Legion II mechanic');
        if (mechanic) Object.assign(mechanic, { specialty: 'sword-master', level: 1 });
      },
    );
    legion.given([
      awaited('deflect', 'Legion II mechanic', shot),
      given('PieceHit', { piece: bombed.id, hits: 1, destroyed: true }),
      awaited('medic', MEDIC, bombed),
    ]);
    const out = legion.play('blue', 'decline-reaction', {});
    expect(ofType(out, 'ReactionAwaited')[0]?.data).toMatchObject({
      kind: 'medic',
      unit: shot.id,
      first: true,
    });
    expect(legion.state.rs.ground.reactions.map((r) => r.unit)).toEqual([shot.id, bombed.id]);
  });
});
