"""Times reuse-gallery's table page against VisiData on the same CSV file and the same SQLite
table, job by job, in measure.py's tmux pane (its Pane: the output streamed into a pyte screen
and timestamped as it arrives; keys through one control-mode client).

    python measure_visidata.py --ours BIN --vd VD --data-dir DIR --out FILE.json 1000000 ...

Run by visidata.sh, with the virtual environment's Python (pyte, visidata). Each rep launches
each app twice, on the CSV file (rows-N.csv) and on the SQLite file (rows-N.sqlite: the same
rows in the table `items`, and a table `plans` of 4 rows), the apps in turn (ours, VisiData,
ours, ...). Before each launch, and between the steps of one, the harness waits until no
swift-build or swift-frontend runs (every 10 s); a step during which one started is dropped
from that launch, with a note. Every launch runs its app with oom_score_adj 1000 (an app that
exhausts memory is the one killed), VisiData with HOME set to an empty directory,
`--config /dev/null` and `--motd-url ""` (no message fetched from the network at start).

What each metric is: the time from the write of the key (or of the respawn-pane that starts
the app) to the arrival of the pane output after which the screen first shows:

- first_screen_ms: launch until "Item 1" shows in the table.
- loaded_ms: launch until the full row count is known: ours, the status line says "N rows × 20
  columns" with no "loading" note; VisiData, its status line says "N rows" with no job running
  (no "…" progress on it).
- rss_mb: VmRSS of the app's process 300 ms after loaded.
- key_end_ms: Ctrl-End (ours: the last row; End goes to the end of the row) or End (VisiData:
  go-bottom) until "Item N" shows and "Item 1" does not; key_pgdn_ms: PageDown until another
  row is the focused one (the one "Item" row drawn in a style no other has). Each press starts
  from the first row (Ctrl-Home, Home), the output quiet for 100 ms; the median of all presses.
- sort_ms: cursor on Name (text), `s` (ours) or `[` (VisiData) until the status says it is done
  (ours "sorted by Name ↑"; VisiData no "…" progress) and the Name cells of the rows shown are
  in order (at least 5 of them).
- sqlite_*: the same on the SQLite file; sqlite_first_screen_ms runs from the launch, through
  the list of tables (Enter as soon as it shows "items" and "plans"), to "Item 1" shown.
- search_first_ms: cursor on Row, `/`, "Item N/2" typed, then Enter until the cursor is on row
  N/2 (its only match, in the middle of the file). search_count_ms: ours, from the same Enter
  until the status says "match 1 of 1" with no "so far" (the scan of every row done);
  VisiData, which counts no find, `|` with the same text (select by regex) from its Enter
  until the status shows "•1" selected and no job runs.
- filter_ms: cursor on City, the rows whose City contains "Lisbon": ours `|` Lisbon Enter
  until the status says "in City: K of N rows" (the filter done); VisiData `|` Lisbon Enter
  until the selection is done, then `"` (a sheet of the selected rows) until it shows
  "K rows" with no job running: the two spans added (the harness's own step between them is
  not counted).
- freq_ms: cursor on Status (4 values), `F` until the frequency table shows (ours: its header
  with "Count", "Frequencies of Status: 4 values"; VisiData: the "_freq" sheet, "4 bins", no job running).
- save_ms: `e` on a Name cell, "x", Enter (ours appends it; VisiData's first key replaces the
  text), then ours Ctrl-S until "saved 1 edited row" (the file written in place: a temporary
  file renamed over it, the old one kept as FILE.bak; ours opens a hard link in
  DIR/work/, so the data file itself is never changed); VisiData Ctrl-S, the new name typed
  into its "save to:" prompt, from that Enter until no job runs and the file is written and
  closed (/proc/PID/fd).

A wait longer than --timeout records nothing for that metric and a note, and ends the launch
(the metrics after it are noted as not reached). Medians over launches (key presses pooled).
"""

from __future__ import annotations

import collections
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import measure
from measure import Exited, Pane, Timeout, alive, log, rss_mb, show, show_ratio

