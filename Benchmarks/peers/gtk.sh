#!/usr/bin/env bash
# The GTK host against GtkListView, side by side in one run:
#
#   Benchmarks/peers/gtk.sh [ITEM COUNTS…]      (default: 10000 1000000 10000000)
#
# Builds the gallery (Hosts/GTK/release.sh) and the peer (Benchmarks/peers/gtk/listview.c, a
# GtkListView over a lazy GListModel with cairo rows like ours), then runs both in turns on one Xvfb
# display with the cairo renderer (gtk/compare.py: 5 launches each per count, medians) and
# writes Benchmarks/results/peers-gtk.json: rows of {metric, items, ours, peer, theirs, ratio},
# ratio = ours ÷ theirs (below 1 is better for us): the list page against GtkListView (first
# frame, resident set, scroll frames timed and counted with callgrind, jumps counted) and the
# table page against a GtkColumnView of as many columns (Benchmarks/peers/gtk/columnview.c).
# Installs what GTK needs (Hosts/GTK/setup.sh).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
counts=("$@")
[ ${#counts[@]} -eq 0 ] && counts=(10000 1000000 10000000)
"$root/Hosts/GTK/setup.sh"
ours="$("$root/Hosts/GTK/release.sh")"
peer="$root/Benchmarks/peers/.build-gtk/listview"
OUT="$peer" "$root/Benchmarks/peers/gtk/build.sh" >&2
GSK_RENDERER=cairo GDK_BACKEND=x11 xvfb-run -a -s "-screen 0 1280x900x24" \
  python3 "$root/Benchmarks/peers/gtk/compare.py" --ours "$ours" --peer "$peer" \
  --columnview "$(dirname "$peer")/columnview" \
  --out "$root/Benchmarks/results/peers-gtk.json" "${counts[@]}"
