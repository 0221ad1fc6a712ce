"""One stored game command's SQLite cost by table layout (issue 14, lever d): N inserts of a
command row, each in its own ``BEGIN IMMEDIATE``/``COMMIT`` as the group commit makes them
(WAL, ``synchronous`` NORMAL, a file in a temp dir, the rows of 20 rooms interleaved).
Count instructions with valgrind and take the difference of two N (the start-up cancels):

    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \\
      python bench/sqlite_insert.py LAYOUT 2100        # less the same with 100, / 2000

LAYOUT: ``rowid`` (the schema: rowid table and the ``commands_room`` index), ``norowid``
(``PRIMARY KEY (room, id) WITHOUT ROWID``, the id the room's largest + 1, in the insert),
``norowid-given`` (the same, the id given by the caller), ``noindex`` (rowid table, no
index: every read of a room would scan the table), ``empty`` (the transaction alone),
``alone`` (the schema's table, each INSERT without ``BEGIN``/``COMMIT`` around it: SQLite's
autocommit, as ``SQLiteStore.group`` makes a game command alone in its group),
``alone-norowid`` and ``alone-norowid-given`` (``norowid``'s and ``norowid-given``'s table and
insert, autocommit as ``alone``)."""

from __future__ import annotations

import os
import sqlite3
import sys
import tempfile
import time
from typing import Any

COLUMNS = ("version INTEGER NOT NULL, game_no INTEGER NOT NULL, seat INTEGER, text TEXT NOT NULL,"
           " position TEXT, log TEXT NOT NULL, ts REAL NOT NULL")
LOG = '[{"all":{"kind":"plant","text":"P1 plants a Blue."}}]'


def main() -> None:
    layout, n = sys.argv[1], int(sys.argv[2])
    path = os.path.join(tempfile.mkdtemp(), "insert.db")
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    counts: dict[str, int] = {}
    plain = ("INSERT INTO commands (room, version, game_no, seat, text, position, log, ts)"
             " VALUES (?, ?, 1, 2, '/plant', NULL, ?, ?)")
    keyed = f"CREATE TABLE commands (room TEXT NOT NULL, id INTEGER NOT NULL, {COLUMNS}," \
        " PRIMARY KEY (room, id)) WITHOUT ROWID"
    if layout in ("rowid", "noindex", "alone"):
        db.execute(f"CREATE TABLE commands (id INTEGER PRIMARY KEY, room TEXT NOT NULL, {COLUMNS})")
        if layout != "noindex":
            db.execute("CREATE INDEX commands_room ON commands (room, id)")
        sql = plain

        def args(room: str, v: int) -> tuple[Any, ...]:
            return (room, v, LOG, time.time())
    elif layout in ("norowid", "alone-norowid"):
        db.execute(keyed)
        sql = ("INSERT INTO commands (room, id, version, game_no, seat, text, position, log, ts)"
               " VALUES (?1, (SELECT COALESCE(MAX(id), 0) + 1 FROM commands WHERE room=?1),"
               " ?2, 1, 2, '/plant', NULL, ?3, ?4)")

        def args(room: str, v: int) -> tuple[Any, ...]:
            return (room, v, LOG, time.time())
    elif layout in ("norowid-given", "alone-norowid-given"):
        db.execute(keyed)
        sql = ("INSERT INTO commands (room, id, version, game_no, seat, text, position, log, ts)"
               " VALUES (?, ?, ?, 1, 2, '/plant', NULL, ?, ?)")

        def args(room: str, v: int) -> tuple[Any, ...]:
            counts[room] = counts.get(room, 0) + 1
            return (room, counts[room], v, LOG, time.time())
    elif layout == "empty":
        sql = "SELECT 1"

        def args(room: str, v: int) -> tuple[Any, ...]:
            return ()
    else:
        raise SystemExit(f"unknown layout {layout!r}")
    cur = db.cursor()
    rooms = [f"room-{i}" for i in range(20)]
    if layout.startswith("alone"):
        for i in range(n):
            db.execute(sql, args(rooms[i % 20], i))
        db.close()
        return
    for i in range(n):
        cur.execute("BEGIN IMMEDIATE")
        db.execute(sql, args(rooms[i % 20], i))
        cur.execute("COMMIT")
    db.close()


if __name__ == "__main__":
    main()
