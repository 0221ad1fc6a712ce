"""The room part of a state (:class:`~bohnanza.server.protocol.RoomInfo` without ``you``):
the seats as the room sees them (connected, idle, away, bots and what they do, the turn
clock), the options, the start button's facts and the clock ``now``, built from the table
and the connections. :class:`RoomPart` keeps the values it is made of (``key``), so the
room's copy of the delta connections' state (``states.Snapshot``) neither builds nor
serialises a part whose values stayed."""

from __future__ import annotations

import functools
import operator
import time
from typing import TYPE_CHECKING, Any

from bohnanza.bots import picker_order

from .. import frames
from ..delta import operation
from .bots import bots_doing
from .presence import Presence
from .setup import arrangers
from .table import Table

if TYPE_CHECKING:

    from ..settings import Settings


_SEAT = operator.attrgetter("seat")  # a connection's seat
_SHOWN = operator.attrgetter("shown")  # a seat's count of the writes the part shows


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
    part is made from the key's values only, so nothing it shows can escape the key.

    The key is read from the table, the connections and the settings when first asked
    (:meth:`key_with`; the room asks in the change it builds the part for, before anything
    else moves), with what depends only on the hosted game, its options and the game dealt
    taken from a :class:`RoomMemo` the room keeps while those stay the very same."""

    __slots__ = ("_key", "_part", "_src", "now")

    def __init__(self, name: str, table: Table, presence: Presence, settings: Settings,
                 waits_until: float | None = None) -> None:
        self._src: tuple[Any, ...] | None = (name, table, presence, settings, waits_until)
        self._key: tuple[Any, ...] | None = None
        self.now = time.time()
        self._part: dict[str, Any] | None = None

    @property
    def key(self) -> tuple[Any, ...]:
        """The values the part is made of but ``now`` (read at the first ask)."""
        return self._key if self._key is not None else self.key_with(None)

    def key_with(self, memo: RoomMemo | None) -> tuple[Any, ...]:
        """:attr:`key`, with what the hosted game says of the table's options and game
        taken from ``memo`` (one per room) when they are the same as when it was filled."""
        if self._key is not None:
            return self._key
        assert self._src is not None
        name, table, presence, settings, waits_until = self._src
        self._src = None
        game = table.game
        fixed = memo.read(table, settings) if memo is not None else _fixed(table, settings)
        seats = table.seats
        where = list(map(_SEAT, presence.conns))
        over = game is not None and game.over
        stamp: tuple[Any, ...] | None = None
        who = arrangers(table)  # (whether a person sits: no count of a seat says it)
        if memo is not None:  # every value the key is read from, the seats' by their count
            stamp = (name, tuple(seats), tuple(map(_SHOWN, seats)), tuple(where),
                     table.hidden_money, table.preset, table.duel_base, table.clock,
                     table.bot_speed, game, over, table.game_no, fixed, who)  # (no bot: no
            # ``waits_until`` in the key; with a bot seat no stamp is kept)
            if stamp == memo.stamp and memo.key is not None:
                self._key = memo.key
                return memo.key
        host, lo, hi, away, idle, described = fixed
        level = host.bot_level
        here = set(where)
        seated = 0  # setup.start_seats: the seats that are not vacant
        bots = False
        rows: list[tuple[Any, ...]] = []
        for i, s in enumerate(seats):
            bot = s.bot
            if bot is not None:
                bots = True
            if not s.vacant:
                seated += 1
            rows.append((s.name, i in here, s.idle, s.vacant, bot,
                         None if bot is None else level(bot), s.away_since,
                         s.long_away or s.stalling, s.owed is not None, s.deadline,
                         s.timeouts, None, None))
        if bots:  # what the bots that owe a decision do (none without a bot seat)
            doing = bots_doing(table, presence)
            if doing:
                rows = [r[:11] + (doing.get(i),
                                  waits_until if doing.get(i) == "waiting" else None)
                        for i, r in enumerate(rows)]
            stamp = None  # the bots' doing moves with the game: read at every change
        self._key = (name, tuple(rows), table.hidden_money, table.preset, table.duel_base,
                     table.clock, table.bot_speed, game is not None and not over, over,
                     table.game_no, where.count(None),  # presence.spectators()
                     lo, hi, seated, lo <= seated <= hi, away, idle,
                     tuple(host.policy_names()), host.default_policy, described, who)
        if memo is not None:
            memo.stamp = stamp
            memo.key = self._key
        return self._key

    def part(self) -> dict[str, Any]:
        """The part as plain data (:class:`RoomInfo` without ``you``), ``now`` its last key;
        built once."""
        if self._part is not None:
            return self._part
        self._part = part_of(self.key, self.now)
        return self._part


def part_of(key: tuple[Any, ...], now: float) -> dict[str, Any]:
    """The room part (:meth:`RoomPart.part`) made from its key's values and ``now``."""
    (name, seats, hidden_money, preset, duel_base, clock, bot_speed, running, over,
     game_no, spectators, lo, hi, seats_next, ready, away, idle, names, default,
     game, who) = key
    return {
        "name": name,
        "seats": [seat_row(i, s) for i, s in enumerate(seats)],
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
        "bot_picker": _picker(names, default),
        "game": game,
        "arrangers": who,
        "now": now,
    }


