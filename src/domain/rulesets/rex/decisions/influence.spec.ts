import { MatchHarness } from '@test/support/match-harness';
import type { NewEvent, RecordedEvent } from '../../../events/recorded-event';
import { foldMatch } from '../../../match/evolve-match';
import type { DecisionMadeData } from '../../../match/match-events';
import type { MatchState } from '../../../match/match-state';
import type { SeatSpec } from '../../ruleset';
import { ZONES } from '../rex-board';
import { RULES } from '../rex-rules-text';
import type { RexState } from '../rex-state';
import { rexRuleset } from '../rex.ruleset';
import { dataOf, seal, seatsOf, step, typesOf } from '../rex.testkit';

const standard = (a: string, x: number, b: string, y: number) => ({
  kind: 'standard',
  places: [
    { location: a, amount: x },
    { location: b, amount: y },
  ],
});
const SOL_OFFENSIVE = { kind: 'sol-offensive' };
const CEASEFIRE = { kind: 'ceasefire' };

function game(
  seats: SeatSpec[],
  setup: Record<string, unknown>,
  options: Record<string, unknown> = {},
) {
  const g = new MatchHarness(rexRuleset).started(seats, {
    setup: { fleetSector: 9, strategyDeck: [], ...setup },
    options: { deckOrder: 'as-listed', influenceSupply: 200, ...options },
  });
  if (seats.some((s) => s.faction === 'xxcha'))
    seal(g, 'xxcha', 'predict', { seat: seats[0].seat, round: 8 });
  g.play(seats[0].seat, 'begin');
  return g;
}

const zoneOf = (g: MatchHarness, id: string) => g.state.table.pieces[id].zone;

