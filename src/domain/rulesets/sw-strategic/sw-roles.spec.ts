import { MatchHarness } from '@test/support/match-harness';
import { decisionChoices } from '../../match/decision-choices';
import { legalDecisionKinds } from '../../match/legal-decisions';
import { decideCreateMatch } from '../../match/match-decider';
import { availabilityContext } from '../../match/legal-decisions';
import { isRejection, type RuleViolation } from '../rule-violation';
import type { Ruleset, SeatSpec } from '../ruleset';
import { RULES } from './sw-rules-text';
import { SW_WORDS } from './sw-naming';
import { seatRole } from './sw-roles';
import { swStrategicRuleset } from './sw-strategic.ruleset';
import { swTable } from './sw-table';
import type { SwState } from './sw-state';
import {
  battle,
  DECISION_ROLES,
  given,
  mission,
  ROLE_SEATED,
  SEATS,
  ship,
  shipOf,
} from './sw.testkit';

/** A battle (sw.testkit) with the three legions seated by role. */
const seated = (
  ships: Parameters<typeof battle>[0],
  options = {},
  custom?: Parameters<typeof battle>[2],
) => battle(ships, options, custom, undefined, ROLE_SEATED);

const create = (seats: SeatSpec[]) =>
  decideCreateMatch({
    matchId: 'm',
    ruleset: swStrategicRuleset as Ruleset,
    organizer: 'org-1',
    commitment: 'c',
    seats,
  });

/** Plays the first of the seat's examples of `kind` (as legal-decisions tries them) the rules accept. */
const firstAccepted = (
  h: MatchHarness<SwState>,
  seat: string,
  kind: string,
  which: (params: Record<string, unknown>) => boolean = () => true,
): Record<string, unknown> => {
  const tries = h.ruleset.decisions[kind].examples!(availabilityContext(h.state, seat)) as Record<
    string,
    unknown
  >[];
  const accepted = tries.filter(which).find((p) => !isRejection(h.decide(seat, kind, p)));
  expect(accepted).toBeDefined();
  return accepted!;
};

const kinds = (h: MatchHarness<SwState>, seat: string) =>
  legalDecisionKinds(h.ruleset, h.state, seat).map((k) => k.kind);

const unitOf = (h: MatchHarness<SwState>, legion: string) =>
  Object.values(h.state.rs.ground.units).find((u) => u.legion === legion && u.kind === 'infantry')!;

