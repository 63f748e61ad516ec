#!/usr/bin/env bash
# Builds the GTK gallery as it is measured (Benchmarks/peers/gtk.sh) and ordered
# (startup-order.sh), a release build, and prints the executable's path:
#
#   binary="$(Hosts/GTK/release.sh)"
#
# Every module is compiled with a section a function (`-function-sections`; SwiftPM's release
# builds put most of a module's functions in one .text section), so that the linker can place
# all of start-up's functions side by side (startup-order.txt, Package.swift), not only the
# ones the compiler gave sections of their own: 0.5 MB less of the executable resident at the
# first frame. The flag goes on the command line because it has to reach the root package's
# modules too, which a dependency's Package.swift cannot set. It builds in a folder of its own
# (.build-measured): SwiftPM does not compile a module again when only `-Xswiftc` flags
# changed, so in the usual .build a module built before without them would keep its one
# section.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
build=(swift build -c release --package-path "$here" --pkg-config-path "$here/.pkgconfig"
  --scratch-path "$here/.build-measured" -Xswiftc -Xfrontend -Xswiftc -function-sections)
"${build[@]}" --product reuse-gallery-gtk >&2
echo "$("${build[@]}" --show-bin-path)/reuse-gallery-gtk"
