"""The park clock of a room taken over (cluster/owner.py ``_park_clock``): a room nobody is
connected to parks ``park_after`` after its last seated person left, also when its owner died
meanwhile. Before, the process that adopted it started the clock again at the load: every
takeover (a process killed or restarted, the database away for a moment, after which every
process takes a new lease and the rooms are adopted again) kept each idle room live for
another ``park_after``, counted in ``MAX_ROOMS`` and its maker's ``MAX_ROOMS_PER_ADDRESS``
(a player who left ten rooms was refused a new one for that long again, after each)."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import httpx
import psycopg
from server.harness import Client

from .parts import Cluster


def _away(url: str, room: str) -> dict[str, float]:
    with psycopg.connect(url, autocommit=True) as db:
        row = db.execute("SELECT away FROM rooms WHERE name=%s", (room,)).fetchone()
    return json.loads(row[0]) if row is not None and row[0] else {}


def _parked(url: str, room: str) -> bool:
    with psycopg.connect(url, autocommit=True) as db:
        row = db.execute("SELECT parked FROM room_owner WHERE name=%s", (room,)).fetchone()
    return row is not None and row[0] is not None


async def test_a_room_taken_over_parks_park_after_its_people_left(
        tmp_path: Path, pg_url: str, redis_url: str) -> None:
    """``park_after=60``: Ann sits in a room on A and leaves; her leaving is stored as an hour
    ago (as if A had held the idle room that long). A is killed (kill -9): B adopts the room
    and parks it at once (her hour is past ``park_after``), not 60 s after the adoption; its
    lobby line then says resting, naming her, on B."""
    cluster = Cluster(tmp_path, pg_url, redis_url, n=2, park_after=60, lease_timeout=1.0,
                      idle_check_interval=0.2).start()
    a, b = cluster.servers
    try:
        ann = await Client(a.ws_url("idle"), "Ann").connect()
        await ann.ok("/join")
        await ann.close()
        deadline = time.monotonic() + 20
        while "Ann" not in _away(pg_url, "idle"):
            assert time.monotonic() < deadline, "Ann's leaving was never stored"
            await asyncio.sleep(0.1)
        with psycopg.connect(pg_url, autocommit=True) as db:
            db.execute("UPDATE rooms SET away=%s WHERE name='idle'",
                       (json.dumps({"Ann": time.time() - 3600}),))
        assert cluster.owner_of("idle") is a
        a.kill9()
        deadline = time.monotonic() + 30  # (half of park_after: parked from the adoption on,
        # it would wait 60 s)
        while not _parked(pg_url, "idle"):
            assert time.monotonic() < deadline, ("not parked", cluster.ownership("idle"))
            await asyncio.sleep(0.2)
        line = httpx.get(b.base + "/api/rooms/idle", timeout=5).json()
        assert line["resting"] and line["seats"] == ["Ann"], line
    finally:
        cluster.stop()


async def test_a_person_the_owner_s_death_cut_off_is_stored_away_at_the_takeover(
        tmp_path: Path, pg_url: str, redis_url: str) -> None:
    """Ann and Bob sit in a room on A; Bob leaves (stored away); A is killed (kill -9) while
    Ann is connected, and she does not come back. B adopts the room: Ann is away from then
    (as on one process after a restart), and B stores it beside Bob's mark. Before, nothing
    was stored for her (only a departure wrote the marks, and hers never came): at the next
    takeover her away clock (``/handover``) and the room's park clock started again."""
    cluster = Cluster(tmp_path, pg_url, redis_url, n=2, lease_timeout=1.0,
                      idle_check_interval=0.2).start()
    a, b = cluster.servers
    ann = Client(a.ws_url("cut"), "Ann")
    try:
        await ann.connect()
        await ann.ok("/join")
        bob = await Client(a.ws_url("cut"), "Bob").connect()
        await bob.ok("/join")
        await bob.close()
        deadline = time.monotonic() + 20
        while "Bob" not in (away := _away(pg_url, "cut")):
            assert time.monotonic() < deadline, "Bob's leaving was never stored"
            await asyncio.sleep(0.1)
        bob_left = away["Bob"]
        assert cluster.owner_of("cut") is a
        a.kill9()
        killed = time.time()
        deadline = time.monotonic() + 30
        while cluster.owner_of("cut") is not b:
            assert time.monotonic() < deadline, ("never adopted", cluster.ownership("cut"))
            await asyncio.sleep(0.1)
        deadline = time.monotonic() + 20
        while "Ann" not in (away := _away(pg_url, "cut")):
            assert time.monotonic() < deadline, ("Ann's cut-off never stored", away)
            await asyncio.sleep(0.1)
        assert away["Bob"] == bob_left, away
        assert away["Ann"] >= killed - 1, away  # away from the takeover, not before the kill
    finally:
        await ann.close()
        cluster.stop()
