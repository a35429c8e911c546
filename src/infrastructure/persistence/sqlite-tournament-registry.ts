import type Database from 'better-sqlite3';
import type {
  Tournament,
  TournamentRegistry,
} from '../../application/ports/tournament-registry.port';

interface TournamentRow {
  tournament_id: string;
  name: string;
  organizer: string;
  created_at: string;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS tournaments (
    tournament_id TEXT PRIMARY KEY,
    name          TEXT NOT NULL,
    organizer     TEXT NOT NULL,
    created_at    TEXT NOT NULL
  );
`;

/** Tournaments and their owners in the local database (beside the token hashes). */
export class SqliteTournamentRegistry implements TournamentRegistry {
  private readonly insert: Database.Statement<[string, string, string, string]>;
  private readonly byId: Database.Statement<[string], TournamentRow>;

  constructor(database: Database.Database) {
    database.exec(SCHEMA);
    this.insert = database.prepare(
      `INSERT INTO tournaments (tournament_id, name, organizer, created_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (tournament_id) DO NOTHING`,
    );
    this.byId = database.prepare<[string], TournamentRow>(
      'SELECT * FROM tournaments WHERE tournament_id = ?',
    );
  }

  async create(tournament: Tournament): Promise<boolean> {
    const { tournamentId, name, organizer, createdAt } = tournament;
    return this.insert.run(tournamentId, name, organizer, createdAt).changes === 1;
  }

  async get(tournamentId: string): Promise<Tournament | undefined> {
    const row = this.byId.get(tournamentId);
    return (
      row && {
        tournamentId: row.tournament_id,
        name: row.name,
        organizer: row.organizer,
        createdAt: row.created_at,
      }
    );
  }
}