describe('sw-strategic role seats: who sits where ([1.4])', () => {
  it('given a seat per role, when the mission is laid out, then each legion plays from its role seats, titled as the text names the roles', () => {
    const h = mission({}, undefined, undefined, ROLE_SEATED);
    expect(h.state.rs.legions.map((l) => l.seat)).toEqual(['red', 'blue', 'gold']);
    const titles = new Map(SW_WORDS.seatSides!(h.events));
    expect(titles.get('red:supply')).toEqual({
      en: 'Legion I Supply Officer',
      ru: 'Офицер снабжения Легиона I',
    });
    expect(titles.get('blue:destroyer')?.ru).toBe('Капитан эсминцев Легиона II');
    expect(titles.get('gold:commander')?.ru).toBe('Командер космического сражения Легиона III');
    expect(titles.get('red:ground')?.ru).toBe('Звено наземного сражения Легиона I');
    // The legions are no seats: the table and the log name them by their titles.
    expect(titles.get('blue')).toEqual({ en: 'Legion II', ru: 'Легион II' });
  });

  it('given a legion seated whole, then its seat holds every role and has no role title (a club of three)', () => {
    const h = mission();
    expect([...SW_WORDS.seatSides!(h.events)]).toEqual([]);
    expect(seatRole('red')).toEqual({ legion: 'red' });
    expect(seatRole('red:supply')).toEqual({ legion: 'red', role: 'supply' });
    // A colon in a name that is no role keeps the seat whole.
    expect(seatRole('club:1')).toEqual({ legion: 'club:1' });
  });

  it('given a legion with a role left without a seat, when the match is created, then it is refused naming the role, with [1.4]', () => {
    const seats = [...ROLE_SEATED.filter((s) => s.seat !== 'red:supply')];
    const created = create(seats);
    expect(created).toMatchObject({ code: 'role_without_seat', ruleRef: RULES.roleSeats });
    expect((created as RuleViolation).localized?.ru).toBe(
      'На каждую роль нужен игрок: нет места для ролей «Офицер снабжения Легиона I»',
    );
  });

  it('given a legion with a seat of its own and role seats, then the match is refused', () => {
    const seats = [...ROLE_SEATED.filter((s) => s.seat !== 'red:ground'), { seat: 'red' }];
    expect(create(seats)).toMatchObject({
      code: 'legion_and_role_seats',
    });
  });

  it('given role seats, when a position is given, then it is refused: a position names a legion by its one seat', () => {
    const decided = decideCreateMatch({
      matchId: 'm',
      ruleset: swStrategicRuleset as Ruleset,
      organizer: 'org-1',
      commitment: 'c',
      seats: ROLE_SEATED,
      position: { tracks: [{ id: 'credits:red:supply', value: 3 }] },
    });
    expect(decided).toMatchObject({ kind: 'invalid_params' });
    expect(JSON.stringify(decided)).toContain('а не с местами ролей');
  });

  it('given legions seated differently (one by role, two whole), then each plays as seated', () => {
    const seats = [...ROLE_SEATED.filter((s) => s.seat.startsWith('red:')), ...SEATS.slice(1)];
    const h = battle({ red: [ship('destroyer', 0, -3, 0)] }, {}, undefined, undefined, seats);
    h.play('red:destroyer', 'move-ship', {
      ship: shipOf(h, 'red', 'destroyer'),
      steps: ['forward'],
    });
    h.play('red:commander', 'end-turn', { map: 'space' });
    // Blue's one seat takes every decision of its legion.
    h.play('blue', 'buy-ships', { classes: ['destroyer'] });
  });
});

