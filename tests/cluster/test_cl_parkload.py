"""A parked room whose load fails stays parked as it was (cluster/live.py, pgowners.py): its
mark (``room_owner.parked``, which the sweep reads) and its lobby line (``/api/rooms/NAME``).
Before, the claim cleared both and the failed load's ``release`` let the room go without
them: the sweep never forgot it, and the name gate of its link no longer knew who sits
there."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import httpx
import psycopg
from server.harness import Client

from bohnanza.server.cluster.live import sweep
from bohnanza.server.postgres import PostgresStore

from .parts import Cluster, seat_and_park


def _parked(url: str, room: str) -> tuple[int, float | None, str | None]:
    with psycopg.connect(url, autocommit=True) as db:
        row = db.execute("SELECT owner, parked, line FROM room_owner WHERE name=%s",
                         (room,)).fetchone()
    assert row is not None
    return int(row[0]), row[1], row[2]


async def test_a_parked_room_whose_load_fails_stays_parked(
        tmp_path: Path, pg_url: str) -> None:
    """Ann sits in a room and leaves; it parks. Bob's connection claims it while the table
    ``rooms`` is locked by another session, and that load is cancelled by the database
    (``pg_cancel_backend``: a database error mid-load). Bob is told to try again (1013), and
    the room is let go as parked as it was: the same mark, the same line (naming Ann,
    resting), so the sweep forgets it once parked long enough. When Ann comes back, the
    room loads and is live again: its mark and line are cleared."""
    cluster = Cluster(tmp_path, pg_url, None, n=1, park_after=1,
                      idle_check_interval=0.2).start()
    (a,) = cluster.servers
    try:
        ann, _ = await seat_and_park(cluster, a, "gate")
        deadline = time.monotonic() + 20
        before = _parked(pg_url, "gate")
        assert before[0] == 0 and before[1] is not None and before[2] is not None, before

        with psycopg.connect(pg_url) as lock, \
                psycopg.connect(pg_url, autocommit=True) as watch:
            lock.execute("LOCK TABLE rooms IN ACCESS EXCLUSIVE MODE")
            bob = Client(a.ws_url("gate"))
            await bob.connect(hello=False)
            await bob.send({"type": "hello", "name": "Bob"})
            closed = asyncio.ensure_future(bob.closed(30))
            while not closed.done():  # every read of the rooms waiting on the lock: cancelled
                assert time.monotonic() < deadline + 30, cluster.ownership("gate")
                watch.execute(
                    "SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE"
                    " datname = current_database() AND wait_event_type = 'Lock' AND pid <> %s",
                    (lock.info.backend_pid,))
                await asyncio.sleep(0.1)
            assert closed.result() == 1013
            assert bob.errors and bob.errors[-1]["code"] == "try_again", bob.errors
            lock.rollback()

        assert _parked(pg_url, "gate") == before
        line = httpx.get(a.base + "/api/rooms/gate").json()
        assert line is not None and line.get("resting") and line["seats"] == ["Ann"], line
        # Ann comes back: the room is loaded, live again, its mark and line cleared (else a
        # later failed load would let it go with this old mark, and the sweep forget it at
        # once, however long it was played since)
        back = await Client(a.ws_url("gate"), "Ann").connect(token=ann.token)
        assert back.seat == 0
        while _parked(pg_url, "gate")[1:] != (None, None):
            assert time.monotonic() < deadline + 60, _parked(pg_url, "gate")
            await asyncio.sleep(0.1)
        assert _parked(pg_url, "gate")[0] != 0
        await back.close()
        store = PostgresStore(pg_url)
        try:
            assert sweep(store, 0) == 0  # (live: never forgotten)
        finally:
            store.close()
    finally:
        cluster.stop()
