#!/usr/bin/env bash
# Runs the GTK host's tests under Xvfb: the adapter in process (XCTest on the main thread), the
# gallery end to end (xdotool input, screenshots against References/), and the gallery as a
# screen reader reads it (Tests/a11y/session.py over AT-SPI in a D-Bus session of its own, on
# the list, data-source, outline, table and store pages, seeded), and through Orca itself
# (Tests/orca/session.py). Installs what they need first (setup.sh).
# Arguments go to `swift test` (`--filter X`); with arguments the AT-SPI sessions are skipped.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
"$here/setup.sh"
pc=(--pkg-config-path "$here/.pkgconfig")  # GTK's flags without the refused ones (setup.sh)
swift build --package-path "$here" "${pc[@]}" --build-tests
GSK_RENDERER=cairo GDK_BACKEND=x11 xvfb-run -a -s "-screen 0 1280x900x24" \
  swift test --package-path "$here" "${pc[@]}" --skip-build "$@"
if [ $# -eq 0 ]; then
  binary="$(swift build --package-path "$here" "${pc[@]}" --show-bin-path)/reuse-gallery-gtk"
  for page in list datasource outline table store; do
    seed="${REUSE_A11Y_SEED:-$RANDOM}"
    echo "AT-SPI session: page $page, seed $seed"
    dbus-run-session -- xvfb-run -a -s "-screen 0 1280x900x24" \
      /usr/bin/python3 "$here/Tests/a11y/session.py" --binary "$binary" --page "$page" \
      --seed "$seed" --steps 40
  done
  # What Orca itself says, key by key, on the list, outline, table, board and store pages
  # (each page in a D-Bus session of its own; "ok: N steps" a page, or what it heard instead).
  /usr/bin/python3 "$here/Tests/orca/session.py" --binary "$binary"
fi
