#!/usr/bin/python3
"""What Orca says of the GTK gallery, key by key, against what it must say.

Runs the gallery on a page under Xvfb with Orca (Debian's, 43) in this D-Bus session, presses
keys with xdotool, and reads what Orca spoke from its debug log ("SPEECH OUTPUT: '...'"), with
no sound device: speech-dispatcher hangs Orca without one, so a stub `speechd` module that
cannot be imported keeps Orca from trying, and Orca logs what it would say. Orca's echo of
the key itself ("page down ", "space ", with a trailing space) is left out.

  session.py --binary reuse-gallery-gtk            # every page, each in a D-Bus session
  dbus-run-session -- session.py --binary B --page list --print        # a transcript only
  dbus-run-session -- session.py --stock                                # a stock GtkListView
  dbus-run-session -- session.py --command "listview --items 1000000" \\
      --window "GtkListView" --keys Down Down --print                  # any GTK program

Each page prints "ok: N steps" when every key was spoken as expected; otherwise each key's
expected and heard utterances, and it exits 1. Without Orca it says so and exits 0.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time


def to_list_row(key, title, number):
    """A key that moves the list page's focus to a row, and what is heard: the row's title, then
    its place among the million."""
    return (key, [f"{title}.", f"{number} of 1,000,000."])


# What a listener hears after each key, on each page (the gallery's demo data at 960 x 720).
EXPECTED = {
    "list": [
        to_list_row("Down", "Brisk Falcon", "2"),
        to_list_row("Down", "Cobalt Falcon", "3"),
        to_list_row("Down", "Dusky Falcon", "4"),
        to_list_row("End", "Pale Meadow", "1,000,000"),
        to_list_row("Up", "Opal Meadow", "999,999"),
        to_list_row("Home", "Amber Falcon", "1"),
        to_list_row("Page_Down", "Nimble Falcon", "14"),
        ("space", ["selected, 14 of 1,000,000"]),
        # Tab goes to the tag strip below the list, Shift-Tab back to the list's row.
        ("Tab", ["Tags, 33 items.", "list.", "red.", "1 of 33."]),
        ("shift+Tab", [
            "List, 1,000,000 items.", "list.", "Nimble Falcon.", "selected, 14 of 1,000,000."]),
    ],
    "outline": [
        ("Right", ["expanded"]),
        ("Down", ["Lunar Nectar Republic.", "collapsed.", "5 cities, level 2, 1 of 6."]),
        ("Left", ["Northlands.", "expanded.", "6 countries, level 1, 1 of 8."]),
    ],
    "table": [
        ("Down", ["2.", "#, row 2 of 1,000,000, column 1 of 50."]),
        ("Right", ["Rusty Glacier.", "Name, row 2 of 1,000,000, column 2 of 50."]),
        ("End", ["Trial.", "Status 6, row 2 of 1,000,000, column 50 of 50."]),
        ("Home", ["2.", "#, row 2 of 1,000,000, column 1 of 50."]),
        ("Up", ["1.", "#, row 1 of 1,000,000, column 1 of 50."]),
    ],
    "board": [
        ("Down", ["#2 Brisk Falcon.", "backlog, 2 of 12,000."]),
        ("Right", ["Doing, 6,000 items.", "list.", "#12,002 Brisk Pebble.", "backlog, 2 of 6,000."]),
        ("Down", ["#12,003 Cobalt Pebble.", "curated, 3 of 6,000."]),
        ("space", ["curated, selected, 3 of 6,000"]),
        ("Left", ["To do, 12,000 items.", "list.", "#2 Brisk Falcon.", "backlog, 2 of 12,000."]),
    ],
    "store": [
        ("Down", ["Pale Nectar.", "3.4 stars, Top free, 3 of 500."]),
        ("Right", ["Brisk Summit.", "3.4 stars, Top free, 4 of 500."]),
        ("Return", ["opened Brisk Summit, 3.4 stars, Top free, 4 of 500"]),
    ],
    # A page shown by a key takes the keys once the tab list has said its selection: the
    # carousel's arrows, said on the view, were not heard after a digit (Orca stayed on the
    # tab).
    "carousel": [
        ("1", ["List, page 1 page tab.", "List, page 1 panel.", "List, 1,000,000 items.", "list.",
               "Amber Falcon.", "1 of 1,000,000."]),
        ("6", ["Carousel, page 6 page tab.", "Carousel, page 6 panel.", "Cards, 12 items panel.",
               "Cobalt Falcon, card 1 of 12."]),
        ("Right", ["Nimble Falcon, card 2 of 12"]),
    ],
    # Enter opens a row, which "Recently opened" takes in above it: the row moves down a place,
    # and "opened" stays in front of its new place; Enter again says it again.
    "settings": [
        ("Down", [f"{name}.", f"{value}, {place} of 1,000,006."])
        for place, (name, value) in enumerate(
            [("Bluetooth", "off"), ("Airplane mode", "off"), ("Banners", "on"), ("Sounds", "on"),
             ("Show advanced", "off"), ("Amber Falcon", "#1, new")], start=2)
    ] + [
        # Said once, at the row's new place (the words wait for the row that takes the focus
        # back: they were said at its old place first, then again at the new).
        ("Return", ["opened Amber Falcon, #1, 8 of 1,000,007"]),
        ("Return", ["opened Amber Falcon, #1, 8 of 1,000,007"]),
    ],
}

PAUSE = 1.5  # seconds between keys: every page settles well within it
# On a loaded machine Orca may speak later than PAUSE: a key whose speech has not come waits
# for it up to SETTLE seconds (CI once heard the list page's Home with the Page_Down after it).
SETTLE = 6.0


def orca_available():
    return shutil.which("orca") is not None and shutil.which("Xvfb") is not None


class Session:
    """Xvfb, the AT-SPI bus, Orca with its debug log, and one program, in a folder of its own."""

    def __init__(self, command, window):
        self.work = tempfile.mkdtemp(prefix="reuse-orca-")
        self.command = command
        self.window = window
        self.processes = []
        self.keys = []  # (time, key) as pressed

    def start(self):
        env = os.environ.copy()
        env["HOME"] = os.path.join(self.work, "home")
        env["XDG_RUNTIME_DIR"] = os.path.join(self.work, "runtime")
        os.makedirs(env["HOME"])
        os.makedirs(env["XDG_RUNTIME_DIR"], mode=0o700)
        # A display no other server holds (a lock file left by one that died counts as held).
        display = next(n for n in range(90, 400) if not os.path.exists(f"/tmp/.X{n}-lock"))
        self.processes.append(subprocess.Popen(
            ["Xvfb", f":{display}", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        deadline = time.time() + 10
        while not os.path.exists(f"/tmp/.X11-unix/X{display}") and time.time() < deadline:
            time.sleep(0.1)
        env["DISPLAY"] = f":{display}"
        env["GTK_A11Y"] = "atspi"
        env["NO_AT_BRIDGE"] = "0"
        env["GSK_RENDERER"] = "cairo"
        self.env = env
        self.spawn(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"])
        time.sleep(1)
        subprocess.run(
            ["gsettings", "set", "org.gnome.desktop.a11y.applications", "screen-reader-enabled",
             "true"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # Orca, its debug log written line by line (Debian's opens it block-buffered), and a
        # speechd module that does not import.
        orca = os.path.join(self.work, "orca")
        with open("/usr/bin/orca") as source, open(orca, "w") as copy:
            copy.write(source.read().replace(
                "open(args.debug_file, 'w')", "open(args.debug_file, 'w', buffering=1)"))
        stub = os.path.join(self.work, "nospeechd")
        os.makedirs(stub)
        with open(os.path.join(stub, "speechd.py"), "w") as module:
            module.write('raise ImportError("no speech server: Orca logs what it would say")\n')
        orca_env = dict(env, PYTHONPATH=stub)
        self.log = os.path.join(self.work, "orca.log")
        self.spawn(["/usr/bin/python3", orca, "--replace", "-u", os.path.join(self.work, "prefs"),
                    "--debug-file=" + self.log], orca_env)
        time.sleep(4)
        # Orca says its greeting once it is up: the program starts after it (10 s at most).
        deadline = time.time() + 10
        while time.time() < deadline and "Screen reader on" not in open(
                self.log, encoding="utf-8", errors="replace").read():
            time.sleep(0.2)
        self.spawn(["bash", "-c", self.command], log="program.log")
        window = None
        deadline = time.time() + 40
        while window is None and time.time() < deadline:
            time.sleep(0.5)
            found = subprocess.run(
                ["xdotool", "search", "--onlyvisible", "--name", self.window], env=env,
                capture_output=True, text=True).stdout.split()
            window = found[0] if found else None
        if window is None:
            said = open(os.path.join(self.work, "program.log")).read()[-2000:]
            raise SystemExit(f"no window named {self.window!r} appeared: {self.command}\n{said}")
        subprocess.run(["xdotool", "windowfocus", "--sync", window], env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # Keys wait until Orca follows the focus into the window (a key before that changes an
        # object Orca is not reading yet, which it does not speak).
        # When the program focused its row before Orca listened, Tab and Shift-Tab move the
        # focus out and back in for Orca to see it (before the keys that are checked).
        if not self.follows_focus(timeout=5):
            subprocess.run(["xdotool", "key", "Tab"], env=env)
            time.sleep(1)
            subprocess.run(["xdotool", "key", "shift+Tab"], env=env)
            self.follows_focus(timeout=5)
        time.sleep(1)

    def follows_focus(self, timeout):
        """Whether Orca's locus of focus is an object inside the window, within `timeout` s."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            time.sleep(0.25)
            log = open(self.log, encoding="utf-8", errors="replace").read()
            loci = re.findall(r"locusOfFocus: (\[[^]]*\]|None)", log)
            if loci and not re.match(r"\[(frame|application)|None", loci[-1]):
                return True
        return False

    def spawn(self, command, env=None, log=None):
        output = open(os.path.join(self.work, log), "w") if log else subprocess.DEVNULL
        self.processes.append(subprocess.Popen(
            command, env=env or self.env, stdout=output, stderr=output))

    def press(self, key):
        stamp = time.strftime("%H:%M:%S") + f".{int(time.time() % 1 * 1e6):06d}"
        self.keys.append((stamp, key))
        subprocess.run(["xdotool", "key", key], env=self.env)
        time.sleep(PAUSE)
        # Late speech: wait for a first utterance after the key, then for Orca to go quiet.
        deadline = time.time() + SETTLE
        heard = self.spoken_since(stamp)
        while time.time() < deadline and heard == 0:
            time.sleep(0.25)
            heard = self.spoken_since(stamp)
        while time.time() < deadline:
            time.sleep(0.5)
            now = self.spoken_since(stamp)
            if now == heard:
                break
            heard = now

    def spoken_since(self, stamp):
        """How many utterances Orca's log holds from `stamp` on (key echoes left out)."""
        text = open(self.log, encoding="utf-8", errors="replace").read()
        speech = re.findall(r"^(\d\d:\d\d:\d\d\.\d+) - SPEECH OUTPUT: '(.*?)'", text, re.M)
        return sum(1 for t, s in speech if t >= stamp and not s.endswith(" "))

    def stop(self):
        for process in reversed(self.processes):
            process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
        if not os.environ.get("REUSE_ORCA_KEEP"):
            shutil.rmtree(self.work, ignore_errors=True)
        else:
            print("kept", self.work)

    def transcript(self):
        """What Orca said after each key: [(key, [utterances])], key echoes left out."""
        text = open(self.log, encoding="utf-8", errors="replace").read()
        speech = re.findall(r"^(\d\d:\d\d:\d\d\.\d+) - SPEECH OUTPUT: '(.*?)'", text, re.M)
        result = []
        for index, (start, key) in enumerate(self.keys):
            end = self.keys[index + 1][0] if index + 1 < len(self.keys) else "99"
            # Orca's own greeting is not the program's: on a loaded machine it comes late,
            # after the first key (CI heard it with Up on the table page).
            said = [s for t, s in speech
                    if start <= t < end and not s.endswith(" ") and s != "Screen reader on."]
            result.append((key, said))
        return result


