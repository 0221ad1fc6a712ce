"""A connection arrives in a room (``hello``): its seat back by token, or a watcher's name;
the welcome, the stored backlog, and everyone's new state. A person whose seat a bot holds
(handed over, R41's clock) takes it back.

The room's part for arrivals, split from room.py (one purpose each); it runs under the room's
lock and uses the room only through what it exposes (``lock``, ``table``, ``presence``,
``journal``, ``note``, ``bump``, ``state_for``). Typed ``Any``: a room part does not import the
room that owns it (tests/test_layers.py).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from .. import lang
from ..protocol import Welcome, You
from .change import CommandError
from .logbook import read_backlog, room_entry

if TYPE_CHECKING:
    from ..conn import Conn


def welcome(room: Any, conn: Conn, token: str | None) -> str:
    """The ``welcome`` frame: the room, who this connection is (its token when seated)."""
    seat = conn.seat
    you = You(name=room.table.name_of(seat, conn.name), seat=seat,
              token=token if seat is not None else None)
    return Welcome(room=room.name, you=you, version=room.version,
                   line_max=room.settings.chat_max_len).model_dump_json()


async def attach(room: Any, conn: Conn, name: str | None, token: str | None) -> None:
    """``conn`` said ``hello`` in ``room`` with ``name`` and maybe a seat ``token``; a token
    that holds no seat gets ``bad_token`` and the connection watches. The arrival counted in
    ``room.pending`` (``Hub.room_for``) is counted off here exactly once, whatever happens."""
    try:
        await _attach(room, conn, name, token)
    finally:
        room.pending -= 1  # (a fault on the way in too: else the room is in use for good)


async def _attach(room: Any, conn: Conn, name: str | None, token: str | None) -> None:
    async with room.lock:
        conn.room = room.name
        room.last_visit = time.monotonic()
        seats = room.table.seats
        seat = room.table.find_token(token) if token else None
        if token and seat is None:
            conn.send(lang.error_frame("bad_token", "That token holds no seat in this "
                                       "room; you are watching.", conn.lang))
        if seat is None:
            refusal = room.presence.name_watcher(conn, name, room.table,
                                                 room.settings.name_max_len)
            if refusal is not None:
                conn.send(refusal)
        was_connected = seat is not None and room.presence.connected(seat)
        conn.seat = seat
        room.presence.arrive(conn, seats)
        room.journal.write_away(room.table)  # (the seat is no longer away)
        conn.send(welcome(room, conn, token))
        if room.journal.persisted:
            for frame in await read_backlog(room.queue, room.name, room.settings,
                                            room.table, conn.seat, room.version, conn.lang):
                conn.send(frame)
        s = seats[seat] if seat is not None else None
        if seat is not None and s is not None and s.bot is not None:
            s.idle = False
            await take_back(room, seat)
        elif s is None or not was_connected or s.idle:
            if s is not None:
                s.idle = False
            room.bump()  # everyone sees the seat back, or the spectator count
        else:
            conn.send(room.state_for(conn))


async def take_back(room: Any, seat: int) -> None:
    """The person of a handed-over seat is back: the bot stops, the seat is theirs."""
    s = room.table.seats[seat]
    s.stop_bot()
    s.timeouts = 0
    try:
        await room.note([room_entry(f"{s.name} is back; the bot hands seat {seat + 1} back.")])
    except CommandError:  # not stored (the room was reloaded): theirs all the same
        room.table.seats[seat].stop_bot()
        room.bump()
