"""The turn clock and the decisions the game waits for (issue 13).

After every change, before it is stored, :func:`mark_owed` notes on each seat the decision the
game waits for from it (the hosted game's ``owed``) and since when; a key that changes is a new
decision. With ``/option clock SECONDS`` on, a seat a person plays gets a deadline: its
decision's start plus the clock. The seats' marks are part of the stored record (table.py), and
while a clock runs every change stores a checkpoint (journal.py), so a restart keeps every
deadline.

The room's idle loop asks :func:`expired` which seats are past their deadline;
:class:`ClockDriver` then makes the smallest legal move for each (the bots' code,
``bohnanza.bots.timeout``) through the room's pipeline, stored and shown like any command,
until the seat no longer owes that decision, and logs it as a timeout. The count is of turns
(the hosted game's ``turn_key``): a turn in which the clock ran out for the seat counts once,
however many of its decisions ran out (Bohnanza's phases 1-3, the duel's steps), and the third
such turn in a row hands the seat to a bot (``/handover``'s way: the person takes it back by
acting). rules.md and design.md say nothing of a clock; players expect a person who idles
through three of their turns to be replaced, not one who let a single turn's three decisions
run out (bots18: three timed decisions of one duel turn handed the seat over). A seat's own
command sets the count back to 0 (room.py).

In a phase all seats play at once (the farm's preparation, farm-rules.md G19) the bots that owe
the same decision as a seat whose time ran out make their smallest move with it, each in its
seat's place (:func:`with_bots`), as the rule has every undeclared seat do.

The same marks serve the idle rule of ``/handover``: a connected seat that owes a decision and
has sent nothing for ``away_seconds`` since it began to owe it is *stalling* (presence.py).
"""

from __future__ import annotations

import asyncio
import logging
import time
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Protocol

from .. import lang
from .change import CommandError, Outcome
from .logbook import room_entry

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger("bohnanza.server")

#: Turns in a row in which the clock ran out for a seat, after which a bot plays it (issue 13;
#: counted in turns since bots18, module docstring).
TIMEOUTS_TO_BOT = 3
#: Moves one timeout may make at most (a decision ends in a few: harvest, plant, /done).
MAX_MOVES = 12


_SHOWN = attrgetter("shown")


class OwedMemo:
    """What :func:`mark_owed` last read (a room keeps one): the game, what it waited for,
    the game's number, the room's clock, the seats and their counted writes (``Seat.shown``:
    every write of ``idle``, ``bot``, ``stalling``, ``deadline``, and of ``owed`` set or
    cleared, counts there). When all of them are as they were, the seats are as that call
    left them and it would write nothing: it is left out (most commands: the markers, the
    offers and their answers change no decision). The hosted game's ``owed_kept(game)``,
    when it has one, says without building ``owed`` that it is what it was at the last
    call (``games/bohnanza.py``: only markers moved since)."""

    __slots__ = ("game_name", "hosted", "kept", "game", "owed", "game_no", "clock", "seats",
                 "shown")

    def __init__(self) -> None:
        self.game_name: str | None = None  # the table's game and its hosted game (a name
        self.hosted: Any = None  # names the same one for good: games.TableGame's registry)
        self.kept: Any = None  # the hosted game's ``owed_kept``, if it has one
        self.game: Any = None
        self.owed: dict[int, str] | None = None
        self.game_no = -1
        self.clock: float | None = None
        self.seats: list[Any] = []
        self.shown: list[int] = []


