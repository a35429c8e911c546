import { MatchHarness } from '@test/support/match-harness';
import { commandersPathRuleset } from './commanders-path.ruleset';
import { renderFormula } from './cp-phrasing';
import { RULES } from './cp-rules-text';
import type { CpState } from './cp-state';
import { battleOf, eventsOf, pieceOf, SEATS, setupMatch, toMovement } from './testing/cp-kit';

/**
 * The rules' only full example («Пример: Разберем сражение между двумя флотами в открытом
 * космосе»): the cruiser “Экзорцист” and the assault craft “Магнум-К” attack the battleship
 * “Химера” in open space, played through the ruleset with the example's reported dice.
 *
 * Reading followed: the rules' formula with the printed shield. The example lists the
 * Cruiser's shield as C3 but computes the Battleship's plasma as “10 − 2 = 8”, destroying
 * the Cruiser in the Medium round. Plasma is P − S with S = 3, so the Cruiser takes 7 and
 * survives that round (7 < 8); the Battleship still dies in the Short round, and after the
 * battle the Cruiser goes to Losses for critical damage (7 ≥ 5) and the assault craft too
 * (3 > 2). The final state is the example's: every ship gone, 2 + 5 traded for 10.
 * A second test reproduces the printed arithmetic by entering the example's shield figure
 * (2) as a manual adjustment, as a club would for a card whose text differs.
 */

type G = MatchHarness<CpState>;

function example(): { g: G; exorcist: string; magnum: string; chimera: string } {
  const g = new MatchHarness(commandersPathRuleset).started(SEATS, {
    options: { deckShuffle: 'none', diceSource: 'reported' },
  });
  setupMatch(g, {
    red: {
      deck: [
        ['test-eden', 1],
        ['exorcist', 1],
        ['magnum-k', 1],
      ],
      build: [['test-eden'], ['exorcist'], ['magnum-k']],
      deploy: {
        ships: [
          ['exorcist', 'new:fleet'],
          ['magnum-k', 'new:fleet'],
        ],
        commander: 'test-eden',
      },
    },
    blue: {
      deck: [
        ['test-mine', 1],
        ['chimera', 1],
      ],
      commander: 'test-irma',
      build: [['test-mine'], ['chimera']],
      deploy: { ships: [['chimera', 'new']], commander: 'test-mine' },
    },
  });
  const exorcist = pieceOf(g, 'red', 'exorcist');
  const magnum = pieceOf(g, 'red', 'magnum-k');
  const chimera = pieceOf(g, 'blue', 'chimera');
  for (const seat of ['red', 'blue']) g.play(seat, 'set-auto-pass', { on: true });
  toMovement(g);
  // Entering a sector held by an enemy fleet needs a card that allows it: a manual
  // adjustment, approved by the opponent (option manualAdjustments = opponent).
  const sector = g.state.table.pieces[chimera].zone;
  expect(g.decide('red', 'move-ships', { ships: [exorcist, magnum], to: sector })).toMatchObject({
    code: 'enemy_sector',
    ruleRef: RULES.enemySector,
  });
  const [, proposed] = g.play('red', 'manual-move', { pieces: [exorcist, magnum], to: sector });
  g.play('blue', 'approve-manual', { id: (proposed.data as { id: string }).id });
  g.play('red', 'end-movement');
  return { g, exorcist, magnum, chimera };
}

const resolved = (events: { type: string; data: unknown }[]) =>
  eventsOf(events as never, 'AttackResolved').at(-1) as {
    targets: Record<string, unknown>[];
  } & Record<string, unknown>;

