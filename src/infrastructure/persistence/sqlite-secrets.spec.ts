import Database from 'better-sqlite3';
import { SqliteSecrets } from './sqlite-secrets';

describe('SqliteSecrets', () => {
  let database: Database.Database;
  beforeEach(() => (database = new Database(':memory:')));
  afterEach(() => database.close());

  it('keeps one seed per match, and refuses to replace it', async () => {
    const secrets = new SqliteSecrets(database);
    const seed = Uint8Array.from({ length: 32 }, (_, i) => i);
    await secrets.putSeed('m-1', seed);
    await secrets.putSeed('m-1', seed);

    expect(await secrets.getSeed('m-1')).toEqual(seed);
    expect(await secrets.getSeed('m-2')).toBeUndefined();
    await expect(secrets.putSeed('m-1', new Uint8Array(32))).rejects.toThrow(
      'A different dice seed is already stored for match m-1',
    );
    expect(await new SqliteSecrets(database).getSeed('m-1')).toEqual(seed);
  });
});
