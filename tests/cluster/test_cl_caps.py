"""A room's caps hold across processes: ``max_connections_per_room`` and the tabs of one seat
(``MAX_TABS_PER_SEAT``) count every connection of the room, those relayed from other
processes too, and a seat token gets past the room's cap wherever it comes in (the room's
owner decides; before, the process a client reached counted only its own share)."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import websockets
from server.harness import Client

from bohnanza.server.hub import MAX_TABS_PER_SEAT

from .parts import Cluster


async def _refused(url: str, name: str, token: str | None = None) -> Client:
    c = Client(url, name)
    await c.connect(hello=False)
    await c.send({"type": "hello", "name": name, "token": token})
    assert await c.closed(15) == 1013
    return c


async def test_the_room_caps_count_relayed_connections(
        tmp_path: Path, pg_url: str, redis_url: str) -> None:
    cluster = Cluster(tmp_path, pg_url, redis_url, n=2, max_connections_per_room=3).start()
    a, b = cluster.servers
    clients: list[Client] = []
    try:
        ann = await Client(a.ws_url("cap"), "Ann").connect()  # A owns "cap"
        clients.append(ann)
        await ann.ok("/join")
        assert cluster.owner_of("cap") is a
        for n in ("Wen", "Wil"):  # watchers through B: the room holds 3 connections
            clients.append(await Client(b.ws_url("cap"), n).connect())
        await ann.wait(lambda: ann.state["room"]["spectators"] == 2)  # type: ignore[index]
        crowded = await _refused(b.ws_url("cap"), "Wes")  # a 4th, through B
        assert [e["code"] for e in crowded.errors] == ["room_crowded"]
        # Ann's seat token gets past the room's cap, through B too
        tab = await Client(b.ws_url("cap"), "Ann").connect(token=ann.token)
        clients.append(tab)
        assert tab.seat == ann.seat
        while sum(1 for c in clients if c.seat == ann.seat) < MAX_TABS_PER_SEAT:
            more = await Client(b.ws_url("cap"), "Ann").connect(token=ann.token)
            clients.append(more)
            assert more.seat == ann.seat
        extra = await _refused(b.ws_url("cap"), "Ann", ann.token)  # one tab too many
        assert [e["code"] for e in extra.errors] == ["room_crowded"]
        await ann.ok("still here")
    finally:
        for c in clients:
            await c.close()
        cluster.stop()


async def test_a_nearly_full_process_keeps_its_last_connections_for_seats_of_rooms_held_elsewhere(
        tmp_path: Path, pg_url: str, redis_url: str) -> None:
    """A at ``max_connections=10`` with 9 open: its last tenth is for seat tokens, also into a
    room B holds (relayed): a watcher through A is refused ``server_crowded``, as one into
    A's own rooms is, and Bob's seat token through A gets in. Before, A let any connection
    to a room held elsewhere use its last places (only the owner's room caps were asked)."""
    cluster = Cluster(tmp_path, pg_url, redis_url, n=2, max_connections=10).start()
    a, b = cluster.servers
    clients: list[Client] = []
    try:
        bob = await Client(b.ws_url("held"), "Bob").connect()  # B holds "held"
        clients.append(bob)
        await bob.ok("/join")
        clients += [await Client(a.ws_url(f"w{i % 3}")).connect() for i in range(9)]
        crowded = await _refused(a.ws_url("held"), "Wes")
        assert [e["code"] for e in crowded.errors] == ["server_crowded"]
        for _ in range(50):  # (once the refused one has left A's count)
            with contextlib.suppress(OSError, websockets.exceptions.InvalidStatus):
                tab = await Client(a.ws_url("held"), "Bob").connect(token=bob.token)
                break
            await asyncio.sleep(0.1)
        clients.append(tab)
        assert tab.seat == bob.seat
    finally:
        for c in clients:
            await c.close()
        cluster.stop()
