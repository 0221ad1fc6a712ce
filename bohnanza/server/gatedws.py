"""uvicorn's WebSocket protocol behind the gate (gate.py; ``bohnanza serve`` runs uvicorn with
it): counted until the connection is lost, with the direct send and receive of text frames
(:class:`GatedWebSocket`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from uvicorn.protocols.websockets.auto import AutoWebSocketsProtocol

from . import gate as gates
from .addresses import peer_key
from .conn import DIRECT_RECEIVE, DIRECT_SEND
from .idleconns import WaitingWebSocket
from .wsframe import SHORT_HEADERS, lone_text, long_header

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
        gate = gates.installed
        if scope is not None and self._gate_address is not None and gate is not None:
            self.wait_for_hello(gate.idle, scope)

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
        gate = gates.installed  # nothing grew this buffer without end
        if t is not None and gate is not None and (
                t.get_write_buffer_size() > 2 * gate.settings.send_queue_bytes):
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
                                 peer_key(self.transport))
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
        gate = gates.installed
        if self._gate_address is not None and gate is not None:
            gate.left(self._gate_address)
            self._gate_address = None

    def connection_lost(self, exc: Exception | None) -> None:
        self.leave_gate()
        super().connection_lost(exc)
