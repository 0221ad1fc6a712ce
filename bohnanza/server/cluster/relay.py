"""Serving a room another process owns: the connection is relayed to its owner over Redis
pub/sub.

Why a relay and not a redirect: docs/cluster.md. The cost is two Redis hops per message.

Each process listens on its channel ``bohnanza:p:<owner id>``. The process a client reached
(the *edge*) keeps the WebSocket and hands what it reads to the owner's channel; the owner
serves it with a :class:`RemoteConn` in the room like any connection and hands every frame
for it back to the edge's channel. One publishing connection per process sends in order, and
one subscription receives in order, so the frames of a connection keep their order; the
messages for one process queued together go as one Redis message (joined by ``\\x1e``). The
messages (fields joined by ``\\x1f``; JSON text never holds these characters unescaped):

* edge to owner: ``h`` hello (``[name, token, lang, deltas, the edge is nearly full]``),
  ``s`` say (``[id, text]``), ``l`` lang (and the log again), ``L`` lang only (a switch
  over the rate: owed.py), ``a`` activity, ``r`` resync, ``d`` gone; each with the edge's
  id, the connection's id, the room;
* owner to edge: ``f`` a frame for a connection, ``c`` close it (code, reason).

The owner enforces the room's caps (``max_connections_per_room``, the tabs of one seat:
``Hub.crowded``) on every relayed connection as on its own, and the edge's last tenth of
``max_connections`` for seat tokens (``server_crowded``); it serves only a room it holds.

When the owner's lease is gone (it died: lease.py) the edge closes the connections it relayed
to it with ``1013``; the clients reconnect and the room is claimed again. When Redis cannot be
reached, every relayed connection is closed the same way with an ``error`` frame
(``relay_unavailable``) and a new one is refused until it can (never left waiting).

The lobby: each process keeps its room list in ``bohnanza:rooms:<owner id>`` (expiring).

Its parts: the Redis channel and its messages (``channel.py``), the edge's side
(``relayed.py``: :class:`RelayedRoom`), the owner's side (``remote.py``: :class:`RemoteConn`,
a relayed connection served); here, the relay that holds them together.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import TYPE_CHECKING, Any

from ..conn import Conn
from ..lang import error_frame
from ..protocol import CLOSE_TRY_LATER
from .channel import BATCH, SEP, Channel, channel
from .relayed import RelayedRoom
from .remote import RemoteConn, serve

if TYPE_CHECKING:
    from ..hub import Hub
    from .owner import Owner

__all__ = ["BATCH", "LISTING_TTL_MS", "SEP", "Relay", "RelayedRoom", "RemoteConn", "channel"]

log = logging.getLogger("bohnanza.server")

LISTING_TTL_MS = 3000


class Relay(Channel):
    """This process's Redis side (module docstring)."""

    def __init__(self, hub: Hub, owner: Owner, url: str) -> None:
        self.hub = hub
        super().__init__(owner, url)
        self.edges: dict[int, tuple[Conn, RelayedRoom]] = {}  # our connections, relayed
        self.rooms: dict[str, RelayedRoom] = {}
        self.remotes: dict[tuple[int, int], RemoteConn] = {}  # (edge, id): served here
        self._others: dict[int, list[dict[str, Any]]] = {}  # each live process's rooms

    # ------------------------------------------------------------ life

    async def stop(self) -> None:
        await self._cancel_tasks()
        for rc in list(self.remotes.values()):
            if rc.task is not None:
                rc.task.cancel()
        await self._close()

    def _down(self) -> None:
        self.up = False
        self.drop_all("The servers cannot reach each other; reconnecting.")

    def _unreachable(self, other: int) -> None:
        """Process ``other`` does not hear us: the rooms relayed to it reconnect, and the
        connections it relayed here leave their rooms."""
        for room in [r for r in self.rooms.values() if r.owner == other]:
            room.drop("The server that holds this room cannot be reached; reconnecting.")
            self.rooms.pop(room.name, None)
        for rc in [rc for rc in self.remotes.values() if rc.edge == other]:
            self._gone(rc)

    def drop_all(self, message: str, code: str = "relay_unavailable") -> None:
        """Close every relayed connection (ours; told ``message``, ``code``) and let go of
        every remote one (theirs)."""
        for room in list(self.rooms.values()):
            room.drop(message, code)
        self.rooms.clear()
        self.edges.clear()
        for rc in list(self.remotes.values()):
            self._gone(rc)

    # ------------------------------------------------------------ the edge side

    def room(self, name: str, owner: int, conn: Conn) -> RelayedRoom | None:
        """The room ``name`` owned by ``owner``, relayed; None (``conn`` told) while Redis
        cannot be reached."""
        if not self.up:
            conn.send(error_frame("relay_unavailable", "This server cannot reach the one that "
                                  "holds the room; try again.", conn.lang))
            conn.close(CLOSE_TRY_LATER, "relay unavailable")
            return None
        room = self.rooms.get(name)
        if room is None or room.owner != owner:
            if room is not None:
                room.drop("This room moved to another server; reconnecting.", "room_moved")
            room = self.rooms[name] = RelayedRoom(self, name, owner)
        return room

    def forget_if_empty(self, room: RelayedRoom) -> None:
        if not room.conns and not room.pending and self.rooms.get(room.name) is room:
            del self.rooms[room.name]

    async def check_owners(self, live: set[int]) -> None:
        """The relayed rooms whose owner died: their connections reconnect. The connections
        served here for a process that died: gone. The lobby: ours out, theirs in."""
        for room in list(self.rooms.values()):
            if room.owner not in live:
                room.drop("The server that held this room is gone; reconnecting.")
                del self.rooms[room.name]
        for rc in list(self.remotes.values()):
            if rc.edge not in live:
                self._gone(rc)
        # (without Redis: the lists last heard, of the processes still alive)
        self._others = {o: rooms for o, rooms in self._others.items() if o in live}
        if not self.up:
            return
        try:
            await self.redis.set(f"bohnanza:rooms:{self.me}", json.dumps(self.hub.own_listing()),
                                 px=LISTING_TTL_MS)
            others = sorted(live - {self.me})
            values = await self.redis.mget([f"bohnanza:rooms:{o}" for o in others]) if others \
                else []
            self._others = {o: json.loads(v) for o, v in zip(others, values, strict=True) if v}
        except Exception as e:
            log.info("relay: the room lists cannot be shared (%s)", e)

    def others_listing(self) -> list[dict[str, Any]]:
        """The other processes' rooms; not those this process holds now (taken over since
        their lists were written)."""
        own = self.hub.rooms.keys() | self.hub.damaged.keys()
        return [r for rooms in self._others.values() for r in rooms if r["room"] not in own]

    # ------------------------------------------------------------ messages

    async def _dispatch(self, data: str) -> None:
        kind, _, rest = data.partition(SEP)
        if kind == "f":
            cid, _, frame = rest.partition(SEP)
            entry = self.edges.get(int(cid))
            if entry is not None:
                entry[0].send(frame)
        elif kind == "c":
            cid, code, reason = rest.split(SEP, 2)
            entry = self.edges.pop(int(cid), None)
            if entry is not None:
                conn, room = entry
                with contextlib.suppress(ValueError):
                    room.conns.remove(conn)
                conn.close(int(code), reason)
                self.forget_if_empty(room)
        else:
            edge_s, cid_s, name, payload = rest.split(SEP, 3)
            key = (int(edge_s), int(cid_s))
            if kind == "h":
                rc = RemoteConn(self, key[0], key[1], "en")
                self.remotes[key] = rc
                rc.task = asyncio.create_task(serve(self, rc, name))
            rc_ = self.remotes.get(key)
            if rc_ is not None:
                rc_.inbox.put_nowait((kind, payload))

    def _gone(self, rc: RemoteConn) -> None:
        """The edge of ``rc`` is gone (or Redis is): the connection leaves its room."""
        rc.closing = True
        rc.inbox.put_nowait(("d", ""))
