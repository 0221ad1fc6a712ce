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

import time
from typing import TYPE_CHECKING, Any

from bohnanza.bots import picker_order

from .. import delta, frames
from .bots import bots_doing
from .logbook import log_texts
from .presence import Presence
from .table import Table

if TYPE_CHECKING:
    from ..conn import Conn
    from ..settings import Settings


def room_part(name: str, table: Table, presence: Presence, settings: Settings) -> dict[str, Any]:
    """The ``room`` part of a state (:class:`RoomInfo`) without ``you``, as plain data."""
    lo, hi = table.player_range()
    here = {c.seat for c in presence.conns}
    doing = bots_doing(table, presence)
    return {
        "name": name,
        "seats": [
            {
                "seat": i,
                "name": s.name,
                "connected": i in here,
                "idle": s.idle,
                "vacant": s.vacant,
                "bot": s.bot is not None,
                "policy": s.bot,
                "away_since": s.away_since,
                "can_hand_over": s.long_away or s.stalling,
                "owes": s.owed is not None,
                "deadline": s.deadline,
                "timeouts": s.timeouts,
                "doing": doing.get(i),
            }
            for i, s in enumerate(table.seats)
        ],
        "options": {"hidden_money": table.hidden_money, "preset": table.preset,
                    "duel_base": table.duel_base, "clock": table.clock,
                    "bot_speed": table.bot_speed},
        "now": time.time(),
        "running": table.running,
        "over": table.game is not None and table.game.over,
        "game_no": table.game_no,
        "spectators": presence.spectators(),
        "min_players": lo,
        "max_players": hi,
        "away_seconds": float(settings.away_seconds),
        "idle_seconds": float(settings.idle_seconds),
        "bot_policies": table.hosted.policy_names(),
        "bot_picker": picker_order(table.hosted.policy_names()),
        "game": table.describe(),
    }


# the parts of a Bohnanza view that never change during a game: not even compared while the
# same game runs (they went out in the game's first state)
UNCHANGING = {"bohnanza": frozenset({"preset", "options", "passes_limit", "third_field_cost",
                                      "rules", "catalogue"})}


class Snapshot:
    """What the delta connections of a room were last sent, at ``version``, kept as JSON text
    per key (``delta.texts_of``): ``base`` the view part all seats share (``None``: no game),
    ``own`` each seat's own part (only the seats that were sent one at ``version``), ``room``
    the room part without ``you``. A delta connection holds ``(version, seat)`` of the state
    it got."""

    __slots__ = ("base", "game", "own", "room", "version")

    def __init__(self) -> None:
        self.version = -1
        self.game: tuple[str, int] | None = None  # (hosted game, game_no) of ``base``
        self.base: delta.Texts | None = None
        self.own: dict[int | None, delta.Texts | None] = {}
        self.room: delta.Texts = {}

    def update(self, version: int, base: dict[str, Any] | None, own: dict[Any, Any],
               room: dict[str, Any], seats: list[int | None],
               game: tuple[str, int] | None = None) -> dict[int | None, list[str]]:
        """Bring the copy to ``version`` (``base``, ``own`` as ``view_parts`` gives them,
        ``room`` from :func:`room_part`), keeping the own parts of ``seats``; the operations
        (JSON text) from the copy's old version for each of ``seats`` it held then. ``game``:
        (hosted game, game number) of the views; while it stays the same, what
        ``UNCHANGING`` names for that game is not compared."""
        if version == self.version:  # the same state once more (a connection's first)
            for s in seats:
                if s not in self.own:
                    self.own[s] = None if base is None else delta.texts_of(own[s])
            return {}
        out: dict[int | None, list[str]] = {}
        if self.version >= 0 and (self.base is None) == (base is None):
            common: list[str] = []
            if self.base is not None and base is not None:
                same = (UNCHANGING.get(game[0], frozenset())
                        if game is not None and game == self.game else frozenset())
                delta.diff_texts(self.base, base, "/view", common, same)
            delta.diff_texts(self.room, room, "/room", common)
            kept: dict[int | None, delta.Texts | None] = {}
            for s in seats:
                if s in self.own:
                    ops = common[:]
                    mine = self.own[s]
                    if mine is not None and base is not None:
                        delta.diff_texts(mine, own[s], "/view", ops)
                    kept[s] = mine
                    out[s] = ops
                else:
                    kept[s] = None if base is None else delta.texts_of(own[s])
            self.own = kept
        else:  # the first state, or a game begins or ends: everyone gets it whole
            self.base = None if base is None else delta.texts_of(base)
            self.room = delta.texts_of(room)
            self.own = {s: None if base is None else delta.texts_of(own[s]) for s in seats}
        self.version = version
        self.game = game
        return out


def state_frames(
    version: int,
    room: dict[str, Any],
    table: Table,
    conns: list[Conn],
    entries: list[dict[str, Any]] | None = None,
    snap: Snapshot | None = None,
    rider: tuple[Conn, Any] | None = None,
) -> list[str]:
    """The frame of each of ``conns`` (in order): a ``state``, or for a delta connection that
    holds the state of ``snap`` a ``patch`` from it. The views of all their seats are built
    together, each piece serialised once; with the change's log ``entries`` phrased for each
    connection's seat, in its language (``log``). ``room`` is :func:`room_part`; ``snap``
    (the room's, brought to ``version`` here) is needed for patches. ``rider``: (a
    connection, a say id): that say's ok reply goes in the connection's frame (``reply``)."""
    seats = list(dict.fromkeys(c.seat for c in conns))
    base: dict[str, Any] | None = None
    own: dict[Any, Any] = dict.fromkeys(seats)
    if table.game is not None:
        base, own = table.hosted.view_parts(table.game, seats)
    ops: dict[int | None, list[str]] = {}
    held = None
    if snap is not None and any(c.deltas for c in conns):
        held = snap.version
        ops = snap.update(version, base, own, room,
                          list(dict.fromkeys(c.seat for c in conns if c.deltas)),
                          (table.hosted.name, table.game_no))
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
    room_open = frames.room_open(room) if whole else ""
    out = []
    rides = rider[0] if rider is not None else None
    for c, p in zip(conns, patched, strict=True):
        you = frames.you(table.name_of(c.seat, c.name), c.seat)
        log = logs.get((c.seat, c.lang))
        reply = rider[1] if c is rides else None  # type: ignore[index]
        if p:
            these = ops[c.seat]
            if c.you != you:
                these = [*these, delta.operation("replace", "/room/you", you)]
            out.append(frames.patch(version, held, these, log, reply))  # type: ignore[arg-type]
        else:
            out.append(frames.state(version, texts[c.seat], room_open, you, log, reply))
        if c.deltas:
            c.held = (version, c.seat)
            c.you = you
    return out
