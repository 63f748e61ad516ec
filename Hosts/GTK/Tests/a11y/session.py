#!/usr/bin/python3
"""Reads the GTK gallery over AT-SPI, as a screen reader does, through a seeded session.

Run inside a D-Bus session and an X display (`dbus-run-session -- xvfb-run -a ...`), with
Debian's python3 (it has gi and pyatspi):

    session.py --binary PATH/reuse-gallery-gtk [--seed N] [--steps N]
               [--page list|datasource|outline|table]

It starts the accessibility bus, the gallery (GTK_A11Y=atspi), then runs seeded steps (wheel
notches, arrow and page keys, End and Home, Enter, AT-SPI's own "activate" action on a row; on
the data-source page edits, moves and shuffles; on the outline page → ← and AT-SPI's
"row.expand" and "row.collapse" actions) and after every step checks every row on screen
against the gallery's model, which the gallery writes to its status file from its data (not
from the widgets):

- its name is the item's title, its description "k of N" (k its place among all items), or in
  the outline "level L, k of N" (its place among its siblings, from the place's path), or in
  the table "row R of N, column C of M" (a grid cell: rows are sections, columns items);
- exactly the focused item has the FOCUSED state, the selected ones SELECTED, the expanded
  rows EXPANDED;
- a focus move sends object:state-changed:focused for the new row;
- an action performed through AT-SPI changed the model: "row.activate" selected the row (or
  deselected it: the pages select many; in the table it selects the cell), "row.expand" and
  "row.collapse" expanded and collapsed it.

The status line is on the bus once, as one object with the status role.

A recycled widget that kept its previous item's name, description or state fails the check.
Prints one line per failure with the seed and step, and "ok: …" at the end; exits 1 on failure.
"""

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import GLib  # noqa: E402
import pyatspi  # noqa: E402


def grouped(number):
    return f"{number:,}"


