"""Times reuse-gallery's list page against the Textual and urwid peers, each in a tmux pane;
with --table, its table page against a Textual DataTable over the same CSV file.

    python measure.py --ours BIN --python VENV_PYTHON --data-dir DIR --out FILE.json 10000 ...
    python measure.py --table ... 10000 ...      (rows-N.csv; Ctrl-Home, Ctrl-End)

Run by terminal.sh, with the virtual environment's Python (it needs pyte). How it measures:

- One private tmux server (its own socket) with one 120 x 36 pane and no status line. The
  pane's output is streamed with `tmux pipe-pane -O 'cat >> FIFO'`; a reader thread reads the
  FIFO and timestamps each chunk as it arrives (time.perf_counter, CLOCK_MONOTONIC), and the
  main thread feeds the chunks into a pyte screen of the same size and evaluates the
  condition being waited for after each chunk. A condition's time is the arrival time of the
  chunk after which the screen first satisfies it; nothing polls capture-pane.
- Commands go to tmux through one control-mode client (`tmux -C`, output notifications off),
  so starting an app or pressing a key is a write to a pipe, not a fork and exec of a tmux
  client; the clock starts just before that write. The harness's own round trip (a key sent
  to `cat` in raw mode until its echo arrives) is measured once and printed.
- first_frame_ms: respawn-pane with `exec APP` until "Item 1" is on the screen.
- rss_mb: VmRSS of the pane's process (the app itself, thanks to exec) 300 ms after that.
- idle_cpu_percent: once the app has settled (no output for 500 ms and under 5 % of a core
  over the last 500 ms; a Textual list of 10^6 options stays busy for seconds after its first
  frame, noted as "busy for N s"), utime+stime from /proc/PID/stat over 5 s of no input, as a
  percentage of one core. The key presses come after this, on the settled app.
- key_down_ms / key_pgdn_ms / key_end_ms: before each press the list is reset (Home, until
  item 1 is the focused row and the output has been quiet for 100 ms; presses at least 150 ms
  apart); then send-keys Down / NPage / End until the target row is drawn as the focused one:
  item 2, the item a page further (whichever row becomes focused; it must have moved by 0.5 to
  1.5 times the number of item rows on the screen), the last item. The focused row is the one
  item row whose title is drawn in a style (foreground, background, bold, reverse) that no
  other item row on the screen has, so a striped list works and a half-drawn frame (two rows
  in the focus style) does not count. Item rows are the matches of "Item N" in the column
  where most of them start (a status line that repeats the focused title is not a row).

Each wait is capped (--timeout, 120 s): a timeout is recorded as null with a note, and the
app is killed. Key metrics pool every press of every launch (median and p99); the others are
medians over the launches.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import queue
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

import pyte

COLUMNS, ROWS = 120, 36
TARGET = "bench:0.0"
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
TITLE = re.compile(r"(?<![\w])Item (\d+)(?!\d)")
SAFE = re.compile(r"^[A-Za-z0-9_./=,:+-]+$")
KEYS = {"down": "Down", "pgdn": "NPage", "end": "End"}
# The tables move their cell cursor to the first and the last row with Ctrl-Home and Ctrl-End
# (Home and End go to the ends of the row, in both).
TABLE_KEYS = {"down": "Down", "pgdn": "NPage", "end": "C-End"}


class Timeout(Exception):
    pass


class Exited(Exception):
    pass


# MARK: The screen model


class Screen(pyte.Screen):
    """pyte's screen plus SU and SD (CSI n S, CSI n T: scroll the lines between the margins),
    which pyte 0.8 ignores and reuse-gallery uses to scroll its list."""

    def scroll_up(self, count: int = 1, **_) -> None:
        top, bottom = self.margins or pyte.screens.Margins(0, self.lines - 1)
        count = max(1, count)
        for y in range(top, bottom + 1):
            if y + count <= bottom:
                self.buffer[y] = self.buffer[y + count]
            else:
                self.buffer.pop(y, None)
        self.dirty.update(range(top, bottom + 1))

    def scroll_down(self, count: int = 1, **_) -> None:
        top, bottom = self.margins or pyte.screens.Margins(0, self.lines - 1)
        count = max(1, count)
        for y in range(bottom, top - 1, -1):
            if y - count >= top:
                self.buffer[y] = self.buffer[y - count]
            else:
                self.buffer.pop(y, None)
        self.dirty.update(range(top, bottom + 1))


class Stream(pyte.ByteStream):
    csi = {**pyte.ByteStream.csi, "S": "scroll_up", "T": "scroll_down"}


# MARK: The pane


class Pane:
    """A private tmux server with one pane, its output streamed into a pyte screen."""

    def __init__(self, workdir: str) -> None:
        self.workdir = workdir
        self.socket = f"reusekit-peers-{os.getpid()}"
        config = os.path.join(workdir, "tmux.conf")
        terminal = "tmux-256color"
        if subprocess.run(["infocmp", terminal], capture_output=True).returncode != 0:
            terminal = "screen-256color"
        with open(config, "w") as file:
            file.write(
                "set -g status off\n"
                "set -g remain-on-exit on\n"
                "set -sg escape-time 0\n"
                f"set -g default-terminal {terminal}\n"
                "set -g history-limit 100\n"
            )
        self.tmux = ["tmux", "-L", self.socket, "-f", config]
        # A private server, even when run from inside tmux.
        for name in ("TMUX", "TMUX_PANE"):
            os.environ.pop(name, None)
        self.fifo = os.path.join(workdir, "pane.fifo")
        os.mkfifo(self.fifo)
        # Our own write end keeps the FIFO open, so that the reader never sees end of file.
        self.fifo_read = os.open(self.fifo, os.O_RDONLY | os.O_NONBLOCK)
        self.fifo_keep = os.open(self.fifo, os.O_WRONLY)
        os.set_blocking(self.fifo_read, True)
        subprocess.run(
            self.tmux
            + ["new-session", "-d", "-s", "bench", "-x", str(COLUMNS), "-y", str(ROWS),
               "-e", "COLORTERM=truecolor", "sleep 1000000"],
            check=True)
        subprocess.run(self.tmux + ["pipe-pane", "-O", "-t", TARGET, f"cat >> {self.fifo}"],
                       check=True)
        size = self.query_once("#{pane_width}x#{pane_height}")
        if size != f"{COLUMNS}x{ROWS}":
            raise SystemExit(f"measure.py: the pane is {size}, not {COLUMNS}x{ROWS}")
        self.control = subprocess.Popen(
            self.tmux + ["-C", "attach-session", "-f", "no-output", "-t", "bench"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.chunks: queue.Queue[tuple[float, bytes]] = queue.Queue()
        self.replies: queue.Queue[list[str]] = queue.Queue()
        self.screen = Screen(COLUMNS, ROWS)
        self.stream = Stream(self.screen)
        self.lines: list[list[tuple[int, int, tuple]]] = [[] for _ in range(ROWS)]
        self.raw = bytearray()  # the latest output bytes (64 KiB), for the harness's echo test
        self.last_output = 0.0
        self.pid: int | None = None
        threading.Thread(target=self._read_output, daemon=True).start()
        threading.Thread(target=self._read_control, daemon=True).start()
        self.ask("display -p ready", "ready")

    def query_once(self, format_: str) -> str:
        return subprocess.run(self.tmux + ["display", "-p", "-t", TARGET, format_],
                              capture_output=True, text=True, check=True).stdout.strip()

    # The threads: they only read and timestamp.

    def _read_output(self) -> None:
        while True:
            data = os.read(self.fifo_read, 1 << 20)
            self.chunks.put((time.perf_counter(), data))

    def _read_control(self) -> None:
        block: list[str] | None = None
        for raw in self.control.stdout:
            line = raw.decode("utf-8", "replace").rstrip("\n")
            if line.startswith("%begin"):
                block = []
            elif line.startswith("%end") or line.startswith("%error"):
                if block is not None:
                    if line.startswith("%error"):
                        block.insert(0, "%error")
                    self.replies.put(block)
                block = None
            elif block is not None:
                block.append(line)

    # Commands.

    def command(self, line: str) -> float:
        """Writes one command to the control client; returns the time just before the write."""
        payload = (line + "\n").encode()
        started = time.perf_counter()
        self.control.stdin.write(payload)
        self.control.stdin.flush()
        return started

    def ask(self, line: str, token: str, timeout: float = 10) -> list[str]:
        """Runs a command whose reply starts with `token` (a `display -p`); returns that reply,
        skipping the replies of earlier commands."""
        self.command(line)
        deadline = time.perf_counter() + timeout
        while True:
            reply = self.replies.get(timeout=max(0.01, deadline - time.perf_counter()))
            if reply and reply[0] == "%error":
                raise RuntimeError("tmux: " + " ".join(reply[1:]))
            if reply and reply[0].startswith(token):
                return reply

    def send_key(self, key: str) -> float:
        return self.command(f"send-keys -t {TARGET} {key}")

    def launch(self, argv: list[str], shell: str | None = None) -> float:
        """Starts `exec argv` (or the shell line given) in the pane, replacing what runs there;
        returns the time just before the command went to tmux."""
        if shell is None:
            for part in argv:
                if not SAFE.match(part):
                    raise SystemExit(f"measure.py: {part!r} needs quoting; use a plainer path")
            shell = "exec " + " ".join(argv)
        assert "'" not in shell
        started = self.command(f"respawn-pane -k -t {TARGET} '{shell}'")
        self.pid = int(self.ask(f"display -p -t {TARGET} 'pid:#{{pane_pid}}'", "pid:")[0][4:])
        return started

    # The screen.

    def reset_screen(self) -> None:
        self.pump(0.05)
        self.screen.reset()
        self.stream = Stream(self.screen)
        self.lines = [[] for _ in range(ROWS)]
        self.raw.clear()

    def _feed(self, data: bytes) -> None:
        self.raw += data
        if len(self.raw) > 1 << 16:
            del self.raw[: len(self.raw) - (1 << 16)]
        self.stream.feed(data)
        buffer = self.screen.buffer
        for y in self.screen.dirty:
            if not 0 <= y < ROWS:
                continue
            line = buffer[y]
            cells = [line[x] for x in range(COLUMNS)]
            text = "".join(cell.data[:1] or " " for cell in cells)
            found = []
            for match in TITLE.finditer(text):
                cell = cells[match.start()]
                found.append((match.start(), int(match.group(1)),
                              (cell.fg, cell.bg, cell.bold, cell.reverse)))
            self.lines[y] = found
        self.screen.dirty.clear()

    def pump(self, seconds: float, until=None) -> float | None:
        """Feeds output for up to `seconds`; with `until`, returns the arrival time of the chunk
        after which until() first holds (checked once before any chunk too, as time 0)."""
        deadline = time.perf_counter() + seconds
        if until is not None and until():
            return 0.0
        next_check = time.perf_counter() + 0.5
        while True:
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                return None
            try:
                arrived, data = self.chunks.get(timeout=min(remaining, 0.5))
            except queue.Empty:
                arrived = None
            if arrived is not None:
                self._feed(data)
                self.last_output = arrived
                if until is not None and until():
                    return arrived
            if self.pid and time.perf_counter() >= next_check:
                next_check = time.perf_counter() + 0.5
                if not alive(self.pid):
                    raise Exited(f"the app (pid {self.pid}) exited")

    def wait(self, until, timeout: float, what: str) -> float:
        arrived = self.pump(timeout, until)
        if arrived is None:
            raise Timeout(f"{what}: nothing after {timeout:.0f} s")
        return arrived

    def wait_quiet(self, quiet: float, timeout: float) -> bool:
        """Feeds output until none has arrived for `quiet` seconds (False after timeout)."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            left = quiet - (time.perf_counter() - self.last_output)
            if left <= 0:
                return True
            self.pump(min(left, deadline - time.perf_counter()))
        return False

    def item_rows(self) -> list[tuple[int, tuple]]:
        """(item number, style) of each item row, in the column where most titles start."""
        found = [entry for line in self.lines for entry in line]
        if not found:
            return []
        column = collections.Counter(entry[0] for entry in found).most_common(1)[0][0]
        return [(number, style) for col, number, style in found if col == column]

    def focused(self) -> int | None:
        rows = self.item_rows()
        if len(rows) < 3:
            return None
        counts = collections.Counter(style for _, style in rows)
        unique = [number for number, style in rows if counts[style] == 1]
        return unique[0] if len(unique) == 1 else None

    def shows(self, number: int) -> bool:
        return any(entry[1] == number for line in self.lines for entry in line)

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def close(self) -> None:
        subprocess.run(self.tmux + ["kill-server"], capture_output=True)
        try:
            self.control.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.control.kill()
        shutil.rmtree(self.workdir, ignore_errors=True)


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as file:
            state = file.read().rsplit(")", 1)[1].split()[0]
        return state not in ("Z", "X")
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return False


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as file:
        fields = file.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS  # utime, stime


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as file:
        for line in file:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


