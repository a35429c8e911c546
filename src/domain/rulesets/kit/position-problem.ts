import { own } from '../../shared/id-record';
import type { LocalizedText } from '../../shared/localized-text';
import type { Table } from '../../table/table';
import type { DecisionContext, PieceTypeSpec, PositionInput, PositionProblem } from '../ruleset';
import { pieceName } from './table-names';

/** A problem of a starting position at `path` (issue 45), with the rule it breaks if one does. */
export function positionProblem(
  path: string,
  message: LocalizedText,
  ruleRef?: string,
): PositionProblem {
  return { path, message, ...(ruleRef ? { ruleRef } : {}) };
}

/** A piece as a position's problem names it: its own name, else its catalog type's, else its type. */
export function catalogPieceName(
  catalog: readonly PieceTypeSpec[],
  table: Readonly<Table>,
  piece: string,
): LocalizedText {
  const found = own(table.pieces, piece);
  const named = pieceName(table, piece);
  if (!found || named.en !== found.type) return named;
  return catalog.find((spec) => spec.id === found.type)?.name ?? named;
}

/** A game's draft context over a laid-out position: a position draws, rolls and mints nothing. */
export function positionDraftContext<S>(input: PositionInput<S>): DecisionContext<S> {
  const noChance = (): never => {
    throw new Error('a position draws nothing');
  };
  return {
    matchId: '',
    seat: '',
    table: structuredClone(input.table as Table),
    rs: structuredClone(input.rs as S),
    options: input.options,
    seats: input.seats,
    nextSeq: 0,
    roll: noChance,
    shuffle: noChance,
    newPieceId: noChance,
    cited: () => undefined,
  };
}
