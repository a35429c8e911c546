import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The service version, from package.json. Read at runtime rather than imported: the file sits
 * outside `src`, and this module is at the same depth under `src/` and `dist/`.
 */
export const APP_VERSION: string = (
  JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;
