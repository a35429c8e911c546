import Database from 'better-sqlite3';
import { createReadModelSchema } from './read-model-schema';

describe('read model schema', () => {
  it('drops read models built before rm_matches had updated_at, checkpoint included, so the log rebuilds them', () => {
    const db = new Database(':memory:');
    db.exec(`
      CREATE TABLE rm_matches (match_id TEXT PRIMARY KEY, title TEXT, ruleset_id TEXT NOT NULL,
        ruleset_version TEXT NOT NULL, status TEXT NOT NULL, public INTEGER NOT NULL, tournament_id TEXT,
        organizer TEXT NOT NULL, seats TEXT NOT NULL, players_search TEXT NOT NULL DEFAULT '', winners TEXT,
        condition TEXT, created_at TEXT NOT NULL, started_at TEXT, ended_at TEXT, last_seq INTEGER NOT NULL);
      INSERT INTO rm_matches (match_id, ruleset_id, ruleset_version, status, public, organizer, seats, created_at, last_seq)
        VALUES ('m1', 'freeform', '1.0.0', 'finished', 1, 'o1', '[]', '2026-01-01T00:00:00Z', 9);
      CREATE TABLE rm_checkpoints (name TEXT PRIMARY KEY, position TEXT NOT NULL);
      INSERT INTO rm_checkpoints VALUES ('match-projector', '42');
    `);
    createReadModelSchema(db);
    const columns = db.prepare(`SELECT name FROM pragma_table_info('rm_matches')`).all();
    expect(columns).toContainEqual({ name: 'updated_at' });
    expect(db.prepare('SELECT count(*) AS n FROM rm_matches').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT count(*) AS n FROM rm_checkpoints').get()).toEqual({ n: 0 });

    // Once current, it is left alone.
    db.prepare(`INSERT INTO rm_checkpoints VALUES ('match-projector', '7')`).run();
    createReadModelSchema(db);
    expect(db.prepare('SELECT count(*) AS n FROM rm_checkpoints').get()).toEqual({ n: 1 });
  });

  it('drops read models built before rm_disputes kept the ruling, so the log fills in its rationale, rule and judge', () => {
    const db = new Database(':memory:');
    createReadModelSchema(db);
    db.exec(`
      DROP TABLE rm_disputes;
      CREATE TABLE rm_disputes (dispute_id TEXT PRIMARY KEY, match_id TEXT NOT NULL, tournament_id TEXT,
        seat TEXT NOT NULL, at_seq INTEGER NOT NULL, claim TEXT NOT NULL, rule_ref TEXT, status TEXT NOT NULL,
        opened_seq INTEGER NOT NULL, opened_at TEXT NOT NULL, decision TEXT, ruled_at TEXT);
      INSERT INTO rm_checkpoints VALUES ('match-projector', '42');
    `);
    createReadModelSchema(db);
    const columns = db.prepare(`SELECT name FROM pragma_table_info('rm_disputes')`).all();
    expect(columns).toEqual(
      expect.arrayContaining([
        { name: 'rationale' },
        { name: 'ruling_rule_ref' },
        { name: 'judge_id' },
      ]),
    );
    expect(db.prepare('SELECT count(*) AS n FROM rm_checkpoints').get()).toEqual({ n: 0 });
  });

  it('drops read models built before the statistics kept card rolls, so finished matches count theirs', () => {
    const db = new Database(':memory:');
    createReadModelSchema(db);
    db.exec(`
      DROP TABLE rm_stat_card_rolls;
      INSERT INTO rm_checkpoints VALUES ('match-projector', '42');
    `);
    createReadModelSchema(db);
    const columns = db.prepare(`SELECT name FROM pragma_table_info('rm_stat_card_rolls')`).all();
    expect(columns).toEqual(expect.arrayContaining([{ name: 'outcomes' }, { name: 'value' }]));
    expect(db.prepare('SELECT count(*) AS n FROM rm_checkpoints').get()).toEqual({ n: 0 });

    // Once current, it is left alone.
    db.prepare(`INSERT INTO rm_checkpoints VALUES ('match-projector', '7')`).run();
    createReadModelSchema(db);
    expect(db.prepare('SELECT count(*) AS n FROM rm_checkpoints').get()).toEqual({ n: 1 });
  });
});