class Session:
    def __init__(self, binary, page, items):
        self.status_path = tempfile.mktemp(prefix="reuse-a11y-status-")
        # The table's columns (its cells' flat indices are row × columns + column); 0 elsewhere.
        self.columns = 50 if page == "table" else 0
        env = dict(os.environ, GTK_A11Y="atspi", GSK_RENDERER="cairo", GDK_BACKEND="x11")
        # The accessibility bus (the registry comes with it); harmless when already running.
        self.bus = subprocess.Popen(
            ["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(0.5)
        self.process = subprocess.Popen(
            [binary, "--demo", page,
             "--items", str(items if page not in ("outline", "table") else 10_000),
             "--size", "960x720",
             "--no-autoscroll", "--status-file", self.status_path],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.process.stdout.readline()
        if "first frame" not in line:
            raise SystemExit(f"no first frame: {line!r}")
        self.focus_events = []
        pyatspi.Registry.registerEventListener(self.on_focus, "object:state-changed:focused")
        self.app = self.find_app()
        self.settle()

    def on_focus(self, event):
        if event.detail1 == 1:
            try:
                self.focus_events.append(event.source.name)
            except Exception:
                pass

    def pump(self, seconds=0.0):
        end = time.time() + seconds
        context = GLib.MainContext.default()
        while True:
            while context.iteration(False):
                pass
            if time.time() >= end:
                return
            time.sleep(0.01)

    def find_app(self):
        deadline = time.time() + 15
        while time.time() < deadline:
            desktop = pyatspi.Registry.getDesktop(0)
            for index in range(desktop.childCount):
                app = desktop.getChildAtIndex(index)
                if app is not None and app.name == "reuse-gallery-gtk":
                    return app
            time.sleep(0.2)
        raise SystemExit("the gallery never appeared on the accessibility bus")

    def close(self):
        self.process.terminate()
        self.process.wait()
        self.bus.terminate()
        try:
            os.remove(self.status_path)
        except OSError:
            pass

    # MARK: The gallery's own account of itself

    def status(self):
        try:
            with open(self.status_path, encoding="utf-8") as file:
                return file.read()
        except OSError:
            return ""

    def settle(self, timeout=5.0):
        deadline = time.time() + timeout
        time.sleep(0.08)
        while time.time() < deadline:
            self.pump(0.02)
            status = self.status()
            if "moving=false" in status:
                self.pump(0.15)
                if "moving=false" in self.status():
                    return
        raise SystemExit(f"the gallery did not settle: {self.status()}")

    def model(self):
        """The items on screen from the data: [(flat, title, selected, focused, expanded,
        place)] (expanded None for a row with nothing to expand; place the expected
        description's end), the item count, the focused title (the status line's first
        part)."""
        status = self.status()
        match = re.search(r"items=\[total:(\d+)\|?(.*)\]\s*$", status.strip())
        if not match:
            raise SystemExit(f"no items in the status: {status}")
        total = int(match.group(1))
        entries = []
        for entry in match.group(2).split("|") if match.group(2) else []:
            flat, _, title = entry.partition(":")
            title, _, place = title.partition("~")
            number = int(flat.rstrip("sfec"))
            expanded = True if "e" in flat else (False if "c" in flat else None)
            entries.append((number, title, "s" in flat, "f" in flat, expanded, place))
        if self.columns:
            # The table's status names the focused cell by its column: take its text instead.
            focused = next((entry[1] for entry in entries if entry[3]), None)
            return entries, total, focused
        focus = re.search(r" · (.*?) headers=", status)
        focused = focus.group(1).split(" · ")[0] if focus else None
        return entries, total, focused

    # MARK: What a screen reader reads

    def rows(self):
        """The row widgets on screen: [(y, name, description, states)], top to bottom."""
        hosts = []
        items = []

        def walk(node):
            try:
                role = node.getRoleName()
            except Exception:
                return
            if role in ("list", "grid", "tab list", "tree", "table"):
                hosts.append(node)
            if role in ("list item", "grid cell", "tab", "tree item", "table cell"):
                items.append(node)
            for index in range(node.childCount):
                child = node.getChildAtIndex(index)
                if child is not None:
                    walk(child)

        walk(self.app)
        if not hosts:
            raise SystemExit("no list on the accessibility bus")
        host = max(hosts, key=lambda h: h.queryComponent().getExtents(pyatspi.WINDOW_COORDS).height)
        box = host.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        result = []
        for item in items:
            extents = item.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            # On screen: inside the host's rectangle (widgets in the overscan are off it).
            if extents.y + extents.height <= box.y or extents.y >= box.y + box.height:
                continue
            if extents.x + extents.width <= box.x or extents.x >= box.x + box.width:
                continue
            states = item.getState()
            result.append((
                (extents.y, extents.x), item.name, item.description,
                states.contains(pyatspi.STATE_FOCUSED), states.contains(pyatspi.STATE_SELECTED),
                item, states.contains(pyatspi.STATE_EXPANDED)))
        result.sort(key=lambda row: row[0])
        return result

    def status_line_problems(self):
        """The status line is one object with the status role, and no label reads its text
        again (the line's label and its focusable box both said it: a new user's finding)."""
        found = []

        def walk(node):
            try:
                found.append((node.getRoleName(), node.name))
            except Exception:
                return
            for index in range(node.childCount):
                child = node.getChildAtIndex(index)
                if child is not None:
                    walk(child)

        walk(self.app)
        statuses = [name for role, name in found if role == "status bar" or role == "status"]
        if len(statuses) != 1:
            return [f"{len(statuses)} status lines on the bus"]
        again = [role for role, name in found
                 if name == statuses[0] and role not in ("status bar", "status")]
        return [f"the status line is said again by a {role}" for role in again]

    def check(self, label):
        entries, total, focused = self.model()
        rows = self.rows()
        problems = []
        if len(rows) != len(entries):
            problems.append(f"{len(rows)} rows read, {len(entries)} items on screen")
        for row, entry in zip(rows, entries):
            y, name, description, is_focused, is_selected, _, is_expanded = row
            flat, title, selected, focus, expanded, place = entry
            if self.columns:
                expected = (f"row {grouped(flat // self.columns + 1)} of "
                            f"{grouped(total // self.columns)}, column "
                            f"{flat % self.columns + 1} of {self.columns}")
            else:
                expected = place or f"{grouped(flat + 1)} of {grouped(total)}"
            if name != title:
                problems.append(f"row at y={y}: name {name!r}, the item is {title!r}")
            if not description.endswith(expected):
                problems.append(f"row {title!r}: description {description!r}, expected {expected!r}")
            if is_focused != focus:
                problems.append(f"row {title!r}: focused={is_focused}, the focus is {focused!r}")
            if is_selected != selected:
                problems.append(f"row {title!r}: selected={is_selected}, the item {'is' if selected else 'is not'}")
            if is_expanded != bool(expanded):
                problems.append(f"row {title!r}: expanded={is_expanded}, the item is {expanded}")
        return [f"{label}: {problem}" for problem in problems]


def xdotool(*arguments):
    subprocess.run(["xdotool", *arguments], check=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--steps", type=int, default=60)
    parser.add_argument("--page", default="list")
    parser.add_argument("--items", type=int, default=1_000_000)
    parser.add_argument("--verbose", action="store_true", help="print each step and the focus")
    options = parser.parse_args()
    random.seed(options.seed)
    session = Session(options.binary, options.page, options.items)
    failures = []
    focus_checked = 0
    actions_checked = 0
    performed = {}
    try:
        xdotool("mousemove", "400", "400")
        failures += session.check(f"seed {options.seed}, start")
        failures += [f"seed {options.seed}, start: {problem}"
                     for problem in session.status_line_problems()]
        keys = ["Down", "Down", "Up", "Page_Down", "Page_Up", "End", "Home"]
        if options.page == "outline":
            keys += ["Right", "Right", "Left", "space"]
        if options.page == "table":
            keys += ["Right", "Right", "Left", "space", "ctrl+End", "ctrl+Home"]
        edits = {"datasource": ["a", "d", "m", "s"]}.get(options.page, [])
        for step in range(options.steps):
            label = f"seed {options.seed}, step {step}"
            choice = random.random()
            before_focus = session.model()[2]
            session.focus_events.clear()
            expectation = None  # (flat index, what its entry must say after the step)
            opened = None  # the app a store activation must have opened
            if choice < 0.25:
                notches = random.randint(1, 12)
                for _ in range(notches):
                    xdotool("click", random.choice(["4", "5"]))
                label += f" ({notches} notches)"
            elif choice < 0.65:
                key = random.choice(keys)
                xdotool("key", key)
                label += f" ({key})"
            elif choice < 0.75:
                xdotool("key", "Return")
                label += " (Return)"
            elif choice < 0.85 and edits:
                key = random.choice(edits)
                xdotool("key", key)
                label += f" ({key})"
            else:
                # AT-SPI's own actions on a row on screen, as a screen reader performs them.
                rows = session.rows()
                entries = session.model()[0]
                if rows and len(rows) == len(entries):
                    index = random.randrange(len(rows))
                    row, entry = rows[index], entries[index]
                    action = row[5].queryAction()
                    names = [action.getName(n) for n in range(action.nActions)]
                    wanted = "row.activate"
                    if entry[4] is not None and random.random() < 0.6:
                        wanted = "row.collapse" if entry[4] else "row.expand"
                    if wanted not in names:
                        failures.append(f"{label}: row {row[1]!r} offers {names}, not {wanted}")
                    else:
                        action.doAction(names.index(wanted))
                        actions_checked += 1
                        performed[wanted] = performed.get(wanted, 0) + 1
                        label += f" ({wanted} {row[1]!r})"
                        if wanted == "row.activate":
                            # Every page selects many: a second activation deselects; the
                            # table's click selects the cell (Control would toggle), and the
                            # store's opens the app (named in the status as opened, and not
                            # left selected: a screen reader hears "opened", not "selected").
                            selects = options.page == "table" or (
                                options.page != "store" and not entry[2])
                            expectation = (entry[0], "selected", selects)
                            if options.page == "store":
                                opened = entry[1]
                        else:
                            expectation = (entry[0], "expanded", wanted == "row.expand")
            session.settle()
            entries, total, focused = session.model()
            if focused != before_focus and focused in [entry[1] for entry in entries]:
                session.pump(0.3)
                if focused in session.focus_events:
                    focus_checked += 1
                else:
                    failures.append(
                        f"{label}: no focus event for {focused!r} (heard {session.focus_events})")
            if opened is not None and f"opened {opened}" not in session.status():
                failures.append(f"{label}: the status does not say 'opened {opened}'")
            if expectation is not None:
                flat, field, value = expectation
                after = [entry for entry in entries if entry[0] == flat]
                got = after[0][2 if field == "selected" else 4] if after else "not on screen"
                # A row collapsed may stop saying it expands at all (a list row, open only
                # while its details show): closed either way.
                if field == "expanded" and value is False and got is None:
                    got = False
                if got != value:
                    failures.append(f"{label}: the model's item {flat}: {field}={got}, not {value}")
            failures += session.check(label)
            if options.verbose:
                print(f"{label}: focus {focused!r}", flush=True)
            if len(failures) > 8:
                break
    finally:
        session.close()
    for failure in failures[:20]:
        print(failure)
    if failures:
        sys.exit(1)
    print(f"ok: {options.steps} steps, every row on screen checked after each; "
          f"{focus_checked} focus events heard, {actions_checked} actions performed through AT-SPI "
          f"({', '.join(f'{count} {name}' for name, count in sorted(performed.items()))})")


if __name__ == "__main__":
    main()