def mark_owed(table: Table, now: float | None = None, mono: float | None = None,
              memo: OwedMemo | None = None) -> None:
    """Note on every seat what the game waits for from it, since when, and its deadline
    (module docstring). ``now``: Unix time, ``mono``: the monotonic clock (read only when a
    seat's decision or deadline is new: most changes leave every seat's key as it was).
    ``memo``: what the last call read (:class:`OwedMemo`); the seats are left alone when it
    all is the same (the hosted game's ``decision_clock`` depends on the game, the key and
    the room's clock alone)."""
    game = table.game
    room_clock = table.clock
    seats = table.seats
    if memo is None:
        hosted = table.hosted  # a look-up (games.TableGame.get): once, not once per seat
        _mark(table, game, hosted, hosted.owed(game) if game is not None else {}, room_clock,
              seats, now, mono)
        return
    if memo.game_name == table.game_name:
        hosted = memo.hosted
    else:
        hosted = table.hosted
        memo.game_name, memo.hosted = table.game_name, hosted
        memo.kept = getattr(hosted, "owed_kept", None)
    if (memo.game is game and memo.owed is not None and memo.game_no == table.game_no
            and memo.clock == room_clock and memo.seats == seats
            and memo.shown == list(map(_SHOWN, seats))):
        # (seats compared as the same objects first, then as equal values)
        if game is None:
            return  # owes nothing, as then
        kept = memo.kept
        if kept is not None and kept(game):
            return  # what the game waits for is what it was (no ``owed`` built)
        owed = hosted.owed(game)
        if memo.owed == owed:
            return
    else:
        owed = hosted.owed(game) if game is not None else {}
    _mark(table, game, hosted, owed, room_clock, seats, now, mono)
    memo.game, memo.owed, memo.game_no, memo.clock = game, owed, table.game_no, room_clock
    memo.seats = seats[:]
    memo.shown = list(map(_SHOWN, seats))


def _mark(table: Table, game: Any, hosted: Any, owed: dict[int, str],
          room_clock: float | None, seats: list[Any], now: float | None,
          mono: float | None) -> None:
    """:func:`mark_owed`'s writes."""
    prefix = ""
    for i, s in enumerate(seats):
        key = owed.get(i)
        if key is None:  # owes nothing: no decision, no deadline, not stalling
            if s.owed is not None:
                s.owed = s.owed_since = s.owed_mono = None
            if s.deadline is not None:  # (a seat's writes are counted: Seat.shown)
                s.deadline = None
            if s.stalling:
                s.stalling = False
            continue
        assert game is not None
        clock = hosted.decision_clock(game, key, room_clock)  # the farm game's G19
        if not prefix:
            prefix = f"{table.game_no}:"
        key = prefix + key
        if key != s.owed:  # a new decision
            if now is None:  # read once: every seat's new decision starts at the same moment
                now = time.time()
            if mono is None:
                mono = time.monotonic()
            s.owed = key
            s.owed_since = now
            s.owed_mono = mono
            s.deadline = None
        if clock is None or s.bot is not None:
            if s.deadline is not None:
                s.deadline = None
        elif s.deadline is None:  # a new decision, or a person's again after a bot's
            if now is None:
                now = time.time()
            s.deadline = now + clock
        if s.idle:
            s.idle = False  # the game waits for it: not idle (presence.py), in this change's frame


#: a deadline that passed, or nearly, while the room was not served (the server down, the
#: room parked, its owning process gone) moves to this many seconds after the room is loaded
#: again, or the room's clock when that is shorter: its person may be reconnecting (before, the
#: move was made the moment the server came back, before anyone could: break12)
RESTORE_GRACE = 15.0


def grace_after_restore(table: Table, now: float) -> None:
    """Give each seat whose deadline falls before ``now`` (Unix time) plus the grace at least
    that long (:data:`RESTORE_GRACE`); a later deadline stays as stored."""
    grace = RESTORE_GRACE if table.clock is None else min(table.clock, RESTORE_GRACE)
    for s in table.seats:
        if s.deadline is not None and s.deadline < now + grace:
            s.deadline = now + grace


def expired(table: Table, now: float) -> list[int]:
    """The seats a person plays whose deadline has passed, in seat order."""
    if not table.running:
        return []
    return [i for i, s in enumerate(table.seats)
            if s.deadline is not None and s.bot is None and s.deadline <= now]


def with_bots(table: Table, seats: list[int]) -> list[int]:
    """``seats`` (past their deadline) with the bot seats that owe the same decision as one
    of them when their smallest move ends their part of a phase all seats play at once (the
    hosted game's ``ends_part``: the farm's declaration), in seat order. When the time runs
    out, those who have not declared take the remaining turn-order cards in seat order
    (farm-rules.md G19); a bot waiting for the people (``BotDriver.holds``) is one of them,
    so it no longer takes the last card whatever its seat (farm19). Bohnanza has no such
    phase: ``seats`` unchanged."""
    game = table.game
    keys = {table.seats[i].owed for i in seats} - {None}
    out = set(seats)
    if game is not None and keys:
        for i, s in enumerate(table.seats):
            if s.bot is None or s.owed not in keys:
                continue
            text = table.hosted.timeout_move(game, i)
            if text is not None and table.hosted.ends_part(game, i, text):
                out.add(i)
    return sorted(out)


