#!/usr/bin/env bash
# Coverage-guided fuzzing with libFuzzer and AddressSanitizer.
#
#   Scripts/fuzz.sh --list          the targets, one a line
#   Scripts/fuzz.sh NAME SECONDS    build target NAME (Fuzz/NAME/main.swift) and fuzz it
#
# The library modules are compiled once with `-sanitize=fuzzer,address` (coverage and
# AddressSanitizer in every module, the invariant checks on) into .build-fuzz/, and rebuilt
# when a source changes. The run starts from the committed corpus (Fuzz/NAME/corpus) and keeps
# what it finds in .build-fuzz/NAME-corpus; a crash leaves its input in .build-fuzz/ and fails
# the run, with the input's path: make it a regression test.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"

if [ "${1:-}" = "--list" ]; then
  for dir in Fuzz/*/; do basename "$dir"; done
  exit 0
fi
name="${1:?usage: Scripts/fuzz.sh NAME SECONDS (or --list)}"
seconds="${2:-60}"
[ -f "Fuzz/$name/main.swift" ] || { echo "no fuzz target \"$name\"; targets:"; "$0" --list; exit 2; }

out="$root/.build-fuzz"
modules="$out/modules"
mkdir -p "$modules"
# Sources/CSQLite's module map names SQLite's C API (Debian's libsqlite3-dev), which
# GalleryKit imports: found by -I, linked with -lsqlite3.
flags=(-parse-as-library -sanitize=fuzzer,address -O -g -package-name reusekit
  -D REUSEKIT_CHECKS -I "$modules" -L "$modules" -I "$root/Sources/CSQLite")

# The modules in dependency order: name, then its source directory.
module_list=(
  "ReuseDiffing Sources/ReuseDiffing"
  "ReuseKit Sources/ReuseKit"
  "ReuseDeclarative Sources/ReuseDeclarative"
  "ReuseControls Sources/ReuseControls"
  "ReuseTerminal Sources/ReuseTerminal"
  "GalleryKit Sources/GalleryKit"
  "ReuseTestSupport Tests/ReuseTestSupport"
)
stamp_of() { find "$1" -name '*.swift' -print0 | sort -z | xargs -0 cat | md5sum | cut -d' ' -f1; }
libraries=()
# A module's stamp covers its sources, the compiler and the modules below it (each stamp
# includes the previous one), so a change in ReuseKit rebuilds everything above it too.
previous=""
for entry in "${module_list[@]}"; do
  set -- $entry
  module="$1"
  dir="$2"
  stamp="$(echo "$previous $(stamp_of "$dir") $(swiftc --version 2>&1)" | md5sum | cut -d' ' -f1)"
  previous="$stamp"
  if [ ! -f "$modules/lib$module.a" ] || [ "$(cat "$modules/$module.stamp" 2>/dev/null)" != "$stamp" ]; then
    echo "building $module (fuzzer, address)…" >&2
    find "$dir" -name '*.swift' -print0 | xargs -0 swiftc "${flags[@]}" \
      -module-name "$module" -emit-module -emit-module-path "$modules/$module.swiftmodule" \
      -emit-library -static -o "$modules/lib$module.a" -lm 2>&1 \
      | { grep -v "Cannot export local symbol" || true; } >&2
    echo "$stamp" > "$modules/$module.stamp"
  fi
  libraries=("-l$module" "${libraries[@]}")
done

binary="$out/fuzz-$name"
echo "building fuzz-$name…" >&2
swiftc "${flags[@]}" "Fuzz/$name/main.swift" "${libraries[@]}" -lm -lsqlite3 -o "$binary" 2>&1 \
  | { grep -v "Cannot export local symbol" || true; } >&2

corpus="$out/$name-corpus"
mkdir -p "$corpus"
cd "$out"
echo "fuzzing $name for $seconds s (corpus: Fuzz/$name/corpus, $corpus)" >&2
# -detect_leaks=0: the leak check is a separate pass (Scripts/leaks.sh, step 4 of .ci/run);
# here a crash or a memory error fails the run.
ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}" "$binary" "$corpus" "$root/Fuzz/$name/corpus" \
  -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
  -artifact_prefix="$out/$name-" 2>&1 | tee "$out/$name.log" | grep -E "^#|Done|ERROR|SUMMARY|stat::" | tail -15
status=${PIPESTATUS[0]}
if [ "$status" -ne 0 ]; then
  echo "fuzz-$name found a problem (exit $status); the input is in $out/$name-*" >&2
  exit "$status"
fi
