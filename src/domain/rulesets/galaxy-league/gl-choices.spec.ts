import { MatchHarness } from '@test/support/match-harness';
import { decideCreateMatch } from '../../match/match-decider';
import { galaxyLeagueRuleset } from './galaxy-league.ruleset';
import { RULES } from './gl-rules-text';
import type { GalaxyLeagueState } from './gl-state';
import { creditsTrack } from './gl-tracks';
import { atBattles, declareAll, endStage, quietRound, reveal, seal } from './gl.testkit';

/**
 * Choices the text leaves open, each a named option: every value given, when, then.
 * Anna (Empire) holds Aurora, Borealis, Cinder; Boris (Devourers) Dorado, Ember, Fornax;
 * Vera (Eternals) Gaia, Helix, Ion; Juno, Kepler, Lyra and the middle are neutral.
 */
const SEATS = [
  { seat: 'anna', faction: 'empire' },
  { seat: 'boris', faction: 'devourers' },
  { seat: 'vera', faction: 'eternals' },
];
const NONE = { attacks: [], colonisations: [] };
const NO_JOINS = { joins: [] };
type League = MatchHarness<GalaxyLeagueState>;

function league(options: Record<string, unknown> = {}): League {
  return new MatchHarness(galaxyLeagueRuleset, 'league-1').started(SEATS, {
    options: options as never,
  });
}
const credits = (h: League, seat: string) => h.state.table.tracks[creditsTrack(seat)].value;
/** Round 2's Attack stage: each player has 90 IC (two rounds of income). */
function atAttack(options: Record<string, unknown> = {}): League {
  const h = league(options);
  quietRound(h);
  endStage(h);
  expect([h.state.rs.round, h.state.rs.stage]).toEqual([2, 'attack']);
  return h;
}
/** Reveals the seat's declaration once every player has sealed (the others declare nothing). */
function declared(h: League, seat: string, params: object) {
  const id = seal(h, seat, 'declare-attacks', params);
  for (const other of SEATS.map((s) => s.seat))
    if (other !== seat) seal(h, other, 'declare-attacks', NONE);
  return reveal(h, seat, id, params);
}

