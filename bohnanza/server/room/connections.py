"""A room's connections after their arrival (the ``Room``'s part for them, split from room.py,
one purpose each): the hello (arrival.py), a switch of language, a resync, the departure,
activity, and the idle clock's marks.

A mixin of ``Room``; it uses the room only through the attributes declared here. A room part
does not import the room that owns it (tests/test_layers.py).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import arrival
from .logbook import read_backlog

if TYPE_CHECKING:
    from ..conn import Conn
    from ..dbqueue import DbQueue
    from ..settings import Settings
    from .bots import BotDriver
    from .journal import Journal
    from .presence import Presence
    from .table import Table


class Connections:
    """The room's connections (module docstring)."""

    name: str
    version: int
    lock: asyncio.Lock
    queue: DbQueue
    settings: Settings
    table: Table
    presence: Presence
    journal: Journal
    bots: BotDriver
    directory: Any  # the room directory (room.py's Directory)
    last_visit: float
    bump: Callable[[], None]  # (the room's: a new version to everyone)
    state_for: Callable[[Conn], str]  # (the room's frames: broadcast.py)

    async def attach(self, conn: Conn, name: str | None, token: str | None) -> None:
        """A connection said ``hello`` (arrival.py; counts ``pending`` off, even on a fault)."""
        await arrival.attach(self, conn, name, token)

    def note_lang(self, conn: Conn, reader: str) -> None:
        """The person switched language over the rate (owed.py): the server writes to them in
        it from now on; the log comes again in it later (:meth:`set_lang`)."""
        conn.lang = reader

    async def set_lang(self, conn: Conn, reader: str) -> None:
        """The person switched language: from now on the server writes to them in it, and
        the stored log comes again in it (one ``log`` with ``replay``, empty when there is
        none, so the page knows to write its log afresh)."""
        async with self.lock:
            conn.lang = reader
            frames_ = await read_backlog(self.queue, self.name, self.settings, self.table,
                                         conn.seat, self.version, reader, log_only=True)
            for frame in frames_:
                conn.send(frame)

    async def resync(self, conn: Conn) -> None:
        """A delta connection missed a version (``resync``): a full state, patches after it."""
        async with self.lock:
            if conn in self.presence.conns:
                conn.held = None
                conn.send(self.state_for(conn))

    async def detach(self, conn: Conn) -> None:
        async with self.lock:
            if not self.presence.depart(conn, self.table.seats):
                return
            stopping = bool(getattr(self.directory, "stopping", False))  # (hub.py)
            self.last_visit = self.journal.visit(self.table, stopping)
            self.bump()
        self.directory.drop_unused(self)

    async def activity(self, conn: Conn) -> None:
        if conn.seat is None:
            return
        async with self.lock:
            if self.presence.touch(conn, self.table.seats):
                self.bump()

    async def check_idle(self, now: float) -> None:
        """The idle clock: the seats' marks as they are at ``now``."""
        seats = self.table.seats
        if not seats or not self.presence.due(seats, now, self.table.running):
            return
        async with self.lock:
            if self.presence.update(self.table.seats, now, self.table.running):
                self.bump()
                self.bots.plan()  # a bot that waited for a person now long away (holds)
