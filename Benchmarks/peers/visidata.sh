#!/usr/bin/env bash
# Side by side with VisiData: reuse-gallery's table page against VisiData 3.4 (`vd`) on the same
# CSV file and the same SQLite table, job by job, in measure.py's 120 x 36 tmux pane.
#
#   Benchmarks/peers/visidata.sh [ROW COUNTS...]           (default: 1000000 10000000)
#
# Makes Benchmarks/peers/.venv (pyte and visidata from requirements.txt), writes the data once
# to Benchmarks/peers/.data: rows-N.csv (make_csv.py: a header and N rows of 20 columns) and
# rows-N.sqlite (make_sqlite.py: the same rows in the table `items`, and a 4-row table `plans`
# so that the list of tables has a choice). Builds the release reuse-gallery first unless
# PEERS_SKIP_BUILD=1. Then measure_visidata.py launches the apps in turn (ours, VisiData, ...),
# each on the CSV file and then on the SQLite file, PEERS_REPS times (3), each wait capped at
# PEERS_TIMEOUT seconds (300; a wait past it records no figure and a note, and ends that
# launch), PEERS_PRESSES timed presses of each key a launch (5). Before each launch and between
# its steps it waits until no swift-build or swift-frontend runs (polled every 10 s), so that no
# compile overlaps a measurement.
#
# How each metric is taken (measure_visidata.py's docstring says it in full): the clock starts
# just before the key (or the launch) goes to tmux and stops at the arrival of the pane output
# after which the screen first shows the result, read from a pyte screen fed as the output
# streams in (no polling):
#   first_screen_ms  launch to "Item 1" shown          loaded_ms  to "N rows" with no loading job
#   rss_mb           VmRSS of the app 300 ms after loaded (from /proc/PID/status)
#   key_end_ms       Ctrl-End (ours) / End (VisiData) to the last row shown; key_pgdn_ms PageDown
#   sort_ms          `s` / `[` on Name (text) to the rows shown in order, the job done
#   sqlite_*         the same on the SQLite file, the first screen from the launch through the
#                    list of tables (Enter on `items` as soon as the list shows)
#   search_first_ms  `/` "Item N/2" Enter (one match, mid-file) to the cursor on it
#   search_count_ms  ours: to "match 1 of 1" final; VisiData: `|` (select by regex) with the
#                    same text, from its Enter to "•1" selected with no job running
#   filter_ms        City contains "Lisbon": ours `|`; VisiData `|` then `"` (both spans added)
#   freq_ms          `F` on Status (4 values) to the frequency table shown
#   save_ms          one cell edited (`e`, "x", Enter), then Ctrl-S to the file written: ours in
#                    place (a hard link of the data file in .data/work, kept as .bak), VisiData
#                    to a new name typed in its prompt, from that Enter to the job done and the
#                    file closed
# ratio = ours / theirs (medians over launches; key presses pooled). It writes
# Benchmarks/results/peers-visidata.json (rows of metric, items, ours, peer, theirs, ratio, and a
# note where something was off or the two did different work; a re-run replaces only the rows
# at its own counts), prints the table, and keeps every launch's figures in
# Benchmarks/peers/.data/last-run-visidata.json. VisiData runs with HOME an empty directory,
# --config /dev/null and --motd-url "" (no startup message fetched); both apps run with
# oom_score_adj 1000. At 10^7 rows VisiData holds every row in Python objects (about 15 GB for
# the CSV file); needs tmux, python3 and a machine with room for that.
set -euo pipefail
cd "$(dirname "$0")"
peers="$PWD"
root="$(cd ../.. && pwd)"
counts=("$@")
[ ${#counts[@]} -gt 0 ] || counts=(1000000 10000000)
source ./common.sh
check_counts visidata.sh 100 10000000 "row counts are 100 to 10000000" "${counts[@]}"
needs_tmux visidata.sh

peer_venv "pyte, visidata"

binary="$root/.build/release/reuse-gallery"
if [ "${PEERS_SKIP_BUILD:-0}" != 1 ]; then
  (cd "$root" && swift build -c release --product reuse-gallery >/dev/null)
fi
[ -x "$binary" ] || { echo "visidata.sh: no $binary (build it, or unset PEERS_SKIP_BUILD)" >&2; exit 1; }

mkdir -p .data
for n in "${counts[@]}"; do
  [ -f ".data/rows-$n.csv" ] || .venv/bin/python make_csv.py "$n" ".data/rows-$n.csv"
  [ -f ".data/rows-$n.sqlite" ] || .venv/bin/python make_sqlite.py "$n" ".data/rows-$n.sqlite"
done

.venv/bin/python - <<'PY'
from importlib.metadata import version
print("peer: " + ", ".join(f"{name} {version(name)}" for name in ("visidata", "pyte")))
PY
.venv/bin/python measure_visidata.py \
  --ours "$binary" --vd "$peers/.venv/bin/vd" --data-dir "$peers/.data" \
  --out "$root/Benchmarks/results/peers-visidata.json" --raw "$peers/.data/last-run-visidata.json" \
  --reps "${PEERS_REPS:-3}" --presses "${PEERS_PRESSES:-5}" --timeout "${PEERS_TIMEOUT:-300}" \
  "${counts[@]}"
