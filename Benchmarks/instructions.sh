#!/usr/bin/env bash
# Instructions per operation under callgrind (the same count on every run, unlike wall-clock
# medians on this noisy host): each scenario runs once with 0 operations and once with N, and
# the difference is divided by N, so set-up and warm-up cancel out.
#   Benchmarks/instructions.sh            # every scenario
#   Benchmarks/instructions.sh list 2000  # one scenario, N operations
set -euo pipefail
cd "$(dirname "$0")"
# The root package is a path dependency: its source folders are planned again each run (a
# stale build plan misses folders added since).
rm -f .build/release.yaml
swift build -c release --product instructions >/dev/null 2>&1 \
  || swift build -c release --product instructions
binary=.build/release/instructions
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" "$1" "$2" 2>&1 \
    | awk '/Collected/ { print $4 }'
}
measure() {
  local zero many
  zero=$(count "$1" 0)
  many=$(count "$1" "$2")
  python3 -c "print(f'{\"$1\":<10} {($many - $zero) / $2:>14,.0f} instructions per operation')"
}
if [ $# -ge 1 ]; then
  measure "$1" "${2:-2000}"
else
  for scenario in list estimated waterfall carousel reorder reorder-grid reorder-baseline picker \
    table table-row dnd box drag-baseline rails rails-baseline; do
    measure "$scenario" 2000
  done
  measure render 200
  measure diff 4
  measure uuid 4
  measure chat 20
  measure table-sort 1
  measure table-filter 200
fi
