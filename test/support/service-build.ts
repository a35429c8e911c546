import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { staleBuild } from '../../scripts/check-build';

const ROOT = join(__dirname, '../..');

/**
 * Compiles the service and its tools into dist (tsc, as `npm run build` does first) when
 * dist/main.js is missing or older than the sources, so that tests of what runs from dist run
 * the code under test. `npm ci` builds it on a fresh clone; this catches a checkout edited since.
 */
export function ensureServiceBuilt(): void {
  if (staleBuild(ROOT, ['dist/main.js']) === undefined) return;
  // Test files run in parallel workers: one compiles, the others wait for it.
  const lock = join(ROOT, 'dist/.service-build.lock');
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    if (staleBuild(ROOT, ['dist/main.js']) !== undefined)
      execFileSync(
        process.execPath,
        [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
        { cwd: ROOT, stdio: 'inherit', timeout: 300_000 },
      );
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
