"""What the ``commands_room`` index costs a lone game command, and what maintaining it in
batches would save (issue 14, serverdb13): the SQL alone, on a database that has run a while
(300 commands of each of 20 rooms stored first), then N lone ``INSERT``s of the rooms' rows in
turn, each its own transaction with the read kept open between them (as
``SQLiteStore._autocommit``), and every 100 commands the log copied back
(``PRAGMA wal_checkpoint(PASSIVE)``, as the ``Checkpointer``) after the layout's batch step.

LAYOUT: ``index`` (the schema: rowid table and the ``commands_room`` index on ``(room, id)``),
``none`` (no index: every read of a room would scan the table), ``partial`` (the index only on
rows marked ``indexed``; every 100 commands one ``UPDATE`` marks the new rows), ``side`` (no
index; every 100 commands one ``INSERT ... SELECT`` copies the new rows' ``(room, id)`` into a
``WITHOUT ROWID`` table keyed by them). The reads by room of ``partial`` and ``side`` would also
have to scan the rows since the last batch: not built, only the writes are counted here.
Two layouts that keep a room's rows together without an index (3 Dec 2026): ``wr`` (a
``WITHOUT ROWID`` table keyed by ``(room, id)``, each room's ids counted by the ``INSERT``
itself) and ``cl`` (the rowid table, a room's rows given ids of their own range: the room's
number times 2^32 plus its count), both inserting in the middle of the table's tree.
``BOHNANZA_BENCH_SQLITE_PAGE_SIZE`` sets the file's page size (default SQLite's, 4096).

    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \\
      python bench/sqlite_index.py LAYOUT 2100        # less the same with 100, / 2000

The file is in a temp dir under ``BOHNANZA_BENCH_SQLITE_DIR`` (default: the system's)."""

from __future__ import annotations

import os
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

LOG = '[{"all":{"kind":"plant","text":"P1 plants a Blue."}}]'
INSERT = ("INSERT INTO commands (room, version, game_no, seat, text, position, log, ts)"
          " VALUES (?, ?, ?, ?, ?, NULL, ?, ?)")


def _insert(layout: str, rooms: list[str]) -> tuple[str, Callable[[int], tuple[Any, ...]]]:
    """The ``INSERT`` of a layout and the parameters of its ``i``-th row (rooms in turn)."""
    if layout == "wr":  # the room's next id counted in the statement (the key's prefix)
        return ("INSERT INTO commands (id, room, version, game_no, seat, text, position, log, ts)"
                " VALUES ((SELECT IFNULL(MAX(id), 0) + 1 FROM commands WHERE room=?1),"
                " ?1, ?2, ?3, ?4, ?5, NULL, ?6, ?7)",
                lambda i: (rooms[i % 20], i, 1, 2, "/plant", LOG, time.time()))
    if layout == "cl":  # the room's number times 2^32 plus its count
        return ("INSERT INTO commands (id, room, version, game_no, seat, text, position, log, ts)"
                " VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?)",
                lambda i: ((i % 20 + 1) * 2**32 + i // 20 + 1, rooms[i % 20], i, 1, 2, "/plant",
                           LOG, time.time()))
    return INSERT, lambda i: (rooms[i % 20], i, 1, 2, "/plant", LOG, time.time())


def main() -> None:
    layout, n = sys.argv[1], int(sys.argv[2])
    if layout not in ("index", "none", "partial", "side", "wr", "cl"):
        raise SystemExit(f"unknown layout {layout!r}")
    path = os.path.join(tempfile.mkdtemp(dir=os.environ.get("BOHNANZA_BENCH_SQLITE_DIR")), "i.db")
    db = sqlite3.connect(path, isolation_level=None)
    page_size = os.environ.get("BOHNANZA_BENCH_SQLITE_PAGE_SIZE")
    if page_size:
        db.execute(f"PRAGMA page_size={int(page_size)}")
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("PRAGMA wal_autocheckpoint=0")
    extra = ", indexed INTEGER" if layout == "partial" else ""
    key = "id INTEGER NOT NULL" if layout == "wr" else "id INTEGER PRIMARY KEY"
    tail = ", PRIMARY KEY (room, id)) WITHOUT ROWID" if layout == "wr" else ")"
    db.execute(f"CREATE TABLE commands ({key}, room TEXT NOT NULL,"
               " version INTEGER NOT NULL, game_no INTEGER NOT NULL, seat INTEGER,"
               f" text TEXT NOT NULL, position TEXT, log TEXT NOT NULL, ts REAL NOT NULL{extra}"
               + tail)
    if layout == "index":
        db.execute("CREATE INDEX commands_room ON commands (room, id)")
    elif layout == "partial":
        db.execute("CREATE INDEX commands_room ON commands (room, id) WHERE indexed")
    elif layout == "side":
        db.execute("CREATE TABLE room_ids (room TEXT NOT NULL, id INTEGER NOT NULL,"
                   " PRIMARY KEY (room, id)) WITHOUT ROWID")
    rooms = [f"room-{i}" for i in range(20)]
    sql, row = _insert(layout, rooms)
    db.execute("BEGIN")
    for i in range(6000):
        db.execute(sql, row(i))
    if layout == "partial":
        db.execute("UPDATE commands SET indexed=1")
    elif layout == "side":
        db.execute("INSERT INTO room_ids SELECT room, id FROM commands")
    db.execute("COMMIT")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    cur = db.cursor()
    pin = db.execute("PRAGMA schema_version")  # the read kept open (a row left unfinished)
    batched = layout in ("partial", "side")  # the rows since the last batch step: id > mark
    mark = db.execute("SELECT MAX(id) FROM commands").fetchone()[0] if batched else 0
    for i in range(n):
        cur.execute(sql, row(6000 + i))
        if i % 100 == 99:
            pin.close()
            if layout == "partial":
                db.execute("UPDATE commands SET indexed=1 WHERE id > ?", (mark,))
            elif layout == "side":
                db.execute("INSERT INTO room_ids SELECT room, id FROM commands WHERE id > ?",
                           (mark,))
            if batched:
                mark = db.execute("SELECT MAX(id) FROM commands").fetchone()[0]
            db.execute("PRAGMA wal_checkpoint(PASSIVE)")
            pin = db.execute("PRAGMA schema_version")
    db.close()


if __name__ == "__main__":
    main()
