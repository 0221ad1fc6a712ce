"""The bot driver: when and in which order the bot seats of a room are asked for a command.

After every change a bot step is planned (:meth:`BotDriver.plan`); ``bot_delay`` seconds later,
under the room's lock, it asks the bot seats one by one in the hosted game's ``ask_order`` (Bohnanza:
the active player last) and sends the first command one of them gives through the room's pipeline,
exactly like a person's ``say``. A new change meanwhile cancels the plan and makes a fresh one.
One bot command per plan: the change it makes plans the next. A bot seat that must act and has
seen no change for ``bot_hurry_after`` is asked with ``hurry=True``; ``bot_turn_cap`` bounds
the bot commands of one turn (at twice the cap the bots pause until a person speaks).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
from typing import TYPE_CHECKING, Any, Protocol

from . import botpool
from .change import CommandError, Outcome
from .logbook import room_entry

if TYPE_CHECKING:
    from ..settings import Settings
    from .presence import Presence
    from .table import Table

log = logging.getLogger("bohnanza.server")

BOT_SPEEDS = {"slow": 2.0, "normal": 1.0, "fast": 0.25}
"""``/option botspeed``: the factor on ``bot_delay`` and ``bot_hurry_after`` (issue 15). The
trade patience people get (``bot_trade_patience``) does not change with it."""

FOLLOW_UP = 0.3
"""Part of the delay before a bot's next command that follows a bot's own, outside phase 2."""


def people_may_answer(table: Table, presence: Presence) -> bool:
    """In a trading phase (Bohnanza's phase 2, R28-R32), a connected person at ``table`` may
    still answer: has not passed, or owes cards of the pending deal (the hosted game's
    ``answering``). False outside it."""
    game = table.game
    if game is None:
        return False
    answering = table.hosted.answering(game)
    return answering is not None and _people_among(table, presence, answering.seats)


def _people_among(table: Table, presence: Presence, seats: frozenset[int]) -> bool:
    return any(s.bot is None and i in seats and presence.connected(i)
               for i, s in enumerate(table.seats))


def bots_doing(table: Table, presence: Presence) -> dict[int, str]:
    """What each bot seat the game waits for is doing, for the board (``SeatInfo.doing``,
    issue 15): ``"ready"`` for a bot that holds the end of its part for the people
    (``Seat.held``, :meth:`BotDriver.holds`: the farm's declaration, trial farm17: the board
    said "thinking" for the whole preparation), ``"waiting"`` for the active bot in phase 2
    while no deal is pending and a person may still answer (it gives them the trade patience
    before it ends trading), else ``"thinking"`` (the bot driver will ask it for its command:
    a ``hard`` bot searches in the worker pool). Empty when no game runs or no bot seat owes
    a decision (``Seat.owed``). Asks the hosted game only who may answer (``answering``), no
    view."""
    game = table.game
    if game is None or game.over:
        return {}
    seats = table.seats
    owing = [i for i, s in enumerate(seats) if s.bot is not None and s.owed is not None]
    if not owing:
        return {}
    a = table.hosted.answering(game)
    waits = a is not None and not a.deal and _people_among(table, presence, a.seats)
    active = a.active if a is not None else None
    return {i: "ready" if seats[i].held == seats[i].owed
            else "waiting" if waits and i == active else "thinking" for i in owing}


class BotHost(Protocol):
    """What the driver needs of its room."""

    name: str
    lock: asyncio.Lock
    table: Table
    presence: Presence
    version: int

    async def act_for(self, seat: int, text: str) -> Outcome:
        """``text`` said for ``seat`` by a bot, through the pipeline."""

    def bump(self) -> None:
        """A change that is no command (what a bot does): a new version to everyone."""

    async def note(self, entries: list[dict[str, Any]]) -> None:
        """Store and show a change that is only log lines (raises ``CommandError``)."""

    def forget_if_unused(self) -> None:
        """Ask the room directory to drop the room if nobody uses it any more."""


class BotDriver:
    """The bots of one room."""

    __slots__ = ("host", "settings", "task", "last_change", "changed_at", "turn", "turn_count",
                 "refusals", "storage_failed", "saying", "stopped")

    def __init__(self, host: BotHost, settings: Settings) -> None:
        self.host = host
        self.settings = settings
        self.task: asyncio.Task[None] | None = None
        self.last_change = time.monotonic()
        self.changed_at = time.time()  # the same moment, Unix time (waits_until)
        self.turn: tuple[int, int] = (-1, -1)  # (game_no, turn) the count is for
        self.turn_count = 0
        self.refusals = 0
        self.storage_failed = False  # the last bot command could not be stored
        self.saying = False  # a bot's command is going through the pipeline
        self.stopped = False  # another process owns the room now: no step is planned again

    def delay(self) -> float:
        """Seconds a bot waits before it acts: ``bot_delay`` times the room's
        ``/option botspeed`` factor (``BOT_SPEEDS``)."""
        return self.settings.bot_delay * BOT_SPEEDS.get(self.host.table.bot_speed, 1.0)

    def hurry_after(self) -> float:
        h = self.settings.bot_hurry_after
        factor = BOT_SPEEDS.get(self.host.table.bot_speed, 1.0)
        return 3 * self.delay() if h is None else h * factor

    def waits_until(self) -> float:
        """Until when (Unix time, seconds) an active bot that is ``"waiting"`` (bots_doing)
        gives the people time to offer: ``bot_trade_patience`` (or the hurry moment, or the
        bot delay, the latest) after the last change; a new change starts it again. The board
        shows it (``SeatInfo.waits_until``, trial 6: a bot ended its trading with no word on
        how long it waits)."""
        return self.changed_at + max(self.delay(), self.hurry_after(),
                                     self.settings.bot_trade_patience)

    def stamp(self) -> None:
        """A stored change happened now: the moment the bots' patience counts from. Called
        before that change's states are built, so every state of one version carries the same
        ``waits_until`` (a resync of the version later gives the same text as its broadcast)."""
        self.last_change = time.monotonic()
        self.changed_at = time.time()

    def changed(self) -> None:
        """The room changed (a stored change, :meth:`stamp` called before its states were
        built): plan the next step. After a bot's own
        command outside phase 2 (planting, harvests: nobody answers those), or in phase 2 once
        every person has passed, the next bot step comes after ``FOLLOW_UP`` of the delay, so
        a bot turn without trade takes a few seconds at most; while a person may still answer
        in phase 2 they get the whole delay to read what changed."""
        table = self.host.table
        if self.task is None:  # nothing planned: with no bot seat nothing is (plan)
            for s in table.seats:
                if s.bot is not None:
                    break
            else:
                return
        game = table.game
        quick = (self.saying and game is not None and not game.over
                 and not self.people_may_answer())
        self.plan(self.delay() * FOLLOW_UP if quick else None)

    def plan(self, delay: float | None = None) -> None:
        """Drop the planned step, plan a fresh one ``delay`` (default ``bot_delay``) seconds
        from now when a bot plays in a running game."""
        task = self.task
        seats = self.host.table.seats
        if self.stopped:
            return  # (a step under way whose write failed plans no retry: a lost room's bots
            # retried for good, and wrote again once this process owned the room anew)
        if task is None and not any(s.bot is not None for s in seats):
            return  # no bot here: nothing to drop, nothing to plan
        self.task = None
        try:
            current = asyncio.current_task()
        except RuntimeError:  # no event loop (start-up code): the hub plans
            return
        if task is not None and task is not current and not task.done():
            task.cancel()
        if not self.host.table.running or not any(s.bot is not None for s in seats):
            return
        wait = self.delay() if delay is None else max(0.0, delay)
        self.task = asyncio.get_running_loop().create_task(self._later(wait))

    def stop(self, for_good: bool = False) -> asyncio.Task[None] | None:
        """Drop the planned step (a later change plans again); ``for_good``: none is ever
        planned again (a copy of the room another process owns now, cluster/owner.py).
        Returns the step's task (cancelled)."""
        self.stopped = self.stopped or for_good
        task, self.task = self.task, None
        if task is not None and not task.done():
            task.cancel()
        return task

    def wake(self) -> None:
        """A person spoke: paused bots play on (hurried)."""
        if self.turn_count >= 2 * self.settings.bot_turn_cap:
            self.turn_count = self.settings.bot_turn_cap
            self.plan()

    async def _later(self, delay: float) -> None:
        await asyncio.sleep(delay)
        async with self.host.lock:
            if self.task is not asyncio.current_task():
                return  # superseded by a newer plan
            self.task = None
            try:
                await self.step()
            except Exception:  # pragma: no cover - a broken bot must not stop the room
                log.exception("room %s: bot step failed", self.host.name)

    def seat_rng(self, seat: int) -> random.Random:
        s = self.host.table.seats[seat]
        if s.rng is None:
            seed = self.settings.game_seed
            s.rng = (
                random.Random(
                    f"bohnanza-room:{seed}:{self.host.name}:{self.host.table.game_no}:{seat}")
                if seed is not None
                else random.Random(secrets.randbits(64))
            )
        return s.rng

    async def decide(self, seat: int, view: dict[str, Any], hurry: bool) -> str | None:
        """The bot's command; a search bot (``hard``) thinks in the worker pool
        (botpool.py) with a time budget of at most the room's bot delay."""
        s = self.host.table.seats[seat]
        if s.policy is None:
            host = self.host.table.hosted
            try:
                s.policy = host.get_policy(s.bot or host.default_policy)
            except KeyError:  # a policy stored by an older version: play on with the default
                s.policy = host.get_policy(host.default_policy)
        try:
            policy = s.policy
            if botpool.thinks(policy):
                policy.budget = min(getattr(policy, "budget", 1.0),  # type: ignore[attr-defined]
                                    max(0.05, 0.8 * self.delay()))
                text, s.policy, s.rng = await botpool.decide(
                    self.settings.bot_workers, policy, view, self.seat_rng(seat), hurry)
                return text
            return policy.decide(view, self.seat_rng(seat), hurry=hurry)
        except Exception:
            log.exception("room %s: the bot in seat %d failed to decide", self.host.name,
                          seat + 1)
            return None

    def people_may_answer(self) -> bool:
        """Phase 2 and a connected person at the table has not passed, or owes cards of the
        pending deal: a bot that must act gives them ``bot_trade_patience`` before it hurries."""
        return people_may_answer(self.host.table, self.host.presence)

    def holds(self, seat: int, text: str) -> bool:
        """``text`` would end the bot's part of a phase the seats play at once, and with it
        maybe a person's (the hosted game's ``ends_part``: the farm's declaration, F20-F22),
        while a person who is not long away (connected, or gone for less than
        ``away_seconds``: a reload, a restart of the server) still owes that same decision:
        the bot waits for them (user8: a sensible bot declared within a second, and the one
        person at its table was "done at once" in every preparation phase, never planting).
        The people's own commands, their clock (G19) or their long absence (the idle loop's
        marks, ``Room.check_idle``) move it on. It waits likewise for another bot that owes
        the decision and does not hold its own declaration yet (farm18: once the person had
        declared, the bot asked first planted and declared before the other was asked once,
        and that one was "done at once" with nothing planted in every preparation phase,
        F12, F22); the last bot to be ready declares, so a table of bots still moves on."""
        table = self.host.table
        game = table.game
        if game is None or not table.hosted.ends_part(game, seat, text):
            return False
        owed = table.hosted.owed(game)
        key = owed.get(seat)
        return key is not None and any(
            i != seat and owed.get(i) == key
            and (not s.long_away if s.bot is None else s.held is None or s.held != s.owed)
            for i, s in enumerate(table.seats))

    async def step(self) -> None:
        """Ask the bot seats (the active player last); send the first command one gives.

        Its change plans the next step. When no bot acts but one must, the step comes back
        at the hurry moment; a hurried bot that still does not act (or is refused) plays that
        move with the ``random`` policy, which always has a legal command for a seat that must
        act, so a room of bots always reaches the end of its game.
        """
        table = self.host.table
        game = table.game
        self.storage_failed = False
        if game is None or game.over:
            return
        held = [s.held for s in table.seats]
        try:
            await self._step(table, game)
        finally:
            self._show_held(held)

    def _show_held(self, before: list[str | None]) -> None:
        """A bot that now holds its part for the people (``Seat.held``), where the last step
        left it thinking: everyone is told (a new version: ``SeatInfo.doing`` "ready"), as
        nothing else changed the room. A bot that acted is shown with its change."""
        seats = self.host.table.seats
        if any(s.held is not None and s.held == s.owed and s.held != was
               for s, was in zip(seats, before, strict=False)):
            self.host.bump()

    async def _step(self, table: Table, game: Any) -> None:
        host = table.hosted
        key = (table.game_no, host.turn_key(game))
        if key != self.turn:
            self.turn, self.turn_count = key, 0
        cap = self.settings.bot_turn_cap
        if self.turn_count >= 2 * cap:
            return  # paused (see say); a person's command wakes them
        waited = time.monotonic() - self.last_change
        patience = self.hurry_after()
        if self.people_may_answer():
            patience = max(patience, self.settings.bot_trade_patience)
        due = waited >= patience
        over = self.turn_count >= cap
        stuck: list[int] = []
        for seat in host.ask_order(game):
            if seat >= len(table.seats) or table.seats[seat].bot is None:
                continue
            view = game.view(seat)
            must = bool(view["you"] is not None and view["you"]["must_act"])
            if over and not must:
                continue
            text = await self.decide(seat, view, must and (due or over))
            s = table.seats[seat]
            if text is not None and self.holds(seat, text):
                s.held = s.owed  # it waits for the people (a person's change asks it again)
                continue
            s.held = None
            if text is not None and await self.say(seat, text):
                return
            if self.storage_failed:
                return  # planned again (say)
            if must:
                stuck.append(seat)
        if not stuck:
            return  # nothing to do until the next change
        if not (due or over):
            self.plan(patience - waited)
            return
        for seat in stuck:
            text = host.get_policy("random").decide(game.view(seat), self.seat_rng(seat),
                                                    hurry=True)
            if text is not None and await self.say(seat, text):
                return
            if self.storage_failed:
                return
        log.warning("room %s: no bot command for seats %s", self.host.name, stuck)

    async def say(self, seat: int, text: str) -> bool:
        """Send ``text`` for the bot in ``seat`` through the pipeline; True when it changed the
        room (stored, shown, next step planned). When it could not be stored, the step is
        planned again ``bot_hurry_after`` later (``storage_failed``)."""
        host = self.host
        before = host.version
        self.storage_failed = False
        self.saying = True
        try:
            reply = await host.act_for(seat, text)
        finally:
            self.saying = False
        if reply.code == "storage_error":
            self.storage_failed = True
            self.plan(max(1.0, self.hurry_after()))
            return False
        if not reply.ok or host.version == before:
            self.refusals += 1
            log.warning("room %s: bot in seat %d refused %r: %s %s",
                        host.name, seat + 1, text, reply.code, reply.message)
            return False
        self.turn_count += 1
        if self.turn_count == 2 * self.settings.bot_turn_cap:
            log.warning("room %s: bots paused after %d commands in one turn",
                        host.name, self.turn_count)
            with contextlib.suppress(CommandError):  # not stored: they pause all the same
                await host.note([room_entry(
                    "The bots pause: too many bot commands this turn. Any command wakes them."
                )])
        if host.table.game is not None and host.table.game.over and not host.presence.conns:
            host.forget_if_unused()  # a finished game nobody watches
        return True
