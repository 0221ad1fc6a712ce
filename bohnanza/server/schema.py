"""The SQLite database's tables (:data:`SCHEMA`), a game command's row (:data:`INSERT_COMMAND`),
and whether a file's tables are this server's (:func:`schema_problem`)."""

from __future__ import annotations

import contextlib
import sqlite3

# ids are INTEGER PRIMARY KEY (the largest so far + 1: a room's rows are in id order); a
# database of an older version keeps its AUTOINCREMENT tables (the same order, a slower insert)
SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    name TEXT PRIMARY KEY,
    created REAL NOT NULL,
    version INTEGER NOT NULL,
    game_no INTEGER NOT NULL DEFAULT 0,
    options TEXT NOT NULL,
    seats TEXT NOT NULL,
    game TEXT,
    last_result TEXT,
    game_v INTEGER,
    visited REAL,
    resting REAL,
    away TEXT
);
CREATE TABLE IF NOT EXISTS commands (
    id INTEGER PRIMARY KEY,
    room TEXT NOT NULL,
    version INTEGER NOT NULL,
    game_no INTEGER NOT NULL,
    seat INTEGER,
    text TEXT NOT NULL,
    position TEXT,
    log TEXT NOT NULL,
    ts REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS commands_room ON commands (room, id);
CREATE TABLE IF NOT EXISTS chat (
    id INTEGER PRIMARY KEY,
    room TEXT NOT NULL,
    line TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS chat_room ON chat (room, id);
CREATE TABLE IF NOT EXISTS command_file (
    id INTEGER PRIMARY KEY CHECK (id = 0),
    line INTEGER NOT NULL,
    commits INTEGER NOT NULL
);
"""

# a game command's row (save_command; several of a group at once: SQLiteStore._commands)
INSERT_COMMAND = ("INSERT INTO commands (room, version, game_no, seat, text, position, log, ts)"
                  " VALUES (?, ?, ?, ?, ?, NULL, ?, ?)")

# columns a database of an older version gains on opening, with their types (``rooms.visited``:
# the Unix time its last visitor left, stored as each connection leaves: Journal.visit;
# ``rooms.resting``, ``rooms.away``: restmarks.py)
MIGRATED = {("rooms", "game_v"): "INTEGER", ("rooms", "visited"): "REAL",
            ("rooms", "resting"): "REAL", ("rooms", "away"): "TEXT"}


def migrate(con: sqlite3.Connection) -> None:
    """Add the :data:`MIGRATED` columns a database of an older version lacks (``game_v`` NULL:
    every position is current; ``visited`` NULL: no visit known, its commands' times count;
    ``resting``, ``away`` NULL: live, nobody away)."""
    for (table, col), kind in MIGRATED.items():
        if col not in {r[1] for r in con.execute(f"PRAGMA table_info({table})")}:
            with contextlib.suppress(sqlite3.OperationalError):  # another process added it
                con.execute(f"ALTER TABLE {table} ADD COLUMN {col} {kind}")


def schema_problem(con: sqlite3.Connection) -> str | None:
    """Why the database behind ``con`` is not this server's (one of its tables lacks a column
    :data:`SCHEMA` needs: another program's file), or None (this schema, or no tables yet)."""
    want = sqlite3.connect(":memory:")
    try:
        want.executescript(SCHEMA)
        for (table,) in want.execute("SELECT name FROM sqlite_master WHERE type='table'").fetchall():
            have = {str(r[1]) for r in con.execute(f"PRAGMA table_info({table})")}
            if not have:
                continue  # made on opening
            need = {str(r[1]) for r in want.execute(f"PRAGMA table_info({table})")}
            missing = sorted(c for c in need - have if (table, c) not in MIGRATED)
            if missing:
                return f"its table {table} has no column {', '.join(missing)}: not this server's"
    finally:
        want.close()
    return None
