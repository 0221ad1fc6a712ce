"""PostgreSQL stopped for a few seconds under a running cluster and started again: the
players are told (an ``error`` and 1013, never silence), and once the database is back the
same server processes serve the room again, with no restart of theirs: the seats come back
with their tokens and the game goes on from every acknowledged command."""

from __future__ import annotations

import asyncio
import shutil
import tempfile
from pathlib import Path

from server.harness import Client, catch_up, decide

from bohnanza.devcluster.parts import Postgres

from .parts import Cluster, check_game

LEASE = 1.0
PATIENCE = 60.0  # seconds the seats may take to come back once the database is up


async def _back(url: str, name: str, token: str | None, patience: float) -> Client:
    """A client of seat ``token`` reconnected as the board does (again while it is told to
    try later), welcomed within ``patience`` seconds."""
    loop = asyncio.get_running_loop()
    give_up = loop.time() + patience
    told: list[str] = []
    while loop.time() < give_up:
        c = Client(url, name)
        try:
            await c.connect(hello=False)
            await c.send({"type": "hello", "name": name, "token": token})
            await c.wait(lambda c=c: bool(c.welcomes and c.state) or c.close_code is not None
                         or (c.reader is not None and c.reader.done()), 10)
            if c.welcomes and c.state is not None:
                return c
        except (OSError, TimeoutError, ConnectionError):
            pass
        told += [e["code"] for e in c.errors]
        await c.close()
        await asyncio.sleep(0.3)
    raise AssertionError(("not served again within", patience, "s; told", told[-5:]))


async def test_the_cluster_serves_again_once_the_database_is_back(
        tmp_path: Path, redis_url: str) -> None:
    # a PostgreSQL of its own (stopped and started here; the session's is shared)
    root = Path(tempfile.mkdtemp(prefix="bohnanza-pg-"))
    pg = Postgres(root).start()
    cluster = Cluster(tmp_path, pg.url, redis_url, n=2, lease_timeout=LEASE).start()
    try:
        url = cluster.servers[0].ws_url("db")
        cs = [Client(url, n) for n in ("Ann", "Bob", "Cy")]
        for c in cs:
            await c.connect()
            await c.ok("/join")
        await cs[0].ok("/start")
        acked = [(0, "/start")]
        for _ in range(6):
            await catch_up(cs)  # every seat's view of one version
            seat, text = decide([c.view for c in cs])  # type: ignore[misc]
            await cs[seat].ok(text)
            acked.append((seat, text))

        pg.stop()
        for c in cs:  # told, and sent to reconnect: not a frozen board
            assert await c.closed(10) == 1013
            assert any("database" in e["message"] for e in c.errors), c.errors  # why
        pg = Postgres(root, port=pg.port).start()  # the same data, the same address

        again = [await _back(cluster.servers[i % 2].ws_url("db"), c.name, c.token, PATIENCE)
                 for i, c in enumerate(cs)]
        assert [c.seat for c in again] == [0, 1, 2]
        for _ in range(6):  # the game goes on, on the processes that never restarted
            await catch_up(again)  # (on two processes: one client's wait alone sat out
            # its 10 s timeout while the other process's client caught up)
            seat, text = decide([c.view for c in again])  # type: ignore[misc]
            await again[seat].ok(text)
            acked.append((seat, text))
        assert all(s.alive() for s in cluster.servers)
        stored = cluster.history("db")
        assert [(h["seat"], h["text"]) for h in stored if h["seat"] is not None] == acked
        check_game(stored, acked)
        for c in again:
            await c.close()
    finally:
        cluster.stop()
        pg.stop()
        shutil.rmtree(root, ignore_errors=True)
