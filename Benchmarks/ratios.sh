#!/usr/bin/env bash
# The ratio table: runs the suite in a quick configuration (REUSEKIT_BENCH_QUICK) from this
# package, prints medians, mallocs and ratios against the baselines measured in the same run,
# and writes results/latest.json (results/partial.json for a subset). Pass a regex to run a subset (it matches anywhere in the
# benchmark's name): Benchmarks/ratios.sh 'list:frame'
set -euo pipefail
cd "$(dirname "$0")"
filter=".*${1:-}.*"
raw="$(mktemp -d)"
trap 'rm -rf "$raw"' EXIT
mkdir -p results
REUSEKIT_BENCH_QUICK=1 swift package --allow-writing-to-package-directory benchmark \
  --filter "$filter" --format histogramEncoded --path "$raw" --no-progress >"$raw/run.log" 2>&1 \
  || { tail -40 "$raw/run.log"; exit 1; }
# A subset writes results/partial.json, so that latest.json always holds a whole run.
# A whole run also rewrites the table in BENCHMARKS.md.
if [ -n "${1:-}" ]; then
  python3 ratios.py "$raw" results/partial.json
else
  python3 ratios.py "$raw" results/latest.json ../BENCHMARKS.md
fi
