"""A command's system calls in the real server (issue 14, the kernel's part): runs
``bench/server.py`` with the arguments after ``--`` and attaches ``perf stat`` to our server
(not the floor) for ``--seconds`` inside its traffic window, starting ``--delay`` seconds after
the server is up (past the bench's start-up, warm-up, joins and starts: 4-8 s; a window that
caught them shows ``accept4``: start later, and give the bench's own ``--seconds`` room for
both). Prints each system call's count per command (the commands in the window are the
bench's reached rate times its length) and per thread, with the CPU (task clock, µs per
command) and context switches. The idle server's own polls and ticks (about 24 ``epoll_pwait``
a second) are counted too: at R = 2 about one per command of them.

    python bench/syscalls.py --delay 9 --seconds 8 -- --rooms 20 --seconds 18 --server-src DIR
    python bench/syscalls.py --record /tmp/srv.data -- --rooms 2 --seconds 14   # perf record
    # then: perf report -i /tmp/srv.data.PID --children --sort sym -g none | grep '\\[k\\]'

Needs ``perf`` and the syscall tracepoints (root, or ``perf_event_paranoid`` at -1). Run it on a
quiet machine for times; the counts hold under load (only how often commands share a turn of
the loop changes with it)."""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--delay", type=float, default=9.0, help="s after the server is up")
    ap.add_argument("--seconds", type=float, default=8.0, help="s counted")
    ap.add_argument("--record", metavar="FILE", help="perf record -g to FILE.PID instead")
    ap.add_argument("bench", nargs=argparse.REMAINDER, help="-- bench/server.py's arguments")
    a = ap.parse_args()
    bench = a.bench[1:] if a.bench[:1] == ["--"] else a.bench
    proc = subprocess.Popen([sys.executable, str(HERE / "server.py"), *bench],
                            stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None
    result: dict[str, str] = {}
    rate: list[float] = []

    def attach(pid: str) -> None:
        time.sleep(a.delay)
        if a.record:
            cmd = ["perf", "record", "-q", "-F", "15000", "-g", "-o", f"{a.record}.{pid}"]
        else:
            cmd = ["perf", "stat", "--per-thread", "-x", "\t", "-e",
                   "task-clock,context-switches", "-e", "syscalls:sys_enter_*"]
        done = subprocess.run(cmd + ["-p", pid, "--", "sleep", str(a.seconds)],
                              capture_output=True, text=True)
        result["stat"] = done.stderr

    watchers: list[threading.Thread] = []
    for line in proc.stderr:
        sys.stderr.write(line)
        m = re.search(r"# our server pid=(\d+)", line)
        if m and not watchers:
            watchers.append(threading.Thread(target=attach, args=(m.group(1),), daemon=True))
            watchers[0].start()
        if line.startswith("# ours "):
            rate.append(float(json.loads(line[len("# ours "):])["cmd_per_s"]))
    proc.wait()
    for w in watchers:
        w.join(a.seconds + 30)
    if a.record or "stat" not in result or not rate:
        return
    commands = rate[0] * a.seconds
    counts: dict[str, dict[str, float]] = {}
    for line in result["stat"].splitlines():
        parts = line.split("\t")
        if len(parts) >= 4 and parts[1].replace(".", "", 1).isdigit():
            event = parts[3].removeprefix("syscalls:sys_enter_")
            scale = 1000.0 if event == "task-clock" else 1.0  # ms -> µs
            counts.setdefault(event, {})[parts[0]] = float(parts[1]) * scale
    print(f"# {commands:.0f} commands in {a.seconds:g} s ({rate[0]:.1f}/s); per command"
          " (task-clock: µs):")
    rows = sorted(((sum(t.values()), e, t) for e, t in counts.items()), reverse=True)
    for total, event, threads in rows:
        if total:
            each = ", ".join(f"{k} {v / commands:.2f}" for k, v in sorted(threads.items()) if v)
            print(f"{event:28s} {total / commands:8.2f}   ({each})")


if __name__ == "__main__":
    main()
