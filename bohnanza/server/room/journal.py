"""The journal: what the database holds of one room, and the writes that keep it so.

A change is stored before anything about it is sent (design.md §7). A game command that leaves
the game running, after a checkpoint of this game, stores only its text (``Store.save_command``)
while fewer than ``checkpoint_every`` game commands were stored since; anything else stores a
checkpoint, the whole room (``Store.save``). The stored room is therefore the last checkpoint
with the game commands stored since *replayed* (re-applied, ``bohnanza.commands.replay``).

The journal keeps in memory what the database holds (the last checkpoint's record and the
commands since), so that a write that fails, or an engine that fails, puts the room back as
stored without waiting for the database (:meth:`Journal.rollback`).
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from bohnanza.engine import Refusal

from .. import frames
from ..dboutcomes import StorageFailure
from ..store import Store, StoredRoom
from . import game as games
from .table import Table

if TYPE_CHECKING:
    from ..dbqueue import DbQueue
    from ..settings import Settings

log = logging.getLogger("bohnanza.server")

Connected = Callable[[int], bool]


class Journal:
    """The stored state of the room ``name``: ``saved`` (the record of the last checkpoint:
    the position as JSON text), ``tail`` (the game commands ``(seat, text)`` stored after it
    by this process), ``tail_before`` (those stored after it before this start)."""

    __slots__ = ("name", "queue", "settings", "saved", "tail", "tail_before", "persisted",
                 "version_queued", "lost", "away")

    def __init__(self, name: str, queue: DbQueue, settings: Settings, table: Table) -> None:
        self.name = name
        self.queue = queue
        self.settings = settings
        self.saved: dict[str, Any] = table.record(name, 0)
        self.tail: list[tuple[int, str]] = []
        self.tail_before = 0
        self.persisted = False  # the room has a row
        self.version_queued = False  # a version bump waits to be stored
        # another process owns the room now (server/cluster/owner.py): nothing of this copy
        # is written any more, even once this process owns the room again (a new copy then)
        self.lost = False
        self.away: dict[str, float] = {}  # the away marks stored last (write_away)

    def checkpoint_due(
        self, table: Table, command: tuple[int | None, str] | None, game_command: bool
    ) -> bool:
        """Whether this change stores the whole room (module docstring). While a turn clock
        runs, every change does: the seats' deadlines are part of the record (clock.py)."""
        # one test after another, the cheap ones first (issue 14: every command asks)
        if (not game_command or command is None or command[0] is None
                or table.clock is not None or not self.persisted):
            return True
        game = table.game
        if game is None or game.over:  # not running
            return True
        if self.tail_before + len(self.tail) + 1 >= self.settings.checkpoint_every:
            return True
        saved = self.saved
        if saved["game"] is None or saved["game_no"] != table.game_no:
            return True
        for s in table.seats:  # the farm's G19 limit
            if s.deadline is not None:
                return True
        return False

    def write(
        self,
        table: Table,
        version: int,
        command: tuple[int | None, str] | None,
        entries: list[dict[str, Any]],
        game_command: bool = False,
    ) -> Awaitable[None]:
        """Store a change of the room (now at ``version``): a game command alone, or a
        checkpoint with the command and its log ``entries``; what it returns, awaited, returns
        once it is committed (with the other rooms' writes of this turn of the event loop:
        ``DbQueue.write``) and raises ``StorageFailure`` (nothing of it is stored: the caller
        then calls :meth:`unwrite` with the same ``command`` before it rolls back).

        A game command alone is asked for now and its awaitable is ``DbQueue.write``'s own
        (no coroutine per command, issue 14): it joins :attr:`tail` at once, and
        :meth:`unwrite` takes it off again when the write fails. A checkpoint is a coroutine
        that takes the new record once it is committed."""
        if self.lost:
            raise StorageFailure(f"room {self.name!r} is served by another process now")
        log_json = frames.dumps(entries) if entries else "[]"  # (most commands log nothing)
        if self.checkpoint_due(table, command, game_command):
            return self._checkpoint(table, version, command, log_json)
        assert command is not None
        seat, text = command
        assert seat is not None
        queue = self.queue
        done = queue.write(queue.store.save_command, name=self.name, version=version,
                           game_no=table.game_no, seat=seat, text=text, log=log_json)
        # the tuple itself (its seat is not None): unwrite knows it by identity
        self.tail.append(command)  # type: ignore[arg-type]
        self.persisted = True
        return done

    async def _checkpoint(self, table: Table, version: int,
                          command: tuple[int | None, str] | None, log_json: str) -> None:
        """:meth:`write`'s checkpoint: the whole room, with ``command`` and its log."""
        rec = table.record(self.name, version)
        await self.queue.write(self.queue.store.save, **rec, command=command, log=log_json)
        self.saved = rec
        self.tail = []
        self.tail_before = 0
        self.persisted = True

    def unwrite(self, command: tuple[int | None, str] | None) -> None:
        """The write of ``command`` (:meth:`write`) failed: it leaves :attr:`tail` again
        (a checkpoint's write changed nothing here before it was committed)."""
        tail = self.tail
        if command is not None and tail and tail[-1] is command:
            tail.pop()

    async def write_chat(self, table: Table, version: int, line: dict[str, Any]) -> None:
        """Store a chat line (the room itself first, when it has no row yet)."""
        if self.lost:
            raise StorageFailure(f"room {self.name!r} is served by another process now")
        if not self.persisted:
            await self.write(table, version, None, [])
        store, keep = self.queue.store, self.settings.chat_keep

        def save() -> None:  # the line, then the room's chat cut to the newest ``keep``
            store.save_chat(self.name, line)
            store.trim_chat(self.name, keep)

        await self.queue.write(save)

    def write_version_later(self, version: Callable[[], int]) -> None:
        """Store the room's version (a change that is not a command: idle marks, connections)
        without waiting, best effort; ``version()`` is read when the write runs."""
        if not self.persisted or self.version_queued or self.lost:
            return
        self.version_queued = True

        def save() -> None:  # in the database queue
            self.version_queued = False  # a bump from now on queues another
            self.queue.store.save_version(self.name, version())

        self.queue.later(save)

    def visit(self, table: Table, stopping: bool = False) -> float:
        """A connection left the room: the time stored without waiting, best effort (the
        sweep forgets a stored room neither given a command nor visited for
        ``forget_after``: parking.py; it counted commands only, and a seated person who came
        back to look at a game waiting for another, or to chat, had it deleted, game and
        seat, at the sweep after it parked), and the away marks (:meth:`write_away`; not when
        the server is ``stopping``: its own closings are no departures, and the next start
        counts those seats away from then, as after a kill). Returns the monotonic time
        (``last_visit``)."""
        save = getattr(self.queue.store, "save_visit", None)
        if save is not None and self.persisted and not self.lost:
            self.queue.later(functools.partial(save, self.name, time.time()))
        if not stopping:
            self.write_away(table)
        return time.monotonic()

    def write_away(self, table: Table) -> None:
        """Store since when each person away is away (``Table.away_map``) when it is not what
        was stored last, without waiting, best effort (restmarks.py: a restart keeps the
        away clock of ``/handover``)."""
        away = table.away_map()
        save = getattr(self.queue.store, "save_away", None)
        if save is None or away == self.away or not self.persisted or self.lost:
            return
        self.away = away
        self.queue.later(functools.partial(save, self.name, away))

    def restore(self, stored: StoredRoom, table: Table, connected: Connected) -> None:
        """Load the room from ``stored`` (start-up; its game as :func:`current` gives it)."""
        rec = {
            "name": self.name,
            "version": stored.version,
            "game_no": stored.game_no,
            "options": stored.options,
            "seats": stored.seats,
            "game": frames.dumps(stored.game) if stored.game is not None else None,
            "last_result": stored.last_result,
        }
        table.load(rec, connected)
        table.away_from(stored.away, time.time())
        self.away = dict(stored.away)
        self.saved = rec
        self.tail = []
        self.tail_before = len(stored.tail)  # stored after the checkpoint, before this start
        self.persisted = True

    def rollback(self, table: Table, connected: Connected) -> None:
        """Put ``table`` back as stored (a write failed, or the engine did): from memory, so
        nothing waits for the database (the checkpoint, then the commands stored since)."""
        table.load(self.saved, connected)
        if self.tail:
            if table.game is None:
                raise ValueError("stored game commands without a game")
            games.replay(table.game, self.tail, table.hosted)


