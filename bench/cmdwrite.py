"""What one command file line costs to store, three ways (issue 14): ``write`` to a file opened
``O_APPEND`` (``server/cmdfile.py`` today), ``pwrite`` into a file made long beforehand
(``posix_fallocate``), and a copy into a shared ``mmap`` of such a file. Each way writes
``--lines`` lines of a command file's size one at a time and prints µs per line (median and
mean), with warm caches and with ``--pollute`` MiB written before each line (untimed), as a
lone command in the live server finds its caches (``bench/pipeline.py --pollute``).

    python bench/cmdwrite.py                 # 3,000 lines, warm and with 32 MiB between
    python bench/cmdwrite.py --pollute 8 --lines 10000
"""

from __future__ import annotations

import argparse
import mmap
import os
import statistics
import tempfile
import time
from collections.abc import Callable

LINE = b'[123456,77,"room-42",1234,3,2,"/want 4 5","[]",1733320000.123]\n'  # a marker's line
ROOM = 64 << 20  # bytes made beforehand for pwrite and mmap (more than any run writes)


def _way(kind: str, path: str) -> tuple[Callable[[], None], Callable[[], None]]:
    """(write one line, close) for ``kind``."""
    if kind == "append":
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)

        def write() -> None:
            os.write(fd, LINE)
        return write, lambda: os.close(fd)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    os.posix_fallocate(fd, 0, ROOM)
    pos = [0]
    if kind == "pwrite":
        def put() -> None:
            os.pwrite(fd, LINE, pos[0])
            pos[0] += len(LINE)
        return put, lambda: os.close(fd)
    mm = mmap.mmap(fd, ROOM)

    def copy() -> None:
        i = pos[0]
        mm[i:i + len(LINE)] = LINE
        pos[0] = i + len(LINE)

    def close() -> None:
        mm.close()
        os.close(fd)
    return copy, close


def run(kind: str, lines: int, pollute: int, tmp: str) -> tuple[float, float]:
    """(median, mean) µs per line of ``kind`` over ``lines`` lines."""
    put, close = _way(kind, os.path.join(tmp, f"{kind}-{pollute}"))
    junk = bytearray(pollute << 20) if pollute else None
    stride = bytes(len(junk[::64])) if junk is not None else b""
    times = []
    try:
        for _ in range(lines):
            if junk is not None:
                junk[::64] = stride  # untimed: the caches filled with something else
            t = time.perf_counter_ns()
            put()
            times.append(time.perf_counter_ns() - t)
    finally:
        close()
    return statistics.median(times) / 1e3, sum(times) / len(times) / 1e3


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lines", type=int, default=3000)
    ap.add_argument("--pollute", type=int, default=32, metavar="MIB")
    a = ap.parse_args()
    if a.lines * len(LINE) > ROOM:
        ap.error(f"--lines at most {ROOM // len(LINE)}")
    print("| way | caches | µs per line, median | mean |")
    print("| --- | --- | --- | --- |")
    with tempfile.TemporaryDirectory() as tmp:
        for pollute in (0, a.pollute):
            for kind in ("append", "pwrite", "mmap"):
                med, mean = run(kind, a.lines, pollute, tmp)
                caches = "warm" if not pollute else f"{pollute} MiB between"
                print(f"| {kind} | {caches} | {med:.1f} | {mean:.1f} |")


if __name__ == "__main__":
    main()
