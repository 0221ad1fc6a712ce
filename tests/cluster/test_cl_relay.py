"""Any process serves any connection: a room owned elsewhere is relayed over Redis. What
ws.py asks of a room, the relayed room has; when Redis is gone, relayed connections are closed
with a clear error (and come back when it is there again); the lobby lists every process's
rooms; bots play on at a room's new owner."""

from __future__ import annotations

import ast
import asyncio
import inspect
from pathlib import Path

import httpx
from server.harness import Client

from bohnanza.devcluster.parts import Redis
from bohnanza.server import ws
from bohnanza.server.cluster.relay import RelayedRoom
from bohnanza.server.room import Room

from .parts import Cluster, kill_owner


def _room_attributes(module: object) -> set[str]:
    """Every attribute ws.py reads or calls on a variable named ``room`` or ``the_room``."""
    tree = ast.parse(inspect.getsource(module))  # type: ignore[arg-type]
    return {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)
            and isinstance(n.value, ast.Name) and n.value.id in ("room", "the_room")}


def test_the_relayed_room_has_what_ws_asks_of_a_room() -> None:
    used = _room_attributes(ws)
    assert {"attach", "say", "detach"} <= used  # the reader sees ws.py's calls
    relayed = RelayedRoom.__new__(RelayedRoom)
    relayed.__init__(None, "r", 1)  # type: ignore[arg-type, misc]
    for name in sorted(used):
        assert hasattr(relayed, name), f"ws.py uses room.{name}; the relayed room lacks it"
        if inspect.iscoroutinefunction(getattr(Room, name, None)):
            assert inspect.iscoroutinefunction(getattr(RelayedRoom, name)), name


async def test_redis_gone_closes_relayed_connections_clearly(
        tmp_path: Path, pg_url: str) -> None:
    redis = Redis(tmp_path / "redis").start()
    cluster = Cluster(tmp_path, pg_url, redis.url, n=2).start()
    a, b = cluster.servers
    try:
        ann = await Client(a.ws_url("r"), "Ann").connect()  # A owns r
        await ann.ok("/join")
        bob = await Client(b.ws_url("r"), "Bob").connect()  # relayed through B
        await bob.ok("/join")
        await ann.wait(lambda: len(ann.state["room"]["seats"]) == 2)  # type: ignore[index]
        assert cluster.owner_of("r") is a
        redis.stop()
        assert await bob.closed(5) == 1013  # not left hanging: told, and closed
        assert any(e["code"] == "relay_unavailable" for e in bob.errors)
        again = Client(b.ws_url("r"), "Bob")
        await again.connect(hello=False)
        await again.send({"type": "hello", "name": "Bob", "token": bob.token})
        assert await again.closed(5) == 1013  # a new one is refused as clearly
        assert any(e["code"] == "relay_unavailable" for e in again.errors)
        await ann.ok("hello, still here")  # the owner's own connections go on
        redis = Redis(tmp_path / "redis", port=redis.port).start()
        back = Client(b.ws_url("r"), "Bob")
        for _ in range(50):  # B subscribes again within a second
            try:
                await back.connect(token=bob.token)
                break
            except (TimeoutError, ConnectionError):
                await back.close()
                await asyncio.sleep(0.1)
        assert back.seat == 1
        await back.ok("back")
        await ann.wait(lambda: any(c["text"] == "back" for c in ann.chats))
        for c in (ann, back):
            await c.close()
    finally:
        cluster.stop()
        redis.stop()


async def test_the_lobby_lists_every_process_and_bots_resume_at_a_new_owner(
        tmp_path: Path, pg_url: str, redis_url: str) -> None:
    import random

    cluster = Cluster(tmp_path, pg_url, redis_url, n=3, bot_delay=0.05,
                      bot_trade_patience=0).start()
    try:
        rooms = ["east", "west", "north"]
        people = []
        for i, name in enumerate(rooms):  # each room made on its own process
            c = await Client(cluster.servers[i].ws_url(name), f"P{i}").connect()
            await c.ok("/join")
            people.append(c)
        listed: set[str] = set()
        for _ in range(40):  # each process lists all three (shared every half second)
            listed = {r["room"] for s in cluster.servers
                      for r in httpx.get(s.base + "/api/rooms").json()}
            per = [{r["room"] for r in httpx.get(s.base + "/api/rooms").json()}
                   for s in cluster.servers]
            if all(p == set(rooms) for p in per):
                break
            await asyncio.sleep(0.1)
        assert listed == set(rooms)
        assert all(p == set(rooms) for p in per), per
        # bots: a game of one person and two bots; the owner dies; the bots play on
        east = people[0]
        await east.ok("/addbot")
        await east.ok("/addbot")
        await east.ok("/start")
        await east.ok("/leave")  # a bot plays the seat: three bots, nobody else
        await east.wait(lambda: east.state["view"]["turn"] >= 2, 30)  # type: ignore[index]
        await east.close()  # nobody connected
        version = east.version
        assert await kill_owner(cluster, "east", random.Random(1))
        for _ in range(100):  # adopted by a process (nobody asked for the room)
            if cluster.owner_of("east") is not None:
                break
            await asyncio.sleep(0.05)
        assert cluster.owner_of("east") is not None
        watcher = await Client(cluster.servers[1].ws_url("east"), "Watcher").connect()
        turn = watcher.state["view"]["turn"]  # type: ignore[index]
        assert watcher.version >= version - 5  # not an older game
        await watcher.wait(lambda: watcher.state["view"]["turn"] >= turn + 2, 30)  # type: ignore[index]
        for c in (watcher, *people[1:]):
            await c.close()
    finally:
        cluster.stop()