describe("sw-strategic role seats: decisions outside one's role ([1.6])", () => {
  it('given the Supply Officer and a Captain of destroyers, when each buys, then the officer buys and the captain is refused naming the officer, with [1.6]', () => {
    const h = seated({ red: [ship('destroyer', 0, -3, 0)] });
    const before = h.events.length;
    const refusal = h
      .when('red:destroyer', 'buy-ships', { classes: ['destroyer'] })
      .thenRejects('not_your_role', RULES.roles) as RuleViolation;
    expect(refusal.localized).toEqual({
      en: '«Buy ships (Supply Officer)» is not a decision of the Legion I Captain of destroyers: the Legion I Supply Officer takes it. Players act only in their own roles',
      ru: '«Купить корабли (офицер снабжения)» — не решение роли «Капитан эсминцев Легиона I»: его принимает Офицер снабжения Легиона I. Игроки действуют только в своих ролях',
    });
    expect(h.events).toHaveLength(before);
    const [decision] = h.play('red:supply', 'buy-ships', { classes: ['destroyer'] });
    expect(decision.data).toMatchObject({ seat: 'red:supply', kind: 'buy-ships' });
  });

  it("given a destroyer and a transport, when the captain and the officer move them, then each moves his own and not the other's", () => {
    const h = seated({ red: [ship('destroyer', 0, -3, 0), ship('transport', 5, 0, 3)] });
    const destroyer = shipOf(h, 'red', 'destroyer');
    const transport = shipOf(h, 'red', 'transport');
    h.when('red:supply', 'move-ship', { ship: destroyer, steps: ['forward'] }).thenRejects(
      'not_your_role',
      RULES.roles,
    );
    const refusal = h
      .when('red:destroyer', 'move-ship', { ship: transport, steps: ['forward'] })
      .thenRejects('not_your_role', RULES.roles) as RuleViolation;
    expect(refusal.localized?.ru).toContain('его принимает Офицер снабжения Легиона I');
    h.play('red:destroyer', 'move-ship', { ship: destroyer, steps: ['forward'] });
    h.play('red:supply', 'move-ship', { ship: transport, steps: ['forward'] });
  });

  it('given a cruiser, then its Captain and the Battle Commander may command it ([1.4]), the Captain of destroyers not', () => {
    const h = seated({ red: [ship('cruiser', 2, -2, 0)] });
    const cruiser = shipOf(h, 'red', 'cruiser');
    const refusal = h
      .when('red:destroyer', 'move-ship', { ship: cruiser, steps: ['forward'] })
      .thenRejects('not_your_role') as RuleViolation;
    expect(refusal.localized?.ru).toContain(
      'его принимает Капитан крейсеров Легиона I или Командер космического сражения Легиона I',
    );
    h.play('red:commander', 'move-ship', { ship: cruiser, steps: ['forward'] });
  });

  it('given the ground squad and the Battle Commander, then only the squad moves units and ends the ground turn; only the commander ends the space turn', () => {
    const h = seated({});
    const unit = unitOf(h, 'red');
    h.when('red:commander', 'move-unit', { unit: unit.id, steps: [3] }).thenRejects(
      'not_your_role',
      RULES.roles,
    );
    // The Battle Commander is offered no unit to move.
    expect(
      h.ruleset.decisions['move-unit'].examples!(availabilityContext(h.state, 'red:commander')),
    ).toEqual([]);
    firstAccepted(h, 'red:ground', 'move-unit');
    h.when('red:ground', 'end-turn', { map: 'space' }).thenRejects('not_your_role', RULES.roles);
    h.when('red:commander', 'end-turn', { map: 'ground' }).thenRejects('not_your_role');
    h.play('red:commander', 'end-turn', { map: 'space' });
    h.play('red:ground', 'end-turn', { map: 'ground' });
  });

  it("given role seats, then legal-decisions offers each seat only its role's decisions, and the choices only the ships it commands", () => {
    const h = seated({ red: [ship('destroyer', 0, -3, 0), ship('transport', 5, 0, 3)] });
    expect(kinds(h, 'red:supply')).toEqual(
      expect.arrayContaining(['buy-ships', 'buy-cargo', 'move-ship']),
    );
    expect(kinds(h, 'red:destroyer')).toContain('move-ship');
    expect(kinds(h, 'red:destroyer')).not.toContain('buy-ships');
    expect(kinds(h, 'red:ground')).toEqual(expect.arrayContaining(['move-unit', 'end-turn']));
    expect(kinds(h, 'red:ground')).not.toContain('move-ship');
    // No frigate on the map: its captain has nothing to move.
    expect(kinds(h, 'red:frigate')).not.toContain('move-ship');
    const ships = (seat: string) =>
      decisionChoices(h.ruleset, h.state, seat, 'move-ship', {}, h.seed)
        ?.find((f) => f.path === 'ship')
        ?.values.map((v) => v.value);
    expect(ships('red:destroyer')).toEqual([shipOf(h, 'red', 'destroyer')]);
    expect(ships('red:supply')).toEqual([shipOf(h, 'red', 'transport')]);
    const maps = decisionChoices(h.ruleset, h.state, 'red:commander', 'end-turn', {}, h.seed)
      ?.find((f) => f.path === 'map')
      ?.values.map((v) => v.value);
    expect(maps).toEqual(['space']);
  });

  it("declares for every decision a seat takes the roles that take it; a judge's has none", () => {
    const bySeat = Object.entries(swStrategicRuleset.decisions)
      .filter(([, spec]) => spec.by !== 'judge')
      .map(([kind]) => kind);
    expect(Object.keys(DECISION_ROLES).sort()).toEqual(bySeat.sort());
  });

  it('given role seats, then the table names the seats that play now: the space roles in space, the ground squad on the ground', () => {
    const h = seated({});
    const active = () =>
      swTable(
        h.state.table,
        h.state.rs,
        h.state.seats.map((s) => s.seat),
      ).turn.active;
    const space = (legion: string) =>
      ['commander', 'supply', 'squadron', 'destroyer', 'frigate', 'cruiser'].map(
        (role) => `${legion}:${role}`,
      );
    expect(active()).toEqual([...space('red'), 'red:ground']);
    h.play('red:commander', 'end-turn', { map: 'space' });
    expect(active()).toEqual([...space('blue'), 'red:ground']);
    // A legion seated whole plays from its one seat.
    const whole = battle({});
    expect(
      swTable(
        whole.state.table,
        whole.state.rs,
        whole.state.seats.map((s) => s.seat),
      ).turn.active,
    ).toEqual(['red']);
  });

  it("given a Game Master decision, then it is no role's: a judge records it on a role seat's behalf", () => {
    const h = seated({});
    h.judge('red:supply', 'gm-call-time', { map: 'space' });
    expect(h.state.rs.space.turn.timeCalled).toBe(true);
  });
});

