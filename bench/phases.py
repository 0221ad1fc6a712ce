"""Where a command's time goes in the live server (issue 14): ``bench/server.py`` at one R, our
server run under this file (``--server-prefix``), which wraps a few of the server's functions
at run time with wall-clock timers (nothing in the package changes) and writes their running
totals every 2 s; then prints, for a window inside the traffic, µs per command read:

* ``read``: ``GatedWebSocket.data_received`` (a frame read, the command parsed and applied,
  its write asked for: what runs before the commit's turn of the loop);
* ``commit turn``: ``DbQueue.flush`` (the rooms' writes committed, then each room's frames);
  of it ``store`` (``SQLiteStore.group``), ``frames`` (``Room.states``: the views, the diffs,
  the texts) and ``sends`` (``Room.broadcast`` less ``Room.states``: the sockets' writes);
  of ``frames``, ``views`` (``BohnanzaHost.view_parts``) and ``diffs`` (``Snapshot.update``);
* per command kind (``handlers.dispatch``'s first word): its share and its ``frames``,
  ``views``, ``diffs`` and ``sends``;
* the process's CPU per command read over the same window (wall-clock timers on a loaded
  machine include the time the server waits for a core).

    python bench/phases.py --rooms 20 --seconds 18              # the working tree
    python bench/phases.py --rooms 20 -- --server-src DIR       # more bench/server.py options

The timers cost a little themselves (a few µs per command); compare kinds and parts within a
run, and trees with ``bench/server.py --compare``."""

from __future__ import annotations

import argparse
import ast
import functools
import os
import runpy
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bohnanza.server.room.change import Change
    from bohnanza.server.room.handlers import Room

HERE = Path(__file__).resolve().parent

_acc: dict[str, float] = {}
_kind = ["?"]


def _add(key: str, ns: int) -> None:
    _acc[key] = _acc.get(key, 0) + ns
    _acc["n " + key] = _acc.get("n " + key, 0) + 1


def _timed(fn: Callable[..., Any], key: str, by_kind: bool = False) -> Callable[..., Any]:
    @functools.wraps(fn)
    def timed(*args: Any, **kw: Any) -> Any:
        t0 = time.perf_counter_ns()
        try:
            return fn(*args, **kw)
        finally:
            dt = time.perf_counter_ns() - t0
            _add(key, dt)
            if by_kind:
                _add(f"{key} {_kind[0]}", dt)
    return timed


def _install(out: Path) -> None:
    """Wrap the server's functions (module docstring) and start the dumps to ``out``."""
    from bohnanza.games.bohnanza import BohnanzaHost
    from bohnanza.server import dbqueue, gatedws, sqlite
    from bohnanza.server.room import handlers, room, states

    dispatch = handlers.dispatch

    def kind_dispatch(room: Room, actor: Any, text: str) -> Change:
        _kind[0] = text.split()[0] if text.strip() else "?"
        return dispatch(room, actor, text)

    handlers.dispatch = kind_dispatch
    gatedws.GatedWebSocket.data_received = _timed(  # type: ignore[method-assign]
        gatedws.GatedWebSocket.data_received, "read")
    dbqueue.DbQueue.flush = _timed(dbqueue.DbQueue.flush, "commit turn")  # type: ignore[method-assign]
    sqlite.SQLiteStore.group = _timed(sqlite.SQLiteStore.group, "store")  # type: ignore[method-assign]
    room.Room.states = _timed(room.Room.states, "frames", True)  # type: ignore[method-assign]
    room.Room.broadcast = _timed(room.Room.broadcast, "broadcast", True)  # type: ignore[method-assign]
    BohnanzaHost.view_parts = _timed(BohnanzaHost.view_parts, "views", True)  # type: ignore[method-assign]
    states.Snapshot.update = _timed(states.Snapshot.update, "diffs", True)  # type: ignore[method-assign]

    import threading

    def dump() -> None:
        while True:
            time.sleep(2.0)
            row = {**_acc, "cpu": time.process_time(), "now": time.monotonic()}
            with out.open("a") as f:
                f.write(repr(row) + "\n")

    threading.Thread(target=dump, daemon=True, name="phases-dump").start()


