"""The room directory's part on PostgreSQL: which rooms this process owns, and taking them.

A room is served by exactly one process, its owner (``room_owner``; postgres.py). A process
claims a room when a connection asks for it (:meth:`Owner.room`; a new one within the site's
caps: live.py) or when its owner died (:meth:`Owner.adopt`, every ``lease_timeout / 4``
seconds: its bots and clocks go on even when nobody reconnects). A room claimed is loaded
from the database (its checkpoint and the commands since) and its bots plan their next step.
A room owned by another live process is served through it (``relay.RelayedRoom``).

A room is lost when a write of it is refused by fencing (another process took it over while
this one was paused or cut off) or when this process's lease is gone: its connections are
closed with ``1013`` (try again later: the clients reconnect, and reach the new owner), its
bots stop, and nothing of it is written any more.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from typing import TYPE_CHECKING, Any

from .. import parking
from ..dbqueue import DbQueue
from ..lang import error_frame
from ..pgmarks import read_marked
from ..pgowners import NOBODY
from ..postgres import PostgresStore
from ..protocol import CLOSE_TRY_LATER
from ..room.journal import current
from . import live
from .forget import hand_over, parse_request
from .lease import Lease

if TYPE_CHECKING:
    from ..conn import Conn
    from ..hub import Hub
    from ..room import Room
    from .relay import Relay, RelayedRoom

log = logging.getLogger("bohnanza.server")

# what a player is told while this process cannot reach PostgreSQL (its lease is lost with
# it): the room did not move, and the page reconnects by itself
DATABASE_GONE = "The server cannot reach its database; reconnecting."
# (fenced: taken over; or this process lost its lease while the database answers: it was
# paused or cut off past the lease, and another process takes its rooms)
ROOM_MOVED = "This room moved to another server; reconnecting."
# what a connection relayed through this process hears when it lost its lease that way: the
# room stays where it is, but this process's channel is gone with its owner id
REJOINED = "This server lost touch with the others for a while; reconnecting."
SERVED_ELSEWHERE = "This room is served by another server; try again."  # (without Redis)


class Owner:
    """This process's lease, store and claims (module docstring)."""

    def __init__(self, hub: Hub, url: str) -> None:
        self.hub = hub
        self.url = url
        self.settings = hub.settings
        self.lease: Lease | None = None
        self.store: PostgresStore
        self.relay: Relay | None = None
        self._task: asyncio.Task[None] | None = None
        self._wake = asyncio.Event()  # the lease is gone, or another process's is
        self._lease_gone = False
        self._live_before: set[int] = set()
        self._loop: asyncio.AbstractEventLoop | None = None

    @property
    def me(self) -> int:
        return self.lease.owner if self.lease is not None and not self.lease.lost else 0

    def open(self) -> tuple[PostgresStore, DbQueue]:
        """Connect (the schema migrated), take the lease; the store and its queue (every call
        on the database thread, in order)."""
        self.store = PostgresStore(self.url)
        self.lease = self._new_lease()
        self.store.owner = self.lease.owner
        queue = DbQueue(self.store, self.store, inline=False)
        queue.on_fenced = self._fenced
        return self.store, queue

    def _new_lease(self) -> Lease:
        return Lease(self.url, self.settings.lease_timeout, self._lease_lost,
                     self._live_changed, self._forget_asked).start()

    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        try:  # the commands' own connection, on this loop (postgres.py)
            await self.store.open_async()
        except Exception as e:
            log.warning("the second database connection failed (%s): every write on the "
                        "database thread", e)
        if self.settings.redis_url:
            from .relay import Relay

            self.relay = Relay(self.hub, self, self.settings.redis_url)
            await self.relay.start()
        await self.adopt()
        self._task = asyncio.create_task(self._loop_forever())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        if self.relay is not None:
            await self.relay.stop()
        if self.lease is not None:
            await asyncio.get_running_loop().run_in_executor(None, self.lease.stop)
        with contextlib.suppress(Exception):
            await self.store.close_async()

    # ------------------------------------------------------------ claims

    async def room(self, name: str, conn: Conn | None, take: bool = True,
                   address: str | None = None,
                   token: str | None = None) -> Room | RelayedRoom | None:
        """The room ``name`` for a connection (the caller holds the directory's lock): ours
        (claimed and loaded now if need be), relayed to its owner, or None (``conn`` told why:
        to try later, that the room is damaged, or past the cluster's caps on new rooms:
        live.py, ``address`` the client's when limited, ``token`` its seat token). Not
        ``take`` (this process holds as many rooms as it may): only a room another process
        owns, relayed (else ``too_many_rooms``)."""
        hub = self.hub
        room = hub.rooms.get(name)
        if room is not None:
            return room
        if self.me == 0:
            self._refuse(conn, DATABASE_GONE)
            return None
        try:
            owner, fence, fresh = await hub.queue.call(self.store.claim_fresh, name, take,
                                                       conn is None, conn is not None)
        except Exception as e:
            log.warning("room %s: claim failed (%s)", name, e)
            self._refuse(conn, DATABASE_GONE)
            return None
        if owner == NOBODY:  # not take; or adopting (no conn) a room parked meanwhile
            if conn is not None:
                hub.refuse_full(conn)
            return None
        if owner != self.me:
            if self.relay is not None and conn is not None:
                return self.relay.room(name, owner, conn)
            self._refuse(conn, SERVED_ELSEWHERE)
            return None
        if name in hub.damaged:  # claimed by us, found damaged: never loaded again here
            if conn is not None:
                hub.refuse_damaged(conn)
            return None
        # a room live nowhere before, for a person's connection: the cluster's caps (live.py)
        return await self._load(name, conn, (address, token) if fresh and conn else None)

    async def _load(self, name: str, conn: Conn | None,
                    admit: tuple[str | None, str | None] | None = None) -> Room | None:
        """A room just claimed, as stored (a new room when nothing is). One that cannot be
        read (the database lost meanwhile) is let go (a parked one still parked, its mark and
        lobby line as they were: ``release``), and ``conn`` told to try again; one
        that is not a game the rules could have made (a command that does not apply, the
        audit: as ``hub.open`` checks each room on SQLite) stays claimed by this process,
        listed as damaged, never played, and ``conn`` told so: the other processes see a live
        owner and do not take it again and again. ``admit``: (address, seat token) of a room
        live nowhere before: served within the cluster's caps only (live.admitted)."""
        hub = self.hub
        try:
            stored, unreadable = await hub.queue.call(read_marked, self.store, name)
        except Exception as e:
            log.warning("room %s cannot be loaded (%s); let go", name, e)
            with contextlib.suppress(Exception):
                await hub.queue.call(self.store.release, name)
            self._refuse(conn, DATABASE_GONE)
            return None
        room = hub._new_room(name)
        problems = [unreadable] if unreadable else []
        if stored is not None and not problems:
            try:
                room.restore(current(stored))
                problems = parking.check(room)
            except Exception as e:
                problems = [f"{type(e).__name__}: {e}"]
        if problems:
            hub._damaged(name, "; ".join(problems))
            if conn is not None:
                hub.refuse_damaged(conn)
            return None
        if admit is not None and conn is not None and not await live.admitted(
                self, room, conn, *admit):
            return None
        hub.rooms[name] = room
        hub.queue.later(functools.partial(self.store.unpark, name))  # (before its writes)
        if conn is None:  # adopted: its clocks from when its people left, kept for the next
            parking.adopted(hub, room)
        room.plan_bots()  # a running game's bots play on (after a takeover too)
        log.info("room %s owned here (lease %d)", name, self.me)
        return room

    async def sweep(self) -> None:
        """Delete the rooms parked ``forget_after`` ago (live.sweep; a failure: next time)."""
        with contextlib.suppress(Exception):
            await self.hub.queue.call(live.sweep, self.store, self.settings.forget_after)

    async def parked_line(self, name: str) -> dict[str, Any] | None:
        """The lobby line of ``name`` as it parked (live.parked_line), None when unknown."""
        return await self.hub.queue.call(live.parked_line, self.store, name)

    def let_go_later(self, name: str) -> None:
        """Let the room ``name`` go (dropped, nothing of it stored), after its writes."""
        self.hub.queue.later(functools.partial(live.let_go, self.store, name))

    def _refuse(self, conn: Conn | None, message: str) -> None:
        if conn is not None:
            conn.send(error_frame("try_again", message, conn.lang))
            conn.close(CLOSE_TRY_LATER, "try again")

    async def adopt(self) -> None:
        """Claim the stored rooms that have no live owner, and load them."""
        if self.me == 0 or self.lease is None:
            return
        try:
            names = await self.hub.queue.call(self.store.orphans, set(self.lease.live))
        except Exception as e:
            log.info("looking for rooms without an owner failed: %s", e)
            return
        for name in names:
            async with self.hub.rooms_lock:
                if name in self.hub.rooms or name in self.hub.damaged \
                        or len(self.hub.rooms) >= self.settings.max_rooms:
                    continue
                room = await self.room(name, None)
            if room is not None and not getattr(room, "in_use", lambda: True)():
                # nobody uses it (a finished game of bots, watchers only): forgotten if its
                # people do not come back within the grace, as after a restart (the watchers
                # of the process that died reconnect now; forgotten at once, it was deleted)
                self.hub.drop_unused(room)  # type: ignore[arg-type]

    async def _loop_forever(self) -> None:
        """Every ``lease_timeout / 4`` seconds, and at once when a lease is gone: rooms
        without an owner adopted, relayed connections to a dead owner sent to reconnect."""
        period = self.settings.lease_timeout / 4
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), period)
            self._wake.clear()
            try:
                if self._lease_gone:
                    self._lease_gone = False
                    await self._retake_lease()
                await self._reopen_async()
                await self.adopt()
                if self.relay is not None and self.me:  # (a lost lease knows no live set:
                    # its relayed connections are dropped by _retake_lease, told why)
                    await self.relay.check_owners(set(self.lease.live) if self.lease else set())
            except Exception:  # pragma: no cover - keep the loop alive
                log.exception("cluster loop failed")

    async def _reopen_async(self, fresh: bool = False) -> None:
        """The commands' own connection again once it was lost (the database restarted;
        ``fresh``: maybe lost); meanwhile every write goes on the database thread
        (``async_variant``)."""
        adb = self.store.adb
        if not fresh and adb is not None and not adb.closed and not adb.broken:
            return
        try:
            await self.store.open_async()
        except Exception as e:
            log.info("the second database connection cannot be opened yet (%s)", e)

    # ------------------------------------------------------------ losing rooms

    def _fenced(self, name: str) -> None:
        """A write of ``name`` was refused by fencing: another process owns it now."""
        room = self.hub.rooms.get(name)
        if room is not None:
            log.warning("room %s: taken over by another process; dropped here", name)
            self.lose(room, ROOM_MOVED)

    def lose(self, room: Room, message: str, code: str = "room_moved") -> None:
        """Drop ``room`` without writing anything: bots stop, connections close (1013),
        told ``message`` (``code``)."""
        hub = self.hub
        if hub.rooms.get(room.name) is room:
            del hub.rooms[room.name]
        room.journal.lost = True  # this copy writes nothing more (its bots neither)
        room.stop_bots(for_good=True)
        for c in list(room.conns):
            c.send(error_frame(code, message, c.lang))
            c.close(CLOSE_TRY_LATER, "room moved")

    def _lease_lost(self) -> None:  # on the lease's thread
        self._lease_gone = True
        self._wake_up()

    def _live_changed(self, live: set[int]) -> None:  # on the lease's thread
        gone = self._live_before - live
        self._live_before = live
        if gone:  # another process died: its rooms and our relays to it, now
            self._wake_up()

    def _forget_asked(self, payload: str) -> None:  # on the lease's thread
        asked = parse_request(payload)
        if asked is not None and self._loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop is closed
                self._loop.call_soon_threadsafe(self.hub.later, self._hand_over(*asked))

    async def _hand_over(self, name: str, to: int) -> None:
        """``bohnanza forget-room`` asks for ``name`` (forget.py): handed over when this
        process holds it as damaged (never played here); a room in play is kept."""
        async with self.hub.rooms_lock:
            if name not in self.hub.damaged or name in self.hub.rooms:
                return
            if await self.hub.queue.call(hand_over, self.store, name, to):
                del self.hub.damaged[name]
                log.warning("room %s: handed to 'bohnanza forget-room' (lease %d)", name, to)

    def _wake_up(self) -> None:
        if self._loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop is closed
                self._loop.call_soon_threadsafe(self._wake.set)

    async def _retake_lease(self) -> None:
        """Our lease is gone: every room is lost; a new lease (a new owner id). The players
        are told the truth: when a new lease is taken at once the database answers, so this
        process was paused or cut off past its lease and its rooms go to the others
        (``room_moved``); else the database cannot be reached (``try_again``)."""
        old = self.lease
        if old is not None:
            await asyncio.get_running_loop().run_in_executor(None, old.stop)
        lease = await self._try_lease()
        # no connection is served between the rooms dropped and the new lease in place (it
        # would be refused as if the database were gone, or meet a room just lost)
        async with self.hub.rooms_lock:
            await self._drop_all(old, moved=lease is not None)
            if lease is not None:
                await self._install(lease)
                return
        while lease is None:
            await asyncio.sleep(self.settings.lease_timeout / 2)
            lease = await self._try_lease()
        async with self.hub.rooms_lock:
            await self._install(lease)

    async def _try_lease(self) -> Lease | None:
        try:
            return await asyncio.get_running_loop().run_in_executor(None, self._new_lease)
        except Exception as e:
            log.warning("no new lease yet (%s)", e)
            return None

    async def _drop_all(self, old: Lease | None, moved: bool) -> None:
        """Every room lost, every relayed connection closed; told why (``moved``: the
        database answers, the rooms go to the other processes)."""
        log.warning("lease %d lost (%s): dropping %d rooms", old.owner if old else 0,
                    "the database answers: this process was paused or cut off" if moved
                    else "the database cannot be reached", len(self.hub.rooms))
        for room in list(self.hub.rooms.values()):
            if moved:
                self.lose(room, ROOM_MOVED)
            else:
                self.lose(room, DATABASE_GONE, "try_again")
        self.hub.damaged.clear()  # (claimed no more: the next owner finds them damaged)
        await self.hub.queue.call(self.store.forget_fences)
        if self.relay is not None:
            if moved:
                self.relay.drop_all(REJOINED, "server_rejoined")
            else:
                self.relay.drop_all(DATABASE_GONE, "try_again")

    async def _install(self, new: Lease) -> None:
        """The new lease in place: the store writes under its owner id, its connections
        opened anew, the relay listens on its channel."""

        def set_owner() -> None:
            self.store.owner = new.owner

        await self.hub.queue.call(set_owner)
        # the database may have restarted: connections that would fail their first write
        with contextlib.suppress(Exception):
            await self.hub.queue.call(self.store.reconnect)
        await self._reopen_async(fresh=True)
        self.lease = new
        if self.relay is not None:
            await self.relay.resubscribe()

    def listing_extra(self) -> list[dict[str, Any]]:
        """The rooms of the other processes (from Redis; none without it)."""
        return self.relay.others_listing() if self.relay is not None else []