PEER = "VisiData"
CSV_METRICS = ["first_screen_ms", "loaded_ms", "rss_mb", "key_end_ms", "key_pgdn_ms", "sort_ms"]
SQLITE_METRICS = ["sqlite_" + m for m in CSV_METRICS]
# Ours alone, over the same rows in a PostgreSQL server (--postgres URL: the table `items`
# with an `id` key appended, so 21 columns; Benchmarks/peers/postgres.sh loads it).
POSTGRES_METRICS = ["postgres_" + m for m in CSV_METRICS]
JOB_METRICS = ["search_first_ms", "search_count_ms", "filter_ms", "freq_ms", "save_ms"]
# The order the launches take them in (a timeout ends a launch: the slowest jobs come last).
CSV_ORDER = CSV_METRICS[:5] + JOB_METRICS[:4] + ["sort_ms", "save_ms"]
ALL_METRICS = CSV_METRICS + SQLITE_METRICS + JOB_METRICS + POSTGRES_METRICS
COMPILERS = ("swift-build", "swift-frontend")


# MARK: Compiles


def compiling() -> bool:
    """Whether a swift-build or swift-frontend runs (by its program's name: a command line that
    merely mentions them does not count)."""
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as file:
                program = file.read().split(b"\0", 1)[0].decode("utf-8", "replace")
        except OSError:
            continue
        if os.path.basename(program) in COMPILERS:
            return True
    return False


def wait_for_no_compile(log, pane: Pane | None = None) -> None:
    said = False
    while compiling():
        if not said:
            log("    (a Swift compile runs: waiting until it ends, polling every 10 s)")
            said = True
        if pane is not None:
            pane.pump(10)
        else:
            time.sleep(10)


# MARK: Reading the screen


def last_line(pane: Pane) -> str:
    return pane.screen.display[-1]


def has_job(line: str) -> bool:
    """VisiData's status line shows "12% loading…" ("processing…", "sorting…") while a thread
    runs."""
    return "…" in line


def column_cells(pane: Pane, title: str, following: str) -> list[str]:
    """The texts of column `title` in the rows shown (the header row is the one holding "Row",
    `title` and `following`; a cell runs from its title's column to the next title's)."""
    lines = pane.screen.display
    for y, line in enumerate(lines):
        # A title follows a space, a separator or a sort arrow ("│↑Name"): its cells start
        # there.
        first = re.search(rf"(?<=[ │↑↓]){title}(?!\w)", line)
        second = re.search(rf"(?<=[ │↑↓]){following}(?!\w)", line[first.end():]) if first \
            else None
        if " Row" in line and first and second:
            start = first.start() - 1
            end = first.end() + second.start() - 1
            break
    else:
        return []
    cells = []
    for line in lines[y + 1:]:
        if not measure.TITLE.search(line[:start]):
            continue
        cells.append(line[start:end].strip(" │"))
    return cells


def shows_sorted(pane: Pane) -> bool:
    names = [name for name in column_cells(pane, "Name", "City") if name]
    return len(names) >= 5 and all(a.lower() <= b.lower() for a, b in zip(names, names[1:]))


# MARK: The apps


class App:
    """What differs between the apps: how each is launched, its keys, and its signals."""

    name = ""
    reset_key = ""
    end_key = ""

    def __init__(self, args, workdir: str) -> None:
        self.args = args
        self.workdir = workdir

    def launch(self, pane: Pane, path: str) -> float:
        raise NotImplementedError

    def loaded(self, pane: Pane, count: int) -> bool:
        raise NotImplementedError

    def to_column(self, pane: Pane, rights: int) -> None:
        raise NotImplementedError


class Ours(App):
    name = "ours"
    reset_key = "C-Home"
    end_key = "C-End"

    def launch(self, pane: Pane, path: str) -> float:
        return pane.launch([], shell=f"echo 1000 > /proc/self/oom_score_adj; "
                                     f"exec {self.args.ours} --data {path}")

    def loaded(self, pane: Pane, count: int) -> bool:
        line = last_line(pane)
        return (re.match(rf" {count:,} rows × 2[01] columns", line) is not None
                and "loading" not in line and "counting" not in line)

    def to_column(self, pane: Pane, rights: int) -> None:
        pane.send_key("C-Home")
        for _ in range(rights):
            pane.send_key("Right")
        title = ["Row", "Name", "City", "Joined", "Status"][rights]
        pane.wait(lambda: f"· {title}: " in last_line(pane), 10, f"the cursor on {title}")
        pane.wait_quiet(0.1, 2)


