"""Which process takes which room, at the edges: a stored room that cannot be played
(damaged) is refused with ``room_damaged`` on every process, listed as damaged and left as
stored, as on one process; a process holding as many rooms as it may (``max_rooms``) still
serves the rooms other processes own (relayed), and refuses only a room it would have to
take itself."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx
import psycopg
from server.harness import Client

from bohnanza.engine import Game
from bohnanza.server.postgres import PostgresStore

from .parts import Cluster

LEASE = 1.0


def _tampered() -> dict[str, Any]:
    """A position the rules could not have made: 107 cards of a 104-card deck (T52)."""
    pos = Game.new("classic", ["Ann", "Bob", "Cy"], 3).to_position()
    pos["seats"][0]["hand"] += ["coffee", "coffee", "coffee"]
    return pos


def _fence(url: str, room: str) -> int:
    with psycopg.connect(url, autocommit=True) as db:
        row = db.execute("SELECT fence FROM room_owner WHERE name=%s", (room,)).fetchone()
    return 0 if row is None else int(row[0])


async def _refused(url: str) -> tuple[int | None, list[str]]:
    """A new connection's hello: how it was closed, and the errors it was told."""
    c = Client(url)
    await c.connect(hello=False)
    await c.send({"type": "hello", "name": "Eve"})
    code = await c.closed(30)   # (a loaded machine: claim, load, audit)
    return code, [e["code"] for e in c.errors]


async def test_a_damaged_stored_room_is_refused_clearly_by_every_process(
        tmp_path: Path, pg_url: str, redis_url: str) -> None:
    """Before, the process that claimed it failed to load it, let it go and told the player
    nothing (the connection just ended, and the board reconnected for ever), and every
    process claimed it again twice a second, for good."""
    store = PostgresStore(pg_url)
    bad = _tampered()
    store.save(name="bad", version=2, game_no=1, options={}, game=bad, last_result=None,
               seats=[{"name": n, "token_hash": "h"} for n in ("Ann", "Bob", "Cy")],
               command=(0, "/start"), log=[])
    store.close()
    cluster = Cluster(tmp_path, pg_url, redis_url, n=2, lease_timeout=LEASE).start()
    try:
        for srv in cluster.servers:  # the owner's own connection, and one relayed to it
            assert await _refused(srv.ws_url("bad")) == (1013, ["room_damaged"])
        lines: list[list[dict[str, Any]]] = []
        for _ in range(400):  # each process lists it as damaged (shared every LEASE / 4)
            lines = [[r for r in httpx.get(s.base + "/api/rooms").json() if r["room"] == "bad"]
                     for s in cluster.servers]
            if all(len(x) == 1 and x[0].get("damaged") for x in lines):
                break
            await asyncio.sleep(0.05)
        assert all(len(x) == 1 and x[0].get("damaged") for x in lines), lines
        fence = _fence(pg_url, "bad")
        loop = asyncio.get_running_loop()
        until = loop.time() + 8 * LEASE / 4  # eight rounds of adoption on each process
        while loop.time() < until:  # nobody takes it again and again
            assert _fence(pg_url, "bad") == fence
            await asyncio.sleep(0.05)
        check = PostgresStore(pg_url)  # left as stored, for an operator
        try:
            stored = check.load("bad", 0, 0)
        finally:
            check.close()
        assert stored is not None
        assert json.loads(json.dumps(stored.game)) == bad
    finally:
        cluster.stop()


async def test_a_full_process_still_serves_rooms_other_processes_own(
        tmp_path: Path, pg_url: str, redis_url: str) -> None:
    """Before, a process at ``max_rooms`` answered ``too_many_rooms`` to a connection for a
    room another process owned: behind the balancer, every few reconnects of a player of a
    running game were refused (as after a failover, when one process adopts many rooms).
    ``max_rooms`` counts the whole cluster's live rooms (cluster/live.py): with the site
    full, the rooms there are served through every process; only a new one is refused."""
    cluster = Cluster(tmp_path, pg_url, redis_url, n=2, max_rooms=2).start()
    a, b = cluster.servers
    try:
        bob = await Client(b.ws_url("two"), "Bob").connect()  # B owns "two"
        await bob.ok("/join")
        ann = await Client(a.ws_url("one"), "Ann").connect()  # the site is full now
        await ann.ok("/join")
        assert cluster.owner_of("two") is b
        cy = await Client(a.ws_url("two"), "Cy").connect()  # through A, to B
        await cy.ok("/join")
        await bob.wait(lambda: len(bob.state["room"]["seats"]) == 2)  # type: ignore[index]
        assert cluster.owner_of("two") is b
        # a room nobody owns would be a new one: refused, as before
        assert await _refused(a.ws_url("three")) == (1013, ["too_many_rooms"])
        for c in (ann, bob, cy):
            await c.close()
    finally:
        cluster.stop()


async def test_a_finished_bots_game_adopted_after_its_owner_died_waits_for_its_watcher(
        tmp_path: Path, pg_url: str, redis_url: str) -> None:
    """A finished game of bots (no person seated: a room nobody would use) watched through
    another process; its owner dies. The process that adopts it keeps it while its watcher
    reconnects (``Settings.drop_grace``, as a restart of one process does: test_srv_room_drop).
    Before, the adoption forgot it at once, game, result and record deleted from the
    database, and the watcher came back to a new, empty room."""
    cluster = Cluster(tmp_path, pg_url, redis_url, n=2, lease_timeout=LEASE).start()
    a, b = cluster.servers
    try:
        host = await Client(a.ws_url("done"), "Host").connect()  # A owns it
        for text in ("/addbot Ada", "/addbot Bert", "/addbot Cy", "/start"):
            await host.ok(text)
        wes = await Client(b.ws_url("done"), "Wes").connect()  # relayed through B
        await wes.wait(lambda: wes.state is not None and wes.state["room"]["over"], 120)
        result = wes.state["view"]["result"]  # type: ignore[index]
        assert result is not None
        await host.close()
        assert cluster.owner_of("done") is a
        a.kill9()
        assert await wes.closed(30) == 1013  # B: the owner is gone; reconnect
        again = await Client(b.ws_url("done"), "Wes").connect()  # the board's reconnect
        assert again.state is not None and again.state["room"]["over"], again.state
        assert again.state["view"]["result"] == result
        await again.close()
    finally:
        cluster.stop()
