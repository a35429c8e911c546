import { MatchHarness } from '@test/support/match-harness';
import { quotesNotInSource } from '../kit';
import type { CoinRaceOptions } from './coin-race-options';
import { COIN_RACE_SOURCE, RULES } from './coin-race-rules-text';
import type { CoinRaceState } from './coin-race-state';
import { coinRaceRuleset } from './coin-race.ruleset';

/** A started race (its decisions are tested in decisions/race.spec.ts). */
function race(options: Record<string, unknown> = {}): MatchHarness<CoinRaceState> {
  return new MatchHarness(coinRaceRuleset).started([{ seat: 'red' }, { seat: 'blue' }], {
    options,
  });
}

describe('Coin Race, the template game', () => {
  it('lays out the track, the boost deck and the first turn', () => {
    const { state } = race({ trackLength: 3 });
    expect(state.rs).toMatchObject({ order: ['red', 'blue'], length: 3, deckShuffled: false });
    expect(state.table.decks.boosts.order).toHaveLength(4);
    expect(state.table.turn).toMatchObject({ phase: 'race', active: ['red'] });
  });

  it('types its options from their specs', () => {
    const options: CoinRaceOptions = { trackLength: 5, boostOnHeads: 'allowed' };
    // @ts-expect-error: an enum option takes only its choices
    const wrong: CoinRaceOptions = { trackLength: 5, boostOnHeads: 'sometimes' };
    expect([options, wrong]).toHaveLength(2);
  });

  it('quotes its rules text verbatim', () => {
    expect(quotesNotInSource(RULES, COIN_RACE_SOURCE)).toEqual([]);
    expect(
      quotesNotInSource({ bad: '«ГОНКА МОНЕТ»: «Игроки бросают кубик.»' }, COIN_RACE_SOURCE),
    ).toEqual(['bad: «Игроки бросают кубик.» is not in the source']);
  });
});
