"""A lone game command's store part as the server makes it (issue 14, R = 20: each command
alone in its group commit), with the log copied back as the server copies it: N game commands
(``SQLiteStore.save_command`` through ``SQLiteStore.group``, one a group, the rows of 20 rooms
in turn) on the store a real ``Hub`` opens (``Hub.open``: the tree's own settings of the
connection), and every ``--every`` commands (100: the checkpoint's 0.5 s at 200 commands a
second) one ``PRAGMA wal_checkpoint(PASSIVE)`` where the tree makes it: on a connection of
its own when its ``Checkpointer`` is a thread with one (``_run``), else on the server's
connection (``SQLiteStore.checkpoint``, as the database thread makes it). Prints the CPU (``time.process_time``, user and system) per command of the writes
and of the checkpoints; ``--quiet`` prints nothing (for valgrind and ``strace -c``: take the
difference of two N, the start-up cancels):

    BOHNANZA_BENCH_SQLITE_SRC=DIR python bench/sqlite_lone.py 20000        # µs per command
    BOHNANZA_BENCH_SQLITE_SRC=DIR valgrind --tool=cachegrind --cache-sim=no \\
      --cachegrind-out-file=/dev/null python bench/sqlite_lone.py 2100 --quiet   # less 100
    BOHNANZA_BENCH_SQLITE_SRC=DIR strace -f -c python bench/sqlite_lone.py 2000 --quiet

``DIR`` holds a tree's ``bohnanza`` (default: this repository's). The file is in a temp dir
under ``BOHNANZA_BENCH_SQLITE_DIR`` (default: the system's)."""

from __future__ import annotations

import os
import shutil
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.environ.get("BOHNANZA_BENCH_SQLITE_SRC")
                or str(Path(__file__).resolve().parent.parent))

LOG = '[{"all":{"kind":"plant","text":"P1 plants a Blue."}}]'


def main() -> None:
    from bohnanza.server.checkpointer import Checkpointer
    from bohnanza.server.hub import Hub
    from bohnanza.server.settings import Settings

    n = int(sys.argv[1])
    quiet = "--quiet" in sys.argv
    every = int(sys.argv[sys.argv.index("--every") + 1]) if "--every" in sys.argv else 100
    db = Path(tempfile.mkdtemp(dir=os.environ.get("BOHNANZA_BENCH_SQLITE_DIR"))) / "lone.db"
    try:
        hub = Hub(Settings(db=db))
        hub.open()
        store = hub.store
        own = not hasattr(Checkpointer, "_run")  # the checkpoint on the server's connection
        checkpoint = (sqlite3.connect(db, isolation_level=None, check_same_thread=False)
                      if not own else None)
        rooms = [f"room-{i}" for i in range(20)]
        group = store.group  # type: ignore[attr-defined]
        save = store.save_command
        write = copy = 0.0
        for i in range(n):
            t0 = time.process_time()
            group([(save, (), {"name": rooms[i % 20], "version": i + 1, "game_no": 1, "seat": 2,
                               "text": "/plant", "log": LOG})])
            t1 = time.process_time()
            write += t1 - t0
            if i % every == every - 1:
                if checkpoint is not None:
                    checkpoint.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                else:
                    store.checkpoint("PASSIVE")  # type: ignore[attr-defined]
                copy += time.process_time() - t1
        if checkpoint is not None:
            checkpoint.close()
        hub.queue.close()
        if not quiet:
            print(f"{'own connection' if own else 'a checkpoint connection'}: write "
                  f"{1e6 * write / n:.1f} µs, checkpoint {1e6 * copy / n:.1f} µs per command")
    finally:
        shutil.rmtree(db.parent, ignore_errors=True)  # the temporary folder and its log files


if __name__ == "__main__":
    main()
