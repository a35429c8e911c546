import { MatchHarness } from '@test/support/match-harness';
import { decideCreateMatch } from '../../match/match-decider';
import { viewTable } from '../../match/match-view';
import { isRejection } from '../rule-violation';
import { ZONES } from './rex-board';
import { DEFAULT_MAP } from './rex-map';
import { rexRuleset } from './rex.ruleset';
import { seal, seatsOf, typesOf } from './rex.testkit';

const create = (setup: Record<string, unknown>, seats = seatsOf('sol', 'letnev', 'hacan')) =>
  decideCreateMatch({
    matchId: 'm',
    ruleset: rexRuleset as never,
    organizer: 'o',
    commitment: '0'.repeat(64),
    seats,
    setup,
  });

describe('rex setup', () => {
  it('lays out the map, reserves, loss banks, hands, decks and the Fleet', () => {
    const g = new MatchHarness(rexRuleset).started(seatsOf('sol', 'letnev', 'lazax'));
    const { table, rs } = g.state;
    expect(table.zones['civilian-spaceport']).toMatchObject({
      kind: 'location',
      attrs: { sectors: [2], shielded: true, stronghold: true },
    });
    expect(table.zones['sector:18'].adjacency).toEqual(['sector:17', 'sector:1']);
    expect(table.zones[ZONES.hand('sol')].visibility).toBe('owner');
    expect(table.zones[ZONES.losses('lazax')]).toMatchObject({
      kind: 'loss-bank',
      visibility: 'public',
    });
    expect(table.pieces['dreadnought-fleet'].zone).toBe('sector:18');
    const lazax = Object.values(table.pieces).filter((p) => p.owner === 'lazax');
    expect(lazax.filter((p) => p.type === 'troop')).toHaveLength(15);
    expect(lazax.filter((p) => p.type === 'mechanized-troop')).toHaveLength(5);
    expect(lazax.filter((p) => p.type === 'leader').map((p) => p.attrs.strength)).toEqual([
      1, 2, 3, 4, 6,
    ]);
    expect(table.tracks['influence:sol'].value).toBe(10);
    expect(table.decks[ZONES.influenceDeck].order).toHaveLength(18);
    expect(table.decks[ZONES.traitorDeck].order).toHaveLength(15);
    expect(rs).toMatchObject({
      configured: true,
      firstPlayer: 'sol',
      phase: 'setup',
      bombarded: 18,
    });
    expect(g.state.table.turn).toMatchObject({ phase: 'setup', active: ['sol'] });
    expect(Object.keys(table.zones).filter((z) => table.zones[z].kind === 'location')).toHaveLength(
      DEFAULT_MAP.locations.length,
    );
  });

  it('begins: shuffles every deck, deals Letnev 4 Traitors + 2 Strategy cards and the others 1 + 1, hidden from the rest', () => {
    const g = new MatchHarness(rexRuleset).started(seatsOf('sol', 'letnev', 'hacan'));
    const events = g.play('sol', 'begin');
    expect(typesOf(events).filter((t) => t === 'DeckShuffled')).toHaveLength(4);
    const { table } = g.state;
    const count = (zone: string) =>
      Object.values(table.pieces).filter((p) => p.zone === zone).length;
    expect([count(ZONES.traitors('letnev')), count(ZONES.hand('letnev'))]).toEqual([4, 2]);
    expect([count(ZONES.traitors('sol')), count(ZONES.hand('sol'))]).toEqual([1, 1]);
    const dealt = events.filter((e) => e.type === 'CardsDrawn');
    expect(dealt.every((e) => e.meta.visibility.startsWith('seat:'))).toBe(true);
    const solView = viewTable(table, { kind: 'seat', seat: 'sol' }, false);
    expect(solView.zones[ZONES.hand('letnev')].hiddenCount).toBe(2);
    expect(Object.values(solView.pieces).some((p) => p.zone === ZONES.hand('letnev'))).toBe(false);
    expect(g.state.table.turn).toMatchObject({ round: 1, phase: 'influence', active: ['sol'] });
  });

  it('waits for Xxcha’s sealed prediction before the game begins', () => {
    const g = new MatchHarness(rexRuleset).started(seatsOf('sol', 'hacan', 'xxcha'));
    expect(g.decide('sol', 'begin')).toMatchObject({
      code: 'prediction_missing',
      ruleRef: expect.stringContaining('предсказывает игрока и номер раунда'),
    });
    seal(g, 'xxcha', 'predict', { seat: 'hacan', round: 5 });
    expect(g.state.rs.prediction).toMatchObject({ seat: 'xxcha' });
    g.play('sol', 'begin');
    expect(g.state.rs.round).toBe(1);
  });

  it('accepts a map document, placements, Influence on the board and standing alliances', () => {
    const g = new MatchHarness(rexRuleset).started(seatsOf('sol', 'letnev', 'hacan'), {
      setup: {
        firstPlayer: 'letnev',
        startRound: 4,
        fleetSector: 3,
        factions: [
          {
            faction: 'sol',
            placements: [{ location: 'imperial-palace', troops: 3 }],
            influence: 7,
          },
          { faction: 'letnev', leaders: [{ name: { en: 'Baron', ru: 'Барон' }, strength: 5 }] },
        ],
        influenceOnBoard: [{ location: 'tarragus-slums', amount: 3 }],
        alliances: [['sol', 'hacan']],
      },
    });
    const { table, rs } = g.state;
    expect(Object.values(table.pieces).filter((p) => p.zone === 'imperial-palace')).toHaveLength(3);
    expect(table.tracks['influence:sol'].value).toBe(7);
    expect(table.tracks['influence@tarragus-slums'].value).toBe(3);
    expect(table.pieces['leader:letnev:1'].attrs).toMatchObject({ strength: 5 });
    expect(rs.alliances).toEqual([{ id: 'alliance-1', members: ['sol', 'hacan'] }]);
    expect(rs).toMatchObject({ firstPlayer: 'letnev', startRound: 4, bombarded: 3 });
    g.play('letnev', 'begin');
    expect(g.state.rs.round).toBe(4);
  });

  it('refuses a bad setup: unknown race, a broken map, placements off the map, too many troops', () => {
    expect(create({}, [{ seat: 'a' }, { seat: 'b' }, { seat: 'c' }])).toMatchObject({
      code: 'unknown_faction',
      // The factions by the names the organizer reads, not their ids.
      localized: { ru: 'Месту «a» нужна фракция: Сол, Хакан, Летнев, Жол-Нар, Кззча, Лазакс' },
    });
    const map = structuredClone(DEFAULT_MAP) as unknown as Record<string, unknown>;
    (map.locations as { adjacent: string[] }[])[0].adjacent.push('archive-hall');
    expect(create({ map })).toMatchObject({
      code: 'invalid_map',
      localized: {
        ru: expect.stringMatching(
          /^По этой карте играть нельзя: локация «[^»]+» соседствует с «Зал Архива», а та с ней — нет$/,
        ),
      },
    });
    expect(
      create({ factions: [{ faction: 'sol', placements: [{ location: 'atlantis', troops: 1 }] }] }),
    ).toMatchObject({ code: 'unknown_location' });
    expect(
      create({
        factions: [
          { faction: 'sol', troops: 2, placements: [{ location: 'imperial-palace', troops: 3 }] },
        ],
      }),
    ).toMatchObject({ code: 'too_many_troops' });
    expect(create({ factions: [{ faction: 'sol', mechanized: 2 }] })).toMatchObject({
      code: 'not_lazax',
    });
    const invalid = create({ fleetSector: 19 });
    expect(isRejection(invalid) && invalid.kind).toBe('invalid_params');
  });
});
