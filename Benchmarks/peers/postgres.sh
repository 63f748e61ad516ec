#!/usr/bin/env bash
# The table page over a PostgreSQL server, measured as visidata.sh measures it over a SQLite
# file (ours alone: the same pane, keys and metrics, prefixed postgres_).
#
#   Benchmarks/peers/postgres.sh [ROW COUNTS...]           (default: 10000000)
#
# Starts a throwaway server on loopback (Integrations/PostgreSQL/server.sh, port 54330, in
# .data/postgres), loads .data/rows-N.csv (made as visidata.sh makes it) into the database
# `rows_N` as the table `items` (its 20 columns and an `id bigserial PRIMARY KEY` appended,
# as a server's table has a key; a 4-row `plans` beside it), builds the release gallery with
# the `PostgreSQL` trait (in .build-pg) and runs measure_visidata.py --only postgres on it,
# PEERS_REPS times (3). Writes Benchmarks/results/postgres.json (rows of metric, items, ours)
# and stops the server.
#   postgres_first_screen_ms  launch to "Item 1" shown, through the list of tables (Enter on
#                             `items` as soon as the list shows)
#   postgres_loaded_ms        to the exact count with no job running
#   postgres_rss_mb           VmRSS 300 ms after loaded
#   postgres_key_end_ms, postgres_key_pgdn_ms, postgres_sort_ms (by Name, no index: the
#                             server's sort into a temporary table of keys)
set -euo pipefail
cd "$(dirname "$0")"
peers="$PWD"
root="$(cd ../.. && pwd)"
counts=("$@")
[ ${#counts[@]} -gt 0 ] || counts=(10000000)
source ./common.sh
peer_venv "pyte, visidata"
(cd "$root" && swift build -c release --traits PostgreSQL --build-path .build-pg \
  --product reuse-gallery >/dev/null)
binary="$root/.build-pg/release/reuse-gallery"
server="$root/Integrations/PostgreSQL/server.sh"
mkdir -p .data
cluster="$peers/.data/postgres"
url="$("$server" start "$cluster" 54330)"
trap '"$server" stop "$cluster"' EXIT
for n in "${counts[@]}"; do
  [ -f ".data/rows-$n.csv" ] || .venv/bin/python make_csv.py "$n" ".data/rows-$n.csv"
  db="rows_$n"
  address="${url/\/reusekit\?/\/$db?}"
  if ! psql -h 127.0.0.1 -p 54330 -U reusekit -d reusekit -Atqc \
    "SELECT 1 FROM pg_database WHERE datname = '$db'" | grep -q 1; then
    echo "loading rows-$n.csv into $db…"
    psql -q -h 127.0.0.1 -p 54330 -U reusekit -d reusekit -c "CREATE DATABASE $db"
    columns='"Row" text, "Name" text, "City" text, "Joined" text, "Status" text, "Plan" text,
      "Amount" real, "Quantity" integer, "Rating" real, "Share" integer, "Name 2" text,
      "City 2" text, "Joined 2" text, "Status 2" text, "Plan 2" text, "Amount 2" real,
      "Quantity 2" integer, "Rating 2" real, "Share 2" integer, "Name 3" text'
    psql -q -h 127.0.0.1 -p 54330 -U reusekit -d "$db" -v ON_ERROR_STOP=1 <<SQL
CREATE TABLE items ($columns);
\copy items FROM '$peers/.data/rows-$n.csv' WITH (FORMAT csv, HEADER true)
ALTER TABLE items ADD COLUMN id bigserial PRIMARY KEY;
CREATE TABLE plans ("Plan" text PRIMARY KEY, "Seats" integer);
INSERT INTO plans VALUES ('Free', 1), ('Pro', 1), ('Team', 10), ('Enterprise', 100);
ANALYZE;
SQL
  fi
  .venv/bin/python measure_visidata.py \
    --ours "$binary" --vd "$peers/.venv/bin/vd" --data-dir "$peers/.data" \
    --out "$root/Benchmarks/results/postgres.json" --only postgres --postgres "$address" \
    --apps ours --reps "${PEERS_REPS:-3}" --presses "${PEERS_PRESSES:-5}" \
    --timeout "${PEERS_TIMEOUT:-300}" "$n"
done
