"""SQLite persistence: rooms, seats (hashed tokens), options, the game position and every
accepted command. Each change is one committed transaction, written before the reply."""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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
    log: list[dict[str, Any]]  # recent stored log entries, oldest first
    chat: list[dict[str, Any]]  # recent chat lines, oldest first


class Store:
    """One connection, used from the event loop only (each room has one writer)."""

    def __init__(self, path: Path | str, synchronous: str = "FULL") -> None:
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA synchronous={synchronous}")
        self.db.execute("PRAGMA busy_timeout=5000")
        self.db.executescript(SCHEMA)

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
            cur.execute("ROLLBACK")
            raise

    def save_chat(self, name: str, line: dict[str, Any]) -> None:
        """Store one chat line (committed before its reply)."""
        self.db.execute(
            "INSERT INTO chat (room, line) VALUES (?, ?)", (name, json.dumps(line))
        )

    def save_version(self, name: str, version: int) -> None:
        """Persist a version bump that changed nothing durable (idle marks, connections)."""
        self.db.execute("UPDATE rooms SET version=? WHERE name=?", (version, name))

    def delete_room(self, name: str) -> None:
        cur = self.db.cursor()
        cur.execute("BEGIN IMMEDIATE")
        cur.execute("DELETE FROM rooms WHERE name=?", (name,))
        cur.execute("DELETE FROM commands WHERE room=?", (name,))
        cur.execute("DELETE FROM chat WHERE room=?", (name,))
        cur.execute("COMMIT")

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
        rows = self.db.execute(
            "SELECT name, version, game_no, options, seats, game, last_result FROM rooms"
            " ORDER BY created"
        ).fetchall()
        return [self._room(r, log_history, chat_history) for r in rows]

    def _room(self, row: tuple[Any, ...], log_history: int, chat_history: int) -> StoredRoom:
        name, version, game_no, options, seats, game, last_result = row
        log: list[dict[str, Any]] = []
        if log_history > 0:
            # the most recent log entries, in order; a command rarely has more than a few
            logs = self.db.execute(
                "SELECT log FROM commands WHERE room=? ORDER BY id DESC LIMIT ?",
                (name, log_history),
            ).fetchall()
            for (text,) in reversed(logs):
                log.extend(json.loads(text))
            log = log[-log_history:]
        chat = [
            json.loads(text)
            for (text,) in reversed(
                self.db.execute(
                    "SELECT line FROM chat WHERE room=? ORDER BY id DESC LIMIT ?",
                    (name, chat_history),
                ).fetchall()
            )
        ]
        return StoredRoom(
            name=name,
            version=version,
            game_no=game_no,
            options=json.loads(options),
            seats=json.loads(seats),
            game=json.loads(game) if game is not None else None,
            last_result=json.loads(last_result) if last_result is not None else None,
            log=log,
            chat=chat,
        )

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
