"""Rooms: seats with hashed tokens, options, the game, the version, the connections.

One writer per room: every change happens under the room's ``asyncio.Lock``, one at a time,
in arrival order. Each accepted change is committed to SQLite before anything about it is
sent; then the log and a fresh ``state`` go to every connection (each built for that
connection's seat), and last the ``reply`` to the sender.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import re
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bohnanza import commands as cmds
from bohnanza.engine import PLAYER_RANGE, Event, Game, RuleError

from .conn import Conn
from .protocol import (
    CLOSE_TRY_LATER,
    Chat,
    Error,
    Log,
    Reply,
    RoomInfo,
    RoomOptions,
    SeatInfo,
    State,
    Welcome,
    You,
)
from .settings import Settings
from .store import Store

log = logging.getLogger("bohnanza.server")

ROOM_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]*$")


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def valid_room_name(name: str, max_len: int) -> bool:
    return 0 < len(name) <= max_len and ROOM_NAME.match(name) is not None


class CommandError(Exception):
    """A refused room command: ``code`` and plain-words ``message`` go back in the reply."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


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


@dataclass
class Seat:
    name: str
    token_hash: str | None
    vacant: bool = False
    last_input: float = field(default_factory=time.monotonic)
    idle: bool = False

    def stored(self) -> dict[str, Any]:
        return {"name": self.name, "token_hash": self.token_hash, "vacant": self.vacant}


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
        self.chat: deque[Chat] = deque(maxlen=self.settings.chat_history)
        self.log: deque[dict[str, Any]] = deque(maxlen=max(1, self.settings.log_history))
        self.persisted = False
        self.pending = 0  # connections on their way in (see Hub.room_for)

    # ------------------------------------------------------------ state

    @property
    def running(self) -> bool:
        return self.game is not None and not self.game.over

    def player_range(self) -> tuple[int, int]:
        return PLAYER_RANGE.get(self.preset, (3, 5))

    def connected(self, seat: int) -> bool:
        return any(c.seat == seat for c in self.conns)

    def spectators(self) -> int:
        return sum(1 for c in self.conns if c.seat is None)

    def you(self, conn: Conn, token: str | None = None) -> You:
        if conn.seat is None:
            return You(name=conn.name, seat=None, token=None)
        return You(name=self.seats[conn.seat].name, seat=conn.seat, token=token)

    def room_info(self, conn: Conn) -> RoomInfo:
        lo, hi = self.player_range()
        return RoomInfo(
            name=self.name,
            seats=[
                SeatInfo(
                    seat=i,
                    name=s.name,
                    connected=self.connected(i),
                    idle=s.idle,
                    vacant=s.vacant,
                )
                for i, s in enumerate(self.seats)
            ],
            options=RoomOptions(hidden_money=self.hidden_money, preset=self.preset),
            running=self.running,
            over=self.game is not None and self.game.over,
            game_no=self.game_no,
            spectators=self.spectators(),
            min_players=lo,
            max_players=hi,
            you=self.you(conn),
        )

    def state_for(self, conn: Conn, views: dict[int | None, dict[str, Any] | None]) -> str:
        if conn.seat not in views:
            views[conn.seat] = self.game.view(conn.seat) if self.game is not None else None
        return State(
            version=self.version, view=views[conn.seat], room=self.room_info(conn)
        ).model_dump_json()

    def broadcast_state(self) -> None:
        views: dict[int | None, dict[str, Any] | None] = {}
        for c in list(self.conns):
            c.send(self.state_for(c, views))

    @staticmethod
    def entry_for(entry: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
        if "all" in entry:
            all_entry: dict[str, Any] = entry["all"]
            return all_entry
        per: dict[str, dict[str, Any]] = entry.get("per", {})
        return per.get(str(-1 if seat is None else seat), per.get("-1"))

    def send_log(self, entries: list[dict[str, Any]], only: Conn | None = None) -> None:
        if not entries:
            return
        targets = [only] if only is not None else list(self.conns)
        cache: dict[int | None, str] = {}
        for c in targets:
            if c.seat not in cache:
                lines = [e for e in (self.entry_for(x, c.seat) for x in entries) if e]
                cache[c.seat] = Log(
                    version=self.version, entries=lines, replay=only is not None
                ).model_dump_json()
            c.send(cache[c.seat])

    def room_entry(self, text: str, **extra: Any) -> dict[str, Any]:
        return {"all": {"kind": "room", "text": text, **extra}}

    def game_entries(self, events: list[Event]) -> list[dict[str, Any]]:
        assert self.game is not None
        viewers: list[int | None] = [None, *range(self.game.n_seats)]
        names = list(self.game.names)
        out: list[dict[str, Any]] = []
        for ev in events:
            out.append(
                {"per": {str(-1 if v is None else v): ev.for_viewer(v, names) for v in viewers}}
            )
        return out

    # ------------------------------------------------------------ persistence

    def persist(
        self, command: tuple[int | None, str] | None, entries: list[dict[str, Any]]
    ) -> None:
        self.hub.store.save(
            name=self.name,
            version=self.version,
            game_no=self.game_no,
            options={"hidden_money": self.hidden_money, "preset": self.preset},
            seats=[s.stored() for s in self.seats],
            game=self.game.to_position() if self.game is not None else None,
            last_result=self.last_result,
            command=command,
            log=entries,
        )
        self.persisted = True

    def restore(self, stored: Any) -> None:
        """Load from a StoredRoom (start-up, or after a failed write)."""
        self.version = stored.version
        self.game_no = stored.game_no
        self.hidden_money = bool(stored.options.get("hidden_money", False))
        self.preset = str(stored.options.get("preset", "classic"))
        old_idle = {i: s.idle for i, s in enumerate(self.seats)}
        self.seats = [
            Seat(name=s["name"], token_hash=s.get("token_hash"), vacant=bool(s.get("vacant")))
            for s in stored.seats
        ]
        for i, s in enumerate(self.seats):
            s.idle = old_idle.get(i, False)
        self.game = Game.from_position(stored.game) if stored.game is not None else None
        self.last_result = stored.last_result
        self.log.clear()
        self.log.extend(stored.log)
        self.chat.clear()
        self.chat.extend(Chat(**line) for line in stored.chat)
        self.persisted = True

    def commit(
        self,
        command: tuple[int | None, str] | None,
        entries: list[dict[str, Any]],
        stored: Callable[[], None] | None = None,
    ) -> None:
        """Bump the version and store; then ``stored()``; then the log and state to everyone.

        If the write fails, the room goes back to what the database holds and the command is
        refused with ``storage_error``.
        """
        self.version += 1
        try:
            self.persist(command, entries)
        except Exception:
            log.exception("room %s: write failed; reloading the stored state", self.name)
            self.version -= 1
            back = self.hub.store.load(
                self.name, self.settings.log_history, self.settings.chat_history
            )
            if back is not None:
                self.restore(back)
            raise CommandError(
                "storage_error", "The server could not store that; try again."
            ) from None
        if stored is not None:
            stored()
        self.log.extend(entries)
        self.send_log(entries)
        self.broadcast_state()

    def bump(self) -> None:
        """A change that is not a command (idle marks, connections): new version to everyone."""
        self.version += 1
        if self.persisted:
            with contextlib.suppress(Exception):
                self.hub.store.save_version(self.name, self.version)
        self.broadcast_state()

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
            if name is not None:
                with contextlib.suppress(CommandError):
                    conn.name = check_name(name, self.settings.name_max_len)
            conn.room = self.name
            seat = self.find_seat(token) if token else None
            if token and seat is None:
                conn.send(
                    Error(
                        code="bad_token",
                        message="That token holds no seat in this room; you are watching.",
                    ).model_dump_json()
                )
            was_connected = seat is not None and self.connected(seat)
            conn.seat = seat
            self.conns.append(conn)
            if seat is not None:
                self.seats[seat].last_input = time.monotonic()
            conn.send(
                Welcome(
                    room=self.name, you=self.you(conn, token), version=self.version
                ).model_dump_json()
            )
            history = list(self.log)
            if history:
                self.send_log(history, only=conn)
            for chat in self.chat:
                conn.send(chat.model_copy(update={"replay": True}).model_dump_json())
            self.pending -= 1
            if seat is None or not was_connected or self.seats[seat].idle:
                if seat is not None:
                    self.seats[seat].idle = False
                self.bump()  # everyone sees the seat back, or the spectator count
            else:
                conn.send(self.state_for(conn, {}))

    async def detach(self, conn: Conn) -> None:
        async with self.lock:
            if conn not in self.conns:
                return
            self.conns.remove(conn)
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

    async def check_idle(self, now: float) -> None:
        if not self.seats:
            return
        limit = self.settings.idle_seconds
        if not any((now - s.last_input >= limit) != s.idle for s in self.seats):
            return
        async with self.lock:
            changed = False
            for s in self.seats:
                idle = now - s.last_input >= limit
                if idle != s.idle:
                    s.idle = idle
                    changed = True
            if changed:
                self.bump()

    # ------------------------------------------------------------ say

    def reply(self, conn: Conn, say_id: Any, ok: bool = True, **kw: Any) -> None:
        conn.send(Reply(id=say_id, ok=ok, **kw).model_dump_json(exclude_none=True))

    async def say(self, conn: Conn, say_id: Any, text: str) -> None:
        async with self.lock:
            self.touch(conn)
            try:
                self._say(conn, say_id, text)
            except CommandError as e:
                self.reply(conn, say_id, False, code=e.code, message=e.message)
            except Exception:  # every say gets its reply, even when something is broken
                log.exception("room %s: failed on %r", self.name, text)
                self.reply(
                    conn, say_id, False, code="internal_error",
                    message="The server failed on that command.",
                )

    def _say(self, conn: Conn, say_id: Any, text: str) -> None:
        if len(text) > self.settings.chat_max_len:
            raise CommandError(
                "too_long", f"A line has at most {self.settings.chat_max_len} characters."
            )
        try:
            parsed = cmds.parse(text)
        except cmds.ParseError as e:
            self.reply(conn, say_id, False, code=e.code, message=e.message)
            return
        if isinstance(parsed, cmds.Chat):
            self.do_chat(conn, say_id, text)
        elif isinstance(parsed, cmds.GameCommand):
            self.do_game(conn, say_id, text, parsed.action)
        elif isinstance(parsed, cmds.RoomCommand):
            self.do_room(conn, say_id, parsed)
        else:  # pragma: no cover - the parser returns one of the three
            raise CommandError("parse_error", "Unknown command.")

    def do_chat(self, conn: Conn, say_id: Any, text: str) -> None:
        text = text.strip()
        if not text:
            raise CommandError("empty", "Nothing to say.")
        name = self.seats[conn.seat].name if conn.seat is not None else conn.name
        chat = Chat(name=name, seat=conn.seat, text=text, ts=time.time())
        if not self.persisted:
            self.persist(None, [])  # the room itself first
        try:
            self.hub.store.save_chat(self.name, chat.model_dump(exclude={"type", "replay"}))
        except Exception:
            log.exception("room %s: chat not stored", self.name)
            raise CommandError(
                "storage_error", "The server could not store that; try again."
            ) from None
        self.chat.append(chat)
        msg = chat.model_dump_json()
        for c in list(self.conns):
            c.send(msg)
        self.reply(conn, say_id)

    def do_game(self, conn: Conn, say_id: Any, text: str, action: Any) -> None:
        if conn.seat is None:
            raise CommandError("not_seated", "Only a seated player can do that; /join first.")
        if self.game is None:
            raise CommandError("no_game", "No game is running; /start begins one.")
        game = self.game
        was_over = game.over
        try:
            events = game.apply(conn.seat, action)
        except RuleError as e:
            self.reply(conn, say_id, False, code=e.code, message=e.message, rule=e.rule)
            return
        except Exception:
            log.exception("room %s: the engine failed on %r", self.name, text)
            stored = self.hub.store.load(
                self.name, self.settings.log_history, self.settings.chat_history
            )
            if stored is not None:
                self.restore(stored)
            raise CommandError("internal_error", "The server failed on that command.") from None
        entries = self.game_entries(list(events))
        if game.over and not was_over:
            self.last_result = {"names": list(game.names), **(game.result or {})}
            entries.append(self.room_entry("The game is over. /start plays again."))
        self.commit((conn.seat, text), entries)
        self.reply(conn, say_id)

    # ------------------------------------------------------------ room commands

    def do_room(self, conn: Conn, say_id: Any, command: Any) -> None:
        if isinstance(command, cmds.Join):
            self.join(conn, say_id, command.name)
        elif isinstance(command, cmds.Leave):
            self.leave(conn, say_id)
        elif isinstance(command, cmds.Start):
            self.start(conn, say_id)
        elif isinstance(command, cmds.OptionShow):
            self.reply(conn, say_id, message=self.options_text())
        elif isinstance(command, cmds.OptionSet):
            self.set_option(conn, say_id, command.key, command.value)
        elif isinstance(command, cmds.AddBot):
            raise CommandError("not_available", "Bots are not available yet.")
        elif isinstance(command, cmds.Help):
            try:
                text = cmds.help_text(command.topic)
            except Exception:
                raise CommandError(
                    "unknown_topic", f"No help for {command.topic!r}; try /help."
                ) from None
            self.reply(conn, say_id, message=text)
        elif isinstance(command, cmds.Who):
            self.reply(conn, say_id, message=self.who_text())
        else:
            raise CommandError("parse_error", "Unknown room command.")

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
                if s.vacant:
                    marks.append("free")
                elif not self.connected(i):
                    marks.append("away")
                elif s.idle:
                    marks.append("idle")
                if self.game is not None and self.running and self.game.active == i:
                    marks.append("active")
                parts.append(f"{i + 1}. {s.name}" + (f" ({', '.join(marks)})" if marks else ""))
        parts.append(f"spectators: {self.spectators()}")
        return "\n".join(parts)

    def _name_taken(self, name: str, skip: int | None = None) -> bool:
        key = name.casefold()
        return any(
            s.name.casefold() == key and i != skip and not s.vacant
            for i, s in enumerate(self.seats)
        )

    def _set_conn_seat(self, conns: list[Conn], seat: int | None, token: str | None) -> None:
        for c in conns:
            c.seat = seat
            c.send(
                Welcome(room=self.name, you=self.you(c, token), version=self.version)
                .model_dump_json()
            )

    def join(self, conn: Conn, say_id: Any, raw_name: str | None) -> None:
        if conn.seat is not None:
            raise CommandError(
                "already_seated", f"You already sit in seat {conn.seat + 1}; /leave first."
            )
        name = check_name(raw_name if raw_name is not None else conn.name,
                          self.settings.name_max_len)
        if self._name_taken(name):
            raise CommandError("name_taken", f"{name} is already seated here; pick another name.")
        token = secrets.token_urlsafe(32)
        if self.running:
            free = [i for i, s in enumerate(self.seats) if s.vacant]
            if not free:
                raise CommandError(
                    "game_running", "A game is running and every seat is taken; you can watch."
                )
            seat = free[0]
            assert self.game is not None
            self.game.rename_seat(seat, name)
            self.seats[seat] = Seat(name=name, token_hash=hash_token(token))
            text = f"{name} takes over seat {seat + 1}."
        else:
            lo, hi = self.player_range()
            self.drop_finished_game()
            live = [s for s in self.seats if not s.vacant]
            if len(live) >= hi:
                raise CommandError("room_full", f"All {hi} seats are taken; you can watch.")
            self.seats = live
            self.seats.append(Seat(name=name, token_hash=hash_token(token)))
            seat = len(self.seats) - 1
            text = f"{name} joins in seat {seat + 1}."

        def seated() -> None:
            conn.name = name
            self._set_conn_seat([conn], seat, token)

        self.commit((seat, "/join"), [self.room_entry(text)], seated)
        self.reply(conn, say_id, message=f"You sit in seat {seat + 1}.")

    def drop_finished_game(self) -> None:
        """Seats change after a game: its final view no longer matches; keep the result."""
        if self.game is not None and self.game.over:
            self.game = None

    def leave(self, conn: Conn, say_id: Any) -> None:
        if conn.seat is None:
            raise CommandError("not_seated", "You have no seat to leave.")
        seat = conn.seat
        name = self.seats[seat].name
        tabs = [c for c in self.conns if c.seat == seat]
        running = self.running
        if running:
            self.seats[seat] = Seat(name=name, token_hash=None, vacant=True)
            text = f"{name} left seat {seat + 1}; /join takes it over."
        else:
            self.drop_finished_game()
            del self.seats[seat]
            text = f"{name} left."

        def unseated() -> None:
            for c in tabs:
                c.name = name
            self._set_conn_seat(tabs, None, None)
            if not running:
                for c in self.conns:
                    if c.seat is not None and c.seat > seat:
                        c.seat -= 1

        self.commit((seat, "/leave"), [self.room_entry(text)], unseated)
        self.reply(conn, say_id, message="You left your seat.")

    def start(self, conn: Conn, say_id: Any) -> None:
        if conn.seat is None:
            raise CommandError("not_seated", "Only a seated player can start; /join first.")
        if self.running:
            raise CommandError("game_running", "A game is already running.")
        lo, hi = self.player_range()
        live = [s for s in self.seats if not s.vacant]
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
        try:
            game = Game.new(
                self.preset,
                [s.name for s in live],
                seed,
                {"hidden_money": self.hidden_money},
            )
        except RuleError as e:
            raise CommandError(e.code, e.message) from None
        old = self.seats
        mapping = {id(s): i for i, s in enumerate(live)}
        self.seats = live  # vacant seats of the last game go away; seat numbers close up
        self.game = game
        self.game_no += 1
        names = ", ".join(s.name for s in live)
        entries = [self.room_entry(f"Game {self.game_no} begins ({self.preset}): {names}.")]
        starter = mapping.get(id(old[conn.seat]))

        def renumber() -> None:
            for c in self.conns:
                if c.seat is not None:
                    c.seat = mapping.get(id(old[c.seat]))

        self.commit((starter, "/start"), entries, renumber)
        self.reply(conn, say_id, message="The game begins.")

    def set_option(self, conn: Conn, say_id: Any, key: str, value: str | None) -> None:
        if conn.seat is None:
            raise CommandError("not_seated", "Only a seated player can change options.")
        if self.running:
            raise CommandError("game_running", "Options can change only before a game starts.")
        if key == "hiddenmoney":
            if value not in (None, "on", "off"):
                raise CommandError("bad_option", "Say /option hiddenmoney on or off.")
            self.hidden_money = value != "off"
            text = f"hiddenmoney is {'on' if self.hidden_money else 'off'}."
        elif key == "rules":
            if value not in PLAYER_RANGE:
                raise CommandError(
                    "unknown_preset", "Say /option rules classic, rio-grande or amigo."
                )
            self.preset = value
            lo, hi = self.player_range()
            text = f"Rules: {value} ({lo}-{hi} players)."
        else:
            raise CommandError("bad_option", "Options: hiddenmoney, rules.")
        name = self.seats[conn.seat].name
        self.commit((conn.seat, f"/option {key} {value or ''}".strip()),
                    [self.room_entry(f"{name}: {text}")])
        self.reply(conn, say_id, message=text)


class Hub:
    """Every room of this process, the store, and the idle-mark clock."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store: Store
        self.rooms: dict[str, Room] = {}
        self.rooms_lock = asyncio.Lock()
        self._idle_task: asyncio.Task[None] | None = None

    def open(self) -> None:
        self.store = Store(self.settings.db, self.settings.sqlite_synchronous)
        for stored in self.store.load_all(self.settings.log_history, self.settings.chat_history):
            if not stored.seats and stored.game is None:
                self.store.delete_room(stored.name)  # nobody sits there: forget it
                continue
            room = Room(stored.name, self)
            try:
                room.restore(stored)
            except Exception:
                log.exception("room %s could not be loaded; skipped", stored.name)
                continue
            self.rooms[room.name] = room
        log.info("loaded %d rooms from %s", len(self.rooms), self.settings.db)

    async def start(self) -> None:
        self.open()
        self._idle_task = asyncio.create_task(self._idle_loop())

    async def stop(self) -> None:
        if self._idle_task is not None:
            self._idle_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._idle_task
        self.store.close()

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
            if room.conns or room.pending or room.seats or room.game is not None:
                return
            if self.rooms.get(room.name) is room:
                del self.rooms[room.name]
                if room.persisted:
                    with contextlib.suppress(Exception):
                        self.store.delete_room(room.name)

    def listing(self) -> list[dict[str, Any]]:
        out = []
        for room in self.rooms.values():
            lo, hi = room.player_range()
            out.append(
                {
                    "room": room.name,
                    "seats": [s.name for s in room.seats if not s.vacant],
                    "running": room.running,
                    "spectators": room.spectators(),
                    "preset": room.preset,
                    "max_players": hi,
                    "hidden_money": room.hidden_money,
                }
            )
        return out
