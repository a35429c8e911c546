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
