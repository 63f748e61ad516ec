#!/usr/bin/python3
"""Reads the GTK gallery over AT-SPI, as a screen reader does, through a seeded session.

Run inside a D-Bus session and an X display (`dbus-run-session -- xvfb-run -a ...`), with
Debian's python3 (it has gi and pyatspi):

    session.py --binary PATH/reuse-gallery-gtk [--seed N] [--steps N] [--page list|datasource]

It starts the accessibility bus, the gallery (GTK_A11Y=atspi), then runs seeded steps (wheel
notches, arrow and page keys, End and Home, Enter, AT-SPI's own "activate" action on a row, and
on the data-source page edits) and after every step checks every row on screen against the
gallery's model, which the gallery writes to its status file from its data (not from the
widgets):

- its name is the item's title, its description "k of N" (k its place among all items);
- exactly the focused item has the FOCUSED state, and the selected one SELECTED;
- a focus move sends object:state-changed:focused for the new row.

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
        env = dict(os.environ, GTK_A11Y="atspi", GSK_RENDERER="cairo", GDK_BACKEND="x11")
        # The accessibility bus (the registry comes with it); harmless when already running.
        self.bus = subprocess.Popen(
            ["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(0.5)
        self.process = subprocess.Popen(
            [binary, "--demo", page, "--items", str(items), "--size", "960x720",
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
        """The items on screen from the data: [(flat, title, selected, focused)], the item
        count, the focused title (the status line's first part)."""
        status = self.status()
        match = re.search(r"items=\[total:(\d+)\|?(.*)\]\s*$", status.strip())
        if not match:
            raise SystemExit(f"no items in the status: {status}")
        total = int(match.group(1))
        entries = []
        for entry in match.group(2).split("|") if match.group(2) else []:
            flat, _, title = entry.partition(":")
            entries.append((int(flat.rstrip("sf")), title, "s" in flat, "f" in flat))
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
            if role in ("list", "grid", "tab list", "tree"):
                hosts.append(node)
            if role in ("list item", "grid cell", "tab", "tree item"):
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
            states = item.getState()
            result.append((
                extents.y, item.name, item.description,
                states.contains(pyatspi.STATE_FOCUSED), states.contains(pyatspi.STATE_SELECTED),
                item))
        result.sort(key=lambda row: row[0])
        return result

    def check(self, label):
        entries, total, focused = self.model()
        rows = self.rows()
        problems = []
        if len(rows) != len(entries):
            problems.append(f"{len(rows)} rows read, {len(entries)} items on screen")
        for (y, name, description, is_focused, is_selected, _), (flat, title, selected, focus) in zip(
                rows, entries):
            expected = f"{grouped(flat + 1)} of {grouped(total)}"
            if name != title:
                problems.append(f"row at y={y}: name {name!r}, the item is {title!r}")
            if not description.endswith(expected):
                problems.append(f"row {title!r}: description {description!r}, expected {expected!r}")
            if is_focused != focus:
                problems.append(f"row {title!r}: focused={is_focused}, the focus is {focused!r}")
            if is_selected != selected:
                problems.append(f"row {title!r}: selected={is_selected}, the item {'is' if selected else 'is not'}")
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
    try:
        xdotool("mousemove", "400", "400")
        failures += session.check(f"seed {options.seed}, start")
        keys = ["Down", "Down", "Up", "Page_Down", "Page_Up", "End", "Home"]
        for step in range(options.steps):
            label = f"seed {options.seed}, step {step}"
            choice = random.random()
            before_focus = session.model()[2]
            session.focus_events.clear()
            if choice < 0.25:
                notches = random.randint(1, 12)
                for _ in range(notches):
                    xdotool("click", random.choice(["4", "5"]))
                label += f" ({notches} notches)"
            elif choice < 0.7:
                key = random.choice(keys)
                xdotool("key", key)
                label += f" ({key})"
            elif choice < 0.8:
                xdotool("key", "Return")
                label += " (Return)"
            elif choice < 0.9 and options.page == "datasource":
                key = random.choice(["a", "d"])
                xdotool("key", key)
                label += f" ({key})"
            else:
                # AT-SPI's own action: activate a row on screen, as a screen reader would.
                rows = session.rows()
                if rows:
                    row = random.choice(rows)
                    action = row[5].queryAction()
                    names = [action.getName(index) for index in range(action.nActions)]
                    if "row.activate" not in names:
                        failures.append(f"{label}: row {row[1]!r} offers {names}")
                    else:
                        action.doAction(names.index("row.activate"))
                        actions_checked += 1
                        label += f" (activate {row[1]!r})"
            session.settle()
            entries, total, focused = session.model()
            if focused != before_focus and focused in [entry[1] for entry in entries]:
                session.pump(0.3)
                if focused in session.focus_events:
                    focus_checked += 1
                else:
                    failures.append(
                        f"{label}: no focus event for {focused!r} (heard {session.focus_events})")
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
          f"{focus_checked} focus events heard, {actions_checked} activate actions performed")


if __name__ == "__main__":
    main()
