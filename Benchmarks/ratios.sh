#!/usr/bin/env bash
# The ratio table: runs the suite in a quick configuration (REUSEKIT_BENCH_QUICK) from this
# package, prints medians, mallocs and ratios against the baselines measured in the same run,
# and writes results/latest.json. Pass a regex to run a subset: Benchmarks/ratios.sh 'list:frame'
set -euo pipefail
cd "$(dirname "$0")"
filter="${1:-.*}"
raw="$(mktemp -d)"
trap 'rm -rf "$raw"' EXIT
mkdir -p results
REUSEKIT_BENCH_QUICK=1 swift package --allow-writing-to-package-directory benchmark \
  --filter "$filter" --format histogramEncoded --path "$raw" --no-progress >"$raw/run.log" 2>&1 \
  || { tail -40 "$raw/run.log"; exit 1; }
python3 ratios.py "$raw" results/latest.json
