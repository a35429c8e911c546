#!/usr/bin/env bash
# npm run bench:baseline -- [REF]: decisions/s over HTTP of this working tree against the build
# of REF (default HEAD~1), side by side in one run of the API bench. Both are built (dist) and
# loaded alternately, so the machine's load moves both alike; the bench prints the medians and
# the ratio run by run. Extra BENCH_* variables pass through (BENCH_API_REPS, ...).
set -euo pipefail
cd "$(dirname "$0")/.."
ref="${1:-HEAD~1}"
commit="$(git rev-parse --verify "$ref^{commit}")"
base="$(mktemp -d)/baseline"
trap 'git worktree remove --force "$base" >/dev/null 2>&1 || true' EXIT

echo "baseline: $ref ($commit) built in $base"
git worktree add --detach --quiet "$base" "$commit"
# The baseline's own dependencies, hard-linked where they are the same files.
cp -al node_modules "$base/node_modules"
(cd "$base" && npm install --no-audit --no-fund --ignore-scripts >/dev/null 2>&1 || true)
(cd "$base" && npx tsc -p tsconfig.build.json)
npx tsc -p tsconfig.build.json

BENCH_API_PARTS="${BENCH_API_PARTS:-decisions}" \
  BENCH_SERVICE_ENTRY=dist/main.js \
  BENCH_BASELINE_ENTRY="$base/dist/main.js" \
  node -r @swc-node/register bench/api.bench.ts