class VisiData(App):
    name = PEER
    reset_key = "Home"
    end_key = "End"

    def launch(self, pane: Pane, path: str) -> float:
        home = os.path.join(self.workdir, "vd-home")
        shutil.rmtree(home, ignore_errors=True)
        os.makedirs(os.path.join(home, ".local", "share", "visidata"))
        os.makedirs(os.path.join(home, ".visidata"))
        return pane.launch([], shell=f"echo 1000 > /proc/self/oom_score_adj; export HOME={home}; "
                                     f"exec {self.args.vd} --config /dev/null --motd-url \"\" "
                                     f"{path}")

    def loaded(self, pane: Pane, count: int) -> bool:
        line = last_line(pane)
        return f" {count} rows" in line and not has_job(line)

    def to_column(self, pane: Pane, rights: int) -> None:
        for _ in range(12):
            pane.send_key("Left")
        pane.send_key("Home")
        for _ in range(rights):
            pane.send_key("Right")
        pane.wait_quiet(0.3, 5)

    def widen_row_column(self, pane: Pane, count: int) -> None:
        """VisiData sizes a column to the rows it first shows ("Item 1" … "Item 33"): later
        rows' numbers would be cut ("Item 99…"). Untimed: z_ sets the width (the first key
        typed replaces the value offered)."""
        self.to_column(pane, 0)
        pane.send_key("z_")
        pane.wait(lambda: "width=" in last_line(pane), 10, "the z_ prompt")
        pane.command(f"send-keys -t {measure.TARGET} -l '{len(f'Item {count}') + 2}'")
        pane.send_key("Enter")
        pane.wait(lambda: "width=" not in last_line(pane), 10, "the width set")
        pane.wait_quiet(0.2, 5)


# MARK: One launch


class Launch:
    """One launch of one app on one file: its metrics, notes and the counts it saw."""

    def __init__(self, pane: Pane, app: App, count: int, timeout: float, presses: int, log):
        self.pane, self.app, self.count = pane, app, count
        self.timeout, self.presses, self.log = timeout, presses, log
        self.values: dict = {}
        self.keys: dict = collections.defaultdict(list)
        self.notes: dict = collections.defaultdict(list)
        self.seen: dict = {}

    def type_text(self, text: str) -> None:
        assert "'" not in text and ";" not in text
        self.pane.command(f"send-keys -t {measure.TARGET} -l '{text}'")

    def wait(self, until, what: str, started: float) -> float:
        arrived = self.pane.wait(until, self.timeout, what)
        if arrived == 0.0:
            # Already so before any more output: since the last output that arrived (a status
            # line that says "loaded" with the first screen).
            arrived = max(self.pane.last_output, started)
        return (arrived - started) * 1000

    def step_done(self, metric: str) -> bool:
        """After a step: whether its figure stands (no compile began while it ran); then waits
        until none runs."""
        if compiling():
            self.notes[metric].append("a launch's figure dropped: a Swift compile ran during it")
            self.values.pop(metric, None)
            self.keys.pop(metric, None)
            wait_for_no_compile(self.log, self.pane)
            return False
        return True

    def keys_test(self, prefix: str) -> None:
        pane, app, count = self.pane, self.app, self.count
        last_press = 0.0
        for name, key in (("end", app.end_key), ("pgdn", "NPage")):
            metric = f"{prefix}key_{name}_ms"
            for _ in range(self.presses):
                if pane.focused() != 1:
                    pane.send_key(app.reset_key)
                    pane.wait(lambda: pane.focused() == 1, self.timeout, "the reset to row 1")
                pane.wait_quiet(0.1, 5.0)
                pane.pump(max(0.0, last_press + 0.15 - time.perf_counter()))
                page = len(pane.item_rows())
                if name == "end":
                    target = lambda: pane.shows(count) and not pane.shows(1)  # noqa: E731
                else:
                    target = lambda: pane.focused() not in (None, 1)  # noqa: E731
                last_press = pane.send_key(key)
                self.keys[metric].append(self.wait(target, f"{key}", last_press))
                if name == "pgdn":
                    moved = pane.focused() - 1
                    if not 0.5 * page <= moved <= 1.5 * page:
                        note = f"PgDn moved {moved} rows, {page} rows shown"
                        if note not in self.notes[metric]:
                            self.notes[metric].append(note)
            self.step_done(metric)

    def sort_test(self, prefix: str) -> None:
        pane, app = self.pane, self.app
        app.to_column(pane, 1)
        if isinstance(app, Ours):
            done = lambda: "sorted by Name ↑" in last_line(pane) and shows_sorted(pane)  # noqa
            started = pane.send_key("s")
        else:
            done = lambda: not has_job(last_line(pane)) and shows_sorted(pane)  # noqa: E731
            started = pane.send_key("[")
        self.values[f"{prefix}sort_ms"] = self.wait(done, "sorted by Name", started)
        self.step_done(f"{prefix}sort_ms")


