"""The Textual peer of the table page: one DataTable holding every row of a CSV file (its first
row titles the columns).

    python textual_table.py ROWS.csv

The table has the focus when the app starts, with its cell cursor on the first cell; the
DataTable's own bindings move it (Down, PageDown, Ctrl+Home, Ctrl+End). q quits.
"""

import csv
import sys

from textual.app import App, ComposeResult
from textual.widgets import DataTable


class TableApp(App[None]):
    BINDINGS = [("q", "quit", "Quit")]
    CSS = "DataTable { height: 1fr; }"

    def __init__(self, path: str) -> None:
        super().__init__()
        self.path = path

    def compose(self) -> ComposeResult:
        yield DataTable()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        with open(self.path, newline="", encoding="utf-8") as file:
            rows = csv.reader(file)
            table.add_columns(*next(rows))
            table.add_rows(rows)
        table.focus()


if __name__ == "__main__":
    TableApp(sys.argv[1]).run()
