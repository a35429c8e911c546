import { LruCache } from '../../../application/lru-cache';
import type {
  AppointedJudge,
  TokenKind,
  TokenRecord,
  TokenStore,
} from '../../../application/ports/token-store.port';
import type { StreamRecords } from './stream-records';

/** Token records kept in memory once found: a token is read on every request it makes. */
const FOUND_TOKENS = 10_000;

/**
 * Token records (sha256 hashes only) in the event store, one stream per token
 * (`token-<hash>`), so a token issued through one replica works on every other. A token once
 * found is kept in memory; one not found is asked again next time (it may have just been
 * issued elsewhere).
 */
export class EventStoreTokenStore implements TokenStore {
  private readonly found = new LruCache<string, TokenRecord>(FOUND_TOKENS);

  constructor(private readonly records: StreamRecords) {}

  async insert(records: TokenRecord[]): Promise<void> {
    for (const record of records) {
      if (!(await this.records.create(`token-${record.hash}`, 'TokenIssued', record))) {
        // Replicas starting together each store the configured admin token: the same token
        // stored twice is one token. Any other record under that hash is refused.
        const stored = await this.records.first<TokenRecord>(`token-${record.hash}`);
        if (stored?.kind !== record.kind || stored.subject !== record.subject)
          throw new Error('A token with this hash is already stored');
      }
      // Marks that a token of this kind exists (the first start looks for an admin token).
      await this.records.create(`token-kind-${record.kind}`, 'TokenKindIssued', {
        kind: record.kind,
      });
      // A seat's tokens are listed under the seat, so that a new link can revoke the old ones.
      if (record.kind === 'seat' && record.matchId !== undefined && record.seat !== undefined)
        await this.records.add(seatTokensStream(record.matchId, record.seat), 'SeatTokenIssued', {
          hash: record.hash,
          subject: record.subject,
        });
      // A read token is listed, for its issuer's list and its revocation.
      if (record.kind === 'reader')
        await this.records.add(READ_TOKENS_STREAM, 'ReadTokenIssued', record);
      // A judge is listed under its match or tournament, for the pages that name every judge.
      const scope = judgeScope(record);
      if (record.kind === 'judge' && scope)
        await this.records.add(scope, 'JudgeAppointed', {
          id: record.subject,
          name: record.name ?? '',
          ...(record.head ? { head: true } : {}),
        });
    }
  }

  async findByHash(hash: string): Promise<TokenRecord | undefined> {
    const cached = this.found.get(hash);
    if (cached) return cached;
    const [record, ...later] = await this.records.all<TokenRecord | { revokedAt: string }>(
      `token-${hash}`,
    );
    // A token's stream holds its record, then its revocation if it was revoked.
    if (!record || later.length > 0) return undefined;
    // A seat or read token may be revoked from another replica: it is read again each time
    // asked (the token service asks again only every SEAT_TOKEN_RECHECK_MS).
    const { kind } = record as TokenRecord;
    if (kind !== 'seat' && kind !== 'reader') this.found.set(hash, record as TokenRecord);
    return record as TokenRecord;
  }

  async revokeSeat(matchId: string, seat: string, keep: string, at: string): Promise<string[]> {
    const issued = await this.records.all<{ hash: string; subject: string }>(
      seatTokensStream(matchId, seat),
    );
    const revoked = issued.filter((t) => t.subject !== keep).map((t) => t.hash);
    for (const hash of revoked) {
      await this.records.add(`token-${hash}`, 'TokenRevoked', { revokedAt: at });
      this.found.delete(hash);
    }
    return revoked;
  }

  async readTokens(issuedBy?: string): Promise<TokenRecord[]> {
    const listed = await this.records.all<TokenRecord | { revoked: string }>(READ_TOKENS_STREAM);
    const revoked = new Set(listed.flatMap((r) => ('revoked' in r ? [r.revoked] : [])));
    return listed.filter(
      (r): r is TokenRecord =>
        !('revoked' in r) &&
        !revoked.has(r.subject) &&
        (issuedBy === undefined || r.issuedBy === issuedBy),
    );
  }

  async revokeReadToken(id: string, at: string): Promise<string | undefined> {
    const token = (await this.readTokens()).find((r) => r.subject === id);
    if (!token) return undefined;
    await this.records.add(`token-${token.hash}`, 'TokenRevoked', { revokedAt: at });
    await this.records.add(READ_TOKENS_STREAM, 'ReadTokenRevoked', { revoked: id });
    this.found.delete(token.hash);
    return token.hash;
  }

  async hasKind(kind: TokenKind): Promise<boolean> {
    return (await this.records.first(`token-kind-${kind}`)) !== undefined;
  }

  async judgesOf(scope: { matchId: string; tournamentId?: string }): Promise<AppointedJudge[]> {
    const lists = await Promise.all(
      [judgeScope({ matchId: scope.matchId }), judgeScope({ tournamentId: scope.tournamentId })]
        .filter((stream): stream is string => stream !== undefined)
        .map((stream) => this.records.all<AppointedJudge>(stream)),
    );
    return lists.flat();
  }
}

/** The stream that lists every read token issued, and each one revoked. */
const READ_TOKENS_STREAM = 'read-tokens';

/** The stream that lists the tokens issued to a seat of a match. */
function seatTokensStream(matchId: string, seat: string): string {
  return `seat-tokens-${matchId}-${seat}`;
}

/** The stream that lists the judges of a match or of a tournament. */
function judgeScope(record: { matchId?: string; tournamentId?: string }): string | undefined {
  return record.matchId !== undefined
    ? `judges-match-${record.matchId}`
    : record.tournamentId !== undefined
      ? `judges-tournament-${record.tournamentId}`
      : undefined;
}
