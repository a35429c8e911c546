import type { LocalizedText } from '../../domain/shared/localized-text';
import type { DeckRollCount } from '../../domain/stats/dice-luck';
import type { DiceSource } from '../../domain/stats/match-record';
import type { MatchListFilter, PlayerRefs } from './match-index.port';

/** Which finished matches an aggregate covers: the match list's filters, and what the caller may see. */
export interface StatsScope {
  ruleset?: string;
  /** One option set of the ruleset (optionsHash). */
  optionsHash?: string;
  /** A seat is taken by one of these players, as in the match list. */
  player?: PlayerRefs;
  tournament?: string;
  createdFrom?: string;
  createdTo?: string;
  /**
   * The matches the caller may read, as the list, the export and the feed apply it
   * (LiveReadScope). Only finished matches have a record, and every finished match is
   * readable by everyone, so an aggregate covers the same finished matches for every caller.
   */
  visibleTo: MatchListFilter['visibleTo'];
}

export interface FaceCountRow {
  source: DiceSource;
  sides: number;
  face: number;
  count: number;
}

/** Rolls read off cards of one deck and reading that gave one value (Ruleset.cardRolls). */
export interface CardRollRow extends DeckRollCount {
  source: DiceSource;
}

export interface WinTally {
  played: number;
  wins: number;
}

export interface RulesetAggregates {
  matches: number;
  optionSets: { optionsHash: string; options: Record<string, unknown>; matches: number }[];
  factions: (WinTally & { faction: string })[];
  positions: (WinTally & { position: number })[];
  /** Matches with a first player, how many the first player won, and Σ 1/seats (the wins fair play expects). */
  firstPlayer: { matches: number; wins: number; expectedWins: number };
  lengths: { decisions: number[]; rounds: number[]; minutes: number[] };
  losses: { pieceType: string; count: number; matches: number }[];
  /** Every seat's dice and card rolls, pooled. */
  dice: FaceCountRow[];
  cardRolls: CardRollRow[];
}

/** Seats played, won, drawn (a match nobody won) and lost (another seat won): never a draw as a loss. */
export interface RecordTally extends WinTally {
  draws: number;
  losses: number;
}

export interface PlayerAggregates extends RecordTally {
  /** The name the player used most recently; undefined when no match counts. */
  name?: string;
  matches: number;
  factions: (WinTally & { faction: string })[];
  /** The player's own result in the matches they played with each opponent. */
  opponents: ({ key: string; name: string; playerId?: string } & RecordTally)[];
  dice: FaceCountRow[];
  cardRolls: CardRollRow[];
}

export interface MatchDiceAggregates {
  seats: { seat: string; position: number; faction?: string; player?: string; won: boolean }[];
  dice: (FaceCountRow & { seat: string })[];
  cardRolls: (CardRollRow & { seat: string })[];
}

/** One seat's first decision, by kind and choice, over the matches of a scope. */
export interface OpeningRow {
  seat: string;
  /** The seat's 1-based place in its matches' seat order. */
  position: number;
  kind: string;
  choice: LocalizedText;
  games: number;
  wins: number;
  draws: number;
  losses: number;
}

/** The statistics read model, fed by the match projector. */
export interface StatsReadModel {
  rulesetAggregates(scope: StatsScope): Promise<RulesetAggregates>;
  /** The seats `who` names (registered ids, and seats claimed by a name of that key). */
  playerAggregates(who: PlayerRefs, scope: StatsScope): Promise<PlayerAggregates>;
  /** Each seat's first decisions, by kind and choice, and how many matches the scope covers. */
  openingAggregates(scope: StatsScope): Promise<{ matches: number; rows: OpeningRow[] }>;
  /** Undefined unless the match finished (and its record is built). */
  matchDice(matchId: string): Promise<MatchDiceAggregates | undefined>;
  /**
   * A number that changes whenever an aggregate may have changed (a record stored or removed,
   * a match finished, abandoned, rewound or a seat claimed): an answer computed at one
   * generation holds until the next.
   */
  generation(): number;
}
export const STATS_READ_MODEL = Symbol('StatsReadModel');