# MARK: One launch


def run_launch(pane: Pane, argv: list[str], count: int, presses: int, timeout: float,
               log, table: bool = False) -> dict:
    """Launches an app once and measures it; returns its metrics, the key times and notes
    (metric name to a list of notes; "screens" holds the screen at a failure)."""
    notes: dict = collections.defaultdict(list)
    result: dict = {"notes": notes, "keys": {name: [] for name in KEYS}}
    pane.reset_screen()
    started = pane.launch(argv)
    pid = pane.pid
    step = "first_frame_ms"
    try:
        shown = pane.wait(lambda: pane.shows(1), timeout, "first frame")
        result["first_frame_ms"] = (shown - started) * 1000
        pane.pump(0.3)
        step = "rss_mb"
        result["rss_mb"] = rss_mb(pid)
        step = "idle_cpu_percent"
        settled = settle(pane, pid, timeout)
        result["settle_s"] = settled
        if settled is None:
            notes[step].append(f"never settled in {timeout:.0f} s (output or CPU went on)")
        elif settled > 2:
            notes[step].append(f"busy for {settled:.1f} s after the first frame")
        result["rss_settled_mb"] = rss_mb(pid)  # kept in the raw file only
        before, t0 = cpu_seconds(pid), time.perf_counter()
        idle_bytes = len(pane.raw)
        pane.pump(5.0)
        after, t1 = cpu_seconds(pid), time.perf_counter()
        result["idle_cpu_percent"] = (after - before) / (t1 - t0) * 100
        if len(pane.raw) != idle_bytes:
            notes[step].append("wrote output while idle")
        last_press = 0.0
        keys = TABLE_KEYS if table else KEYS
        home = "C-Home" if table else "Home"
        for name, key in keys.items():
            step = f"key_{name}_ms"
            for press in range(presses):
                # Reset: item 1 focused, output quiet, the last press at least 150 ms ago.
                if pane.focused() != 1:
                    pane.send_key(home)
                    pane.wait(lambda: pane.focused() == 1, timeout, "Home (the reset)")
                pane.wait_quiet(0.1, 2.0)
                pane.pump(max(0.0, last_press + 0.15 - time.perf_counter()))
                page = len(pane.item_rows())
                if name == "down":
                    target = lambda: pane.focused() == 2  # noqa: E731
                elif name == "pgdn":
                    target = lambda: pane.focused() not in (None, 1)  # noqa: E731
                elif table:
                    # The last row's first cell in view (the cursor may be in another column).
                    target = lambda: pane.shows(count) and not pane.shows(1)  # noqa: E731
                else:
                    target = lambda: pane.focused() == count  # noqa: E731
                last_press = pane.send_key(key)
                drawn = pane.wait(target, timeout, f"{key} press {press + 1}")
                result["keys"][name].append((drawn - last_press) * 1000)
                if name == "pgdn":
                    moved = pane.focused() - 1
                    result.setdefault("pgdn_moved", moved)
                    if not 0.5 * page <= moved <= 1.5 * page:
                        notes[step].append(f"PgDn moved {moved} items, {page} item rows shown")
        result["last_screen"] = pane.text()
    except (Timeout, Exited) as error:
        notes[step].append(str(error))
        result["failed"] = f"{step}: {error}"
        result["failed_screen"] = pane.text()
        log(f"    ! {step}: {error}; the screen:\n{pane.text()}")
    finally:
        quit_app(pane, pid)
    return result


