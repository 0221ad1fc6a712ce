"""Presence: the room's connections and the marks they leave on the seats.

A seat is *idle* when its person has sent nothing for ``idle_seconds`` (a seat a bot plays
never is, nor a seat the game waits for: the board's idle mark on the player whose turn it is
read as "nothing to do" or "away", issue 10 trial 4; a wait that lasts is the *stalling* mark's),
*away* from the moment its person's last connection closes, and *long away* (may be
handed to a bot with ``/handover``) after ``away_seconds`` away during a game. A connected seat
is *stalling* (may be handed over too) when the game has waited for it for ``away_seconds``
without a word from its person (since the later of its last input and the moment the decision
became due, clock.py). The marks live on the seats (table.py); the connections here.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from .. import lang
from .change import CommandError
from .table import Seat, Table, check_name, check_person_name

if TYPE_CHECKING:
    from ..conn import Conn
    from ..settings import Settings


class Presence:
    """The connections of one room and the clock of their marks."""

    __slots__ = ("settings", "conns")

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.conns: list[Conn] = []

    def connected(self, seat: int) -> bool:
        return any(c.seat == seat for c in self.conns)

    def spectators(self) -> int:
        return sum(1 for c in self.conns if c.seat is None)

    def watchers(self, skip: Conn | None = None) -> list[str]:
        """The names of the connections without a seat (but ``skip``)."""
        return [c.name for c in self.conns if c is not skip and c.seat is None]

    def seated(self, seat: int) -> list[Conn]:
        """The connections (tabs) of ``seat``."""
        return [c for c in self.conns if c.seat == seat]

    def arrive(self, conn: Conn, seats: list[Seat]) -> None:
        """``conn`` (with its seat, if any) is in the room now."""
        self.conns.append(conn)
        if conn.seat is not None:
            seats[conn.seat].last_input = time.monotonic()
            seats[conn.seat].set_away(False)

    def depart(self, conn: Conn, seats: list[Seat]) -> bool:
        """``conn`` left; False when it was not here."""
        if conn not in self.conns:
            return False
        self.conns.remove(conn)
        if conn.seat is not None and conn.seat < len(seats):
            seats[conn.seat].set_away(not self.connected(conn.seat))
        return True

    def touch(self, conn: Conn, seats: list[Seat]) -> bool:
        """Input from ``conn``: its seat is not idle. True when the idle mark went."""
        if conn.seat is None or conn.seat >= len(seats):
            return False
        seat = seats[conn.seat]
        # not a field the room part shows (table.py's ``_SHOWN``): written without
        # ``Seat.__setattr__``'s call, which would count nothing for it
        seat.__dict__["last_input"] = time.monotonic()
        if seat.idle:
            seat.idle = False
            return True
        return False  # a stalling mark goes with the next tick of the idle clock

    def marks(self, s: Seat, now: float, running: bool) -> tuple[bool, bool, bool]:
        """(idle, long_away, stalling) as the clock says now. A seat a bot plays is never
        idle, nor one that owes a decision (clock.py's ``owed``: the game waits for it)."""
        idle = (s.bot is None and s.owed is None
                and now - s.last_input >= self.settings.idle_seconds)
        limit = self.settings.away_seconds
        person = running and s.human and s.bot is None
        long_away = person and s.away_mono is not None and now - s.away_mono >= limit
        stalling = (
            person
            and s.away_mono is None
            and s.owed_mono is not None
            and now - max(s.last_input, s.owed_mono) >= limit
        )
        return idle, long_away, stalling

    def due(self, seats: list[Seat], now: float, running: bool) -> bool:
        """Whether some seat's marks are not what the clock says."""
        return any(self.marks(s, now, running) != (s.idle, s.long_away, s.stalling)
                   for s in seats)

    def update(self, seats: list[Seat], now: float, running: bool) -> bool:
        """Set every seat's marks as the clock says; True when one changed."""
        changed = False
        for s in seats:
            marks = self.marks(s, now, running)
            if marks != (s.idle, s.long_away, s.stalling):
                s.idle, s.long_away, s.stalling = marks
                changed = True
        return changed

    def name_watcher(self, conn: Conn, name: str | None, table: Table, max_len: int) -> str | None:
        """Give ``conn`` (no seat) the ``hello`` name ``name``; the ``error`` frame to send when
        it cannot have it (in the connection's language).

        Names are unique in a room (compared as ``table.name_key``: case and full-width forms
        do not matter): a name a seat or another connection uses, or one that is not a valid
        name or ends in ``(bot)`` (a leaver's bot's), is refused with an ``error`` (``name_taken``, ``bad_name``) and the connection
        watches under a guest name of its own."""
        watchers = self.watchers(skip=conn)
        guest = conn.name
        if table.name_in_use(guest, watchers):
            conn.name = guest = table.unique_name(guest, watchers)
        if name is None:
            return None
        try:
            wanted = check_name(name, max_len)
            taken = table.clash(wanted, watchers)
            if taken is None:
                check_person_name(wanted)  # not "NAME (bot)": the name of a leaver's bot
        except CommandError as e:
            reader = conn.lang
            message = lang.text("error.watching_as", reader, guest=guest,
                                message=lang.refusal_text(e.code, e.message, reader))
            return lang.error_frame(e.code, message, reader)
        if taken is not None:  # (naming the name in use when it is written otherwise)
            key = "error.name_taken_watch" if taken == wanted else "error.name_taken_like_watch"
            return lang.error_frame("name_taken", lang.text(
                key, conn.lang, name=wanted, other=taken, guest=guest), conn.lang)
        conn.name = wanted
        return None
