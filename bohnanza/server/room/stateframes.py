"""The frame each connection gets after a change (``Room.states``): a ``state``, or for a delta
connection that holds the room's copy (:class:`~.states.Snapshot`) a ``patch`` from it, or
nothing at all for a delta connection that sees nothing new.

**No frame when nothing is new** (issue 14): after a change, a delta connection whose patch
would hold no operation but ``/room/now`` (the server's clock reading: the board only uses it
to measure the skew of its own clock when a state arrives, ``web/js/clock.js``), no log line
and no reply is sent nothing. Most such changes are marker commands (``/want``, ``/have``,
``/signals``): only the active player sees the other seats' markers, everyone else sees the
active player's (seed 000), so after a non-active seat's marker the other non-active seats
and the spectators see nothing move. The connection then holds the content of the new
version but ``now``: :attr:`Conn.held <bohnanza.server.conn.Conn.held>` says so (its next
patch is made from the copy like everyone's), while :attr:`Conn.seen
<bohnanza.server.conn.Conn.seen>` keeps the version of the last frame it got, the ``base`` of
its next patch (versions may skip: protocol.py). That next patch also sets ``now`` when its
operations do not (the clock stood still), so the client never keeps an older one.

Connections that read full states (``deltas`` false: an older board) get a ``state`` after
every change, as design.md section 6 says."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import delta, frames
from ..jsontext import loads
from .logbook import log_texts
from .roompart import RoomPart
from .table import Table

if TYPE_CHECKING:
    from ..conn import Conn
    from .states import Snapshot

__all__ = ["diff_keys", "state_frames"]

_NO_LINES = "[]"  # log lines, none of them for this viewer (``log_texts``)


def state_frames(
    version: int,
    room: dict[str, Any] | RoomPart,
    table: Table,
    conns: list[Conn],
    entries: list[dict[str, Any]] | None = None,
    snap: Snapshot | None = None,
    rider: tuple[Conn, Any] | None = None,
) -> list[str | None]:
    """The frame of each of ``conns`` (in order): a ``state``; for a delta connection that
    holds the state of ``snap`` a ``patch`` from it; ``None`` (send nothing) for a delta
    connection that would be patched with nothing but ``/room/now`` and gets no log line and
    no reply (module docstring). The views of all their seats are built together, each
    piece serialised once; with the change's log ``entries`` phrased for each connection's
    seat, in its language (``log``). ``room`` is :func:`~.roompart.room_part` or a
    :class:`RoomPart` (built only for a connection sent its state whole); ``snap`` (the
    room's, brought to ``version`` here) is needed for patches. ``rider``: (a connection, a
    say id): that say's ok reply goes in the connection's frame (``reply``). Sets each delta
    connection's ``held``, ``seen`` and ``you``."""
    seats: list[int | None] = []  # the connections' seats, and those of the delta ones,
    dealt: list[int | None] = []  # in order, once each (one loop)
    was = snap.version if snap is not None else None  # the copy's version
    fresh = True  # every connection a delta one that holds the copy's state (seats apart)
    for c in conns:
        seat = c.seat
        if seat not in seats:
            seats.append(seat)
        if c.deltas:
            if seat not in dealt:
                dealt.append(seat)
            h = c.held  # (version, seat)
            if h is None or h[0] != was or h[1] != seat:
                fresh = False
        else:
            fresh = False
    base: dict[str, Any] | None = None
    own: dict[Any, Any] = dict.fromkeys(seats)
    game = table.game
    host = table.hosted
    key = (host.name, table.game_no) if game is not None else None
    deltas = snap is not None and bool(dealt)
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
        if not fresh:
            build = None
        else:
            kept = snap.own
            for s in dealt:
                if s not in kept:
                    build = None
                    break
    if game is not None:
        memo = snap.memo_for(key) if deltas else None  # type: ignore[union-attr]
        built = seats
        if build is not None and not build.base and build.seen is not None:
            seen = build.seen  # the others' own parts cannot differ: not built
            built = [s for s in seen if s in seats]  # (a seat or two)
        base, own = host.view_parts(game, built, build, memo)
    ops: dict[int | None, list[str]] = {}
    held = None
    if deltas:
        assert snap is not None
        held = snap.version
        ops = snap.update(version, base, own, room, dealt, key, stamp, changes)
    whole: list[int | None] = []  # the seats of those sent their state whole, once each
    if fresh and len(ops) == len(dealt):  # every connection held the copy: all patched
        patched = [True] * len(conns)
    else:
        patched = []
        for c in conns:
            seat = c.seat
            if c.deltas and seat in ops and c.held == (held, seat):
                patched.append(True)
            else:
                patched.append(False)
                if seat not in whole:
                    whole.append(seat)
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
    out: list[str | None] = []
    rides = rider[0] if rider is not None else None
    sitting = table.seats
    quiet = snap.quiet if snap is not None else 0  # ``Snapshot.news``, without its call
    for c, p in zip(conns, patched, strict=True):
        seat = c.seat
        you = frames.you(c.name if seat is None else sitting[seat].name, seat)  # name_of
        log = logs.get((seat, c.lang)) if logs else None
        reply = rider[1] if c is rides else None  # type: ignore[index]
        if p:
            assert snap is not None
            these = ops[seat]
            if c.you != you:
                these = [*these, delta.operation("replace", "/room/you", you)]
            elif reply is None and (log is None or log == _NO_LINES) \
                    and len(these) == quiet:  # not snap.news(these)
                out.append(None)  # nothing new to see: no frame, ``seen`` stays
                c.held = (version, seat)
                continue
            if c.seen != held and not snap.now_set:
                # it skipped a version and the clock stood still since: its ``now`` is older
                these = [*these, delta.operation("replace", "/room/now",
                                                 frames.dumps(_now(room)))]
            out.append(frames.patch(version, c.seen, these, log, reply))
        else:
            out.append(frames.state(version, texts[c.seat], room_open, you, log, reply))
        if c.deltas:
            c.held = (version, c.seat)
            c.seen = version
            c.you = you
    return out


