"""The marks of a stored room beside its checkpoint, on SQLite (``sqlite.SQLiteStore``; on
PostgreSQL: pgmarks.py, resting and away; the server asks for these calls with ``getattr``: a store without them keeps no such marks):

* ``rooms.visited``: when its last visitor left (the sweep forgets a room neither visited nor
  given a command for ``forget_after``: parking.py);
* ``rooms.resting``: when it parked (parking.py), NULL once it came back: a restart leaves a
  resting room in storage, resting in the lobby, its bots still (a restart loaded every room
  live and the lobby's resting line, "your seat, resting", was gone);
* ``rooms.away``: since when each person away was away (JSON, seat name -> Unix time), written
  as a seated connection comes or goes: a restart keeps the away clock that ``/handover``
  reads (it started again at the restart, so a player gone for an hour could not be handed
  to a bot for another ``away_seconds``).

Each write is one transaction of the store (``_counted``), best effort: the room's queue asks
for it without waiting (``DbQueue.later``).
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

# a room's marks as read back: (when it parked, or None; the away map: name -> Unix time)
Marks = tuple[float | None, dict[str, float]]


class RestMarks:
    """The marks' part of ``sqlite.SQLiteStore`` (a mixin over its connection ``db``)."""

    db: sqlite3.Connection

    def fold(self) -> None:
        """(the store's: fold the command file's lines in)"""

    def _counted(self, sql: str, params: Any) -> None:
        """(the store's: ``sql`` as one transaction)"""

    def stale_rooms(self, before: float) -> list[str]:
        """The rooms made before ``before`` (Unix time), neither visited nor given a command
        since (a visit: :meth:`save_visit`; a visitor may only look, or chat)."""
        self.fold()
        rows = self.db.execute(
            "SELECT name FROM rooms r WHERE created < ? AND COALESCE(visited, 0) < ? AND"
            " COALESCE((SELECT MAX(ts) FROM commands c WHERE c.room = r.name), 0) < ?",
            (before, before, before)).fetchall()
        return [str(r[0]) for r in rows]

    def save_visit(self, name: str, ts: float) -> None:
        """The room's last visitor left at ``ts`` (Unix time; a later one kept)."""
        self._counted("UPDATE rooms SET visited=MAX(COALESCE(visited, 0), ?) WHERE name=?",
                      (ts, name))

    def save_resting(self, name: str, ts: float | None) -> None:
        """The room parked at ``ts`` (Unix time); None: it is live again."""
        self._counted("UPDATE rooms SET resting=? WHERE name=?", (ts, name))

    def save_away(self, name: str, away: dict[str, float]) -> None:
        """The room's persons away now, each with the Unix time its last connection closed."""
        self._counted("UPDATE rooms SET away=? WHERE name=?",
                      (json.dumps(away) if away else None, name))

    def rest_marks(self, name: str | None = None) -> dict[str, Marks]:
        """The marks of every room (or of the room ``name``) that has one, by room name; an
        away map that cannot be read counts as none."""
        self.fold()
        sql = "SELECT name, resting, away FROM rooms WHERE (resting IS NOT NULL OR away IS NOT NULL)"
        rows = self.db.execute(sql + (" AND name=?" if name is not None else ""),
                               (name,) if name is not None else ()).fetchall()
        return {str(n): (float(r) if isinstance(r, (int, float)) else None, read_away(a))
                for n, r, a in rows}


def read_away(text: Any) -> dict[str, float]:
    """An away map read back: its entries of a name and a number (others left out)."""
    try:
        value = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        return {}
    if not isinstance(value, dict):
        return {}
    return {str(k): float(v) for k, v in value.items()
            if isinstance(v, (int, float)) and not isinstance(v, bool)}
