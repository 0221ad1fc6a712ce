"""The owner's side of the relay (relay.py): a connection another process (the edge) keeps,
served here in a room this process holds like any connection, its frames sent back to the
edge's channel (channel.py). The room's caps are checked here, where all its connections are."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import TYPE_CHECKING

from ..conn import Conn
from ..protocol import CLOSE_TRY_LATER
from .channel import SEP

if TYPE_CHECKING:
    from ..room import Room
    from .relay import Relay

log = logging.getLogger("bohnanza.server")


class RemoteConn(Conn):
    """A connection held by another process (the edge), in a room this process owns: a
    :class:`Conn` whose frames go to the edge (``cid``: its id there). The edge limits its
    rate and its queue."""

    def __init__(self, relay: Relay, edge: int, cid: int, lang: str) -> None:
        super().__init__(None, 1.0, 1, 1)  # type: ignore[arg-type]
        self.relay = relay
        self.edge = edge
        self.cid = cid
        self.lang = lang
        self.inbox: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None
        self.the_room: Room | None = None

    def send(self, text: str) -> None:
        if not self.closing:
            self.relay.publish(self.edge, SEP.join(("f", str(self.cid), text)))

    def close(self, code: int, reason: str) -> None:
        if not self.closing:
            self.closing = True
            self.relay.publish(self.edge, SEP.join(("c", str(self.cid), str(code), reason)))


async def serve(relay: Relay, rc: RemoteConn, name: str) -> None:
    """A relayed connection, served here in order (as ws.py serves its own)."""
    hub = relay.hub
    room: Room | None = None
    try:
        while True:
            kind, payload = await rc.inbox.get()
            if kind == "h":
                who, token, lang, *more = json.loads(payload)
                rc.lang = lang
                rc.deltas = bool(more and more[0])
                edge_full = len(more) > 1 and bool(more[1])  # (its last tenth: seats')
                async with hub.rooms_lock:
                    # only a room held here (one let go is the edge's to claim: live.py)
                    got = hub.rooms.get(name)
                    if got is None:
                        if name in hub.damaged:  # told why, as its own would be
                            hub.refuse_damaged(rc)
                        rc.close(CLOSE_TRY_LATER, "room moved")
                        return
                    # the room's caps, counted here (the edge sees its own share only)
                    seat = got.table.find_token(token) if token else None
                    if hub.crowded(got, rc, seat):
                        return
                    if edge_full and seat is None:  # (as its own rooms refuse: hub.py)
                        hub.refuse_crowded(rc)
                        return
                    room = got
                    room.pending += 1
                rc.the_room = room
                await room.attach(rc, who, token)  # (counts pending off, come what may)
            elif room is None:
                continue
            elif kind == "s":
                say_id, text = json.loads(payload)
                await room.say(rc, say_id, text)
            elif kind == "l":
                await room.set_lang(rc, payload)
            elif kind == "L":  # a switch over the rate: the texts now, the log later (owed.py)
                room.note_lang(rc, payload)
            elif kind == "a":
                await room.activity(rc)
            elif kind == "r":
                await room.resync(rc)
            elif kind == "d":
                return
    except asyncio.CancelledError:
        pass
    except Exception:  # pragma: no cover - one bad connection must not stop the relay
        log.exception("relayed connection %s failed", rc.cid)
        rc.close(1011, "server error")
    finally:
        relay.remotes.pop((rc.edge, rc.cid), None)
        if room is not None:
            with contextlib.suppress(Exception):
                await room.detach(rc)
