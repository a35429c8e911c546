import { MatchHarness } from '@test/support/match-harness';
import { foldMatch } from '../../../match/evolve-match';
import { voidingOf } from '../../../match/match-state';
import { lineStateOf } from '../../../match/rewind';
import { decideUndoRequest } from '../../../match/undo-decider';
import { isRejection } from '../../rule-violation';
import type { SeatSpec } from '../../ruleset';
import { RULES } from '../rex-rules-text';
import { rexRuleset } from '../rex.ruleset';
import { advanceTo, dataOf, seatsOf } from '../rex.testkit';

function atManeuvers(
  seats: SeatSpec[],
  setup: Record<string, unknown>,
  options: Record<string, unknown> = {},
) {
  const g = new MatchHarness(rexRuleset).started(seats, {
    setup: { fleetSector: 9, ...setup },
    options: { deckOrder: 'as-listed', ...options },
  });
  g.play(
    seats.find((s) => s.seat === (setup.firstPlayer ?? seats[0].seat))?.seat as string,
    'begin',
  );
  advanceTo(g, 'maneuvers');
  return g;
}

const inZone = (g: MatchHarness, zone: string, owner: string) =>
  Object.values(g.state.table.pieces).filter((p) => p.zone === zone && p.owner === owner).length;

describe('maneuvers', () => {
  describe('example 1: Jol-Nar moves and deploys', () => {
    const setup = {
      factions: [
        { faction: 'jolnar', placements: [{ location: 'sai-sallai', troops: 4 }], influence: 12 },
        { faction: 'letnev', placements: [{ location: 'imperial-fleet-base', troops: 2 }] },
        { faction: 'sol', placements: [{ location: 'civilian-spaceport', troops: 2 }] },
      ],
    };

    it('deploys 5 troops into the Spaceport, where Sol troops are, for 10 Influence', () => {
      const g = atManeuvers(seatsOf('jolnar', 'letnev', 'sol'), setup);
      const events = g.play('jolnar', 'deploy', { location: 'civilian-spaceport', troops: 5 });
      expect(dataOf(events, 'TroopsDeployed')[0]).toMatchObject({
        seat: 'jolnar',
        location: 'civilian-spaceport',
        base: 10,
        cost: 10,
        payee: 'bank',
        enemiesPresent: true,
        ruleRef: RULES.deployCost,
      });
      expect(g.state.table.tracks['influence:jolnar'].value).toBe(2);
      expect(inZone(g, 'civilian-spaceport', 'jolnar')).toBe(5);
    });

    it('moves from Sai Sallai to Icarcetorum past enemy troops, but not 3 steps to the Spaceport', () => {
      const g = atManeuvers(seatsOf('jolnar', 'letnev', 'sol'), setup);
      const head = g.events.length;
      expect(
        g.decide('jolnar', 'move', { from: 'sai-sallai', to: 'civilian-spaceport', troops: 4 }),
      ).toMatchObject({
        kind: 'rule_violation',
        code: 'too_far',
        message: expect.stringContaining('3 steps'),
        ruleRef: RULES.moveRange,
      });
      expect(g.events).toHaveLength(head);
      const events = g.play('jolnar', 'move', {
        from: 'sai-sallai',
        to: 'icarcetorum-sector',
        troops: 4,
      });
      expect(dataOf(events, 'TroopsMoved')[0]).toMatchObject({
        path: ['sai-sallai', 'imperial-fleet-base', 'icarcetorum-sector'],
        range: 2,
      });
      expect(inZone(g, 'icarcetorum-sector', 'jolnar')).toBe(4);
      expect(g.state.table.turn.active).toEqual(['letnev']);
    });
  });

  it('example 12: Embassy Quarters is 2 moves from Vel Terro, Cartography Hall 2 from Adminus Imperialis', () => {
    const g = atManeuvers(seatsOf('jolnar', 'sol', 'letnev'), {
      fleetSector: 3,
      factions: [
        { faction: 'jolnar', placements: [{ location: 'embassy-quarters', troops: 2 }] },
        { faction: 'sol', placements: [{ location: 'cartography-hall', troops: 2 }] },
      ],
    });
    expect(
      g.decide('jolnar', 'move', {
        from: 'embassy-quarters',
        to: 'vel-terro',
        troops: 2,
        path: ['embassy-quarters', 'vel-terro'],
      }),
    ).toMatchObject({
      code: 'bad_path',
      message: 'embassy-quarters and vel-terro are not adjacent',
    });
    const moved = g.play('jolnar', 'move', {
      from: 'embassy-quarters',
      to: 'vel-terro',
      troops: 2,
    });
    expect(dataOf(moved, 'TroopsMoved')[0]).toMatchObject({
      path: ['embassy-quarters', 'imperial-palace', 'vel-terro'],
    });
    const second = g.play('sol', 'move', {
      from: 'cartography-hall',
      to: 'adminus-imperialis',
      troops: 2,
    });
    expect(dataOf<{ path: string[] }>(second, 'TroopsMoved')[0].path.length - 1).toBe(2);
  });

  it('example 9: Hacan deploys 3 troops into an empty location for 2 (half, rounded up)', () => {
    const g = atManeuvers(seatsOf('hacan', 'sol', 'letnev'), {});
    const events = g.play('hacan', 'deploy', { location: 'vel-terro', troops: 3 });
    expect(dataOf(events, 'TroopsDeployed')[0]).toMatchObject({
      base: 3,
      cost: 2,
      payee: 'bank',
      ruleRef: RULES.hacanRounding,
    });
    expect(g.state.table.tracks['influence:hacan'].value).toBe(8);
  });

  it('pays other players’ deployments to Hacan (option deploymentPayee)', () => {
    const g = atManeuvers(seatsOf('sol', 'hacan', 'letnev'), {});
    g.play('sol', 'deploy', { location: 'vel-terro', troops: 2 });
    expect(g.state.table.tracks['influence:hacan'].value).toBe(12);
    const bank = atManeuvers(seatsOf('sol', 'hacan', 'letnev'), {}, { deploymentPayee: 'bank' });
    bank.play('sol', 'deploy', { location: 'vel-terro', troops: 2 });
    expect(bank.state.table.tracks['influence:hacan'].value).toBe(10);
  });

  it('refuses a deployment the player cannot pay for, with the rule, and applies nothing', () => {
    const g = atManeuvers(seatsOf('jolnar', 'sol', 'letnev'), {
      factions: [
        { faction: 'jolnar', influence: 5 },
        { faction: 'sol', placements: [{ location: 'civilian-spaceport', troops: 1 }] },
      ],
    });
    const head = g.events.length;
    const before = structuredClone(g.state.table);
    expect(g.decide('jolnar', 'deploy', { location: 'civilian-spaceport', troops: 3 })).toEqual({
      kind: 'rule_violation',
      code: 'cannot_pay',
      message: expect.stringContaining('costs 6 Influence; jolnar has 5'),
      localized: {
        en: expect.stringContaining('costs 6 Influence; jolnar has 5'),
        // The location by its board name, never its id.
        ru: 'Развернуть 3 Войска в локации «Гражданский Космопорт», где есть враги, стоит 6 единиц Влияния, а у вас 5',
      },
      ruleRef: RULES.deployCost,
    });
    expect(g.events).toHaveLength(head);
    expect(g.state.table).toEqual(before);
  });

  it('refuses moves into, through and out of the bombarded sector, and deployments into it', () => {
    const g = atManeuvers(seatsOf('jolnar', 'sol', 'letnev'), {
      fleetSector: 16,
      factions: [
        { faction: 'jolnar', placements: [{ location: 'sai-sallai', troops: 2 }] },
        { faction: 'sol', placements: [{ location: 'imperial-fleet-base', troops: 2 }] },
      ],
    });
    const through = g.decide('jolnar', 'move', {
      from: 'sai-sallai',
      to: 'holonet-central-square',
      troops: 2,
    });
    expect(through).toMatchObject({ code: 'bombarded_sector', ruleRef: RULES.bombardedNoCrossing });
    expect(
      g.decide('jolnar', 'move', {
        from: 'sai-sallai',
        to: 'holonet-central-square',
        troops: 2,
        path: ['sai-sallai', 'imperial-fleet-base', 'holonet-central-square'],
      }),
    ).toMatchObject({ code: 'bombarded_sector', ruleRef: RULES.bombardedNoCrossing });
    expect(
      g.decide('jolnar', 'deploy', { location: 'imperial-fleet-base', troops: 1 }),
    ).toMatchObject({
      code: 'bombarded_sector',
      ruleRef: RULES.bombardedSector,
    });
    g.play('jolnar', 'end-turn');
    expect(
      g.decide('sol', 'move', { from: 'imperial-fleet-base', to: 'sai-sallai', troops: 1 }),
    ).toMatchObject({
      code: 'bombarded_sector',
      message: expect.stringContaining('cannot leave'),
      ruleRef: RULES.bombardedSector,
    });
  });

  it('never ends a move or a deployment in an ally’s location, but may pass through it', () => {
    const g = atManeuvers(seatsOf('jolnar', 'sol', 'letnev'), {
      alliances: [['jolnar', 'sol']],
      factions: [
        { faction: 'jolnar', placements: [{ location: 'sai-sallai', troops: 2 }] },
        { faction: 'sol', placements: [{ location: 'imperial-fleet-base', troops: 2 }] },
      ],
    });
    expect(
      g.decide('jolnar', 'deploy', { location: 'imperial-fleet-base', troops: 1 }),
    ).toMatchObject({
      code: 'ally_location',
      ruleRef: RULES.allyLocations,
    });
    expect(
      g.decide('jolnar', 'move', { from: 'sai-sallai', to: 'imperial-fleet-base', troops: 1 }),
    ).toMatchObject({
      code: 'ally_location',
    });
    g.play('jolnar', 'move', {
      from: 'sai-sallai',
      to: 'holonet-central-square',
      troops: 2,
      path: ['sai-sallai', 'imperial-fleet-base', 'holonet-central-square'],
    });
    expect(inZone(g, 'holonet-central-square', 'jolnar')).toBe(2);
  });

  it('moves up to 4 with the Spaceport or Fleet Base held at the start of Maneuvers (the group need not be there)', () => {
    const setup = {
      factions: [
        {
          faction: 'jolnar',
          placements: [
            { location: 'civilian-spaceport', troops: 1 },
            { location: 'sai-sallai', troops: 2 },
          ],
        },
      ],
    };
    const g = atManeuvers(seatsOf('jolnar', 'sol', 'letnev'), setup);
    expect(g.state.rs.maneuvers?.bonus).toEqual({ jolnar: ['civilian-spaceport'] });
    const moved = g.play('jolnar', 'move', { from: 'sai-sallai', to: 'sallab-slums', troops: 2 });
    expect(dataOf(moved, 'TroopsMoved')[0]).toMatchObject({ range: 4 });
    // Option: the group must not be in the bonus location itself.
    const strict = atManeuvers(seatsOf('jolnar', 'sol', 'letnev'), setup, {
      spaceportBonusGroup: 'not-from-bonus-location',
    });
    expect(
      strict.decide('jolnar', 'move', {
        from: 'civilian-spaceport',
        to: 'cartography-hall',
        troops: 1,
      }),
    ).toMatchObject({ code: 'too_far', ruleRef: RULES.moveBonusGroup });
  });

  it('lets a move be undone until the next player acts, and not after', () => {
    const g = atManeuvers(seatsOf('jolnar', 'sol', 'letnev'), {
      factions: [{ faction: 'jolnar', placements: [{ location: 'sai-sallai', troops: 2 }] }],
    });
    const at = g.state.lastSeq;
    g.play('jolnar', 'move', { from: 'sai-sallai', to: 'icarcetorum-sector', troops: 2 });
    const since = () => g.events.filter((e) => e.seq > at && !voidingOf(g.state, e.seq));
    const restore = lineStateOf(foldMatch(rexRuleset, g.matchId, g.events.slice(0, at + 1)));
    const granted = decideUndoRequest(
      rexRuleset,
      g.state,
      { requestId: 'u1', seat: 'jolnar', toSeq: at, reason: 'misclick' },
      since(),
      restore,
    );
    expect(isRejection(granted) ? granted : granted.map((e) => e.type)).toEqual([
      'UndoRequested',
      'TimelineRewound',
    ]);
    if (isRejection(granted)) return;
    g.record(granted, { kind: 'seat', id: 'jolnar', seat: 'jolnar' });
    expect(inZone(g, 'sai-sallai', 'jolnar')).toBe(2);
    expect(g.state.table.turn.active).toEqual(['jolnar']);
    const again = g.state.lastSeq;
    g.play('jolnar', 'move', { from: 'sai-sallai', to: 'icarcetorum-sector', troops: 2 });
    g.play('sol', 'end-turn');
    const refused = decideUndoRequest(
      rexRuleset,
      g.state,
      { requestId: 'u2', seat: 'jolnar', toSeq: again, reason: 'x' },
      g.events.filter((e) => e.seq > again && !voidingOf(g.state, e.seq)),
      lineStateOf(foldMatch(rexRuleset, g.matchId, g.events.slice(0, again + 1))),
    );
    expect(refused).toMatchObject({
      code: 'undo_blocked',
      message: expect.stringContaining('next player acted'),
    });
  });
});
