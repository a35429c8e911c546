import { own } from '../../shared/id-record';
import type { NewEvent } from '../../events/recorded-event';
import { tableEvent } from '../../table/table-events';
import { undoUnlessRevealed } from '../kit';
import type { Ruleset, SetupInput } from '../ruleset';
import { trackOf, ZONES } from './coin-race-draft';
import type { CoinRaceEvents } from './coin-race-events';
import { coinRaceOptions, COIN_RACE_OPTIONS } from './coin-race-options';
import { RULES } from './coin-race-rules-text';
import { evolveCoinRace, initialCoinRaceState, type CoinRaceState } from './coin-race-state';
import { raceDecisions } from './decisions/race';

/** How many boost cards the deck holds. */
const BOOSTS = 4;

/**
 * Coin Race: the template game. Copy this folder to start a new ruleset (see
 * docs/adding-a-ruleset.md); it is registered only in tests, so it cannot rot unnoticed.
 */
export const coinRaceRuleset: Ruleset<CoinRaceState> = {
  id: 'coin-race',
  version: '0.1.0',
  title: { en: 'Coin Race', ru: 'Гонка монет' },
  rules: RULES,
  summary: {
    en: 'Flip a coin to advance; draw and play boosts; first to the end of the track wins.',
    ru: 'Бросайте монету, чтобы продвинуться; берите и играйте ускорения; побеждает первый на финише.',
  },
  options: COIN_RACE_OPTIONS,
  catalog: [{ id: 'boost', kind: 'card', name: { en: 'Boost', ru: 'Ускорение' } }],
  seats: { min: 2, max: 4 },
  initialState: initialCoinRaceState,
  setup: coinRaceSetup,
  decisions: { ...raceDecisions },
  evolve: evolveCoinRace,
  derive: (table, rs) => ({
    scores: Object.fromEntries(
      rs.order.map((seat) => [seat, own(table.tracks, trackOf(seat))?.value ?? 0]),
    ),
  }),
  undo: undoUnlessRevealed(new Set(['CardsPlayed'])),
  layout: () => ({ kind: 'areas' }),
};

function coinRaceSetup({ seats, options }: SetupInput): NewEvent[] {
  const order = seats.map((s) => s.seat);
  const { trackLength } = coinRaceOptions(options);
  const laidOut: CoinRaceEvents['RaceLaidOut'] = { order, length: trackLength };
  return [
    tableEvent('ZonesCreated', {
      zones: [
        {
          id: ZONES.deck,
          kind: 'deck',
          visibility: 'nobody',
          name: { en: 'Boosts', ru: 'Ускорения' },
        },
        { id: ZONES.discard, kind: 'discard', name: { en: 'Discard', ru: 'Сброс' } },
        ...order.map((seat) => ({
          id: ZONES.hand(seat),
          kind: 'hand',
          owner: seat,
          visibility: 'owner' as const,
        })),
      ],
    }),
    tableEvent('PiecesCreated', {
      pieces: Array.from({ length: BOOSTS }, (_, i) => ({
        id: `boost-${i + 1}`,
        type: 'boost',
        zone: ZONES.deck,
      })),
    }),
    ...order.map((seat) =>
      tableEvent('TrackChanged', { track: trackOf(seat), owner: seat, value: 0, delta: 0 }),
    ),
    { type: 'RaceLaidOut', data: laidOut },
    tableEvent('PhaseStarted', { phase: 'race', active: [order[0]] }),
  ];
}