def probe_main(argv: list[str]) -> None:
    """``phases.py probe --out F PYTHON -m bohnanza serve ...``: the server, timed."""
    out = Path(argv[argv.index("--out") + 1])
    rest = argv[argv.index("--out") + 2:]
    serve = rest[rest.index("bohnanza") + 1:]  # after "PYTHON -m bohnanza"
    _install(out)
    sys.argv = ["bohnanza", *serve]
    runpy.run_module("bohnanza", run_name="__main__", alter_sys=True)


def report(rows: list[dict[str, Any]], start: float, end: float) -> None:
    """The window from ``start`` to ``end`` s after the first dump."""
    t0 = rows[0]["now"]
    a = min(rows, key=lambda r: abs(r["now"] - t0 - start))
    b = min(rows, key=lambda r: abs(r["now"] - t0 - end))
    d: dict[str, float] = {k: v - a.get(k, 0) for k, v in b.items()}
    n = d.get("n read", 0)
    if not n:
        raise SystemExit("no command read in the window (start the window later?)")
    def us(k: str) -> float:  # µs per command read
        return d.get(k, 0) / 1e3 / n

    print(f"{n:.0f} commands read in {d['now']:.1f} s; server CPU {d['cpu'] * 1e6 / n:.0f} µs "
          "per command read")
    sends = us("broadcast") - us("frames")
    print("| read | commit turn | store | frames | views | diffs | sends |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    print(f"| {us('read'):.0f} | {us('commit turn'):.0f} | {us('store'):.0f} | "
          f"{us('frames'):.0f} | {us('views'):.0f} | {us('diffs'):.0f} | {sends:.0f} |")
    kinds = sorted({k[len("n broadcast "):] for k in d if k.startswith("n broadcast ")},
                   key=lambda k: -d[f"n broadcast {k}"])
    print("\n| command | share | frames | views | diffs | sends |")
    print("| --- | --- | --- | --- | --- | --- |")
    total = sum(d[f"n broadcast {k}"] for k in kinds) or 1
    for k in kinds:
        m = d[f"n broadcast {k}"]
        if m <= 0:
            continue
        f, v, df, bc = (d.get(f"{key} {k}", 0) / 1e3 / m
                       for key in ("frames", "views", "diffs", "broadcast"))
        print(f"| {k} | {100 * m / total:.0f} % | {f:.0f} | {v:.0f} | {df:.0f} | {bc - f:.0f} |")


def main() -> None:
    if sys.argv[1:2] == ["probe"]:
        probe_main(sys.argv[2:])
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rooms", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=18.0, help="bench/server.py's --seconds")
    ap.add_argument("--window", default="7,15", help="s after the first dump: START,END")
    ap.add_argument("bench", nargs=argparse.REMAINDER, help="-- more bench/server.py options")
    a = ap.parse_args()
    more = a.bench[1:] if a.bench[:1] == ["--"] else a.bench
    with tempfile.TemporaryDirectory(prefix="bohnanza-phases-") as tmp:
        out = Path(tmp) / "totals.txt"
        prefix = f"{sys.executable} {Path(__file__).resolve()} probe --out {out}"
        cmd = [sys.executable, str(HERE / "server.py"), "--rooms", str(a.rooms), "--seconds",
               str(a.seconds), "--server-prefix", prefix, *more]
        done = subprocess.run(cmd, capture_output=True, text=True, env=dict(os.environ))
        rows_md = [line for line in done.stdout.splitlines() if line.startswith("| ")]
        if done.returncode != 0 or not out.exists():
            raise SystemExit(f"bench/server.py failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
        print("\n".join(rows_md[-1:]))
        rows = [ast.literal_eval(line) for line in out.read_text().splitlines()]
    start, end = (float(x) for x in a.window.split(","))
    report(rows, start, end)


if __name__ == "__main__":
    main()
