"""The marks of a stored room beside its checkpoint, on PostgreSQL (``postgres.PostgresStore``;
the same calls as SQLite's, restmarks.py, which says what they are for):

* ``rooms.resting``: when it parked, NULL once it came back (on the cluster an idle room is
  let go instead, ``room_owner.parked``, cluster/live.py; the mark is kept all the same);
* ``rooms.away``: since when each person away was away (JSON, seat name -> Unix time), written
  as a seated connection comes or goes: a room taken over by another process (its owner died,
  or restarted) keeps the away clock that ``/handover`` reads (it started again at the takeover,
  so a player gone for an hour could not be handed to a bot for another ``away_seconds``).

Each write is one statement, fenced as ``save_version`` is (best effort: a process that no
longer owns the room changes nothing; one that never claimed it raises ``Fenced``); the room's
queue asks for it without waiting (``DbQueue.later``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import psycopg

from .restmarks import Marks, read_away

if TYPE_CHECKING:
    from .postgres import PostgresStore
    from .store import StoredRoom


def read_marked(store: PostgresStore, name: str) -> tuple[StoredRoom | None, str | None]:
    """The room as stored, with its marks (the away clock runs on over a takeover or a
    restart: cluster/owner.py's load), on the database thread; a row that cannot be read is
    returned as why (``(None, why)``), a database error raised (``Owner._load`` tells them
    apart)."""
    try:
        stored = store.load(name, 0, 0)
        if stored is not None:
            stored.resting, stored.away = store.rest_marks(name).get(name, (None, {}))
        return stored, None
    except psycopg.Error:
        raise
    except Exception as e:
        return None, f"{type(e).__name__}: {e}"


class RestMarks:
    """The marks' part of ``postgres.PostgresStore`` (a mixin over its connection ``db``)."""

    _fence: Callable[[str], int | None]  # (pgowners.py: the room's fencing number)

    @property
    def db(self) -> psycopg.Connection[Any]:
        """(the store's: its connection)"""
        raise NotImplementedError

    def save_resting(self, name: str, ts: float | None) -> None:
        """The room parked at ``ts`` (Unix time); None: it is live again."""
        self._mark(name, "resting", ts)

    def save_away(self, name: str, away: dict[str, float]) -> None:
        """The room's persons away now, each with the Unix time its last connection closed."""
        self._mark(name, "away", json.dumps(away) if away else None)

    def rest_marks(self, name: str | None = None) -> dict[str, Marks]:
        """The marks of every room (or of the room ``name``) that has one, by room name; an
        away map that cannot be read counts as none."""
        sql = ("SELECT name, resting, away FROM rooms"
               " WHERE (resting IS NOT NULL OR away IS NOT NULL)")
        rows = self.db.execute(sql + (" AND name=%s" if name is not None else ""),
                               (name,) if name is not None else ()).fetchall()
        return {str(n): (float(r) if isinstance(r, (int, float)) else None, read_away(a))
                for n, r, a in rows}

    def _mark(self, name: str, column: str, value: Any) -> None:
        """``rooms.<column>`` of the room set to ``value``, fenced (``column``: ours, never
        the caller's)."""
        fence = self._fence(name)
        if fence is None:
            self.db.execute(f"UPDATE rooms SET {column}=%s WHERE name=%s", (value, name))
            return
        self.db.execute(
            f"UPDATE rooms SET {column}=%s WHERE name=%s AND EXISTS"
            " (SELECT 1 FROM room_owner WHERE name=%s AND fence=%s FOR SHARE)",
            (value, name, name, fence))
