"""SQLite persistence: rooms, seats (hashed tokens), options, the game position and every
accepted command. Each change is one committed transaction, written before the reply.

A database another process holds locked makes a write fail after ``busy_timeout`` seconds
(``sqlite3.OperationalError``); the caller refuses the command. A room whose row cannot be read
is left out of :meth:`Store.load_all` with a warning; a log or chat line that cannot be read is
left out of its room.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

log = logging.getLogger("bohnanza.server")

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    name TEXT PRIMARY KEY,
    created REAL NOT NULL,
    version INTEGER NOT NULL,
    game_no INTEGER NOT NULL DEFAULT 0,
    options TEXT NOT NULL,
    seats TEXT NOT NULL,
    game TEXT,
    last_result TEXT
);
CREATE TABLE IF NOT EXISTS commands (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
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
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    room TEXT NOT NULL,
    line TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS chat_room ON chat (room, id);
"""


@dataclass
class StoredRoom:
    name: str
    version: int
    game_no: int
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    game: dict[str, Any] | None
    last_result: dict[str, Any] | None
    # recent stored log entries, oldest first; each carries "game" (the game number) and "v"
    # (the room version of the command that logged it) besides its "all" or "per" form
    log: list[dict[str, Any]]
    chat: list[dict[str, Any]]  # recent chat lines, oldest first


class Store:
    """One connection, used by one thread at a time: the server's database thread (each room
    has one writer; see ``Hub.db``), or the caller's in scripts and tests."""

    def __init__(
        self, path: Path | str, synchronous: str = "FULL", busy_timeout: float = 1.0
    ) -> None:
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self.busy_ms = max(0, int(busy_timeout * 1000))
        self.db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        self.db.execute(f"PRAGMA busy_timeout={self.busy_ms}")
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA synchronous={synchronous}")
        self.db.executescript(SCHEMA)

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
        game: dict[str, Any] | None,
        last_result: dict[str, Any] | None,
        command: tuple[int | None, str] | None = None,
        log: list[dict[str, Any]] | None = None,
    ) -> None:
        """Write the room's whole current state (and the accepted command) in one transaction."""
        game_json = json.dumps(game, separators=(",", ":")) if game is not None else None
        now = time.time()
        cur = self.db.cursor()
        cur.execute("BEGIN IMMEDIATE")
        try:
            cur.execute(
                "INSERT INTO rooms (name, created, version, game_no, options, seats, game,"
                " last_result) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(name) DO UPDATE SET"
                " version=excluded.version, game_no=excluded.game_no,"
                " options=excluded.options, seats=excluded.seats, game=excluded.game,"
                " last_result=excluded.last_result",
                (
                    name,
                    now,
                    version,
                    game_no,
                    json.dumps(options),
                    json.dumps(seats),
                    game_json,
                    json.dumps(last_result) if last_result is not None else None,
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
                        json.dumps(log or [], separators=(",", ":")),
                        now,
                    ),
                )
            cur.execute("COMMIT")
        except BaseException:
            self._rollback()
            raise

    def save_chat(self, name: str, line: dict[str, Any]) -> None:
        """Store one chat line (committed before its reply)."""
        self.db.execute(
            "INSERT INTO chat (room, line) VALUES (?, ?)", (name, json.dumps(line))
        )

    def save_version(self, name: str, version: int) -> None:
        """Persist a version bump that changed nothing durable (idle marks, connections).

        Best effort: it never waits for a lock (raises at once instead), and never lowers the
        stored version."""
        self.db.execute("PRAGMA busy_timeout=0")
        try:
            self.db.execute(
                "UPDATE rooms SET version=MAX(version, ?) WHERE name=?", (version, name)
            )
        finally:
            self.db.execute(f"PRAGMA busy_timeout={self.busy_ms}")

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
            "SELECT name, version, game_no, options, seats, game, last_result FROM rooms"
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
            "SELECT name, version, game_no, options, seats, game, last_result FROM rooms"
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
        name, version, game_no, options, seats, game, last_result = row
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
                        stored.log.append({**e, "game": g, "v": v})
                    else:
                        bad += 1
            stored.log = stored.log[-log_history:]
        for (text,) in reversed(
            self.db.execute(
                "SELECT line FROM chat WHERE room=? ORDER BY id DESC LIMIT ?",
                (name, chat_history),
            ).fetchall()
        ):
            try:
                stored.chat.append(_json(text, dict, "chat"))
            except ValueError:
                bad += 1
        if bad:
            log.warning("room %r: %d unreadable log or chat lines left out", name, bad)
        return stored

    def commands(self, name: str) -> list[dict[str, Any]]:
        """Every stored command of a room, oldest first (tests and audits)."""
        rows = self.db.execute(
            "SELECT version, game_no, seat, text, position FROM commands WHERE room=?"
            " AND position IS NOT NULL ORDER BY id",
            (name,),
        ).fetchall()
        return [
            {
                "version": v,
                "game_no": g,
                "seat": s,
                "text": t,
                "position": json.loads(p) if p is not None else None,
            }
            for v, g, s, t, p in rows
        ]


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
