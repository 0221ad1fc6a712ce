"""A room's caps hold across processes: ``max_connections_per_room`` and the tabs of one seat
(``MAX_TABS_PER_SEAT``) count every connection of the room, those relayed from other
processes too, and a seat token gets past the room's cap wherever it comes in (the room's
owner decides; before, the process a client reached counted only its own share)."""

from __future__ import annotations

from pathlib import Path

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
