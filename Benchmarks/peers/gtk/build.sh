#!/usr/bin/env bash
# Builds the GTK peers: Benchmarks/peers/.build-gtk/listview (or $OUT) and columnview beside
# it.
# Needs gcc and GTK 4's development files (Debian 12: libgtk-4-dev).
set -euo pipefail
cd "$(dirname "$0")"
OUT="${OUT:-../.build-gtk/listview}"
mkdir -p "$(dirname "$OUT")"
gcc -O2 listview.c -o "$OUT" $(pkg-config --cflags --libs gtk4)
gcc -O2 columnview.c -o "$(dirname "$OUT")/columnview" $(pkg-config --cflags --libs gtk4)
echo "built $OUT and $(dirname "$OUT")/columnview"
