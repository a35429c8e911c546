import type { Table } from '../../../table/table';
import { controllerOf, mapOf, strongholdsOf } from '../rex-board';
import { rexDecision, type RexDraft } from '../rex-draft';
import type { RexOptions } from '../rex-options';
import { RULES } from '../rex-rules-text';
import { alliesOf, factionOf, seatOf, type RexState } from '../rex-state';
import { RexPredictParams } from './victory.params';
import { seatsOf } from '../rex-choice-values';

/**
 * Victory: Strongholds (3 alone, 4 for two allies, 5 for three), the round-8 special
 * victories (Sol, then Hacan, then most Strongholds) and Xxcha's sealed prediction, which
 * takes any win it names.
 */

export interface VictoryResult {
  winners: string[];
  condition:
    | 'strongholds'
    | 'sol-special'
    | 'hacan-special'
    | 'most-strongholds'
    | 'prediction'
    | 'no-winner';
  ruleRef: string;
}

/** Winners are listed in seating order. */
const seatingOrder = (rs: Pick<RexState, 'seats'>): string[] => rs.seats.map((s) => s.seat);

export const STRONGHOLDS_NEEDED: Record<number, { count: number; ruleRef: string }> = {
  1: { count: 3, ruleRef: RULES.victoryAlone },
  2: { count: 4, ruleRef: RULES.victoryTwo },
  3: { count: 5, ruleRef: RULES.victoryThree },
};

/** The groups that stand alone or together: each alliance, and every player outside one. */
export function victoryGroups(
  rs: Pick<RexState, 'seats' | 'alliances' | 'firstPlayer'>,
): string[][] {
  const order = seatingOrder(rs);
  const groups = rs.alliances.map((a) => order.filter((s) => a.members.includes(s)));
  for (const seat of order) if (!groups.some((g) => g.includes(seat))) groups.push([seat]);
  return groups;
}

export function strongholdCounts(
  table: Readonly<Table>,
  rs: Pick<RexState, 'seats'>,
): Record<string, number> {
  return Object.fromEntries(rs.seats.map(({ seat }) => [seat, strongholdsOf(table, seat).length]));
}

export function strongholdVictory(table: Readonly<Table>, rs: RexState): VictoryResult | null {
  const counts = strongholdCounts(table, rs);
  const order = seatingOrder(rs);
  const qualifying = victoryGroups(rs).filter((group) => {
    const needed = STRONGHOLDS_NEEDED[group.length];
    return needed && group.reduce((sum, seat) => sum + counts[seat], 0) >= needed.count;
  });
  if (qualifying.length === 0) return null;
  const winners = order.filter((seat) => qualifying.some((g) => g.includes(seat)));
  const refs = [...new Set(qualifying.map((g) => STRONGHOLDS_NEEDED[g.length].ruleRef))];
  return { winners, condition: 'strongholds', ruleRef: refs.join(' / ') };
}

/** After round 8 with no Stronghold victory: Sol's, then Hacan's, then the most Strongholds. */
export function roundEightVictory(
  table: Readonly<Table>,
  rs: RexState,
  opts: RexOptions,
): VictoryResult {
  const order = seatingOrder(rs);
  const withAllies = (seat: string) =>
    order.filter((s) => s === seat || alliesOf(rs, seat).includes(s));
  const sol = seatOf(rs, 'sol');
  if (sol) {
    const targets = mapOf(table).locations.filter((l) => l.roles.includes('sol-victory'));
    if (targets.length > 0 && targets.every((l) => controllerOf(table, l.id) === sol))
      return { winners: withAllies(sol), condition: 'sol-special', ruleRef: RULES.solVictory };
  }
  const hacan = seatOf(rs, 'hacan');
  if (hacan)
    return { winners: withAllies(hacan), condition: 'hacan-special', ruleRef: RULES.hacanVictory };
  const counts = strongholdCounts(table, rs);
  const eligible =
    opts.mostStrongholdsWinner === 'unallied-only'
      ? order.filter((seat) => alliesOf(rs, seat).length === 0)
      : order;
  if (eligible.length === 0)
    return { winners: [], condition: 'no-winner', ruleRef: RULES.mostStrongholds };
  const most = Math.max(...eligible.map((seat) => counts[seat]));
  const top = eligible.filter((seat) => counts[seat] === most);
  const winners =
    opts.mostStrongholdsWinner === 'with-allies'
      ? order.filter((s) => top.some((t) => t === s || alliesOf(rs, t).includes(s)))
      : top;
  return {
    winners,
    condition: 'most-strongholds',
    ruleRef: `${RULES.mostStrongholds} / ${RULES.mostStrongholdsTie}`,
  };
}

