#!/usr/bin/env bash
# The PostgreSQL tests: starts a throwaway server on loopback (server.sh: Debian's postgresql,
# installed when missing, a cluster in a temporary directory), builds the gallery with the
# `PostgreSQL` trait, runs the tests against both, and stops the server, also on failure.
# Where no server can start, the tests that need one are skipped and say why.
# Arguments go to `swift test` (`--filter X`).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dir="$(mktemp -d /tmp/reusekit-postgres.XXXXXX)"
chmod 755 "$dir"
trap '"$here/server.sh" stop "$dir"; rm -rf "$dir"' EXIT
# The first free port from 54329 on (another server, a developer's own, may hold one).
port="${REUSEKIT_POSTGRES_PORT:-54329}"
while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
if url="$("$here/server.sh" start "$dir" "$port")"; then
  export REUSEKIT_POSTGRES_URL="$url"
  echo "PostgreSQL on $url"
else
  echo "no PostgreSQL server could start: the tests that need one are skipped"
fi
swift build --package-path "$here" --build-tests
# The gallery with the trait, for the tests that run it (--data postgresql://… --snapshot).
swift build --package-path "$here" --product reuse-gallery
REUSEKIT_GALLERY="$(swift build --package-path "$here" --show-bin-path)/reuse-gallery" \
  swift test --package-path "$here" --skip-build "$@"
