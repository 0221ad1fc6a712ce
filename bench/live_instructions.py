"""Instructions per game command of the live server (issue 14): ``bench/server.py`` with our
server run under ``valgrind --tool=callgrind``; once the traffic is on, the counters are set to
zero (``callgrind_control -z``), and ``--window`` seconds later written out (``-d``); the
commands stored in that window (rows of the ``commands`` table, read from the bench's database
file) divide the instructions counted. Everything the server process runs in the window
counts: the reads, the commit, the frames, the sends' user part, the timers, its threads (the
kernel's part is not counted: valgrind sees user space only).

The same figure in one process, without sockets, is ``bench/pipeline.py``'s (valgrind, the full
run less ``--bare``, divided by its commands): when the two agree, the live server does no
work per command beyond that path, and the live CPU per command above the in-process one is
the same instructions run slower (a lone command wakes the process with cold caches), not
more of them.

Under valgrind the server runs about 50 times slower: keep the rate low (the default, R = 2:
10 clients at 2 commands/s, reached in full) and read the bench's own rows as not the server's.

    python bench/live_instructions.py                      # R = 2, a 25 s window
    python bench/live_instructions.py --rooms 2 --window 25 --server-src DIR

Needs ``valgrind`` (Debian's package)."""

from __future__ import annotations

import argparse
import glob
import os
import re
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import IO, Any

HERE = Path(__file__).resolve().parent


def _watch(stream: IO[str], found: dict[str, Any]) -> None:
    """Read ``bench/server.py``'s stderr: our server's pid from its ``# our server pid=N`` line
    (as ``bench/syscalls.py`` does; under valgrind, which runs the tool in place, the pid is
    the server's), the lines kept for a failure's message."""
    for line in stream:
        found.setdefault("lines", []).append(line)
        m = re.search(r"# our server pid=(\d+)", line)
        if m and "pid" not in found:
            found["pid"] = int(m.group(1))


def _db_of(pid: int) -> Path | None:
    args = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    for i, a in enumerate(args[:-1]):
        if a == b"--db":
            return Path(args[i + 1].decode())
    return None


def _commands(db: Path) -> int:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)
    try:
        return int(con.execute("SELECT COUNT(*) FROM commands").fetchone()[0])
    finally:
        con.close()


def _total(out_file: str) -> int:
    """The instructions (``Ir``) a callgrind dump counted (its ``summary:`` or ``totals:``)."""
    for line in Path(out_file).read_text(errors="replace").splitlines():
        m = re.match(r"(?:summary|totals):\s+(\d+)", line)
        if m:
            return int(m.group(1))
    raise SystemExit(f"no totals in {out_file}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rooms", type=int, default=2)
    ap.add_argument("--window", type=float, default=25.0, help="seconds counted")
    ap.add_argument("--server-src", help="the tree to serve (bench/server.py's option)")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="bohnanza-callgrind-") as tmp:
        out = os.path.join(tmp, "cg.%p.out")
        cmd = [sys.executable, str(HERE / "server.py"), "--rooms", str(a.rooms),
               "--seconds", str(a.window + 35), "--server-prefix",
               f"valgrind --tool=callgrind --callgrind-out-file={out}"]
        if a.server_src:
            cmd += ["--server-src", a.server_src]
        bench = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                 text=True)
        assert bench.stderr is not None
        found: dict[str, Any] = {}
        threading.Thread(target=_watch, args=(bench.stderr, found), daemon=True).start()
        try:
            pid: int | None = None
            db: Path | None = None
            deadline = time.monotonic() + 300
            while time.monotonic() < deadline:  # the traffic is on: commands are stored
                time.sleep(1)
                pid = found.get("pid")
                db = db or (_db_of(pid) if pid else None)
                if db is not None and db.exists() and _commands(db) > 50:
                    break
            else:
                raise SystemExit("the server's traffic did not start in 300 s")
            assert pid is not None and db is not None
            time.sleep(3)
            n0 = _commands(db)
            subprocess.run(["callgrind_control", "-z", str(pid)], check=True,
                           capture_output=True)
            time.sleep(a.window)
            subprocess.run(["callgrind_control", "-d", str(pid)], check=True,
                           capture_output=True)
            n1 = _commands(db)
        finally:
            bench.wait(timeout=a.window + 400)
            tail = "".join(found.get("lines", []))
        dumps = sorted(glob.glob(os.path.join(tmp, "cg.*.out.1")))
        if not dumps:
            raise SystemExit(f"no callgrind dump; bench/server.py said:\n{tail[-2000:]}")
        ir = _total(dumps[0])
    n = n1 - n0
    print(f"{n} commands stored in {a.window:.0f} s at R = {a.rooms}: {ir / 1e6:.1f} M "
          f"instructions, {ir / max(n, 1) / 1e3:.1f} K per command (user space, all threads)")


if __name__ == "__main__":
    main()
