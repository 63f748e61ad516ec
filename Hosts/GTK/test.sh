#!/usr/bin/env bash
# Runs the GTK host's tests under Xvfb: the adapter in process (XCTest on the main thread) and
# the gallery end to end (xdotool input, screenshots against References/). Installs what they
# need first (setup.sh).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
"$here/setup.sh"
swift build --package-path "$here" --build-tests
GSK_RENDERER=cairo GDK_BACKEND=x11 xvfb-run -a -s "-screen 0 1280x900x24" \
  swift test --package-path "$here" --skip-build "$@"
