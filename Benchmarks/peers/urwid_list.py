"""The urwid peer: a ListBox of selectable rows over a --data JSON file's titles.

    python urwid_list.py ROWS.json [--walker lazy|simple]

`lazy` (the default) is a ListWalker subclass that makes a row's widget when the ListBox asks
for its position, urwid's documented way to show a large or generated list: the ListBox only
asks for the rows it draws, so startup and memory do not grow with widgets for every row.
`simple` builds every row's widget up front in a SimpleFocusListWalker, for comparison.
Each row is an AttrMap with a focus attribute: the focused row is drawn in reverse colours.
The ListBox's own keys move the focus (down, page down, home, end). q quits.
"""

import json
import sys

import urwid

PALETTE = [
    ("header", "white,bold", "dark blue"),
    ("row", "light gray", "default"),
    ("focus", "black", "light cyan"),
]


class Row(urwid.Text):
    """A line of text that can take the focus."""

    _selectable = True

    def keypress(self, size, key):
        return key


def make_row(title: str) -> urwid.AttrMap:
    return urwid.AttrMap(Row(title, wrap="clip"), "row", "focus")


class LazyRowWalker(urwid.ListWalker):
    """Positions are indices into the titles; widgets are made on demand and a few are kept."""

    def __init__(self, titles: list[str]) -> None:
        self.titles = titles
        self.focus = 0
        self._widgets: dict[int, urwid.AttrMap] = {}

    def __getitem__(self, position: int) -> urwid.AttrMap:
        if not 0 <= position < len(self.titles):
            raise IndexError(position)
        widget = self._widgets.get(position)
        if widget is None:
            if len(self._widgets) >= 512:
                self._widgets.clear()
            widget = self._widgets[position] = make_row(self.titles[position])
        return widget

    def set_focus(self, position: int) -> None:
        if not 0 <= position < len(self.titles):
            raise IndexError(position)
        self.focus = position
        self._modified()

    def next_position(self, position: int) -> int:
        if position + 1 >= len(self.titles):
            raise IndexError(position)
        return position + 1

    def prev_position(self, position: int) -> int:
        if position <= 0:
            raise IndexError(position)
        return position - 1

    def positions(self, *, reverse: bool = False):
        count = len(self.titles)
        return range(count - 1, -1, -1) if reverse else range(count)


def main() -> None:
    with open(sys.argv[1], encoding="utf-8") as file:
        data = json.load(file)
    titles = [
        item if isinstance(item, str) else item["title"]
        for section in data["sections"]
        for item in section["items"]
    ]
    simple = "--walker" in sys.argv and sys.argv[sys.argv.index("--walker") + 1] == "simple"
    walker = (
        urwid.SimpleFocusListWalker([make_row(title) for title in titles])
        if simple
        else LazyRowWalker(titles)
    )
    header = urwid.AttrMap(urwid.Text(f" {data.get('title', '')} ({len(titles):,} rows)"), "header")
    frame = urwid.Frame(urwid.ListBox(walker), header=header)

    def unhandled(key):
        if key in ("q", "Q"):
            raise urwid.ExitMainLoop()

    urwid.MainLoop(frame, PALETTE, unhandled_input=unhandled).run()


if __name__ == "__main__":
    main()
