"""Writes the benchmark's rows: one section of N items titled "Item 1" ... "Item N".

    python3 make_rows.py N OUT.json

The schema is the one `reuse-gallery --data FILE.json` reads (at most 1,000,000 items); the
Textual and urwid peers read the same file. The file is written once and kept.
"""

import json
import os
import sys


def main() -> None:
    count, path = int(sys.argv[1]), sys.argv[2]
    if not 1 <= count <= 1_000_000:
        sys.exit("make_rows.py: N must be 1 to 1,000,000 (reuse-gallery's --data limit)")
    data = {
        "title": "Peers benchmark",
        "sections": [{"title": "All", "items": [f"Item {i}" for i in range(1, count + 1)]}],
    }
    temporary = path + ".tmp"
    with open(temporary, "w", encoding="utf-8") as file:
        json.dump(data, file, separators=(",", ":"))
    os.replace(temporary, path)


if __name__ == "__main__":
    main()
