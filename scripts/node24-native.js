/* eslint-disable @typescript-eslint/no-require-imports -- preloaded by plain Node (NODE_OPTIONS) */
/**
 * Preloaded (NODE_OPTIONS=--require) into every process of `npm run test:node24`: Jest, its
 * workers and the services and tools the tests start. node_modules holds better-sqlite3's
 * native module built for the machine's Node; this loads the one test-node24.sh built for
 * Node 24's ABI in a directory of its own (MATCHLOG_BETTER_SQLITE3_BINDING) in its place.
 */
'use strict';
const { sep } = require('node:path');

const binding = process.env.MATCHLOG_BETTER_SQLITE3_BINDING;
const built = `${sep}better-sqlite3${sep}build${sep}Release${sep}better_sqlite3.node`;
const dlopen = process.dlopen;
if (binding)
  process.dlopen = function (module, filename, ...flags) {
    return dlopen.call(this, module, filename.endsWith(built) ? binding : filename, ...flags);
  };
