#!/usr/bin/env bash
# npm run bench:legal-decisions -- [REF]: the legal decisions bench of this working tree against
# REF's src (default main), side by side in one run. REF's src and test support are extracted
# (git archive) into a temporary directory and loaded from there, with this tree's node_modules.
set -euo pipefail
cd "$(dirname "$0")/.."
ref="${1:-main}"
commit="$(git rev-parse --verify "$ref^{commit}")"
base="$(mktemp -d)"
trap 'rm -rf "$base"' EXIT
git archive "$commit" src test tsconfig.json | tar -x -C "$base"
echo "baseline: $ref ($commit) in $base"
NODE_PATH="$PWD/node_modules" BENCH_BASELINE_ROOT="$base" BENCH_BASELINE_REF="$ref" \
  node -r @swc-node/register bench/legal-decisions.bench.ts
