#!/usr/bin/env node
/* eslint-disable @typescript-eslint/no-require-imports -- plain Node before any build: no TypeScript here */
/**
 * Whether `dist/` (the service, its tools and the web pages, made by `npm run build`, which
 * `npm ci` runs as `prepare`) holds the current sources. `npm start` and the npm aliases of
 * the `matchlog` verbs run it first: they run the build, never TypeScript or Vite themselves,
 * so a checkout changed after the build (a `git pull`) is refused with the command to run
 * rather than started as the old code. A release without sources (the container image) has
 * nothing to compare and passes once dist is there.
 */
'use strict';
const { existsSync, readdirSync, statSync } = require('node:fs');
const { join, relative } = require('node:path');

/** What `npm run build` writes, the service's first (tsc), the web pages' last (Vite). */
const OUTPUTS = ['dist/main.js', 'dist/web/index.html'];
/** What the build reads: the sources (the web client's own root once it has one) and settings. */
const SOURCES = ['src', 'web', 'tsconfig.json', 'tsconfig.build.json'];
/** Tests are never built: changing one leaves the build current. */
const NOT_BUILT = /\.(spec|testkit)\.ts$/;

/** The newest file under `path` that the build reads, or undefined when there is none. */
function newestSource(path) {
  if (!existsSync(path)) return undefined;
  const stat = statSync(path);
  if (!stat.isDirectory())
    return NOT_BUILT.test(path) ? undefined : { path, mtimeMs: stat.mtimeMs };
  let newest;
  for (const name of readdirSync(path)) {
    const found = newestSource(join(path, name));
    if (found && (!newest || found.mtimeMs > newest.mtimeMs)) newest = found;
  }
  return newest;
}

/**
 * Why the build in `root` cannot be run as it is (an output missing, or a source newer than
 * the oldest of `outputs`), or undefined when it is current.
 */
function staleBuild(root, outputs = OUTPUTS) {
  let oldest;
  for (const output of outputs) {
    const file = join(root, output);
    if (!existsSync(file)) return `${output} is missing`;
    const { mtimeMs } = statSync(file);
    if (!oldest || mtimeMs < oldest.mtimeMs) oldest = { output, mtimeMs };
  }
  for (const source of SOURCES) {
    const newest = newestSource(join(root, source));
    if (newest && newest.mtimeMs > oldest.mtimeMs)
      return `${relative(root, newest.path)} changed after the build (${oldest.output})`;
  }
  return undefined;
}

module.exports = { staleBuild, SOURCES };

if (require.main === module) {
  const stale = staleBuild(join(__dirname, '..'));
  if (stale) {
    process.stderr.write(`matchlog: the build is not current: ${stale}. Run npm run build.\n`);
    process.exit(1);
  }
}
