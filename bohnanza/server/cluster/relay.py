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
  ``s`` say (``[id, text]``), ``l`` lang, ``a`` activity, ``r`` resync, ``d`` gone; each with
  the edge's id, the connection's id, the room;
* owner to edge: ``f`` a frame for a connection, ``c`` close it (code, reason).

The owner enforces the room's caps (``max_connections_per_room``, the tabs of one seat:
``Hub.crowded``) on every relayed connection as on its own, and the edge's last tenth of
``max_connections`` for seat tokens (``server_crowded``); it serves only a room it holds.

When the owner's lease is gone (it died: lease.py) the edge closes the connections it relayed
to it with ``1013``; the clients reconnect and the room is claimed again. When Redis cannot be
reached, every relayed connection is closed the same way with an ``error`` frame
(``relay_unavailable``) and a new one is refused until it can (never left waiting).

The lobby: each process keeps its room list in ``bohnanza:rooms:<owner id>`` (expiring).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import TYPE_CHECKING, Any

import redis.asyncio as aioredis

from ..conn import Conn
from ..lang import error_frame
from ..protocol import CLOSE_TRY_LATER

if TYPE_CHECKING:
    from ..hub import Hub
    from ..room import Room
    from .owner import Owner

log = logging.getLogger("bohnanza.server")

SEP = "\x1f"  # between the fields of a message
BATCH = "\x1e"  # between the messages of one Redis message
LISTING_TTL_MS = 3000


def channel(owner: int) -> str:
    return f"bohnanza:p:{owner}"


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


class Relay:
    """This process's Redis side (module docstring)."""

    def __init__(self, hub: Hub, owner: Owner, url: str) -> None:
        self.hub = hub
        self.owner = owner
        self.url = url
        self.redis = aioredis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=5)
        self.me = 0
        self.up = False
        self.edges: dict[int, tuple[Conn, RelayedRoom]] = {}  # our connections, relayed
        self.rooms: dict[str, RelayedRoom] = {}
        self.remotes: dict[tuple[int, int], RemoteConn] = {}  # (edge, id): served here
        self._out: asyncio.Queue[tuple[int, str]] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._others: dict[int, list[dict[str, Any]]] = {}  # each live process's rooms
        self._subscribed = asyncio.Event()

    # ------------------------------------------------------------ life

    async def start(self) -> None:
        self.me = self.owner.me
        self._tasks = [asyncio.create_task(self._reader()), asyncio.create_task(self._writer())]
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._subscribed.wait(), 5)

    async def stop(self) -> None:
        for t in self._tasks:
            t.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t
        for rc in list(self.remotes.values()):
            if rc.task is not None:
                rc.task.cancel()
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    async def resubscribe(self) -> None:
        """A new lease, a new owner id: listen on its channel."""
        for t in self._tasks[:1]:
            t.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t
        self.me = self.owner.me
        self._subscribed.clear()
        self._tasks[:1] = [asyncio.create_task(self._reader())]

    async def _reader(self) -> None:
        """Listen on our channel; Redis lost: every relayed connection dropped, retried 2/s."""
        while True:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(channel(self.me))
                self.up = True
                self._subscribed.set()
                while True:
                    msg = await pubsub.get_message(timeout=1.0)
                    if msg is not None:
                        data = msg["data"]
                        for one in (data.decode() if isinstance(data, bytes) else data
                                    ).split(BATCH):
                            await self._dispatch(one)
            except asyncio.CancelledError:
                raise
            except Exception as e:
                if self.up:
                    log.warning("relay: Redis lost (%s)", e)
                self._down()
                await asyncio.sleep(0.5)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()  # type: ignore[no-untyped-call, unused-ignore]  # (redis < 8.2: untyped)

    async def _writer(self) -> None:
        """Publish in order: everything queued in one pipeline (one round trip), the messages
        for one process in one Redis message, in the order queued."""
        while True:
            first = await self._out.get()
            batch: dict[int, list[str]] = {first[0]: [first[1]]}
            while not self._out.empty():
                to, data = self._out.get_nowait()
                batch.setdefault(to, []).append(data)
            if not self.up:
                continue  # dropped already; nothing can be carried
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for to, datas in batch.items():
                        pipe.publish(channel(to), BATCH.join(datas))
                    heard = await pipe.execute()
            except Exception as e:
                log.warning("relay: publish failed (%s)", e)
                self._down()
                continue
            # a message nobody received: that process does not listen (it lost Redis, or
            # its lease and channel): its connections here and ours there are cut now
            for to, n in zip(batch, heard, strict=True):
                if n == 0:
                    self._unreachable(to)

    def publish(self, to: int, data: str) -> None:
        self._out.put_nowait((to, data))

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
                rc.task = asyncio.create_task(self._serve(rc, name))
            rc_ = self.remotes.get(key)
            if rc_ is not None:
                rc_.inbox.put_nowait((kind, payload))

    async def _serve(self, rc: RemoteConn, name: str) -> None:
        """A relayed connection, served here in order (as ws.py serves its own)."""
        room: Room | None = None
        try:
            while True:
                kind, payload = await rc.inbox.get()
                if kind == "h":
                    who, token, lang, *more = json.loads(payload)
                    rc.lang = lang
                    rc.deltas = bool(more and more[0])
                    edge_full = len(more) > 1 and bool(more[1])  # (its last tenth: seats')
                    async with self.hub.rooms_lock:
                        # only a room held here (one let go is the edge's to claim: live.py)
                        got = self.hub.rooms.get(name)
                        if got is None:
                            if name in self.hub.damaged:  # told why, as its own would be
                                self.hub.refuse_damaged(rc)
                            rc.close(CLOSE_TRY_LATER, "room moved")
                            return
                        # the room's caps, counted here (the edge sees its own share only)
                        seat = got.table.find_token(token) if token else None
                        if self.hub.crowded(got, rc, seat):
                            return
                        if edge_full and seat is None:  # (as its own rooms refuse: hub.py)
                            self.hub.refuse_crowded(rc)
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
            self.remotes.pop((rc.edge, rc.cid), None)
            if room is not None:
                with contextlib.suppress(Exception):
                    await room.detach(rc)

    def _gone(self, rc: RemoteConn) -> None:
        """The edge of ``rc`` is gone (or Redis is): the connection leaves its room."""
        rc.closing = True
        rc.inbox.put_nowait(("d", ""))
