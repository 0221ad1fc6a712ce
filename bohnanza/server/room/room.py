"""A room: the pipeline every command goes through, and the parts it is made of.

One writer per room: every change happens under the room's ``asyncio.Lock``, one at a time, in
arrival order. A ``say`` (a person's, or a bot's through the bot driver) takes one path:

1. :meth:`Room.handle` reads the text (``bohnanza.commands.parse``) and hands it to the
   handler of its kind: a game command to the engine (``Game.apply``), a room command to
   ``commands.py``, a chat line to ``handlers.chat``. The handler returns a :class:`Change`
   (or raises a ``Refusal``, having changed nothing);
2. :meth:`Room._commit` stores the change (the journal) *before* anything about it is sent
   (design.md §7); a write that fails puts the room back as stored and refuses the command
   with ``storage_error``;
3. it fans the change out: connections that sit down or stand up, a fresh ``state`` (with the
   change's log lines) to every connection, the next bot step planned;
4. the sender gets its ``reply`` (every refusal is answered here, in one place).

The parts: the table (seats, options, game: ``table.py``), arrivals (``arrival.py``),
presence (connections, idle and away marks: ``presence.py``), the journal (``journal.py``), the bot driver (``bots.py``), the
log and backlog (``logbook.py``) and the state frames (``states.py``). The room's own frames to
its connections (``broadcast.py``) and its connections after their hello (``connections.py``)
are mixins of :class:`Room`.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any, Protocol

from bohnanza.engine import Refusal

from .. import frames, lang
from ..conn import Buckets, TokenBucket
from . import arrival, handlers
from . import game as games
from .bots import BotDriver
from .broadcast import Broadcasting
from .change import BotActor, Change, CommandError, Outcome, storage_error
from .clock import ClockDriver, OwedMemo, grace_after_restore, mark_owed
from .connections import Connections
from .journal import Journal
from .lock import RoomLock
from .presence import Presence
from .states import Snapshot
from .table import Seat, Table

if TYPE_CHECKING:
    from ..conn import Conn
    from ..dbqueue import DbQueue
    from ..settings import Settings
    from ..store import StoredRoom

log = logging.getLogger("bohnanza.server")

_DONE = Outcome(True)
"""The outcome of an accepted command with nothing to say back (nobody changes an outcome)."""

Actor = Any  # a Conn, or a BotActor: ``seat`` and ``name``


class Directory(Protocol):
    """What a room needs of the room directory (hub.py)."""

    def drop_unused(self, room: Room) -> None:
        """Forget ``room`` a few seconds from now if nobody uses it then."""


class Room(Broadcasting, Connections):
    """One room (module docstring). Its frames (broadcast.py) and its connections
    (connections.py) are parts of its own, as mixins."""

    def __init__(self, name: str, directory: Directory, queue: DbQueue,
                 settings: Settings) -> None:
        self.name = name
        self.directory = directory
        self.queue = queue
        self.settings = settings
        self.room_lock = RoomLock()  # say takes it at once when free (lock.py)
        self.lock: asyncio.Lock = self.room_lock  # the same lock, as the parts know it
        self.version = 0
        self.pending = 0  # connections on their way in (see Hub.room_for)
        self.last_visit = time.monotonic()  # a connection was here (Hub: forget_after)
        self.table = Table()
        self.presence = Presence(settings)
        self.journal = Journal(name, queue, settings, self.table)
        self.bots = BotDriver(self, settings)
        self.clock = ClockDriver(self)
        self.owed_memo = OwedMemo()  # what mark_owed last read (clock.py)
        self.chat_rate = TokenBucket(settings.room_chat_per_second, settings.room_chat_burst)
        # each speaker's share of it (handlers.chat): half its rate (a paste: its whole burst)
        self.chat_share = Buckets(settings.room_chat_per_second / 2, settings.room_chat_burst)
        self.snap = Snapshot()  # the last state the delta connections got (states.py)
        # the say being handled: (its connection, its id); its ok reply may ride in the
        # connection's state or patch (a delta connection), then ``rode`` is that connection
        self.asking: tuple[Conn, Any] | None = None
        self.rode: Conn | None = None

    # ------------------------------------------------------------ what others read

    @property
    def game(self) -> games.Game | None:
        return self.table.game

    @property
    def seats(self) -> list[Seat]:
        return self.table.seats

    @property
    def preset(self) -> str:
        return self.table.preset

    @property
    def hidden_money(self) -> bool:
        return self.table.hidden_money

    @property
    def game_no(self) -> int:
        return self.table.game_no

    @property
    def running(self) -> bool:
        return self.table.running

    @property
    def conns(self) -> list[Conn]:
        return self.presence.conns

    def player_range(self) -> tuple[int, int]:
        return self.table.player_range()

    def in_use(self) -> bool:
        """Someone is here, is on the way in, holds a seat, or a game runs."""
        return bool(self.presence.conns or self.pending or self.table.running
                    or any(s.human for s in self.table.seats))

    # ------------------------------------------------------------ the pipeline

    async def say(self, conn: Conn, say_id: Any, text: str) -> None:
        """A person's ``say``, answered with exactly one ``reply``."""
        lock = self.room_lock
        if not lock.take():  # free: taken at once, without a coroutine (lock.py)
            await lock.acquire()
        try:
            seats = self.table.seats
            if self.presence.touch(conn, seats):
                self.bump()
            self.bots.wake()
            seat = conn.seat
            if seat is not None:
                s = seats[seat]
                if s.bot is not None and s.human and text.lstrip().startswith("/"):
                    await arrival.take_back(self, seat)  # handed to a bot while here: acting takes it back
            self.asking, self.rode = (conn, say_id) if conn.deltas else None, None
            try:
                outcome = await self.handle(conn, text)
            finally:
                self.asking = None
            if self.rode is not conn:  # else its reply rode in its state (exactly once)
                self._reply(conn, say_id, outcome)
            self.rode = None
        finally:
            lock.release()

    async def act_for(self, seat: int, text: str) -> Outcome:
        """``text`` said for ``seat`` by a bot (the caller holds the lock)."""
        return await self.handle(BotActor(seat, self.table.seats[seat].name), text)

    async def handle(self, actor: Actor, text: str) -> Outcome:
        """Read ``text``, hand it to the handler of its kind, commit the change
        (:meth:`_commit`), fan it out; the outcome for the reply. The caller holds the lock."""
        try:
            change = handlers.dispatch(self, actor, text)
            kind = change.kind
            if kind == "chat":
                await self._commit_chat(change)
            elif kind != "answer":  # _commit's steps, without its coroutine
                self.version += 1
                table = self.table
                mark_owed(table, None, None, self.owed_memo)
                try:  # (a game command's write: the store's future itself, journal.py)
                    await self.journal.write(table, self.version, change.command,
                                             change.entries, kind == "game")
                except Exception as e:
                    raise self._unstage(e, change) from None
                bots = self.bots  # _show's steps, without its call
                bots.stamp()
                if change.renumber is not None or change.moves:  # (never a game command's)
                    self._seat_connections(change)
                self.broadcast(change.entries, self.asking if change.reply is None else None)
                bots.changed()
            reply = change.reply
            if reply is None:
                return _DONE  # (most commands: one outcome, read and never changed)
            return Outcome(True, message=reply, texts=change.texts)
        except Refusal as e:  # every refusal (rules, syntax, the room) is answered here
            return Outcome.refused(e)
        except Exception:  # every say gets its reply, even when something is broken
            log.exception("room %s: failed on %r", self.name, text)
            self._rollback()
            return Outcome(False, "internal_error", "The server failed on that command.")

    async def _commit(self, change: Change) -> None:
        """Store ``change``, then show it: the one way a change is committed (a say's through
        :meth:`handle`, a bot's or the room's own). A write that fails puts the room back as
        stored and raises ``storage_error``."""
        if change.kind == "chat":
            await self._commit_chat(change)
            return
        self.version += 1  # the room's next version, what the game waits for now, the clocks
        mark_owed(self.table, memo=self.owed_memo)
        try:
            await self.journal.write(self.table, self.version, change.command, change.entries,
                                     change.kind == "game")
        except Exception as e:
            raise self._unstage(e, change) from None
        self._show(change)

    def _unstage(self, e: Exception, change: Change) -> CommandError:
        """The write of ``change`` failed: back to the stored state; the ``storage_error``
        to raise."""
        log.warning("room %s: write failed (%s); back to the stored state", self.name, e)
        self.journal.unwrite(change.command)
        self.version -= 1
        self._rollback()
        return storage_error()

    def _show(self, change: Change) -> None:
        """After a change's write: the seats' connections, the states, the bots' next step."""
        self.bots.stamp()  # before the states: waits_until is the same in every one of them
        if change.renumber is not None or change.moves:  # (never a game command's)
            self._seat_connections(change)
        # stored: an accepted say with nothing to say back may be answered in its state
        self.broadcast(change.entries, self.asking if change.reply is None else None)
        self.bots.changed()

    async def _commit_chat(self, change: Change) -> None:
        """A chat line: stored, then sent to every connection (``storage_error`` when it could
        not be stored)."""
        assert change.chat is not None
        try:
            await self.journal.write_chat(
                self.table, self.version, change.chat.model_dump(exclude={"type", "replay"})
            )
        except Exception as e:
            log.warning("room %s: chat not stored (%s)", self.name, e)
            raise storage_error() from None
        msg = change.chat.model_dump_json()
        for c in list(self.presence.conns):
            c.send(msg)

    def _seat_connections(self, change: Change) -> None:
        """The connections' seats after a stored change: renumbered, sat down, stood up."""
        moved = {id(m.conn) for m in change.moves}
        if change.renumber is not None:
            for c in self.presence.conns:
                if c.seat is not None and id(c) not in moved:
                    c.seat = change.renumber.get(c.seat)
        for m in change.moves:
            m.conn.name = m.name
            m.conn.seat = m.seat
            m.conn.send(arrival.welcome(self, m.conn, m.token))

    def _reply(self, conn: Conn, say_id: Any, o: Outcome) -> None:
        """The reply, its message in the connection's language (lang.py reply_frame)."""
        if o.ok and o.message is None:
            conn.send(frames.ok_reply(say_id))
            return
        conn.send(lang.reply_frame(say_id, o.ok, o.code, o.message, o.rule, o.texts, conn.lang,
                                   [s.name for s in self.table.seats]))

    def _rollback(self) -> None:
        """Back to what was last stored."""
        self.journal.rollback(self.table, self.presence.connected)

    async def note(self, entries: list[dict[str, Any]]) -> None:
        """Store and show log lines nobody typed (the caller holds the lock; storage_error)."""
        await self._commit(Change("room", None, entries))

    def bump(self) -> None:
        """A change that is not a command (idle marks, connections): a new version to everyone,
        stored best effort without waiting."""
        self.version += 1
        self.journal.write_version_later(lambda: self.version)
        self.broadcast()

    def restore(self, stored: StoredRoom) -> None:
        """Load from the store (start-up; ``journal.current`` gives ``stored``); what each seat
        owes is read again from the game (the marks stored are the last checkpoint's)."""
        self.journal.restore(stored, self.table, self.presence.connected)
        self.version = stored.version
        mark_owed(self.table, memo=self.owed_memo)
        grace_after_restore(self.table, time.time())   # downtime costs nobody a move

    # ------------------------------------------------------------ bots

    def plan_bots(self, delay: float | None = None) -> None:
        self.bots.plan(delay)

    def stop_bots(self, for_good: bool = False) -> asyncio.Task[None] | None:
        return self.bots.stop(for_good)

    def forget_if_unused(self) -> None:
        self.directory.drop_unused(self)
