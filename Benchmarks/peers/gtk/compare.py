#!/usr/bin/env python3
"""Runs the GTK gallery's list page and the GtkListView peer side by side, in turns, on the
X display it is given (gtk.sh opens one with Xvfb), and writes what each costs.

    compare.py --ours BINARY --peer BINARY --out FILE.json [--repeats 5] COUNT...

For each item count, `--repeats` launches of each, interleaved (ours, peer, ours, ...):
first_frame_ms (from main() to the first frame with rows, each program's own clock) and
rss_mb (VmRSS at that moment). Both run in the system's theme (a forced theme reloads GTK's
CSS: about 9 ms). At the middle count, 3 runs each of 2,000 scroll frames of
7 px after 400 of warm-up: the time from setting the offset to the rows' widgets allocated
(ours: layoutAndPlace plus gtk_widget_size_allocate of the host; the peer: set_value plus
gtk_widget_size_allocate of the list view), median and p99, and the widgets each created.
Medians over the runs; ratio = ours / theirs, below 1 is better for us.

Instructions (callgrind, the stable measure): from exec to the first frame at the smallest and
the largest count (the whole program, under --first-frame); and 200 scroll frames and 100 jumps
(the offset set 0.37 of the content on each time) at the middle count, each inside
reusekit_measured() in both programs (--count): the offset set, the list allocated, and the
window's content painted into an image (a snapshot drawn with cairo), counted with
--toggle-collect=reusekit_measured. On copies without debug information (valgrind 3.19 cannot
read clang's DWARF 5).

The table: with --columnview, the gallery's table page (50 columns) against a GtkColumnView of
50 columns over the same lazy model: first frame and resident set at each count, and at the
middle count 2,000 scroll frames of 7 px (offset set to the view allocated) and the widgets
each created.
"""
import os
import shutil
import tempfile
import argparse
import json
import re
import statistics
import subprocess
import sys

ENV_NOTE = "GSK_RENDERER=cairo GDK_BACKEND=x11"


def run(command, timeout=120):
    result = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({result.returncode}): {result.stderr[-500:]}")
    return result.stdout


def number(pattern, text, what):
    match = re.search(pattern, text)
    if not match:
        raise SystemExit(f"no {what} in: {text!r}")
    return float(match.group(1))


def callgrind(command, *options):
    """The instructions callgrind counts in the program (not in what it spawns: a child forked
    before an exec reports the parent's count so far, so the largest count is the program's),
    and its output."""
    binary = tempfile.mktemp(prefix="counted-")
    shutil.copy(command[0], binary)
    subprocess.run(["strip", "--strip-debug", binary], check=True)
    try:
        result = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *options, binary,
             *command[1:]],
            capture_output=True, text=True, timeout=900)
    finally:
        os.remove(binary)
    collected = [int(x.replace(",", "")) for x in re.findall(r"Collected : ([\d,]+)", result.stderr)]
    if not collected:
        raise SystemExit(f"callgrind counted nothing: {result.stderr[-500:]}")
    return max(collected), result.stdout


def instructions(command, frames):
    """Instructions per frame counted inside reusekit_measured, under callgrind."""
    count, out = callgrind(command, "--toggle-collect=reusekit_measured")
    if number(r"counted_frames=(\d+)", out, "counted frames") != frames:
        raise SystemExit(f"not every frame was counted: {out[-500:]}")
    return count / frames