def settle(pane: Pane, pid: int, timeout: float) -> float | None:
    """Waits until the app has written nothing for 500 ms and used under 5 % of a core over
    the last 500 ms; returns how long that took, None after the timeout."""
    started = time.perf_counter()
    while time.perf_counter() - started < timeout:
        before, t0 = cpu_seconds(pid), time.perf_counter()
        pane.pump(0.5)
        busy = (cpu_seconds(pid) - before) / (time.perf_counter() - t0)
        if busy < 0.05 and time.perf_counter() - pane.last_output >= 0.5:
            return time.perf_counter() - started
    return None


def quit_app(pane: Pane, pid: int) -> None:
    """q (all three apps bind it), then Ctrl-C, then SIGTERM and SIGKILL to that pid."""
    pane.pid = None
    for step in ("q", "C-c", signal.SIGTERM, signal.SIGKILL):
        if not alive(pid):
            break
        if isinstance(step, str):
            pane.send_key(step)
        else:
            try:
                os.kill(pid, step)
            except ProcessLookupError:
                break
        deadline = time.perf_counter() + 5
        while alive(pid) and time.perf_counter() < deadline:
            pane.pump(0.05)
    pane.pump(0.1)


def harness_round_trip(pane: Pane) -> float:
    """The median time from a send-keys until the key's echo arrives, `cat` in raw mode."""
    pane.reset_screen()
    pane.launch([], shell='exec sh -c "stty raw -echo; exec cat"')
    pane.pump(0.5)
    times = []
    for _ in range(20):
        mark = len(pane.raw)
        started = pane.send_key("x")
        arrived = pane.wait(lambda: b"x" in pane.raw[mark:], 10, "echo")
        times.append((arrived - started) * 1000)
        pane.pump(0.05)
    quit_app(pane, pane.pid)
    return statistics.median(times)


