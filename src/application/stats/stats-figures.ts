import { DiceTally, type DiceLuck } from '../../domain/stats/dice-luck';
import { wilsonInterval, type Proportion } from '../../domain/stats/proportions';
import type {
  CardRollRow,
  FaceCountRow,
  StatsScope,
  WinTally,
} from '../ports/stats-read-model.port';

/** As long as a name a seat may be claimed with. */
export const MAX_NAME_LENGTH = 100;

/** The filters of the statistics endpoints: the match list's, and an option set. */
export type StatsFilter = Omit<StatsScope, 'visibleTo' | 'ruleset' | 'player'> & {
  ruleset?: string;
  /** A registered player's id, or an exact normalised name or alias (playerRefsOf). */
  player?: string;
};

export type WinRate = WinTally & Proportion;

export interface DiceLuckBySource {
  server: DiceLuck;
  reported: DiceLuck;
}

export const winRate = <T extends WinTally>(tally: T): T & Proportion => ({
  ...tally,
  ...wilsonInterval(tally.wins, tally.played),
});

/** Dice and card rolls, each source apart: card rolls against their deck's own mix. */
export function luckBySource(
  rows: readonly FaceCountRow[],
  cardRolls: readonly CardRollRow[],
): DiceLuckBySource {
  const tallies = { server: new DiceTally(), reported: new DiceTally() };
  for (const row of rows) tallies[row.source].add(row.sides, row.face, row.count);
  for (const { source, value, count, ...kind } of cardRolls)
    tallies[source].addCardRoll(kind, value, count);
  return { server: tallies.server.luck(), reported: tallies.reported.luck() };
}