def first_frame(command):
    out = run(command)
    return (number(r"first frame after (\d+) ms", out, "first frame"),
            number(r"rss_mb=([\d.]+)", out, "rss"))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ours", required=True)
    parser.add_argument("--peer", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--columnview", help="the GtkColumnView peer, for the table")
    parser.add_argument("counts", type=int, nargs="+")
    options = parser.parse_args()

    ours = lambda n, *extra: [options.ours, "--demo", "list", "--items", str(n), "--size",
                              "960x720", "--no-autoscroll", *extra]
    peer = lambda n, *extra: [options.peer, "--items", str(n), *extra]
    rows = []

    def add(metric, items, mine, theirs):
        rows.append({"metric": metric, "items": items, "ours": mine, "peer": "GtkListView",
                     "theirs": theirs, "ratio": round(mine / theirs, 3) if theirs else None})

    def first_frames(mine, theirs, count, add_row):
        """The first frame and the resident set then, medians of `--repeats` launches of each
        program in turns."""
        samples = {"ours": [], "peer": []}
        for _ in range(options.repeats):
            samples["ours"].append(first_frame(mine(count, "--first-frame")))
            samples["peer"].append(first_frame(theirs(count, "--first-frame")))
        for index, metric in enumerate(["first_frame_ms", "rss_mb"]):
            add_row(metric, count, statistics.median(s[index] for s in samples["ours"]),
                    statistics.median(s[index] for s in samples["peer"]))

    for count in options.counts:
        first_frames(ours, peer, count, add)
        print(f"{count:>10,} items: first frame {rows[-2]['ours']:.0f} vs {rows[-2]['theirs']:.0f} ms, "
              f"rss {rows[-1]['ours']:.1f} vs {rows[-1]['theirs']:.1f} MB", flush=True)

    middle = sorted(options.counts)[len(options.counts) // 2]
    scroll = {"ours": [], "peer": []}
    for _ in range(3):
        out = run(ours(middle, "--measure-frames", "2000"))
        scroll["ours"].append((
            number(r"scroll_frame_allocated_us median=([\d.]+)", out, "median"),
            number(r"scroll_frame_allocated_us .*p99=([\d.]+)", out, "p99"),
            number(r"widgets_created=(\d+)", out, "widgets")))
        out = run(peer(middle, "--measure-frames", "2000"))
        scroll["peer"].append((
            number(r"size-allocate: median (\d+) us", out, "median"),
            number(r"size-allocate: .*p99 (\d+) us", out, "p99"),
            number(r"widgets_created=(\d+)", out, "widgets")))
    for index, metric in enumerate(["scroll_frame_median_us", "scroll_frame_p99_us", "widgets_created"]):
        add(metric, middle, statistics.median(s[index] for s in scroll["ours"]),
            statistics.median(s[index] for s in scroll["peer"]))

    # Everything from exec to the first frame (the dynamic linker, GTK's start, the page's
    # model, the first layout and paint), at the smallest and the largest count.
    for count in sorted({min(options.counts), max(options.counts)}):
        add("first_frame_instructions", count, callgrind(ours(count, "--first-frame"))[0],
            callgrind(peer(count, "--first-frame"))[0])
        print(f"first_frame_instructions at {count:,}: {rows[-1]['ours']:,.0f} vs "
              f"{rows[-1]['theirs']:,.0f}", flush=True)

    for metric, kind, frames in [("scroll_frame_instructions", "scroll", 200),
                                 ("jump_instructions", "jump", 100)]:
        add(metric, middle, instructions(ours(middle, "--count", kind, str(frames)), frames),
            instructions(peer(middle, "--count", kind, str(frames)), frames))
        print(f"{metric}: {rows[-1]['ours']:,.0f} vs {rows[-1]['theirs']:,.0f}", flush=True)

    if options.columnview:
        table = lambda n, *extra: [options.ours, "--demo", "table", "--items", str(n), "--size",
                                   "960x720", *extra]
        column_view = lambda n, *extra: [options.columnview, "--items", str(n), *extra]

        def add_table(metric, items, mine, theirs):
            add(metric, items, mine, theirs)
            rows[-1]["peer"] = "GtkColumnView"
            rows[-1]["metric"] = "table_" + metric

        for count in options.counts[:2]:
            first_frames(table, column_view, count, add_table)
        scroll = {"ours": [], "peer": []}
        for _ in range(3):
            out = run(table(middle, "--measure-frames", "2000"))
            scroll["ours"].append((
                number(r"scroll_frame_allocated_us median=([\d.]+)", out, "median"),
                number(r"widgets_created=(\d+)", out, "widgets")))
            out = run(column_view(middle, "--measure-frames", "2000"))
            scroll["peer"].append((
                number(r"size-allocate: median (\d+) us", out, "median"),
                number(r"widgets_created=(\d+)", out, "widgets")))
        for index, metric in enumerate(["scroll_frame_median_us", "widgets_created"]):
            add_table(metric, middle, statistics.median(s[index] for s in scroll["ours"]),
                      statistics.median(s[index] for s in scroll["peer"]))

    with open(options.out, "w") as file:
        json.dump({"environment": ENV_NOTE + ", Xvfb 1280x900x24, release builds",
                   "rows": rows}, file, indent=2)
        file.write("\n")
    print(f"\n{'metric':<32}{'items':>12}{'ours':>14}{'peer':>16}{'theirs':>14}{'ratio':>8}")
    for row in rows:
        print(f"{row['metric']:<32}{row['items']:>12,}{row['ours']:>14,.1f}{row['peer']:>16}"
              f"{row['theirs']:>14,.1f}{row['ratio']:>8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