describe('the rules’ example battle: Экзорцист and Магнум-К against Химера', () => {
  it('plays Long, Medium and Short as the example does, following the printed shield C3', () => {
    const { g, exorcist, magnum, chimera } = example();
    expect(battleOf(g)).toMatchObject({
      attacker: 'red',
      defender: 'blue',
      round: 1,
      distance: 'long',
    });

    // Long: the attacker has nothing that fires; the Battleship's missiles at the Штурмовик.
    expect(
      g.decide('red', 'attack', { ship: exorcist, weapon: 'plasma', targets: [chimera] }),
    ).toMatchObject({ code: 'not_your_attack' });
    const missiles = resolved(
      g.play('blue', 'attack', {
        ship: chimera,
        weapon: 'missiles',
        targets: [magnum],
        hitFaces: [2, 4, 4, 6],
      }),
    );
    expect(missiles).toMatchObject({
      distance: 'long',
      hitDice: { faces: [2, 4, 4, 6], need: 5, hits: 1 },
    });
    expect(missiles.targets[0]).toMatchObject({
      piece: magnum,
      formula: 'hits × max(0, P − A)',
      inputs: { hits: 1, P: 4, A: 1 },
      applied: 3,
      damageAfter: 3,
    });
    expect(missiles.targets[0]).not.toHaveProperty('pointDefence');
    expect(missiles.targets[0]).not.toHaveProperty('evaded');

    // Medium: the attacker first. The Cruiser's type C maser at the type B shield: full power.
    expect(battleOf(g)).toMatchObject({ round: 2, distance: 'medium' });
    const maser = resolved(
      g.play('red', 'attack', { ship: exorcist, weapon: 'maser', targets: [chimera] }),
    );
    expect(maser.targets[0]).toMatchObject({
      formula: 'P',
      inputs: { P: 8, maserType: 'C', shieldType: 'B' },
      applied: 8,
      damageAfter: 8,
    });
    // The Battleship's type B maser cannot target the Cruiser's type C shield: it uses plasma.
    expect(
      g.decide('blue', 'attack', { ship: chimera, weapon: 'maser', targets: [exorcist] }),
    ).toMatchObject({ code: 'maser_type', ruleRef: RULES.maser });
    const plasma = resolved(
      g.play('blue', 'attack', { ship: chimera, weapon: 'plasma', targets: [exorcist] }),
    );
    expect(plasma.targets[0]).toMatchObject({
      formula: 'P − S',
      inputs: { P: 10, S: 3 },
      applied: 7,
      damageAfter: 7,
      limit: 8,
      destroyed: false,
    });
    expect(renderFormula(plasma.targets[0])).toBe('P − S = 10 − 3 → 7');
    const assault = resolved(
      g.play('red', 'attack', { ship: magnum, weapon: 'plasma', targets: [chimera] }),
    );
    expect(assault.targets[0]).toMatchObject({
      inputs: { P: 6, S: 4 },
      applied: 2,
      damageAfter: 10,
    });

    // Short: the attacker first again; +2 brings the Battleship to its durability 12.
    expect(battleOf(g)).toMatchObject({ round: 3, distance: 'short' });
    const events = g.play('red', 'attack', { ship: magnum, weapon: 'plasma', targets: [chimera] });
    expect(resolved(events).targets[0]).toMatchObject({
      applied: 2,
      damageAfter: 12,
      limit: 12,
      destroyed: true,
    });
    expect(eventsOf(events, 'BattleEnded')[0]).toMatchObject({ holder: 'red' });

    // After the battle: critical damage sends both attackers to Losses.
    expect(eventsOf(events, 'CriticalDamageApplied')[0]).toMatchObject({
      destroyed: [
        { piece: exorcist, damage: 7, critical: 5 },
        { piece: magnum, damage: 3, critical: 2 },
      ],
    });
    for (const ship of [exorcist, magnum, chimera])
      expect(g.state.table.pieces[ship].status).toBe('destroyed');
    expect(commandersPathRuleset.derive(g.state.table, g.state.rs)).toMatchObject({
      losses: { red: { count: 2, cost: 7 }, blue: { count: 1, cost: 10 } },
    });
    expect(g.state.table.turn).toMatchObject({ phase: 'movement', active: ['blue'] });
    expect(eventsOf(g.events, 'DiceRolled')).toEqual([
      expect.objectContaining({
        purpose: 'cp:missiles',
        faces: [2, 4, 4, 6],
        source: 'reported',
        reporter: 'blue',
      }),
    ]);
  });

  it('reproduces the printed arithmetic (shield 2) when that figure is entered as a card-text adjustment', () => {
    const { g, exorcist, magnum, chimera } = example();
    g.play('red', 'manual-change-piece', {
      piece: exorcist,
      attrs: { shield: { type: 'C', power: 2 } },
    });
    g.play('blue', 'approve-manual', { id: Object.keys(g.state.rs.manual.pending)[0] });
    g.play('blue', 'attack', {
      ship: chimera,
      weapon: 'missiles',
      targets: [magnum],
      hitFaces: [2, 4, 4, 6],
    });
    g.play('red', 'attack', { ship: exorcist, weapon: 'maser', targets: [chimera] });
    const plasma = resolved(
      g.play('blue', 'attack', { ship: chimera, weapon: 'plasma', targets: [exorcist] }),
    );
    expect(plasma.targets[0]).toMatchObject({
      inputs: { P: 10, S: 2 },
      applied: 8,
      damageAfter: 8,
      destroyed: true,
    });
    g.play('red', 'attack', { ship: magnum, weapon: 'plasma', targets: [chimera] });
    const events = g.play('red', 'attack', { ship: magnum, weapon: 'plasma', targets: [chimera] });
    expect(resolved(events).targets[0]).toMatchObject({ damageAfter: 12, destroyed: true });
    expect(eventsOf(events, 'CriticalDamageApplied')[0]).toMatchObject({
      destroyed: [{ piece: magnum, damage: 3, critical: 2 }],
    });
    expect(g.state.table.losses.red.map((l) => [l.piece, l.cause])).toEqual([
      [exorcist, `damage: plasma of ${chimera}`],
      [magnum, 'critical damage'],
    ]);
  });
});
