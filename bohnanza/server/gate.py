"""The gate: what one client address may take of the server (issue 11, items 1, 2, 4, 5).

Per client address (the peer's IP as the socket sees it, IPv6 by its /64 network:
:func:`address_key`; behind a front proxy that is the proxy, so run one that limits per client
itself, docs/server.md):

* open connections (HTTP and WebSocket together): at most ``max_conns_per_address``, and at
  most ``max_connections`` for the whole server;
* new connections: ``connects_per_second`` with ``connects_burst`` saved up (connect and
  disconnect churn);
* new rooms: ``rooms_per_minute`` with ``rooms_burst`` saved up (``too_many_new_rooms``);
* typed lines: one bucket of ``commands_per_second`` / ``commands_burst`` shared by all of an
  address's connections (besides each connection's own);
* HTTP requests (not WebSocket handshakes): ``http_requests_per_second`` /
  ``http_requests_burst``, then ``429`` and the connection closed;
* a flood (a connection closed for sending far over its rate) bars its address's new
  connections for ``flood_bar_seconds``.

A connection over a limit is refused before it costs anything: an HTTP ``503`` with a line
that says why, then closed (over ``max_connections``, the oldest connection that waits for a
request or a hello is closed instead, if any: idleconns.py). A request whose headers (and body, if it has one: no route here
takes one) have not all come within ``header_timeout`` seconds of the connection (or of the
request's first byte, on a kept-alive connection) is closed (uvicorn has no such timeout of its
own: a half-sent request line, or a body sent a byte every few seconds, stayed open for good;
the protocol classes here add it, and ``bohnanza serve`` runs uvicorn with them).

Behind a front proxy named in ``trusted_proxies`` the proxy's connections are not held to the
per-address connection limits (the proxy keeps its own), and the rates of new rooms and typed
lines, and the flood bar, count the client its X-Forwarded-For names (``bohnanza serve`` has
uvicorn read that header from those addresses only).

Tests whose clients all come from 127.0.0.1 switch the per-address limits off
(``per_address_limits``); the total cap and the header timeout stay.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.auto import AutoWebSocketsProtocol

from .addresses import address_key as address_key  # (its home before addresses.py)
from .conn import DIRECT_RECEIVE, DIRECT_SEND, Buckets
from .headlimit import HeadLimit
from .httpcut import HttpCut, too_many
from .idleconns import IdleHttp, IdlePool, WaitingWebSocket
from .secheaders import RAW
from .wsframe import SHORT_HEADERS, lone_text, long_header
from .wsframe import text_frame as text_frame  # (its home before wsframe.py)

_SansIO: type[Any] | None
_OPEN: Any
_apply_mask: Callable[[bytes, bytes], bytes] | None
try:
    from uvicorn.protocols.websockets.websockets_sansio_impl import (
        WebSocketsSansIOProtocol as _SansIO,
    )
    from websockets.protocol import State

    _OPEN = State.OPEN  # (the connection's state without the ``state`` property's call)
except ImportError:  # pragma: no cover - an older uvicorn or websockets: no direct sends
    _SansIO = None
    _OPEN = None
try:  # the websockets library's frame parser, whose idle point the direct receive checks
    from websockets.frames import apply_mask as _apply_mask  # type: ignore[attr-defined]
    from websockets.protocol import Protocol as _Protocol
    from websockets.streams import StreamReader as _StreamReader

    _PARSE = _Protocol.parse.__code__
    _AT_EOF = _StreamReader.at_eof.__code__
except (ImportError, AttributeError):  # pragma: no cover - another websockets: no direct reads
    _apply_mask = None

if TYPE_CHECKING:
    from .settings import Settings

class Gate:
    """The limits of one server process (module docstring)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.per_address = settings.per_address_limits
        self.open: Counter[str] = Counter()
        self.total = 0
        self.connects = Buckets(settings.connects_per_second, settings.connects_burst)
        self.rooms = Buckets(settings.rooms_per_minute / 60.0, settings.rooms_burst)
        self.says = Buckets(settings.commands_per_second, settings.commands_burst)
        self.requests = Buckets(settings.http_requests_per_second, settings.http_requests_burst)
        self.barred: dict[str, float] = {}  # address -> until (monotonic): it flooded
        self.idle = IdlePool()  # HTTP connections waiting for a request (idleconns.py)
        # front proxies (trusted_proxies): their connections are many clients' (ws.py counts
        # the rates by the client their X-Forwarded-For names)
        self.proxies = {address_key(p) for p in settings.trusted_proxies}

    def admit(self, address: str) -> str | None:
        """A new connection from ``address``: None when admitted (then counted until
        :meth:`left`), else why not (a line for the refusal)."""
        if self.total >= self.settings.max_connections and not self.idle.evict():
            return "The server has as many connections as it may; try again later."
        if self.per_address and address not in self.proxies:
            if self.is_barred(address):
                return "Your address sent a flood; wait a moment."
            if self.open[address] >= self.settings.max_conns_per_address:
                return "Too many connections from your address; close some first."
            if not self.connects.take(address):
                return "Too many new connections from your address; wait a moment."
        self.open[address] += 1
        self.total += 1
        return None

    def is_barred(self, address: str) -> bool:
        """Did ``address`` flood less than ``flood_bar_seconds`` ago?"""
        until = self.barred.get(address)
        if until is None:
            return False
        if time.monotonic() < until:
            return True
        del self.barred[address]
        return False

    def left(self, address: str) -> None:
        self.total -= 1
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]

    def penalize(self, address: str) -> None:
        """``address`` flooded (a connection closed for it): its new connections are refused
        for ``flood_bar_seconds``."""
        if self.per_address and address != "?":
            if len(self.barred) > 10_000:  # bounded: the oldest bars go first
                now = time.monotonic()
                self.barred = {a: t for a, t in self.barred.items() if t > now}
            self.barred[address] = time.monotonic() + self.settings.flood_bar_seconds

    def new_room(self, address: str) -> bool:
        """May ``address`` create a room now (``rooms_per_minute``)? An unknown address
        (``"?"``: a connection made in-process) is not limited."""
        return not self.per_address or address == "?" or self.rooms.take(address)

    def request(self, address: str) -> bool:
        """May ``address`` have one more HTTP request answered now (across its connections)?
        A front proxy's are many clients' (it keeps its own ``limit_req``)."""
        return not self.per_address or address in self.proxies or self.requests.take(address)

    def say(self, address: str) -> bool:
        """May ``address`` send one more typed line now (across its connections)?"""
        return not self.per_address or address == "?" or self.says.take(address)


