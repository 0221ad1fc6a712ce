"""The ``state`` frame each connection gets after every change: the game view of its seat and
the room part (:class:`~bohnanza.server.protocol.RoomInfo`), with the change's log lines as its
seat reads them. The views of one change are built together and their shared parts serialised
once (``server/frames.py``).

A connection that said ``hello`` with ``deltas: true`` gets a full ``state`` first, then a
``patch`` per change: the JSON Patch (RFC 6902, ``server/delta.py``) from the state it holds
to the new one. The room keeps one copy of the last state it sent to such connections
(:class:`Snapshot`: the view part every seat shares, each seat's own part, the room part),
brought up to date by the diff itself; the shared part's operations are made once per change
for every connection. What never changes during a game (the catalogue, the rules, the
options) is thus sent once, in the first state."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import delta, frames
from .logbook import log_texts
from .roompart import RoomPart, room_part
from .snapshot import UNCHANGING, Snapshot, _plain
from .table import Table

if TYPE_CHECKING:

    from ..conn import Conn

__all__ = ["UNCHANGING", "RoomPart", "Snapshot", "room_part", "state_frames"]


def state_frames(
    version: int,
    room: dict[str, Any] | RoomPart,
    table: Table,
    conns: list[Conn],
    entries: list[dict[str, Any]] | None = None,
    snap: Snapshot | None = None,
    rider: tuple[Conn, Any] | None = None,
) -> list[str]:
    """The frame of each of ``conns`` (in order): a ``state``, or for a delta connection that
    holds the state of ``snap`` a ``patch`` from it. The views of all their seats are built
    together, each piece serialised once; with the change's log ``entries`` phrased for each
    connection's seat, in its language (``log``). ``room`` is :func:`room_part` or a
    :class:`RoomPart` (built only for a connection sent its state whole); ``snap``
    (the room's, brought to ``version`` here) is needed for patches. ``rider``: (a
    connection, a say id): that say's ok reply goes in the connection's frame (``reply``)."""
    seats = list(dict.fromkeys(c.seat for c in conns))
    base: dict[str, Any] | None = None
    own: dict[Any, Any] = dict.fromkeys(seats)
    game = table.game
    host = table.hosted
    key = (host.name, table.game_no) if game is not None else None
    deltas = snap is not None and any(c.deltas for c in conns)
    stamp = changes = None
    if deltas and game is not None:
        assert snap is not None
        told = host.view_changes(game)  # since the copy's version: asked at each
        stamp = True
        if snap.patches(version, True):
            changes = snap.changes(key, told)
    build = changes
    if changes is not None:  # a connection sent its state whole needs every part
        assert snap is not None
        if any(not (c.deltas and c.seat in snap.own and c.held == (snap.version, c.seat))
               for c in conns):
            build = None
    if game is not None:
        memo = snap.memo_for(key) if deltas else None  # type: ignore[union-attr]
        base, own = host.view_parts(game, seats, build, memo)
    ops: dict[int | None, list[str]] = {}
    held = None
    if deltas:
        assert snap is not None
        held = snap.version
        ops = snap.update(version, base, own, room,
                          list(dict.fromkeys(c.seat for c in conns if c.deltas)), key, stamp,
                          changes)
    patched = [c.deltas and c.seat in ops and c.held == (held, c.seat) for c in conns]
    whole = list(dict.fromkeys(c.seat for c, p in zip(conns, patched, strict=True) if not p))
    if not whole:
        texts: dict[Any, str] = {}
    elif base is not None:
        texts = frames.parts_json(base, {s: own[s] for s in whole})
    else:
        texts = dict.fromkeys(whole, "null")
    if entries:
        viewers = list(dict.fromkeys((c.seat, c.lang) for c in conns))
        names = list(table.game.names) if table.game is not None else []
        logs = log_texts(viewers, entries, names)
    else:
        logs = {}
    room_open = frames.room_open(_plain(room)) if whole else ""
    out = []
    rides = rider[0] if rider is not None else None
    sitting = table.seats
    for c, p in zip(conns, patched, strict=True):
        seat = c.seat
        you = frames.you(c.name if seat is None else sitting[seat].name, seat)  # name_of
        log = logs.get((seat, c.lang)) if logs else None
        reply = rider[1] if c is rides else None  # type: ignore[index]
        if p:
            these = ops[seat]
            if c.you != you:
                these = [*these, delta.operation("replace", "/room/you", you)]
            out.append(frames.patch(version, held, these, log, reply))  # type: ignore[arg-type]
        else:
            out.append(frames.state(version, texts[c.seat], room_open, you, log, reply))
        if c.deltas:
            c.held = (version, c.seat)
            c.you = you
    return out
