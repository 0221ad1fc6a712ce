"""The gated connections that wait for a request, oldest first (``gatedhttp.GatedHttp``), and the
WebSockets that have not said hello yet (``gatedws.GatedWebSocket``): the first to go when the
server is full (``Gate.admit``).

Every open connection counts toward ``max_connections``, an HTTP connection too from its
first byte: a connection that sends nothing, or a request line it never ends (slowloris), held
a slot for ``header_timeout`` (5 s), and one kept alive after its answer for uvicorn's
keep-alive (5 s). A few addresses opening such connections again as each was closed kept the
server full for good: every player's WebSocket and page was answered 503 (the per-address
caps bound one address, not an IPv6 subscriber's many /64s nor a botnet). Now a new
connection that finds the server full closes the oldest idle HTTP connection instead (a
browser opens another for its next request; a half-sent request was a slow client's or an
attacker's), and is refused only when none is idle. A connection whose request is in and
being answered is not idle, nor a WebSocket once it said hello: those are never
closed for a newcomer. A WebSocket that says no hello held its slot for ``hello_timeout``
(15 s) the same way.
"""

from __future__ import annotations

from typing import Any


class IdlePool:
    """The idle connections (:class:`IdleHttp`) of one gate, in the order they became idle."""

    def __init__(self) -> None:
        self._idle: dict[Any, None] = {}  # (a dict keeps the order: the oldest first)

    def __len__(self) -> int:
        return len(self._idle)

    def idle(self, proto: Any) -> None:
        self._idle.pop(proto, None)
        self._idle[proto] = None

    def busy(self, proto: Any) -> None:
        self._idle.pop(proto, None)

    def evict(self) -> bool:
        """Close the oldest idle connection (it leaves the gate's count at once); False when
        none is idle."""
        for proto in self._idle:
            del self._idle[proto]
            proto.evict()
            return True
        return False


class IdleHttp:
    """A mixin before uvicorn's ``HttpToolsProtocol``: the connection is idle (in
    :meth:`idle_pool`'s pool) from its start until a request's headers are all in, and again
    once its answer is complete with no pipelined request behind it; :meth:`evict` closes it."""

    transport: Any
    pipeline: Any
    _pool: IdlePool | None = None  # the pool it was put in

    def idle_pool(self) -> IdlePool | None:
        return None

    def evict(self) -> None:
        self.transport.close()

    def _idle(self) -> None:
        """Idle from here (the protocol calls it once the connection is counted, and it is
        called again when an answer is complete)."""
        pool = self.idle_pool()
        if pool is not None and not self.transport.is_closing():
            self._pool = pool
            pool.idle(self)

    def _busy(self) -> None:
        if self._pool is not None:
            self._pool.busy(self)

    def on_headers_complete(self) -> None:
        self._busy()
        super().on_headers_complete()  # type: ignore[misc]

    def on_response_complete(self) -> None:
        super().on_response_complete()  # type: ignore[misc]
        if not self.pipeline:
            self._idle()

    def handle_websocket_upgrade(self) -> None:
        self._busy()
        super().handle_websocket_upgrade()  # type: ignore[misc]

    def connection_lost(self, exc: Exception | None) -> None:
        self._busy()
        super().connection_lost(exc)  # type: ignore[misc]


HELLO_SAID = "bohnanza.hello_said"
"""The scope extension of a WebSocket in the pool (:class:`WaitingWebSocket`): ``() -> None``,
called by the application when the connection says hello (it leaves the pool)."""


class WaitingWebSocket:
    """A mixin before uvicorn's WebSocket protocol: from its handshake
    (:meth:`wait_for_hello`) until the application calls the scope's :data:`HELLO_SAID`, the
    connection is in the pool; :meth:`evict` leaves the gate's count
    (:meth:`leave_gate`) and closes it."""

    transport: Any
    _pool: IdlePool | None = None

    def wait_for_hello(self, pool: IdlePool, scope: Any) -> None:
        self._pool = pool
        pool.idle(self)
        scope["extensions"][HELLO_SAID] = self.hello_said

    def hello_said(self) -> None:
        if self._pool is not None:
            self._pool.busy(self)
            self._pool = None

    def leave_gate(self) -> None:
        pass

    def evict(self) -> None:
        self.leave_gate()
        self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self.hello_said()
        super().connection_lost(exc)  # type: ignore[misc]
