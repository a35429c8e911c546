import type Database from 'better-sqlite3';
import type {
  AppointedJudge,
  ReadLimits,
  ReadScope,
  TokenKind,
  TokenRecord,
  TokenStore,
} from '../../application/ports/token-store.port';

interface TokenRow {
  hash: string;
  kind: TokenKind;
  subject: string;
  name: string | null;
  match_id: string | null;
  seat: string | null;
  tournament_id: string | null;
  head: number | null;
  scope: string | null;
  limits: string | null;
  issued_by: string | null;
  created_at: string;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS tokens (
    hash          TEXT PRIMARY KEY,
    kind          TEXT NOT NULL,
    subject       TEXT NOT NULL,
    name          TEXT,
    match_id      TEXT,
    seat          TEXT,
    tournament_id TEXT,
    created_at    TEXT NOT NULL
  );
`;

/**
 * Databases made before head judges (or before read tokens) lack these columns: they are
 * added, empty (no head judge, no read token).
 */
const LATER_COLUMNS = [
  ['head', 'INTEGER'],
  ['scope', 'TEXT'],
  ['limits', 'TEXT'],
  ['issued_by', 'TEXT'],
] as const;

function addLaterColumns(database: Database.Database): void {
  const columns = database.prepare('PRAGMA table_info(tokens)').all() as { name: string }[];
  for (const [name, type] of LATER_COLUMNS)
    if (!columns.some((c) => c.name === name))
      database.exec(`ALTER TABLE tokens ADD COLUMN ${name} ${type}`);
}

/** Token records (sha256 hashes only, never the bearer secret) in the local database. */
export class SqliteTokenStore implements TokenStore {
  private readonly insertMany: (records: TokenRecord[]) => void;
  private readonly byHash: Database.Statement<[string], TokenRow>;
  private readonly anyOfKind: Database.Statement<[TokenKind], number>;
  private readonly judges: Database.Statement<
    [string, string | null],
    { subject: string; name: string | null; head: number | null }
  >;
  private readonly revokeMany: (matchId: string, seat: string, keep: string) => string[];
  private readonly readers: Database.Statement<{ issuedBy: string | null }, TokenRow>;
  private readonly revokeReader: (id: string) => string | undefined;

  constructor(database: Database.Database) {
    database.exec(SCHEMA);
    addLaterColumns(database);
    const insert = database.prepare(
      `INSERT INTO tokens (hash, kind, subject, name, match_id, seat, tournament_id, head,
                           scope, limits, issued_by, created_at)
       VALUES (@hash, @kind, @subject, @name, @matchId, @seat, @tournamentId, @head,
               @scope, @limits, @issuedBy, @createdAt)`,
    );
    this.insertMany = database.transaction((records: TokenRecord[]) => {
      for (const record of records) {
        insert.run({
          hash: record.hash,
          kind: record.kind,
          subject: record.subject,
          name: record.name ?? null,
          matchId: record.matchId ?? null,
          seat: record.seat ?? null,
          tournamentId: record.tournamentId ?? null,
          head: record.head ? 1 : null,
          scope: record.scope ? JSON.stringify(record.scope) : null,
          limits: record.limits ? JSON.stringify(record.limits) : null,
          issuedBy: record.issuedBy ?? null,
          createdAt: record.createdAt,
        });
      }
    });
    this.byHash = database.prepare<[string], TokenRow>('SELECT * FROM tokens WHERE hash = ?');
    this.anyOfKind = database
      .prepare<[TokenKind], number>('SELECT 1 FROM tokens WHERE kind = ? LIMIT 1')
      .pluck();
    this.judges = database.prepare(
      `SELECT subject, name, head FROM tokens
       WHERE kind = 'judge' AND (match_id = ? OR (tournament_id IS NOT NULL AND tournament_id = ?))
       ORDER BY created_at, subject`,
    );
    const seatTokens = database
      .prepare<[string, string, string], string>(
        `SELECT hash FROM tokens WHERE kind = 'seat' AND match_id = ? AND seat = ? AND subject <> ?`,
      )
      .pluck();
    const remove = database.prepare<[string]>('DELETE FROM tokens WHERE hash = ?');
    // A revoked token is forgotten: "unknown or revoked" is one answer (401).
    this.revokeMany = database.transaction((matchId: string, seat: string, keep: string) => {
      const hashes = seatTokens.all(matchId, seat, keep);
      for (const hash of hashes) remove.run(hash);
      return hashes;
    });
    this.readers = database.prepare<{ issuedBy: string | null }, TokenRow>(
      `SELECT * FROM tokens WHERE kind = 'reader' AND (@issuedBy IS NULL OR issued_by = @issuedBy)
       ORDER BY created_at, subject`,
    );
    const readerHash = database
      .prepare<[string], string>(`SELECT hash FROM tokens WHERE kind = 'reader' AND subject = ?`)
      .pluck();
    this.revokeReader = database.transaction((id: string) => {
      const hash = readerHash.get(id);
      if (hash !== undefined) remove.run(hash);
      return hash;
    });
  }

  async insert(records: TokenRecord[]): Promise<void> {
    this.insertMany(records);
  }

  async findByHash(hash: string): Promise<TokenRecord | undefined> {
    const row = this.byHash.get(hash);
    return row && toRecord(row);
  }

  async hasKind(kind: TokenKind): Promise<boolean> {
    return this.anyOfKind.get(kind) !== undefined;
  }

  async revokeSeat(matchId: string, seat: string, keep: string, _at: string): Promise<string[]> {
    return this.revokeMany(matchId, seat, keep);
  }

  async readTokens(issuedBy?: string): Promise<TokenRecord[]> {
    return this.readers.all({ issuedBy: issuedBy ?? null }).map(toRecord);
  }

  async revokeReadToken(id: string, _at: string): Promise<string | undefined> {
    return this.revokeReader(id);
  }

  async judgesOf(scope: { matchId: string; tournamentId?: string }): Promise<AppointedJudge[]> {
    return this.judges.all(scope.matchId, scope.tournamentId ?? null).map((row) => ({
      id: row.subject,
      name: row.name ?? '',
      ...(row.head ? { head: true } : {}),
    }));
  }
}

function toRecord(row: TokenRow): TokenRecord {
  return {
    hash: row.hash,
    kind: row.kind,
    subject: row.subject,
    name: row.name ?? undefined,
    matchId: row.match_id ?? undefined,
    seat: row.seat ?? undefined,
    tournamentId: row.tournament_id ?? undefined,
    ...(row.head ? { head: true } : {}),
    ...(row.scope !== null ? { scope: JSON.parse(row.scope) as ReadScope } : {}),
    ...(row.limits !== null ? { limits: JSON.parse(row.limits) as ReadLimits } : {}),
    ...(row.issued_by !== null ? { issuedBy: row.issued_by } : {}),
    createdAt: row.created_at,
  };
}
