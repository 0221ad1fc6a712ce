"""The store part of game commands that share a turn of the event loop (issue 14, R = 100):
N game commands, K a turn, each ``queue.write(store.save_command, ...)`` on a real ``Hub``'s
store and ``DbQueue`` (``Hub.open``: the tree's own settings, ``synchronous`` NORMAL, the
writes inline), awaited together (``asyncio.gather``: one group, ``SQLiteStore.group``), the
rows of R rooms in turn (R = 100 unless given). Every ``--every`` commands (100) the log is
copied back as the ``Checkpointer`` does it (``DbQueue.checkpoint_now("PASSIVE")``, awaited).
``K = 1`` with R = 20 is ``bench/store_write.py``'s lone command. ``--uvloop``: on uvloop (the
live server's loop). Prints the CPU (``time.process_time``) per command; ``--quiet`` prints
nothing (for valgrind and ``strace -c``: take the difference of two N, the start-up cancels):

    BOHNANZA_BENCH_SQLITE_SRC=DIR python bench/store_turn.py 5 20000 [R]          # µs per command
    BOHNANZA_BENCH_SQLITE_SRC=DIR valgrind --tool=cachegrind --cache-sim=no \\
      --cachegrind-out-file=/dev/null python bench/store_turn.py 5 2100 --quiet  # less 100
    BOHNANZA_BENCH_SQLITE_SRC=DIR strace -f -c python bench/store_turn.py 5 2000 --quiet

``DIR`` holds a tree's ``bohnanza`` (default: this repository's). The file is in a temp dir
under ``BOHNANZA_BENCH_SQLITE_DIR`` (default: the system's)."""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, os.environ.get("BOHNANZA_BENCH_SQLITE_SRC")
                or str(Path(__file__).resolve().parent.parent))

LOG = '[{"all":{"kind":"plant","text":"P1 plants a Blue."}}]'


async def play(k: int, n: int, rooms: int, every: int) -> float:
    from bohnanza.server.hub import Hub
    from bohnanza.server.settings import Settings

    db = Path(tempfile.mkdtemp(dir=os.environ.get("BOHNANZA_BENCH_SQLITE_DIR"))) / "t.db"
    hub = Hub(Settings(db=db))
    hub.open()
    queue, store = hub.queue, hub.store
    names = [f"room-{i}" for i in range(rooms)]
    spent = 0.0
    i = 0
    while i < n:
        t0 = time.process_time()
        await asyncio.gather(*(queue.write(store.save_command, name=names[j % rooms],
                                           version=j + 1, game_no=1, seat=2, text="/plant",
                                           log=LOG) for j in range(i, min(n, i + k))))
        spent += time.process_time() - t0
        before, i = i, min(n, i + k)
        if before // every != i // every:
            queue.checkpoint_now("PASSIVE")
            await queue.call(lambda: None)  # after the checkpoint, on the database thread
    queue.close()
    return spent


def main() -> None:
    argv = sys.argv[1:]
    every = 100
    if "--every" in argv:
        at = argv.index("--every")
        every = int(argv[at + 1])
        del argv[at:at + 2]
    args = [a for a in argv if not a.startswith("--")]
    k, n = int(args[0]), int(args[1])
    rooms = int(args[2]) if len(args) > 2 else 100
    runner: Any = asyncio.run
    if "--uvloop" in sys.argv:
        import uvloop

        runner = uvloop.run
    spent = runner(play(k, n, rooms, every))
    if "--quiet" not in sys.argv:
        print(f"{1e6 * spent / max(n, 1):.1f} µs per command (K = {k} a turn)")


if __name__ == "__main__":
    main()