_gate: Gate | None = None


def install(settings: Settings) -> Gate:
    """The process's gate (``bohnanza serve`` and ``create_app`` install it)."""
    global _gate
    _gate = Gate(settings)
    return _gate



def _address(transport: Any) -> str:
    peer = transport.get_extra_info("peername")
    return address_key(str(peer[0])) if peer else "?"


_REFUSAL = (b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\n"
            + RAW + b"connection: close\r\nretry-after: 5\r\ncontent-length: %d\r\n\r\n%s")


class GatedHttp(HeadLimit, HttpCut, IdleHttp, HttpToolsProtocol):
    """uvicorn's HTTP protocol behind the gate: counted per address, refused when full (closed
    while idle for a newcomer: idleconns.py), closed
    when a request (its headers and any body) is not all in within ``header_timeout``,
    answered 431 when its head passes ``max_head_bytes`` (headlimit.py), 429 past the
    address's request rate, and cut off when an answer waits ``stall_timeout`` for a peer
    that reads nothing (httpcut.py)."""

    _gate_counted = False  # in the gate's count (until it leaves it)
    _gate_address = "?"

    def head_limit(self) -> int | None:
        return _gate.settings.max_head_bytes if _gate is not None else None

    def stall_limit(self) -> float | None:
        return _gate.settings.stall_timeout if _gate is not None else None

    def idle_pool(self) -> IdlePool | None:
        return _gate.idle if self._gate_counted and _gate is not None else None

    def evict(self) -> None:
        if self._gate_counted and _gate is not None:  # its slot is the newcomer's at once
            self._gate_counted = False
            _gate.left(self._gate_address)
        super().evict()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self._gate_address = _address(transport)
        self._gate_counted = False
        self._header_timer: asyncio.TimerHandle | None = None
        gate = _gate
        why = gate.admit(self._gate_address) if gate is not None else None
        super().connection_made(transport)
        if why is not None:
            body = why.encode()
            transport.write(_REFUSAL % (len(body), body))
            transport.close()
            return
        self._gate_counted = gate is not None
        self._idle()  # (idleconns.py: until its first request is in)
        self._arm()

    def _arm(self) -> None:
        if self._header_timer is None and _gate is not None:
            self._header_timer = self.loop.call_later(
                _gate.settings.header_timeout, self._headers_too_slow)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_too_slow(self) -> None:
        self._header_timer = None
        if not self.transport.is_closing():
            self.transport.close()

    def on_message_begin(self) -> None:
        self._arm()  # a kept-alive connection's next request has its own time
        super().on_message_begin()

    def on_message_complete(self) -> None:
        self._disarm()  # the whole request is in (a body too: one sent byte by byte is cut)
        super().on_message_complete()

    def on_headers_complete(self) -> None:
        """A request (not a WebSocket's handshake: ``connects_per_second`` counts those) over
        the address's rate is answered 429 and its connection closed (``httpcut.too_many``)."""
        if (self._gate_counted and _gate is not None and not self.parser.should_upgrade()
                and not _gate.request(self._gate_address)):
            app, self.app = self.app, too_many
            try:
                super().on_headers_complete()
            finally:
                self.app = app
            return
        super().on_headers_complete()

    def handle_websocket_upgrade(self) -> None:
        self._disarm()
        if self._gate_counted:
            self._gate_counted = False  # the WebSocket protocol counts it from here
            self.config._gate_handoff = self._gate_address  # type: ignore[attr-defined]
        super().handle_websocket_upgrade()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self._gate_counted and _gate is not None:
            self._gate_counted = False
            _gate.left(self._gate_address)
        super().connection_lost(exc)


