import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * Creates `dir` and its missing parents, one level at a time. Node's own
 * `mkdirSync(dir, { recursive: true })` never returns for a path under /proc (it retries the
 * parent it cannot create forever), so a mistyped MATCHLOG_DATA_DIR hung the start instead of
 * refusing it; one level at a time, the level that cannot be made throws (ENOENT, EACCES,
 * ENOTDIR) and the caller says so in one line.
 */
export function makeDirectory(dir: string): void {
  const missing: string[] = [];
  for (let at = resolve(dir); !existsSync(at); at = dirname(at)) {
    missing.unshift(at);
    if (dirname(at) === at) break;
  }
  for (const level of missing) mkdirSync(level);
}
