import { Inject, Injectable } from '@nestjs/common';
import { BadRequestError, UnauthorizedError } from '../errors';
import { CLOCK, type Clock } from '../ports/clock.port';
import { RNG, type Rng } from '../ports/rng.port';
import {
  TOKEN_STORE,
  type ReadLimits,
  type ReadScope,
  type TokenKind,
  type TokenRecord,
  type TokenStore,
} from '../ports/token-store.port';
import { LruCache } from '../lru-cache';
import { sha256Hex } from '../../domain/shared/sha256';
import type { LocalizedText } from '../../domain/shared/localized-text';
import { ANONYMOUS, type Principal } from './principal';

export interface AuthOptions {
  /** The configured admin token (MATCHLOG_ADMIN_TOKEN), if any. */
  adminToken?: string;
}
/** DI token for AuthOptions. */
export const AUTH_OPTIONS = Symbol('AuthOptions');

/** What a new token is for. Admin tokens are not issued: they come from ensureAdminToken. */
export type TokenClaims =
  | { kind: 'organizer'; name: string }
  | { kind: 'seat'; matchId: string; seat: string; name?: string }
  | { kind: 'judge'; name: string; tournamentId?: string; matchId?: string; head?: true }
  | { kind: 'reader'; name: string; scope: ReadScope; limits: ReadLimits; issuedBy: string };

export interface IssuedToken {
  /** Stable id of the holder (the principal id). */
  id: string;
  /** The bearer secret: returned once, never stored. */
  token: string;
}

/** The prefix tells a leaked token's kind at a glance (and lets secret scanners spot it). */
const TOKEN_PREFIX: Record<TokenKind, string> = {
  admin: 'ml_admin_',
  organizer: 'ml_org_',
  seat: 'ml_seat_',
  judge: 'ml_judge_',
  reader: 'ml_read_',
};
const TOKEN_BYTES = 32;
const ADMIN_SUBJECT = 'admin';
/**
 * Two seat tokens a match: enough for the seats of 50,000 live matches, about 300 bytes each
 * (30 MB at most). At 10,000, 20,000 live matches missed on every decision (a store read each,
 * 7% of a decision's CPU).
 */
const RESOLVED_TOKENS_KEPT = 100_000;
/**
 * A seat token can be revoked (its link issued again), and so can a read token: a replica that
 * did not revoke it reads the store again after this long, so a revoked token stops everywhere
 * within it.
 */
export const SEAT_TOKEN_RECHECK_MS = 30_000;
/** The kinds of token that can be revoked, read again every SEAT_TOKEN_RECHECK_MS. */
const REVOCABLE: ReadonlySet<TokenKind> = new Set(['seat', 'reader']);

export const UNKNOWN_TOKEN: LocalizedText = {
  en: 'The bearer token is unknown or revoked',
  ru: 'Токен доступа неизвестен или отозван',
};

/** Only this digest of a bearer token is ever stored. */
export function hashToken(token: string): string {
  return sha256Hex(token);
}

/** Issues and resolves bearer tokens (DESIGN section 10). */
@Injectable()
export class TokenService {
  /**
   * Tokens never change once issued (admin retirement happens at start-up) but for a seat's,
   * which its organizer may revoke: every request need not read the store; a seat token is
   * read again after SEAT_TOKEN_RECHECK_MS.
   */
  private readonly resolved = new LruCache<string, { principal: Principal; recheckAt?: number }>(
    RESOLVED_TOKENS_KEPT,
  );

  constructor(
    @Inject(TOKEN_STORE) private readonly store: TokenStore,
    @Inject(RNG) private readonly rng: Rng,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(AUTH_OPTIONS) private readonly options: AuthOptions,
  ) {}

  async issue(claims: TokenClaims): Promise<IssuedToken> {
    const [issued] = await this.issueMany([claims]);
    return issued;
  }

  /** Issues several tokens in one write (for example one per seat of a new match). */
  async issueMany(claims: TokenClaims[]): Promise<IssuedToken[]> {
    claims.forEach(assertScoped);
    const createdAt = this.clock.nowIso();
    const issued = claims.map((claim) => ({
      claim,
      id: this.rng.uuid(),
      token: this.newToken(claim.kind),
    }));
    await this.store.insert(
      issued.map(({ claim, id, token }) => ({
        ...claim,
        hash: hashToken(token),
        subject: id,
        createdAt,
      })),
    );
    return issued.map(({ id, token }) => ({ id, token }));
  }