describe('galaxy-league: the choices the text leaves open', () => {
  describe('option mercenaryPrices', () => {
    /** Anna attacks Ember; Boris hires one mercenary for it, which wins; the round ends. */
    function mercenaryRound(h: League): number[] {
      endStage(h);
      declareAll(h, 'declare-attacks', {
        anna: { attacks: [{ ship: 'ship:anna:1', planet: 'ember' }], colonisations: [] },
        boris: NONE,
        vera: NONE,
      });
      endStage(h);
      declareAll(h, 'declare-joins', { anna: NO_JOINS, boris: NO_JOINS, vera: NO_JOINS });
      const hired = h
        .play('boris', 'hire-mercenaries', { planet: 'ember', count: 1 })
        .find((e) => e.type === 'MercenariesHired');
      endStage(h);
      endStage(h);
      return (hired?.data as { prices: number[] }).prices;
    }

    it.each([
      ['each-round', [100], [100]],
      ['whole-league', [100], [150]],
    ])('%s: the first mercenary of round 2 and of round 3 cost %j and %j', (value, r2, r3) => {
      const h = league({ mercenaryPrices: value });
      quietRound(h);
      // Boris can afford them (mercenaries' prices, not his purse, are what is tested).
      h.state.table.tracks[creditsTrack('boris')].value = 1000;
      expect(mercenaryRound(h)).toEqual(r2);
      expect(h.state.rs.owner.ember).toBe('boris');
      expect(h.state.rs.round).toBe(3);
      expect(mercenaryRound(h)).toEqual(r3);
    });
  });

  describe('option mercenaryPriceCount', () => {
    it.each([
      ['per-player', [100], [150]],
      ['per-planet', [100], [100]],
    ])(
      '%s: Boris’s first mercenaries for Ember and for Fornax cost %j and %j',
      (value, ember, fornax) => {
        // Given Anna attacks Ember and Vera Fornax, both Boris's, and Boris can pay.
        const h = atAttack({ mercenaryPriceCount: value });
        declareAll(h, 'declare-attacks', {
          anna: { attacks: [{ ship: 'ship:anna:1', planet: 'ember' }], colonisations: [] },
          boris: NONE,
          vera: { attacks: [{ ship: 'ship:vera:1', planet: 'fornax' }], colonisations: [] },
        });
        endStage(h);
        declareAll(h, 'declare-joins', { anna: NO_JOINS, boris: NO_JOINS, vera: NO_JOINS });
        h.state.table.tracks[creditsTrack('boris')].value = 1000;
        // When he hires one mercenary for each planet,
        const prices = (planet: string) =>
          (
            h
              .play('boris', 'hire-mercenaries', { planet, count: 1 })
              .find((e) => e.type === 'MercenariesHired')?.data as { prices: number[] }
          ).prices;
        // then the second is priced by the option's count.
        expect(prices('ember')).toEqual(ember);
        expect(prices('fornax')).toEqual(fornax);
      },
    );
  });

  describe('option colonisationBattlePenalty', () => {
    it.each([
      ['none', 0, { anna: 50, boris: 30 }],
      ['by-distance', -10, { anna: 50, boris: 25 }],
    ])(
      '%s: Anna and Boris fight for Orion (1 LY each) with penalty %d',
      (value, penalty, amounts) => {
        // Given Anna colonises Orion (1 LY from Borealis) and Boris joins it (1 LY from Ember),
        const h = atAttack({ colonisationBattlePenalty: value });
        declareAll(h, 'declare-attacks', {
          anna: { attacks: [], colonisations: [{ ships: ['ship:anna:3'], planet: 'orion' }] },
          boris: NONE,
          vera: NONE,
        });
        endStage(h);
        declareAll(h, 'declare-joins', {
          anna: NO_JOINS,
          boris: { joins: [{ ship: 'ship:boris:1', planet: 'orion' }] },
          vera: NO_JOINS,
        });
        endStage(h);
        // when the battle is reported (Anna 40 points, Boris 30) and confirmed,
        h.play('boris', 'report-battle', {
          planet: 'orion',
          winner: 'anna',
          points: [
            { seat: 'anna', points: 40 },
            { seat: 'boris', points: 30 },
          ],
          destroyed: [],
        });
        h.play('anna', 'confirm-battle', { planet: 'orion' });
        // then each coloniser's penalty is the option's, and the payouts follow from it.
        const settled = h.events.find((e) => e.type === 'BattleSettled')?.data as {
          payouts: { seat: string; penalty: number; amount: number }[];
        };
        expect(settled.payouts).toEqual([
          expect.objectContaining({ seat: 'anna', penalty, amount: amounts.anna }),
          expect.objectContaining({ seat: 'boris', penalty, amount: amounts.boris }),
        ]);
        expect(h.state.rs.owner.orion).toBe('anna');
      },
    );
  });

  describe('option payoutMinimum', () => {
    it.each([
      ['floor', 25, 50],
      ['on-top', 20 + 25, 40 + 50],
    ])('%s: a loser of 20 points gets %d, a winner of 40 gets %d', (value, loser, winner) => {
      // Given Anna (-25 for 2 LY) attacks Ember, which Boris defends,
      const h = atBattles({ payoutMinimum: value });
      // when Boris wins with 40 points and Anna has 45 (20 after her penalty),
      h.play('boris', 'report-battle', {
        planet: 'ember',
        winner: 'boris',
        points: [
          { seat: 'anna', points: 45 },
          { seat: 'boris', points: 40 },
        ],
        destroyed: [],
      });
      h.play('anna', 'confirm-battle', { planet: 'ember' });
      // then the minimums are a floor or come on top of the points.
      const settled = h.events.find(
        (e) => e.type === 'BattleSettled' && (e.data as { planet: string }).planet === 'ember',
      )?.data as { payouts: { seat: string; amount: number; basis: string }[] };
      expect(settled.payouts).toEqual([
        expect.objectContaining({ seat: 'anna', amount: loser, basis: 'loser-minimum' }),
        expect.objectContaining({ seat: 'boris', amount: winner, basis: 'winner-minimum' }),
      ]);
    });
  });

  describe('option moraleThreshold', () => {
    it.each([
      ['at-least-4', 4, 'demoralised'],
      ['at-least-4', 5, 'demoralised'],
      ['exactly-4', 4, 'demoralised'],
      ['exactly-4', 5, 'neither'],
      ['at-least-4', 3, 'neither'],
    ])('%s: Boris lost %d battles in round 2, and is %s in round 3', (value, lost, status) => {
      // Given round 2's Battles stage, where Boris (5 ships, the Devourers) lost `lost` battles
      // (the tally the settled battles keep; five battles are not played out here),
      const h = atBattles({ moraleThreshold: value }, true);
      h.state.rs.tally.boris = { won: 0, lost, capitalLost: false, capitalTaken: false };
      // when the round ends,
      h.play('boris', 'record-no-show', { planet: 'ember', absent: ['anna'] });
      h.play('anna', 'record-no-show', { planet: 'aurora', absent: ['vera'] });
      endStage(h);
      expect(h.state.rs.round).toBe(3);
      // then his morale for round 3 follows the option's threshold.
      expect(h.state.rs.players.boris.morale?.status ?? 'neither').toBe(status);
    });
  });

  describe('option factionBonuses', () => {
    // Aurora, Anna's capital, lies beyond 3 LY of Vera (Eternals).
    const aurora = { attacks: [{ ship: 'ship:vera:1', planet: 'aurora' }], colonisations: [] };

    it('as-named (default): the Eternals attack beyond 3 LY', () => {
      const events = declared(atAttack(), 'vera', aurora);
      expect(events).toEqual(
        expect.arrayContaining([expect.objectContaining({ type: 'AttacksDeclared' })]),
      );
    });

    it('none: the Eternals keep to 3 LY, and the refusal names the option', () => {
      const refused = declared(atAttack({ factionBonuses: 'none' }), 'vera', aurora);
      expect(refused).toMatchObject({
        code: 'too_far',
        ruleRef: expect.stringContaining(RULES.maxDistance),
      });
      expect((refused as { localized: { ru: string } }).localized.ru).toContain(
        '«Бонусы фракций»: без бонусов',
      );
    });

    /** Round 2's Preparation, Anna playing the Amoebas with 90 IC. */
    function amoebas(options: Record<string, unknown>): League {
      const h = new MatchHarness(galaxyLeagueRuleset, 'league-1').started(
        [{ seat: 'anna', faction: 'amoebas' }, ...SEATS.slice(1)],
        { options: options as never },
      );
      quietRound(h);
      expect([h.state.rs.round, h.state.rs.stage]).toEqual([2, 'preparation']);
      return h;
    }

    it('as-named (default): the Amoebas move their capital in round 2', () => {
      const h = amoebas({});
      h.when('anna', 'change-capital', { planet: 'borealis' }).then([
        { type: 'CapitalSet', data: { seat: 'anna', territory: 'borealis', cost: 50 } },
        { type: 'TrackChanged', data: { value: 40 } },
      ]);
    });

    it('none: the Amoebas move it only in rounds 4 and 8, told why', () => {
      const h = amoebas({ factionBonuses: 'none' });
      const refused = h.decide('anna', 'change-capital', { planet: 'borealis' });
      expect(refused).toMatchObject({
        code: 'not_capital_round',
        ruleRef: expect.stringContaining(RULES.capitalChange),
      });
      expect((refused as { localized: { en: string } }).localized.en).toContain(
        'option “Faction bonuses”: none',
      );
    });
  });

  describe('option shipLosses', () => {
    it.each([
      ['battle-only', 'active', 'accepted'],
      ['lost', 'destroyed', 'ship_destroyed'],
    ])(
      '%s: Anna’s ship destroyed at Ember is %s; sent again in round 3: %s',
      (value, status, refusal) => {
        // Given Anna attacks Ember with her ship 1, Boris defends it,
        const h = atBattles({ shipLosses: value }, true);
        // when Boris wins, Anna's ship destroyed, and she confirms it,
        h.play('boris', 'report-battle', {
          planet: 'ember',
          winner: 'boris',
          points: [
            { seat: 'anna', points: 20 },
            { seat: 'boris', points: 60 },
          ],
          destroyed: ['anna'],
        });
        h.play('anna', 'confirm-battle', { planet: 'ember' });
        // then her ship is lost or back for the next round.
        expect(h.state.table.pieces['ship:anna:1'].status ?? 'active').toBe(status);
        h.play('anna', 'record-no-show', { planet: 'aurora', absent: ['vera'] });
        endStage(h);
        endStage(h);
        expect([h.state.rs.round, h.state.rs.stage]).toEqual([3, 'attack']);
        const sent = declared(h, 'anna', {
          attacks: [{ ship: 'ship:anna:1', planet: 'ember' }],
          colonisations: [],
        });
        if (refusal !== 'accepted')
          expect(sent).toMatchObject({
            code: refusal,
            ruleRef: expect.stringContaining(RULES.shipDestroyed),
          });
        else
          expect(sent).toEqual(
            expect.arrayContaining([expect.objectContaining({ type: 'AttacksDeclared' })]),
          );
      },
    );
  });

  describe('option beyondThreeLy', () => {
    it.each([
      ['as-3-ly', (_ly: number) => -40],
      ['extended', (ly: number) => -40 - 15 * (ly - 3)],
    ])('%s: the Eternals attack Aurora beyond 3 LY', (value, penalty) => {
      const h = atAttack({ beyondThreeLy: value });
      const events = declared(h, 'vera', {
        attacks: [{ ship: 'ship:vera:1', planet: 'aurora' }],
        colonisations: [],
      });
      const attacks = (events as { type: string; data: { attacks?: unknown[] } }[]).find(
        (e) => e.type === 'AttacksDeclared',
      )?.data.attacks as { ly: number; penalty: number }[];
      expect(attacks[0].ly).toBeGreaterThan(3);
      expect(attacks[0].penalty).toBe(penalty(attacks[0].ly));
    });
  });

  describe('option colonisationFunds', () => {
    // Juno lies 3 LY from Anna (Rigel, Kepler, Juno): 2 ships and 100 IC; she has 90.
    const juno = {
      attacks: [],
      colonisations: [{ ships: ['ship:anna:3', 'ship:anna:4'], planet: 'juno' }],
    };

    it('at-declaration (default): a colonisation the player cannot pay is refused', () => {
      const h = atAttack();
      expect(credits(h, 'anna')).toBe(90);
      expect(declared(h, 'anna', juno)).toMatchObject({
        code: 'not_enough_credits',
        ruleRef: expect.stringContaining(RULES.colonisationCost),
      });
    });

    it('when-won: declared; the sole coloniser who cannot pay leaves the planet neutral', () => {
      const h = atAttack({ colonisationFunds: 'when-won' });
      declareAll(h, 'declare-attacks', { anna: juno, boris: NONE, vera: NONE });
      endStage(h);
      declareAll(h, 'declare-joins', { anna: NO_JOINS, boris: NO_JOINS, vera: NO_JOINS });
      endStage(h);
      expect(h.events.find((e) => e.type === 'ColonisationUnpaid')?.data).toMatchObject({
        planet: 'juno',
        seat: 'anna',
        cost: 100,
        credits: 90,
      });
      expect(h.state.rs.owner.juno).toBeUndefined();
      expect(credits(h, 'anna')).toBe(90);
    });
  });

  describe('option wormholeAccess', () => {
    // Quasar: 4 LY from Anna by lanes (Sirius, Nexus 2 LY, Quasar), 2 through the Orion wormhole.
    const quasar = { attacks: [], colonisations: [{ ships: ['ship:anna:3'], planet: 'quasar' }] };

    it('technology (default): without the Wormholes technology Quasar is beyond 3 LY', () => {
      expect(declared(atAttack(), 'anna', quasar)).toMatchObject({
        code: 'too_far',
        ruleRef: expect.stringContaining(RULES.maxDistance),
      });
    });

    it('everyone: any player crosses the wormhole, Quasar is 2 LY (75 IC)', () => {
      const events = declared(atAttack({ wormholeAccess: 'everyone' }), 'anna', quasar);
      expect(events).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            type: 'AttacksDeclared',
            data: expect.objectContaining({
              colonisations: [{ ships: ['ship:anna:3'], planet: 'quasar', ly: 2, cost: 75 }],
            }),
          }),
        ]),
      );
    });
  });

  describe('option hostility', () => {
    const create = (options: Record<string, unknown>, setup: Record<string, unknown> = {}) =>
      decideCreateMatch({
        matchId: 'league-1',
        ruleset: galaxyLeagueRuleset as never,
        organizer: 'org-1',
        commitment: 'c',
        seats: SEATS,
        options: options as never,
        setup,
      });

    it('listed-or-none (default): a league without a hostility list is created', () => {
      expect(create({})).toEqual(expect.any(Array));
    });

    it('list-required: the league is not created without the organizer’s list', () => {
      expect(create({ hostility: 'list-required' })).toMatchObject({
        code: 'hostility_table_missing',
        ruleRef: expect.stringContaining(RULES.allianceHostility),
      });
      expect(
        create({ hostility: 'list-required' }, { hostile: [{ a: 'empire', b: 'pirates' }] }),
      ).toEqual(expect.any(Array));
    });
  });

  describe('option joinerColonisationShips', () => {
    /** Vera colonises Lyra (2 LY from Ion); Anna joins from 4 LY, counted as 3 (100 IC). */
    function atJoining(value?: string): League {
      const h = atAttack(value ? { joinerColonisationShips: value } : {});
      declareAll(h, 'declare-attacks', {
        anna: NONE,
        boris: NONE,
        vera: { attacks: [], colonisations: [{ ships: ['ship:vera:3'], planet: 'lyra' }] },
      });
      endStage(h);
      expect(h.state.rs.stage).toBe('joining');
      return h;
    }
    const joins = (...ships: string[]) => ({
      joins: ships.map((ship) => ({ ship, planet: 'lyra' })),
    });
    const joined = (h: League, params: object) => {
      const id = seal(h, 'anna', 'declare-joins', params);
      seal(h, 'boris', 'declare-joins', NO_JOINS);
      seal(h, 'vera', 'declare-joins', NO_JOINS);
      return reveal(h, 'anna', id, params);
    };

    it('one (default): the joiner commits one attacking ship, a second is refused', () => {
      expect(joined(atJoining(), joins('ship:anna:1', 'ship:anna:2'))).toMatchObject({
        code: 'join_ships',
      });
      const events = joined(atJoining(), joins('ship:anna:1')) as { type: string; data: object }[];
      expect(events.find((e) => e.type === 'JoinsDeclared')?.data).toEqual({
        seat: 'anna',
        joins: [{ ship: 'ship:anna:1', battle: 'battle-2-lyra', ly: 3, penalty: 0, cost: 100 }],
      });
    });

    it('two: a 3 LY colonisation is joined with two ships, as it is declared with two', () => {
      expect(joined(atJoining('two'), joins('ship:anna:1'))).toMatchObject({
        code: 'join_ships',
        ruleRef: expect.stringContaining(RULES.colonisationCost),
      });
      const h = atJoining('two');
      const events = joined(h, joins('ship:anna:1', 'ship:anna:2')) as { type: string }[];
      expect(events.some((e) => e.type === 'JoinsDeclared')).toBe(true);
      expect(h.state.rs.committed['ship:anna:2']).toBe('battle-2-lyra');
    });
  });

  describe('option voidedDeclaration', () => {
    // Not hers: the rules refuse it at the reveal, and the commitment forbids another choice.
    const illegal = { attacks: [{ ship: 'ship:boris:1', planet: 'ember' }], colonisations: [] };
    const sealedStage = (h: League) => {
      const id = seal(h, 'anna', 'declare-attacks', illegal);
      for (const other of ['boris', 'vera']) seal(h, other, 'declare-attacks', NONE);
      return id;
    };

    it('nothing (default): a declaration refused at its reveal, recorded void, declares nothing', () => {
      const h = atAttack();
      const id = sealedStage(h);
      expect(reveal(h, 'anna', id, illegal)).toMatchObject({ kind: 'rule_violation' });
      expect(h.state.rs.done).not.toContain('anna');
      const events = reveal(h, 'anna', id, illegal, { voidIfRefused: true });
      if (!Array.isArray(events)) throw new Error(events.message);
      expect(events[0]).toMatchObject({
        type: 'SealRevealed',
        data: { params: illegal, void: { kind: 'rule_violation' } },
      });
      expect(events[1]).toMatchObject({
        type: 'DecisionMade',
        data: { kind: 'declare-attacks', params: NONE, voidedSeal: id },
      });
      expect(events).toContainEqual(
        expect.objectContaining({
          type: 'AttacksDeclared',
          data: expect.objectContaining({ seat: 'anna', attacks: [], colonisations: [] }),
        }),
      );
      expect(h.state.rs.done).toContain('anna');
      // Anna cannot seal another declaration in this stage: hers is made.
      expect(() => seal(h, 'anna', 'declare-attacks', NONE)).toThrow(/revealed already/);
    });

    it('judge: it stays sealed, and a judge rules on it', () => {
      const h = atAttack({ voidedDeclaration: 'judge' });
      const id = sealedStage(h);
      expect(reveal(h, 'anna', id, illegal, { voidIfRefused: true })).toMatchObject({
        code: 'not_voidable',
      });
      expect(h.state.seals[id]).toMatchObject({ revealed: false });
    });
  });

  describe('option emptyDeclaration', () => {
    it('sealed (default): ending the Attack stage without a sealed declaration is refused', () => {
      atAttack().when('anna', 'end-stage').thenRejects('declare_sealed', RULES.conflicts);
    });

    it('end-stage: ending the stage declares nothing, and the others’ declarations go on', () => {
      const h = atAttack({ emptyDeclaration: 'end-stage' });
      const attack = { attacks: [{ ship: 'ship:anna:1', planet: 'ember' }], colonisations: [] };
      const id = seal(h, 'anna', 'declare-attacks', attack);
      h.when('boris', 'end-stage').then([
        { type: 'AttacksDeclared', data: { seat: 'boris', attacks: [], colonisations: [] } },
        { type: 'StageDone', data: { seat: 'boris', stage: 'attack' } },
      ]);
      h.play('vera', 'end-stage');
      reveal(h, 'anna', id, attack);
      expect(h.state.rs.stage).toBe('return');
      expect(Object.keys(h.state.rs.battles)).toEqual(['battle-2-ember']);
      endStage(h);
      // The Joining stage too.
      for (const seat of ['anna', 'boris', 'vera']) h.play(seat, 'end-stage');
      expect(h.state.rs.stage).toBe('defence');
    });
  });
});
