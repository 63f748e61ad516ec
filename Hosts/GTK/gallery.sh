#!/usr/bin/env bash
# Runs the GTK gallery: `Hosts/GTK/gallery.sh [--demo PAGE] [--data FILE.json] [--items N]`.
# Installs what it needs first (setup.sh). Without a display it opens one with Xvfb, and says
# so: the window is then on no screen.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
"$here/setup.sh"
pc=(--pkg-config-path "$here/.pkgconfig")  # GTK's flags without the refused ones (setup.sh)
swift build --package-path "$here" "${pc[@]}" --product reuse-gallery-gtk
binary="$(swift build --package-path "$here" "${pc[@]}" --show-bin-path)/reuse-gallery-gtk"
# GTK talks to assistive technology and settings over the session bus: without one (a bare
# console, a container) it warns "Unable to acquire session bus" at start; give it its own.
bus=()
if [ -z "${DBUS_SESSION_BUS_ADDRESS:-}" ] && command -v dbus-run-session >/dev/null; then
  bus=(dbus-run-session --)
fi
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "gallery.sh: no display (DISPLAY and WAYLAND_DISPLAY are unset): running on a virtual" \
    "X display (Xvfb), which nothing shows. Set DISPLAY to see the window; take screenshots" \
    "with 'xvfb-run -a -s \"-screen 0 1280x900x24\" …' and ImageMagick's import." >&2
  exec "${bus[@]}" xvfb-run -a -s "-screen 0 1280x900x24" env GSK_RENDERER=cairo "$binary" "$@"
fi
exec "${bus[@]}" "$binary" "$@"
