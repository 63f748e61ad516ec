#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server for the tests, on loopback only: Debian's `postgresql`
# (installed when missing), a new cluster in DIR (trust for the user `reusekit` over TCP from
# 127.0.0.1, nothing else listens), on PORT. Prints the address to use. `server.sh stop DIR`
# stops it. Runs the server as `postgres` when started as root (it refuses root).
#   server.sh start DIR [PORT]   →  postgresql://reusekit@127.0.0.1:PORT/reusekit?sslmode=disable
set -euo pipefail
action="${1:?start or stop}"
dir="${2:?a directory for the cluster}"
port="${3:-54329}"
bin=""
find_bin() {
  local found
  found="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)"
  bin="$found"
}
find_bin
if [ "$action" = stop ]; then
  [ -n "$bin" ] && [ -f "$dir/data/postmaster.pid" ] || exit 0
  as=()
  [ "$(id -u)" = 0 ] && as=(runuser -u postgres --)
  "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  exit 0
fi
if [ -z "$bin" ]; then
  echo "installing PostgreSQL (Debian's postgresql)…" >&2
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; } \
    >&2 || { echo "cannot install PostgreSQL" >&2; exit 1; }
  find_bin
  # Debian's package starts a cluster of its own: not needed here.
  service postgresql stop >/dev/null 2>&1 || true
fi
mkdir -p "$dir"
as=()
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --home "$dir" postgres
  chown -R postgres "$dir"
  as=(runuser -u postgres --)
fi
if [ ! -f "$dir/data/PG_VERSION" ]; then
  "${as[@]}" "$bin/initdb" -D "$dir/data" -U reusekit -A trust --no-sync -E UTF8 \
    --locale=C >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
fi
"${as[@]}" "$bin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1 \
  || "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off" start >/dev/null \
  || { cat "$dir/server.log" >&2; exit 1; }
"$bin/psql" -h 127.0.0.1 -p "$port" -U reusekit -d postgres -Atqc \
  "SELECT 1 FROM pg_database WHERE datname = 'reusekit'" | grep -q 1 \
  || "$bin/createdb" -h 127.0.0.1 -p "$port" -U reusekit reusekit
echo "postgresql://reusekit@127.0.0.1:$port/reusekit?sslmode=disable"
