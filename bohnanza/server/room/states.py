"""The ``state`` frame each connection gets after every change: the game view of its seat and
the room part (:class:`~bohnanza.server.protocol.RoomInfo`), with the change's log lines as its
seat reads them. The views of one change are built together and their shared parts serialised
once (``server/frames.py``)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from .. import frames
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
        "bot_policies": table.hosted.policy_names(),
        "game": table.describe(),
    }


def state_frames(
    version: int,
    room: dict[str, Any],
    table: Table,
    conns: list[Conn],
    entries: list[dict[str, Any]] | None = None,
) -> list[str]:
    """The ``state`` frame of each of ``conns`` (in order): the views of all their seats built
    together, each piece serialised once; with the change's log ``entries`` phrased for each
    connection's seat, in its language (``State.log``). ``room`` is :func:`room_part`."""
    seats = list(dict.fromkeys(c.seat for c in conns))
    if table.game is not None:
        base, own = table.hosted.view_parts(table.game, seats)
        texts = frames.parts_json(base, own)
    else:
        texts = dict.fromkeys(seats, "null")
    if entries:
        viewers = list(dict.fromkeys((c.seat, c.lang) for c in conns))
        names = list(table.game.names) if table.game is not None else []
        logs = log_texts(viewers, entries, names)
    else:
        logs = {}
    room_open = frames.room_open(room)
    return [
        frames.state(version, texts[c.seat], room_open,
                     frames.you(table.name_of(c.seat, c.name), c.seat), logs.get((c.seat, c.lang)))
        for c in conns
    ]
