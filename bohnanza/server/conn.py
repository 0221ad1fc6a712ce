"""One WebSocket connection: its identity in the room, its outgoing queue, its rate limit."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING

from .protocol import CLOSE_TRY_LATER

if TYPE_CHECKING:
    from starlette.websockets import WebSocket

log = logging.getLogger("bohnanza.server")


class TokenBucket:
    """``rate`` tokens per second, at most ``burst`` saved up. ``take()`` is False when empty."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


class Conn:
    """A connection. Messages go out through one writer task, in the order they were queued."""

    _ids = 0

    def __init__(self, ws: WebSocket, rate: float, burst: int, queue_max: int) -> None:
        Conn._ids += 1
        self.id = Conn._ids
        self.ws = ws
        self.seat: int | None = None
        self.name: str = f"guest{self.id}"
        self.room: str | None = None
        self.bucket = TokenBucket(rate, burst)
        self.queue: asyncio.Queue[str | tuple[int, str]] = asyncio.Queue()
        self.queue_max = queue_max
        self.closing = False

    def send(self, text: str) -> None:
        """Queue one JSON text frame (never blocks)."""
        if self.closing:
            return
        if self.queue.qsize() >= self.queue_max:
            log.warning("connection %s does not read its messages: closing it", self.id)
            self.close(CLOSE_TRY_LATER, "too slow")
            return
        self.queue.put_nowait(text)

    def close(self, code: int, reason: str) -> None:
        """Queue a close frame after everything already queued."""
        if self.closing:
            return
        self.closing = True
        self.queue.put_nowait((code, reason))

    async def writer(self) -> None:
        """Send what is queued, in order; everything queued by the time it wakes goes out in
        one go (the log, state and reply of one change wake it once)."""
        queue = self.queue
        send = self.ws.send_text
        while True:
            item = await queue.get()
            while True:
                if isinstance(item, tuple):
                    with contextlib.suppress(Exception):
                        await self.ws.close(code=item[0], reason=item[1])
                    return
                try:
                    await send(item)
                except Exception:
                    self.closing = True
                    return
                try:
                    item = queue.get_nowait()
                except asyncio.QueueEmpty:
                    break
