#!/usr/bin/env bash
# Writes Hosts/GTK/startup-order.txt: the functions of reuse-gallery-gtk that run from exec to
# the first frame, which the linker places side by side at the start of the executable's code
# (`--symbol-ordering-file`, Package.swift). Code runs from pages the kernel maps 16 at a time
# (and whole page-cache folios), so the few hundred kilobytes that start-up runs, scattered
# over 7.6 MB of code, kept 5.2 MB of it resident; side by side, they keep under 1 MB.
#
#   Hosts/GTK/startup-order.sh
#
# Run it again after large changes to what start-up runs: a name that no longer exists is
# passed over, and a function missing from the list still works, only from a page of its own.
# SwiftPM does not see the list as an input of the link: after editing it by hand, remove the
# executable (this script does) so the next build links again.
# Needs valgrind (installed when missing) and Xvfb (setup.sh).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
"$here/setup.sh"
command -v valgrind >/dev/null || { apt-get update -qq && apt-get install -y -qq valgrind; }
binary="$("$here/release.sh")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Valgrind 3.19 cannot read the toolchain's DWARF 5: count a copy without it.
cp "$binary" "$work/gallery" && strip --strip-debug "$work/gallery"
# The pages a launch most often opens: the first (list), and the table, board and store, whose
# models bring in most of GalleryKit's start-up code.
for page in list table board store; do
  cat >> "$work/run.sh" << EOF
valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/$page.out" \
  "$work/gallery" --demo $page --items 10000 --size 960x720 --no-autoscroll --first-frame \
  > /dev/null 2> "$work/$page.err" || { tail -5 "$work/$page.err" >&2; exit 1; }
EOF
done
GSK_RENDERER=cairo GDK_BACKEND=x11 xvfb-run -a -s "-screen 0 1280x900x24" bash "$work/run.sh"
nm --defined-only "$work/gallery" | awk '$2 ~ /^[tTwW]$/ {print $3}' | sort -u > "$work/defined"
python3 - "$work" list table board store > "$work/ran" << 'EOF'
# The executable's functions that ran, in the order the pages are named (callgrind's compressed
# names: "fn=(id) name" the first time, "fn=(id)" after; "ob=" the object they belong to).
import re, sys
work, pages = sys.argv[1], sys.argv[2:]
seen = []
for page in pages:
    objects, names, current = {}, {}, None
    for line in open(f"{work}/{page}.out"):
        match = re.match(r"^(c?ob|c?fn)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
        if not match:
            continue
        kind, key, name = match.groups()
        table = objects if kind.endswith("ob") else names
        if name:
            table[key] = name
        if kind == "ob":
            current = objects[key]
        elif kind == "fn" and current == f"{work}/gallery":
            seen.append(names[key].split("'")[0])
print("\n".join(dict.fromkeys(seen)))
EOF
grep -Fxf "$work/defined" "$work/ran" > "$here/startup-order.txt"
# SwiftPM does not know the list is an input of the link: remove the executable so that the
# next build links it again with the new list.
rm -f "$binary"
echo "startup-order.sh: $(wc -l < "$here/startup-order.txt") functions in $here/startup-order.txt" >&2
