import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sqliteHeaderProblem, SQLITE_HEADER_BYTES } from './store-file';

describe('sqliteHeaderProblem', () => {
  let header: Buffer;
  beforeAll(() => {
    const dir = mkdtempSync(join(tmpdir(), 'matchlog-header-'));
    const db = new Database(join(dir, 'sample.db'));
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE t (x)');
    db.close();
    header = readFileSync(join(dir, 'sample.db')).subarray(0, SQLITE_HEADER_BYTES);
    rmSync(dir, { recursive: true, force: true });
  });
  const changed = (offset: number, value: number): Buffer => {
    const copy = Buffer.from(header);
    copy[offset] = value;
    return copy;
  };

  it('finds nothing wrong with a header SQLite wrote', () => {
    expect(sqliteHeaderProblem(header)).toBeUndefined();
  });

  it('names each damaged field by its byte', () => {
    expect(sqliteHeaderProblem(changed(18, 0xff))).toBe(
      'its file format write version (header byte 18) is 255, not 1 or 2',
    );
    expect(sqliteHeaderProblem(changed(19, 3))).toBe(
      'its file format read version (header byte 19) is 3, not 1 or 2',
    );
    expect(sqliteHeaderProblem(changed(0, 0x73))).toBe('it does not start with "SQLite format 3"');
    // 4096 → 4097: not a power of two.
    expect(sqliteHeaderProblem(changed(17, 0x01))).toBe(
      'its page size (header bytes 16-17) is 4097',
    );
    expect(sqliteHeaderProblem(changed(21, 65))).toBe(
      'its payload fractions (header bytes 21-23) are not 64, 32, 32',
    );
    expect(sqliteHeaderProblem(header.subarray(0, 40))).toBe('its header is 40 bytes, not 100');
  });

  it('accepts the page size 65536, written as 1', () => {
    const copy = Buffer.from(header);
    copy.writeUInt16BE(1, 16);
    expect(sqliteHeaderProblem(copy)).toBeUndefined();
  });
});
