import { MatchHarness } from '@test/support/match-harness';
import { rollDice } from '../../../dice';
import { legalDecisionKinds } from '../../../match/legal-decisions';
import { RULES } from '../coin-race-rules-text';
import { HEADS, type CoinRaceState } from '../coin-race-state';
import { coinRaceRuleset } from '../coin-race.ruleset';

const seats = [{ seat: 'red' }, { seat: 'blue' }];

/** A started race; the opening shuffle comes with the first decision. */
function race(options: Record<string, unknown> = {}): MatchHarness<CoinRaceState> {
  return new MatchHarness(coinRaceRuleset).started(seats, { options });
}

/** The face the k-th coin flip of the harness's match shows (no seat gave entropy). */
function coin(h: MatchHarness<CoinRaceState>, k: number): number {
  const [face] = rollDice({
    seed: h.seed,
    matchId: h.matchId,
    purpose: 'coin',
    k,
    entropy: '',
    sides: [2],
  });
  return face;
}

describe('Coin Race, the race (its decisions)', () => {
  it('given a fresh race, when red flips, then the deck is shuffled and the coin decides', () => {
    const h = race();
    const heads = coin(h, 0) === HEADS;
    h.when('red', 'flip').then([
      { type: 'DeckShuffled', data: { deck: 'boosts', k: 0 } },
      { type: 'DiceRolled', data: { purpose: 'coin', faces: [coin(h, 0)], source: 'server' } },
      heads
        ? { type: 'TrackChanged', data: { track: 'position:red', value: 1, delta: 1 } }
        : { type: 'PhaseStarted', data: { phase: 'race', active: ['blue'] } },
    ]);
  });

  it('refuses a flip out of turn, citing nothing but the turn', () => {
    race().when('blue', 'flip').thenRejects('not_your_turn');
  });

  it('draws a boost instead of flipping, then plays it for two spaces', () => {
    const h = race({ trackLength: 9 });
    const [, drawn] = h
      .when('red', 'draw-boost')
      .then([
        { type: 'DeckShuffled' },
        { type: 'CardsDrawn', data: { deck: 'boosts', to: 'hand:red', count: 1 } },
        { type: 'PhaseStarted', data: { active: ['blue'] } },
      ])
      .slice(1);
    const [card] = (drawn.data as { secret: { pieces: string[] } }).secret.pieces;
    expect(drawn.meta.visibility).toBe('seat:red');
    h.play('blue', 'draw-boost');
    h.when('red', 'play-boost', { card }).then([
      { type: 'CardsPlayed', data: { pieces: [card], to: 'boosts:discard' } },
      { type: 'TrackChanged', data: { track: 'position:red', value: 2, delta: 2 } },
      { type: 'PhaseStarted', data: { active: ['blue'] } },
    ]);
  });

  it('refuses a second boost while one is held, and a boost that is not in hand, with the rule', () => {
    const h = race();
    h.play('red', 'draw-boost');
    h.play('blue', 'draw-boost');
    h.when('red', 'draw-boost').thenRejects('hand_not_empty', RULES.drawBoost);
    h.when('red', 'play-boost', { card: 'boost-999' }).thenRejects('not_in_hand', RULES.playBoost);
  });

  it('offers exactly what it would accept (available)', () => {
    const h = race();
    const offered = (seat: string): string[] =>
      legalDecisionKinds(coinRaceRuleset, h.state, seat).map((d) => d.kind);
    expect(offered('red')).toEqual(['flip', 'draw-boost']);
    expect(offered('blue')).toEqual([]);
    h.play('red', 'draw-boost');
    h.play('blue', 'draw-boost');
    expect(offered('red')).toEqual(['flip', 'play-boost']);
  });

  it('ends the race when a token reaches the last space', () => {
    const h = race({ trackLength: 2 });
    let k = 0;
    while (h.state.status !== 'finished' && k < 200) {
      const seat = h.state.table.turn.active[0];
      h.play(seat, 'flip');
      k += 1;
    }
    expect(h.state.status).toBe('finished');
    const finished = h.events.find((e) => e.type === 'MatchFinished');
    expect(finished?.data).toMatchObject({
      condition: 'reached the last space',
      ruleRef: RULES.victory,
    });
  });
});
