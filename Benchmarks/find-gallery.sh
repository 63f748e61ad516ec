#!/usr/bin/env bash
# A find over the list page's titles in the terminal gallery, timed from Enter until the status
# line no longer says the find is searching, and the gallery's resident memory then:
#
#   Benchmarks/find-gallery.sh BINARY [QUERY] [ITEMS]   (defaults: "quiet falcon", 10000000)
#
# BINARY is a release build of reuse-gallery (`swift build -c release --product
# reuse-gallery`); run two builds in turns to compare them. Needs tmux and bc.
set -euo pipefail
bin=$(realpath "$1")
query=${2:-quiet falcon}
items=${3:-10000000}
session=reusekit-find-$$
tmux new-session -d -s "$session" -x 120 -y 30 "$bin --items $items"
trap 'tmux kill-session -t "$session" 2>/dev/null || true' EXIT
sleep 2
tmux send-keys -t "$session" '/'
sleep 0.3
tmux send-keys -t "$session" -l "$query"
sleep 0.3
start=$(date +%s.%N)
tmux send-keys -t "$session" Enter
sleep 0.3
while tmux capture-pane -p -t "$session" | tail -1 | grep -q "searched\|searching"; do
  sleep 0.2
done
end=$(date +%s.%N)
pid=$(pgrep -f "^$bin --items" | head -1)
rss=$(awk '/VmRSS/ { print $2 }' "/proc/$pid/status")
peak=$(awk '/VmHWM/ { print $2 }' "/proc/$pid/status")
echo "$(echo "$end - $start" | bc) s; resident ${rss} kB (peak ${peak} kB);" \
  "$(tmux capture-pane -p -t "$session" | tail -1 | cut -c1-40)"
