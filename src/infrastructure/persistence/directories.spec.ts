import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeDirectory } from './directories';

describe('makeDirectory', () => {
  const work = mkdtempSync(join(tmpdir(), 'matchlog-dirs-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('creates a directory and its missing parents, and leaves an existing one be', () => {
    const dir = join(work, 'a', 'b', 'c');
    makeDirectory(dir);
    expect(statSync(dir).isDirectory()).toBe(true);
    expect(() => makeDirectory(dir)).not.toThrow();
  });

  it('throws at once for a path under /proc, where Node’s recursive mkdir never returns', () => {
    expect(() => makeDirectory('/proc/matchlog-nope/data')).toThrow(
      expect.objectContaining({ code: 'ENOENT' }),
    );
  });

  it('throws when a file stands where a parent directory belongs', () => {
    const file = join(work, 'a-file');
    writeFileSync(file, 'not a directory');
    expect(() => makeDirectory(join(file, 'data'))).toThrow(
      expect.objectContaining({ code: 'ENOTDIR' }),
    );
  });
});
