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


Item = str | tuple[int, str]  # a text frame, or (code, reason): close after what came before


class Outbox:
    """The frames waiting for one writer, in order: a list and at most one waiting writer (an
    idle connection holds an empty list, lighter than an ``asyncio.Queue`` with its deques)."""

    __slots__ = ("_items", "_waiter")

    def __init__(self) -> None:
        self._items: list[Item] = []
        self._waiter: asyncio.Future[None] | None = None

    def put_nowait(self, item: Item) -> None:
        self._items.append(item)
        w = self._waiter
        if w is not None and not w.done():
            w.set_result(None)

    def qsize(self) -> int:
        return len(self._items)

    def empty(self) -> bool:
        return not self._items

    def get_nowait(self) -> Item:
        if not self._items:
            raise asyncio.QueueEmpty
        return self._items.pop(0)

    async def take(self) -> list[Item]:
        """Everything queued (waits until there is something); the outbox is empty after."""
        while not self._items:
            self._waiter = asyncio.get_running_loop().create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None
        items, self._items = self._items, []
        return items


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
        self.queue = Outbox()
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
        one go (the log, state and reply of one change wake it once). Between two wakes it
        keeps no frame (an idle connection holds no text)."""
        send = self.ws.send_text
        while True:
            batch = await self.queue.take()
            for item in batch:
                if isinstance(item, tuple):
                    with contextlib.suppress(Exception):
                        await self.ws.close(code=item[0], reason=item[1])
                    return
                try:
                    await send(item)
                except Exception:
                    self.closing = True
                    return
            del batch, item  # sent: not kept while waiting
