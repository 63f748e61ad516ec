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
[ ${#need[@]} -eq 0 ] && exit 0
echo "setup: installing ${need[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