describe("sw-strategic role seats: a Captain's death and the Medic (S3.7.3, S6.1)", () => {
  const sink = (h: MatchHarness<SwState>) => {
    const d = shipOf(h, 'red', 'destroyer');
    h.given([given('ShipDamaged', { ship: d, shields: 0, decksLost: [1], cause: 'laser' })]);
    h.play('red:destroyer', 'lay-mine', { ship: d, cell: 's:0:-4' });
    h.play('red:destroyer', 'move-ship', { ship: d, steps: ['forward-left'] });
  };
  const newDestroyer = (h: MatchHarness<SwState>): string => {
    h.given([
      given('ItemPurchased', {
        legion: 'red',
        item: 'destroyer',
        id: 'destroyer-90',
        cost: 6,
        credits: 14,
        turns: 0,
      }),
    ]);
    expect(h.state.rs.space.ships['destroyer-90'].status).toBe('ready');
    // The Supply Officer sets it at the tunnel ([2.2] 4.c): the first entry the rules accept.
    const tries = h.ruleset.decisions['enter-ship'].examples!(
      availabilityContext(h.state, 'red:supply'),
    ) as { ship: string }[];
    const entered = tries
      .filter((p) => p.ship === 'destroyer-90')
      .some((p) => !isRejection(h.decide('red:supply', 'enter-ship', p)));
    expect(entered).toBe(true);
    return 'destroyer-90';
  };

  it('given the last destroyer sunk with no Medic, then its Captain is dead: a destroyer entering has no captain, and his seat cannot command it ([3.7.3])', () => {
    const h = seated({ red: [ship('destroyer', 0, -3, 0)] });
    sink(h);
    expect(h.state.rs.legions[0].deadCaptains).toEqual(['Legion I destroyer captain']);
    const id = newDestroyer(h);
    expect(h.state.rs.space.ships[id].captain).toBeUndefined();
    h.when('red:destroyer', 'move-ship', { ship: id, steps: ['forward'] }).thenRejects(
      'no_captain',
      RULES.captainDeath,
    );
  });

  it('given a Medic alive, then the Captain lives and commands the next destroyer from his seat once it enters (S6.1)', () => {
    const h = seated({ red: [ship('destroyer', 0, -3, 0)] }, {}, (m) =>
      m.legions[0].roster.push({ name: 'Doc', map: 'space', specialty: 'medic', level: 1 }),
    );
    sink(h);
    expect(h.state.rs.legions[0].deadCaptains).toEqual([]);
    const id = newDestroyer(h);
    expect(h.state.rs.space.ships[id].captain).toBe('Legion I destroyer captain');
    const moved = firstAccepted(h, 'red:destroyer', 'move-ship', (p) => p.ship === id);
    expect(h.events.at(-2)?.data).toMatchObject({ seat: 'red:destroyer', params: moved });
  });
});
