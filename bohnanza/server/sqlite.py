"""The embedded store: SQLite in one file (``store.Store``'s default implementation).

What a change writes:

* a checkpoint (:meth:`SQLiteStore.save`): the room's row with the whole position
  (``rooms.game``, hidden deck order and generator state included; ``rooms.game_v`` is the
  room version it belongs to), and the command with its log lines and the same position
  (``commands.position``);
* a plain game command between checkpoints (:meth:`SQLiteStore.save_command`): only the
  command's row (seat, text, log lines; ``position`` NULL), one small INSERT.

The position after such a command is the checkpoint's with the game commands stored since
applied in order (the engine is deterministic: its generator state is part of the position).
:meth:`SQLiteStore.load` returns the checkpoint and those commands (:attr:`StoredRoom.tail`);
the room's journal applies them. The room's version is the larger of ``rooms.version`` and the
last stored command's.

The log lives here only: each command's row holds its log entries (one form for everyone,
``all``, or one per viewer, ``per``), and a connection that comes in is sent the most recent
ones and the chat again (the backlog, from :meth:`SQLiteStore.recent`; a room keeps neither in
memory).

A database another process holds locked makes a write fail after ``busy_timeout`` seconds
(``sqlite3.OperationalError``); the caller refuses the command. A room whose row cannot be read
is left out of :meth:`SQLiteStore.load_all` with a warning; a log or chat line that cannot be
read is left out of its room.
"""

from __future__ import annotations

import contextlib
import json
import logging
import sqlite3
import time
from pathlib import Path
from typing import Any

from .store import CommandRow, StoredRoom

log = logging.getLogger("bohnanza.server")

