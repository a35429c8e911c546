import { isRejection } from '../rule-violation';
import { SW_OPTIONS } from './sw-options';
import { checkMission, ILLUSTRATIVE_MISSION, type SwMission } from './sw-mission';
import { RULES } from './sw-rules-text';
import { orbitTotal } from './sw-space-map';
import { swStrategicRuleset } from './sw-strategic.ruleset';
import { validateParams } from '../validate-params';
import { SwSetupParams } from './sw.params';
import { mission, SEATS, withoutFlag } from './sw.testkit';

const copy = (): SwMission => structuredClone(ILLUSTRATIVE_MISSION);

describe('sw-strategic setup: the mission as data', () => {
  it('ships an illustrative mission, named as such, that passes its own checks', () => {
    expect(ILLUSTRATIVE_MISSION.illustrative).toBe(true);
    expect(ILLUSTRATIVE_MISSION.name).toMatch(/Illustrative/);
    expect(checkMission(ILLUSTRATIVE_MISSION)).toBeUndefined();
  });

  it('lays out both maps, three legions, their forces, credits and captains', () => {
    const { state } = mission();
    const rs = state.rs;
    expect(rs.legions.map((l) => [l.seat, l.credits])).toEqual([
      ['red', 20],
      ['blue', 20],
      ['gold', 20],
    ]);
    expect(orbitTotal(rs)).toBe(42);
    const ships = Object.values(rs.space.ships);
    expect(ships.map((s) => `${s.legion}:${s.class}`)).toEqual([
      'red:destroyer',
      'red:transport',
      'blue:destroyer',
      'blue:transport',
      'gold:destroyer',
      'gold:transport',
    ]);
    expect(ships[0]).toMatchObject({
      status: 'map',
      captain: 'Legion I destroyer captain',
      shields: 2,
    });
    expect(ships[1]).toMatchObject({ captain: 'Legion I supply officer' });
    const units = Object.values(rs.ground.units).filter((u) => u.legion === 'red');
    expect(units.map((u) => u.kind).sort()).toEqual([
      'infantry',
      'infantry',
      'infantry',
      'infantry',
      'walker',
    ]);
    expect(Object.values(rs.ground.generators).filter((g) => g.legion === 'red')).toHaveLength(3);
    expect(rs.apPerTurn).toBe(10);
    expect(rs.space.stations['station:n1']).toMatchObject({ owner: '', hp: 2 });
  });

  it('refuses a mission with an unknown cell kind, a missing tunnel or overlapping pieces', () => {
    const unknown = copy();
    (unknown.space.cells[0] as { kind: string }).kind = 'nebula';
    expect(checkMission(unknown)).toMatchObject({
      code: 'unknown_cell_kind',
      ruleRef: RULES.zones,
    });

    const noTunnel = copy();
    noTunnel.space.cells = noTunnel.space.cells.map((c) =>
      c.kind === 'tunnel' && c.legion === 2 ? { ...c, kind: 'space', legion: undefined } : c,
    );
    expect(checkMission(noTunnel)).toMatchObject({
      code: 'missing_tunnel',
      ruleRef: RULES.tunnel,
      localized: {
        en: 'Legion II has no hyperspace tunnel on the space map',
        ru: 'Легион II: нет гиперпространственного тоннеля на карте «Космическое сражение»',
      },
    });

    const overlap = copy();
    overlap.legions[1].ships[0].bow = overlap.legions[0].ships[0].bow;
    overlap.legions[1].ships[0].heading = overlap.legions[0].ships[0].heading;
    expect(checkMission(overlap)).toMatchObject({
      code: 'overlapping_pieces',
      ruleRef: RULES.occupied,
      localized: { ru: 'Эсминец (Легион II) и эсминец (Легион I) занимают одну клетку (4, 0)' },
    });

    const groundOverlap = copy();
    groundOverlap.legions[0].units[1].hexes = groundOverlap.legions[0].units[0].hexes;
    expect(checkMission(groundOverlap)).toMatchObject({ code: 'overlapping_pieces' });

    const outside = copy();
    outside.legions[0].units[0].hexes = [{ q: 0, r: 0 }];
    expect(checkMission(outside)).toMatchObject({
      code: 'outside_territory',
      ruleRef: RULES.unitsAppear,
    });
  });

  it("accepts an organizer's own mission in the same format, and refuses a bad one at setup", () => {
    const own = copy();
    own.legions[0].credits = 35;
    own.name = 'Club mission: Hoth';
    const h = mission({}, (m) => Object.assign(m, own));
    expect(h.state.rs.legions[0].credits).toBe(35);
    expect(h.state.rs.illustrative).toBe(false);

    const bad = copy();
    bad.space.neutralStations = [{ q: 0, r: 0 }];
    const refused = swStrategicRuleset.setup({
      matchId: 'm',
      seats: SEATS,
      options: {},
      params: { mission: bad },
    });
    expect(isRejection(refused) && refused).toMatchObject({ code: 'station_off_asteroid' });
  });

  it('names the illustrative mission, its legions and legionnaires in both languages; an organizer’s titles are checked as text', () => {
    const rs = mission().state.rs;
    expect(rs.missionTitle?.ru).toBe('Примерная миссия: планета-аванпост (не из текста правил)');
    expect(rs.legions.map((l) => l.title?.ru)).toEqual(['Легион I', 'Легион II', 'Легион III']);
    const roster = rs.legions[0].roster;
    expect(roster.find((p) => p.name === 'Legion I ground commander')?.title).toEqual({
      en: 'Legion I ground commander',
      ru: 'Наземный командир Легиона I',
    });
    // Every legionnaire has a Russian title, none of it Latin but the legion's numeral.
    for (const legion of rs.legions)
      for (const p of legion.roster)
        expect(p.title?.ru.replace(/ [IV]+$/, '')).toMatch(/^[^A-Za-z]+$/);

    const given = copy();
    given.title = { en: 'Outpost', ru: 'Аванпост' };
    expect(validateParams(SwSetupParams, { mission: withoutFlag(given) }, 'setup').ok).toBe(true);
    for (const title of [
      { en: 'Outpost' },
      { en: 'Outpost', ru: '' },
      { en: 'x', ru: 'a\u0007b' },
    ]) {
      const bad = copy();
      bad.legions[0].roster[0].title = title as never;
      const checked = validateParams(SwSetupParams, { mission: withoutFlag(bad) }, 'setup');
      expect(checked.ok).toBe(false);
    }
  });

  it('needs exactly three legions', () => {
    const refused = swStrategicRuleset.setup({
      matchId: 'm',
      seats: SEATS.slice(0, 2),
      options: {},
      params: {},
    });
    expect(isRejection(refused) && refused).toMatchObject({ code: 'three_legions' });
  });

  it('has an option, with its default and rule reference, for every open point of the text', () => {
    const ids = SW_OPTIONS.map((o) => o.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'shotsPerTurn',
        'bomberDouble',
        'bomberVsTransport',
        'frigateFive',
        'shieldRegenTurns',
        'dockClasses',
        'cruiserPivot',
        'pivotCost',
        'minePersistence',
        'lineOfFireOnEdge',
        'spaceOrderRotates',
        'fullTurn',
        'capitalRebuy',
        'fighterToGround',
        'bombardmentDamage',
        'cannonShields',
        'groundDie',
        'walkerDice',
        'actionPoints',
        'generatorShooters',
        'supportPlacementRange',
        'centralGeneratorScore',
        'bothCentralsEnd',
        'combinedScore',
        'orderTies',
        'stationHits',
        'bombardmentArea',
        'deckOverflow',
        'doubleAgainstShields',
        'transportMine',
        'mineDeck',
        'jointCounterHit',
        'cargoAfterUnload',
        'tiedTasks',
        'producedUnitHex',
        'medicScope',
        'medicAfterBombardment',
        'deflectUnits',
        'centralsBy',
        'reinforcementsOnGround',
        'reinforcementActionPoints',
        'productionSlowdown',
        'destroyedDeck',
        'bombardmentShields',
        'cannonKill',
        'orbitWinCheck',
        'trenchPenalty',
        'productionTicks',
      ]),
    );
    for (const option of SW_OPTIONS) {
      expect(option.ruleRef).toMatch(/^«.+»: «.+»$/);
      expect(option.title.ru.length).toBeGreaterThan(0);
    }
  });
});
