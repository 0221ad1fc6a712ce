"""PostgreSQL's own part of the store: the schema version, the lease, and fencing (a write of
a process whose room was taken over is refused and stores nothing)."""

from __future__ import annotations

import time

import psycopg
import pytest

from bohnanza.server.cluster.lease import Lease, live_owners
from bohnanza.server.pgowners import Fenced
from bohnanza.server.pgschema import MIGRATIONS, SCHEMA_VERSION
from bohnanza.server.postgres import PostgresStore

SEATS = [{"name": "Ann"}]


def _save(store: PostgresStore, version: int) -> None:
    store.save(name="r", version=version, game_no=0, options={}, seats=SEATS, game=None,
               last_result=None, command=(0, f"/c{version}"), log=[])


def test_the_schema_is_created_once_and_a_newer_one_is_refused(pg_url: str) -> None:
    a = PostgresStore(pg_url)
    b = PostgresStore(pg_url)  # a second process starting: nothing to migrate
    assert a.schema_version == b.schema_version == SCHEMA_VERSION
    a.db.execute("UPDATE bohnanza_schema SET version = %s", (SCHEMA_VERSION + 1,))
    with pytest.raises(RuntimeError, match="newer server"):
        PostgresStore(pg_url)
    a.close()
    b.close()


def test_a_database_of_schema_1_is_brought_up_to_date_its_rooms_kept(pg_url: str) -> None:
    """A cluster's database from before the caps on new rooms (schema 1, a room stored and
    owned) is migrated on start: the room, its owner row and fence kept; ``made_by`` and
    ``parked`` empty; ``room_rate`` there."""
    from bohnanza.server.pgschema import MIGRATIONS

    with psycopg.connect(pg_url, autocommit=True) as db:
        db.execute(MIGRATIONS[1])
        db.execute("CREATE TABLE bohnanza_schema (version INTEGER NOT NULL)")
        db.execute("INSERT INTO bohnanza_schema (version) VALUES (1)")
        db.execute("INSERT INTO room_owner (name, owner, fence) VALUES ('r', 7, 3)")
        db.execute("INSERT INTO rooms (name, created, version, game_no, options, seats)"
                   " VALUES ('r', 0, 5, 0, '{}', '[{\"name\": \"Ann\"}]')")
    old = PostgresStore(pg_url)
    assert old.schema_version == SCHEMA_VERSION == 4
    assert old.db.execute("SELECT owner, fence, made_by, parked, admitting FROM room_owner"
                          ).fetchall() == [(7, 3, None, None, False)]
    assert old.db.execute("SELECT count(*) FROM room_rate").fetchone() == (0,)
    stored = old.load("r", 0, 0)
    assert stored is not None and stored.version == 5 and stored.seats == SEATS
    old.close()


def test_a_live_owner_keeps_its_room_and_a_dead_ones_room_is_taken(pg_url: str) -> None:
    PostgresStore(pg_url).close()  # the schema
    lost: list[bool] = []
    lease_a = Lease(pg_url, 1.0, lambda: lost.append(True)).start()
    a = PostgresStore(pg_url, owner=lease_a.owner)
    lease_b = Lease(pg_url, 1.0, lambda: None).start()
    b = PostgresStore(pg_url, owner=lease_b.owner)
    try:
        assert a.claim("r") == (lease_a.owner, 1)
        _save(a, 1)
        assert b.claim("r") == (lease_a.owner, 1)  # A's lease is held: still A's
        with pytest.raises(Fenced):
            _save(b, 2)  # B never claimed it: B cannot write it
        lease_a.stop()  # A's lease gone (its connection closed, as with kill -9)
        deadline = time.monotonic() + 5  # the server's backend ends a moment later
        while lease_a.owner in live_owners(b.db):
            assert time.monotonic() < deadline
            time.sleep(0.01)
        assert b.claim("r") == (lease_b.owner, 2)  # taken over: the fencing number goes up
        _save(b, 2)
        # A, paused through all this, writes on: every kind of write is refused
        with pytest.raises(Fenced):
            _save(a, 3)
        a.fences["r"] = 1
        with pytest.raises(Fenced):
            a.save_command(name="r", version=3, game_no=0, seat=0, text="/late", log="[]")
        a.fences["r"] = 1
        with pytest.raises(Fenced):
            a.save_chat("r", {"text": "late"})
        a.fences["r"] = 1
        a.save_version("r", 99)  # best effort: refused silently
        a.fences["r"] = 1
        with pytest.raises(Fenced):
            a.delete_room("r")
        got = b.load("r")
        assert got is not None and got.version == 2
        assert [r.text for r in b.command_rows("r")] == ["/c1", "/c2"]
        assert b.recent("r")[1] == []
    finally:
        lease_b.stop()
        a.close()
        b.close()


