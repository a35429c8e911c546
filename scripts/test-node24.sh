#!/usr/bin/env bash
# npm run test:node24 [-- jest arguments]: the fast suites (unit, contract, e2e, security, lint;
# not the browser) on Node 24, the current LTS, beside the machine's Node. Node comes from the
# npm registry's binary package (node-<platform>-<arch>), better-sqlite3's native module is
# compiled for Node 24's ABI in a directory of its own (about 1.5 min, once); nothing is
# fetched from anywhere but the npm registry, and node_modules is left as it is.
set -euo pipefail
cd "$(dirname "$0")/.."

major=24
cache="${MATCHLOG_NODE24_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/matchlog/node$major}"
package="node-$(node -p 'process.platform + "-" + process.arch')"
node_home="$cache/node_modules/$package"
if [ ! -x "$node_home/bin/node" ]; then
  echo "test:node24: installing $package@$major from the npm registry into $cache"
  npm install --prefix "$cache" --no-save --no-package-lock --no-audit --no-fund "$package@$major"
fi
node24="$node_home/bin/node"
abi="$("$node24" -p process.versions.modules)"
sqlite_version="$(node -p 'require("better-sqlite3/package.json").version')"
native="$cache/better-sqlite3-$sqlite_version-abi$abi"
binding="$native/node_modules/better-sqlite3/build/Release/better_sqlite3.node"
if [ ! -f "$binding" ]; then
  echo "test:node24: compiling better-sqlite3 $sqlite_version for Node $("$node24" --version) (ABI $abi) in $native"
  mkdir -p "$native"
  echo '{ "private": true, "allowScripts": { "better-sqlite3": true } }' >"$native/package.json"
  # npm and node-gyp run on Node 24, against its own headers; from source, never a download.
  (cd "$native" && PATH="$node_home/bin:$PATH" npm_config_nodedir="$node_home" \
    npm_config_build_from_source=true \
    npm install --no-save --no-package-lock --no-audit --no-fund "better-sqlite3@$sqlite_version")
fi

echo "test:node24: $("$node24" --version), better-sqlite3 from $native"
export MATCHLOG_BETTER_SQLITE3_BINDING="$binding"
export NODE_OPTIONS="${NODE_OPTIONS:+$NODE_OPTIONS }--require $PWD/scripts/node24-native.js"
# The paths asked for first: the ignore option takes every argument after it.
exec "$node24" node_modules/jest/bin/jest.js "$@" --testPathIgnorePatterns '<rootDir>/test/browser/'