describe('the Influence phase', () => {
  it('places Influence from the Bank on the card’s locations, discards it face up and ends the phase', () => {
    const g = game(seatsOf('sol', 'letnev', 'hacan'), {
      influenceDeck: [standard('vel-terro', 6, 'south-power-station', 4)],
    });
    const events = g.play('sol', 'reveal-influence');
    // South Power Station is in sector 9, under bombardment: nothing is placed there.
    expect(dataOf(events, 'InfluencePlaced')).toEqual([
      { card: 'influence:1', location: 'vel-terro', amount: 6 },
    ]);
    expect(dataOf(events, 'InfluencePlacementBlocked')).toEqual([
      {
        card: 'influence:1',
        location: 'south-power-station',
        sector: 9,
        ruleRef: RULES.influenceBlocked,
      },
    ]);
    expect(g.state.table.tracks['influence@vel-terro'].value).toBe(6);
    expect(g.state.table.tracks['influence-bank'].value).toBe(194);
    expect(zoneOf(g, 'influence:1')).toBe(ZONES.influenceDiscard);
    expect(typesOf(events)).toContain('InfluencePhaseEnded');
    expect(g.state.rs.phase).not.toBe('influence');
  });

  it('example 4: a Sol Offensive strikes both locations of the top discard card: 3 Xxcha troops and 2 Influence in Archive Hall; Cartography Hall unchanged', () => {
    const g = game(seatsOf('sol', 'xxcha', 'hacan'), {
      startRound: 3,
      influenceDiscard: [standard('archive-hall', 2, 'cartography-hall', 4)],
      influenceOnBoard: [{ location: 'archive-hall', amount: 2 }],
      factions: [{ faction: 'xxcha', placements: [{ location: 'archive-hall', troops: 3 }] }],
      influenceDeck: [SOL_OFFENSIVE, standard('vel-terro', 2, 'embassy-quarters', 2)],
    });
    const events = g.play('sol', 'reveal-influence');
    expect(dataOf(events, 'SolOffensiveResolved')[0]).toMatchObject({
      sourceCard: 'influence:3',
      locations: ['archive-hall', 'cartography-hall'],
      destroyed: [
        {
          location: 'archive-hall',
          troops: ['troop:xxcha:1', 'troop:xxcha:2', 'troop:xxcha:3'],
          influence: 2,
        },
        { location: 'cartography-hall', troops: [], influence: 0 },
      ],
      ruleRef: RULES.solOffensiveTop,
    });
    expect(g.state.table.losses.xxcha.map((l) => l.cause)).toEqual([
      'sol-offensive',
      'sol-offensive',
      'sol-offensive',
    ]);
    expect(g.state.table.tracks['influence@archive-hall'].value).toBe(0);
    expect(g.state.table.tracks['influence@cartography-hall'].value).toBe(0);
    expect(zoneOf(g, 'influence:1')).toBe(ZONES.box);
    // A new card is revealed next.
    expect(g.state.table.turn).toMatchObject({ phase: 'influence', active: ['sol'] });
  });

  it('spares Sol and its allies, and can strike the discard card with the most Influence (option)', () => {
    const g = game(
      seatsOf('sol', 'letnev', 'hacan'),
      {
        startRound: 2,
        alliances: [['sol', 'hacan']],
        influenceDiscard: [
          standard('vel-terro', 8, 'tarragus-slums', 4),
          standard('archive-hall', 2, 'cartography-hall', 2),
        ],
        factions: [
          { faction: 'sol', placements: [{ location: 'vel-terro', troops: 2 }] },
          { faction: 'letnev', placements: [{ location: 'tarragus-slums', troops: 2 }] },
          { faction: 'hacan', placements: [{ location: 'tarragus-slums', troops: 1 }] },
        ],
        influenceDeck: [SOL_OFFENSIVE],
      },
      { solOffensiveTarget: 'most-influence', alliesSharingLocation: 'allow' },
    );
    const [resolved] = dataOf<Record<string, unknown>>(
      g.play('sol', 'reveal-influence'),
      'SolOffensiveResolved',
    );
    expect(resolved).toMatchObject({
      sourceCard: 'influence:2',
      target: 'most-influence',
      immune: [
        { location: 'vel-terro', seat: 'sol', troops: 2 },
        { location: 'tarragus-slums', seat: 'hacan', troops: 1 },
      ],
      ruleRef: RULES.solOffensiveMost,
    });
    expect(g.state.table.losses.letnev).toHaveLength(2);
    expect(g.state.table.losses.sol ?? []).toHaveLength(0);
  });

  it('example 7: round 4 — Ceasefire to the box, Sol Offensive on Tarragus Slums and the HQ, a second one ignored, then 10 and 8 Influence end the phase', () => {
    const g = game(seatsOf('sol', 'letnev', 'hacan'), {
      startRound: 4,
      fleetSector: 9,
      influenceDiscard: [standard('tarragus-slums', 6, 'imperial-intelligence-hq', 6)],
      influenceOnBoard: [{ location: 'tarragus-slums', amount: 5 }],
      factions: [{ faction: 'letnev', placements: [{ location: 'tarragus-slums', troops: 4 }] }],
      influenceDeck: [
        CEASEFIRE,
        SOL_OFFENSIVE,
        SOL_OFFENSIVE,
        standard('holonet-central-square', 10, 'sallab-slums', 8),
      ],
    });
    // (a) The Ceasefire: alliances change; the card goes to the box, not the discard.
    g.play('sol', 'reveal-influence');
    expect(g.state.table.turn.phase).toBe('ceasefire');
    g.play('sol', 'offer-alliance', { to: 'hacan' });
    g.play('hacan', 'offer-alliance', { to: 'sol' });
    expect(g.state.rs.alliances).toEqual([{ id: 'alliance-1', members: ['sol', 'hacan'] }]);
    for (const seat of ['sol', 'letnev', 'hacan']) g.play(seat, 'end-ceasefire');
    expect(zoneOf(g, 'influence:1')).toBe(ZONES.box);
    expect(g.state.table.turn).toMatchObject({ phase: 'influence', active: ['sol'] });
    // (b) The Sol Offensive: Letnev's troops in the Slums to the Loss Bank, the Influence to the Bank.
    const offensive = g.play('sol', 'reveal-influence');
    expect(dataOf(offensive, 'SolOffensiveResolved')[0]).toMatchObject({
      locations: ['tarragus-slums', 'imperial-intelligence-hq'],
      destroyed: [
        {
          location: 'tarragus-slums',
          troops: expect.arrayContaining(['troop:letnev:1']),
          influence: 5,
        },
        { location: 'imperial-intelligence-hq', troops: [], influence: 0 },
      ],
    });
    expect(g.state.table.losses.letnev).toHaveLength(4);
    expect(zoneOf(g, 'influence:2')).toBe(ZONES.box);
    // (c) A second Sol Offensive this phase is ignored and boxed.
    const second = g.play('sol', 'reveal-influence');
    expect(dataOf(second, 'SolOffensiveIgnored')).toEqual([
      { card: 'influence:3', reason: 'repeat', ruleRef: RULES.solOffensiveRepeat },
    ]);
    expect(zoneOf(g, 'influence:3')).toBe(ZONES.box);
    // (d) A normal card: 10 on Holonet Central Square, 8 on Sallab Slums; discarded; Bidding begins.
    const normal = g.play('sol', 'reveal-influence');
    expect(dataOf(normal, 'InfluencePlaced')).toEqual([
      { card: 'influence:4', location: 'holonet-central-square', amount: 10 },
      { card: 'influence:4', location: 'sallab-slums', amount: 8 },
    ]);
    expect(zoneOf(g, 'influence:4')).toBe(ZONES.influenceDiscard);
    expect(dataOf(normal, 'InfluencePhaseEnded')).toEqual([{ round: 4, reason: 'standard-card' }]);
    expect(g.state.rs.phase).not.toBe('influence');
  });

  it('round 1: a Sol Offensive has no effect, waits beside the deck and goes back into it when the phase ends', () => {
    const g = game(seatsOf('sol', 'letnev', 'hacan'), {
      factions: [{ faction: 'letnev', placements: [{ location: 'vel-terro', troops: 2 }] }],
      influenceDiscard: [standard('vel-terro', 2, 'archive-hall', 2)],
      influenceDeck: [SOL_OFFENSIVE, standard('embassy-quarters', 4, 'archive-hall', 2), CEASEFIRE],
    });
    const first = g.play('sol', 'reveal-influence');
    expect(dataOf(first, 'SolOffensiveIgnored')).toEqual([
      { card: 'influence:1', reason: 'first-round', ruleRef: RULES.solOffensiveFirstRound },
    ]);
    expect(zoneOf(g, 'influence:1')).toBe(ZONES.influenceAside);
    expect(g.state.table.losses.letnev ?? []).toHaveLength(0);
    const ended = g.play('sol', 'reveal-influence');
    expect(dataOf(ended, 'InfluenceCardsReturned')).toEqual([
      { cards: ['influence:1'], ruleRef: RULES.solOffensiveFirstRound },
    ]);
    expect(g.state.table.decks[ZONES.influenceDeck].order).toEqual(['influence:3', 'influence:1']);
  });

  const solOffensivesFirst = () =>
    game(
      seatsOf('sol', 'letnev', 'hacan'),
      {
        influenceDeck: [
          SOL_OFFENSIVE,
          SOL_OFFENSIVE,
          SOL_OFFENSIVE,
          standard('embassy-quarters', 4, 'archive-hall', 2),
        ],
      },
      { deckOrder: 'server' },
    );

  /** Reveals Influence cards until the phase ends; returns each reveal's events. */
  const revealAll = (g: MatchHarness<RexState>): RecordedEvent[][] => {
    const reveals: RecordedEvent[][] = [];
    while (g.state.table.turn.phase === 'influence')
      reveals.push(g.play('sol', 'reveal-influence'));
    return reveals;
  };

  it('round 1 with server shuffles: the returned Sol Offensive is shuffled in by the decision that ends the phase', () => {
    const g = solOffensivesFirst();
    const events = revealAll(g).flat();
    expect(dataOf(events, 'SolOffensiveIgnored').length).toBeGreaterThan(0);
    const types = typesOf(events);
    const returned = types.indexOf('InfluenceCardsReturned');
    expect(returned).toBeGreaterThan(0);
    expect(events[returned + 1]).toMatchObject({
      type: 'DeckShuffled',
      data: { deck: ZONES.influenceDeck },
    });
    expect(types).not.toContain('DeckShuffleDeferred');
    expect(g.state.rs.pendingShuffles).toEqual([]);
  });

  it('given a log recorded when that shuffle waited for the next decision (DeckShuffleDeferred), when the next decision is made, then it shuffles first and the log folds to the same table', () => {
    const now = solOffensivesFirst();
    const reveals = revealAll(now);
    const last = reveals[reveals.length - 1];
    // The same decision as an older Rex recorded it: the shuffle deferred, not made.
    const asRecordedThen: NewEvent[] = last.flatMap((e): NewEvent[] =>
      e.type === 'DeckShuffled'
        ? [
            {
              type: 'DeckShuffleDeferred',
              data: { deck: ZONES.influenceDeck, reason: RULES.solOffensiveFirstRound },
            },
          ]
        : [{ type: e.type, data: e.data, visibility: e.meta.visibility }],
    );
    const old = solOffensivesFirst();
    for (let i = 0; i < reveals.length - 1; i += 1) old.play('sol', 'reveal-influence');
    old.given((h) =>
      h.record(asRecordedThen, { kind: 'seat', id: 'sol', seat: 'sol' }, 'recorded-then'),
    );
    expect(old.state.rs.pendingShuffles).toEqual([ZONES.influenceDeck]);

    expect(old.state.table.turn).toEqual(now.state.table.turn);
    const next = step(now);
    const { seat, kind, params } = next[0].data as DecisionMadeData;
    old
      .when(seat, kind, params)
      .then([
        { type: 'DeckShuffled', data: { deck: ZONES.influenceDeck } },
        ...next.slice(1).map((e) => ({ type: e.type })),
      ]);
    expect(old.state.rs.pendingShuffles).toEqual([]);
    // The shuffle started from the same deck with the same draw number: the same order.
    const board = (g: { state: MatchState<RexState> }) => ({
      decks: g.state.table.decks,
      zones: Object.fromEntries(Object.values(g.state.table.pieces).map((p) => [p.id, p.zone])),
      tracks: Object.fromEntries(
        Object.entries(g.state.table.tracks).map(([id, t]) => [id, t.value]),
      ),
      turn: g.state.table.turn,
      rs: g.state.rs,
    });
    expect(board(old)).toEqual(board(now));
    // And a replay of the stored log folds to the state it was recorded in.
    const replayed = foldMatch(rexRuleset, old.matchId, old.events);
    expect(board({ state: replayed })).toEqual(board(old));
  });

  it('a repeated Ceasefire goes back to the deck without effect (option: to the box), and the next card is revealed', () => {
    const g = game(seatsOf('sol', 'letnev', 'hacan'), {
      startRound: 2,
      influenceDeck: [CEASEFIRE, CEASEFIRE, standard('vel-terro', 2, 'archive-hall', 2)],
    });
    g.play('sol', 'reveal-influence');
    for (const seat of ['sol', 'letnev', 'hacan']) g.play(seat, 'end-ceasefire');
    const repeat = g.play('sol', 'reveal-influence');
    expect(dataOf(repeat, 'CeasefireIgnored')).toEqual([
      { card: 'influence:2', to: 'deck', ruleRef: RULES.ceasefireRepeat },
    ]);
    expect(g.state.table.decks[ZONES.influenceDeck].order).toEqual(['influence:3', 'influence:2']);
    expect(g.state.table.turn.phase).toBe('influence');
  });

  it('with option repeatedSpecialCard = end-phase a repeated special card ends the phase without a replacement', () => {
    const g = game(
      seatsOf('sol', 'letnev', 'hacan'),
      {
        startRound: 2,
        influenceDeck: [SOL_OFFENSIVE, SOL_OFFENSIVE, standard('vel-terro', 2, 'archive-hall', 2)],
      },
      { repeatedSpecialCard: 'end-phase' },
    );
    g.play('sol', 'reveal-influence');
    const repeat = g.play('sol', 'reveal-influence');
    expect(dataOf(repeat, 'InfluencePhaseEnded')).toEqual([{ round: 2, reason: 'no-replacement' }]);
  });
});