def run(command, window, keys):
    session = Session(command, window)
    try:
        session.start()
        for key in keys:
            session.press(key)
        time.sleep(0.5)
        return session.transcript()
    finally:
        session.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", help="reuse-gallery-gtk")
    parser.add_argument("--page", action="append", help="a page (every page by default)")
    parser.add_argument("--command", help="another program to listen to (with --window, --keys)")
    parser.add_argument("--window", default="ReuseKit gallery", help="its window's title")
    parser.add_argument("--keys", nargs="*", default=[], help="xdotool key names")
    parser.add_argument("--print", action="store_true", help="print the transcript only")
    parser.add_argument(
        "--stock", action="store_true",
        help="print what Orca says of a stock GtkListView (stocklist.c) for the list page's keys")
    options = parser.parse_args()
    if not orca_available():
        print("Orca session skipped: Orca or Xvfb is not installed (Hosts/GTK/setup.sh installs them)")
        return 0
    if options.stock:
        build = tempfile.mkdtemp(prefix="reuse-stocklist-")
        binary = os.path.join(build, "stocklist")
        flags = subprocess.run(["pkg-config", "--cflags", "--libs", "gtk4"], capture_output=True,
                               text=True, check=True).stdout.split()
        source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "stocklist.c")
        subprocess.run(["gcc", "-O2", source, "-o", binary] + flags, check=True)
        options.command = binary
        options.window = "Stock GtkListView"
        options.keys = [key for key, _ in EXPECTED["list"]]
    if options.command:
        for key, said in run(options.command, options.window, options.keys):
            print(f"{key:12} {' / '.join(said)}")
        return 0
    pages = options.page or list(EXPECTED)
    if len(pages) > 1:
        # Each page in a D-Bus session of its own: Orca and the AT-SPI bus start afresh.
        failed = False
        for page in pages:
            arguments = [sys.executable, os.path.abspath(__file__), "--binary", options.binary,
                         "--page", page] + (["--print"] if options.print else [])
            failed |= subprocess.run(["dbus-run-session", "--"] + arguments).returncode != 0
        return 1 if failed else 0
    failed = False
    for page in pages:
        expected = EXPECTED[page]
        command = (f"{options.binary} --demo {page} --items 1000000 --no-autoscroll "
                   f"--size 960x720")
        heard = run(command, options.window, [key for key, _ in expected])
        if options.print:
            print(f"== {page}")
            for key, said in heard:
                print(f"{key:12} {' / '.join(said)}")
            continue
        wrong = [(key, want, got) for (key, want), (_, got) in zip(expected, heard) if want != got]
        if wrong:
            failed = True
            print(f"Orca session, page {page}: {len(wrong)} of {len(expected)} keys not spoken as expected")
            for key, want, got in wrong:
                print(f"  {key}: expected {want}\n  {' ' * len(key)}  heard    {got}")
        else:
            print(f"Orca session, page {page}")
            print(f"ok: {len(expected)} steps, each key spoken once as expected")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
