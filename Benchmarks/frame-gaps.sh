#!/usr/bin/env bash
# The longest gap between two frames of the terminal gallery while a long job runs, on the real
# clock (Sources/frame-gaps: the gallery in process, ticked and drawn as the terminal host does,
# a Down key every tenth frame). Each job runs beside its baseline in the same run: the
# synchronous sort on the loop, as every sort ran before the background sort (one frame that
# waits for all of it). In the README's debug build and in release.
#   Benchmarks/frame-gaps.sh    # writes Benchmarks/results/frame-gaps.json
# Find (`/`) and filter (`|`) run beside their baselines too: every row scanned (and shown) in
# one frame. Rows: {job, items, column, build, longest_gap_ms, frames, total_ms}, and first_ms
# (the first match; the first filtered screen) for find and filter. A save (Ctrl-S after one
# edit) runs beside the same save on the loop, over peers/visidata.sh's CSV files if present.
set -euo pipefail
cd "$(dirname "$0")"
rm -f .build/debug.yaml .build/release.yaml
for build in debug release; do
  swift build -c "$build" --product frame-gaps >/dev/null 2>&1 \
    || swift build -c "$build" --product frame-gaps
done
rows=()
run() {  # build job items column [text]
  local line
  line=$(".build/$1/frame-gaps" "${@:2}")
  echo "$1 $line" >&2
  rows+=("$(python3 -c 'import json,sys; r=json.loads(sys.argv[2]); r["build"]=sys.argv[1]; print(json.dumps(r))' "$1" "$line")")
}
# 1,000,000 strings (Name) in the README's debug build, and in release.
for build in debug release; do
  run "$build" sort 1000000 1
  run "$build" sort-sync 1000000 1
done
# Find "quiet" and filter "cedar" in 1,000,000 names, both builds.
for build in debug release; do
  run "$build" find 1000000 1 quiet
  run "$build" find-sync 1000000 1 quiet
  run "$build" filter 1000000 1 cedar
  run "$build" filter-sync 1000000 1 cedar
done
# F on # (1,000,000 distinct values: counted a slice a frame, put in order on a thread), both
# builds, beside the same frequency table made in one frame.
for build in debug release; do
  run "$build" count 1000000 0
  run "$build" count-sync 1000000 0
done
# 10,000,000 rows by a number column (Amount) in release.
run release sort 10000000 6
run release sort-sync 10000000 6
# Saving a CSV file in place after one edit, on the save's thread and on the loop, in release:
# the files peers/visidata.sh generates (rows-N.csv, 20 columns), when they are there. Each run
# saves a hard link of the file (renamed to .bak by the save), so the file itself stays.
work=peers/.data/work
for n in 1000000 10000000; do
  [ -f "peers/.data/rows-$n.csv" ] || continue
  mkdir -p "$work"
  for job in save save-sync; do
    rm -f "$work/frame-gaps.csv" "$work/frame-gaps.csv.bak"
    ln "peers/.data/rows-$n.csv" "$work/frame-gaps.csv"
    run release "$job" "$n" 1 "$work/frame-gaps.csv"
  done
  rm -f "$work/frame-gaps.csv" "$work/frame-gaps.csv.bak"
done
mkdir -p results
printf '%s\n' "${rows[@]}" | python3 -c 'import json,sys; print(json.dumps([json.loads(l) for l in sys.stdin], indent=1))' \
  > results/frame-gaps.json
echo "wrote Benchmarks/results/frame-gaps.json"