# MARK: Statistics and the report


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    position = (len(ordered) - 1) * fraction
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


METRICS = [
    ("first_frame_ms", 1), ("rss_mb", 1), ("key_down_ms", 2), ("key_down_p99_ms", 2),
    ("key_pgdn_ms", 2), ("key_pgdn_p99_ms", 2), ("key_end_ms", 2), ("key_end_p99_ms", 2),
    ("idle_cpu_percent", 2),
]


def summarize(launches: list[dict], presses_each: int) -> tuple[dict, dict]:
    """Medians over launches (pooled presses for keys); notes per metric."""
    values: dict = {}
    notes: dict = collections.defaultdict(list)
    for metric in ("first_frame_ms", "rss_mb", "idle_cpu_percent"):
        got = [launch[metric] for launch in launches if launch.get(metric) is not None]
        values[metric] = statistics.median(got) if got else None
        if len(got) != len(launches):
            notes[metric].append(f"{len(got)} of {len(launches)} launches measured")
    for name in KEYS:
        presses = [t for launch in launches for t in launch["keys"][name]]
        values[f"key_{name}_ms"] = statistics.median(presses) if presses else None
        values[f"key_{name}_p99_ms"] = percentile(presses, 0.99) if presses else None
        if len(presses) != presses_each * len(launches):
            notes[f"key_{name}_ms"].append(
                f"{len(presses)} of {presses_each * len(launches)} presses timed")
    for launch in launches:
        for metric, texts in launch["notes"].items():
            for text in texts:
                if text not in notes[metric]:
                    notes[metric].append(text)
    return values, notes


