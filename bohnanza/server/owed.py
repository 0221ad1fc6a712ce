"""A ``resync`` or ``lang`` sent over the rate is owed, not dropped.

Both send something large again in the room's lock (the whole state; the log), so they share
the address's rate with typed lines (ws.py). Dropped over it, a ``resync`` left the board
that sent it on a stale table for as long as it stayed connected (it ignores every ``patch``
until a full ``state`` comes: web/js/net.js), and a ``lang`` left the server writing in the
old language while the page showed the new one. So over the rate a ``lang`` takes effect at
once for what the server writes next (``conn.lang``; on a relayed connection the room's owner
is told at once too, ``note_lang``: cluster/relayed.py), and the resync or the log in the new
language is sent as soon as the address's rate and the connection's own let one more message
through (polled once per ``1 / commands_per_second`` seconds; it takes one from each, as a
message read does). At most one of each is owed per connection (a newer
``lang`` replaces the one owed): the rate still holds, nothing asked for is lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from bohnanza.commands.texts import lang_of

from .conn import Conn
from .gate import Gate
from .protocol import Lang

log = logging.getLogger("bohnanza.server")

if TYPE_CHECKING:
    from .cluster.relay import RelayedRoom
    from .room import Room


class Owed:
    """What one connection is owed (``resync``, ``lang``), sent by a task of its own."""

    __slots__ = ("conn", "gate", "every", "task", "resync", "lang")

    def __init__(self, conn: Conn, gate: Gate, rate: float) -> None:
        self.conn = conn
        self.gate = gate
        self.every = 1.0 / rate  # seconds: the address's rate gives a message back this often
        self.task: asyncio.Task[None] | None = None
        self.resync = False  # a full state
        self.lang: str | None = None  # the log again, in this language

    async def ask(self, room: Room | RelayedRoom, reader: str | None, now: bool) -> None:
        """A ``resync`` (``reader`` None) or a ``lang`` (``reader``: its language, as
        ``lang_of`` reads it): sent at once when ``now`` (the rate let it through; what was
        owed of its kind is then settled), else owed."""
        if not now:
            if reader is None:
                self.resync = True
            else:
                self.lang = reader
                room.note_lang(self.conn, reader)  # the server's next texts are in it (the
                # owner's too, on a relayed connection: cluster/relayed.py)
            self._start(room)
        elif reader is None:
            self.resync = False
            await room.resync(self.conn)
        else:
            self.lang = None  # (an older switch owed must not come after this one)
            await room.set_lang(self.conn, reader)

    async def refused(self, room: Room | RelayedRoom, data: Any) -> None:
        """A message refused for the connection's own rate, as JSON (anything): a resync or
        a well-formed lang is owed; anything else stays dropped."""
        if not isinstance(data, dict) or data.get("type") not in ("resync", "lang"):
            return
        if data["type"] == "resync":
            await self.ask(room, None, False)
            return
        try:
            lang = Lang.model_validate(data).lang
        except ValidationError:
            return  # (its error is not sent either: over the rate, nothing is answered)
        await self.ask(room, lang_of(lang), False)

    def _start(self, room: Room | RelayedRoom) -> None:
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._answer(room))

    async def _answer(self, room: Room | RelayedRoom) -> None:
        try:
            while not self.conn.closing and (self.resync or self.lang is not None):
                await asyncio.sleep(self.every)
                if self.conn.closing or not (self.resync or self.lang is not None):
                    return  # settled meanwhile (answered at once: ask), or the end
                # the connection's own rate as well as the address's: an owed answer is one
                # of the connection's messages (else a connection asking over its rate got
                # one owed answer per interval on top of its rate)
                if not self.conn.bucket.take():
                    continue
                if not self.gate.say(self.conn.address):
                    self.conn.bucket.give_back()
                    continue
                if self.lang is not None:
                    reader, self.lang = self.lang, None
                    await room.set_lang(self.conn, reader)
                else:
                    self.resync = False
                    await room.resync(self.conn)
        except Exception:  # as ws.py does for a message it reads: this connection only
            log.exception("connection %s failed", self.conn.id)
            self.conn.close(1011, "server error")

    async def cancel(self) -> None:
        """The connection ends: nothing more is sent for it."""
        if self.task is not None and not self.task.done():
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
