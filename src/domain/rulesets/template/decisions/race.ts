import { coinRaceDecision, ZONES } from '../coin-race-draft';
import { coinRaceOptions } from '../coin-race-options';
import { RULES } from '../coin-race-rules-text';
import { HEADS } from '../coin-race-state';
import type { Ruleset } from '../../ruleset';
import { CoinRaceNoParams, CoinRacePlayBoostParams } from './race.params';

/**
 * The race, Coin Race's one phase: each decision kind's spec with its summary, params,
 * published example, params to try (`examples`), availability and decide. Beside it:
 * race.params.ts (its params classes), race.sentences.ts (what each kind says in the log) and
 * race.spec.ts (its tests). A game with more phases has one such group per phase.
 */
export const raceDecisions = {
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
};

function handOf(table: Parameters<Ruleset['derive']>[0], seat: string): string[] {
  return Object.values(table.pieces)
    .filter((piece) => piece.zone === ZONES.hand(seat))
    .map((piece) => piece.id);
}