WAL_SIZE_LIMIT = 16 * 2**20  # bytes the write-ahead log file keeps when it starts over

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
    game_v INTEGER
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
"""


class SQLiteStore:
    """One connection, used by one thread at a time: the server's database thread (each room
    has one writer; see ``dbqueue.DbQueue``), or the caller's in scripts and tests."""

    def __init__(
        self,
        path: Path | str,
        synchronous: str = "NORMAL",
        busy_timeout: float = 1.0,
        autocheckpoint: bool = True,
        cache_kib: int | None = None,
    ) -> None:
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self.busy_ms = max(0, int(busy_timeout * 1000))
        self._busy_now = self.busy_ms
        self.db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        self.db.execute(f"PRAGMA busy_timeout={self.busy_ms}")
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA synchronous={synchronous}")
        # the write-ahead log file is cut back to this size when it starts over
        self.db.execute(f"PRAGMA journal_size_limit={WAL_SIZE_LIMIT}")
        if not autocheckpoint:  # a Checkpointer copies the log back, on its own thread
            self.db.execute("PRAGMA wal_autocheckpoint=0")
        if cache_kib is not None:
            self.db.execute(f"PRAGMA cache_size=-{int(cache_kib)}")
        self.db.executescript(SCHEMA)
        cols = {r[1] for r in self.db.execute("PRAGMA table_info(rooms)")}
        if "game_v" not in cols:  # a database of an older version: every position is current
            with contextlib.suppress(sqlite3.OperationalError):  # another process added it
                self.db.execute("ALTER TABLE rooms ADD COLUMN game_v INTEGER")

    def wait_for_locks(self, wait: bool) -> None:
        """Whether a write waits up to ``busy_timeout`` for a lock another connection holds
        (True, the default) or fails at once with ``SQLITE_BUSY`` (False)."""
        ms = self.busy_ms if wait else 0
        if ms != self._busy_now:
            self.db.execute(f"PRAGMA busy_timeout={ms}")
            self._busy_now = ms

    def _rollback(self) -> None:
        """End a failed transaction (when BEGIN itself failed there is none to end)."""
        if self.db.in_transaction:
            try:
                self.db.execute("ROLLBACK")
            except sqlite3.Error:  # pragma: no cover - the connection is broken
                log.exception("rollback failed")

    def close(self) -> None:
        self.db.close()

    def save(
        self,
        *,
        name: str,
        version: int,
        game_no: int,
        options: dict[str, Any],
        seats: list[dict[str, Any]],
        game: dict[str, Any] | str | None,
        last_result: dict[str, Any] | None,
        command: tuple[int | None, str] | None = None,
        log: list[dict[str, Any]] | str | None = None,
    ) -> None:
        """Write the room's whole current state (and the accepted command) in one transaction:
        a checkpoint. ``game`` is the position, or its JSON text; ``log`` the command's log
        entries, or their JSON text."""
        game_json = _text(game)
        now = time.time()
        cur = self.db.cursor()
        cur.execute("BEGIN IMMEDIATE")
        try:
            cur.execute(
                "INSERT INTO rooms (name, created, version, game_no, options, seats, game,"
                " last_result, game_v) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT(name) DO UPDATE SET"
                " version=MAX(version, excluded.version), game_no=excluded.game_no,"
                " options=excluded.options, seats=excluded.seats, game=excluded.game,"
                " last_result=excluded.last_result, game_v=excluded.game_v",
                (
                    name,
                    now,
                    version,
                    game_no,
                    json.dumps(options),
                    json.dumps(seats),
                    game_json,
                    json.dumps(last_result) if last_result is not None else None,
                    version,
                ),
            )
            if command is not None or log:
                seat, text = command if command is not None else (None, "")
                cur.execute(
                    "INSERT INTO commands (room, version, game_no, seat, text, position, log, ts)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        name,
                        version,
                        game_no,
                        seat,
                        text,
                        game_json if command is not None else None,
                        _text(log or []),
                        now,
                    ),
                )
            cur.execute("COMMIT")
        except BaseException:
            self._rollback()
            raise

    def save_command(
        self, *, name: str, version: int, game_no: int, seat: int, text: str, log: str
    ) -> None:
        """Store one game command after the room's checkpoint: its row only (one INSERT, its
        own transaction). ``log`` is the JSON text of its log entries."""
        self.db.execute(
            "INSERT INTO commands (room, version, game_no, seat, text, position, log, ts)"
            " VALUES (?, ?, ?, ?, ?, NULL, ?, ?)",
            (name, version, game_no, seat, text, log, time.time()),
        )

    def save_chat(self, name: str, line: dict[str, Any]) -> None:
        """Store one chat line (committed before its reply)."""
        self.db.execute(
            "INSERT INTO chat (room, line) VALUES (?, ?)", (name, json.dumps(line))
        )

    def save_version(self, name: str, version: int) -> None:
        """Persist a version bump that changed nothing durable (idle marks, connections).

        Best effort: it never waits for a lock (raises at once instead), and never lowers the
        stored version."""
        before = self._busy_now
        self.wait_for_locks(False)
        try:
            self.db.execute(
                "UPDATE rooms SET version=MAX(version, ?) WHERE name=?", (version, name)
            )
        finally:
            if before:
                self.wait_for_locks(True)

    def delete_room(self, name: str) -> None:
        cur = self.db.cursor()
        cur.execute("BEGIN IMMEDIATE")
        try:
            cur.execute("DELETE FROM rooms WHERE name=?", (name,))
            cur.execute("DELETE FROM commands WHERE room=?", (name,))
            cur.execute("DELETE FROM chat WHERE room=?", (name,))
            cur.execute("COMMIT")
        except BaseException:
            self._rollback()
            raise

    def load(
        self, name: str, log_history: int = 300, chat_history: int = 50
    ) -> StoredRoom | None:
        row = self.db.execute(
            "SELECT name, version, game_no, options, seats, game, last_result, game_v FROM rooms"
            " WHERE name=?",
            (name,),
        ).fetchone()
        if row is None:
            return None
        return self._room(row, log_history, chat_history)

    def load_all(self, log_history: int = 300, chat_history: int = 50) -> list[StoredRoom]:
        """Every room that can be read; one that cannot is skipped with a warning (the others
        still load and the server still starts)."""
        rows = self.db.execute(
            "SELECT name, version, game_no, options, seats, game, last_result, game_v FROM rooms"
            " ORDER BY created"
        ).fetchall()
        rooms = []
        for row in rows:
            try:
                rooms.append(self._room(row, log_history, chat_history))
            except Exception as e:
                log.warning("room %r cannot be read (%s: %s); skipped", row[0],
                            type(e).__name__, e)
        return rooms

    def _room(self, row: tuple[Any, ...], log_history: int, chat_history: int) -> StoredRoom:
        """A room from its row. Raises when the row itself cannot be read; unreadable log and
        chat lines are left out with a warning."""
        name, version, game_no, options, seats, game, last_result, game_v = row
        stored = StoredRoom(
            name=name,
            version=_whole(version, "version"),
            game_no=_whole(game_no, "game_no"),
            options=_json(options, dict, "options"),
            seats=_json(seats, list, "seats"),
            game=_json(game, dict, "game") if game is not None else None,
            last_result=_json(last_result, dict, "last_result") if last_result is not None
            else None,
            log=[],
            chat=[],
        )
        if not all(isinstance(s, dict) and isinstance(s.get("name"), str) for s in stored.seats):
            raise ValueError("a seat without a name")
        if stored.game is not None and game_v is not None:
            for seat, text, v in self.db.execute(
                "SELECT seat, text, version FROM commands WHERE room=? AND game_no=? AND"
                " version>? AND text!='' ORDER BY id",
                (name, stored.game_no, _whole(game_v, "game_v")),
            ):
                if not isinstance(seat, int) or not isinstance(text, str) or not text:
                    raise ValueError("a stored game command without seat or text")
                stored.tail.append((seat, text))
                stored.version = max(stored.version, _whole(v, "version"))
        stored.log, stored.chat = self.recent(name, log_history, chat_history)
        return stored

    def recent(
        self, name: str, log_history: int = 300, chat_history: int = 50
    ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """The room's most recent log entries and chat lines, oldest first (what a connection
        that comes in is sent again). Each log entry carries "game" (the game number) and "v"
        (the room version of the command that logged it) besides its "all" or "per" form.
        Lines that cannot be read are left out with a warning."""
        log_out: list[dict[str, Any]] = []
        chat_out: list[dict[str, Any]] = []
        bad = 0
        if log_history > 0:
            # the most recent log entries, in order; a command rarely has more than a few
            logs = self.db.execute(
                "SELECT log, game_no, version FROM commands WHERE room=? ORDER BY id DESC"
                " LIMIT ?",
                (name, log_history),
            ).fetchall()
            for text, g, v in reversed(logs):
                try:
                    entries = _json(text, list, "log")
                except ValueError:
                    bad += 1
                    continue
                for e in entries:
                    if isinstance(e, dict) and ("all" in e or "per" in e):
                        log_out.append({**e, "game": g, "v": v})
                    else:
                        bad += 1
            log_out = log_out[-log_history:]
        if chat_history > 0:
            for (text,) in reversed(
                self.db.execute(
                    "SELECT line FROM chat WHERE room=? ORDER BY id DESC LIMIT ?",
                    (name, chat_history),
                ).fetchall()
            ):
                try:
                    chat_out.append(_json(text, dict, "chat"))
                except ValueError:
                    bad += 1
        if bad:
            log.warning("room %r: %d unreadable log or chat lines left out", name, bad)
        return log_out, chat_out

    def command_rows(self, name: str) -> list[CommandRow]:
        """Every stored command of a room (not the rows that hold only log lines), oldest
        first; ``position`` is set for those stored with a checkpoint."""
        rows = self.db.execute(
            "SELECT version, game_no, seat, text, position FROM commands WHERE room=?"
            " AND text != '' ORDER BY id",
            (name,),
        ).fetchall()
        return [CommandRow(v, g, s, t, None if p is None else _json(p, dict, "position"))
                for v, g, s, t, p in rows]

    def checkpoint(self, mode: str = "PASSIVE") -> tuple[int, int, int]:
        """Copy the write-ahead log back into the database (``PRAGMA wal_checkpoint``):
        (busy, frames in the log, frames copied)."""
        row = self.db.execute(f"PRAGMA wal_checkpoint({mode})").fetchone()
        return int(row[0]), int(row[1]), int(row[2])


def _text(value: Any) -> str | None:
    """``value`` as compact JSON text; text is taken as JSON already; None stays None."""
    if value is None or isinstance(value, str):
        return value
    return json.dumps(value, separators=(",", ":"))


def _json(text: Any, kind: type, what: str) -> Any:
    """``text`` parsed as JSON of type ``kind``; ValueError otherwise."""
    if not isinstance(text, str):
        raise ValueError(f"{what} is not text")
    value = json.loads(text)  # JSONDecodeError is a ValueError
    if not isinstance(value, kind):
        raise ValueError(f"{what} is not a JSON {kind.__name__}")
    return value


def _whole(value: Any, what: str) -> int:
    if not isinstance(value, int):
        raise ValueError(f"{what} is not a whole number")
    return value
