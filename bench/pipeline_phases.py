"""Where a command's time goes in one process (issue 14): ``bench/pipeline.py``'s recorded games
(``--kinds``, each command timed alone, with ``--pollute`` MiB written before each one), the
server's functions wrapped at run time with wall-clock timers (nothing in the package changes),
printed per command kind as the median µs of each part:

* ``say``: the whole ``Room.say`` (the reply, the write's turn, the frames, the sends);
* ``dispatch``: the command read and applied (``handlers.dispatch``);
* ``write``: its write asked for (``Journal.write``; made at the end of the loop's turn);
* ``broadcast``: the frames and the sends (``Room.broadcast``), of it ``views``
  (``BohnanzaHost.view_parts``) and ``diff`` (``Snapshot.update``);
* ``marks``: the presence (``Presence.touch``) and what each seat owes (``mark_owed``).

What is left of ``say`` is the lock, the loop's turn, the command file's line and the reply.
The live server's parts are ``bench/phases.py``'s.

    python bench/pipeline_phases.py               # cold: 32 MiB before each command
    python bench/pipeline_phases.py --pollute 0   # warm
"""

from __future__ import annotations

import argparse
import functools
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

PARTS = ("say", "dispatch", "write", "broadcast", "views", "diff", "marks")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pollute", type=int, default=32, metavar="MIB")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--players", type=int, default=5)
    a = ap.parse_args()

    import pipeline

    from bohnanza.games.bohnanza import BohnanzaHost
    from bohnanza.server.room import handlers, journal, presence, states
    from bohnanza.server.room import room as room_module

    times: dict[tuple[str, str], list[int]] = defaultdict(list)
    now: dict[str, int] = {}  # the command being said: ns per part so far

    def timed(owner: Any, name: str, part: str) -> None:
        fn: Callable[..., Any] = getattr(owner, name)

        @functools.wraps(fn)
        def wrapper(*args: Any, **kw: Any) -> Any:
            t = time.perf_counter_ns()
            try:
                return fn(*args, **kw)
            finally:
                now[part] = now.get(part, 0) + time.perf_counter_ns() - t
        setattr(owner, name, wrapper)

    say = room_module.Room.say

    async def timed_say(self: Any, conn: Any, say_id: Any, text: str) -> None:
        now.clear()
        t = time.perf_counter_ns()
        try:
            await say(self, conn, say_id, text)
        finally:
            now["say"] = time.perf_counter_ns() - t
            kind = text.split()[0]
            for part, ns in now.items():  # each part's sum over the command
                times[(kind, part)].append(ns)

    room_module.Room.say = timed_say  # type: ignore[method-assign]
    timed(handlers, "dispatch", "dispatch")
    timed(journal.Journal, "write", "write")
    timed(room_module.Room, "broadcast", "broadcast")
    timed(BohnanzaHost, "view_parts", "views")
    timed(states.Snapshot, "update", "diff")
    timed(presence.Presence, "touch", "marks")
    timed(room_module, "mark_owed", "marks")
    pipeline.run(a.players, a.games, "classic", 1, 1, 0, False, True, a.pollute, 1)
    kinds = sorted({k for k, _ in times}, key=lambda k: -len(times[(k, "say")]))
    print(f"µs per command (median), {a.pollute} MiB written before each")
    print("| command | n | " + " | ".join(PARTS) + " |")
    print("| --- | --- | " + " | ".join("---" for _ in PARTS) + " |")
    for k in kinds:
        n = len(times[(k, "say")])
        if n < 20:  # /join, /start: not the games' commands
            continue
        cells = [f"{statistics.median(times[(k, p)]) / 1e3:.0f}" if times[(k, p)] else "-"
                 for p in PARTS]
        print(f"| {k} | {n} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
