"""The edge's side of the relay (relay.py): a room another process owns, as the connections
this process keeps see it; what they say goes to the owner's channel (channel.py)."""

from __future__ import annotations

import contextlib
import json
from typing import TYPE_CHECKING, Any

from ..conn import Conn
from ..lang import error_frame
from ..protocol import CLOSE_TRY_LATER
from .channel import SEP

if TYPE_CHECKING:
    from .relay import Relay


class RelayedRoom:
    """A room another process owns, as this process's connections see it (ws.py's calls)."""

    def __init__(self, relay: Relay, name: str, owner: int) -> None:
        self.relay = relay
        self.name = name
        self.owner = owner
        self.pending = 0
        self.conns: list[Conn] = []

    def _send(self, kind: str, conn: Conn, payload: str = "") -> None:
        self.relay.publish(self.owner, SEP.join(
            (kind, str(self.relay.me), str(conn.id), self.name, payload)))

    async def attach(self, conn: Conn, name: str | None, token: str | None) -> None:
        self.pending -= 1
        conn.room = self.name
        self.conns.append(conn)
        self.relay.edges[conn.id] = (conn, self)
        self._send("h", conn, json.dumps([name, token, conn.lang, conn.deltas,
                                          self.relay.hub.server_crowded()]))

    async def say(self, conn: Conn, say_id: Any, text: str) -> None:
        self._send("s", conn, json.dumps([say_id, text]))

    async def set_lang(self, conn: Conn, reader: str) -> None:
        conn.lang = reader
        self._send("l", conn, reader)

    def note_lang(self, conn: Conn, reader: str) -> None:
        """A switch over the rate (owed.py): the owner writes in it at once too (``L``: the
        language only, one small message for a switch; the log follows with the owed ``l``)."""
        if conn.lang != reader:
            conn.lang = reader
            self._send("L", conn, reader)

    async def activity(self, conn: Conn) -> None:
        self._send("a", conn)

    async def resync(self, conn: Conn) -> None:
        self._send("r", conn)

    async def detach(self, conn: Conn) -> None:
        if self.relay.edges.pop(conn.id, None) is None:
            return
        with contextlib.suppress(ValueError):
            self.conns.remove(conn)
        self._send("d", conn)
        self.relay.forget_if_empty(self)

    def drop(self, message: str, code: str = "relay_unavailable") -> None:
        """Close every connection relayed here (1013: they reconnect), told ``message``."""
        for c in list(self.conns):
            self.relay.edges.pop(c.id, None)
            c.send(error_frame(code, message, c.lang))
            c.close(CLOSE_TRY_LATER, "reconnect")
        self.conns.clear()
