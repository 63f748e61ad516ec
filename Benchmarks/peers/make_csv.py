"""Writes the table benchmark's CSV: a header and N rows of 20 columns (the row's name, "Item
N", then names, places, dates, statuses and numbers), the same values for the same N, for the
gallery's table page and Textual's DataTable alike (measure.py finds rows by "Item N").

    python3 make_csv.py N OUT.csv

The file is written once and kept (it is rewritten only when missing).
"""

import os
import sys

KINDS = ["Row", "Name", "City", "Joined", "Status", "Plan", "Amount", "Quantity", "Rating", "Share"]
ADJECTIVES = ["Amber", "Brisk", "Cobalt", "Dusky", "Eager", "Frosty", "Gilded", "Hollow", "Ivory",
              "Jolly", "Kindly", "Lunar", "Misty", "Nimble", "Opal", "Pale", "Quiet", "Rusty",
              "Silver", "Tidal", "Umber", "Velvet", "Wild", "Young"]
NOUNS = ["Falcon", "Harbor", "Meadow", "Lantern", "Cedar", "River", "Comet", "Orchard", "Canyon",
         "Willow", "Ember", "Glacier", "Heron", "Island", "Juniper", "Kestrel", "Lagoon", "Marble",
         "Nectar", "Otter", "Pebble", "Quarry", "Summit", "Thistle"]
CITIES = ["Lisbon", "Osaka", "Nairobi", "Quito", "Tallinn", "Hobart", "Recife", "Bergen", "Hanoi",
          "Tucson", "Lyon", "Daegu", "Perth", "Split", "Cusco", "Izmir", "Malmö", "Goa", "Dakar",
          "Halifax"]
STATUSES = ["Active", "Paused", "Trial", "Closed"]
PLANS = ["Free", "Pro", "Team", "Enterprise"]


def value(row: int, column: int) -> str:
    kind = column if column < len(KINDS) else 1 + (column - 1) % (len(KINDS) - 1)
    draw = (row * 2654435761 + column * 40503) % 4294967291
    if kind == 0:
        return f"Item {row + 1}"
    if kind == 1:
        return f"{ADJECTIVES[draw % 24]} {NOUNS[(draw // 24) % 24]}"
    if kind == 2:
        return CITIES[draw % len(CITIES)]
    if kind == 3:
        day = draw % 3650
        return f"{2015 + day // 365}-{1 + (day % 365) // 31:02d}-{1 + (day % 365) % 28:02d}"
    if kind == 4:
        return STATUSES[draw % 4]
    if kind == 5:
        return PLANS[draw % 4]
    if kind == 6:
        return f"{(draw % 1000000) / 100:.2f}"
    if kind == 7:
        return str(draw % 1000)
    if kind == 8:
        return f"{(draw % 41 + 10) / 10:.1f}"
    return str(draw % 101)


def main() -> None:
    count, path = int(sys.argv[1]), sys.argv[2]
    columns = 20
    if os.path.exists(path):
        return
    titles = [KINDS[c] if c < len(KINDS) else f"{KINDS[1 + (c - 1) % 9]} {1 + (c - 1) // 9}"
              for c in range(columns)]
    temporary = path + ".tmp"
    with open(temporary, "w", encoding="utf-8", newline="") as file:
        file.write(",".join(titles) + "\n")
        for row in range(count):
            file.write(",".join(value(row, c) for c in range(columns)) + "\n")
    os.replace(temporary, path)


if __name__ == "__main__":
    main()
