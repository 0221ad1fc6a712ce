"""The room part of a state (:class:`~bohnanza.server.protocol.RoomInfo` without ``you``):
the seats as the room sees them (connected, idle, away, bots and what they do, the turn
clock), the options, the start button's facts and the clock ``now``, built from the table
and the connections. :class:`RoomPart` keeps the values it is made of (``key``), so the
room's copy of the delta connections' state (``states.Snapshot``) neither builds nor
serialises a part whose values stayed."""

from __future__ import annotations

import functools
import time
from typing import TYPE_CHECKING, Any

from bohnanza.bots import picker_order

from .bots import bots_doing
from .presence import Presence
from .setup import start_seats
from .table import Table

if TYPE_CHECKING:

    from ..settings import Settings


def room_part(name: str, table: Table, presence: Presence, settings: Settings,
              waits_until: float | None = None) -> dict[str, Any]:
    """The ``room`` part of a state (:class:`RoomInfo`) without ``you``, as plain data;
    ``now`` is its last key (:meth:`Snapshot._diff_room` reads the rest as one text).
    ``waits_until``: until when a ``"waiting"`` bot waits for offers (BotDriver.waits_until),
    on that seat only."""
    return RoomPart(name, table, presence, settings, waits_until).part()


class RoomPart:
    """The room part of one change (:func:`room_part`), built only when asked (:meth:`part`).

    ``key`` holds every value the part is made of but ``now`` (Unix time, read here): two
    room parts with equal keys differ in ``now`` alone, so the room's copy of the delta
    connections' state (:class:`Snapshot`) compares keys, and most changes (a game command
    moves nothing of the room part but its clock) neither build it nor serialise it. The
    part is made from the key's values only, so nothing it shows can escape the key."""

    __slots__ = ("_part", "key", "now")

    def __init__(self, name: str, table: Table, presence: Presence, settings: Settings,
                 waits_until: float | None = None) -> None:
        host = table.hosted
        opts = table.game_options()
        lo, hi = host.player_range(opts)
        seats_next, ready = start_seats(table, (lo, hi))
        where = [c.seat for c in presence.conns]
        here = set(where)
        doing = bots_doing(table, presence)
        game = table.game
        over = game is not None and game.over
        level = host.bot_level
        if doing:
            seats = tuple([
                (s.name, i in here, s.idle, s.vacant, s.bot,
                 level(s.bot) if s.bot is not None else None, s.away_since,
                 s.long_away or s.stalling, s.owed is not None, s.deadline, s.timeouts,
                 doing.get(i), waits_until if doing.get(i) == "waiting" else None)
                for i, s in enumerate(table.seats)])
        else:  # no bot owes a decision (most changes): the same values, fewer look-ups
            seats = tuple([
                (s.name, i in here, s.idle, s.vacant, s.bot,
                 None if s.bot is None else level(s.bot), s.away_since,
                 s.long_away or s.stalling, s.owed is not None, s.deadline, s.timeouts,
                 None, None)
                for i, s in enumerate(table.seats)])
        self.key = (name, seats, table.hidden_money, table.preset, table.duel_base,
                    table.clock, table.bot_speed, game is not None and not over, over,
                    table.game_no, where.count(None),  # presence.spectators()
                    lo, hi, seats_next, ready, float(settings.away_seconds),
                    float(settings.idle_seconds), tuple(host.policy_names()),
                    host.describe(opts, game))
        self.now = time.time()
        self._part: dict[str, Any] | None = None

    def part(self) -> dict[str, Any]:
        """The part as plain data (:class:`RoomInfo` without ``you``), ``now`` its last key;
        built once."""
        if self._part is not None:
            return self._part
        (name, seats, hidden_money, preset, duel_base, clock, bot_speed, running, over,
         game_no, spectators, lo, hi, seats_next, ready, away, idle, names,
         game) = self.key
        self._part = {
            "name": name,
            "seats": [
                {
                    "seat": i,
                    "name": s[0],
                    "connected": s[1],
                    "idle": s[2],
                    "vacant": s[3],
                    "bot": s[4] is not None,
                    "policy": s[4],
                    "level": s[5],
                    "away_since": s[6],
                    "can_hand_over": s[7],
                    "owes": s[8],
                    "deadline": s[9],
                    "timeouts": s[10],
                    "doing": s[11],
                    "waits_until": s[12],
                }
                for i, s in enumerate(seats)
            ],
            "options": {"hidden_money": hidden_money, "preset": preset,
                        "duel_base": duel_base, "clock": clock, "bot_speed": bot_speed},
            "running": running,
            "over": over,
            "game_no": game_no,
            "spectators": spectators,
            "min_players": lo,
            "max_players": hi,
            "start_seats": seats_next,
            "start_ready": ready,
            "away_seconds": away,
            "idle_seconds": idle,
            "bot_policies": list(names),
            "bot_picker": _picker(names),
            "game": game,
            "now": self.now,
        }
        return self._part


@functools.lru_cache(maxsize=16)
def _picker(names: tuple[str, ...]) -> list[str]:
    return picker_order(list(names))  # read only: serialised, never changed
