import {
  checkMap,
  DEFAULT_MAP,
  distancesFrom,
  locationsInSector,
  mapLayout,
  mapProblems,
  nextSector,
  SECTOR_COUNT,
  shortestPath,
  type RexMap,
} from './rex-map';

const byId = (id: string) => DEFAULT_MAP.locations.find((l) => l.id === id);
const distance = (a: string, b: string) => distancesFrom(DEFAULT_MAP, a)[b];

describe('the default Mecatol map (a reconstruction)', () => {
  it('says in its own metadata that it is a reconstruction to replace', () => {
    expect(DEFAULT_MAP.reconstruction).toBe(true);
    expect(DEFAULT_MAP.note.en).toMatch(/Not the published board/);
    expect(DEFAULT_MAP.note.ru).toMatch(/Не опубликованное поле/);
    expect(mapProblems(DEFAULT_MAP)).toEqual([]);
  });

  it('places the Spaceport, Tarragus Slums and North Power Station as the text says', () => {
    expect(byId('civilian-spaceport')).toMatchObject({ sectors: [2], shielded: true });
    expect(byId('tarragus-slums')).toMatchObject({ sectors: [1], shielded: false });
    expect(byId('north-power-station')).toMatchObject({ sectors: [1], shielded: true });
  });

  it('keeps every distance the text states (examples 1 and 12)', () => {
    expect(distance('sai-sallai', 'civilian-spaceport')).toBe(3);
    expect(distance('sai-sallai', 'icarcetorum-sector')).toBe(2);
    expect(distance('embassy-quarters', 'vel-terro')).toBe(2);
    expect(distance('cartography-hall', 'adminus-imperialis')).toBe(2);
  });

  it('has the Galactic Council, where no battle is fought, at the centre in no sector', () => {
    expect(byId('galactic-council')).toMatchObject({ sectors: [], roles: ['no-battle'] });
  });

  it('gives the movement bonus to the Fleet Base and the Spaceport and Sol’s victory to the Palace and South Power Station', () => {
    const withRole = (role: string) =>
      DEFAULT_MAP.locations.filter((l) => l.roles.includes(role as never)).map((l) => l.id);
    expect(withRole('movement-bonus').sort()).toEqual([
      'civilian-spaceport',
      'imperial-fleet-base',
    ]);
    expect(withRole('sol-victory').sort()).toEqual(['imperial-palace', 'south-power-station']);
    expect(DEFAULT_MAP.locations.filter((l) => l.stronghold)).toHaveLength(5);
  });

  it('covers all 18 sectors, wrapping from 18 to 1, with a location in sector 3 for the bombardment example', () => {
    for (let sector = 1; sector <= SECTOR_COUNT; sector += 1)
      expect(locationsInSector(DEFAULT_MAP, sector).length).toBeGreaterThan(0);
    expect(locationsInSector(DEFAULT_MAP, 3)).toEqual(['sallab-slums']);
    expect(nextSector(18)).toBe(1);
    expect(nextSector(3)).toBe(4);
  });

  it('finds the shortest path around blocked locations, the same on every call', () => {
    expect(shortestPath(DEFAULT_MAP, 'sai-sallai', 'icarcetorum-sector')).toEqual([
      'sai-sallai',
      'imperial-fleet-base',
      'icarcetorum-sector',
    ]);
    expect(
      shortestPath(
        DEFAULT_MAP,
        'sai-sallai',
        'icarcetorum-sector',
        new Set(['imperial-fleet-base']),
      ),
    ).toEqual([
      'sai-sallai',
      'north-power-station',
      'tarragus-slums',
      'civilian-spaceport',
      'icarcetorum-sector',
    ]);
  });

  it('lays the board out: sectors on the ring, locations inside, the Council in the middle', () => {
    const layout = mapLayout(DEFAULT_MAP);
    if (layout.kind !== 'positions') throw new Error('positions expected');
    expect(Object.keys(layout.positions)).toHaveLength(SECTOR_COUNT + DEFAULT_MAP.locations.length);
    expect(layout.positions['galactic-council']).toEqual({ x: 50, y: 50 });
    expect(layout.positions['sector:1'].y).toBeLessThan(10);
  });
});

describe('map validation', () => {
  const broken = (change: (map: RexMap) => void): RexMap => {
    const map = structuredClone(DEFAULT_MAP);
    change(map);
    return map;
  };

  it('refuses one-way adjacency, unknown neighbours, bad sectors and duplicate ids', () => {
    expect(
      mapProblems(
        broken((m) => {
          m.locations[0].adjacent.push('archive-hall');
          m.locations[1].adjacent.push('atlantis');
          m.locations[2].sectors = [19];
          m.locations[3].id = m.locations[4].id;
        }),
      ),
    ).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /north-power-station is adjacent to archive-hall, but archive-hall not to it/,
        ),
        expect.stringMatching(/adjacent to unknown location atlantis/),
        expect.stringMatching(/sector 19 is not one of 1..18/),
        expect.stringMatching(/listed twice/),
      ]),
    );
  });

  it('refuses a city cut in two, too few Strongholds, and Sol’s victory without its two locations', () => {
    const island = broken((m) => {
      m.locations.push({
        id: 'island',
        name: { en: 'Island', ru: 'Остров' },
        sectors: [4],
        shielded: false,
        stronghold: false,
        adjacent: [],
        roles: [],
      });
      m.locations.forEach((l) => {
        if (l.id === 'imperial-palace') l.roles = [];
        if (l.id === 'north-power-station') l.stronghold = false;
      });
    });
    expect(mapProblems(island)).toEqual([
      'not connected to the rest of the city: island',
      expect.stringMatching(/at least 5 \(it has 4\)/),
      expect.stringMatching(/marks 1 with role sol-victory/),
    ]);
    expect(checkMap(island)).toMatchObject({
      kind: 'rule_violation',
      code: 'invalid_map',
      ruleRef: expect.stringContaining('РАЗЪЯСНЕНИЯ ПО ИГРОВОМУ ПОЛЮ'),
    });
    expect(checkMap(DEFAULT_MAP)).toBeUndefined();
  });
});
