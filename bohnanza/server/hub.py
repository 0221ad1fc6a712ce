"""The room directory: every room of this process, loaded at start-up, created on first use,
forgotten when nobody uses it or nobody has visited it for ``forget_after`` (its stored game
too); the idle clock; the room listing (``/api/rooms``).

This is where a room is found for a connection (:meth:`Hub.room_for`). On PostgreSQL
(``Settings.database``) several processes share the rooms: this process holds a lease and
owns the rooms it claimed (``cluster/owner.py``), loads a room when it claims it (not all at
start-up), and serves a room another process owns through that process (``cluster/relay.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any

from bohnanza.commands import texts

from . import gate, inuse, parking
from .checkpointer import Checkpointer
from .conn import Conn
from .dbqueue import DbQueue
from .lang import error_frame
from .listing import damaged_line, room_line
from .protocol import CLOSE_POLICY, CLOSE_TRY_LATER
from .restore import restore_rooms
from .room import Room
from .roomnames import new_room_problem
from .settings import Settings
from .store import Store, open_store

if TYPE_CHECKING:
    from .cluster.owner import Owner
    from .cluster.relay import RelayedRoom

log = logging.getLogger("bohnanza.server")

MAX_TABS_PER_SEAT = 8  # connections of one seat (a seat token gets past the room's cap)
class Hub:
    """Every room of this process, the store and its queue, and the idle-mark clock."""

    def __init__(self, settings: Settings, limits: gate.Gate | None = None,
                 in_use: inuse.Held | None = None) -> None:
        self.settings = settings
        self.gate = limits or gate.Gate(settings)  # per-address limits (gate.py)
        self.rooms: dict[str, Room] = {}
        self.damaged: dict[str, str] = {}  # stored rooms that failed to load: name -> why
        self.rooms_lock = asyncio.Lock()
        self.store: Store
        self.queue: DbQueue
        # a commit that does not wait for the disk runs inline (dbqueue.py)
        self.inline = settings.sqlite_synchronous in ("OFF", "NORMAL")
        self._idle_task: asyncio.Task[None] | None = None
        self._background: set[asyncio.Task[Any]] = set()
        self._checkpointer: Checkpointer | None = None
        self.owner: Owner | None = None  # on PostgreSQL: the lease and the claims
        # rooms in storage only (parking.py), each with its lobby line as it parked
        self.parked: dict[str, dict[str, Any]] = {}
        self._unseated: list[Room] = []  # loaded rooms nobody sits in, without a game (open)
        self._in_use: int | None = None  # the database's server lock, held shared (inuse.py)
        self._held = in_use  # that lock, held by the caller before the start (bohnanza serve)
        self._sweep_at = 0.0  # when stored rooms unused for forget_after are next forgotten
        # the server stops: the connections it closes are not people leaving (their seats'
        # away marks are not stored: the next start counts them away from then, Journal)
        self.stopping = False
        self.made_by: dict[str, str] = {}  # a live room -> the address that made it (or woke it)

    def open(self) -> None:
        """Open the store and load every stored room (before serving; a room that cannot be
        read is skipped with a warning, listed as damaged); past ``max_rooms`` (rooms with
        people first) the rest are parked. On PostgreSQL: connect and take the lease; rooms are
        loaded when claimed."""
        s = self.settings
        if s.database:
            from .cluster.owner import Owner

            self.inline = False
            self.owner = Owner(self, s.database)
            self.store, self.queue = self.owner.open()
            return
        # served: a script that would change the stored rooms under us refuses (inuse.py)
        held, self._held = self._held, None  # (given once: a start after a stop holds again)
        self._in_use = held.fd if held is not None else inuse.hold(s.db)
        # inline (commits that do not wait for the disk): lone game commands are appended to
        # the command file (cmdfile.py), synced and folded in by the checkpointer's ticks
        self.store = open_store(s.db, s.sqlite_synchronous, s.sqlite_busy_timeout,
                                autocheckpoint=not self.inline, commands_file=self.inline)
        memory = str(s.db) == ":memory:"
        # reads (the backlog a connection gets) on a connection of their own, on the event
        # loop: they never wait for a writer (WAL) and need no place in the queue
        reader = self.store if memory else open_store(
            s.db, s.sqlite_synchronous, s.sqlite_busy_timeout, cache_kib=256)  # a few rows each
        self.queue = DbQueue(self.store, reader, self.inline)
        restore_rooms(self)  # (restore.py)
        if self.inline:
            self.store.wait_for_locks(False)  # the inline writes; see dbqueue.py

    def _damaged(self, name: str, why: str) -> None:
        """A stored room that is not a game the rules could have made: never played, listed
        as damaged; its name is refused (``room_damaged``) until an operator forgets it."""
        self.damaged[name] = why
        self.parked.pop(name, None)
        how = ("'bohnanza forget-room %s --database URL' (the servers' database) deletes it, "
               "the servers running" if self.owner is not None else
               "'bohnanza forget-room %s' deletes it (with the server stopped)")
        log.warning("room %r cannot be played: it is damaged (%s); not loaded, listed as "
                    f"damaged; {how}", name, why, name)

    def _new_room(self, name: str) -> Room:
        return Room(name, self, self.queue, self.settings)

    async def start(self) -> None:
        self.open()
        if self.inline and str(self.settings.db) != ":memory:":
            self._checkpointer = Checkpointer(
                self.queue, self.settings.db, sync=self.settings.sqlite_synchronous == "NORMAL")
            self._checkpointer.start()
        for room in self.rooms.values():
            room.plan_bots()  # the bots of running games play on after a restart
        for room in self._unseated:
            if self.rooms.get(room.name) is room:
                self.drop_unused(room)  # (parked: forgotten unvisited, parking.sweep)
        self._unseated = []
        if self.owner is not None:
            await self.owner.start()
        self._idle_task = asyncio.create_task(self._idle_loop())

    def stopping_now(self) -> None:
        """The server begins to stop (``uvserver.QuietServer.handle_exit``, or :meth:`stop`)."""
        self.stopping = True

    async def stop(self) -> None:
        self.stopping = True
        tasks = [t for t in (room.stop_bots() for room in self.rooms.values()) if t is not None]
        tasks += list(self._background)
        if self._idle_task is not None:
            self._idle_task.cancel()
            tasks.append(self._idle_task)
        for t in tasks:
            t.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t
        if self._checkpointer is not None:
            self._checkpointer.stop()
            await self._checkpointer.synced()
        if self.owner is not None:
            await self.owner.stop()
        self.queue.close()  # after the writes already asked for
        inuse.release(self._in_use)  # (no longer served by this process)
        self._in_use = None

    def later(self, coro: Coroutine[Any, Any, None]) -> None:
        """Run ``coro`` as a task of its own (kept until it ends)."""
        task = asyncio.get_running_loop().create_task(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _idle_loop(self) -> None:
        while True:
            await asyncio.sleep(self.settings.idle_check_interval)
            now = time.monotonic()
            wall = time.time()
            for room in list(self.rooms.values()):
                try:
                    await room.check_idle(now)
                    await room.clock.check(wall)  # turn clocks (room/clock.py)
                    if now - room.last_visit >= self.settings.forget_after:
                        await self.forget_unvisited(room)
                    elif not room.conns and now - room.last_visit >= self._park_after(room):
                        if self.owner is None:
                            await parking.park(self, room)
                        else:  # let go (the cluster's live rooms)
                            from .cluster.live import park
                            await park(self, room)
                except Exception:  # pragma: no cover - keep the clock alive
                    log.exception("idle check failed in room %s", room.name)
            if now >= self._sweep_at:
                self._sweep_at = now + min(3600.0, self.settings.forget_after)
                await (parking.sweep(self) if self.owner is None else self.owner.sweep())

    def _park_after(self, room: Room) -> float:
        """Seconds with nobody connected after which ``room`` parks: ``park_after``, or the
        shorter ``park_bots_after`` when no person has a seat there (bots only)."""
        s = self.settings
        if any(seat.human for seat in room.seats):
            return s.park_after
        return min(s.park_after, s.park_bots_after)

    def server_crowded(self) -> bool:
        """Is the server's connection cap (``max_connections``, gate.py) nearly reached? Its
        last tenth is kept for seat tokens: watchers (and new rooms) are refused first. Idle
        HTTP connections do not count: a newcomer closes them (idleconns.py)."""
        g = self.gate
        cap = g.settings.max_connections
        return g.total - len(g.idle) > cap - max(1, cap // 10)

    def refuse_crowded(self, conn: Conn) -> None:
        conn.send(error_frame("server_crowded", "This server is nearly full; only players "
                              "coming back to their seats get in now.", conn.lang))
        conn.close(CLOSE_TRY_LATER, "server crowded")

    def refuse_full(self, conn: Conn) -> None:
        conn.send(error_frame("too_many_rooms", "This server holds as many rooms as it may; "
                              "join one.", conn.lang))
        conn.close(CLOSE_TRY_LATER, "too many rooms")

    def own_rooms_full(self, conn: Conn, address: str) -> bool:
        """Does ``address`` hold ``max_rooms_per_address`` live rooms it made (or woke from
        storage without a seat there)? Then ``conn`` is told so (``too_many_own_rooms``, 1013):
        one address filled every slot of ``max_rooms`` before (at its rate of new rooms,
        each kept by a connection). Not with the per-address limits off, nor in-process."""
        if not self.gate.per_address or address == "?":
            return False
        self.made_by = {n: a for n, a in self.made_by.items() if n in self.rooms}
        cap = self.settings.max_rooms_per_address
        if sum(a == address for a in self.made_by.values()) < cap:
            return False
        conn.send(error_frame("too_many_own_rooms", texts.text(
            "error.too_many_own_rooms", "en", n=cap), conn.lang))
        conn.close(CLOSE_TRY_LATER, "too many rooms from your address")
        return True

    def refuse_damaged(self, conn: Conn) -> None:
        conn.send(error_frame("room_damaged", "This room's stored game is damaged and cannot "
                              "be played; use another room.", conn.lang))
        conn.close(CLOSE_TRY_LATER, "room damaged")

    async def room_for(self, name: str, conn: Conn, token: str | None = None,
                       address: str = "?") -> Room | RelayedRoom | None:
        """The room, created on first use; None (and the connection told why) past the limits:
        a damaged room (``room_damaged``), too many live rooms (``too_many_rooms``), too many
        live rooms made by ``address`` (``too_many_own_rooms``: :meth:`own_rooms_full`), too
        many new rooms from it (``too_many_new_rooms``, gate.py), a room full of
        connections (``room_crowded``; a valid seat ``token`` always gets in: watchers are
        refused first), a server nearly at ``max_connections`` (``server_crowded``: its last
        tenth is for seat tokens). On PostgreSQL: claimed (and loaded) here, or relayed to the process
        that owns it."""
        async with self.rooms_lock:
            room: Room | RelayedRoom | None = self.rooms.get(name)
            if name in self.damaged:
                self.refuse_damaged(conn)
                return None
            if room is None and self.owner is not None:  # full: only a room owned elsewhere
                limited = address if self.gate.per_address and address != "?" else None
                room = await self.owner.room(name, conn, len(self.rooms) < self.settings.max_rooms,
                                             limited, token)  # (the cluster's caps: live.py)
                if room is None:
                    return None
            if room is None and self.owner is None:
                room, refused = await parking.unpark(self, name, conn, token, address)
                if refused:
                    return None
            if room is None:
                if self.server_crowded():  # a new room has no seat a token could hold
                    self.refuse_crowded(conn)
                    return None
                if len(self.rooms) >= self.settings.max_rooms:
                    self.refuse_full(conn)
                    return None
                why = self.new_room_problem(name)
                if why is not None:
                    conn.send(error_frame(why[0], why[1], conn.lang))
                    conn.close(CLOSE_POLICY, why[0])
                    return None
                if self.own_rooms_full(conn, address):
                    return None
                if not self.gate.new_room(address):
                    conn.send(error_frame("too_many_new_rooms", "Too many new rooms from your "
                                          "address; wait a minute or join one.", conn.lang))
                    conn.close(CLOSE_TRY_LATER, "too many new rooms")
                    return None
                room = self._new_room(name)
                self.rooms[name] = room
                self.made_by[name] = address
            seat = (room.table.find_token(token) if token and isinstance(room, Room)
                    else None)  # a relayed room's owner checks its own seats
            if isinstance(room, Room) and self.crowded(room, conn, seat):
                return None  # (a relayed room: its owner counts every connection; relay.py)
            if seat is None and isinstance(room, Room) and self.server_crowded():
                self.refuse_crowded(conn)
                return None
            room.pending += 1
            return room

    def crowded(self, room: Room, conn: Conn, seat: int | None) -> bool:
        """Is ``room`` full for ``conn`` (told so: ``room_crowded``, 1013)? Its connections,
        those on their way in counted, reach ``max_connections_per_room``; a seat token's
        tabs (``seat``) reach :data:`MAX_TABS_PER_SEAT` instead. The room's owner decides
        (relay.py asks it of every relayed connection too): a relayed room's count at the
        process a client reached is only that process's share."""
        if seat is not None:  # a seat's tabs: past the cap
            full = len(room.presence.seated(seat)) >= MAX_TABS_PER_SEAT
        else:
            full = len(room.conns) + room.pending >= self.settings.max_connections_per_room
        if full:
            conn.send(error_frame("room_crowded", "This room has too many connections.",
                                  conn.lang))
            conn.close(CLOSE_TRY_LATER, "room crowded")
        return full

    def drop_unused(self, room: Room) -> None:
        """Forget ``room`` ``settings.drop_grace`` seconds from now if nobody uses it then (the
        last connection gone, a finished game nobody watches): a reload, or the board's
        reconnect after a restart, comes back to it. A stop, from its first moment
        (:meth:`stopping_now`), cancels the wait, so connections closed by the server's own
        stop forget nothing (a finished game of bots, watched by
        one person, was deleted as the server stopped and the page came back to an empty
        room: a new user's trial, 5 Dec 2026)."""
        self.later(self._drop_after(room))

    async def _drop_after(self, room: Room) -> None:
        grace = self.settings.drop_grace
        await asyncio.sleep(grace)
        if self.stopping:
            # a stop that outlasts the grace (its closings wait for peers that do not answer)
            # forgot the rooms its own closings left unused, chat and all; the next start
            # gives each its grace again (start)
            return
        # (a margin, 1 s at most: this wait began about when the room's last visit was noted)
        if time.monotonic() - room.last_visit < grace - min(1.0, grace / 2):
            return  # a connection came and went since: its own wait decides (whole grace)
        await self.maybe_drop(room)

    async def maybe_drop(self, room: Room) -> None:
        """Forget a room nobody uses: no connection, no seat, no game."""
        async with self.rooms_lock:
            if room.in_use():
                return
            if room.lock.locked():
                return  # a change is under way; whoever holds the lock asks again
            room.stop_bots()
            if self.rooms.get(room.name) is room:
                del self.rooms[room.name]
                if room.journal.persisted:
                    # queued after the room's own writes; a new room of that name comes after
                    self.queue.later(functools.partial(self.store.delete_room, room.name))
                elif self.owner is not None:  # out of the cluster's live rooms (live.py)
                    self.owner.let_go_later(room.name)

    async def forget_unvisited(self, room: Room) -> None:
        """Forget a room nobody has visited for ``forget_after`` seconds (no connection in
        that time), its stored game and log too."""
        async with self.rooms_lock:
            if room.conns or room.pending or room.lock.locked():
                return
            room.stop_bots()
            if self.rooms.get(room.name) is room:
                del self.rooms[room.name]
                log.info("room %s forgotten: no visit for %.0f s", room.name,
                         time.monotonic() - room.last_visit)
                if room.journal.persisted:
                    self.queue.later(functools.partial(self.store.delete_room, room.name))
                elif self.owner is not None:
                    self.owner.let_go_later(room.name)

    def new_room_problem(self, name: str) -> tuple[str, str, str | None] | None:
        """Why no room may be made under ``name`` (a valid name, ``valid_room_name``), as an
        error's ``(code, message, the room it looks like)``: ``bad_room_name`` (a character
        that shows nothing, a ``-``/``_`` at its end; no room), ``room_lookalike`` (it looks
        like a room here: live, parked or damaged; ``roomnames.py``); None when it may, or
        when a room has that name already, and on PostgreSQL (a room stored there is loaded
        only when claimed, others live in other processes: this process cannot tell whether
        one exists; a review found stored rooms refused their page)."""
        if self.owner is not None or name in self.rooms or name in self.parked \
                or name in self.damaged:
            return None
        why = new_room_problem(name, [*self.rooms, *self.parked, *self.damaged])
        if why is None:
            return None
        if why[1] is None:
            return (why[0], texts.text("error.bad_room_name", "en", room=name), None)
        return (why[0], texts.text("error.room_lookalike", "en", room=name, other=why[1]),
                why[1])

    def listing(self) -> list[dict[str, Any]]:
        """The lobby's room list: who sits where, who is connected, the seats still free; on
        PostgreSQL with Redis, the other processes' rooms too (cluster/relay.py)."""
        others = self.owner.listing_extra() if self.owner is not None else []
        return others + self.own_listing()

    def own_listing(self) -> list[dict[str, Any]]:
        """The rooms of this process (:meth:`listing`); not the parked ones."""
        return [*(room_line(room) for room in self.rooms.values()),
                *(damaged_line(name) for name in self.damaged)]

    def room_listing(self, name: str) -> dict[str, Any] | None:
        """The lobby's line of the room ``name``: live (any process's), else resting
        (parked here: the line it had as it parked, ``resting``); None when there is none."""
        live = next((r for r in self.listing() if r["room"] == name), None)
        return live if live is not None else self.parked.get(name)
