"""A lone game command's whole store part as a room awaits it (issue 14): N game commands, one
at a time, each ``await queue.write(store.save_command, ...)`` from one task on a real ``Hub``'s
store and ``DbQueue`` (``Hub.open``: the tree's own settings, ``synchronous`` NORMAL, the
writes inline), the rows of 20 rooms in turn: the future, the turn of the event loop that
ends the group, ``SQLiteStore.group`` and ``save_command`` (the ``INSERT`` and its commit), the
writer resumed (``dboutcomes.settle``). Every ``--every`` commands (100) the log is copied back
as the ``Checkpointer`` does it (``DbQueue.checkpoint_now("PASSIVE")``, awaited).
``--null``: the same with ``save_command`` doing nothing (the queue's and the loop's part
alone); ``--uvloop``: on uvloop (the live server's loop) instead of asyncio's. Prints the CPU
(``time.process_time``) per command; ``--quiet`` prints nothing (for valgrind and ``strace
-c``: take the difference of two N, the start-up cancels):

    BOHNANZA_BENCH_SQLITE_SRC=DIR python bench/store_write.py 20000            # µs per command
    BOHNANZA_BENCH_SQLITE_SRC=DIR valgrind --tool=cachegrind --cache-sim=no \\
      --cachegrind-out-file=/dev/null python bench/store_write.py 2100 --quiet   # less 100
    BOHNANZA_BENCH_SQLITE_SRC=DIR strace -f -c python bench/store_write.py 2000 --quiet

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


async def play(n: int, every: int, null: bool) -> float:
    from bohnanza.server.hub import Hub
    from bohnanza.server.settings import Settings

    db = Path(tempfile.mkdtemp(dir=os.environ.get("BOHNANZA_BENCH_SQLITE_DIR"))) / "w.db"
    hub = Hub(Settings(db=db))
    hub.open()
    queue, store = hub.queue, hub.store
    if null:
        def save_command(*, name: str, version: int, game_no: int, seat: int, text: str,
                         log: str) -> None:
            return None

        save_command.__self__ = store  # type: ignore[attr-defined]  # group's check
        store.save_command = save_command  # type: ignore[method-assign]
    rooms = [f"room-{i}" for i in range(20)]
    spent = 0.0
    for i in range(n):
        t0 = time.process_time()
        await queue.write(store.save_command, name=rooms[i % 20], version=i + 1, game_no=1,
                          seat=2, text="/plant", log=LOG)
        spent += time.process_time() - t0
        if i % every == every - 1:
            queue.checkpoint_now("PASSIVE")
            await queue.call(lambda: None)  # after the checkpoint, on the database thread
    queue.close()
    return spent


def main() -> None:
    n = int(sys.argv[1])
    every = int(sys.argv[sys.argv.index("--every") + 1]) if "--every" in sys.argv else 100
    null = "--null" in sys.argv
    runner: Any = asyncio.run
    if "--uvloop" in sys.argv:
        import uvloop

        runner = uvloop.run
    spent = runner(play(n, every, null))
    if "--quiet" not in sys.argv:
        print(f"{1e6 * spent / max(n, 1):.1f} µs per command (the write's await)")


if __name__ == "__main__":
    main()