class Steps:
    """A launch's metrics in the order it measures them: `current` is the one being measured (a
    failure is noted on it, and "not reached" on the ones left)."""

    def __init__(self, metrics: list[str]):
        self.left = iter(metrics)
        self.current = next(self.left)

    def next(self) -> str:
        self.current = next(self.left)
        return self.current


def load_steps(run: Launch, steps: Steps, pid: int, started: float, first: str,
               prefix: str) -> None:
    """The steps every launch begins with, whatever its file: the first screen (awaited as
    `first`), loaded, rss_mb, then the keys (key_end_ms, and key_pgdn_ms with it)."""
    pane, app, count = run.pane, run.app, run.count
    run.values[steps.current] = run.wait(lambda: pane.shows(1), first, started)
    run.step_done(steps.current)
    step = steps.next()
    run.values[step] = run.wait(lambda: app.loaded(pane, count), "loaded", started)
    run.step_done(step)
    step = steps.next()
    pane.pump(0.3)
    run.values[step] = rss_mb(pid)
    if isinstance(app, VisiData):
        app.widen_row_column(pane, count)
    steps.next()
    run.keys_test(prefix)
    steps.next()  # key_pgdn_ms: measured with the End presses


def run_csv(pane: Pane, app: App, count: int, path: str, save_path: str, args, log) -> Launch:
    run = Launch(pane, app, count, args.timeout, args.presses, log)
    steps = Steps(CSV_ORDER)
    pid = None
    try:
        pane.reset_screen()
        started = app.launch(pane, path)
        pid = pane.pid
        load_steps(run, steps, pid, started, "the first screen", "")
        steps.next()
        search_test(run, count)
        steps.next()  # search_count_ms: measured with search_first_ms
        steps.next()
        filter_test(run, count)
        steps.next()
        freq_test(run, count)
        steps.next()
        run.sort_test("")
        steps.next()
        save_test(run, save_path, pid)
    except (Timeout, Exited) as error:
        fail(run, steps, error, log)
    finally:
        quit_app(pane, app, pid)
    return run


def run_sqlite(pane: Pane, app: App, count: int, path: str, args, log,
               prefix: str = "sqlite_") -> Launch:
    run = Launch(pane, app, count, args.timeout, args.presses, log)
    steps = Steps([prefix + m for m in CSV_METRICS])
    pid = None
    try:
        pane.reset_screen()
        started = app.launch(pane, path)
        pid = pane.pid
        pane.wait(lambda: "items" in pane.text() and "plans" in pane.text(), args.timeout,
                  "the list of tables")
        pane.send_key("Enter")
        load_steps(run, steps, pid, started, "the table's first screen", prefix)
        steps.next()
        run.sort_test(prefix)
    except (Timeout, Exited) as error:
        fail(run, steps, error, log)
    finally:
        quit_app(pane, app, pid)
    return run


def fail(run: Launch, steps: Steps, error, log) -> None:
    step = steps.current
    run.notes[step].append(str(error))
    run.values.pop(step, None)
    run.keys.pop(step, None)
    for later in steps.left:
        run.notes[later].append(f"not reached ({step} failed)")
    run.seen["failed_screen"] = run.pane.text()
    log(f"    ! {step}: {error}; the screen:\n{run.pane.text()}")