def arguments(reps: int, presses: int, timeout: float) -> argparse.ArgumentParser:
    """The options this harness and measure_visidata.py share (each adds its own peers'), with
    its defaults: the launches are slower there, so fewer."""
    parser = argparse.ArgumentParser()
    parser.add_argument("counts", nargs="+", type=int)
    parser.add_argument("--ours", required=True)
    parser.add_argument("--data-dir", required=True, help="where rows-N.json (.csv) are")
    parser.add_argument("--out", required=True)
    parser.add_argument("--raw", help="where to write every launch's numbers")
    parser.add_argument("--reps", type=int, default=reps)
    parser.add_argument("--presses", type=int, default=presses)
    parser.add_argument("--timeout", type=float, default=timeout)
    return parser


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def main() -> None:
    parser = arguments(reps=5, presses=10, timeout=120)
    parser.add_argument("--python", required=True, help="the venv's python for the peers")
    parser.add_argument("--apps")
    parser.add_argument("--table", action="store_true", help="the table page and DataTable")
    args = parser.parse_args()
    sys.setswitchinterval(0.0002)  # the reader thread gets the interpreter within 0.2 ms
    here = os.path.dirname(os.path.abspath(__file__))

    def command(app: str, rows: str) -> list[str]:
        if app == "ours":
            return [args.ours, "--data", rows]
        script = {"textual": "textual_list.py", "urwid": "urwid_list.py",
                  "textual-table": "textual_table.py"}[app]
        return [args.python, os.path.join(here, script), rows]

    names = {"ours": "ours", "textual": "Textual OptionList", "urwid": "urwid ListBox",
             "textual-table": "Textual DataTable"}
    apps = (args.apps or ("ours,textual-table" if args.table else "ours,textual,urwid")).split(",")
    workdir = tempfile.mkdtemp(prefix="reusekit-peers-")
    pane = Pane(workdir)
    launches: dict = collections.defaultdict(list)
    skipped: dict = {}
    try:
        round_trip = harness_round_trip(pane)
        log(f"harness round trip (send-keys to a raw-mode cat's echo): {round_trip:.2f} ms")
        for count in args.counts:
            rows = os.path.join(args.data_dir, f"rows-{count}.{'csv' if args.table else 'json'}")
            for rep in range(args.reps):
                for app in apps:
                    if (app, count) in skipped:
                        continue
                    log(f"  {count:>9,} items  rep {rep + 1}/{args.reps}  {names[app]}")
                    result = run_launch(pane, command(app, rows), count, args.presses,
                                        args.timeout, log, table=args.table)
                    summary = ", ".join(
                        f"{key}={result[key]:.1f}" for key in
                        ("first_frame_ms", "rss_mb", "idle_cpu_percent") if key in result)
                    keys = ", ".join(
                        f"{name}={statistics.median([t for t in ts if t is not None]):.2f}"
                        for name, ts in result["keys"].items() if any(t is not None for t in ts))
                    log(f"      {summary}; {keys}")
                    launches[(app, count)].append(result)
                    if result.get("failed", "").startswith("first_frame_ms"):
                        skipped[(app, count)] = result["failed"]
                        log(f"      (no more launches of {names[app]} at {count:,} items)")
    finally:
        pane.close()

    table = []
    for count in args.counts:
        ours, ours_notes = summarize(launches[("ours", count)], args.presses)
        for app in apps:
            if app == "ours":
                continue
            theirs, their_notes = summarize(launches[(app, count)], args.presses)
            for metric, digits in METRICS:
                mine, other = ours.get(metric), theirs.get(metric)
                row = {
                    "metric": metric, "items": count,
                    "ours": None if mine is None else round(mine, digits),
                    "peer": names[app],
                    "theirs": None if other is None else round(other, digits),
                    "ratio": (float(f"{mine / other:.3g}") if mine is not None and other else None),
                }
                base = metric.replace("_p99", "")
                notes = [f"ours: {n}" for n in ours_notes.get(base, [])] + [
                    f"{names[app]}: {n}" for n in their_notes.get(base, [])]
                if (app, count) in skipped:
                    notes.append(f"{names[app]}: later launches skipped after: "
                                 f"{skipped[(app, count)]}")
                if mine is not None and other == 0:
                    notes.append(f"theirs is 0 (ours {mine:.2f}): no ratio")
                if notes:
                    row["note"] = "; ".join(dict.fromkeys(notes))
                table.append(row)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    # The list's and the table's runs share the file: this run's rows (its peers at its counts)
    # replace their own, and the others stay.
    measured = {names[app] for app in apps if app != "ours"}
    kept = []
    if os.path.exists(args.out):
        with open(args.out) as file:
            kept = [row for row in json.load(file)
                    if row.get("peer") not in measured or row.get("items") not in args.counts]
    with open(args.out, "w") as file:
        json.dump(kept + table, file, indent=1)
        file.write("\n")
    if args.raw:
        with open(args.raw, "w") as file:
            json.dump({"harness_round_trip_ms": round_trip,
                       "launches": {f"{app} {count}": runs
                                    for (app, count), runs in launches.items()}},
                      file, indent=1)
    print_table(table, args.counts, [names[a] for a in apps if a != "ours"], round_trip)


