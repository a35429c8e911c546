import type Database from 'better-sqlite3';
import type {
  AppointedJudge,
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

/** Databases made before head judges lack the column: it is added, empty (no head judge). */
function addHeadColumn(database: Database.Database): void {
  const columns = database.prepare('PRAGMA table_info(tokens)').all() as { name: string }[];
  if (!columns.some((c) => c.name === 'head'))
    database.exec('ALTER TABLE tokens ADD COLUMN head INTEGER');
}

/** Token records (sha256 hashes only, never the bearer secret) in the local database. */
export class SqliteTokenStore implements TokenStore {
  private readonly insertMany: (records: TokenRecord[]) => void;
  private readonly byHash: Database.Statement<[string], TokenRow>;
  private readonly anyOfKind: Database.Statement<[TokenKind], number>;
  private readonly judges: Database.Statement<
    [string, string | null],
    { subject: string; name: string | null }
  >;
  private readonly revokeMany: (matchId: string, seat: string, keep: string) => string[];

  constructor(database: Database.Database) {
    database.exec(SCHEMA);
    addHeadColumn(database);
    const insert = database.prepare(
      `INSERT INTO tokens (hash, kind, subject, name, match_id, seat, tournament_id, head, created_at)
       VALUES (@hash, @kind, @subject, @name, @matchId, @seat, @tournamentId, @head, @createdAt)`,
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
          createdAt: record.createdAt,
        });
      }
    });
    this.byHash = database.prepare<[string], TokenRow>('SELECT * FROM tokens WHERE hash = ?');
    this.anyOfKind = database
      .prepare<[TokenKind], number>('SELECT 1 FROM tokens WHERE kind = ? LIMIT 1')
      .pluck();
    this.judges = database.prepare(
      `SELECT subject, name FROM tokens
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

  async judgesOf(scope: { matchId: string; tournamentId?: string }): Promise<AppointedJudge[]> {
    return this.judges
      .all(scope.matchId, scope.tournamentId ?? null)
      .map((row) => ({ id: row.subject, name: row.name ?? '' }));
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
    createdAt: row.created_at,
  };
}