  /**
   * A new token for a seat of a match, every earlier one of the seat revoked: answered 401
   * from then on, on this replica at once, on the others within SEAT_TOKEN_RECHECK_MS.
   */
  async reissueSeat(matchId: string, seat: string): Promise<IssuedToken> {
    const issued = await this.issue({ kind: 'seat', matchId, seat });
    const revoked = await this.store.revokeSeat(matchId, seat, issued.id, this.clock.nowIso());
    for (const hash of revoked) this.resolved.delete(hash);
    return issued;
  }

  /** The read tokens an organizer issued (every one, for the admin), oldest first. */
  readTokens(issuedBy?: string): Promise<TokenRecord[]> {
    return this.store.readTokens(issuedBy);
  }

  /**
   * Revokes a read token: answered 401 from then on, on this replica at once, on the others
   * within SEAT_TOKEN_RECHECK_MS. False when there is no such token.
   */
  async revokeReadToken(id: string): Promise<boolean> {
    const hash = await this.store.revokeReadToken(id, this.clock.nowIso());
    if (hash !== undefined) this.resolved.delete(hash);
    return hash !== undefined;
  }

  /** The caller behind a bearer token; no token is the anonymous caller. */
  async resolve(bearer: string | undefined): Promise<Principal> {
    if (bearer === undefined) return ANONYMOUS;
    const hash = hashToken(bearer);
    const known = this.resolved.get(hash);
    const now = known?.recheckAt === undefined ? 0 : Date.parse(this.clock.nowIso());
    if (known && (known.recheckAt === undefined || now < known.recheckAt)) return known.principal;
    const record = await this.store.findByHash(hash);
    const principal = record && !this.isSupersededAdmin(record) ? toPrincipal(record) : undefined;
    if (!principal) throw new UnauthorizedError(UNKNOWN_TOKEN);
    this.resolved.set(hash, {
      principal,
      ...(REVOCABLE.has(principal.kind as TokenKind)
        ? { recheckAt: Date.parse(this.clock.nowIso()) + SEAT_TOKEN_RECHECK_MS }
        : {}),
    });
    return principal;
  }

  /**
   * Makes sure an admin can sign in. A configured token is stored (by hash) and is then the only
   * admin token honoured. Without one, the first start generates a token and returns it so the
   * caller can show it once; later starts return undefined.
   */
  async ensureAdminToken(): Promise<string | undefined> {
    const configured = this.options.adminToken;
    if (configured !== undefined) {
      const hash = hashToken(configured);
      if (!(await this.store.findByHash(hash))) await this.insertAdmin(hash);
      return undefined;
    }
    if (await this.store.hasKind('admin')) return undefined;
    const token = this.newToken('admin');
    await this.insertAdmin(hashToken(token));
    return token;
  }

  private insertAdmin(hash: string): Promise<void> {
    return this.store.insert([
      { hash, kind: 'admin', subject: ADMIN_SUBJECT, createdAt: this.clock.nowIso() },
    ]);
  }

  /** Setting MATCHLOG_ADMIN_TOKEN retires every admin token generated or configured before. */
  private isSupersededAdmin(record: TokenRecord): boolean {
    const configured = this.options.adminToken;
    return (
      record.kind === 'admin' && configured !== undefined && record.hash !== hashToken(configured)
    );
  }

  private newToken(kind: TokenKind): string {
    return TOKEN_PREFIX[kind] + Buffer.from(this.rng.bytes(TOKEN_BYTES)).toString('base64url');
  }
}

/** A judge token is scoped to exactly one tournament or one match. */
export function assertScoped(claims: TokenClaims): void {
  if (
    claims.kind === 'judge' &&
    (claims.tournamentId === undefined) === (claims.matchId === undefined)
  ) {
    throw new BadRequestError(
      {
        en: 'A judge token is scoped to exactly one tournament or one match: give tournamentId or matchId, not both',
        ru: 'Токен судьи выдают ровно на один турнир или один матч: укажите турнир или матч, но не оба',
      },
      'invalid-scope',
    );
  }
}

/** Undefined for a record that lacks what its kind needs (it grants nothing). */
function toPrincipal(record: TokenRecord): Principal | undefined {
  const { kind, subject: id, name, matchId, seat, tournamentId, head } = record;
  switch (kind) {
    case 'admin':
      return { kind, id };
    case 'organizer':
      return name === undefined ? undefined : { kind, id, name };
    case 'seat':
      return matchId === undefined || seat === undefined ? undefined : { kind, id, matchId, seat };
    case 'judge':
      return name === undefined
        ? undefined
        : { kind, id, name, tournamentId, matchId, ...(head ? { head: true as const } : {}) };
    case 'reader':
      return name === undefined || record.scope === undefined || record.limits === undefined
        ? undefined
        : { kind, id, name, scope: record.scope, limits: record.limits };
  }
}
