"""Writes the VisiData benchmark's SQLite file: the rows of make_csv.py's N-row CSV (the same
values, the same column names) in one table, `items`, and a small second table, `plans`
(4 rows), so that a database's list of tables has a choice. Numbers are stored as numbers
(Amount and Rating REAL, Quantity and Share INTEGER), the rest as text; the rowid is the row's
number.

    python3 make_sqlite.py N OUT.sqlite

The file is written once and kept (it is rewritten only when missing).
"""

import os
import sqlite3
import sys

from make_csv import KINDS, PLANS, value

COLUMNS = 20
TYPES = {6: "REAL", 7: "INTEGER", 8: "REAL", 9: "INTEGER"}


def kind(column: int) -> int:
    return column if column < len(KINDS) else 1 + (column - 1) % (len(KINDS) - 1)


def title(column: int) -> str:
    if column < len(KINDS):
        return KINDS[column]
    return f"{KINDS[1 + (column - 1) % 9]} {1 + (column - 1) // 9}"


def main() -> None:
    count, path = int(sys.argv[1]), sys.argv[2]
    if os.path.exists(path):
        return
    temporary = path + ".tmp"
    if os.path.exists(temporary):
        os.remove(temporary)
    database = sqlite3.connect(temporary)
    database.execute("PRAGMA journal_mode = OFF")
    database.execute("PRAGMA synchronous = OFF")
    columns = ", ".join(f'"{title(c)}" {TYPES.get(kind(c), "TEXT")}' for c in range(COLUMNS))
    database.execute(f"CREATE TABLE items ({columns})")
    convert = [float if TYPES.get(kind(c)) == "REAL" else int if kind(c) in TYPES else str
               for c in range(COLUMNS)]
    insert = f"INSERT INTO items VALUES ({', '.join('?' * COLUMNS)})"

    def rows(start: int, stop: int):
        for row in range(start, stop):
            yield tuple(convert[c](value(row, c)) for c in range(COLUMNS))

    for start in range(0, count, 100_000):
        database.executemany(insert, rows(start, min(count, start + 100_000)))
    database.execute("CREATE TABLE plans (Plan TEXT, Seats INTEGER)")
    database.executemany("INSERT INTO plans VALUES (?, ?)",
                         [(plan, seats) for plan, seats in zip(PLANS, (1, 5, 50, 500))])
    database.commit()
    database.close()
    os.replace(temporary, path)


if __name__ == "__main__":
    main()
