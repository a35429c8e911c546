import type { BoardLayout } from '@domain/rulesets/ruleset';
import type { TableView } from '@domain/match/match-view';
import {
  getAllEvents,
  getAnnotations,
  getAudit,
  getLayout,
  getMatch,
  getRng,
  getRuleset,
  getScores,
  getState,
  getViewer,
  type Annotation,
  type AuditView,
  type MatchSummary,
  type RngView,
  type RulesetDetail,
  type ScoresView,
  type ViewerContext,
} from '../api/client';
import type { ViewEvent } from './replay-engine';

/** What the replay shows of the match itself. */
export type ReplayMatch = Pick<MatchSummary, 'matchId' | 'title' | 'status' | 'seats' | 'ruleset'>;

export interface ReplayData {
  match: ReplayMatch;
  viewer: ViewerContext;
  events: ViewEvent[];
  layout: BoardLayout;
  ruleset?: Pick<RulesetDetail, 'catalog' | 'decisions' | 'resourceTracks'>;
  /**
   * Each seat's score over the match as the ruleset derives it (what the score chart plots);
   * undefined when it could not be had (the chart then plots the seats' tracks).
   */
  scores?: Pick<ScoresView, 'seats' | 'points'>;
  /** Read from a file: everything in it is shown, and the badge says so. */
  fromFile?: boolean;
}

/**
 * Where a replay's match comes from: the server (`/replay/:matchId`) or a match file read in
 * the browser (`/replay/file`). One viewer, one engine and board for both.
 */
export interface ReplaySource {
  /** Changes when the match does. */
  id: string;
  load(onProgress: (count: number) => void): Promise<ReplayData>;
  /** The table after `seq` as this viewer may see it (an anchor the engine cannot fold). */
  stateAt(seq: number): Promise<TableView>;
  annotations(): Promise<Annotation[]>;
  /** The chain and dice checks to show as badges; undefined when the page says them itself. */
  audit(): Promise<AuditView | undefined>;
  rng(): Promise<RngView | undefined>;
}

/** The match as the server gives it to the token of the page. */
export function serverSource(matchId: string): ReplaySource {
  return {
    id: `server:${matchId}`,
    async load(onProgress) {
      const [match, viewer] = await Promise.all([getMatch(matchId), getViewer(matchId)]);
      const [events, layout, ruleset, scores] = await Promise.all([
        getAllEvents(matchId, onProgress),
        getLayout(matchId).then(
          (l) => l.layout,
          () => ({ kind: 'areas' }) as BoardLayout,
        ),
        getRuleset(match.ruleset.id).catch(() => undefined),
        getScores(matchId).catch(() => undefined),
      ]);
      return { match, viewer, events, layout, ruleset, ...(scores ? { scores } : {}) };
    },
    stateAt: async (seq) => (await getState(matchId, seq)).table,
    annotations: () => getAnnotations(matchId),
    audit: () => getAudit(matchId),
    rng: () => getRng(matchId),
  };
}
