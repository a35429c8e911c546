import { MatchHarness } from '@test/support/match-harness';
import type { SeatSpec } from '../../ruleset';
import { RULES } from '../rex-rules-text';
import { rexRuleset } from '../rex.ruleset';
import { advanceTo, dataOf, reveal, revealOk, seal, seatsOf, step, typesOf } from '../rex.testkit';

const standard = { kind: 'standard', places: [{ location: 'archive-hall', amount: 2 }] };

function game(
  seats: SeatSpec[],
  setup: Record<string, unknown>,
  options: Record<string, unknown> = {},
  prediction?: { seat: string; round: number },
) {
  const g = new MatchHarness(rexRuleset).started(seats, {
    setup: {
      fleetSector: 5,
      strategyDeck: [],
      bombardmentDeck: [1],
      influenceDeck: [standard, standard],
      ...setup,
    },
    options: { deckOrder: 'as-listed', ...options },
  });
  const sealId = prediction ? seal(g, 'xxcha', 'predict', prediction) : undefined;
  g.play(seats[0].seat, 'begin');
  return { g, sealId };
}

/** Sol holds the Palace and the South Power Station, Hacan the North Power Station and the Fleet Base. */
const SOL_AND_HACAN = [
  {
    faction: 'sol',
    placements: [
      { location: 'imperial-palace', troops: 2 },
      { location: 'south-power-station', troops: 2 },
    ],
  },
  {
    faction: 'hacan',
    placements: [
      { location: 'north-power-station', troops: 2 },
      { location: 'imperial-fleet-base', troops: 2 },
    ],
  },
];

