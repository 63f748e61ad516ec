#!/usr/bin/env bash
# Installs what the GTK host needs, when missing: GTK 4's headers (libgtk-4-dev), Xvfb (and
# xauth, for xvfb-run), xdotool, ImageMagick (import, compare), fonts for Latin, Greek and
# Cyrillic (DejaVu), CJK (WenQuanYi Micro Hei, 1.6 MB) and colour emoji (Noto), and what the
# accessibility tests read AT-SPI with. Run by gallery.sh
# and test.sh; does nothing when everything is there.
set -euo pipefail
need=()
pkg-config --exists gtk4 2>/dev/null || need+=(libgtk-4-dev)
command -v xvfb-run >/dev/null || need+=(xvfb xauth)
command -v xdotool >/dev/null || need+=(xdotool)
command -v import >/dev/null && command -v compare >/dev/null || need+=(imagemagick)
fc-list 2>/dev/null | grep -qi dejavu || need+=(fonts-dejavu-core)
fc-list 2>/dev/null | grep -qi "wenquanyi micro hei" || need+=(fonts-wqy-microhei)
fc-list 2>/dev/null | grep -qi "noto color emoji" || need+=(fonts-noto-color-emoji)
# The accessibility tests read the widgets over AT-SPI, as a screen reader does: a session
# bus (dbus-run-session), the AT-SPI registry, and Debian's python3 bindings for it.
command -v dbus-run-session >/dev/null || need+=(dbus)
[ -x /usr/libexec/at-spi-bus-launcher ] || need+=(at-spi2-core)
/usr/bin/python3 -c 'import gi; gi.require_version("Atspi", "2.0"); from gi.repository import Atspi' \
  2>/dev/null || need+=(gir1.2-atspi-2.0)
/usr/bin/python3 -c 'import pyatspi' 2>/dev/null || need+=(python3-pyatspi)
# The Orca session (Tests/orca/session.py) listens to the gallery through Orca itself.
command -v orca >/dev/null || need+=(orca)
command -v gsettings >/dev/null || need+=(libglib2.0-bin)
# GTK's flags for SwiftPM without the ones it refuses with a warning on every fresh build
# ("prohibited flag(s): -pthread … -msse2", from glib's and cairo's pkg-config files): only
# the include paths and the libraries, in .pkgconfig/gtk4.pc, which test.sh and gallery.sh
# put first with --pkg-config-path. (A plain `swift build` here finds the system's gtk4.pc
# and builds the same, with the warning.)
write_pkgconfig() {
  local dir
  dir="$(cd "$(dirname "$0")" && pwd)/.pkgconfig"
  mkdir -p "$dir"
  {
    echo "Name: gtk4"
    echo "Description: GTK 4 for SwiftPM: include paths and libraries (made by setup.sh)"
    echo "Version: $(pkg-config --modversion gtk4)"
    echo "Cflags: $(pkg-config --cflags-only-I gtk4)"
    echo "Libs: $(pkg-config --libs gtk4)"
  } > "$dir/gtk4.pc.new"
  mv "$dir/gtk4.pc.new" "$dir/gtk4.pc"
}
if [ ${#need[@]} -eq 0 ]; then
  write_pkgconfig
  exit 0
fi
echo "setup: installing ${need[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
write_pkgconfig
