"""Reading a store's rows back: the one reading of the rooms, their commands, log and chat,
shared by both stores (``sqlite.py``, ``postgres.py``; they differ only in how a query is
run: :meth:`RowReader._q`). Queries are written with ``?`` placeholders."""

from __future__ import annotations

import json
import logging
from typing import Any

from .store import CommandRow, StoredRoom

log = logging.getLogger("bohnanza.server")


class RowReader:
    """The reads of :class:`~bohnanza.server.store.Store` over ``_q``."""

    def _q(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """The rows of one query (``?`` placeholders)."""
        raise NotImplementedError

    def load(
        self, name: str, log_history: int = 300, chat_history: int = 50
    ) -> StoredRoom | None:
        rows = self._q(
            "SELECT name, version, game_no, options, seats, game, last_result, game_v FROM rooms"
            " WHERE name=?",
            (name,),
        )
        if not rows:
            return None
        return self._room(rows[0], log_history, chat_history)

    def load_all(self, log_history: int = 300, chat_history: int = 50) -> list[StoredRoom]:
        """Every room that can be read; one that cannot is skipped with a warning (the others
        still load and the server still starts)."""
        rows = self._q(
            "SELECT name, version, game_no, options, seats, game, last_result, game_v FROM rooms"
            " ORDER BY created"
        )
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
            for seat, text, v in self._q(
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
            logs = self._q(
                "SELECT log, game_no, version FROM commands WHERE room=? ORDER BY id DESC"
                " LIMIT ?",
                (name, log_history),
            )
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
                self._q(
                    "SELECT line FROM chat WHERE room=? ORDER BY id DESC LIMIT ?",
                    (name, chat_history),
                )
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
        rows = self._q(
            "SELECT version, game_no, seat, text, position FROM commands WHERE room=?"
            " AND text != '' ORDER BY id",
            (name,),
        )
        return [CommandRow(v, g, s, t, None if p is None else _json(p, dict, "position"))
                for v, g, s, t, p in rows]


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
