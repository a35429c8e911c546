import type Database from 'better-sqlite3';

/** Read models are caches: every table here can be dropped and rebuilt from the log (`npm run rebuild`). */
export const READ_MODEL_TABLES = [
  'rm_matches',
  'rm_snapshots',
  'rm_disputes',
  'rm_match_pauses',
  'rm_checkpoints',
  'rm_stat_matches',
  'rm_stat_seats',
  'rm_stat_losses',
  'rm_stat_dice',
  'rm_stat_card_rolls',
  'rm_stat_openings',
  'rm_stat_pending',
  'rm_match_links',
] as const;

export function createReadModelSchema(db: Database.Database): void {
  // Built before rm_matches had updated_at and change_position: the read models are caches, so they are dropped
  // and the projector (whose checkpoint goes with them) builds them again from the log.
  const matchColumns = db.prepare(`SELECT name FROM pragma_table_info('rm_matches')`).all() as {
    name: string;
  }[];
  // Likewise before rm_disputes kept the ruling's rationale, rule and judge.
  const disputeColumns = db.prepare(`SELECT name FROM pragma_table_info('rm_disputes')`).all() as {
    name: string;
  }[];
  // Likewise before seats were found by registered player (rm_matches.player_refs, rm_stat_seats.player_id).
  const seatColumns = db.prepare(`SELECT name FROM pragma_table_info('rm_stat_seats')`).all() as {
    name: string;
  }[];
  // Likewise before the statistics kept each seat's first decision (rm_stat_openings) and its
  // rolls read off cards (rm_stat_card_rolls): the matches already counted are folded again,
  // so their openings and card rolls count too.
  const statTables = (
    db
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('rm_stat_matches', 'rm_stat_openings', 'rm_stat_card_rolls')`,
      )
      .all() as { name: string }[]
  ).map((table) => table.name);
  // Likewise before rm_match_pauses kept when the pause began.
  const pauseColumns = db
    .prepare(`SELECT name FROM pragma_table_info('rm_match_pauses')`)
    .all() as {
    name: string;
  }[];
  if (
    (matchColumns.length > 0 &&
      !['updated_at', 'player_refs', 'change_position'].every((name) =>
        matchColumns.some((c) => c.name === name),
      )) ||
    (disputeColumns.length > 0 && !disputeColumns.some((column) => column.name === 'judge_id')) ||
    (seatColumns.length > 0 && !seatColumns.some((column) => column.name === 'player_id')) ||
    (pauseColumns.length > 0 && !pauseColumns.some((column) => column.name === 'paused_at')) ||
    (statTables.includes('rm_stat_matches') && statTables.length < 3)
  ) {
    db.exec(READ_MODEL_TABLES.map((table) => `DROP TABLE IF EXISTS ${table};`).join('\n'));
  }
  db.exec(`
    CREATE TABLE IF NOT EXISTS rm_matches (
      match_id TEXT PRIMARY KEY,
      title TEXT,
      ruleset_id TEXT NOT NULL,
      ruleset_version TEXT NOT NULL,
      status TEXT NOT NULL,
      public INTEGER NOT NULL,
      tournament_id TEXT,
      organizer TEXT NOT NULL,
      seats TEXT NOT NULL,
      player_refs TEXT NOT NULL DEFAULT '[]',
      winners TEXT,
      condition TEXT,
      created_at TEXT NOT NULL,
      started_at TEXT,
      ended_at TEXT,
      updated_at TEXT NOT NULL DEFAULT '',
      last_seq INTEGER NOT NULL,
      change_position INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX IF NOT EXISTS rm_matches_newest ON rm_matches (created_at DESC, match_id DESC);
    CREATE INDEX IF NOT EXISTS rm_matches_tournament ON rm_matches (tournament_id, created_at DESC);
    CREATE INDEX IF NOT EXISTS rm_matches_updated ON rm_matches (updated_at DESC, match_id DESC);
    CREATE INDEX IF NOT EXISTS rm_matches_changed ON rm_matches (change_position);
    CREATE TABLE IF NOT EXISTS rm_match_links (
      citing TEXT NOT NULL,
      cited TEXT NOT NULL,
      seq INTEGER NOT NULL,
      PRIMARY KEY (citing, cited)
    );
    CREATE TABLE IF NOT EXISTS rm_snapshots (
      match_id TEXT NOT NULL,
      seq INTEGER NOT NULL,
      state TEXT NOT NULL,
      PRIMARY KEY (match_id, seq)
    );
    CREATE TABLE IF NOT EXISTS rm_disputes (
      dispute_id TEXT PRIMARY KEY,
      match_id TEXT NOT NULL,
      tournament_id TEXT,
      seat TEXT NOT NULL,
      at_seq INTEGER NOT NULL,
      claim TEXT NOT NULL,
      rule_ref TEXT,
      status TEXT NOT NULL,
      opened_seq INTEGER NOT NULL,
      opened_at TEXT NOT NULL,
      decision TEXT,
      ruled_at TEXT,
      rationale TEXT,
      ruling_rule_ref TEXT,
      judge_id TEXT
    );
    CREATE INDEX IF NOT EXISTS rm_disputes_status ON rm_disputes (status, opened_at);
    CREATE TABLE IF NOT EXISTS rm_match_pauses (
      match_id TEXT PRIMARY KEY,
      reason TEXT NOT NULL,
      paused_at TEXT
    );
    CREATE TABLE IF NOT EXISTS rm_checkpoints (
      name TEXT PRIMARY KEY,
      position TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS rm_stat_matches (
      match_id TEXT PRIMARY KEY,
      options_hash TEXT NOT NULL,
      options TEXT NOT NULL,
      seat_count INTEGER NOT NULL,
      first_won INTEGER,
      decisions INTEGER NOT NULL,
      rounds INTEGER NOT NULL,
      minutes REAL
    );
    CREATE TABLE IF NOT EXISTS rm_stat_seats (
      match_id TEXT NOT NULL,
      seat TEXT NOT NULL,
      position INTEGER NOT NULL,
      faction TEXT,
      player TEXT,
      player_key TEXT,
      player_id TEXT,
      won INTEGER NOT NULL,
      PRIMARY KEY (match_id, seat)
    );
    CREATE INDEX IF NOT EXISTS rm_stat_seats_player ON rm_stat_seats (player_key);
    CREATE INDEX IF NOT EXISTS rm_stat_seats_player_id ON rm_stat_seats (player_id);
    CREATE TABLE IF NOT EXISTS rm_stat_losses (
      match_id TEXT NOT NULL,
      owner TEXT NOT NULL,
      piece_type TEXT NOT NULL,
      count INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS rm_stat_losses_match ON rm_stat_losses (match_id);
    CREATE TABLE IF NOT EXISTS rm_stat_dice (
      match_id TEXT NOT NULL,
      seat TEXT NOT NULL,
      source TEXT NOT NULL,
      sides INTEGER NOT NULL,
      face INTEGER NOT NULL,
      count INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS rm_stat_dice_match ON rm_stat_dice (match_id, seat);
    CREATE TABLE IF NOT EXISTS rm_stat_card_rolls (
      match_id TEXT NOT NULL,
      seat TEXT NOT NULL,
      source TEXT NOT NULL,
      deck_en TEXT NOT NULL,
      deck_ru TEXT NOT NULL,
      combine TEXT NOT NULL CHECK (combine IN ('sum', 'product')),
      outcomes TEXT NOT NULL,
      value INTEGER NOT NULL,
      count INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS rm_stat_card_rolls_match ON rm_stat_card_rolls (match_id, seat);
    CREATE TABLE IF NOT EXISTS rm_stat_openings (
      match_id TEXT NOT NULL,
      seat TEXT NOT NULL,
      position INTEGER NOT NULL,
      kind TEXT NOT NULL,
      choice_en TEXT NOT NULL,
      choice_ru TEXT NOT NULL,
      result TEXT NOT NULL CHECK (result IN ('win', 'draw', 'loss')),
      PRIMARY KEY (match_id, seat)
    );
    -- What the read models were folded with (readModelFormat); kept when they are dropped.
    CREATE TABLE IF NOT EXISTS rm_format (
      name TEXT PRIMARY KEY,
      format TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS rm_stat_pending (
      match_id TEXT PRIMARY KEY,
      seq INTEGER NOT NULL
    );
  `);
}

/**
 * The engine's own part of what the read models were folded with: raise it when MatchState's
 * shape changes (a ruleset's state is covered by its version, see readModelFormat).
 */
export const MATCH_STATE_FORMAT = 1;

/**
 * What the read models were folded with: the engine's state format and every ruleset's id and
 * version. Snapshots hold state in the shape that code gave it, so under another format they
 * could be misread; the projector then drops every read model and folds them again from the log.
 */
export function readModelFormat(rulesets: readonly { id: string; version: string }[]): string {
  const versions = rulesets.map(({ id, version }) => `${id}@${version}`).sort();
  return [`engine@${MATCH_STATE_FORMAT}`, ...versions].join(' ');
}

/** The format the read models in `db` were folded with, if it was recorded. */
export function storedReadModelFormat(db: Database.Database): string | undefined {
  return db
    .prepare<[], string>(`SELECT format FROM rm_format WHERE name = 'read-models'`)
    .pluck()
    .get();
}

export function recordReadModelFormat(db: Database.Database, format: string): void {
  db.prepare(`INSERT OR REPLACE INTO rm_format (name, format) VALUES ('read-models', ?)`).run(
    format,
  );
}

export function dropReadModels(db: Database.Database): void {
  db.exec(READ_MODEL_TABLES.map((table) => `DROP TABLE IF EXISTS ${table};`).join('\n'));
  createReadModelSchema(db);
}
