import { own } from '../../shared/id-record';
import type { NewEvent } from '../../events/recorded-event';
import { tableEvent } from '../../table/table-events';
import { undoUnlessRevealed } from '../kit';
import type { Ruleset, SetupInput } from '../ruleset';
import { coinRaceDecision, trackOf, ZONES } from './coin-race-draft';
import type { CoinRaceEvents } from './coin-race-events';
import { coinRaceOptions, COIN_RACE_OPTIONS } from './coin-race-options';
import { RULES } from './coin-race-rules-text';
import { evolveCoinRace, HEADS, initialCoinRaceState, type CoinRaceState } from './coin-race-state';
import { CoinRaceNoParams, CoinRacePlayBoostParams } from './coin-race.params';

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
  decisions: {
    flip: coinRaceDecision({
      summary: { en: 'Flip the coin', ru: 'Бросить монету' },
      params: CoinRaceNoParams,
      example: {},
      turn: 'active',
      phases: ['race'],
      decide(d) {
        const [face] = d.roll('coin', [2]);
        if (face === HEADS) d.advance(d.seat, 1);
        else d.passTurn();
      },
    }),
    'draw-boost': coinRaceDecision({
      summary: { en: 'Draw a boost instead of flipping', ru: 'Взять ускорение вместо броска' },
      params: CoinRaceNoParams,
      example: {},
      turn: 'active',
      phases: ['race'],
      available: (ctx) => !ctx.rs.flippedHeads && handOf(ctx.table, ctx.seat).length === 0,
      decide(d) {
        if (d.rs.flippedHeads)
          d.refuse(
            'already_flipped',
            {
              en: 'You have flipped this turn: no boost instead',
              ru: 'Вы уже бросили монету в этот ход: брать ускорение вместо броска поздно',
            },
            RULES.drawBoost,
          );
        if (handOf(d.table, d.seat).length > 0)
          d.refuse(
            'hand_not_empty',
            { en: 'You hold a boost already', ru: 'У вас уже есть ускорение' },
            RULES.drawBoost,
          );
        if (d.draw(ZONES.deck, 1, ZONES.hand(d.seat)).length === 0)
          d.refuse(
            'deck_empty',
            { en: 'The boost deck is empty', ru: 'Колода ускорений пуста' },
            RULES.drawBoost,
          );
        d.passTurn();
      },
    }),
    'play-boost': coinRaceDecision({
      summary: { en: 'Play a boost: advance two spaces', ru: 'Сыграть ускорение: на два деления' },
      params: CoinRacePlayBoostParams,
      example: { card: 'boost-1' },
      examples: (ctx) => handOf(ctx.table, ctx.seat).map((card) => ({ card })),
      turn: 'active',
      phases: ['race'],
      available: (ctx) =>
        handOf(ctx.table, ctx.seat).length > 0 &&
        (!ctx.rs.flippedHeads || coinRaceOptions(ctx.options).boostOnHeads === 'allowed'),
      decide(d, { card }) {
        if (!handOf(d.table, d.seat).includes(card))
          d.refuse(
            'not_in_hand',
            { en: `Boost ${card} is not in your hand`, ru: 'Этого ускорения у вас в руке нет' },
            RULES.playBoost,
          );
        if (d.rs.flippedHeads && d.options.boostOnHeads === 'never')
          d.refuse(
            'boost_after_heads',
            {
              en: 'You flipped heads this turn: no boost (option boostOnHeads)',
              ru: 'В этот ход у вас выпал орёл: по опциям матча ускорение после орла не играют',
            },
            RULES.playBoost,
          );
        d.on('CardsPlayed', { pieces: [card], to: ZONES.discard, types: ['boost'] });
        d.advance(d.seat, 2);
        if (!d.finished) d.passTurn();
      },
    }),
  },
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

function handOf(table: Parameters<Ruleset['derive']>[0], seat: string): string[] {
  return Object.values(table.pieces)
    .filter((piece) => piece.zone === ZONES.hand(seat))
    .map((piece) => piece.id);
}
