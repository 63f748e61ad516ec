"""The Textual peer: one OptionList holding every row of a --data JSON file.

    python textual_list.py ROWS.json

The list has the focus when the app starts, and its highlighted option is the first one; the
OptionList's own bindings move it (Down, PageDown, Home, End). q quits (Textual's ctrl+q too).
Options are added as plain strings (markup=False: the titles are data, not markup).
"""

import json
import sys

from textual.app import App, ComposeResult
from textual.widgets import OptionList


def load_titles(path: str) -> list[str]:
    with open(path, encoding="utf-8") as file:
        data = json.load(file)
    return [
        item if isinstance(item, str) else item["title"]
        for section in data["sections"]
        for item in section["items"]
    ]


class ListApp(App[None]):
    BINDINGS = [("q", "quit", "Quit")]
    CSS = "OptionList { height: 1fr; }"

    def __init__(self, titles: list[str]) -> None:
        super().__init__()
        self.titles = titles

    def compose(self) -> ComposeResult:
        yield OptionList(*self.titles, markup=False)


if __name__ == "__main__":
    ListApp(load_titles(sys.argv[1])).run()
