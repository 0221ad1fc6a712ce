"""A ``resync`` sent over the rate is owed, not dropped.

A board that cannot apply a ``patch`` asks for a full ``state`` once (``resync``) and ignores
every patch until one comes (web/js/net.js). Other messages over the rate are dropped (ws.py);
a dropped resync left that board showing a stale table for as long as it stayed connected.
So a resync refused for the connection's or the address's rate is answered as soon as the
address's rate lets one more message through (polled once per ``1 / commands_per_second``
seconds), at most one owed per connection: the rate still holds, nothing is lost.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING

from .conn import Conn
from .gate import Gate

if TYPE_CHECKING:
    from .cluster.relay import RelayedRoom
    from .room import Room


class OwedResync:
    """The resync one connection is owed (``owe``), answered by a task of its own."""

    __slots__ = ("conn", "gate", "every", "task")

    def __init__(self, conn: Conn, gate: Gate, rate: float) -> None:
        self.conn = conn
        self.gate = gate
        self.every = 1.0 / rate  # seconds: the address's rate gives a message back this often
        self.task: asyncio.Task[None] | None = None

    def owe(self, room: Room | RelayedRoom) -> None:
        """``room`` sends this connection a full state once the rate allows (one owed at a
        time: a second refused resync while one is owed adds nothing)."""
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._answer(room))

    async def _answer(self, room: Room | RelayedRoom) -> None:
        while not self.conn.closing:
            await asyncio.sleep(self.every)
            if self.gate.say(self.conn.address):
                await room.resync(self.conn)
                return

    async def cancel(self) -> None:
        """The connection ends: nothing more is sent for it."""
        if self.task is not None and not self.task.done():
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