# ---------------------------------------------------------------- reading the store


def current(stored: StoredRoom) -> StoredRoom:
    """``stored`` with the game commands of its tail replayed onto its checkpoint's position
    (``game`` is then the position now; ``tail`` stays, for the count), checked by its hosted
    game's ``audit``. Raises ValueError when a command does not apply or the audit fails."""
    if stored.game is not None and stored.tail:
        try:
            host = games.host_of(stored.game)
            game = games.replay(host.load(stored.game), stored.tail, host)
        except Refusal as e:
            where = "; ".join(getattr(e, "__notes__", []))
            raise ValueError(f"a stored command does not apply ({where}): {e}") from None
        stored.game = game.to_position()
    if stored.game is not None:  # the game's own audit (farm: every card still there, G5)
        problems = games.host_of(stored.game).audit(stored.game)
        if problems:
            raise ValueError("the stored position fails its audit: " + "; ".join(problems))
    return stored


def load_room(
    store: Store, name: str, log_history: int = 300, chat_history: int = 50
) -> StoredRoom | None:
    """The room ``name`` as stored now (:func:`current`), or None. Raises ValueError when it
    cannot be read."""
    stored = store.load(name, log_history, chat_history)
    return None if stored is None else current(stored)


def load_rooms(store: Store, log_history: int = 300, chat_history: int = 50,
               damaged: dict[str, str] | None = None) -> list[StoredRoom]:
    """Every room as stored now; one that cannot be read (its row, or a command that does not
    apply) is left out with a warning (or, given ``damaged``, noted there: name -> why)."""
    out = []
    for stored in store.load_all(log_history, chat_history):
        try:
            out.append(current(stored))
        except Exception as e:
            if damaged is not None:  # the caller says what it does with it
                damaged[stored.name] = f"{type(e).__name__}: {e}"
                continue
            log.warning("room %r cannot be read (%s: %s); skipped", stored.name,
                        type(e).__name__, e)
    return out


def history(store: Store, name: str) -> list[dict[str, Any]]:
    """Every stored command of a room made while it had a game, oldest first, each with the
    position after it (tests and audits): ``{"version", "game_no", "seat", "text",
    "position"}``. A game command stored without its position gets it by replaying it onto
    the one before."""
    out = []
    game: games.Game | None = None
    host = games.TableGame.get(None)
    for row in store.command_rows(name):
        if row.position is not None:
            host = games.host_of(row.position)
            game = host.load(row.position)
            position = row.position
        else:
            if game is None:
                continue  # a room command without a game
            try:
                if row.seat is None:
                    raise games.ParseError("a command of nobody's seat")
                games.replay(game, [(row.seat, row.text)], host)
            except games.ParseError:  # a room command after the game (need not read back)
                game = None
                continue
            position = game.to_position()
        out.append({"version": row.version, "game_no": row.game_no, "seat": row.seat,
                    "text": row.text, "position": position})
    return out