class GatedWebSocket(WaitingWebSocket, AutoWebSocketsProtocol):  # type: ignore[misc, valid-type]
    """uvicorn's WebSocket protocol, counted by the gate until the connection is lost (closed
    for a newcomer to a full server while it has said no hello: idleconns.py).

    On uvicorn's ``websockets-sansio`` protocol without extensions (no permessage-deflate),
    it offers the application a direct send of text frames (:meth:`send_text_now`, in the
    scope's ``extensions`` under :data:`conn.DIRECT_SEND`): the frame written to the socket
    at once, without the ASGI send's coroutines and the ``websockets`` frame objects (the
    same bytes; ``Conn`` uses it for every frame it can). And a direct receive
    (:meth:`set_receiver`, under :data:`conn.DIRECT_RECEIVE`): a read that is one whole text
    frame (:func:`lone_text`), while nothing waits in the ASGI queue and the library's parser
    is between two frames, goes to the application's receiver in the turn that read it,
    without the parser's frame objects, the queue, the pause and resumption of the socket's
    reading and a task switch; what the receiver does not take is read as before."""

    _receiver: Callable[[str], bool] | None = None
    _idle_parser = False  # the parser was seen waiting for a frame, and has read nothing since

    def handle_connect(self, event: Any) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)
        if (scope is not None and _SansIO is not None and isinstance(self, _SansIO)
                and not self.conn.extensions):
            scope["extensions"][DIRECT_SEND] = self.send_text_now
            if _apply_mask is not None:
                scope["extensions"][DIRECT_RECEIVE] = self.set_receiver
        if scope is not None and self._gate_address is not None and _gate is not None:
            self.wait_for_hello(_gate.idle, scope)

    def set_receiver(self, receiver: Callable[[str], bool] | None) -> None:
        """From now on, each text frame read alone goes to ``receiver(text)`` first (None:
        none does); what it says False to is queued for the ASGI ``receive()``."""
        self._receiver = receiver

    def data_received(self, data: bytes) -> None:
        receiver = self._receiver
        if receiver is not None and self._between_frames():
            text = lone_text(data, self.conn.max_message_size)
            if text is not None and receiver(text):
                return  # the parser read nothing: it still waits for a frame
        self._idle_parser = False  # where the parser stops in this is looked at again
        super().data_received(data)
        t = self.transport  # the library answers each ping itself: a peer that pings and reads
        if t is not None and _gate is not None and (  # nothing grew this buffer without end
                t.get_write_buffer_size() > 2 * _gate.settings.send_queue_bytes):
            t.abort()  # (14 MB a second; a close frame would wait behind it)

    def _between_frames(self) -> bool:
        """The connection open, nothing queued for the application, and the library's parser
        waiting for a frame's first byte (no message in parts, nothing of a frame read)."""
        # (``conn.state`` and ``queue.qsize()`` read without their calls)
        if (self.close_sent or self.disconnected or not self.handshake_complete
                or self.conn._state is not _OPEN or self.frames or self.queue._queue):
            return False
        if not self._idle_parser:
            self._idle_parser = self._parser_idle()
        return self._idle_parser

    def _parser_idle(self) -> bool:
        conn = self.conn
        if (conn.current_size is not None or conn.reader.buffer
                or conn.max_fragment_size is not None):
            return False
        # the parser (the server's, which reads the handshake, then the frames: its
        # ``yield from`` the library's own) suspended where it asks for a frame's first byte
        outer, inner = None, getattr(conn, "parser", None)
        while (deeper := getattr(inner, "gi_yieldfrom", None)) is not None:
            outer, inner = inner, deeper
        return (getattr(inner, "gi_code", None) is _AT_EOF
                and getattr(outer, "gi_code", None) is _PARSE)

    def send_text_now(self, text: str) -> bool:
        """Write ``text`` as one text frame now and say True; False (nothing written) when
        the ASGI send must do it: the connection is not open (closing, closed, lost) or its
        socket's buffer is full (that send waits for it)."""
        # (``is_set()`` and the ``state`` property read without their calls; text_frame's
        # header built here)
        if (self.close_sent or self.disconnected or not self.handshake_complete
                or not self.writable._value or self.conn._state is not _OPEN):
            return False
        data = text.encode()
        n = len(data)
        self.transport.write((SHORT_HEADERS[n] if n < 126 else long_header(n)) + data)
        return True

    def send_receive_event_to_app(self) -> None:
        """uvicorn's (the message whose frames are in, to the application), but a text
        message that is not valid UTF-8 is closed with 1007 (RFC 6455 section 8.1) after one
        short log line, where uvicorn logged an ``ERROR`` with a whole traceback for each such
        frame: bad input leaves no traceback (issue 11, items 8-9)."""
        if self.curr_msg_data_type == "text" and not self.close_sent:
            frames: list[bytes] = self.frames
            try:
                (frames[0] if len(frames) == 1 else b"".join(frames)).decode()
            except UnicodeDecodeError:
                frames.clear()
                self.logger.info("%s - WebSocket text frame not valid UTF-8: closed 1007",
                                 _address(self.transport))
                if self.conn._state is _OPEN:  # (a close from the peer in the same read:
                    self.conn.send_close(1007)  # its echo is the close sent, a review)
                if self.conn.close_sent is not None:
                    self.handle_parser_exception()  # (uvicorn's: the app told, the close sent)
                else:  # pragma: no cover - the library always answers a close
                    self.transport.close()
                return
        super().send_receive_event_to_app()

    def keepalive_timeout(self) -> None:
        """uvicorn's keepalive timeout (the peer did not answer a ping in time: the close
        frame written, the transport closed), then the transport aborted if its buffer still
        holds bytes: a close waits for the buffer to drain, which a peer that reads nothing
        never lets happen, so its connection (the Conn, the seat's presence, the gate's
        count) stayed for good."""
        super().keepalive_timeout()
        t = self.transport
        if t is not None and t.is_closing() and t.get_write_buffer_size():
            t.abort()

    def connection_made(self, transport: Any) -> None:
        self._gate_address: str | None = getattr(self.config, "_gate_handoff", None)
        self.config._gate_handoff = None
        super().connection_made(transport)

    def leave_gate(self) -> None:
        if self._gate_address is not None and _gate is not None:
            _gate.left(self._gate_address)
            self._gate_address = None

    def connection_lost(self, exc: Exception | None) -> None:
        self.leave_gate()
        super().connection_lost(exc)
