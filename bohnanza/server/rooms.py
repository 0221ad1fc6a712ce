"""Rooms: seats with hashed tokens, options, the game, the version, the connections.

One writer per room: every change happens under the room's ``asyncio.Lock``, one at a time,
in arrival order. Each accepted change is committed to SQLite before anything about it is
sent; then the log and a fresh ``state`` go to every connection (each built for that
connection's seat: the views of one change are built together and their shared parts
serialised once, see :mod:`.frames`), and last the ``reply`` to the sender. The SQLite calls
run in the order they were asked for (``Hub.db``): inline on the event loop when the commit
does not wait for the disk (WAL with ``synchronous`` NORMAL, the default: tens of
microseconds), on the database thread when it may wait (a lock another process holds, up to
``sqlite_busy_timeout``; ``synchronous`` FULL); a room waits for its own write with its lock
held, while the other rooms go on. A game command between two checkpoints stores only its text
(see :mod:`.store`). A write that fails puts the room back to what was last stored, in memory,
and refuses the command with ``storage_error``.

Log replay (on connect): entries of older games and of the current game before this seat's
holder sat down are sent in their public form; only the current game's entries since then are
phrased for the seat (a seat's number and holder change between games and on a take-over).

Bots: after every change a bot task is planned (``Room.plan_bots``); ``bot_delay`` seconds
later, under the same lock, it asks the bot seats one by one (the active player last) and sends
the first command one of them gives through the same path as a person's ``say``. A new change
meanwhile cancels the plan and makes a fresh one. One bot command per plan: the commit it makes
plans the next. A bot seat that must act and has seen no change for ``bot_hurry_after`` is
asked with ``hurry=True``; ``bot_turn_cap`` bounds the bot commands of one turn.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import hmac
import json
import logging
import random
import re
import secrets
import sqlite3
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from bohnanza import commands as cmds
from bohnanza.bots import DEFAULT_POLICY, Policy, ask_order, get_policy, policy_names
from bohnanza.engine import PLAYER_RANGE, PRESETS, Event, Game, Refusal

from . import botseats, frames
from .botseats import BotActor, name_key
from .conn import Conn
from .protocol import (
    CLOSE_TRY_LATER,
    Chat,
    Error,
    Reply,
    Welcome,
    You,
)
from .settings import Settings
from .store import Checkpointer, Store

log = logging.getLogger("bohnanza.server")

T = TypeVar("T")

ROOM_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]*$")


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def valid_room_name(name: str, max_len: int) -> bool:
    return 0 < len(name) <= max_len and ROOM_NAME.match(name) is not None


class CommandError(Refusal):
    """A command the room refuses (a :class:`Refusal`): ``code`` and plain-words ``message``
    go back in the reply."""

    __slots__ = ()

    def __init__(self, code: str, message: str, rule: str | None = None) -> None:
        super().__init__(code, message, rule, message)


def check_name(raw: str | None, max_len: int) -> str:
    """A display name: trimmed, 1..max_len printable characters, not a command."""
    if raw is None:
        raise CommandError("bad_name", "Say a name: /join NAME")
    name = " ".join(raw.split())
    if not name:
        raise CommandError("bad_name", "A name needs at least one visible character.")
    if len(name) > max_len:
        raise CommandError("bad_name", f"A name has at most {max_len} characters.")
    if not name.isprintable():
        raise CommandError("bad_name", "A name may hold printable characters only.")
    if name.startswith("/"):
        raise CommandError("bad_name", "A name may not start with '/'.")
    return name


Actor = Conn | BotActor


class StorageFailure(Exception):
    """A Store call failed on the database thread (the message names the original error)."""


def _on_db_thread(fn: Callable[..., T], args: tuple[Any, ...], kw: dict[str, Any]) -> T:
    """Run ``fn`` on the database thread. Its error comes back as a plain
    :class:`StorageFailure` without a traceback into the Store: the original (whose frames hold
    SQLite cursors) is freed here. Freed on the event loop, a cursor would wait for the
    connection's mutex, holding the GIL, while the next write waits for a lock."""
    try:
        return fn(*args, **kw)
    except Exception as e:
        failure = StorageFailure(f"{type(e).__name__}: {e}")
    raise failure


def _busy(e: sqlite3.OperationalError) -> bool:
    """A lock another connection holds (``SQLITE_BUSY``, ``SQLITE_LOCKED``)."""
    code = getattr(e, "sqlite_errorcode", None)
    return isinstance(code, int) and code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


@dataclass
class Seat:
    """One seat. Who holds it:

    * a person: ``token_hash`` set, ``bot`` None;
    * a person away, handed to a bot (``/handover``): ``token_hash`` set and ``bot`` set; the
      token takes it back;
    * a bot added with ``/addbot``: no token, ``bot`` set;
    * left during a game (``vacant``): no token, a bot plays it, ``/join`` takes it over.
    """

    name: str
    token_hash: str | None
    vacant: bool = False
    bot: str | None = None  # the policy name while a bot plays this seat
    last_input: float = field(default_factory=time.monotonic)
    idle: bool = False
    away_since: float | None = None  # time.time() when its person's last connection closed
    away_mono: float | None = None  # the same moment on the monotonic clock
    long_away: bool = False  # away long enough for /handover (kept by the idle clock)
    policy: Policy | None = field(default=None, repr=False)  # the bot's instance (its memory)
    rng: random.Random | None = field(default=None, repr=False)
    # the room version from which its holder holds this seat: the log of the current game is
    # replayed phrased for this seat from this version on (public form before)
    since: int = 0

    @property
    def human(self) -> bool:
        """A person owns this seat (even while a bot plays it for them)."""
        return self.token_hash is not None

    def stored(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "token_hash": self.token_hash,
            "vacant": self.vacant,
            "bot": self.bot,
            "since": self.since,
        }

    def set_away(self, away: bool) -> None:
        if away and self.human:
            if self.away_mono is None:
                self.away_since = time.time()
                self.away_mono = time.monotonic()
        else:
            self.away_since = self.away_mono = None
            self.long_away = False

    def stop_bot(self) -> None:
        self.bot = None
        self.policy = None
        self.rng = None


