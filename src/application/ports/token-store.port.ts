export type TokenKind = 'admin' | 'organizer' | 'seat' | 'judge' | 'reader';

/**
 * The matches a read token reads while they are live, beyond public ones: these matches,
 * every match of these tournaments, every match of this organizer.
 */
export interface ReadScope {
  matchIds?: string[];
  tournamentIds?: string[];
  organizer?: string;
}

/** A read token's own limits (a statistics site's throttle). */
export interface ReadLimits {
  /** Requests a minute, at most the service's per-token limit. */
  requestsPerMinute: number;
  /** Streams (bulk exports, the feed, match streams) open at once. */
  openStreams: number;
}

/** A token as stored: only the sha256 of the bearer secret is kept. */
export interface TokenRecord {
  hash: string;
  kind: TokenKind;
  /** Stable id of the holder (organizer id, judge id, seat token id). */
  subject: string;
  name?: string;
  matchId?: string;
  seat?: string;
  tournamentId?: string;
  /** A judge token of the head judge of its tournament (or match): answers appeals. */
  head?: boolean;
  /** A read token's scope, limits and the organizer (or `admin`) who issued it. */
  scope?: ReadScope;
  limits?: ReadLimits;
  issuedBy?: string;
  createdAt: string;
}

export interface TokenStore {
  insert(records: TokenRecord[]): Promise<void>;
  findByHash(hash: string): Promise<TokenRecord | undefined>;
  /** Whether any admin token exists (first start generates one when none is configured). */
  hasKind(kind: TokenKind): Promise<boolean>;
  /**
   * The judges appointed to a match or to its tournament, by the id events record them by and
   * the name they were appointed under (a dispute page names every judge who acted, not only
   * the one reading it).
   */
  judgesOf(scope: { matchId: string; tournamentId?: string }): Promise<AppointedJudge[]>;
  /**
   * Revokes every token of the seat of the match but the one whose subject is `keep` (the
   * link the organizer just issued); answers the hashes revoked.
   */
  revokeSeat(matchId: string, seat: string, keep: string, at: string): Promise<string[]>;
  /** The read tokens `issuedBy` issued (every one, without it), oldest first. */
  readTokens(issuedBy?: string): Promise<TokenRecord[]>;
  /** Revokes the read token whose subject is `id`; answers its hash, undefined when none. */
  revokeReadToken(id: string, at: string): Promise<string | undefined>;
}

export interface AppointedJudge {
  id: string;
  name: string;
  /** The head judge of the tournament (or of a match outside any): the one who answers appeals. */
  head?: true;
}
export const TOKEN_STORE = Symbol('TokenStore');