def search_test(run: Launch, count: int) -> None:
    pane, app = run.pane, run.app
    middle = count // 2
    needle = f"Item {middle}"
    app.to_column(pane, 0)
    pane.send_key("/")
    run.type_text(needle)
    pane.wait(lambda: needle in last_line(pane) or needle in pane.text(), 10, "the typed text")
    pane.wait_quiet(0.1, 2)
    started = pane.send_key("Enter")
    run.values["search_first_ms"] = run.wait(lambda: pane.focused() == middle,
                                             f"the cursor on {needle}", started)
    if isinstance(app, Ours):
        pattern = re.compile(r"match [\d,]+ of ([\d,]+)( so far)?")

        def counted() -> bool:
            found = pattern.search(last_line(pane))
            return bool(found) and not found.group(2) and "searching" not in last_line(pane)

        run.values["search_count_ms"] = run.wait(counted, "the count of matches", started)
        run.seen["search_count"] = int(pattern.search(last_line(pane)).group(1).replace(",", ""))
        run.step_done("search_first_ms")
        run.step_done("search_count_ms")
        pane.send_key("Escape")
        pane.wait(lambda: "match" not in last_line(pane), 10, "the find cleared")
        return
    run.step_done("search_first_ms")
    # VisiData: `|` selects the rows matching the same text; its status counts them ("•1").
    pane.send_key("|")
    run.type_text(needle)
    pane.wait(lambda: needle in last_line(pane), 10, "the typed text")
    pane.wait_quiet(0.1, 2)
    started = pane.send_key("Enter")
    selected = re.compile(r"•(\d+)")
    run.values["search_count_ms"] = run.wait(
        lambda: selected.search(last_line(pane)) and not has_job(last_line(pane)),
        "the rows selected", started)
    run.seen["search_count"] = int(selected.search(last_line(pane)).group(1))
    run.step_done("search_count_ms")
    unselect(pane, run.timeout)


def unselect(pane: Pane, timeout: float) -> None:
    pane.send_key("gu")
    pane.wait(lambda: "•" not in last_line(pane) and not has_job(last_line(pane)), timeout,
              "unselected")
    pane.wait_quiet(0.2, 5)


def filter_test(run: Launch, count: int) -> None:
    pane, app = run.pane, run.app
    app.to_column(pane, 2)
    pane.send_key("|")
    run.type_text("Lisbon")
    pane.wait(lambda: "Lisbon" in last_line(pane), 10, "the typed text")
    pane.wait_quiet(0.1, 2)
    if isinstance(app, Ours):
        done = re.compile(r"in City: ([\d,]+) of")
        started = pane.send_key("Enter")
        run.values["filter_ms"] = run.wait(lambda: done.search(last_line(pane)),
                                           "the rows filtered", started)
        run.seen["filter_count"] = int(done.search(last_line(pane)).group(1).replace(",", ""))
        run.step_done("filter_ms")
        pane.send_key("Escape")
        pane.wait(lambda: last_line(pane).startswith(f" {count:,} rows"), run.timeout,
                  "every row shown again")
        return
    selected = re.compile(r"•(\d+)")
    started = pane.send_key("Enter")
    first = run.wait(lambda: selected.search(last_line(pane)) and not has_job(last_line(pane)),
                     "the rows selected", started)
    found = int(selected.search(last_line(pane)).group(1))
    pane.pump(0.05)
    started = pane.send_key('\'"\'')
    second = run.wait(lambda: "selectedref" in last_line(pane) and f" {found} rows" in
                      last_line(pane) and not has_job(last_line(pane)),
                      "the sheet of selected rows", started)
    run.values["filter_ms"] = first + second
    run.seen["filter_count"] = found
    run.seen["filter_split_ms"] = (first, second)
    run.step_done("filter_ms")
    pane.send_key("q")
    pane.wait(lambda: "selectedref" not in last_line(pane), run.timeout, "back to the sheet")
    unselect(pane, run.timeout)


def freq_test(run: Launch, count: int) -> None:
    pane, app = run.pane, run.app
    app.to_column(pane, 4)
    if isinstance(app, Ours):
        started = pane.send_key("F")
        run.values["freq_ms"] = run.wait(
            lambda: "Count" in pane.screen.display[2] and
            pane.screen.display[1].startswith(" Frequencies of Status: 4 values"),
            "the frequency table", started)
        run.step_done("freq_ms")
        pane.send_key("BSpace")
        pane.wait(lambda: pane.screen.display[1].startswith(f" {count:,} rows"), run.timeout,
                  "back to the table")
    else:
        started = pane.send_key("F")
        run.values["freq_ms"] = run.wait(
            lambda: "_freq" in last_line(pane) and " 4 bins" in last_line(pane)
            and not has_job(last_line(pane)), "the frequency table", started)
        run.step_done("freq_ms")
        pane.send_key("q")
        pane.wait(lambda: "_freq" not in last_line(pane), run.timeout, "back to the sheet")
    pane.wait_quiet(0.2, 5)


