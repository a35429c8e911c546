import { MatchHarness } from '@test/support/match-harness';
import { foldMatch } from '../../../match/evolve-match';
import { lineStateOf } from '../../../match/rewind';
import { decideUndoRequest } from '../../../match/undo-decider';
import { isRejection } from '../../rule-violation';
import type { SeatSpec } from '../../ruleset';
import { ZONES } from '../rex-board';
import { RULES } from '../rex-rules-text';
import { rexRuleset } from '../rex.ruleset';
import {
  advanceTo,
  dataOf,
  reveal,
  revealOk,
  seal,
  sealAll,
  seatsOf,
  typesOf,
} from '../rex.testkit';

const BIO = {
  name: { en: 'Biological Weapon', ru: 'Биологическое Оружие' },
  category: 'attack',
  weapon: 'biological',
  payout: true,
};
const GUN = {
  name: { en: 'Energy Gun', ru: 'Энерго-ружье' },
  category: 'attack',
  weapon: 'energy',
};
const SHIELD = { name: { en: 'Shield', ru: 'Щит' }, category: 'defense', stops: ['energy'] };
const RETREAT = {
  name: { en: 'Tactical Retreat', ru: 'Тактическое Отступление' },
  category: 'defense',
  effect: 'retreat',
};

function atCombat(
  seats: SeatSpec[],
  setup: Record<string, unknown>,
  options: Record<string, unknown> = {},
) {
  const g = new MatchHarness(rexRuleset).started(seats, {
    setup: {
      fleetSector: 9,
      strategyDeck: [],
      influenceDeck: [{ kind: 'standard', places: [{ location: 'archive-hall', amount: 2 }] }],
      ...setup,
    },
    options: { deckOrder: 'as-listed', ...options },
  });
  if (seats.some((s) => s.faction === 'xxcha'))
    seal(g, 'xxcha', 'predict', { seat: seats[0].seat, round: 8 });
  g.play((setup.firstPlayer as string) ?? seats[0].seat, 'begin');
  advanceTo(g, 'combat');
  return g;
}

const at = (g: MatchHarness, zone: string, owner: string) =>
  Object.values(g.state.table.pieces).filter(
    (p) => p.zone === zone && p.owner === owner && p.type !== 'leader',
  ).length;

/** Example 8: Sol 6 and Letnev 4 in the Imperial Fleet Base; Letnev is the first player. */
function example8() {
  return atCombat(seatsOf('letnev', 'sol', 'hacan'), {
    strategyDeck: [BIO, SHIELD, GUN, SHIELD],
    factions: [
      { faction: 'letnev', placements: [{ location: 'imperial-fleet-base', troops: 4 }] },
      { faction: 'sol', placements: [{ location: 'imperial-fleet-base', troops: 6 }] },
    ],
  });
}

const LETNEV_PLAN = { dial: 2, leader: 'leader:letnev:4', slot: 'attack-defense' };
const SOL_PLAN = { dial: 4, leader: 'leader:sol:5', slot: 'attack' };

