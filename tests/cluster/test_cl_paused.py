"""A process paused (SIGSTOP) past its lease while the database is fine: when it runs again it
finds its lease gone and gives up its rooms. Its players are told the truth, in their own
language: the room moved to another server (``room_moved``), never that the server cannot
reach its database; the connections it relayed to another process's room hear that this
server lost touch (``server_rejoined``), not that the relay is unavailable. Each reconnects
and plays on."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

from server.harness import Client

from bohnanza.commands.texts import server_text

from .parts import Cluster

LEASE = 1.0


async def _hello(client: Client, lang: str) -> Client:
    await client.connect(hello=False)
    await client.send({"type": "hello", "name": client.name, "lang": lang})
    await client.wait(lambda: bool(client.welcomes) and client.state is not None)
    return client


async def test_a_process_paused_past_its_lease_says_the_room_moved(
        tmp_path: Path, pg_url: str, redis_url: str) -> None:
    cluster = Cluster(tmp_path, pg_url, redis_url, n=2, lease_timeout=LEASE).start()
    a, b = cluster.servers
    try:
        ann = await Client(a.ws_url("here"), "Ann").connect()  # A owns "here"
        await ann.ok("/join")
        jun = await _hello(Client(a.ws_url("here"), "Jun"), "ja")
        bea = await Client(b.ws_url("there"), "Bea").connect()  # B owns "there"
        await bea.ok("/join")
        cy = await Client(a.ws_url("there"), "Cy").connect()  # relayed through A to B
        await cy.ok("/join")
        assert cluster.owner_of("here") is a and cluster.owner_of("there") is b
        assert a.proc is not None
        os.kill(a.proc.pid, signal.SIGSTOP)
        try:
            loop = asyncio.get_running_loop()
            give_up = loop.time() + 30
            while cluster.owner_of("here") is not b:  # B adopts it once A's lease is gone
                assert loop.time() < give_up, cluster.ownership("here")
                await asyncio.sleep(0.05)
        finally:
            os.kill(a.proc.pid, signal.SIGCONT)
        for c in (ann, jun, cy):
            assert await c.closed(20) == 1013  # reconnect
        moved = "This room moved to another server; reconnecting."
        assert [(e["code"], e["message"]) for e in ann.errors] == [("room_moved", moved)]
        assert [(e["code"], e["message"]) for e in jun.errors] == [
            ("room_moved", server_text(moved, "ja"))]
        assert server_text(moved, "ja") != moved
        assert [e["code"] for e in cy.errors] == ["server_rejoined"], cy.errors
        assert "database" not in cy.errors[0]["message"]
        back = await Client(a.ws_url("here"), "Ann").connect(token=ann.token)  # relayed to B
        assert back.seat == ann.seat
        await back.ok("back")
        for c in (back, bea):
            await c.close()
    finally:
        cluster.stop()