class Room:
    def __init__(self, name: str, hub: Hub) -> None:
        self.name = name
        self.hub = hub
        self.settings = hub.settings
        self.lock = asyncio.Lock()
        self.seats: list[Seat] = []
        self.hidden_money = False
        self.preset = "classic"
        self.game: Game | None = None
        self.game_no = 0
        self.last_result: dict[str, Any] | None = None
        self.version = 0
        self.conns: list[Conn] = []
        self.persisted = False
        self.pending = 0  # connections on their way in (see Hub.room_for)
        # bots (module docstring)
        self.bot_task: asyncio.Task[None] | None = None
        self.last_change = time.monotonic()
        self.bot_turn: tuple[int, int] = (-1, -1)  # (game_no, turn) the count is for
        self.bot_turn_count = 0
        self.bot_refusals = 0
        self.storage_failed = False  # the last bot command could not be stored
        self.version_queued = False  # a save_version waits on the database thread
        # what the database holds (see rollback): the last checkpoint, and the game commands
        # (seat, text) stored after it
        self.saved: dict[str, Any] = self.record()
        self.tail: list[tuple[int, str]] = []
        self.tail_before = 0  # game commands stored after the checkpoint before ``saved``

    # ------------------------------------------------------------ state

    @property
    def running(self) -> bool:
        return self.game is not None and not self.game.over

    def player_range(self) -> tuple[int, int]:
        return PLAYER_RANGE[self.preset]

    def connected(self, seat: int) -> bool:
        return any(c.seat == seat for c in self.conns)

    def spectators(self) -> int:
        return sum(1 for c in self.conns if c.seat is None)

    def you(self, conn: Conn, token: str | None = None) -> You:
        if conn.seat is None:
            return You(name=conn.name, seat=None, token=None)
        return You(name=self.seats[conn.seat].name, seat=conn.seat, token=token)

    def room_part(self) -> dict[str, Any]:
        """The ``room`` part of a state (:class:`RoomInfo`) without ``you``, as plain data."""
        lo, hi = self.player_range()
        here = {c.seat for c in self.conns}
        return {
            "name": self.name,
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
                    "can_hand_over": s.long_away,
                }
                for i, s in enumerate(self.seats)
            ],
            "options": {"hidden_money": self.hidden_money, "preset": self.preset},
            "running": self.running,
            "over": self.game is not None and self.game.over,
            "game_no": self.game_no,
            "spectators": self.spectators(),
            "min_players": lo,
            "max_players": hi,
            "away_seconds": float(self.settings.away_seconds),
            "bot_policies": policy_names(),
        }

    def states(
        self, conns: list[Conn], entries: list[dict[str, Any]] | None = None
    ) -> list[str]:
        """The ``state`` frame of each connection (see :mod:`.frames`): the views of all their
        seats built together, each piece serialised once; with the change's log ``entries``
        phrased for each connection's seat (``State.log``)."""
        seats = list(dict.fromkeys(c.seat for c in conns))
        if self.game is not None:
            base, own = self.game.view_parts(seats)
            texts = frames.parts_json(base, own)
        else:
            texts = dict.fromkeys(seats, "null")
        logs = self.log_texts(seats, entries) if entries else {}
        room = frames.room_open(self.room_part())
        out = []
        for c in conns:
            name = self.seats[c.seat].name if c.seat is not None else c.name
            out.append(frames.state(self.version, texts[c.seat], room, frames.you(name, c.seat),
                                    logs.get(c.seat)))
        return out

    def log_texts(
        self, seats: list[int | None], entries: list[dict[str, Any]]
    ) -> dict[int | None, str]:
        """The JSON list of ``entries`` as each of ``seats`` reads them."""
        if all("all" in x for x in entries):  # the same lines for everyone
            text = frames.dumps([x["all"] for x in entries])
            return dict.fromkeys(seats, text)
        return {
            seat: frames.dumps([e for e in (self.entry_for(x, seat) for x in entries) if e])
            for seat in seats
        }

    def state_for(self, conn: Conn) -> str:
        return self.states([conn])[0]

    def broadcast_state(self, entries: list[dict[str, Any]] | None = None) -> None:
        """The new state to every connection, with the change's log lines (``entries``)."""
        conns = list(self.conns)
        for c, text in zip(conns, self.states(conns, entries), strict=True):
            c.send(text)

    @staticmethod
    def entry_for(entry: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
        if "all" in entry:
            all_entry: dict[str, Any] = entry["all"]
            return all_entry
        per: dict[str, dict[str, Any]] = entry.get("per", {})
        return per.get(str(-1 if seat is None else seat), per.get("-1"))

    async def replay_stored(self, conn: Conn) -> None:
        """The stored log and chat to a connection that just came in, read from the database
        (a room keeps neither in memory)."""
        if not self.persisted or not (self.settings.log_history or self.settings.chat_history):
            return
        try:
            entries, chat = await self.hub.read(
                self.hub.reader.recent, self.name, self.settings.log_history,
                self.settings.chat_history,
            )
        except Exception as e:
            log.warning("room %s: the log could not be read (%s)", self.name, e)
            return
        self.replay_log(conn, entries)
        for line in chat:
            try:
                conn.send(Chat(**{**line, "replay": True}).model_dump_json())
            except Exception:
                log.warning("room %s: an unreadable chat line left out", self.name)

    def replay_log(self, conn: Conn, entries: list[dict[str, Any]]) -> None:
        """Stored log ``entries`` to a connection that just came in (module docstring, "Log
        replay"): phrased for its seat only for the current game since the seat's holder sat
        down."""
        seat = conn.seat
        since = self.seats[seat].since if seat is not None and seat < len(self.seats) else None
        lines = []
        for entry in entries:
            mine = (
                since is not None
                and self.game is not None
                and entry.get("game") == self.game_no
                and int(entry.get("v", 0)) >= since
            )
            line = self.entry_for(entry, seat if mine else None)
            if line:
                lines.append(line)
        if lines:
            conn.send(frames.log(self.version, lines, replay=True))

    def room_entry(self, text: str, **extra: Any) -> dict[str, Any]:
        return {"all": {"kind": "room", "text": text, **extra}}

    def game_entries(self, events: list[Event]) -> list[dict[str, Any]]:
        assert self.game is not None
        viewers: list[int | None] = [None, *range(self.game.n_seats)]
        names = list(self.game.names)
        out: list[dict[str, Any]] = []
        for ev in events:
            forms = [ev.for_viewer(v, names) for v in viewers]
            if all(f == forms[0] for f in forms[1:]):
                out.append({"all": forms[0]})  # the same for everyone (most events)
            else:
                out.append({"per": {str(-1 if v is None else v): f
                                    for v, f in zip(viewers, forms, strict=True)}})
        return out

    # ------------------------------------------------------------ persistence

    def record(self) -> dict[str, Any]:
        """The room's durable state, as :meth:`Store.save` takes it (new objects; the
        position as JSON text, which is also the compact copy kept for :meth:`rollback`)."""
        return {
            "name": self.name,
            "version": self.version,
            "game_no": self.game_no,
            "options": {"hidden_money": self.hidden_money, "preset": self.preset},
            "seats": [s.stored() for s in self.seats],
            "game": frames.dumps(self.game.to_position()) if self.game is not None else None,
            "last_result": self.last_result,
        }

    def checkpoint_due(self, command: tuple[int | None, str] | None, game_command: bool) -> bool:
        """Whether this change stores the whole room (see :mod:`.store`): anything but a game
        command that leaves the game running, after the stored checkpoint of this game, when
        fewer than ``checkpoint_every`` game commands were stored since."""
        return not (
            game_command
            and command is not None
            and command[0] is not None
            and self.persisted
            and self.game is not None
            and not self.game.over
            and self.saved["game"] is not None
            and self.saved["game_no"] == self.game_no
            and self.tail_before + len(self.tail) + 1 < self.settings.checkpoint_every
        )

    async def persist(
        self,
        command: tuple[int | None, str] | None,
        entries: list[dict[str, Any]],
        game_command: bool = False,
    ) -> None:
        """Store the change: a game command alone, or a checkpoint of the whole room (with the
        command and its log); see :mod:`.store`."""
        log_json = frames.dumps(entries)
        if not self.checkpoint_due(command, game_command):
            assert command is not None
            seat, text = command
            assert seat is not None
            await self.hub.db(
                self.hub.store.save_command, name=self.name, version=self.version,
                game_no=self.game_no, seat=seat, text=text, log=log_json,
            )
            self.tail.append((seat, text))
        else:
            rec = self.record()
            await self.hub.db(self.hub.store.save, **rec, command=command, log=log_json)
            self.saved = rec
            self.tail = []
            self.tail_before = 0
        self.persisted = True

    def load_record(self, rec: dict[str, Any]) -> None:
        """Seats, options, game and result from a record; the seats' live marks (idle, away,
        a bot's memory) stay with their seat numbers. The version is not touched."""
        self.game_no = rec["game_no"]
        options = rec["options"]
        self.hidden_money = bool(options.get("hidden_money", False))
        self.preset = str(options.get("preset", "classic"))
        old = dict(enumerate(self.seats))
        self.seats = [
            Seat(
                name=s["name"],
                token_hash=s.get("token_hash"),
                vacant=bool(s.get("vacant")),
                bot=s.get("bot"),
                since=int(s.get("since") or 0),
            )
            for s in rec["seats"]
        ]
        for i, s in enumerate(self.seats):
            before = old.get(i)
            if before is not None:
                s.idle = before.idle
                s.last_input = before.last_input
                if before.bot == s.bot:  # the same bot keeps its memory
                    s.policy, s.rng = before.policy, before.rng
            s.set_away(not self.connected(i))
        game = rec["game"]
        self.game = Game.from_position(json.loads(game)) if game is not None else None
        self.last_result = rec["last_result"]

    def replay(self, tail: list[tuple[int, str]]) -> None:
        """Apply the game commands stored after the checkpoint the game was loaded from."""
        if tail:
            if self.game is None:
                raise ValueError("stored game commands without a game")
            cmds.replay(self.game, tail)

    def restore(self, stored: Any) -> None:
        """Load from a StoredRoom (start-up)."""
        rec = {
            "name": self.name,
            "version": stored.version,
            "game_no": stored.game_no,
            "options": stored.options,
            "seats": stored.seats,
            "game": frames.dumps(stored.game) if stored.game is not None else None,
            "last_result": stored.last_result,
        }
        self.load_record(rec)
        self.version = stored.version
        self.saved = rec
        self.tail = []
        self.tail_before = len(stored.tail)  # stored after the checkpoint, before this start
        self.persisted = True

    def rollback(self) -> None:
        """Back to what was last stored (a write failed, or the engine did): from memory, so
        nothing waits for the database again (the checkpoint, then the game commands stored
        since)."""
        self.load_record(self.saved)
        self.replay(self.tail)

    async def commit(
        self,
        command: tuple[int | None, str] | None,
        entries: list[dict[str, Any]],
        stored: Callable[[], None] | None = None,
        game_command: bool = False,
    ) -> None:
        """Bump the version and store; then ``stored()``; then the log and state to everyone.
        ``game_command``: ``command`` is a game command that changed nothing but the game.

        If the write fails, the room goes back to what was last stored and the command is
        refused with ``storage_error``.
        """
        self.version += 1
        try:
            await self.persist(command, entries, game_command)
        except Exception as e:
            log.warning("room %s: write failed (%s); back to the stored state", self.name, e)
            self.version -= 1
            self.rollback()
            raise CommandError(
                "storage_error", "The server could not store that; try again."
            ) from None
        if stored is not None:
            stored()
        self.last_change = time.monotonic()
        self.broadcast_state(entries)
        self.plan_bots()

    def bump(self) -> None:
        """A change that is not a command (idle marks, connections): new version to everyone.

        The version is stored on the database thread, best effort, without waiting."""
        self.version += 1
        if self.persisted and not self.version_queued:
            self.version_queued = True
            self.hub.db_later(self._save_version)
        self.broadcast_state()

    def _save_version(self) -> None:  # on the database thread
        self.version_queued = False  # a bump from now on queues another
        self.hub.store.save_version(self.name, self.version)

    # ------------------------------------------------------------ connections

    def find_seat(self, token: str) -> int | None:
        h = hash_token(token)
        found = None
        for i, s in enumerate(self.seats):
            if s.token_hash is not None and hmac.compare_digest(h, s.token_hash):
                found = i
        return found

    async def attach(self, conn: Conn, name: str | None, token: str | None) -> None:
        async with self.lock:
            conn.room = self.name
            seat = self.find_seat(token) if token else None
            if token and seat is None:
                conn.send(
                    Error(
                        code="bad_token",
                        message="That token holds no seat in this room; you are watching.",
                    ).model_dump_json()
                )
            if seat is None:
                self.name_watcher(conn, name)
            was_connected = seat is not None and self.connected(seat)
            conn.seat = seat
            self.conns.append(conn)
            if seat is not None:
                self.seats[seat].last_input = time.monotonic()
                self.seats[seat].set_away(False)
            conn.send(
                Welcome(
                    room=self.name, you=self.you(conn, token), version=self.version
                ).model_dump_json()
            )
            await self.replay_stored(conn)
            self.pending -= 1
            if seat is not None and self.seats[seat].bot is not None:
                self.seats[seat].idle = False
                await self.take_back(seat)
            elif seat is None or not was_connected or self.seats[seat].idle:
                if seat is not None:
                    self.seats[seat].idle = False
                self.bump()  # everyone sees the seat back, or the spectator count
            else:
                conn.send(self.state_for(conn))

    def name_watcher(self, conn: Conn, name: str | None) -> None:
        """The display name of a connection without a seat (the ``hello`` name).

        Names are unique in a room (compared as :func:`name_key`: case and full-width forms do
        not matter): a name a seat or another connection uses, or one that is not a valid name,
        is refused with an ``error`` (``name_taken``, ``bad_name``) and the connection watches
        under a guest name of its own."""
        guest = conn.name
        if self._name_in_use(guest, skip_conn=conn):
            conn.name = guest = self._unique_name(guest, skip_conn=conn)
        if name is None:
            return
        try:
            wanted = check_name(name, self.settings.name_max_len)
        except CommandError as e:
            conn.send(Error(code=e.code, message=f"{e.message} You are watching as {guest}.")
                      .model_dump_json())
            return
        if self._name_in_use(wanted, skip_conn=conn):
            conn.send(
                Error(
                    code="name_taken",
                    message=f"{wanted} is already used in this room; you are watching as "
                    f"{guest}. /join NAME takes a seat under another name.",
                ).model_dump_json()
            )
            return
        conn.name = wanted

    async def take_back(self, seat: int) -> None:
        """The person of a handed-over seat is back: the bot stops, the seat is theirs."""
        s = self.seats[seat]
        s.stop_bot()
        try:
            await self.commit(
                None, [self.room_entry(f"{s.name} is back; the bot hands seat {seat + 1} back.")]
            )
        except CommandError:  # not stored (the room was reloaded): theirs all the same
            self.seats[seat].stop_bot()
            self.bump()

    async def detach(self, conn: Conn) -> None:
        async with self.lock:
            if conn not in self.conns:
                return
            self.conns.remove(conn)
            if conn.seat is not None and conn.seat < len(self.seats):
                self.seats[conn.seat].set_away(not self.connected(conn.seat))
            self.bump()
        await self.hub.maybe_drop(self)

    async def activity(self, conn: Conn) -> None:
        if conn.seat is None:
            return
        async with self.lock:
            self.touch(conn)

    def touch(self, conn: Conn) -> None:
        if conn.seat is None or conn.seat >= len(self.seats):
            return
        seat = self.seats[conn.seat]
        seat.last_input = time.monotonic()
        if seat.idle:
            seat.idle = False
            self.bump()

    def _marks(self, s: Seat, now: float) -> tuple[bool, bool]:
        """(idle, long_away) as the clock says now. A seat a bot plays is never idle."""
        idle = s.bot is None and now - s.last_input >= self.settings.idle_seconds
        long_away = (
            self.running
            and s.human
            and s.bot is None
            and s.away_mono is not None
            and now - s.away_mono >= self.settings.away_seconds
        )
        return idle, long_away

    async def check_idle(self, now: float) -> None:
        if not self.seats:
            return
        if all(self._marks(s, now) == (s.idle, s.long_away) for s in self.seats):
            return
        async with self.lock:
            changed = False
            for s in self.seats:
                marks = self._marks(s, now)
                if marks != (s.idle, s.long_away):
                    s.idle, s.long_away = marks
                    changed = True
            if changed:
                self.bump()

    # ------------------------------------------------------------ say

    def reply(self, conn: Actor, say_id: Any, ok: bool = True, **kw: Any) -> None:
        if isinstance(conn, BotActor):
            conn.reply = {"type": "reply", "id": say_id, "ok": ok,
                          **{k: v for k, v in kw.items() if v is not None}}
        elif ok and not kw:
            conn.send(frames.ok_reply(say_id))
        else:
            conn.send(Reply(id=say_id, ok=ok, **kw).model_dump_json(exclude_none=True))

    async def say(self, conn: Conn, say_id: Any, text: str) -> None:
        async with self.lock:
            self.touch(conn)
            self.wake_bots()
            try:
                await self._say(conn, say_id, text)
            except Refusal as e:  # every refusal (rules, syntax, the room) is answered here
                self.reply(conn, say_id, False, code=e.code, message=e.message, rule=e.rule)
            except Exception:  # every say gets its reply, even when something is broken
                log.exception("room %s: failed on %r", self.name, text)
                self.reply(
                    conn, say_id, False, code="internal_error",
                    message="The server failed on that command.",
                )

    async def _say(self, conn: Actor, say_id: Any, text: str) -> None:
        if len(text) > self.settings.chat_max_len:
            raise CommandError(
                "too_long", f"A line has at most {self.settings.chat_max_len} characters."
            )
        parsed = cmds.parse(text)
        if isinstance(parsed, cmds.Chat):
            await self.do_chat(conn, say_id, text)
        elif isinstance(parsed, cmds.GameCommand):
            await self.do_game(conn, say_id, text, parsed.action)
        elif isinstance(parsed, cmds.RoomCommand):
            await self.do_room(conn, say_id, parsed)
        else:  # pragma: no cover - the parser returns one of the three
            raise CommandError("parse_error", "Unknown command.")

    async def do_chat(self, conn: Actor, say_id: Any, text: str) -> None:
        text = text.strip()
        if not text:
            raise CommandError("empty", "Nothing to say.")
        name = self.seats[conn.seat].name if conn.seat is not None else conn.name
        chat = Chat(name=name, seat=conn.seat, text=text, ts=time.time())
        try:
            if not self.persisted:
                await self.persist(None, [])  # the room itself first
            await self.hub.db(
                self.hub.store.save_chat, self.name, chat.model_dump(exclude={"type", "replay"})
            )
        except Exception as e:
            log.warning("room %s: chat not stored (%s)", self.name, e)
            raise CommandError(
                "storage_error", "The server could not store that; try again."
            ) from None
        msg = chat.model_dump_json()
        for c in list(self.conns):
            c.send(msg)
        self.reply(conn, say_id)

    async def do_game(self, conn: Actor, say_id: Any, text: str, action: Any) -> None:
        if conn.seat is None:
            raise CommandError("not_seated", "Only a seated player can do that; /join first.")
        if self.game is None:
            raise CommandError("no_game", "No game is running; /start begins one.")
        game = self.game
        was_over = game.over
        try:
            events = game.apply(conn.seat, action)
        except Refusal:
            raise  # nothing changed
        except Exception:
            log.exception("room %s: the engine failed on %r", self.name, text)
            self.rollback()
            raise CommandError("internal_error", "The server failed on that command.") from None
        entries = self.game_entries(list(events))
        if game.over and not was_over:
            self.last_result = {"names": list(game.names), **(game.result or {})}
            entries.append(self.room_entry("The game is over. /start plays again."))
        await self.commit((conn.seat, text), entries, game_command=True)
        self.reply(conn, say_id)

    # ------------------------------------------------------------ room commands

    async def do_room(self, conn: Actor, say_id: Any, command: Any) -> None:
        if not isinstance(conn, Conn):
            raise CommandError("not_for_bots", "A bot sends game commands only.")
        if isinstance(command, cmds.Join):
            await self.join(conn, say_id, command.name)
        elif isinstance(command, cmds.Leave):
            await self.leave(conn, say_id)
        elif isinstance(command, cmds.Start):
            await self.start(conn, say_id)
        elif isinstance(command, cmds.OptionShow):
            self.reply(conn, say_id, message=self.options_text())
        elif isinstance(command, cmds.OptionSet):
            await self.set_option(conn, say_id, command.key, command.value)
        elif isinstance(command, cmds.AddBot):
            await self.add_bot(conn, say_id, command.name, command.policy)
        elif isinstance(command, cmds.RemoveBot):
            await self.remove_bot(conn, say_id, command.target)
        elif isinstance(command, cmds.HandOver):
            await self.hand_over(conn, say_id, command.target)
        elif isinstance(command, cmds.Help):
            self.reply(conn, say_id, message=self.help(command.topic))
        elif isinstance(command, cmds.Who):
            self.reply(conn, say_id, message=self.who_text())
        else:
            raise CommandError("parse_error", "Unknown room command.")

    def help(self, topic: str | None) -> str:
        if topic is not None:
            own = botseats.help_for(topic, self.settings.away_seconds)
            if own is not None:
                return own
        try:
            return cmds.help_text(topic)
        except Exception:
            raise CommandError("unknown_topic", f"No help for {topic!r}; try /help.") from None

    def options_text(self) -> str:
        lo, hi = self.player_range()
        return (
            f"rules {self.preset} ({lo}-{hi} players); "
            f"hiddenmoney {'on' if self.hidden_money else 'off'}"
        )

    def who_text(self) -> str:
        if not self.seats:
            parts = ["Nobody is seated; /join takes a seat."]
        else:
            parts = []
            for i, s in enumerate(self.seats):
                marks = []
                if s.bot is not None and not s.human:
                    marks.append(f"bot, {s.bot}")
                    if s.vacant:
                        marks.append("/join takes it over")
                elif s.bot is not None:
                    marks.append(f"away, a {s.bot} bot plays for them")
                elif not self.connected(i):
                    marks.append("away, /handover possible" if s.long_away else "away")
                elif s.idle:
                    marks.append("idle")
                if self.game is not None and self.running and self.game.active == i:
                    marks.append("active")
                parts.append(f"{i + 1}. {s.name}" + (f" ({', '.join(marks)})" if marks else ""))
        parts.append(f"spectators: {self.spectators()}")
        return "\n".join(parts)

    def _name_in_use(
        self, name: str, *, skip_conn: Conn | None = None, skip_seats: frozenset[int] = frozenset()
    ) -> bool:
        """A seat's name (but those of ``skip_seats``, which are about to go) or the name of a
        connection without a seat other than ``skip_conn``, compared as :func:`name_key`
        (NFKC + casefold) everywhere."""
        key = name_key(name)
        if any(
            name_key(s.name) == key for i, s in enumerate(self.seats) if i not in skip_seats
        ):
            return True
        return any(
            c is not skip_conn and c.seat is None and name_key(c.name) == key for c in self.conns
        )

    def _unique_name(
        self, base: str, start: int | None = None, skip_conn: Conn | None = None
    ) -> str:
        """``base`` if free, else ``base 2``, ``base 3``... (``start``: always numbered)."""
        k = start
        while True:
            name = base if k is None else f"{base} {k}"
            if not self._name_in_use(name, skip_conn=skip_conn):
                return name
            k = 2 if k is None else k + 1

    def _going(self) -> frozenset[int]:
        """The seats a change before the next game drops (left during the last game)."""
        return frozenset(i for i, s in enumerate(self.seats) if s.vacant)

    def may_arrange(self, conn: Conn) -> bool:
        """Who may add or remove bots and start: a seated person; when no person sits at the
        table (nobody, or bots only), anyone in the room."""
        return conn.seat is not None or not any(s.human for s in self.seats if not s.vacant)

    def find_seat_by_name(self, arg: str, usage: str) -> int:
        """The seat ``arg`` names: a seat name (compared as :func:`name_key`) or else a seat
        number (full-width digits too)."""
        if not arg.strip():
            raise CommandError("parse_error", f"Say whom: {usage}")
        key = name_key(arg)
        for i, s in enumerate(self.seats):
            if name_key(s.name) == key:
                return i
        if key.isascii() and key.isdigit() and 1 <= int(key) <= len(self.seats):
            return int(key) - 1
        raise CommandError("no_such_seat", f"Nobody called {arg} sits here; /who lists the seats.")

    def _set_conn_seat(self, conns: list[Conn], seat: int | None, token: str | None) -> None:
        for c in conns:
            c.seat = seat
            c.send(
                Welcome(room=self.name, you=self.you(c, token), version=self.version)
                .model_dump_json()
            )

    async def join(self, conn: Conn, say_id: Any, raw_name: str | None) -> None:
        if conn.seat is not None:
            raise CommandError(
                "already_seated", f"You already sit in seat {conn.seat + 1}; /leave first."
            )
        name = check_name(raw_name if raw_name is not None else conn.name,
                          self.settings.name_max_len)
        free = [i for i, s in enumerate(self.seats) if s.vacant]
        # in a game the joiner takes over the first seat a leaver's bot plays; before one,
        # every such seat goes
        going = frozenset(free[:1]) if self.running else self._going()
        if self._name_in_use(name, skip_conn=conn, skip_seats=going):
            raise CommandError(
                "name_taken", f"{name} is already used in this room; pick another name."
            )
        token = secrets.token_urlsafe(32)
        renumber: Callable[[], None] | None = None
        if self.running:
            if not free:
                raise CommandError(
                    "game_running", "A game is running and every seat is taken; you can watch."
                )
            seat = free[0]
            assert self.game is not None
            self.game.rename_seat(seat, name)
            self.seats[seat] = Seat(
                name=name, token_hash=hash_token(token), since=self.version + 1
            )
            text = f"{name} takes over seat {seat + 1} from the bot."
        else:
            lo, hi = self.player_range()
            live, renumber = self.between_games()
            if len(live) >= hi:
                raise CommandError("room_full", f"All {hi} seats are taken; you can watch.")
            self.settle(live)
            self.seats.append(Seat(name=name, token_hash=hash_token(token), since=self.version + 1))
            seat = len(self.seats) - 1
            text = f"{name} joins in seat {seat + 1}."

        def seated() -> None:
            if renumber is not None:
                renumber()
            conn.name = name
            self._set_conn_seat([conn], seat, token)

        await self.commit((seat, "/join"), [self.room_entry(text)], seated)
        self.reply(conn, say_id, message=f"You sit in seat {seat + 1}.")

    def drop_finished_game(self) -> None:
        """Seats change after a game: its final view no longer matches; keep the result."""
        if self.game is not None and self.game.over:
            self.game = None

    def between_games(self) -> tuple[list[Seat], Callable[[], None]]:
        """The seats of the next game (the seats left during the last one go away; numbers
        close up) and the renumbering of the connections, to run once that change is stored.
        Changes nothing; :meth:`settle` makes it so."""
        old = self.seats
        live = [s for s in old if not s.vacant]
        where = {id(s): i for i, s in enumerate(live)}
        mapping = {i: where.get(id(s)) for i, s in enumerate(old)}

        def renumber() -> None:
            for c in self.conns:
                if c.seat is not None:
                    c.seat = mapping.get(c.seat)

        return live, renumber

    def settle(self, live: list[Seat]) -> None:
        """Between games: drop the finished game's view, keep ``live``; a seat handed to a
        bot during the last game is its person's again."""
        self.drop_finished_game()
        for s in live:
            if s.human and s.bot is not None:
                s.stop_bot()
        self.seats = live

    async def leave(self, conn: Conn, say_id: Any) -> None:
        if conn.seat is None:
            raise CommandError("not_seated", "You have no seat to leave.")
        seat = conn.seat
        name = self.seats[seat].name
        tabs = [c for c in self.conns if c.seat == seat]
        running = self.running
        renumber: Callable[[], None] | None = None
        if running:
            assert self.game is not None
            bot_name = self._unique_name(f"{name} (bot)")
            self.game.rename_seat(seat, bot_name)
            self.seats[seat] = Seat(
                name=bot_name, token_hash=None, vacant=True, bot=DEFAULT_POLICY,
                since=self.version + 1,
            )
            text = (
                f"{name} left seat {seat + 1}; a bot plays it now as {bot_name}; "
                "/join takes it over."
            )
        else:
            live, renumber = self.between_games()
            me = self.seats[seat]
            self.settle(live)
            seat = self.seats.index(me)
            del self.seats[seat]
            text = f"{name} left."

        def unseated() -> None:
            for c in tabs:
                c.name = name
            self._set_conn_seat(tabs, None, None)
            if renumber is not None:
                renumber()
                for c in self.conns:
                    if c.seat is not None and c.seat > seat:
                        c.seat -= 1

        await self.commit((seat, "/leave"), [self.room_entry(text)], unseated)
        self.reply(conn, say_id, message="You left your seat.")

    async def start(self, conn: Conn, say_id: Any) -> None:
        if not self.may_arrange(conn) or not self.seats:
            raise CommandError("not_seated", "Only a seated player can start; /join first.")
        if self.running:
            raise CommandError("game_running", "A game is already running.")
        lo, hi = self.player_range()
        live, renumber = self.between_games()
        if not lo <= len(live) <= hi:
            raise CommandError(
                "bad_player_count",
                f"{self.preset} needs {lo}-{hi} players; {len(live)} seated.",
            )
        seed = self.settings.game_seed
        if seed is None:
            seed = secrets.randbits(63)
        else:
            seed += self.game_no
        game = Game.new(
            self.preset,
            [s.name for s in live],
            seed,
            {"hidden_money": self.hidden_money},
        )
        starter = None if conn.seat is None else live.index(self.seats[conn.seat])
        self.settle(live)
        self.game = game
        self.game_no += 1
        for s in self.seats:  # every bot starts the game with a fresh memory
            s.policy = s.rng = None
        names = ", ".join(s.name for s in live)
        entries = [self.room_entry(f"Game {self.game_no} begins ({self.preset}): {names}.")]
        await self.commit((starter, "/start"), entries, renumber)
        self.reply(conn, say_id, message="The game begins.")

    # ------------------------------------------------------------ bot seats

    async def add_bot(
        self, conn: Conn, say_id: Any, raw_name: str | None, policy: str | None
    ) -> None:
        if not self.may_arrange(conn):
            raise CommandError(
                "not_seated", "Only a seated player can add bots; /join first."
            )
        if self.running:
            raise CommandError(
                "game_running", "Bots take seats before the start; this game is running."
            )
        choices = policy_names()
        if policy is None and raw_name is not None and raw_name.casefold() in choices:
            raw_name, policy = None, raw_name  # /addbot random: a random bot
        policy = (policy or DEFAULT_POLICY).casefold()
        if policy not in choices:
            raise CommandError(
                "unknown_policy",
                f"There is no bot policy {policy!r}; choose one of: {', '.join(choices)}.",
            )
        if raw_name is None:
            name = self._unique_name("Bot", start=1)
        else:
            name = check_name(raw_name, self.settings.name_max_len)
            if self._name_in_use(name, skip_seats=self._going()):
                raise CommandError(
                    "name_taken", f"{name} is already used in this room; pick another name."
                )
        lo, hi = self.player_range()
        live, renumber = self.between_games()
        if len(live) >= hi:
            raise CommandError("room_full", f"All {hi} seats are taken.")
        self.settle(live)
        self.seats.append(Seat(name=name, token_hash=None, bot=policy, since=self.version + 1))
        seat = len(self.seats) - 1
        who = self.seats[conn.seat].name if conn.seat is not None else conn.name
        await self.commit(
            (conn.seat, f"/addbot {name} {policy}"),
            [self.room_entry(f"{who} seats a {policy} bot, {name}, in seat {seat + 1}.")],
            renumber,
        )
        self.reply(conn, say_id, message=f"{name} ({policy} bot) sits in seat {seat + 1}.")

    async def remove_bot(self, conn: Conn, say_id: Any, arg: str) -> None:
        if not self.may_arrange(conn):
            raise CommandError("not_seated", "Only a seated player can remove bots.")
        if self.running:
            raise CommandError(
                "game_running", "A bot leaves only between games; this game is running."
            )
        seat = self.find_seat_by_name(arg, "/removebot NAME|N")
        target = self.seats[seat]
        if target.bot is None or target.human:
            raise CommandError("not_a_bot", f"{target.name} is not a bot.")
        live, renumber = self.between_games()
        gone = live.index(target) if target in live else None  # None: left in the last game
        self.settle(live)
        if gone is not None:
            del self.seats[gone]

        def renumbered() -> None:
            renumber()
            for c in self.conns:
                if c.seat is not None and gone is not None and c.seat > gone:
                    c.seat -= 1

        await self.commit(
            (conn.seat, f"/removebot {target.name}"),
            [self.room_entry(f"{target.name} (bot) left seat {seat + 1}.")],
            renumbered,
        )
        self.reply(conn, say_id, message=f"{target.name} left the table.")

    async def hand_over(self, conn: Conn, say_id: Any, arg: str) -> None:
        if conn.seat is None:
            raise CommandError("not_seated", "Only a seated player can hand a seat to a bot.")
        if not self.running:
            raise CommandError("no_game", "No game is running; a seat is handed over in a game.")
        seat = self.find_seat_by_name(arg, "/handover NAME|N")
        target = self.seats[seat]
        if seat == conn.seat:
            raise CommandError("not_away", "That is your own seat; /leave gives it to a bot.")
        if not target.human:
            raise CommandError("not_away", f"A bot plays {target.name} already.")
        if target.bot is not None:
            raise CommandError("not_away", f"A bot plays for {target.name} already.")
        if self.connected(seat) or target.away_mono is None:
            raise CommandError("not_away", f"{target.name} is here (connected).")
        away = time.monotonic() - target.away_mono
        limit = self.settings.away_seconds
        if away < limit:
            raise CommandError(
                "not_away",
                f"{target.name} has been away for {away:.0f} s; a bot may take over after "
                f"{limit:g} s.",
            )
        target.bot = DEFAULT_POLICY
        target.policy = target.rng = None
        target.long_away = False
        target.idle = False
        me = self.seats[conn.seat].name
        await self.commit(
            (conn.seat, f"/handover {target.name}"),
            [
                self.room_entry(
                    f"{me} hands {target.name}'s seat to a bot until {target.name} is back."
                )
            ],
        )
        self.reply(conn, say_id, message=f"A bot plays for {target.name} until they are back.")

    # ------------------------------------------------------------ bots at play

    def hurry_after(self) -> float:
        h = self.settings.bot_hurry_after
        return 3 * self.settings.bot_delay if h is None else h

    def plan_bots(self, delay: float | None = None) -> None:
        """After a change: drop the planned bot step, plan a fresh one ``delay`` (default
        ``bot_delay``) seconds from now when a bot plays in a running game."""
        task = self.bot_task
        if task is None and not any(s.bot is not None for s in self.seats):
            return  # no bot here: nothing to drop, nothing to plan
        self.bot_task = None
        try:
            current = asyncio.current_task()
        except RuntimeError:  # no event loop (start-up code): Hub.start plans
            return
        if task is not None and task is not current and not task.done():
            task.cancel()
        if not self.running or not any(s.bot is not None for s in self.seats):
            return
        wait = self.settings.bot_delay if delay is None else max(0.0, delay)
        self.bot_task = asyncio.get_running_loop().create_task(self._bot_later(wait))

    def stop_bots(self) -> asyncio.Task[None] | None:
        task, self.bot_task = self.bot_task, None
        if task is not None and not task.done():
            task.cancel()
        return task

    async def _bot_later(self, delay: float) -> None:
        await asyncio.sleep(delay)
        async with self.lock:
            if self.bot_task is not asyncio.current_task():
                return  # superseded by a newer plan
            self.bot_task = None
            try:
                await self.bot_step()
            except Exception:  # pragma: no cover - a broken bot must not stop the room
                log.exception("room %s: bot step failed", self.name)

    def seat_rng(self, seat: int) -> random.Random:
        s = self.seats[seat]
        if s.rng is None:
            seed = self.settings.game_seed
            s.rng = (
                random.Random(f"bohnanza-room:{seed}:{self.name}:{self.game_no}:{seat}")
                if seed is not None
                else random.Random(secrets.randbits(64))
            )
        return s.rng

    def bot_decide(self, seat: int, view: dict[str, Any], hurry: bool) -> str | None:
        s = self.seats[seat]
        if s.policy is None:
            try:
                s.policy = get_policy(s.bot or DEFAULT_POLICY)
            except KeyError:  # a policy stored by an older version: play on with the default
                s.policy = get_policy(DEFAULT_POLICY)
        try:
            return s.policy.decide(view, self.seat_rng(seat), hurry=hurry)
        except Exception:
            log.exception("room %s: the bot in seat %d failed to decide", self.name, seat + 1)
            return None

    def people_may_answer(self, view: dict[str, Any]) -> bool:
        """Phase 2 and a connected person at the table has not passed, or owes cards of the
        pending deal: a bot that must act gives them ``bot_trade_patience`` before it hurries."""
        if view["phase"] != "trade":
            return False
        deal = view.get("deal") or {}
        provided = deal.get("provided") or {}
        for i, s in enumerate(self.seats):
            if s.bot is not None or not self.connected(i) or i >= len(view["seats"]):
                continue
            if not view["seats"][i]["passed"] or provided.get(str(i)) is False:
                return True
        return False

    async def bot_step(self) -> None:
        """Ask the bot seats (the active player last); send the first command one gives.

        Its commit plans the next step. When no bot acts but one must, the step comes back
        at the hurry moment; a hurried bot that still does not act (or is refused) plays that
        move with the ``random`` policy, which always has a legal command for a seat that must
        act, so a room of bots always reaches the end of its game.
        """
        game = self.game
        self.storage_failed = False
        if game is None or game.over:
            return
        key = (self.game_no, game.turn)
        if key != self.bot_turn:
            self.bot_turn, self.bot_turn_count = key, 0
        cap = self.settings.bot_turn_cap
        if self.bot_turn_count >= 2 * cap:
            return  # paused (see bot_say); a person's command wakes them
        waited = time.monotonic() - self.last_change
        patience = self.hurry_after()
        if self.people_may_answer(game.view(None)):
            patience = max(patience, self.settings.bot_trade_patience)
        due = waited >= patience
        over = self.bot_turn_count >= cap
        n = game.n_seats
        stuck: list[int] = []
        for seat in ask_order(game.active, n):
            if seat >= len(self.seats) or self.seats[seat].bot is None:
                continue
            view = game.view(seat)
            must = bool(view["you"] is not None and view["you"]["must_act"])
            if over and not must:
                continue
            text = self.bot_decide(seat, view, must and (due or over))
            if text is not None and await self.bot_say(seat, text):
                return
            if self.storage_failed:
                return  # planned again (bot_say)
            if must:
                stuck.append(seat)
        if not stuck:
            return  # nothing to do until the next change
        if not (due or over):
            self.plan_bots(patience - waited)
            return
        for seat in stuck:
            text = get_policy("random").decide(game.view(seat), self.seat_rng(seat), hurry=True)
            if text is not None and await self.bot_say(seat, text):
                return
            if self.storage_failed:
                return
        log.warning("room %s: no bot command for seats %s", self.name, stuck)

    async def bot_say(self, seat: int, text: str) -> bool:
        """Send ``text`` for the bot in ``seat`` along a person's path; True when it changed
        the room (stored, broadcast, next step planned). When it could not be stored, the
        step is planned again ``bot_hurry_after`` later (``storage_failed``)."""
        actor = BotActor(seat, self.seats[seat].name)
        before = self.version
        self.storage_failed = False
        try:
            await self._say(actor, None, text)
        except Refusal as e:
            actor.reply = {"ok": False, "code": e.code, "message": e.message}
        except Exception:
            log.exception("room %s: bot command %r failed", self.name, text)
            return False
        reply = actor.reply or {}
        if reply.get("code") == "storage_error":
            self.storage_failed = True
            self.plan_bots(max(1.0, self.hurry_after()))
            return False
        if not reply.get("ok") or self.version == before:
            self.bot_refusals += 1
            log.warning(
                "room %s: bot in seat %d refused %r: %s %s",
                self.name, seat + 1, text, reply.get("code"), reply.get("message"),
            )
            return False
        self.bot_turn_count += 1
        if self.bot_turn_count == 2 * self.settings.bot_turn_cap:
            log.warning("room %s: bots paused after %d commands in one turn",
                        self.name, self.bot_turn_count)
            with contextlib.suppress(CommandError):  # not stored: they pause all the same
                await self.commit(None, [self.room_entry(
                    "The bots pause: too many bot commands this turn. Any command wakes them."
                )])
        if self.game is not None and self.game.over and not self.conns:
            self.hub.later(self.hub.maybe_drop(self))  # a finished game nobody watches
        return True

    def wake_bots(self) -> None:
        """A person spoke: paused bots play on (hurried)."""
        if self.bot_turn_count >= 2 * self.settings.bot_turn_cap:
            self.bot_turn_count = self.settings.bot_turn_cap
            self.plan_bots()

    async def set_option(self, conn: Conn, say_id: Any, key: str, value: str | None) -> None:
        if not self.may_arrange(conn):
            raise CommandError("not_seated", "Only a seated player can change options.")
        if self.running:
            raise CommandError("game_running", "Options can change only before a game starts.")
        if key == "hiddenmoney":
            if value not in (None, "on", "off"):
                raise CommandError("bad_option", "Say /option hiddenmoney on or off.")
            self.hidden_money = value != "off"
            text = f"hiddenmoney is {'on' if self.hidden_money else 'off'}."
        elif key == "rules":
            if value not in PRESETS:
                raise CommandError(
                    "unknown_preset", f"Say /option rules {' or '.join(PRESETS)}."
                )
            self.preset = value
            lo, hi = self.player_range()
            text = f"Rules: {value} ({lo}-{hi} players)."
        else:
            raise CommandError("bad_option", "Options: hiddenmoney, rules.")
        name = self.seats[conn.seat].name if conn.seat is not None else conn.name
        await self.commit((conn.seat, f"/option {key} {value or ''}".strip()),
                    [self.room_entry(f"{name}: {text}")])
        self.reply(conn, say_id, message=text)


class Hub:
    """Every room of this process, the store, the database thread, and the idle-mark clock."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store: Store
        self.rooms: dict[str, Room] = {}
        self.rooms_lock = asyncio.Lock()
        self._idle_task: asyncio.Task[None] | None = None
        self._background: set[asyncio.Task[Any]] = set()
        # SQLite calls that may wait run here, one at a time, in the order asked for
        self._db_thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bohnanza-db")
        self._queued = 0  # calls handed to the database thread that have not ended yet
        # a commit that does not wait for the disk runs inline (see db())
        self.inline = settings.sqlite_synchronous in ("OFF", "NORMAL")
        self._checkpointer: Checkpointer | None = None
        self.reader: Store

    async def db(self, fn: Callable[..., T], /, *args: Any, **kw: Any) -> T:
        """Run ``fn(*args, **kw)`` (a Store call) in the order asked for.

        With ``synchronous`` OFF or NORMAL a commit only writes to the write-ahead log (tens
        of microseconds, no ``fsync``): such a call runs inline on the event loop, not waiting
        for locks, unless calls handed to the database thread have not ended yet. A call that
        would wait (a lock another connection holds: ``SQLITE_BUSY``; ``synchronous`` FULL)
        runs on the database thread, where it waits up to ``sqlite_busy_timeout`` while the
        event loop (the other rooms) goes on; the calls after it follow it there until it
        ends. Errors come back as :class:`StorageFailure`."""
        if self.inline and not self._queued:
            failure: StorageFailure | None = None
            busy = False
            try:
                return fn(*args, **kw)
            except sqlite3.OperationalError as e:
                busy = _busy(e)
                if not busy:
                    failure = StorageFailure(f"{type(e).__name__}: {e}")
            except Exception as e:
                failure = StorageFailure(f"{type(e).__name__}: {e}")
            if failure is not None:
                raise failure
            # locked: wait for it on the database thread (nothing was written)
        return await asyncio.wrap_future(self._submit(fn, args, kw))

    def _submit(
        self, fn: Callable[..., T], args: tuple[Any, ...], kw: dict[str, Any]
    ) -> Future[T]:
        """Hand a call to the database thread (counted until it ends)."""
        loop = asyncio.get_running_loop()
        future = self._db_thread.submit(self._waiting_call, fn, args, kw)
        self._queued += 1

        def ended(_: Future[T]) -> None:
            with contextlib.suppress(RuntimeError):  # the loop is closed: nobody counts
                loop.call_soon_threadsafe(self._unqueue)

        future.add_done_callback(ended)
        return future

    def _unqueue(self) -> None:
        self._queued -= 1

    def _waiting_call(self, fn: Callable[..., T], args: tuple[Any, ...], kw: dict[str, Any]) -> T:
        """On the database thread: ``fn`` waits up to the busy timeout for locks."""
        with contextlib.suppress(Exception):
            self.store.wait_for_locks(True)
        try:
            return _on_db_thread(fn, args, kw)
        finally:
            if self.inline:  # the inline calls never wait
                with contextlib.suppress(Exception):
                    self.store.wait_for_locks(False)

    async def read(self, fn: Callable[..., T], /, *args: Any, **kw: Any) -> T:
        """Run a read of ``self.reader`` (inline; through :meth:`db` when the reader is the
        writing connection, an in-memory database)."""
        if self.reader is self.store:
            return await self.db(fn, *args, **kw)
        return fn(*args, **kw)

    def db_later(self, fn: Callable[[], Any]) -> None:
        """Run ``fn()`` without waiting for it (best effort: a failure is logged), after every
        call asked for before it: inline when :meth:`db` would, else on the database thread."""

        def done(f: Future[Any]) -> None:
            e = f.exception()
            if e is not None:
                log.info("background write failed: %s", e)

        if self.inline and not self._queued:
            try:
                fn()
                return
            except sqlite3.OperationalError as e:
                if not _busy(e):
                    log.info("background write failed: %s", e)
                    return
            except Exception as e:
                log.info("background write failed: %s", e)
                return
        try:
            self._submit(fn, (), {}).add_done_callback(done)
        except RuntimeError:  # shutting down
            pass

    def later(self, coro: Any) -> None:
        """Run ``coro`` as a task of its own (kept until it ends)."""
        task = asyncio.get_running_loop().create_task(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    def open(self) -> None:
        """Load every stored room (before serving; a room that cannot be read is skipped with
        a warning, see :meth:`Store.load_all`)."""
        self.store = Store(
            self.settings.db,
            self.settings.sqlite_synchronous,
            self.settings.sqlite_busy_timeout,
            autocheckpoint=not self.inline,
        )
        memory = str(self.settings.db) == ":memory:"
        # reads (the log and chat a connection gets again) on a connection of their own, on
        # the event loop: they never wait for a writer (WAL) and need no place in the order
        self.reader = self.store if memory else Store(
            self.settings.db, self.settings.sqlite_synchronous, self.settings.sqlite_busy_timeout
        )
        if self.reader is not self.store:
            self.reader.db.execute("PRAGMA cache_size=-256")  # KiB: a few rows per replay
        for stored in self.store.load_all(0, 0):
            if not stored.seats and stored.game is None:
                self._forget(stored.name)  # nobody sits there
                continue
            room = Room(stored.name, self)
            try:
                room.restore(stored)
            except Exception as e:
                log.warning("room %r cannot be loaded (%s: %s); skipped", stored.name,
                            type(e).__name__, e)
                continue
            if not room.running and not any(s.human for s in room.seats):
                self._forget(stored.name)  # bots only, no game to finish
                continue
            self.rooms[room.name] = room
        log.info("loaded %d rooms from %s", len(self.rooms), self.settings.db)
        if self.inline:
            self.store.wait_for_locks(False)  # the inline writes; see db()

    def _forget(self, name: str) -> None:
        """Delete a stored room at start-up; a database that will not let us is no reason not
        to start (the room is simply not loaded)."""
        try:
            self.store.delete_room(name)
        except Exception as e:
            log.warning("room %r could not be deleted (%s: %s)", name, type(e).__name__, e)

    async def start(self) -> None:
        self.open()
        if self.inline and str(self.settings.db) != ":memory:":
            loop = asyncio.get_running_loop()

            def long_log() -> None:  # on the checkpoint thread
                with contextlib.suppress(RuntimeError):  # the loop is closed
                    loop.call_soon_threadsafe(self._restart_log)

            self._checkpointer = Checkpointer(
                self.settings.db,
                long_log,
                self.settings.sqlite_synchronous,
            )
            self._checkpointer.start()
        for room in self.rooms.values():
            room.plan_bots()  # the bots of running games play on after a restart
        self._idle_task = asyncio.create_task(self._idle_loop())

    async def stop(self) -> None:
        tasks = [t for t in (room.stop_bots() for room in self.rooms.values()) if t is not None]
        tasks += list(self._background)
        if self._idle_task is not None:
            self._idle_task.cancel()
            tasks.append(self._idle_task)
        for t in tasks:
            t.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t
        if self._checkpointer is not None:
            await asyncio.get_running_loop().run_in_executor(None, self._checkpointer.stop)
        # the writes already asked for end first (each waits at most the busy timeout)
        if self.reader is not self.store:
            self.reader.close()
        self._db_thread.submit(self.store.close)
        self._db_thread.shutdown(wait=True)

    def _restart_log(self) -> None:
        """The write-ahead log has grown past ``Checkpointer.restart_frames`` (writes never
        paused long enough for a checkpoint to catch up): copy the rest and start it over on
        the database thread, between two writes (the writes meanwhile wait there)."""
        with contextlib.suppress(RuntimeError):  # shutting down
            self._submit(self.store.checkpoint, ("TRUNCATE",), {})

    async def _idle_loop(self) -> None:
        while True:
            await asyncio.sleep(self.settings.idle_check_interval)
            now = time.monotonic()
            for room in list(self.rooms.values()):
                try:
                    await room.check_idle(now)
                except Exception:  # pragma: no cover - keep the clock alive
                    log.exception("idle check failed in room %s", room.name)

    async def room_for(self, name: str, conn: Conn) -> Room | None:
        """The room, created on first use; None (and the connection told why) past the limits."""
        async with self.rooms_lock:
            room = self.rooms.get(name)
            if room is None:
                if len(self.rooms) >= self.settings.max_rooms:
                    conn.send(
                        Error(
                            code="too_many_rooms",
                            message="This server holds as many rooms as it may; join one.",
                        ).model_dump_json()
                    )
                    conn.close(CLOSE_TRY_LATER, "too many rooms")
                    return None
                room = Room(name, self)
                self.rooms[name] = room
            if len(room.conns) >= self.settings.max_connections_per_room:
                conn.send(
                    Error(code="room_crowded", message="This room has too many connections.")
                    .model_dump_json()
                )
                conn.close(CLOSE_TRY_LATER, "room crowded")
                return None
            room.pending += 1
            return room

    async def maybe_drop(self, room: Room) -> None:
        """Forget a room nobody uses: no connection, no seat, no game."""
        async with self.rooms_lock:
            if room.conns or room.pending or room.running or any(s.human for s in room.seats):
                return
            if room.lock.locked():
                return  # a change is under way; whoever holds the lock asks again
            room.stop_bots()
            if self.rooms.get(room.name) is room:
                del self.rooms[room.name]
                if room.persisted:
                    # queued after the room's own writes; a new room of that name comes after
                    self.db_later(functools.partial(self.store.delete_room, room.name))

    def listing(self) -> list[dict[str, Any]]:
        out = []
        for room in self.rooms.values():
            lo, hi = room.player_range()
            out.append(
                {
                    "room": room.name,
                    "seats": [s.name for s in room.seats if not s.vacant],
                    "bots": sum(1 for s in room.seats if s.bot is not None and not s.human),
                    "running": room.running,
                    "spectators": room.spectators(),
                    "preset": room.preset,
                    "max_players": hi,
                    "hidden_money": room.hidden_money,
                }
            )
        return out
