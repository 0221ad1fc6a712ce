"""Parked rooms (issue 11, item 1): a room nobody is connected to for ``park_after`` seconds
leaves memory and ``max_rooms`` (which counts live rooms); its game stays in storage and comes
back, bots and all, with the next hello for that room (a seat-token holder's, or anyone's). A
bot-only table whose last spectator left stops its bots and parks the same way, after the
shorter ``park_bots_after``. A stored room nobody has used for ``forget_after`` seconds (the
lobby's day) is forgotten: no command stored and no visit ended in that time (each connection
that leaves stores its time: ``Journal.visit``; a restart is no visit). A parked room stays
parked over a restart (its mark stored: restmarks.py).

Single-process (SQLite) rooms only: on PostgreSQL a room's owner process keeps it (the lease).
The hub's ``rooms_lock`` is held by whoever calls :func:`unpark` (``room_for``); :func:`park`
and :func:`sweep` take it themselves.
"""

from __future__ import annotations

import functools
import logging
import time
from typing import TYPE_CHECKING

from bohnanza.engine.audit import audit

from .lang import error_frame
from .listing import room_line
from .protocol import CLOSE_TRY_LATER
from .room.journal import load_room

if TYPE_CHECKING:
    from .conn import Conn
    from .hub import Hub
    from .room import Room

log = logging.getLogger("bohnanza.server")


def check(room: Room) -> list[str]:
    """What is wrong with a loaded room's game (the Bohnanza engine's T52 audit; the farm game
    checks its own positions when it loads them)."""
    if room.game is None or room.table.hosted.name != "bohnanza":
        return []
    return audit(room.game.to_position())


async def park(hub: Hub, room: Room) -> None:
    """Take ``room`` out of memory, its stored game kept (nobody is connected to it)."""
    async with hub.rooms_lock:
        if room.conns or room.pending or room.lock.locked() or hub.rooms.get(room.name) is not room:
            return
        if not room.journal.persisted:  # nothing stored to come back to: nothing held either
            return
        room.stop_bots()
        del hub.rooms[room.name]
        hub.parked[room.name] = room_line(room, resting=True)
        _mark(hub, room.name, time.time())  # a restart leaves it resting (restmarks.py)
        log.info("room %s parked: nobody connected for %.0f s", room.name,
                 time.monotonic() - room.last_visit)


async def unpark(hub: Hub, name: str, conn: Conn, token: str | None = None,
                 address: str = "?") -> tuple[Room | None, bool]:
    """The parked room ``name`` loaded again: ``(room, False)``; ``(None, False)`` when none is
    stored; ``(None, True)`` when it cannot come back (the connection is told why: too many
    live rooms, damaged, or too many new rooms from ``address``). Only a name parked here is
    looked up (a new room costs no read). Bringing a room back costs ``address`` a new room
    (gate.py) unless ``token`` holds a seat there: parked rooms are no way round the rate."""
    if name not in hub.parked:
        return None, False
    try:
        stored = await hub.queue.call(load_room, hub.store, name, 0, 0)
        marks = getattr(hub.store, "rest_marks", None)  # (restmarks.py)
        if stored is not None and marks is not None:
            stored.away = (await hub.queue.call(marks, name)).get(name, (None, {}))[1]
    except (ValueError, TypeError, KeyError) as e:  # the row cannot be read
        hub._damaged(name, f"{type(e).__name__}: {e}")
        _refuse(conn, "room_damaged", "This room's stored game is damaged and cannot be played; "
                "use another room.", "room damaged")
        return None, True
    except Exception as e:  # the database is busy or failing: later
        log.warning("room %s could not be read from storage (%s)", name, e)
        _refuse(conn, "storage_error", "The server could not store that; try again.",
                "try again")
        return None, True
    if stored is None:  # forgotten meanwhile
        hub.parked.pop(name, None)
        return None, False
    if len(hub.rooms) >= hub.settings.max_rooms:
        _refuse(conn, "too_many_rooms", "This server holds as many rooms as it may; join one.",
                "too many rooms")
        return None, True
    room = hub._new_room(name)
    try:
        room.restore(stored)
        problems = check(room)
    except Exception as e:
        problems = [f"{type(e).__name__}: {e}"]
    if problems:
        hub._damaged(name, "; ".join(problems))
        _refuse(conn, "room_damaged", "This room's stored game is damaged and cannot be played; "
                "use another room.", "room damaged")
        return None, True
    seated = token is not None and room.table.find_token(token) is not None
    if not seated and hub.server_crowded():  # the last connections are for seat tokens
        hub.refuse_crowded(conn)
        return None, True
    if not seated and hub.own_rooms_full(conn, address):
        return None, True
    if not seated and not hub.gate.new_room(address):
        _refuse(conn, "too_many_new_rooms", "Too many new rooms from your address; wait a "
                "minute or join one.", "too many new rooms")
        return None, True
    hub.rooms[name] = room
    if seated:  # a seat's holder brings its room back: nobody's new room
        hub.made_by.pop(name, None)
    else:
        hub.made_by[name] = address
    hub.parked.pop(name, None)
    _mark(hub, name, None)
    room.plan_bots()  # a running game's bots play on
    log.info("room %s back from storage", name)
    return room, False


def _mark(hub: Hub, name: str, resting: float | None) -> None:
    """Store that the room ``name`` parked at ``resting`` (Unix time; None: live again),
    without waiting, best effort (restmarks.py, pgmarks.py: the stores that keep it)."""
    save = getattr(hub.store, "save_resting", None)
    if save is not None:
        hub.queue.later(functools.partial(save, name, resting))


def _refuse(conn: Conn, code: str, message: str, reason: str) -> None:
    conn.send(error_frame(code, message, conn.lang))
    conn.close(CLOSE_TRY_LATER, reason)


async def sweep(hub: Hub) -> None:
    """Forget the stored rooms, not in memory, that nobody has used for ``forget_after``."""
    stale = getattr(hub.store, "stale_rooms", None)
    if stale is None:
        return
    before = time.time() - hub.settings.forget_after
    try:
        names = await hub.queue.call(stale, before)
    except Exception as e:  # pragma: no cover - the next sweep tries again
        log.warning("stored rooms could not be swept (%s)", e)
        return
    for name in names:
        # in the rooms lock, as unpark is: a room being brought back (its load asked for
        # while a deletion before it ran) is in memory before it is looked at here, and
        # is not deleted under its game
        async with hub.rooms_lock:
            if name in hub.rooms or name in hub.damaged:
                continue
            try:
                await hub.queue.call(hub.store.delete_room, name)
                hub.parked.pop(name, None)
                log.info("room %s forgotten: not used for %.0f s", name,
                         hub.settings.forget_after)
            except Exception as e:  # pragma: no cover
                log.warning("room %r could not be forgotten (%s)", name, e)


def adopted(hub: Hub, room: Room) -> None:
    """A room just taken over from a dead process with nobody asking for it (cluster/owner.py
    ``adopt``): its park clock runs from when its last seated person left (the stored away
    marks), not from the takeover (each takeover, a process killed or restarted or the
    database away for a moment, kept an idle room live, in the caps, for another
    ``park_after``); and the persons the dead process's end cut off, away from now, are stored
    so (``Journal.write_away``), for the next takeover's clocks (``/handover``'s too)."""
    left = room.table.last_left()
    if left is not None and left < room.last_visit:
        room.last_visit = max(left, time.monotonic() - hub._park_after(room))
    room.journal.write_away(room.table)
