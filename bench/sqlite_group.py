"""One stored game command's cost through the store's group commit (issue 14, server CPU):
N game commands (``SQLiteStore.save_command``, the rows of R rooms in turn, R = K unless given)
handed to ``SQLiteStore.group`` K at a time, as ``DbQueue.flush`` hands it the writes asked for
in one turn of the event loop (K = 1 at R = 1 and mostly at R = 20; several at R = 100). WAL, ``synchronous`` NORMAL, a
file in a temp dir. Count instructions with valgrind and take the difference of two N (the
start-up cancels):

    BOHNANZA_BENCH_SQLITE_SRC=DIR valgrind --tool=cachegrind --cache-sim=no \\
      --cachegrind-out-file=/dev/null python bench/sqlite_group.py 5 2100   # less 100, / 2000
    python bench/sqlite_group.py 1 2100 20     # one command a group, 20 rooms' rows in turn

``DIR`` holds a tree's ``bohnanza`` (default: this repository's). ``BOHNANZA_BENCH_SQLITE_PREFILL=P``
stores P commands of each room first, in P groups of R (one command of each room a group: a database that has run a while: each
room's newest rows, and its index entries, in a leaf of their own), then counts as above."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, os.environ.get("BOHNANZA_BENCH_SQLITE_SRC")
                or str(Path(__file__).resolve().parent.parent))

LOG = '[{"all":{"kind":"plant","text":"P1 plants a Blue."}}]'


def main() -> None:
    from bohnanza.server.sqlite import SQLiteStore

    k, n = int(sys.argv[1]), int(sys.argv[2])
    rooms = int(sys.argv[3]) if len(sys.argv) > 3 else k
    store = SQLiteStore(os.path.join(tempfile.mkdtemp(), "group.db"))
    version = 0
    made = 0
    prefill = int(os.environ.get("BOHNANZA_BENCH_SQLITE_PREFILL") or 0)
    for _ in range(prefill):
        version += 1
        store.group([(store.save_command, (), {"name": f"room-{r}", "version": version,
                                               "game_no": 1, "seat": 2, "text": "/plant",
                                               "log": LOG})
                     for r in range(rooms)])
    for _ in range(n // k):
        version += 1
        store.group([(store.save_command, (), {"name": f"room-{(made + r) % rooms}",
                                               "version": version, "game_no": 1, "seat": 2,
                                               "text": "/plant", "log": LOG})
                     for r in range(k)])
        made += k
    store.close()


if __name__ == "__main__":
    main()