def save_test(run: Launch, save_path: str, pid: int) -> None:
    pane, app = run.pane, run.app
    pane.wait_quiet(0.2, 5)
    pane.send_key("e")
    if isinstance(app, Ours):
        pane.wait(lambda: "edit Name" in last_line(pane), 10, "the edit prompt")
        run.type_text("x")
        pane.send_key("Enter")
        pane.wait(lambda: "edited row" in last_line(pane), 10, "the cell edited")
        pane.wait_quiet(0.1, 2)
        started = pane.send_key("C-s")
        run.values["save_ms"] = run.wait(lambda: "saved 1 edited row" in last_line(pane),
                                         "saved", started)
        run.step_done("save_ms")
        return
    pane.wait_quiet(0.3, 5)
    run.type_text("x")
    pane.send_key("Enter")
    pane.wait_quiet(0.3, 5)
    pane.send_key("C-s")
    pane.wait(lambda: "save to:" in last_line(pane), 10, "the save prompt")
    pane.wait_quiet(0.1, 2)
    run.type_text(save_path)
    pane.wait(lambda: os.path.basename(save_path) in last_line(pane), 10, "the typed name")
    pane.wait_quiet(0.1, 2)
    started = pane.send_key("Enter")
    shown = pane.wait(lambda: os.path.exists(save_path) and not has_job(last_line(pane))
                      and "save to:" not in last_line(pane), run.timeout, "saved")
    # The last screen change comes after the saving thread ends; the file is closed by then,
    # unless it is not: then the moment it is.
    closed = shown
    deadline = time.perf_counter() + run.timeout
    while holds_open(pid, save_path) and time.perf_counter() < deadline:
        pane.pump(0.005)
        closed = time.perf_counter()
    run.values["save_ms"] = (max(shown, closed) - started) * 1000
    run.seen["saved_bytes"] = os.path.getsize(save_path)
    run.step_done("save_ms")


def holds_open(pid: int, path: str) -> bool:
    target = os.path.realpath(path)
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try:
                if os.readlink(f"/proc/{pid}/fd/{fd}") == target:
                    return True
            except OSError:
                continue
    except OSError:
        return False
    return False


def quit_app(pane: Pane, app: App, pid: int | None) -> None:
    """VisiData: gq (quit every sheet); ours: q. Then measure.py's Ctrl-C, SIGTERM, SIGKILL."""
    if pid is None:
        return
    if alive(pid):
        pane.send_key("Escape")
        pane.pump(0.1)
        pane.send_key("gq" if isinstance(app, VisiData) else "q")
        deadline = time.perf_counter() + 5
        while alive(pid) and time.perf_counter() < deadline:
            pane.pump(0.05)
    measure.quit_app(pane, pid)


# MARK: The report


def summarize(runs: list[Launch], metrics: list[str]) -> tuple[dict, dict]:
    values, notes = {}, collections.defaultdict(list)
    for metric in metrics:
        if metric.startswith(("key_", "sqlite_key_", "postgres_key_")):
            got = [t for run in runs for t in run.keys.get(metric, [])]
            launches = sum(1 for run in runs if run.keys.get(metric))
        else:
            got = [run.values[metric] for run in runs if metric in run.values]
            launches = len(got)
        values[metric] = statistics.median(got) if got else None
        if runs and launches != len(runs):
            notes[metric].append(f"{launches} of {len(runs)} launches measured")
        for run in runs:
            for text in run.notes.get(metric, []):
                if text not in notes[metric]:
                    notes[metric].append(text)
    return values, notes