class ClockHost(Protocol):
    """What the clock needs of its room."""

    name: str
    lock: asyncio.Lock
    table: Table

    async def act_for(self, seat: int, text: str) -> Outcome:
        """``text`` said for ``seat`` (not by its person), through the pipeline."""

    async def note(self, entries: list[dict[str, Any]]) -> None:
        """Store and show a change that is only log lines (raises ``CommandError``)."""


class ClockDriver:
    """The turn clock of one room (module docstring)."""

    __slots__ = ("host", "running")

    def __init__(self, host: ClockHost) -> None:
        self.host = host
        self.running = False  # a timeout is being played (the room's lock is held)

    def due(self, now: float) -> bool:
        return bool(expired(self.host.table, now))

    async def check(self, now: float) -> None:
        """Play the timeouts due at ``now`` (Unix time); the caller does not hold the lock."""
        if not self.due(now):
            return
        async with self.host.lock:
            table = self.host.table
            due = expired(table, time.time())
            keys = {table.seats[i].owed for i in due} - {None}
            for seat in with_bots(table, due):
                s = table.seats[seat]
                try:
                    if s.bot is not None:   # a bot in the same phase (with_bots)
                        if s.owed is not None and s.owed in keys:
                            await self.moves(seat, s.owed)
                        continue
                    if seat not in expired(table, time.time()):
                        continue  # an earlier timeout changed what this seat owes (a new clock)
                    await self.timeout(seat)
                except CommandError as e:  # not stored: the deadline stays, tried again
                    log.warning("room %s: timeout of seat %d not stored (%s)",
                                self.host.name, seat + 1, e.code)
                    return

    async def timeout(self, seat: int) -> list[str]:
        """The clock ran out for ``seat`` (the caller holds the lock): log it, make the
        smallest legal moves until the seat no longer owes that decision, count its turn
        (once per turn, module docstring), and hand the seat to a bot at the third turn in a
        row. Returns the moves made."""
        table = self.host.table
        s = table.seats[seat]
        game = table.game
        if game is None or s.owed is None:
            return []
        key = s.owed
        name = s.name
        turn = table.hosted.turn_key(game)
        if s.timeouts == 0 or s.timeout_turn != turn:
            s.timeouts += 1
            s.timeout_turn = turn
        s.deadline = None  # this decision's clock is spent (stored with the next change)
        count = s.timeouts
        await self.host.note([room_entry(
            lang.text("room.timeout", name=name, count=count),
            event="timeout", seat=seat, timeouts=count)])
        moves = await self.moves(seat, key)
        s = table.seats[seat]
        if s.timeouts >= TIMEOUTS_TO_BOT and s.bot is None and table.running:
            s.bot = table.hosted.takeover_policy
            s.policy = s.rng = None
            s.deadline = None
            await self.host.note([room_entry(
                lang.text("room.timeout_bot", name=s.name, count=s.timeouts),
                event="timeout_bot", seat=seat)])
        return moves

    async def moves(self, seat: int, key: str) -> list[str]:
        """The smallest legal moves for ``seat`` (the hosted game's ``timeout_move``) until it
        no longer owes the decision ``key`` (the caller holds the lock). Returns them."""
        table = self.host.table
        moves: list[str] = []
        for _ in range(MAX_MOVES):
            game = table.game
            if game is None or game.over or table.seats[seat].owed != key:
                break
            text = table.hosted.timeout_move(game, seat)
            if text is None:
                break
            outcome = await self.host.act_for(seat, text)
            if not outcome.ok:
                log.warning("room %s: timeout move %r for seat %d refused: %s %s",
                            self.host.name, text, seat + 1, outcome.code, outcome.message)
                break
            moves.append(text)
        return moves