describe('battles', () => {
  it('example 8: the battle at the Imperial Fleet Base, with sealed wheels and cards', () => {
    const g = example8();
    expect(g.state.table.turn).toMatchObject({ phase: 'combat', active: ['letnev'] });
    const opened = g.play('letnev', 'start-battle', {
      location: 'imperial-fleet-base',
      opponent: 'sol',
    });
    expect(dataOf(opened, 'BattleOpened')[0]).toMatchObject({
      sides: ['letnev', 'sol'],
      report: [
        { seat: 'letnev', troops: 4, handSize: 2 },
        { seat: 'sol', troops: 6, handSize: 1 },
      ],
    });
    // The wheels: sealed by both, then revealed.
    const wheels = sealAll(g, 'battle-plan', { letnev: LETNEV_PLAN, sol: SOL_PLAN });
    expect(dataOf(wheels, 'BattleWheelsRevealed')).toHaveLength(1);
    expect(g.state.rs.battle).toMatchObject({ step: 'cards', due: ['letnev', 'sol'] });
    // The cards: sealed, then revealed at once. Letnev: Biological Weapon + Shield; Sol: Energy Gun.
    sealAll(g, 'battle-cards', {
      letnev: { attack: 'strategy:1', defense: 'strategy:2' },
      sol: { attack: 'strategy:3' },
    });
    expect(g.state.rs.battle).toMatchObject({ step: 'traitor', due: ['letnev', 'sol'] });
    const resolved = sealAll(g, 'call-traitor', { letnev: {}, sol: {} });
    const types = typesOf(resolved);
    // Letnev, the first player, resolves first: the Biological Weapon kills Sol's leader, Letnev gains 6.
    expect(dataOf(resolved, 'LeaderKilled')).toEqual([
      expect.objectContaining({ leader: 'leader:sol:5', owner: 'sol', by: 'strategy:1' }),
    ]);
    expect(dataOf(resolved, 'InfluenceGained')).toEqual([
      expect.objectContaining({ seat: 'letnev', amount: 6, ruleRef: RULES.biologicalWeapon }),
    ]);
    // Sol's Energy Gun fails: Letnev is under a Shield.
    expect(dataOf(resolved, 'AttackStopped')).toEqual([
      {
        battle: 'battle-1-1',
        card: 'strategy:3',
        by: 'strategy:2',
        ruleRef: RULES.shieldStops,
        names: { card: GUN.name, by: SHIELD.name },
      },
    ]);
    expect(types.indexOf('LeaderKilled')).toBeLessThan(types.indexOf('AttackStopped'));
    // Totals: Letnev 6 (2 + 4), Sol 4 (4 + 0, its leader dead).
    expect(dataOf(resolved, 'BattleResolved')[0]).toMatchObject({
      winner: 'letnev',
      losers: ['sol'],
      totals: { letnev: { dial: 2, leader: 4, total: 6 }, sol: { dial: 4, leader: 0, total: 4 } },
      tieBreak: false,
    });
    // All 6 Sol troops and its dead leader go to the Loss Bank; Sol discards the Energy Gun.
    expect(at(g, 'imperial-fleet-base', 'sol')).toBe(0);
    expect(g.state.table.losses.sol.map((l) => l.piece)).toContain('leader:sol:5');
    expect(g.state.table.pieces['leader:sol:5']).toMatchObject({
      zone: ZONES.losses('sol'),
      status: 'destroyed',
    });
    expect(g.state.table.pieces['strategy:3'].zone).toBe(ZONES.strategyDiscard);
    // Letnev loses 2 troops (2 remain) and chooses for each card.
    expect(at(g, 'imperial-fleet-base', 'letnev')).toBe(2);
    expect(g.state.table.tracks['influence:letnev'].value).toBe(16);
    expect(g.state.table.pieces['leader:letnev:4'].zone).toBe(ZONES.reserve('letnev'));
    expect(g.state.rs.battle).toMatchObject({
      step: 'keep',
      keep: { seat: 'letnev', cards: ['strategy:1', 'strategy:2'] },
    });
    expect(g.decide('letnev', 'keep-cards', { discard: ['strategy:3'] })).toMatchObject({
      code: 'not_played',
    });
    const kept = g.play('letnev', 'keep-cards', { discard: ['strategy:1'] });
    expect(dataOf(kept, 'BattleCardsKept')[0]).toMatchObject({
      kept: ['strategy:2'],
      discarded: ['strategy:1'],
    });
    expect(g.state.table.pieces['strategy:2'].zone).toBe(ZONES.hand('letnev'));
    // No battles left: Collection, then the Bombardment.
    expect(typesOf(kept)).toEqual(
      expect.arrayContaining(['BattleClosed', 'CombatEnded', 'SupportFleetPaid']),
    );
    expect(g.state.table.turn.phase).toBe('bombardment');
    // Next round, Sol buys its leader back (strength 6) with 3 troops.
    advanceTo(g, 'recruitment', 2);
    const recruited = g.play('sol', 'recruit', { troops: 3, leader: 'leader:sol:5' });
    expect(dataOf(recruited, 'TroopsRecruited')[0]).toMatchObject({
      leader: 'leader:sol:5',
      cost: 12,
      ruleRef: RULES.leaderRecruit,
    });
    expect(g.state.table.pieces['leader:sol:5']).toMatchObject({
      zone: ZONES.reserve('sol'),
      status: 'active',
    });
  });

  it('refuses a dial above the troops present, with the rule, and applies nothing', () => {
    const g = example8();
    g.play('letnev', 'start-battle', { location: 'imperial-fleet-base', opponent: 'sol' });
    const letnev = seal(g, 'letnev', 'battle-plan', LETNEV_PLAN);
    const bad = { dial: 7, leader: 'leader:sol:5', slot: 'attack' };
    const sol = seal(g, 'sol', 'battle-plan', bad);
    const head = g.events.length;
    expect(reveal(g, 'sol', sol, bad)).toEqual({
      kind: 'rule_violation',
      code: 'dial_too_high',
      message: expect.stringContaining('from 0 to 6, not 7'),
      localized: {
        en: expect.stringContaining('from 0 to 6, not 7'),
        ru: 'У вас в локации «База Императорского Флота» 6 Войск: на Колесе можно выставить от 0 до 6, а не 7',
      },
      ruleRef: RULES.dial,
    });
    expect(g.events).toHaveLength(head);
    // A reveal that does not match its seal is refused too (by the engine), nothing applied.
    expect(reveal(g, 'letnev', letnev, { ...LETNEV_PLAN, dial: 3 })).toMatchObject({
      code: 'seal_mismatch',
      ruleRef: RULES.wheelsRevealed,
    });
    expect(reveal(g, 'letnev', letnev, LETNEV_PLAN, 'f'.repeat(32))).toMatchObject({
      code: 'seal_mismatch',
    });
    expect(g.events).toHaveLength(head);
    // The remedy: Sol takes back its own seal (nothing revealed since) and seals a legal wheel.
    const toSeq =
      g.events.find(
        (e) => e.type === 'DecisionSealed' && (e.data as { seat: string }).seat === 'sol',
      )!.seq - 1;
    const undo = decideUndoRequest(
      rexRuleset,
      g.state,
      { requestId: 'u', seat: 'sol', toSeq, reason: 'illegal wheel' },
      g.events.filter((e) => e.seq > toSeq),
      lineStateOf(foldMatch(rexRuleset, g.matchId, g.events.slice(0, toSeq + 1))),
    );
    expect(isRejection(undo) ? undo : undo.map((e) => e.type)).toEqual([
      'UndoRequested',
      'TimelineRewound',
    ]);
    if (!isRejection(undo)) g.record(undo, { kind: 'seat', id: 'sol', seat: 'sol' });
    const again = seal(g, 'sol', 'battle-plan', SOL_PLAN);
    revealOk(g, 'letnev', letnev, LETNEV_PLAN);
    revealOk(g, 'sol', again, SOL_PLAN);
    expect(g.state.rs.battle?.step).toBe('cards');
  });

  it('keeps wheels sealed until both sides have sealed', () => {
    const g = example8();
    g.play('letnev', 'start-battle', { location: 'imperial-fleet-base', opponent: 'sol' });
    const id = seal(g, 'letnev', 'battle-plan', LETNEV_PLAN);
    expect(reveal(g, 'letnev', id, LETNEV_PLAN)).toMatchObject({ code: 'reveal_too_early' });
    expect(g.decide('letnev', 'battle-plan', LETNEV_PLAN)).toMatchObject({
      code: 'must_be_sealed',
    });
  });

  it('refuses a wheel without a leader when one is available, and cards that do not match the slot', () => {
    const g = example8();
    g.play('letnev', 'start-battle', { location: 'imperial-fleet-base', opponent: 'sol' });
    const noLeader = { dial: 1, slot: 'none' };
    const l = seal(g, 'letnev', 'battle-plan', noLeader);
    seal(g, 'sol', 'battle-plan', SOL_PLAN);
    expect(reveal(g, 'letnev', l, noLeader)).toMatchObject({
      code: 'leader_required',
      ruleRef: RULES.leaderRequired,
    });
  });

  it('makes a side play the card its slot calls for when it holds one', () => {
    const g = example8();
    g.play('letnev', 'start-battle', { location: 'imperial-fleet-base', opponent: 'sol' });
    sealAll(g, 'battle-plan', { letnev: LETNEV_PLAN, sol: SOL_PLAN });
    const l = seal(g, 'letnev', 'battle-cards', { attack: 'strategy:1' });
    const s = seal(g, 'sol', 'battle-cards', { defense: 'strategy:3' });
    expect(reveal(g, 'letnev', l, { attack: 'strategy:1' })).toMatchObject({
      code: 'must_play_defense',
      ruleRef: RULES.slotMustPlay,
    });
    expect(reveal(g, 'sol', s, { defense: 'strategy:3' })).toMatchObject({
      code: 'wrong_card_type',
    });
  });

  it('refuses a leader that already fought in another location this round; it may fight again in the same one', () => {
    const g = atCombat(seatsOf('letnev', 'sol', 'hacan'), {
      factions: [
        {
          faction: 'letnev',
          placements: [
            { location: 'imperial-fleet-base', troops: 3 },
            { location: 'vel-terro', troops: 3 },
          ],
        },
        {
          faction: 'sol',
          placements: [
            { location: 'imperial-fleet-base', troops: 1 },
            { location: 'vel-terro', troops: 1 },
          ],
        },
        { faction: 'hacan', placements: [{ location: 'imperial-fleet-base', troops: 1 }] },
      ],
    });
    const plan = (leader: string) => ({ dial: 1, leader, slot: 'none' });
    g.play('letnev', 'start-battle', { location: 'imperial-fleet-base', opponent: 'sol' });
    sealAll(g, 'battle-plan', { letnev: plan('leader:letnev:5'), sol: plan('leader:sol:1') });
    sealAll(g, 'call-traitor', { letnev: {}, sol: {} });
    expect(g.state.rs.leaderUse['leader:letnev:5']).toBe('imperial-fleet-base');
    // Duels one at a time: Letnev now fights Hacan in the same location, with the same leader.
    expect(g.state.table.turn.active).toEqual(['letnev']);
    g.play('letnev', 'start-battle', { location: 'imperial-fleet-base', opponent: 'hacan' });
    sealAll(g, 'battle-plan', { letnev: plan('leader:letnev:5'), hacan: plan('leader:hacan:1') });
    sealAll(g, 'call-traitor', { letnev: {}, hacan: {} });
    // In Vel Terro the leader is refused.
    g.play('letnev', 'start-battle', { location: 'vel-terro', opponent: 'sol' });
    const l = seal(g, 'letnev', 'battle-plan', plan('leader:letnev:5'));
    seal(g, 'sol', 'battle-plan', plan('leader:sol:2'));
    expect(reveal(g, 'letnev', l, plan('leader:letnev:5'))).toEqual({
      kind: 'rule_violation',
      code: 'leader_fought_elsewhere',
      message:
        'leader:letnev:5 fought in imperial-fleet-base this round: it cannot fight in vel-terro',
      localized: {
        en: 'leader:letnev:5 fought in imperial-fleet-base this round: it cannot fight in vel-terro',
        // Leader and locations by their names on the board, never their ids.
        ru: 'Лидер «Лидер Летнев 5» уже сражался в этом раунде в локации «База Императорского Флота»: в локации «Жилой Район Вел Терро» он сражаться не может',
      },
      ruleRef: RULES.leaderReuse,
    });
  });

  it('example 10: Jol-Nar, the first player, resolves before Xxcha; and a tie goes to the earlier player', () => {
    const g = atCombat(seatsOf('jolnar', 'xxcha', 'sol'), {
      strategyDeck: [GUN, GUN, SHIELD],
      factions: [
        { faction: 'jolnar', placements: [{ location: 'vel-terro', troops: 3 }] },
        { faction: 'xxcha', placements: [{ location: 'vel-terro', troops: 3 }] },
      ],
    });
    g.play('jolnar', 'start-battle', { location: 'vel-terro', opponent: 'xxcha' });
    sealAll(g, 'battle-plan', {
      xxcha: { dial: 2, leader: 'leader:xxcha:3', slot: 'attack' },
      jolnar: { dial: 2, leader: 'leader:jolnar:3', slot: 'attack' },
    });
    sealAll(g, 'battle-cards', {
      xxcha: { attack: 'strategy:2' },
      jolnar: { attack: 'strategy:1' },
    });
    const resolved = sealAll(g, 'call-traitor', { xxcha: {}, jolnar: {} });
    expect(dataOf(resolved, 'LeaderKilled').map((k) => k.by)).toEqual(['strategy:1', 'strategy:2']);
    expect(dataOf(resolved, 'BattleResolved')[0]).toMatchObject({
      winner: 'jolnar',
      tieBreak: true,
      totals: { jolnar: { total: 2 }, xxcha: { total: 2 } },
      ruleRef: RULES.tie,
    });
  });

  it('example 11: a Lazax winner with 3 Mechanized troops and dial 3 loses 2 of them', () => {
    const g = atCombat(seatsOf('lazax', 'sol', 'hacan'), {
      factions: [
        { faction: 'lazax', placements: [{ location: 'vel-terro', troops: 0, mechanized: 3 }] },
        { faction: 'sol', placements: [{ location: 'vel-terro', troops: 1 }] },
      ],
    });
    g.play('lazax', 'start-battle', { location: 'vel-terro', opponent: 'sol' });
    const tooHigh = { dial: 7, leader: 'leader:lazax:5', slot: 'none' };
    const id = seal(g, 'lazax', 'battle-plan', tooHigh);
    seal(g, 'sol', 'battle-plan', { dial: 0, leader: 'leader:sol:1', slot: 'none' });
    expect(reveal(g, 'lazax', id, tooHigh)).toMatchObject({
      code: 'dial_too_high',
      message: expect.stringContaining('strength 6'),
    });
  });

  it('example 11 played out: the losses are taken automatically when only one choice is legal', () => {
    const g = atCombat(seatsOf('lazax', 'sol', 'hacan'), {
      factions: [
        { faction: 'lazax', placements: [{ location: 'vel-terro', troops: 0, mechanized: 3 }] },
        { faction: 'sol', placements: [{ location: 'vel-terro', troops: 1 }] },
      ],
    });
    g.play('lazax', 'start-battle', { location: 'vel-terro', opponent: 'sol' });
    sealAll(g, 'battle-plan', {
      lazax: { dial: 3, leader: 'leader:lazax:5', slot: 'none' },
      sol: { dial: 0, leader: 'leader:sol:1', slot: 'none' },
    });
    const resolved = sealAll(g, 'call-traitor', { lazax: {}, sol: {} });
    expect(dataOf(resolved, 'BattleLossesTaken')[0]).toMatchObject({
      seat: 'lazax',
      troops: ['mech:lazax:1', 'mech:lazax:2'],
      strength: 4,
      ruleRef: RULES.lazaxLosses,
    });
    expect(at(g, 'vel-terro', 'lazax')).toBe(1);
  });

  it('lets Lazax choose its losses when there is a choice, at least the dial and no troop more than needed', () => {
    const g = atCombat(seatsOf('lazax', 'sol', 'hacan'), {
      factions: [
        { faction: 'lazax', placements: [{ location: 'vel-terro', troops: 1, mechanized: 3 }] },
        { faction: 'sol', placements: [{ location: 'vel-terro', troops: 1 }] },
      ],
    });
    g.play('lazax', 'start-battle', { location: 'vel-terro', opponent: 'sol' });
    sealAll(g, 'battle-plan', {
      lazax: { dial: 3, leader: 'leader:lazax:5', slot: 'none' },
      sol: { dial: 0, leader: 'leader:sol:1', slot: 'none' },
    });
    sealAll(g, 'call-traitor', { lazax: {}, sol: {} });
    expect(g.state.rs.battle).toMatchObject({ step: 'losses', losses: { seat: 'lazax', dial: 3 } });
    expect(g.decide('lazax', 'take-losses', { troops: 0, mechanized: 1 })).toMatchObject({
      code: 'losses_not_allowed',
    });
    expect(g.decide('lazax', 'take-losses', { troops: 1, mechanized: 2 })).toMatchObject({
      code: 'losses_not_allowed',
    });
    const taken = g.play('lazax', 'take-losses', { troops: 1, mechanized: 1 });
    expect(dataOf(taken, 'BattleLossesTaken')[0]).toMatchObject({ strength: 3 });
    expect(at(g, 'vel-terro', 'lazax')).toBe(2);
  });

  describe('Traitors and Tactical Retreat', () => {
    // As listed, Letnev draws the first 4 Traitors (one of them Sol's leader 5), Sol the next
    // (Letnev's leader 4), Hacan the one after (Letnev's leader 5).
    const traitorDeck = [
      'leader:sol:5',
      'leader:letnev:1',
      'leader:letnev:2',
      'leader:letnev:3',
      'leader:letnev:4',
      'leader:letnev:5',
      'leader:sol:1',
      'leader:sol:2',
      'leader:sol:3',
      'leader:sol:4',
      'leader:hacan:1',
      'leader:hacan:2',
      'leader:hacan:3',
      'leader:hacan:4',
      'leader:hacan:5',
    ];
    const traitorGame = (strategyDeck: unknown[] = [BIO, SHIELD, GUN, SHIELD]) => {
      const g = atCombat(seatsOf('letnev', 'sol', 'hacan'), {
        strategyDeck,
        traitorDeck,
        factions: [
          { faction: 'letnev', placements: [{ location: 'imperial-fleet-base', troops: 4 }] },
          { faction: 'sol', placements: [{ location: 'imperial-fleet-base', troops: 6 }] },
        ],
      });
      g.play('letnev', 'start-battle', { location: 'imperial-fleet-base', opponent: 'sol' });
      return g;
    };

    it('a Traitor wins at once: the betrayed leader dies, no card takes effect, the winner loses no troops, the card goes back', () => {
      const g = traitorGame();
      sealAll(g, 'battle-plan', {
        letnev: { dial: 2, leader: 'leader:letnev:1', slot: 'none' },
        sol: SOL_PLAN,
      });
      sealAll(g, 'battle-cards', { sol: { attack: 'strategy:3' } });
      const resolved = sealAll(g, 'call-traitor', {
        letnev: { traitor: 'traitor:sol:5' },
        sol: {},
      });
      expect(dataOf(resolved, 'TraitorRevealed')).toEqual([
        {
          battle: 'battle-1-1',
          seat: 'letnev',
          card: 'traitor:sol:5',
          leader: 'leader:sol:5',
          ruleRef: RULES.traitorEffects,
        },
      ]);
      expect(dataOf(resolved, 'BattleResolved')[0]).toMatchObject({
        winner: 'letnev',
        losers: ['sol'],
        byTraitor: true,
      });
      expect(typesOf(resolved)).not.toContain('AttackStopped');
      expect(at(g, 'imperial-fleet-base', 'sol')).toBe(0);
      expect(at(g, 'imperial-fleet-base', 'letnev')).toBe(4);
      expect(g.state.table.pieces['leader:sol:5'].status).toBe('destroyed');
      expect(g.state.table.pieces['strategy:3'].zone).toBe(ZONES.strategyDiscard);
      expect(g.state.table.pieces['traitor:sol:5'].zone).toBe(ZONES.traitorDeck);
      expect(g.state.rs.battle).toBeNull();
    });

    it('when both reveal a Traitor, both lose', () => {
      const g = traitorGame();
      sealAll(g, 'battle-plan', {
        letnev: { dial: 2, leader: 'leader:letnev:4', slot: 'none' },
        sol: { dial: 1, leader: 'leader:sol:5', slot: 'none' },
      });
      const resolved = sealAll(g, 'call-traitor', {
        letnev: { traitor: 'traitor:sol:5' },
        sol: { traitor: 'traitor:letnev:4' },
      });
      expect(dataOf(resolved, 'BattleResolved')[0]).toMatchObject({
        winner: null,
        losers: ['letnev', 'sol'],
        ruleRef: RULES.bothTraitors,
      });
      expect([at(g, 'imperial-fleet-base', 'letnev'), at(g, 'imperial-fleet-base', 'sol')]).toEqual(
        [0, 0],
      );
    });

    it('refuses a Traitor card the seat does not hold, or one naming another leader', () => {
      const g = traitorGame();
      sealAll(g, 'battle-plan', {
        letnev: { dial: 2, leader: 'leader:letnev:2', slot: 'none' },
        sol: { dial: 1, leader: 'leader:sol:5', slot: 'none' },
      });
      const l = seal(g, 'letnev', 'call-traitor', { traitor: 'traitor:letnev:4' });
      const s = seal(g, 'sol', 'call-traitor', { traitor: 'traitor:letnev:4' });
      expect(reveal(g, 'letnev', l, { traitor: 'traitor:letnev:4' })).toMatchObject({
        code: 'not_your_traitor',
        ruleRef: RULES.traitor,
      });
      expect(reveal(g, 'sol', s, { traitor: 'traitor:letnev:4' })).toMatchObject({
        code: 'traitor_mismatch',
        ruleRef: RULES.traitor,
      });
    });

    it('Tactical Retreat: the retreating side’s leader and troops go back to the Reserve, the opponent wins, nobody loses troops', () => {
      const g = traitorGame([BIO, SHIELD, RETREAT, SHIELD]);
      sealAll(g, 'battle-plan', {
        letnev: { dial: 3, leader: 'leader:letnev:2', slot: 'attack' },
        sol: { dial: 5, leader: 'leader:sol:5', slot: 'defense' },
      });
      sealAll(g, 'battle-cards', {
        letnev: { attack: 'strategy:1' },
        sol: { defense: 'strategy:3' },
      });
      const resolved = sealAll(g, 'call-traitor', { letnev: {}, sol: {} });
      expect(dataOf(resolved, 'TacticalRetreatResolved')).toEqual([
        { battle: 'battle-1-1', seats: ['sol'], ruleRef: RULES.retreat },
      ]);
      expect(dataOf(resolved, 'BattleResolved')[0]).toMatchObject({
        winner: 'letnev',
        losers: ['sol'],
        retreat: true,
      });
      expect(typesOf(resolved)).not.toContain('LeaderKilled');
      expect(at(g, ZONES.reserve('sol'), 'sol')).toBe(20);
      expect(at(g, 'imperial-fleet-base', 'letnev')).toBe(4);
      expect(g.state.table.pieces['strategy:3'].zone).toBe(ZONES.strategyDiscard);
      g.play('letnev', 'keep-cards', { discard: [] });
      expect(g.state.table.pieces['strategy:1'].zone).toBe(ZONES.hand('letnev'));
    });
  });

  it('with option slotWithoutCard = leader-counts-zero, a slot whose card the side does not hold costs the leader', () => {
    const g = atCombat(
      seatsOf('letnev', 'sol', 'hacan'),
      {
        strategyDeck: [SHIELD, SHIELD, SHIELD, SHIELD],
        factions: [
          { faction: 'letnev', placements: [{ location: 'imperial-fleet-base', troops: 4 }] },
          { faction: 'sol', placements: [{ location: 'imperial-fleet-base', troops: 6 }] },
        ],
      },
      { slotWithoutCard: 'leader-counts-zero' },
    );
    g.play('letnev', 'start-battle', { location: 'imperial-fleet-base', opponent: 'sol' });
    sealAll(g, 'battle-plan', {
      letnev: { dial: 2, leader: 'leader:letnev:4', slot: 'none' },
      sol: { dial: 1, leader: 'leader:sol:5', slot: 'attack' },
    });
    sealAll(g, 'battle-cards', { sol: {} });
    const resolved = sealAll(g, 'call-traitor', { letnev: {}, sol: {} });
    expect(dataOf(resolved, 'BattleResolved')[0]).toMatchObject({
      winner: 'letnev',
      totals: { sol: { dial: 1, leader: 0, total: 1 }, letnev: { total: 6 } },
    });
  });

  it('fights no battle in the Galactic Council, nor between allies', () => {
    const g = atCombat(seatsOf('letnev', 'sol', 'hacan'), {
      alliances: [['sol', 'hacan']],
      factions: [
        {
          faction: 'letnev',
          placements: [
            { location: 'galactic-council', troops: 1 },
            { location: 'vel-terro', troops: 1 },
          ],
        },
        {
          faction: 'sol',
          placements: [
            { location: 'galactic-council', troops: 1 },
            { location: 'vel-terro', troops: 1 },
          ],
        },
      ],
    });
    expect(
      g.decide('letnev', 'start-battle', { location: 'galactic-council', opponent: 'sol' }),
    ).toMatchObject({
      code: 'no_battle_here',
      ruleRef: RULES.noBattleCouncil,
    });
    expect(
      g.decide('letnev', 'start-battle', { location: 'vel-terro', opponent: 'hacan' }),
    ).toMatchObject({ code: 'no_battle' });
  });
});
