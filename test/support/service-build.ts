import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { staleBuild } from '../../scripts/check-build';
import { buildOnce } from './build-once';

const ROOT = join(__dirname, '../..');

/**
 * Compiles the service and its tools into dist (tsc, as `npm run build` does first) when
 * dist/main.js is missing or older than the sources, so that tests of what runs from dist run
 * the code under test. `npm ci` builds it on a fresh clone; this catches a checkout edited since.
 */
export function ensureServiceBuilt(): void {
  buildOnce(
    join(ROOT, 'dist/.service-build.lock'),
    300_000,
    () => staleBuild(ROOT, ['dist/main.js']) === undefined,
    () =>
      execFileSync(
        process.execPath,
        [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
        { cwd: ROOT, stdio: 'inherit', timeout: 300_000 },
      ),
  );
}
