"""The caps on new rooms hold across the cluster (cluster/live.py), as on one process
(test_srv_harden17, test_srv_bad_input): ``MAX_ROOMS_PER_ADDRESS`` (``too_many_own_rooms``),
``ROOMS_PER_MINUTE`` (``too_many_new_rooms``) and ``MAX_ROOMS`` (``too_many_rooms``) count the
rooms every process holds, and a room nobody is connected to parks (let go) and leaves them.
Before, a room claimed through the cluster's owner path skipped the per-address cap and the
rate altogether, and ``MAX_ROOMS`` counted one process's share: a person went past each by
reaching another process (every balancer does that)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import httpx
import psycopg
from server.harness import Client

from .parts import Cluster, seat_and_park


def _stored(url: str, room: str) -> bool:
    with psycopg.connect(url, autocommit=True) as db:
        return db.execute("SELECT 1 FROM rooms WHERE name=%s", (room,)).fetchone() is not None


async def _refused(url: str) -> dict[str, Any]:
    """A hello for a new room that the cluster refuses: the error it sent (and the 1013)."""
    c = Client(url)
    await c.connect(hello=False)
    await c.send({"type": "hello", "name": "Mal"})
    assert await c.closed(15) == 1013
    assert c.errors, "refused without a word"
    return c.errors[-1]


async def test_one_address_holds_its_share_of_rooms_across_processes(
        tmp_path: Path, pg_url: str, redis_url: str) -> None:
    """``max_rooms_per_address=2``, every client from 127.0.0.1: a room made on A and one on B
    are the address's two; a third is refused on either process (``too_many_own_rooms``, the
    line naming 2), joining one of its rooms through the other process is no new room, and
    when one of its rooms parks (its player left: ``park_after``) the share comes back."""
    cluster = Cluster(tmp_path, pg_url, redis_url, n=2, per_address_limits=1,
                      max_rooms_per_address=2, rooms_burst=20, park_after=1,
                      idle_check_interval=0.2).start()
    a, b = cluster.servers
    clients: list[Client] = []
    try:
        clients.append(await Client(a.ws_url("mine0"), "Mal").connect())
        clients.append(await Client(b.ws_url("mine1"), "Mal").connect())
        assert cluster.owner_of("mine0") is a and cluster.owner_of("mine1") is b
        for srv in (a, b):
            err = await _refused(srv.ws_url("mine2"))
            assert err["code"] == "too_many_own_rooms", err
            assert "already holds 2 open rooms" in err["message"], err
        # a room of its own, joined through the other process: no new room
        clients.append(await Client(b.ws_url("mine0"), "Mal2").connect())
        # the room on A parks when its player leaves: the address may make one more
        assert (await clients[0].say("/join"))["ok"]
        for c in (clients[0], clients[2]):
            await c.close()
        deadline = time.monotonic() + 20
        while cluster.owner_of("mine0") is not None:
            assert time.monotonic() < deadline, cluster.ownership("mine0")
            await asyncio.sleep(0.2)
        fresh = await Client(b.ws_url("mine2"), "Mal").connect()
        clients.append(fresh)
        assert fresh.welcomes[-1]["room"] == "mine2"
        # and the parked room comes back, game and seat, for its seat's holder (through B)
        back = await Client(b.ws_url("mine0"), "Mal").connect(token=clients[0].token)
        clients.append(back)
        assert back.seat == 0
    finally:
        for c in clients:
            await c.close()
        cluster.stop()


async def test_the_rate_of_new_rooms_holds_across_processes(
        tmp_path: Path, pg_url: str, redis_url: str) -> None:
    """``rooms_burst=2`` at 1 a minute: one new room on A, one on B, and the third is refused
    (``too_many_new_rooms``) on both."""
    cluster = Cluster(tmp_path, pg_url, redis_url, n=2, per_address_limits=1,
                      rooms_per_minute=1, rooms_burst=2).start()
    a, b = cluster.servers
    clients: list[Client] = []
    try:
        clients.append(await Client(a.ws_url("r0"), "Mal").connect())
        clients.append(await Client(b.ws_url("r1"), "Mal").connect())
        for srv in (a, b):
            err = await _refused(srv.ws_url("r2"))
            assert err["code"] == "too_many_new_rooms", err
        # rooms that exist are joined as ever
        clients.append(await Client(a.ws_url("r1"), "Ann").connect())
    finally:
        for c in clients:
            await c.close()
        cluster.stop()


async def test_max_rooms_counts_the_whole_cluster(
        tmp_path: Path, pg_url: str, redis_url: str) -> None:
    """``max_rooms=2`` (per-address limits off): a room on A and one on B fill the site; a
    third is refused ``too_many_rooms`` on both (before: each process counted its own, and the
    site held 2 per process), its name left free; the lobby lists the two."""
    cluster = Cluster(tmp_path, pg_url, redis_url, n=2, max_rooms=2).start()
    a, b = cluster.servers
    clients: list[Client] = []
    try:
        clients.append(await Client(a.ws_url("one"), "Ann").connect())
        clients.append(await Client(b.ws_url("two"), "Bob").connect())
        for srv in (a, b):
            err = await _refused(srv.ws_url("three"))
            assert err["code"] == "too_many_rooms", err
        assert cluster.owner_of("three") is None
        # the rooms of the site are served through either process
        clients.append(await Client(a.ws_url("two"), "Cy").connect())
        clients.append(await Client(b.ws_url("one"), "Di").connect())
        deadline = time.monotonic() + 10  # (each process's list is shared every 0.5 s)
        while (rooms := sorted(r["room"] for r in httpx.get(a.base + "/api/rooms").json())) \
                != ["one", "two"]:
            assert time.monotonic() < deadline, rooms
            await asyncio.sleep(0.2)
    finally:
        for c in clients:
            await c.close()
        cluster.stop()


async def test_a_dead_process_s_unstored_room_does_not_count_for_good(
        tmp_path: Path, pg_url: str, redis_url: str) -> None:
    """``max_rooms=1``: a room opened on A (a page, nothing stored yet), then A killed
    (kill -9): nothing of that room is there to adopt, and it does not hold the site's one
    place: a new room on B is made. (A dead process's stored rooms do count: they are
    adopted; test_max_rooms_counts_the_whole_cluster.)"""
    cluster = Cluster(tmp_path, pg_url, redis_url, n=2, max_rooms=1, lease_timeout=1.0).start()
    a, b = cluster.servers
    clients: list[Client] = []
    try:
        clients.append(await Client(a.ws_url("ghost"), "Ann").connect())
        assert cluster.owner_of("ghost") is a
        a.kill9()
        fresh = await Client(b.ws_url("real"), "Bob").connect()
        clients.append(fresh)
        assert fresh.welcomes[-1]["room"] == "real"
    finally:
        for c in clients:
            await c.close()
        cluster.stop()


async def test_a_parked_room_s_link_says_who_sits_there_on_every_process(
        tmp_path: Path, pg_url: str, redis_url: str) -> None:
    """Ann (through A) and Bob (through B) sit in a room and leave; it parks (let go). The
    room's line at ``/api/rooms/NAME``, which the name gate of its link shows, still names
    them, marked resting, on both processes (as on one process: the gate said "Nobody is
    seated yet." of a game two sat in); a room never made is still unknown (``null``)."""
    cluster = Cluster(tmp_path, pg_url, redis_url, n=2, park_after=1,
                      idle_check_interval=0.2).start()
    a, b = cluster.servers
    try:
        ann = await Client(a.ws_url("gate"), "Ann").connect()
        await ann.ok("/join")
        bob = await Client(b.ws_url("gate"), "Bob").connect()
        await bob.ok("/join")
        for c in (ann, bob):
            await c.close()
        deadline = time.monotonic() + 20
        while cluster.owner_of("gate") is not None:
            assert time.monotonic() < deadline, cluster.ownership("gate")
            await asyncio.sleep(0.2)
        for srv in (a, b):
            # (the other process's lobby list, shared every 0.5 s, may name it live a moment)
            while not (line := httpx.get(srv.base + "/api/rooms/gate").json() or {}).get(
                    "resting"):
                assert time.monotonic() < deadline, (srv.port, line)
                await asyncio.sleep(0.2)
            assert line["seats"] == ["Ann", "Bob"], line
            assert line["people"] == 0 and line["free_seats"] > 0, line
            assert httpx.get(srv.base + "/api/rooms/nowhere").json() is None
    finally:
        cluster.stop()


async def test_a_room_parked_forget_after_ago_is_forgotten(
        tmp_path: Path, pg_url: str, redis_url: str) -> None:
    """``forget_after=3``: a room Ann sat in parks when she leaves, and is deleted from the
    database (game, seats) once it has been parked that long, as one process forgets a
    parked room (its storage holds about a day of rooms); the name is a new room then."""
    cluster = Cluster(tmp_path, pg_url, redis_url, n=2, park_after=1, forget_after=3,
                      idle_check_interval=0.2).start()
    a, b = cluster.servers
    try:
        ann = await Client(a.ws_url("old"), "Ann").connect()
        await ann.ok("/join")
        await ann.close()
        deadline = time.monotonic() + 30
        while not _stored(pg_url, "old"):  # (its row is written as Ann joins, or soon after)
            assert time.monotonic() < deadline
            await asyncio.sleep(0.1)
        while _stored(pg_url, "old"):
            assert time.monotonic() < deadline, cluster.ownership("old")
            await asyncio.sleep(0.3)
        again = await Client(b.ws_url("old"), "Bob").connect()
        assert again.state is not None and again.state["room"]["seats"] == []
        await again.close()
    finally:
        cluster.stop()


async def test_a_crowded_process_refuses_a_new_room_before_it_counts(
        tmp_path: Path, pg_url: str, redis_url: str) -> None:
    """A at ``max_connections=10`` with 9 open (its last tenth kept for seat tokens): a new
    room through A is refused ``server_crowded``, as on one process, and neither made nor
    counted: with ``max_rooms=4`` (3 rooms live) a new room through B is made. Before, A
    claimed and kept the refused room, which held the site's last place."""
    cluster = Cluster(tmp_path, pg_url, redis_url, n=2, max_connections=10,
                      max_rooms=4).start()
    a, b = cluster.servers
    clients: list[Client] = []
    try:
        clients += [await Client(a.ws_url(f"w{i % 3}")).connect() for i in range(9)]
        err = await _refused(a.ws_url("elsewhere"))
        assert err["code"] == "server_crowded", err
        assert cluster.owner_of("elsewhere") is None
        fresh = await Client(b.ws_url("fourth"), "Bob").connect()
        clients.append(fresh)
        assert fresh.welcomes[-1]["room"] == "fourth"
    finally:
        for c in clients:
            await c.close()
        cluster.stop()


def _parked_at(url: str, room: str) -> float | None:
    """When ``room`` parked (``room_owner.parked``: the sweep forgets it FORGET_AFTER later)."""
    with psycopg.connect(url, autocommit=True) as db:
        row = db.execute("SELECT parked FROM room_owner WHERE name=%s", (room,)).fetchone()
    return None if row is None else row[0]


async def test_a_parked_room_refused_to_a_visitor_keeps_its_line_and_its_time(
        tmp_path: Path, pg_url: str, redis_url: str) -> None:
    """``max_rooms=1``: Ann sits in a room and leaves; it parks. Bob's new room (on B) fills the
    site, so Cy, who holds no seat, is refused the parked room (``too_many_rooms``). The
    parked room's line at ``/api/rooms/NAME`` still names Ann, resting: a visitor refused
    changes nothing of it (before, the refusal let it go again without its line, and the
    name gate of its link no longer knew who sits there: ``null``). Nor does it change when
    the room parked (``room_owner.parked``, from which ``FORGET_AFTER`` counts: live.sweep):
    before, the refusal parked it anew, so refused visits kept a room nobody could use alive
    for good."""
    cluster = Cluster(tmp_path, pg_url, redis_url, n=2, max_rooms=1, park_after=1,
                      idle_check_interval=0.2).start()
    a, b = cluster.servers
    clients: list[Client] = []
    try:
        await seat_and_park(cluster, a, "gate")
        parked = _parked_at(pg_url, "gate")
        assert parked is not None
        # (on B: A, holding no room, claims the parked one and only the site's cap refuses it)
        clients.append(await Client(b.ws_url("other"), "Bob").connect())
        err = await _refused(a.ws_url("gate"))
        assert err["code"] == "too_many_rooms", err
        assert _parked_at(pg_url, "gate") == parked
        line = httpx.get(a.base + "/api/rooms/gate").json()
        assert line is not None and line.get("resting") and line["seats"] == ["Ann"], line
    finally:
        for c in clients:
            await c.close()
        cluster.stop()


async def test_adoption_never_takes_a_room_parked_meanwhile(pg_url: str) -> None:
    """A process's list of rooms to adopt (a dead owner's: ``orphans``) is read before it
    claims them one by one; a room another process took and parked meanwhile (``NOBODY``)
    is no orphan any more: adoption leaves it parked (its owner, mark and lobby line), and
    never loads it (its bots would play on with nobody there, and a room nobody uses is
    forgotten after the grace: deleted, chat and all)."""
    from bohnanza.server.hub import Hub
    from bohnanza.server.postgres import PostgresStore
    from bohnanza.server.settings import Settings

    setup = PostgresStore(pg_url)
    try:
        setup.save(name="gone", version=1, game_no=0, options={}, seats=[], game=None,
                   last_result=None, command=None, log=[])
        setup.db.execute("INSERT INTO room_owner (name, owner, fence, parked, line)"
                         " VALUES ('gone', 0, 7, 1.0, '{\"room\": \"gone\"}')")
    finally:
        setup.close()
    hub = Hub(Settings(database=pg_url, bot_delay=0))
    await hub.start()
    try:
        assert hub.owner is not None
        hub.owner.store.orphans = lambda live: ["gone"]  # type: ignore[method-assign]
        await hub.owner.adopt()
        assert "gone" not in hub.rooms
        with psycopg.connect(pg_url, autocommit=True) as db:
            row = db.execute("SELECT owner, fence, parked, line FROM room_owner"
                             " WHERE name='gone'").fetchone()
        assert row == (0, 7, 1.0, '{"room": "gone"}'), row
    finally:
        await hub.stop()


async def test_a_dead_process_s_unstored_room_comes_back_within_the_caps(
        tmp_path: Path, pg_url: str, redis_url: str) -> None:
    """``max_rooms=2``: a room opened on A (nothing stored), A killed; a new room made on B
    and one on C fill the site (the dead room does not count, as above). The first page's
    reconnect to the dead room, on B (which holds one room, under its own cap), is a new
    room too: refused ``too_many_rooms``, left free (before: the claim took it over from the
    dead owner as a live room, never counted, and the site held 3 rooms with ``MAX_ROOMS``
    2)."""
    cluster = Cluster(tmp_path, pg_url, redis_url, n=3, max_rooms=2, lease_timeout=1.0).start()
    a, b, c = cluster.servers
    clients: list[Client] = []
    try:
        clients.append(await Client(a.ws_url("ghost"), "Ann").connect())
        assert cluster.owner_of("ghost") is a
        a.kill9()
        clients.append(await Client(b.ws_url("one"), "Bob").connect())
        clients.append(await Client(c.ws_url("two"), "Cy").connect())
        err = await _refused(b.ws_url("ghost"))
        assert err["code"] == "too_many_rooms", err
        assert cluster.owner_of("ghost") is None
    finally:
        for cl in clients:
            await cl.close()
        cluster.stop()


def test_two_rooms_racing_for_the_last_place_one_gets_it(pg_url: str) -> None:
    """``max_rooms=1``, no room live: process A claims the new room ``x`` and process B the new
    room ``y`` (both claims made before either is admitted, as when two people open new rooms
    on two processes at once), then each admits its own (live.admit, in one order and in the
    other). One of them gets the site's last place, the other is refused ``too_many_rooms``.
    Before, each counted the other's claim, not yet admitted, as live, and both were
    refused: the site turned away two rooms with a place free."""
    from bohnanza.server.cluster.lease import Lease
    from bohnanza.server.cluster.live import admit, let_go
    from bohnanza.server.postgres import PostgresStore
    from bohnanza.server.settings import Settings

    s = Settings(database=pg_url, max_rooms=1)
    PostgresStore(pg_url).close()  # (the schema made)
    leases = [Lease(pg_url, 5.0, lambda: None).start() for _ in range(2)]
    stores = [PostgresStore(pg_url, owner=lease.owner) for lease in leases]
    try:
        for first, room in enumerate(["x", "y"]):
            a, b = stores if first == 0 else stores[::-1]
            names = (f"{room}1", f"{room}2")
            # (a connection's claim: new, live nowhere before; admission to come)
            assert a.claim_fresh(names[0], admitting=True)[2]
            assert b.claim_fresh(names[1], admitting=True)[2]
            got = [admit(a, names[0], None, False, s), admit(b, names[1], None, False, s)]
            assert got == [None, "too_many_rooms"], got
            let_go(b, names[1])     # (refused: let go, as live.admitted does)
            let_go(a, names[0])     # (the admitted room parks: the place is free again)
    finally:
        for store in stores:
            store.close()
        for lease in leases:
            lease.stop()
