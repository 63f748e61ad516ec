#!/usr/bin/env bash
# Builds the documentation of every target with a DocC catalog or public API
# (`swift package generate-documentation --target T`) and fails when DocC prints a warning: a
# broken symbol link, an article a symbol overrides, a link into another module. Run by
# .ci/run; prints each target's warnings, then "docs: N warnings".
set -euo pipefail
cd "$(dirname "$0")/.."
targets=(ReuseDiffing ReuseKit ReuseDeclarative ReuseControls ReuseTerminal GalleryKit TerminalGallery)
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
total=0
for target in "${targets[@]}"; do
  if ! swift package generate-documentation --target "$target" >"$log" 2>&1; then
    cat "$log"
    echo "docs: $target failed to build its documentation"
    exit 1
  fi
  count=$(grep -c 'warning:' "$log" || true)
  if [ "$count" -gt 0 ]; then
    echo "docs: $target: $count warnings"
    grep -A3 'warning:' "$log"
  fi
  total=$((total + count))
done
echo "docs: $total warnings"
[ "$total" -eq 0 ]
