#!/usr/bin/env bash
# A scripted gallery session under LeakSanitizer: every page, about 30 s of keys, wheel and
# clicks in a real terminal (tmux), then q. Any leaked allocation (a retain cycle between
# cells, panes, collection views, controls) fails, with the report.
#
#   Scripts/leaks.sh [PATH-TO-ASAN-BUILT-reuse-gallery]
#
# The default binary is the one `swift test --sanitize=address --build-path .build-asan`
# builds (CI's second pass).
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${1:-$PWD/.build-asan/debug/reuse-gallery}"
[ -x "$binary" ] || { echo "no AddressSanitizer build at $binary"; exit 2; }
logs="$(mktemp -d)"
socket="reuse-leaks-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$logs"' EXIT
tmux -L "$socket" new-session -d -s leaks -x 100 -y 30 \
  "env TERM=xterm-256color ASAN_OPTIONS=detect_leaks=1:log_path=$logs/asan $binary --items 100000; echo EXITED > $logs/done"
send() { tmux -L "$socket" send-keys -t leaks "$@"; }
click() { tmux -L "$socket" send-keys -t leaks -l $'\e[<0;'"$1;$2M"$'\e[<0;'"$1;$2m"; }
sleep 2
for page in 1 2 3 4 5 6 7 8; do
  send "$page"
  for round in 1 2 3; do
    for key in Down Down Right PageDown Enter Up Left PageUp End Home Tab; do
      send "$key"
      sleep 0.05
    done
    case "$page" in
      4) send a; send m; send e; send s; send d ;;
      5) send o; send c; send End ;;
      6) send w; send a; send n ;;
      7) send Right; send Down; send Right; send Left; send Enter ;;
      8) send PageUp; send PageUp; send Home; sleep 1; send End ;;
      2) send s; send r; send d ;;
    esac
    tmux -L "$socket" send-keys -t leaks -l $'\e[<65;20;10M' $'\e[<64;20;10M'
    click 30 8
    send "?"
    sleep 0.3
    send Escape
    sleep 1
  done
done
# The declared settings page (the last: `[` from the first): switches flipped through
# Observation, a section added and removed, the end of its 100,000 items and back.
send 1
send "["
for round in 1 2; do
  for key in Down Space Down Down Down Down Space End Home Space; do
    send "$key"
    sleep 0.05
  done
  sleep 0.5
done
send q
for _ in $(seq 1 100); do [ -f "$logs/done" ] && break; sleep 0.2; done
[ -f "$logs/done" ] || { echo "the gallery did not quit"; exit 1; }
if cat "$logs"/asan* 2>/dev/null | grep -q "ERROR"; then
  cat "$logs"/asan*
  echo "leaks.sh: LeakSanitizer or AddressSanitizer reported the session above"
  exit 1
fi
echo "leaks.sh: no leak and no memory error in a scripted session over every page"