def test_the_rest_marks_are_fenced(pg_url: str) -> None:
    """A process whose room was taken over writes no mark of it (best effort, as a version
    bump: refused silently); one that never claimed the room is refused with Fenced."""
    PostgresStore(pg_url).close()  # the schema
    lease_a = Lease(pg_url, 1.0, lambda: None).start()
    a = PostgresStore(pg_url, owner=lease_a.owner)
    lease_b = Lease(pg_url, 1.0, lambda: None).start()
    b = PostgresStore(pg_url, owner=lease_b.owner)
    try:
        a.claim("r")
        _save(a, 1)
        a.save_away("r", {"Ann": 10.0})
        with pytest.raises(Fenced):
            b.save_away("r", {"Ann": 99.0})  # B never claimed it
        b.db.execute("UPDATE room_owner SET owner=%s, fence=fence+1 WHERE name='r'",
                     (lease_b.owner,))  # taken over (as a claim after A's lease is gone)
        a.save_away("r", {"Ann": 20.0})  # A, paused through it: changes nothing
        a.save_resting("r", 30.0)
        assert b.rest_marks("r") == {"r": (None, {"Ann": 10.0})}
    finally:
        lease_a.stop()
        lease_b.stop()
        a.close()
        b.close()


def test_a_lease_ends_when_its_process_stops_answering(pg_url: str) -> None:
    """``idle_session_timeout``: a lease whose thread no longer asks (a paused process) is
    ended by PostgreSQL after the timeout, and the lease hears it when it asks again."""
    PostgresStore(pg_url).close()
    lost: list[bool] = []
    lease = Lease(pg_url, 0.5, lambda: lost.append(True)).start()
    watcher = psycopg.connect(pg_url, autocommit=True)
    try:
        assert lease.owner in live_owners(watcher)
        lease._stop.set()  # the thread stops asking, as if paused
        assert lease._thread is not None
        lease._thread.join(2)

        deadline = time.monotonic() + 5
        while lease.owner in live_owners(watcher):
            assert time.monotonic() < deadline, "the lease outlived its timeout"
            time.sleep(0.1)
    finally:
        watcher.close()
        lease.stop()


# the lead's schema 2 between 53666be and 80d4f8c: the rest marks, no caps (cluster18's 2)
_MARKS_AS_2 = """
ALTER TABLE rooms ADD COLUMN resting DOUBLE PRECISION;
ALTER TABLE rooms ADD COLUMN away TEXT;
"""


@pytest.mark.parametrize("old", ["1", "2-caps", "2-marks"])
def test_an_older_database_is_brought_to_the_present_version(pg_url: str, old: str) -> None:
    """A database made by an older server is migrated on start, its room kept, and then has
    every column: a park (the caps' columns), the marks (pgmarks.py) and ``admitting`` work.
    Version 1 had neither the caps nor the marks; two schema 2s were made: cluster18's (the
    caps: ``room_owner.made_by``, ``parked``, ``line``, ``room_rate``) and, on the lead before
    cluster18's merge, the rest marks (``rooms.resting``, ``rooms.away``). Version 4 adds
    ``room_owner.admitting``."""
    with psycopg.connect(pg_url, autocommit=True) as db, db.transaction():
        db.execute("CREATE TABLE bohnanza_schema (version INTEGER NOT NULL)")
        db.execute(MIGRATIONS[1])
        if old != "1":
            db.execute(MIGRATIONS[2] if old == "2-caps" else _MARKS_AS_2)
        db.execute("INSERT INTO bohnanza_schema (version) VALUES (%s)", (int(old[0]),))
        db.execute("INSERT INTO rooms (name, created, version, options, seats)"
                   " VALUES ('r', 1, 4, '{}', '[]')")
    store = PostgresStore(pg_url)
    try:
        assert store.schema_version == SCHEMA_VERSION == 4
        got = store.load("r")
        assert got is not None and got.version == 4
        store.save_away("r", {"Ann": 12.5})
        assert store.rest_marks() == {"r": (None, {"Ann": 12.5})}
        cols = {r[0] for r in store.db.execute(
            "SELECT column_name FROM information_schema.columns WHERE table_name = 'room_owner'")}
        assert {"made_by", "parked", "line", "admitting"} <= cols
        assert store.db.execute("SELECT count(*) FROM room_rate").fetchone() == (0,)
    finally:
        store.close()