/**
 * A win is declared: with Xxcha in the match its sealed prediction must be revealed first
 * (it takes the win if it names a winner and this round); otherwise the match finishes.
 */
export function declareVictory(d: RexDraft, result: VictoryResult): void {
  const xxcha = seatOf(d.rs, 'xxcha');
  if (xxcha && d.rs.prediction && !d.rs.prediction.revealed) {
    d.own('VictoryPending', {
      winners: result.winners,
      condition: result.condition,
      round: d.rs.round,
      ruleRef: result.ruleRef,
    });
    d.on('PhaseStarted', { phase: 'prediction', active: [xxcha] });
    return;
  }
  endGame(d, result);
}

/** The table shows the game over, and the kit finishes the match with the rule that won it. */
function endGame(d: RexDraft, { winners, condition, ruleRef }: VictoryResult): void {
  d.on('PhaseStarted', { phase: 'ended', active: [] });
  d.finish(winners, condition, ruleRef);
}

export const victoryDecisions = {
  /**
   * Xxcha's prediction of a player and a round: sealed at the start of the game (before
   * `begin`), revealed when a win is declared. An impossible prediction names nobody.
   */
  predict: rexDecision<RexPredictParams>({
    summary: {
      en: 'Xxcha: predict a player and a round (sealed at the start, revealed when a win is declared)',
      ru: 'Кззча: предсказать игрока и раунд (запечатать в начале, вскрыть при объявлении победы)',
    },
    params: RexPredictParams,
    example: { seat: 'hacan', round: 8 },
    examples: (ctx) => seatsOf(ctx).map((seat) => ({ seat, round: 8 })),
    turn: 'any',
    sealing: 'required',
    sealRuleRef: RULES.xxchaPrediction,
    available: ({ rs, seat }) =>
      factionOf(rs, seat) === 'xxcha' &&
      (rs.phase === 'setup'
        ? !rs.prediction
        : rs.phase === 'prediction' &&
          rs.pendingVictory !== null &&
          rs.prediction?.seat === seat &&
          !rs.prediction.revealed),
    decide(d, predicted) {
      if (factionOf(d.rs, d.seat) !== 'xxcha')
        return d.refuse(
          'not_xxcha',
          {
            en: 'Only Xxcha predicts a player and a round',
            ru: 'Игрока и раунд предсказывает только Кззча',
          },
          RULES.xxchaPrediction,
        );
      const prediction = d.rs.prediction;
      if (!prediction || prediction.seat !== d.seat) {
        d.own('SealVoided', {
          seat: d.seat,
          kind: 'predict',
          reason: 'sealed after the start of the game',
        });
        return;
      }
      if (prediction.revealed)
        return d.refuse(
          'prediction_revealed',
          { en: 'The prediction was already revealed', ru: 'Предсказание уже вскрыто' },
          RULES.xxchaVictory,
        );
      const pending = d.rs.pendingVictory;
      if (d.rs.phase !== 'prediction' || !pending)
        return d.refuse(
          'prediction_not_due',
          {
            en: 'The prediction is revealed when a win is declared, not before',
            ru: 'Предсказание вскрывают, когда объявлена победа, не раньше',
          },
          RULES.xxchaVictory,
        );
      const valid =
        d.rs.seats.some((s) => s.seat === predicted.seat) &&
        Number.isInteger(predicted.round) &&
        predicted.round >= 1 &&
        predicted.round <= 8;
      const matched =
        valid && predicted.round === pending.round && pending.winners.includes(predicted.seat);
      d.own('PredictionRevealed', {
        seat: d.seat,
        predicted: { seat: predicted.seat, round: predicted.round },
        valid,
        matched,
        ruleRef: RULES.xxchaVictory,
      });
      endGame(
        d,
        matched
          ? { winners: [d.seat], condition: 'prediction', ruleRef: RULES.xxchaVictory }
          : {
              winners: pending.winners,
              condition: pending.condition as VictoryResult['condition'],
              ruleRef: pending.ruleRef,
            },
      );
    },
  }),
};
