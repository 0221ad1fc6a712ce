"""The WebSocket endpoint ``/ws/{room}``: handshake checks, hello, then say/activity."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from pydantic import ValidationError
from starlette.websockets import WebSocket, WebSocketDisconnect

from bohnanza.commands.texts import lang_of, server_text

from . import eager, gate, inbound
from .conn import DIRECT_RECEIVE, Conn
from .hub import Hub
from .idleconns import HELLO_SAID
from .owed import Owed
from .protocol import (
    CLOSE_POLICY,
    CLOSE_TOO_BIG,
    MAX_SAY_ID,
    PONG,
    Activity,
    Error,
    Hello,
    Lang,
    Ping,
    Reply,
    Resync,
    Say,
    client_adapter,
    say_id_adapter,
)
from .room import Room
from .roomnames import room_name_asked, valid_room_name
from .settings import Settings

if TYPE_CHECKING:
    from .cluster.relay import RelayedRoom

log = logging.getLogger("bohnanza.server")

KNOWN_TYPES = {"hello", "say", "activity", "lang", "resync", "ping"}
# says refused for the rate in a row before the connection counts as a flood and is closed
FLOOD_FACTOR = 4


def origin_allowed(ws: WebSocket, settings: Settings) -> bool:
    """No Origin (not a browser): allowed. Otherwise the allowed list, or the same origin."""
    origin = ws.headers.get("origin")
    if origin is None:
        return True
    origin = origin.rstrip("/")
    if settings.allowed_origins:
        return "*" in settings.allowed_origins or origin in settings.allowed_origins
    host = ws.headers.get("host", "")
    try:
        parts = urlsplit(origin)
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and parts.netloc.lower() == host.lower()


def _error(code: str, message: str) -> str:
    return Error(code=code, message=message).model_dump_json()


async def ws_endpoint(websocket: WebSocket, room: str) -> None:
    hub: Hub = websocket.app.state.hub
    settings = hub.settings
    if not origin_allowed(websocket, settings):
        log.info("refused handshake from origin %r", websocket.headers.get("origin"))
        await websocket.close(code=CLOSE_POLICY)  # before accept: HTTP 403
        return
    room = await room_name_asked(hub, room)  # (the lobby's spelling)
    if not valid_room_name(room, settings.room_name_max_len):
        await websocket.close(code=CLOSE_POLICY)
        return
    # the client (behind a trusted proxy: the one its X-Forwarded-For names, gate.py)
    address = gate.address_key(websocket.client.host if websocket.client else None)
    if hub.gate.per_address and hub.gate.is_barred(address):
        await websocket.close(code=CLOSE_POLICY)  # it flooded a moment ago: HTTP 403
        return
    await websocket.accept()
    conn = Conn(websocket, settings.commands_per_second, settings.commands_burst,
                settings.send_queue_max, settings.send_queue_bytes)
    conn.address = address
    writer = asyncio.create_task(conn.writer())
    # the room the connection went into, as soon as it is found: however the connection ends
    # (an exception included), it leaves the room, or its seat reads connected for ever
    joined: list[Room | RelayedRoom] = []
    try:
        await _serve(websocket, hub, conn, room, joined)
    except WebSocketDisconnect:
        pass
    except Exception:  # one bad connection must not take the server down
        log.exception("connection %s failed", conn.id)
        conn.close(1011, "server error")
    finally:
        for the_room in joined:
            await the_room.detach(conn)  # (nothing when it never got in)
        if not conn.closing:
            conn.closing = True
            writer.cancel()
        with contextlib.suppress(Exception, asyncio.CancelledError):
            await asyncio.wait_for(writer, timeout=5)


class DirectSays:
    """Plain ``say`` frames taken straight off the socket (``conn.DIRECT_RECEIVE``) and handed
    to the room in the turn of the event loop that read them (``eager``), while the
    connection's task waits for its next message (:attr:`open`) and no say of this
    connection is on its way (:attr:`busy`). The same checks as :func:`_serve` makes, in the
    same order; anything else (another message, a frame over the size, a say over the
    connection's rate, a frame that arrives while a say is on its way) is left to the task,
    which reads it after the say on its way is answered: one connection's says are still
    answered in their order."""

    __slots__ = ("conn", "room", "gate", "max_bytes", "open", "busy", "_idle")

    def __init__(self, conn: Conn, room: Room, hub: Hub) -> None:
        self.conn = conn
        self.room = room
        self.gate = hub.gate
        self.max_bytes = hub.settings.max_frame_bytes
        self.open = False  # the task waits in receive()
        self.busy = False  # a say taken here is not answered yet
        self._idle: asyncio.Future[None] | None = None  # the task waits for that answer

    def __call__(self, text: str) -> bool:
        """Take ``text`` (True), or leave it to the task (False)."""
        conn = self.conn
        if not self.open or self.busy or conn.closing:
            return False
        size = len(text) if text.isascii() else len(text.encode("utf-8"))
        if size > self.max_bytes:
            return False
        try:
            data: Any = inbound.load(text)
        except inbound.BadInput:
            return False
        # _plain_say's test, without its call and its tuple
        if type(data) is not dict or data.get("type") != "say":
            return False
        say_id, line = data.get("id"), data.get("text")
        if (type(say_id) is not int or not -MAX_SAY_ID <= say_id <= MAX_SAY_ID
                or type(line) is not str or not conn.bucket.take()):
            return False  # (a refused take costs no token: the task counts the refusal)
        conn.refused_in_a_row = 0
        if not self.gate.say(conn.address):  # the address's rate, across its connections
            _refuse_for_rate(conn, text)
            return True
        self.busy = True
        eager.start(self.room.say(conn, say_id, line), self._done)
        return True

    def _done(self, error: BaseException | None) -> None:
        self.busy = False
        if error is not None and not isinstance(error, asyncio.CancelledError):
            log.error("connection %s failed", self.conn.id, exc_info=error)
            self.conn.close(1011, "server error")
        waiter, self._idle = self._idle, None
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def answered(self) -> None:
        """Until the say taken here is answered (at once when none is on its way)."""
        if self.busy:
            self._idle = asyncio.get_running_loop().create_future()
            await self._idle


async def _serve(
    websocket: WebSocket, hub: Hub, conn: Conn, room_name: str,
    joined: list[Room | RelayedRoom],
) -> Room | RelayedRoom | None:
    """Read the connection's messages until it ends; the room it goes into is put in
    ``joined`` before it arrives there (``ws_endpoint`` makes it leave)."""
    # the protocol's direct receive (gatedws.GatedWebSocket), taken once the room is there
    set_receiver = (websocket.scope.get("extensions") or {}).get(DIRECT_RECEIVE)
    owed = Owed(conn, hub.gate, hub.settings.commands_per_second)
    try:
        return await _read(websocket, hub, conn, room_name, set_receiver, joined, owed)
    finally:
        if set_receiver is not None:
            set_receiver(None)
        await owed.cancel()


async def _read(
    websocket: WebSocket, hub: Hub, conn: Conn, room_name: str, set_receiver: Any,
    joined: list[Room | RelayedRoom], owed: Owed,
) -> Room | RelayedRoom | None:
    settings = hub.settings
    room: Room | RelayedRoom | None = None
    direct: DirectSays | None = None
    loop = asyncio.get_running_loop()
    # hello_timeout counts from the opening: frames before hello (a ping, an activity, a say
    # answered hello_required) do not start it again, or a peer that never says hello and
    # pings now and then would hold its connection for ever
    hello_by = loop.time() + settings.hello_timeout
    while not conn.closing:
        if room is None:
            try:
                msg = await asyncio.wait_for(websocket.receive(),
                                             max(0.0, hello_by - loop.time()))
            except TimeoutError:
                conn.send(_error("hello_timeout", "Say hello first."))
                conn.close(CLOSE_POLICY, "no hello")
                return None
        elif direct is None:
            msg = await websocket.receive()
        else:
            direct.open = True
            try:
                msg = await websocket.receive()
            finally:
                direct.open = False
            await direct.answered()  # one taken straight off the socket comes first
        if msg["type"] == "websocket.disconnect":
            return room
        text: str | None = msg.get("text")
        raw: bytes | None = msg.get("bytes")
        if text is not None:
            size = len(text) if text.isascii() else len(text.encode("utf-8"))
        else:
            size = len(raw or b"")
        if size > settings.max_frame_bytes:
            conn.send(_error("too_big", f"A message has at most {settings.max_frame_bytes} bytes."))
            conn.close(CLOSE_TOO_BIG, "message too big")
            return room
        if not conn.bucket.take():
            # over the rate: a say is refused on its own (pasted lines are answered one by
            # one), a ping still answered, a resync or lang owed, other messages dropped;
            # only a flood (pings counted) closes the connection
            conn.refused_in_a_row += 1
            if conn.refused_in_a_row > FLOOD_FACTOR * settings.commands_burst:
                conn.send(_error("rate_limited", "Too many messages; slow down."))
                conn.close(CLOSE_POLICY, "too many messages")
                hub.gate.penalize(conn.address)  # a flood: its address waits a while (gate.py)
                return room
            refused = _refuse_for_rate(conn, text)
            if type(refused) is dict and refused.get("type") == "ping":
                conn.send(PONG)  # answered all the same: cheap, and the watchdog needs it
                continue
            if room is not None:
                await owed.refused(room, refused)  # a resync or lang: sent later (owed.py)
            continue
        conn.refused_in_a_row = 0
        if text is None:
            conn.send(_error("bad_message", "Send JSON text frames."))
            continue
        try:
            data: Any = inbound.load(text)
        except inbound.BadInput as e:
            _bad_input(conn, text, e)
            continue
        if type(data) is dict and data.get("type") == "ping":
            conn.send(PONG)   # alive (the board's watchdog: net.js)
            continue
        plain = _plain_say(data)
        if plain is not None and room is not None:  # the most common message, straight on
            if not hub.gate.say(conn.address):  # the address's rate, across its connections
                _refuse_for_rate(conn, text)
                continue
            await room.say(conn, plain[0], plain[1])
            continue
        parsed: Hello | Say | Activity | Lang | Resync | Ping
        if plain is not None:
            parsed = Say.model_construct(type="say", id=plain[0], text=plain[1])
        else:
            try:
                parsed = client_adapter.validate_python(data)
            except ValidationError as e:
                _invalid(conn, data, e)
                continue
        if isinstance(parsed, Hello):
            if room is not None:
                conn.send(_error("already_hello", "This connection said hello already."))
                continue
            if (said := (websocket.scope.get("extensions") or {}).get(HELLO_SAID)) is not None:
                said()  # no longer closed for a newcomer to a full server (idleconns.py)
            conn.lang = lang_of(parsed.lang)
            conn.deltas = parsed.deltas
            room = await hub.room_for(room_name, conn, parsed.token, conn.address)
            if room is None:
                return None
            joined.append(room)
            await room.attach(conn, parsed.name, parsed.token)  # (counts pending off)
            if set_receiver is not None and isinstance(room, Room):
                direct = DirectSays(conn, room, hub)
                set_receiver(direct)
        elif room is None:
            if isinstance(parsed, Say):
                conn.send(
                    Reply(
                        id=parsed.id, ok=False, code="hello_required", message="Say hello first."
                    ).model_dump_json(exclude_none=True)
                )
            else:  # lang, resync, activity: nothing to answer them with yet
                conn.send(_error("hello_required", "Say hello first."))
        elif isinstance(parsed, Say):
            if not hub.gate.say(conn.address):  # the address's rate, across its connections
                _refuse_for_rate(conn, text)
                continue
            await room.say(conn, parsed.id, parsed.text)
        elif isinstance(parsed, (Lang, Resync)):
            # each sends the log or the state again, in the room's lock: the address's rate
            # too (across its connections); over it, owed and sent once it allows (owed.py)
            reader = lang_of(parsed.lang) if isinstance(parsed, Lang) else None
            await owed.ask(room, reader, hub.gate.say(conn.address))
        elif isinstance(parsed, Activity):
            await room.activity(conn)
    return room


def _refuse_for_rate(conn: Conn, text: str | None) -> Any:
    """The reply to a say over the rate (no reply for anything else: nothing to answer).
    Returns the message read as JSON (None when it is none)."""
    try:
        data = json.loads(text) if text is not None else None
    except (ValueError, RecursionError):
        return None
    if isinstance(data, dict) and data.get("type") == "say" and _valid_id(data.get("id")):
        conn.send(Reply(id=data["id"], ok=False, code="rate_limited",
                        message=server_text("Too many commands at once; wait a moment.",
                                            conn.lang)).model_dump_json(exclude_none=True))
    return data


def _bad_input(conn: Conn, text: str, e: inbound.BadInput) -> None:
    """A frame :func:`inbound.load` refused: a ``say`` whose id can be read gets its reply,
    anything else an ``error``."""
    say_id = _say_id(text)
    message = server_text(e.message, conn.lang)
    if say_id is not None:
        conn.send(Reply(id=say_id, ok=False, code=e.code, message=message)
                  .model_dump_json(exclude_none=True))
    else:
        conn.send(_error(e.code, message))


def _say_id(text: str) -> int | None:
    """The id of a ``say`` frame when it can be read at all (a flat object)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if isinstance(data, dict) and data.get("type") == "say" and _valid_id(data.get("id")):
        return int(data["id"])
    return None


def _plain_say(data: Any) -> tuple[int, str] | None:
    """The most common message, a well-formed ``say`` (a strict integer id in range, a text),
    without the general validation (nor a model): ``(id, text)``; None for anything else
    (validated in full)."""
    if type(data) is not dict or data.get("type") != "say":
        return None
    say_id, text = data.get("id"), data.get("text")
    if type(say_id) is not int or not -MAX_SAY_ID <= say_id <= MAX_SAY_ID or type(text) is not str:
        return None
    return say_id, text


def _invalid(conn: Conn, data: Any, e: ValidationError) -> None:
    """A message that is JSON but not one of ours. A say with an id still gets its reply."""
    kind = data.get("type") if isinstance(data, dict) else None
    if kind not in KNOWN_TYPES:  # a string (inbound.load), or None
        shown = repr(kind) if kind is None or len(kind) <= 40 else repr(kind[:40] + "...")
        conn.send(_error("unknown_type",
                         f"Unknown message type {shown}; use hello, say, activity, lang, resync, ping."))
        return
    first = e.errors()[0]
    where = ".".join(str(x) for x in first.get("loc", ()))
    message = f"Bad {kind} message: {where} {first.get('msg', '')}".strip()
    say_id = data.get("id") if isinstance(data, dict) else None
    if kind == "say" and _valid_id(say_id):
        conn.send(
            Reply(id=say_id, ok=False, code="bad_message", message=message).model_dump_json(
                exclude_none=True
            )
        )
    else:
        conn.send(_error("bad_message", message))


def _valid_id(say_id: Any) -> bool:
    """A say id the reply can carry back (a strict integer in range)."""
    try:
        say_id_adapter.validate_python(say_id)
    except ValidationError:
        return False
    return True