describe('victory', () => {
  it('example 3: Sol and Hacan, allied, hold 4 Strongholds at the end of round 5; Xxcha predicted Hacan in round 5 and wins alone', () => {
    const { g, sealId } = game(
      seatsOf('sol', 'hacan', 'xxcha'),
      { startRound: 5, alliances: [['sol', 'hacan']], factions: SOL_AND_HACAN },
      {},
      { seat: 'hacan', round: 5 },
    );
    // Revealing early is refused: the prediction is revealed when a win is declared.
    expect(reveal(g, 'xxcha', sealId as string, { seat: 'hacan', round: 5 })).toMatchObject({
      code: 'prediction_not_due',
    });
    advanceTo(g, 'bombardment');
    const end = g.play('sol', 'draw-bombardment');
    expect(dataOf(end, 'VictoryPending')).toEqual([
      { winners: ['sol', 'hacan'], condition: 'strongholds', round: 5, ruleRef: RULES.victoryTwo },
    ]);
    expect(g.state.table.turn).toMatchObject({ phase: 'prediction', active: ['xxcha'] });
    const revealed = revealOk(g, 'xxcha', sealId as string, { seat: 'hacan', round: 5 });
    expect(dataOf(revealed, 'PredictionRevealed')[0]).toMatchObject({
      matched: true,
      ruleRef: RULES.xxchaVictory,
    });
    expect(dataOf(revealed, 'MatchFinished')).toEqual([
      { winners: ['xxcha'], condition: 'prediction', ruleRef: RULES.xxchaVictory },
    ]);
    expect(g.state.status).toBe('finished');
  });

  it('a prediction that names another round leaves the win where it was', () => {
    const { g, sealId } = game(
      seatsOf('sol', 'hacan', 'xxcha'),
      { startRound: 5, alliances: [['sol', 'hacan']], factions: SOL_AND_HACAN },
      {},
      { seat: 'hacan', round: 6 },
    );
    advanceTo(g, 'bombardment');
    g.play('sol', 'draw-bombardment');
    const revealed = revealOk(g, 'xxcha', sealId as string, { seat: 'hacan', round: 6 });
    expect(dataOf(revealed, 'MatchFinished')).toEqual([
      { winners: ['sol', 'hacan'], condition: 'strongholds', ruleRef: RULES.victoryTwo },
    ]);
  });

  it('example 6: Lazax on 3 Strongholds allied with Xxcha does not win; after leaving at the next Ceasefire it wins at the end of the round', () => {
    const { g, sealId } = game(
      seatsOf('lazax', 'xxcha', 'sol'),
      {
        startRound: 3,
        alliances: [['lazax', 'xxcha']],
        influenceDeck: [standard, { kind: 'ceasefire' }, standard],
        factions: [
          {
            faction: 'lazax',
            placements: [
              { location: 'imperial-palace', troops: 2 },
              { location: 'south-power-station', troops: 2 },
              { location: 'north-power-station', troops: 2 },
            ],
          },
        ],
      },
      {},
      { seat: 'sol', round: 8 },
    );
    advanceTo(g, 'bombardment');
    const round3 = g.play('lazax', 'draw-bombardment');
    expect(typesOf(round3)).not.toContain('VictoryPending');
    expect(g.state.table.turn).toMatchObject({ round: 4, phase: 'influence' });
    g.play('xxcha', 'reveal-influence');
    expect(g.state.table.turn.phase).toBe('ceasefire');
    g.play('lazax', 'leave-alliance');
    for (const seat of ['lazax', 'xxcha', 'sol']) g.play(seat, 'end-ceasefire');
    advanceTo(g, 'bombardment');
    const round4 = g.play('xxcha', 'draw-bombardment');
    expect(dataOf(round4, 'VictoryPending')[0]).toMatchObject({
      winners: ['lazax'],
      round: 4,
      ruleRef: RULES.victoryAlone,
    });
    const finished = revealOk(g, 'xxcha', sealId as string, { seat: 'sol', round: 8 });
    expect(dataOf(finished, 'MatchFinished')[0]).toMatchObject({
      winners: ['lazax'],
      condition: 'strongholds',
    });
  });

  it('checks Strongholds at the end of Collection with option victoryCheck = collection', () => {
    const { g } = game(
      seatsOf('lazax', 'sol', 'letnev'),
      {
        factions: [
          {
            faction: 'lazax',
            placements: [
              { location: 'imperial-palace', troops: 1 },
              { location: 'south-power-station', troops: 1 },
              { location: 'north-power-station', troops: 1 },
            ],
          },
        ],
      },
      { victoryCheck: 'collection' },
    );
    advanceTo(g, 'maneuvers');
    let events = step(g);
    while (g.state.status === 'started') events = step(g);
    expect(typesOf(events)).toEqual(
      expect.arrayContaining(['CombatEnded', 'SupportFleetPaid', 'MatchFinished']),
    );
    expect(typesOf(g.events)).not.toContain('BombardmentCardRevealed');
    expect(g.state.result).toMatchObject({ winners: ['lazax'], condition: 'strongholds' });
  });

  it('after round 8: Sol wins (with its allies) when only Sol holds the Palace and the South Power Station', () => {
    const { g } = game(seatsOf('sol', 'hacan', 'letnev'), {
      startRound: 8,
      alliances: [['sol', 'letnev']],
      factions: [SOL_AND_HACAN[0]],
    });
    advanceTo(g, 'bombardment');
    g.play('sol', 'draw-bombardment');
    expect(g.state.result).toEqual({
      winners: ['sol', 'letnev'],
      condition: 'sol-special',
      ruleRef: RULES.solVictory,
    });
  });

  describe('after round 8 with no Sol or Hacan victory: the most Strongholds', () => {
    const setup = {
      startRound: 8,
      alliances: [['letnev', 'jolnar']],
      factions: [
        {
          faction: 'letnev',
          placements: [
            { location: 'imperial-palace', troops: 1 },
            { location: 'north-power-station', troops: 1 },
          ],
        },
        { faction: 'lazax', placements: [{ location: 'imperial-fleet-base', troops: 1 }] },
      ],
    };
    const finish = (option: string) => {
      const { g } = game(seatsOf('letnev', 'jolnar', 'lazax'), setup, {
        mostStrongholdsWinner: option,
      });
      advanceTo(g, 'bombardment');
      g.play('letnev', 'draw-bombardment');
      return g.state.result;
    };

    it('wins alone by default (allies do not share)', () => {
      expect(finish('alone')).toMatchObject({ winners: ['letnev'], condition: 'most-strongholds' });
    });
    it('shares with allies with option with-allies', () => {
      expect(finish('with-allies')).toMatchObject({ winners: ['letnev', 'jolnar'] });
    });
    it('counts only players outside alliances with option unallied-only', () => {
      expect(finish('unallied-only')).toMatchObject({ winners: ['lazax'] });
    });
  });
});
