"""A damaged room on PostgreSQL: the log line names the command that works there,
``bohnanza forget-room ROOM --database URL``, and it does, the servers running: the process
holding the room as damaged hands it over (fenced) and the room is deleted, its name free for
a fresh room; a room in play on a running server is left alone (exit 3, nothing changed).
Before, the line said to run ``forget-room`` with the server stopped, which only knows
SQLite, and a live process kept the damaged room claimed for good."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import psycopg
from server.harness import Client

from bohnanza.engine import Game
from bohnanza.server.postgres import PostgresStore

from .parts import Cluster

LEASE = 1.0


def _store_damaged(url: str, name: str) -> None:
    """A stored game the rules could not have made: 107 cards of a 104-card deck (T52)."""
    pos = Game.new("classic", ["Ann", "Bob", "Cy"], 3).to_position()
    pos["seats"][0]["hand"] += ["coffee", "coffee", "coffee"]
    store = PostgresStore(url)
    store.save(name=name, version=2, game_no=1, options={}, game=pos, last_result=None,
               seats=[{"name": n, "token_hash": "h"} for n in ("Ann", "Bob", "Cy")],
               command=(0, "/start"), log=[])
    store.close()


def _forget(url: str, room: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "BOHNANZA_LEASE_TIMEOUT": str(LEASE)}
    env.pop("BOHNANZA_DATABASE", None)
    return subprocess.run([sys.executable, "-m", "bohnanza", "forget-room", room,
                           "--database", url], capture_output=True, text=True, timeout=60,
                          env=env)


def _stored(url: str, room: str) -> bool:
    with psycopg.connect(url, autocommit=True) as db:
        return db.execute("SELECT 1 FROM rooms WHERE name=%s", (room,)).fetchone() is not None


async def _told(url: str) -> list[str]:
    c = Client(url)
    await c.connect(hello=False)
    await c.send({"type": "hello", "name": "Eve"})
    assert await c.closed(10) == 1013
    return [e["code"] for e in c.errors]


async def test_forget_room_on_postgresql_deletes_a_damaged_room_the_servers_running(
        tmp_path: Path, pg_url: str, redis_url: str) -> None:
    _store_damaged(pg_url, "bad")
    cluster = Cluster(tmp_path, pg_url, redis_url, n=2, lease_timeout=LEASE).start()
    try:
        a, b = cluster.servers
        assert await _told(a.ws_url("bad")) == ["room_damaged"]
        holder = cluster.owner_of("bad")  # claimed by a live process, as damaged
        assert holder is not None
        loop = asyncio.get_running_loop()
        give_up = loop.time() + 10
        while "cannot be played" not in holder.log.read_text():
            assert loop.time() < give_up
            await asyncio.sleep(0.05)
        line = next(x for x in holder.log.read_text().splitlines() if "cannot be played" in x)
        assert "'bohnanza forget-room bad --database URL'" in line, line
        assert "server stopped" not in line

        ann = await Client(a.ws_url("good"), "Ann").connect()  # a game in play
        for text in ("/join", "/addbot B1", "/addbot B2", "/start"):
            await ann.ok(text)
        assert _stored(pg_url, "good")
        kept = await asyncio.to_thread(_forget, pg_url, "good")
        assert kept.returncode == 3, (kept.stdout, kept.stderr)
        assert "nothing was changed" in kept.stderr
        assert _stored(pg_url, "good")
        await ann.ok("still playing")

        done = await asyncio.to_thread(_forget, pg_url, "bad")
        assert done.returncode == 0, (done.stdout, done.stderr)
        assert "forgotten" in done.stdout
        assert not _stored(pg_url, "bad")
        for srv in (a, b):  # the name makes a fresh room again (one owner, relayed)
            fresh = await Client(srv.ws_url("bad"), "Bo").connect()
            await fresh.ok("/join")
            await fresh.close()
        # each process's lobby lists it, undamaged, once the room lists are shared again
        # (every lease period: a process's list of the other's rooms may still hold the
        # damaged one for a moment)
        give_up = loop.time() + 30
        while True:
            listed: list[dict[str, Any]] = []
            for srv in (a, b):
                listed += [r for r in httpx.get(srv.base + "/api/rooms").json()
                           if r["room"] == "bad"]
            if len(listed) == 2 and not any(r.get("damaged") for r in listed):
                break
            assert loop.time() < give_up, listed
            await asyncio.sleep(0.1)
        await ann.close()
    finally:
        cluster.stop()
