"""An HTTP connection cut off cleanly, for ``gatedhttp.GatedHttp`` (issue 11, items 2 and 4), and
the answer to a request past its address's rate (:func:`too_many`).

* **The answer under way stops quietly when the peer hangs up.** uvicorn marks only the last
  request it read as cut off; with requests pipelined (several sent at once) that is not the
  one being answered, whose next write met the closed socket: ``ERROR: Exception in ASGI
  application`` and a traceback of 70 lines in the log for each such connection.
* **A peer that reads nothing is cut off.** uvicorn's answer waits for the socket to drain
  without end (the header timeout ends when the request is in, the keep-alive timeout starts
  when the answer is out): 300 requests for a board file in one write, never read, held a
  connection and about 1 MB of the server for as long as the client liked. An answer whose
  writing stays paused (the socket full) for :meth:`HttpCut.stall_limit` seconds is aborted.
"""

from __future__ import annotations

import contextlib
import socket
import struct
from typing import Any

from .secheaders import HEADERS

_RESET = struct.pack("ii", 1, 0)  # SO_LINGER on, 0 s: a close sends RST, drops what is unsent


class HttpCut:
    """A mixin before uvicorn's ``HttpToolsProtocol``; :meth:`stall_limit` gives the seconds
    an answer may wait for a peer that reads nothing (None: for ever)."""

    transport: Any
    loop: Any
    _cut_cycle: Any = None  # the request being answered (uvicorn's RequestResponseCycle)
    _stall_timer: Any = None

    def stall_limit(self) -> float | None:
        return None

    def _start_asgi_task(self, cycle: Any, app: Any) -> None:
        self._cut_cycle = cycle
        super()._start_asgi_task(cycle, app)  # type: ignore[misc]

    def pause_writing(self) -> None:
        super().pause_writing()  # type: ignore[misc]
        limit = self.stall_limit()
        if limit is not None and self._stall_timer is None:
            self._stall_timer = self.loop.call_later(limit, self._stalled)

    def resume_writing(self) -> None:
        self._unstall()
        super().resume_writing()  # type: ignore[misc]

    def _unstall(self) -> None:
        if self._stall_timer is not None:
            self._stall_timer.cancel()
            self._stall_timer = None

    def _stalled(self) -> None:
        self._stall_timer = None
        self._cut_off()
        # reset: a close would wait for the buffer to drain (never), and even an abort leaves
        # the kernel sending what it holds to a peer that takes nothing, for minutes
        sock = self.transport.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, _RESET)
        self.transport.abort()

    def _cut_off(self) -> None:
        """The answer under way, if any, writes nothing more."""
        cycle = self._cut_cycle
        if cycle is not None and not cycle.response_complete:
            cycle.disconnected = True
            cycle.message_event.set()

    def connection_lost(self, exc: Exception | None) -> None:
        self._unstall()
        self._cut_off()
        super().connection_lost(exc)  # type: ignore[misc]


_TOO_MANY = b"Too many requests from your address; wait a moment."


async def too_many(scope: Any, receive: Any, send: Any) -> None:
    """The ASGI answer to an HTTP request past its address's rate (``gate.Gate.request``):
    429 with the security headers (secheaders.py), and the connection closed (requests
    pipelined behind it are not read). (No HSTS: a trusted proxy's requests, the only ones
    that can say HTTPS, are not held to this rate.)"""
    await send({"type": "http.response.start", "status": 429, "headers": [
        (b"content-type", b"text/plain; charset=utf-8"),
        (b"content-length", str(len(_TOO_MANY)).encode()), (b"retry-after", b"5"),
        (b"connection", b"close"), *HEADERS]})
    await send({"type": "http.response.body", "body": _TOO_MANY})
