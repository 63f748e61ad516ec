#!/usr/bin/env bash
# Side by side: reuse-gallery's list page against two Python TUI peers (a Textual OptionList and
# an urwid ListBox), each over the same N rows, in a 120 x 36 tmux pane.
#
#   Benchmarks/peers/terminal.sh [ITEM COUNTS...]     (default: 10000 100000 1000000)
#
# Makes Benchmarks/peers/.venv (textual, urwid, pyte from requirements.txt), writes the rows once
# to Benchmarks/peers/.data/rows-N.json (the --data schema, which all three apps read), then runs
# measure.py: the apps in turn (ours, Textual, urwid, ours, ...), 5 launches each (PEERS_REPS),
# 10 timed presses of each key a launch (PEERS_PRESSES), one app at a time. It writes
# Benchmarks/results/peers-terminal.json (rows of metric, items, ours, peer, theirs, ratio =
# ours / theirs, and a note where something was off), prints the table, and keeps every launch's
# numbers in Benchmarks/peers/.data/last-run.json. measure.py's docstring says how each metric is
# taken. Needs tmux and python3; builds the release reuse-gallery first.
set -euo pipefail
cd "$(dirname "$0")"
peers="$PWD"
root="$(cd ../.. && pwd)"
counts=("$@")
[ ${#counts[@]} -gt 0 ] || counts=(10000 100000 1000000)
for n in "${counts[@]}"; do
  [[ "$n" =~ ^[0-9]+$ ]] && ((n >= 1 && n <= 1000000)) \
    || { echo "terminal.sh: item counts are 1 to 1000000 (reuse-gallery's --data limit), not $n" >&2; exit 2; }
done
command -v tmux >/dev/null || { echo "terminal.sh: needs tmux (apt-get install tmux)" >&2; exit 1; }

if ! .venv/bin/python -c 'import textual, urwid, pyte' 2>/dev/null; then
  python3 -m venv .venv
  .venv/bin/pip install --quiet --disable-pip-version-check -r requirements.txt
fi

binary="$root/.build/release/reuse-gallery"
# Always built (incrementally): a binary left from an older tree would measure that tree.
(cd "$root" && swift build -c release --product reuse-gallery >/dev/null)

mkdir -p .data
for n in "${counts[@]}"; do
  [ -f ".data/rows-$n.json" ] || .venv/bin/python make_rows.py "$n" ".data/rows-$n.json"
done

.venv/bin/python - <<'PY'
from importlib.metadata import version
print("peers: " + ", ".join(f"{name} {version(name)}" for name in ("textual", "urwid", "pyte")))
PY
exec .venv/bin/python measure.py \
  --ours "$binary" --python "$peers/.venv/bin/python" --data-dir "$peers/.data" \
  --out "$root/Benchmarks/results/peers-terminal.json" --raw "$peers/.data/last-run.json" \
  --reps "${PEERS_REPS:-5}" --presses "${PEERS_PRESSES:-10}" "${counts[@]}"