def main() -> None:
    parser = measure.arguments(reps=3, presses=5, timeout=300)
    parser.add_argument("--vd", required=True, help="VisiData's vd, in the venv")
    parser.add_argument("--peer-name", default=PEER)
    parser.add_argument("--apps", default="ours,visidata")
    parser.add_argument("--only", choices=["csv", "sqlite", "postgres"])
    parser.add_argument("--postgres", help="a server's address holding the rows as `items`")
    args = parser.parse_args()
    sys.setswitchinterval(0.0002)

    workdir = tempfile.mkdtemp(prefix="reusekit-vd-")
    work = os.path.join(args.data_dir, "work")
    os.makedirs(work, exist_ok=True)
    apps = {"ours": Ours(args, workdir), "visidata": VisiData(args, workdir)}
    chosen = [apps[name] for name in args.apps.split(",")]
    runs: dict = collections.defaultdict(list)
    wait_for_no_compile(log)
    os.makedirs(os.path.join(workdir, "pane"))
    pane = Pane(os.path.join(workdir, "pane"))
    started_all = time.perf_counter()
    try:
        round_trip = measure.harness_round_trip(pane)
        log(f"harness round trip (send-keys to a raw-mode cat's echo): {round_trip:.2f} ms")
        for count in args.counts:
            csv_path = os.path.join(args.data_dir, f"rows-{count}.csv")
            sqlite_path = os.path.join(args.data_dir, f"rows-{count}.sqlite")
            for rep in range(args.reps):
                for app in chosen:
                    for kind in ("csv", "sqlite", "postgres"):
                        if args.only and kind != args.only:
                            continue
                        if kind == "postgres" and (not args.postgres or app.name != "ours"):
                            continue
                        wait_for_no_compile(log, pane)
                        log(f"  {count:>10,} rows  rep {rep + 1}/{args.reps}  {app.name}  {kind}")
                        began = time.perf_counter()
                        if kind == "postgres":
                            run = run_sqlite(pane, app, count, f'"{args.postgres}"', args, log,
                                             prefix="postgres_")
                        elif kind == "sqlite":
                            run = run_sqlite(pane, app, count, sqlite_path, args, log)
                        else:
                            # Ours saves in place: it opens a hard link of the data file, whose
                            # save renames the link to .bak and writes a new file there.
                            link = os.path.join(work, f"rows-{count}.csv")
                            save_path = os.path.join(work, f"vd-saved-{count}.csv")
                            for stale in (link, link + ".bak", save_path):
                                if os.path.exists(stale):
                                    os.remove(stale)
                            os.link(csv_path, link)
                            path = link if isinstance(app, Ours) else csv_path
                            run = run_csv(pane, app, count, path, save_path, args, log)
                            for stale in (link, link + ".bak", save_path):
                                if os.path.exists(stale):
                                    os.remove(stale)
                        shown = ", ".join(f"{k}={v:,.1f}" for k, v in run.values.items())
                        keys = ", ".join(f"{k}={statistics.median(v):,.1f}"
                                         for k, v in run.keys.items() if v)
                        seen = {k: v for k, v in run.seen.items() if k != "failed_screen"}
                        log(f"      {shown}; {keys}; {seen} "
                            f"({time.perf_counter() - began:,.0f} s)")
                        runs[(app.name, count, kind)].append(run)
    finally:
        pane.close()
        shutil.rmtree(workdir, ignore_errors=True)
    log(f"all launches: {(time.perf_counter() - started_all) / 60:,.1f} min")

    table = []
    for count in args.counts:
        ours, ours_notes = summarize(runs[("ours", count, "csv")], CSV_METRICS + JOB_METRICS)
        theirs, their_notes = summarize(runs[(PEER, count, "csv")], CSV_METRICS + JOB_METRICS)
        mine_sqlite, mine_sqlite_notes = summarize(runs[("ours", count, "sqlite")], SQLITE_METRICS)
        their_sqlite, their_sqlite_notes = summarize(runs[(PEER, count, "sqlite")],
                                                     SQLITE_METRICS)
        ours.update(mine_sqlite)
        ours_notes.update(mine_sqlite_notes)
        mine_pg, mine_pg_notes = summarize(runs[("ours", count, "postgres")], POSTGRES_METRICS)
        ours.update(mine_pg)
        ours_notes.update(mine_pg_notes)
        theirs.update(their_sqlite)
        their_notes.update(their_sqlite_notes)
        seen_ours = [run.seen for run in runs[("ours", count, "csv")]]
        seen_theirs = [run.seen for run in runs[(PEER, count, "csv")]]
        for metric in ALL_METRICS:
            if args.only == "csv" and metric.startswith("sqlite_"):
                continue
            if args.only == "sqlite" and not metric.startswith("sqlite_"):
                continue
            if args.only == "postgres" and not metric.startswith("postgres_"):
                continue
            if metric.startswith("postgres_") and not args.postgres:
                continue
            mine, other = ours.get(metric), theirs.get(metric)
            digits = 1 if metric.endswith("_mb") or (mine or 0) >= 100 else 2
            row = {
                "metric": metric, "items": count,
                "ours": None if mine is None else round(mine, digits),
                "peer": None if metric.startswith("postgres_") else args.peer_name,
                "theirs": None if other is None else round(other, 1 if (other or 0) >= 100
                                                           else 2),
                "ratio": float(f"{mine / other:.3g}") if mine is not None and other else None,
            }
            notes = [f"ours: {n}" for n in ours_notes.get(metric, [])] + [
                f"{PEER}: {n}" for n in their_notes.get(metric, [])]
            notes += fixed_notes(metric, seen_ours, seen_theirs)
            if notes:
                row["note"] = "; ".join(dict.fromkeys(notes))
            table.append(row)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    kept = []
    if os.path.exists(args.out):
        with open(args.out) as file:
            measured = {row["metric"] for row in table}
            kept = [row for row in json.load(file)
                    if row.get("items") not in args.counts or row.get("metric") not in measured]
    rows = sorted(kept + table, key=lambda row: (row["items"], ALL_METRICS.index(row["metric"])
                                                  if row["metric"] in ALL_METRICS else 99))
    with open(args.out, "w") as file:
        json.dump(rows, file, indent=1, ensure_ascii=False)
        file.write("\n")
    if args.raw:
        with open(args.raw, "w") as file:
            json.dump({"harness_round_trip_ms": round_trip,
                       "launches": {f"{app} {count} {kind}": [
                           {"values": run.values, "keys": run.keys, "notes": run.notes,
                            "seen": run.seen} for run in launches]
                           for (app, count, kind), launches in runs.items()}},
                      file, indent=1, ensure_ascii=False)
    print_table(rows, round_trip)


