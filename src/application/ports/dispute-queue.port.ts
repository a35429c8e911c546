/** One row of the disputes queue read model: what judges work through across their matches. */
export interface DisputeSummary {
  disputeId: string;
  matchId: string;
  tournamentId?: string;
  seat: string;
  atSeq: number;
  claim: string;
  ruleRef?: string;
  status: 'open' | 'ruled';
  openedSeq: number;
  openedAt: string;
  decision?: 'upheld' | 'rejected' | 'amended';
  ruledAt?: string;
  /** The ruling's rationale and the rule it rests on. */
  rationale?: string;
  rulingRuleRef?: string;
  /** Who ruled: the judge's actor id, and the name the judge was appointed under where known. */
  judge?: { id: string; name?: string };
  /** The reason of the pause in force on the dispute's match, if it is paused. */
  pausedReason?: string;
  /** When that pause began (server time), for the desk's timer. */
  pausedAt?: string;
}

export interface DisputeQueue {
  /** Oldest first: disputes are heard in the order they were raised. */
  list(
    filter: {
      status?: 'open' | 'ruled';
      matchIds?: string[];
      tournamentIds?: string[];
      organizer?: string;
      all?: boolean;
    },
    limit: number,
  ): Promise<DisputeSummary[]>;
}
export const DISPUTE_QUEUE = Symbol('DisputeQueue');
