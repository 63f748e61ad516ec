#!/usr/bin/env python3
"""The longest stall of the terminal gallery's table page while a CSV file loads, as a user
sees it: the gallery runs in tmux (100 x 20) on FILE, a Down key goes every 100 ms, and the
status line is read every 50 ms; the longest time the status line stood still while it said
"loading" is the stall (the status counts rows and moves the cursor every frame that runs).

    Benchmarks/load-stalls/measure.py BINARY FILE.csv [NAME]

Prints one JSON object: {"name", "loaded_s", "longest_stall_ms", "downs"}. Run two builds in
turns on the same file (a baseline and the change) for a ratio; see BENCHMARKS.md. The file
there (12,000,000 rows, 553 MB):

    python3 -c "
    c = ['Oslo', 'Lima', 'Kyiv', 'Cairo', 'Perth', 'Quito']
    rows = [f'{i},Name {i*7919%1000003},{c[i%6]},{(i*37)%10007/7:.2f},plain note {i%97}\\n'
            for i in range(1, 2400001)]
    print('id,name,city,amount,note'); [print(''.join(rows), end='') for _ in range(5)]
    " > huge.csv
"""
import json
import subprocess
import sys
import time

binary, path = sys.argv[1], sys.argv[2]
name = sys.argv[3] if len(sys.argv) > 3 else binary
session = f"load-stalls-{abs(hash((binary, path, time.time())))}"
subprocess.run(["tmux", "kill-session", "-t", session], stderr=subprocess.DEVNULL)
subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "100", "-y", "20",
                f"{binary} --data {path}"], check=True)
start = time.time()
last_change = start
previous = None
longest = 0.0
downs = 0
loaded = None
next_down = start
try:
    while time.time() - start < 300:
        pane = subprocess.run(["tmux", "capture-pane", "-p", "-t", session],
                              capture_output=True, text=True).stdout.strip().splitlines()
        status = pane[-1] if pane else ""
        now = time.time()
        if status != previous:
            if previous is not None and "loading" in previous:
                longest = max(longest, now - last_change)
            last_change = now
            previous = status
        if now - start > 1 and "loading" not in status and " rows × " in status:
            loaded = now - start
            break
        if now >= next_down:
            subprocess.run(["tmux", "send-keys", "-t", session, "Down"])
            downs += 1
            next_down += 0.1
        time.sleep(0.05)
finally:
    subprocess.run(["tmux", "send-keys", "-t", session, "q"])
    time.sleep(0.3)
    subprocess.run(["tmux", "kill-session", "-t", session], stderr=subprocess.DEVNULL)
print(json.dumps({"name": name, "loaded_s": None if loaded is None else round(loaded, 2),
                  "longest_stall_ms": round(longest * 1000), "downs": downs}))
