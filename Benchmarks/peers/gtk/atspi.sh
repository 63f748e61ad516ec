#!/usr/bin/env bash
# Reads the GTK gallery's list page and the GtkListView peer over AT-SPI, as a screen reader
# does, the same way (atspi_dump.py), over the same 1,000,000 rows, and writes both summaries to
# Benchmarks/results/peers-gtk-atspi.json. Needs the GTK host built
# (swift build --package-path Hosts/GTK) and the peer (build.sh); installs nothing.
#
#   Benchmarks/peers/gtk/atspi.sh
#
# Runs itself again inside a D-Bus session and an X display of its own.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
if [ -z "${REUSE_ATSPI_INNER:-}" ]; then
  exec env REUSE_ATSPI_INNER=1 dbus-run-session -- xvfb-run -a -s "-screen 0 1280x900x24" \
    "$0" "$@"
fi
export GTK_A11Y=atspi GSK_RENDERER=cairo GDK_BACKEND=x11
gallery="$(swift build --package-path "$root/Hosts/GTK" --show-bin-path)/reuse-gallery-gtk"
peer="$here/../.build-gtk/listview"
[ -x "$peer" ] || "$here/build.sh" >/dev/null
/usr/libexec/at-spi-bus-launcher --launch-immediately >/dev/null 2>&1 &
bus=$!
sleep 0.5
out="$root/Benchmarks/results/peers-gtk-atspi.json"
mkdir -p "$(dirname "$out")"

read_app() {  # NAME ROLE COMMAND...: starts the app, waits 2 s, dumps its tree, stops it
  local name="$1" role="$2"
  shift 2
  "$@" >/dev/null 2>&1 &
  local app=$!
  sleep 2
  /usr/bin/python3 "$here/atspi_dump.py" "$name" --role "$role"
  kill "$app" 2>/dev/null || true
  wait "$app" 2>/dev/null || true
}

{
  echo '{"reusekit":'
  read_app "reuse-gallery-gtk" "list item" \
    "$gallery" --demo list --items 1000000 --size 960x720 --no-autoscroll
  echo ', "gtklistview":'
  read_app "listview peer" "list item" "$peer" --items 1000000
  echo '}'
} >"$out"
kill "$bus" 2>/dev/null || true
/usr/bin/python3 - "$out" <<'PY'
import json, sys
data = json.load(open(sys.argv[1]))
for key, summary in data.items():
    first = (summary.get("first") or [{}])[0]
    print(f"{key}: {summary.get('count')} list items on the bus, {summary.get('named')} named, "
          f"{summary.get('with_description')} described; first: "
          f"{first.get('name')!r} / {first.get('description')!r}; roles {summary.get('roles')}")
PY
echo "wrote $out"