def seat_row(i: int, s: tuple[Any, ...]) -> dict[str, Any]:
    """Seat ``i``'s entry of the room part's ``seats`` made from its row of the key (the keys
    after ``seat`` in :data:`_ROW_KEYS`' order)."""
    entry: dict[str, Any] = {"seat": i}
    for j, name in _ROW_KEYS:
        entry[name] = s[4] is not None if j < 0 else s[j]
    return entry


def diff_rows(was: tuple[Any, ...], key: tuple[Any, ...], out: list[str]) -> bool:
    """When the key ``key`` differs from ``was`` in some seats' rows alone (a seat's turn
    clock, idle or away mark...), append the operations of those seats' entries of
    ``seats`` to ``out`` (those of ``delta.walk`` over each entry made from its row of both
    keys: the operations ``delta.diff_texts`` gives walking the old ``seats`` parsed back,
    the rows' values being JSON scalars, equal once read back) and return True; else False
    (nothing written)."""
    rows = was[1]
    new = key[1]
    if len(key) != len(was) or len(new) != len(rows) or key[0] != was[0] \
            or key[2:] != was[2:]:
        return False
    for i, row in enumerate(new):
        was_row = rows[i]
        if row == was_row:
            continue
        # ``walk(seat_row(i, was_row), seat_row(i, row), ...)`` written out: every value is a
        # JSON scalar, so each one that differs is replaced, in the entry's order of keys
        p = f"/room/seats/{i}/"
        for j, name in _ROW_KEYS:
            if j < 0:  # "bot": whether a policy plays it
                if (row[4] is None) != (was_row[4] is None):
                    out.append(operation("replace", p + name, "true" if row[4] is not None
                                         else "false"))
            elif row[j] != was_row[j]:
                out.append(operation("replace", p + name, frames.dumps(row[j])))
    return True


# the keys of a seat's entry after ``seat``, each with its place in the row of the key (-1:
# ``bot``, whether a policy plays it): :func:`seat_row` builds the entry by it, and
# :func:`diff_rows` compares two rows by it
_ROW_KEYS = (
    (0, "name"), (1, "connected"), (2, "idle"), (3, "vacant"), (-1, "bot"), (4, "policy"),
    (5, "level"), (6, "away_since"), (7, "can_hand_over"), (8, "owes"), (9, "deadline"),
    (10, "timeouts"), (11, "doing"), (12, "waits_until"))


NOW = ',"now":'  # how the room part's last key, ``now``, begins in its JSON


def cut_now(text: str) -> int:
    """Where ``"now"``, the room part's last key, begins in its JSON ``text`` (-1: it is not
    the last key)."""
    cut = text.rfind(NOW)
    return cut if cut > 0 and "," not in text[cut + len(NOW):] else -1


def room_text(room: dict[str, Any]) -> str:
    """The JSON of the room part but ``now`` (its last key)."""
    text = frames.dumps(room)
    cut = cut_now(text)
    return text[:cut] if cut > 0 else text


@functools.lru_cache(maxsize=16)
def _picker(names: tuple[str, ...], default: str) -> list[str]:
    return picker_order(list(names), default)  # read only: serialised, never changed


def _fixed(table: Table, settings: Settings) -> tuple[Any, ...]:
    """What the room part reads of the hosted game, its options and the settings: (the
    hosted game, its player range's low and high, the away and idle seconds, the game's
    description)."""
    host = table.hosted
    opts = table.game_options()
    lo, hi = host.player_range(opts)
    return (host, lo, hi, float(settings.away_seconds), float(settings.idle_seconds),
            host.describe(opts, table.game))


class RoomMemo:
    """One room's :func:`_fixed`, kept while what it is read from stays: the hosted game's
    name, the options (``params`` the same object: options are replaced, never changed in
    place, ``Table.set_game_options``), the game dealt (the same object: held here, so
    never a freed one's) and the settings' two durations."""

    __slots__ = ("fixed", "game", "inputs", "key", "params", "stamp")

    def __init__(self) -> None:
        # the last key read with this memo, and the values it was read from: the table's
        # seats (the very objects, and each one's ``Seat.shown``: a write that changes what
        # the part shows counts there), the connections' seats, the options, the game (the
        # same object, over or not) and the memo's own reading; no stamp while a seat has
        # a bot (what the bots do, and until when one waits, move with the game)
        self.stamp: tuple[Any, ...] | None = None
        self.key: tuple[Any, ...] | None = None
        self.inputs: tuple[Any, ...] | None = None
        self.game: Any = None
        self.params: Any = None
        self.fixed: tuple[Any, ...] = ()

    def read(self, table: Table, settings: Settings) -> tuple[Any, ...]:
        """:func:`_fixed` of ``table`` and ``settings`` (kept, or read anew)."""
        inputs = (table.game_name, table.preset, table.hidden_money, table.duel_base,
                  settings.away_seconds, settings.idle_seconds)
        if inputs != self.inputs or table.game is not self.game \
                or table.params is not self.params:
            self.fixed = _fixed(table, settings)
            self.inputs = inputs
            self.game = table.game
            self.params = table.params
        return self.fixed
