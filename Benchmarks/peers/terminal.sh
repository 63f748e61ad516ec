#!/usr/bin/env bash
# Side by side, in one run: reuse-gallery's list page against two Python TUI peers (a Textual
# OptionList and an urwid ListBox), then its table page against a Textual DataTable, each over
# the same N rows, in a 120 x 36 tmux pane.
#
#   Benchmarks/peers/terminal.sh [ROW COUNTS...]           (default: 10000 100000 1000000)
#   Benchmarks/peers/terminal.sh --list|--table [ROW COUNTS...]   (one of the two)
#
# Makes Benchmarks/peers/.venv (textual, urwid, pyte from requirements.txt), writes the rows once
# to Benchmarks/peers/.data (rows-N.json in the --data schema for the lists, rows-N.csv of 20
# columns from make_csv.py for the tables), then runs measure.py for each page: the apps in turn
# (ours, Textual, urwid, ours, ...), 5 launches each (PEERS_REPS), 10 timed presses of each key
# a launch (PEERS_PRESSES), one app at a time, each wait capped at PEERS_TIMEOUT seconds (120).
# It writes Benchmarks/results/peers-terminal.json (rows of metric, items, ours, peer, theirs,
# ratio = ours / theirs, and a note where something was off; a run replaces only the rows of its
# own peers at its own counts), prints the tables, and keeps every launch's numbers in
# Benchmarks/peers/.data/last-run-PAGE.json. measure.py's docstring says how each metric is
# taken. Needs tmux and python3; builds the release reuse-gallery first.
set -euo pipefail
cd "$(dirname "$0")"
peers="$PWD"
root="$(cd ../.. && pwd)"
pages=(list table)
case "${1:-}" in
  --list) pages=(list); shift ;;
  --table) pages=(table); shift ;;
esac
counts=("$@")
[ ${#counts[@]} -gt 0 ] || counts=(10000 100000 1000000)
source ./common.sh
check_counts terminal.sh 1 1000000 \
  "item counts are 1 to 1000000 (reuse-gallery's --data limit)" "${counts[@]}"
needs_tmux terminal.sh

peer_venv "textual, urwid, pyte"

binary="$root/.build/release/reuse-gallery"
# Always built (incrementally): a binary left from an older tree would measure that tree.
(cd "$root" && swift build -c release --product reuse-gallery >/dev/null)

mkdir -p .data
for n in "${counts[@]}"; do
  for page in "${pages[@]}"; do
    if [ "$page" = list ]; then
      [ -f ".data/rows-$n.json" ] || .venv/bin/python make_rows.py "$n" ".data/rows-$n.json"
    else
      [ -f ".data/rows-$n.csv" ] || .venv/bin/python make_csv.py "$n" ".data/rows-$n.csv"
    fi
  done
done

.venv/bin/python - <<'PY'
from importlib.metadata import version
print("peers: " + ", ".join(f"{name} {version(name)}" for name in ("textual", "urwid", "pyte")))
PY
for page in "${pages[@]}"; do
  flags=()
  [ "$page" = table ] && flags=(--table)
  .venv/bin/python measure.py \
    --ours "$binary" --python "$peers/.venv/bin/python" --data-dir "$peers/.data" \
    --out "$root/Benchmarks/results/peers-terminal.json" --raw "$peers/.data/last-run-$page.json" \
    --reps "${PEERS_REPS:-5}" --presses "${PEERS_PRESSES:-10}" --timeout "${PEERS_TIMEOUT:-120}" \
    "${flags[@]}" "${counts[@]}"
done
