"""uvicorn's HTTP protocol behind the gate (gate.py; ``bohnanza serve`` runs uvicorn with it):
counted per address, refused when full, held to ``header_timeout`` for a request's head and
body, its head to ``max_head_bytes``, its requests to the address's rate."""

from __future__ import annotations

import asyncio

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from . import gate as gates
from .addresses import peer_key
from .headlimit import HeadLimit
from .httpcut import HttpCut, too_many
from .idleconns import IdleHttp, IdlePool
from .secheaders import RAW

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
        gate = gates.installed
        return gate.settings.max_head_bytes if gate is not None else None

    def stall_limit(self) -> float | None:
        gate = gates.installed
        return gate.settings.stall_timeout if gate is not None else None

    def idle_pool(self) -> IdlePool | None:
        gate = gates.installed
        return gate.idle if self._gate_counted and gate is not None else None

    def evict(self) -> None:
        gate = gates.installed
        if self._gate_counted and gate is not None:  # its slot is the newcomer's at once
            self._gate_counted = False
            gate.left(self._gate_address)
        super().evict()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self._gate_address = peer_key(transport)
        self._gate_counted = False
        self._header_timer: asyncio.TimerHandle | None = None
        gate = gates.installed
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
        gate = gates.installed
        if self._header_timer is None and gate is not None:
            self._header_timer = self.loop.call_later(
                gate.settings.header_timeout, self._headers_too_slow)

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
        gate = gates.installed
        if (self._gate_counted and gate is not None and not self.parser.should_upgrade()
                and not gate.request(self._gate_address)):
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
        gate = gates.installed
        if self._gate_counted and gate is not None:
            self._gate_counted = False
            gate.left(self._gate_address)
        super().connection_lost(exc)