def fixed_notes(metric: str, seen_ours: list[dict], seen_theirs: list[dict]) -> list[str]:
    """What the metric's two sides did differently, and the counts each saw (equal work)."""
    notes = []

    def counts(seen: list[dict], key: str) -> str:
        return "/".join(sorted({f"{s[key]:,}" for s in seen if key in s})) or "–"

    if metric == "search_count_ms":
        notes.append(f"matches: ours {counts(seen_ours, 'search_count')}, {PEER} "
                     f"{counts(seen_theirs, 'search_count')} (VisiData: `|` select by regex, "
                     f"the count of rows selected)")
    if metric == "filter_ms":
        notes.append(f"rows: ours {counts(seen_ours, 'filter_count')}, {PEER} "
                     f"{counts(seen_theirs, 'filter_count')} (VisiData: `|` then `\"`)")
    if metric == "save_ms":
        notes.append("ours writes the file in place (a temporary file renamed over it, the old "
                     "one kept as .bak); VisiData writes a new file named in its prompt, timed "
                     "from the Enter that answers it")
    if metric in ("key_end_ms", "sqlite_key_end_ms"):
        notes.append("ours Ctrl-End (End goes to the row's last cell), VisiData End")
    if metric in ("sort_ms",):
        notes.append("both show the sorted top (ours keeps the cursor on its row, Item 1, now "
                     "somewhere in the middle)")
    return notes


def print_table(rows: list[dict], round_trip: float) -> None:
    header = f"{'metric':<22} {'items':>11}  {'ours':>10}  {PEER:>12}  {'ratio':>8}"
    print(header)
    print("-" * len(header))
    last = None
    for row in rows:
        if last is not None and row["items"] != last:
            print()
        last = row["items"]
        print(f"{row['metric']:<22} {row['items']:>11,}  {show(row['ours']):>10}  "
              f"{show(row['theirs']):>12}  {show_ratio(row['ratio']):>8}")
    print(f"\nratio = ours / theirs (below 1 is better for us), medians over launches. "
          f"Harness round trip: {round_trip:.2f} ms.")
    measure.print_notes(rows, peers=False)


if __name__ == "__main__":
    main()