def show(value) -> str:
    return "–" if value is None else f"{value:,.2f}" if value < 1000 else f"{value:,.0f}"


def show_ratio(value) -> str:
    # Under 0.01 as a fraction: 1/20,432 says what 0.00 hides.
    return show(value) if value is None or value >= 0.01 or value <= 0 else f"1/{1 / value:,.0f}"


def print_table(table: list[dict], counts: list[int], peers: list[str], round_trip: float):
    header = f"{'metric':<18} {'items':>9}  {'ours':>9}"
    for peer in peers:
        header += f"  {peer:>18} {'ratio':>9}"
    print(header)
    print("-" * len(header))
    for count in counts:
        for metric, _ in METRICS:
            cells = [row for row in table if row["metric"] == metric and row["items"] == count]
            if not cells:
                continue
            line = f"{metric:<18} {count:>9,}  {show(cells[0]['ours']):>9}"
            for peer in peers:
                cell = next((row for row in cells if row["peer"] == peer), None)
                line += (f"  {show(cell['theirs']):>18} {show_ratio(cell['ratio']):>9}" if cell
                         else f"  {'':>18} {'':>9}")
            print(line)
        print()
    print(f"ratio = ours / theirs (below 1 is better for us). Harness round trip: "
          f"{round_trip:.2f} ms (included in every key time).")
    print_notes(table, peers=True)


def print_notes(rows: list[dict], peers: bool) -> None:
    """The notes under a table, a line a row that has one, naming the row's peer where the table
    has columns for several."""
    for row in rows:
        if row.get("note"):
            versus = f" vs {row['peer']}" if peers else ""
            print(f"note: {row['metric']} at {row['items']:,}{versus}: {row['note']}")


if __name__ == "__main__":
    main()
