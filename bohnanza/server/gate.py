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
the protocol classes add it: gatedhttp.py, gatedws.py; ``bohnanza serve`` runs uvicorn
with them).

Behind a front proxy named in ``trusted_proxies`` the proxy's connections are not held to the
per-address connection limits (the proxy keeps its own), and the rates of new rooms and typed
lines, and the flood bar, count the client its X-Forwarded-For names (``bohnanza serve`` has
uvicorn read that header from those addresses only).

Tests whose clients all come from 127.0.0.1 switch the per-address limits off
(``per_address_limits``); the total cap and the header timeout stay.
"""

from __future__ import annotations

import time
from collections import Counter
from typing import TYPE_CHECKING

from .addresses import address_key as address_key  # (its home before addresses.py)
from .conn import Buckets
from .idleconns import IdlePool
from .wsframe import text_frame as text_frame  # (its home before wsframe.py)

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


# the process's gate, read by its protocols (gatedhttp.py, gatedws.py); None: not installed
installed: Gate | None = None


def install(settings: Settings) -> Gate:
    """The process's gate (``bohnanza serve`` and ``create_app`` install it)."""
    global installed
    installed = Gate(settings)
    return installed