def _plain(room: dict[str, Any] | RoomPart) -> dict[str, Any]:
    return room.part() if isinstance(room, RoomPart) else room


def _now(room: dict[str, Any] | RoomPart) -> Any:
    """The room part's clock reading (``now``)."""
    return room.now if isinstance(room, RoomPart) else room["now"]


def diff_keys(old: delta.Texts, new: dict[str, Any], keys: tuple[str, ...], out: list[str],
              entries: delta.EntryList | None = None) -> None:
    """``delta.diff_texts(old, new, "/view", out, same, entries=entries)`` with ``same`` every
    key of ``new`` but ``keys`` (each in both; ``seats`` left to :meth:`Snapshot._diff_seats`):
    the same operations, the other keys not looked at."""
    for k in keys:
        if k == "seats":
            continue
        v = new[k]
        p = "/view/" + k  # (a view's keys need no escape in a pointer)
        if entries is not None and k == entries.key:
            entries.diff(v, p, out)
            continue
        was = old[k]
        if type(v) in _SCALAR_TYPES:
            if was[1] != delta.SCALAR or type(was[0]) is not type(v) or was[0] != v:
                old[k] = (v, delta.SCALAR)
                out.append(delta.operation("replace", p, frames.dumps(v)))
            continue
        text = frames.dumps(v)
        n = len(v) if type(v) is list else -1
        old_text, m = was
        if old_text == text:
            continue
        old[k] = (text, n)
        if m == delta.SCALAR:
            out.append(delta.operation("replace", p, text))
        elif 0 <= m < n and text.startswith(old_text[:-1]) \
                and (m == 0 or text[len(old_text) - 1] == ","):
            out.extend(delta.operation("add", p + "/-", frames.dumps(x)) for x in v[m:])
        else:
            delta.walk(loads(old_text), v, p, out)


_SCALAR_TYPES = (int, float, str, bool, type(None))