async def test_the_lobby_lists_each_room_once_while_redis_is_gone(
        tmp_path: Path, pg_url: str) -> None:
    """With Redis gone, a process lists the other processes' rooms as it last heard them;
    when one of those processes dies meanwhile and its rooms are adopted here, each is
    listed once (before: twice, the adopted room and the dead process's old line, until
    Redis was back)."""
    redis = Redis(tmp_path / "redis").start()
    cluster = Cluster(tmp_path, pg_url, redis.url, n=2, lease_timeout=1.0).start()
    a, b = cluster.servers
    try:
        east = await Client(a.ws_url("east"), "Ann").connect()
        await east.ok("/join")
        west = await Client(b.ws_url("west"), "Bob").connect()
        await west.ok("/join")

        def listed() -> list[str]:
            return sorted(r["room"] for r in httpx.get(b.base + "/api/rooms").json())

        for _ in range(400):  # B hears of A's room
            if listed() == ["east", "west"]:
                break
            await asyncio.sleep(0.05)
        assert listed() == ["east", "west"]
        redis.stop()
        assert cluster.owner_of("east") is a
        a.kill9()  # A dies; B adopts its room (through PostgreSQL alone)
        for _ in range(600):
            if cluster.owner_of("east") is b:
                break
            await asyncio.sleep(0.05)
        assert cluster.owner_of("east") is b
        for _ in range(10):  # a few rounds of B's lobby (every LEASE / 4)
            assert listed() == ["east", "west"]
            await asyncio.sleep(0.1)
        await west.close()
    finally:
        cluster.stop()
        redis.stop()


async def test_a_language_switch_over_the_rate_holds_at_the_owner_at_once(
        tmp_path: Path, pg_url: str, redis_url: str) -> None:
    """A ``lang`` a relayed connection sends over its rate (owed.py): the room's owner writes
    to it in the new language at once, as a room of the edge's own process does (the log
    again follows once the rate allows). Before, only the edge knew: the owner went on
    writing the room's lines in the old language until the owed ``l`` went (here not within
    the test: the edge gives a message back every 100 s)."""
    cluster = Cluster(tmp_path, pg_url, redis_url, n=2)
    a, b = cluster.servers
    b.env.update(BOHNANZA_COMMANDS_PER_SECOND="0.01", BOHNANZA_COMMANDS_BURST="2")
    cluster.start()
    try:
        ann = await Client(a.ws_url("words"), "Ann").connect()  # A owns the room
        await ann.ok("/join")
        cy = await Client(a.ws_url("words")).connect(hello=False)  # a Japanese reader at A
        await cy.send({"type": "hello", "name": "Cy", "lang": "ja"})
        await cy.wait(lambda: bool(cy.welcomes) and cy.state is not None)
        bob = await Client(b.ws_url("words"), "Bob").connect()  # relayed through B: 1 token
        assert cluster.owner_of("words") is a
        await bob.ok("hi")  # the last of Bob's allowance
        assert (await bob.say("again"))["code"] == "rate_limited"
        await bob.send({"type": "lang", "lang": "ja"})  # over the rate: owed
        same = False
        for i in range(20):  # (the switch goes A's way over Redis, beside Ann's commands)
            seen = len(bob.logs), len(cy.logs)
            await ann.ok(f"/addbot Bo{i}")  # a room line to everyone, written by A
            await bob.wait(lambda: len(bob.logs) > seen[0])  # noqa: B023 (awaited here)
            await cy.wait(lambda: len(cy.logs) > seen[1])  # noqa: B023
            mine, theirs = bob.logs[seen[0]]["text"], cy.logs[seen[1]]["text"]
            await ann.ok(f"/removebot Bo{i}")  # (its line too, before the next round)
            await bob.wait(lambda: len(bob.logs) > seen[0] + 1)  # noqa: B023
            await cy.wait(lambda: len(cy.logs) > seen[1] + 1)  # noqa: B023
            if mine == theirs:
                same = True
                break
        assert same, (mine, theirs)
        for c in (ann, cy, bob):
            await c.close()
    finally:
        cluster.stop()
