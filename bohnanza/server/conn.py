"""One WebSocket connection: its identity in the room, its outgoing queue, its rate limit."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING, Any

from .protocol import CLOSE_SLOW, CLOSE_TRY_LATER

if TYPE_CHECKING:
    from starlette.websockets import WebSocket

log = logging.getLogger("bohnanza.server")


class TokenBucket:
    """``rate`` tokens per second, at most ``burst`` saved up. ``take()`` is False when empty
    (``take(keep)``: when fewer than ``keep`` would be left)."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def take(self, keep: float = 0.0) -> bool:
        now = time.monotonic()
        tokens = self.tokens + (now - self.stamp) * self.rate
        burst = self.burst
        if tokens > burst:  # (``min`` without its call)
            tokens = burst
        self.stamp = now
        if tokens < 1.0 + keep:
            self.tokens = tokens
            return False
        self.tokens = tokens - 1.0
        return True

    def give_back(self) -> None:
        """The token :meth:`take` just gave, unused (another limit refused what it was for)."""
        self.tokens = min(self.burst, self.tokens + 1.0)


_PRUNE_EVERY = 1024  # buckets looked at for pruning after this many new ones


class Buckets:
    """One :class:`TokenBucket` per address (or per key: a room's speakers, ``room.py``), made
    on first use; full ones are dropped now and then (an address that stopped costs nothing)."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self._by: dict[str, TokenBucket] = {}
        self._made = 0

    def take(self, address: str) -> bool:
        b = self._by.get(address)
        if b is None:
            self._made += 1
            if self._made % _PRUNE_EVERY == 0:
                self._prune()
            b = self._by[address] = TokenBucket(self.rate, self.burst)
        return b.take()

    def level(self, key: str) -> float:
        """The tokens ``key``'s bucket holds now (a full one when it has none yet)."""
        b = self._by.get(key)
        if b is None:
            return float(self.burst)
        return min(b.burst, b.tokens + (time.monotonic() - b.stamp) * b.rate)

    def _prune(self) -> None:
        now = time.monotonic()
        for k, b in list(self._by.items()):
            if b.tokens + (now - b.stamp) * b.rate >= b.burst:
                del self._by[k]


DIRECT_SEND = "bohnanza.send_text"
"""The scope extension of a server protocol that writes a text frame at once
(``gatedws.GatedWebSocket.send_text_now``: ``(text) -> bool``, False when it cannot)."""

DIRECT_RECEIVE = "bohnanza.receive_text"
"""The scope extension of a server protocol that hands text frames to the application at once
(``gatedws.GatedWebSocket.set_receiver``: ``(receiver | None) -> None``; ``receiver(text) ->
bool`` is called in the turn of the event loop that read the frame, and says False to have it
queued for ``receive()`` as usual)."""

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
        self.wake()

    def wake(self) -> None:
        """Wake the writer waiting in :meth:`wait` (if it waits)."""
        w = self._waiter
        if w is not None and not w.done():
            w.set_result(None)

    def qsize(self) -> int:
        return len(self._items)

    def take_nowait(self) -> list[Item]:
        """Everything queued; the outbox is empty after."""
        items, self._items = self._items, []
        return items

    async def wait(self) -> None:
        """Until :meth:`put_nowait` or :meth:`wake`."""
        self._waiter = asyncio.get_running_loop().create_future()
        try:
            await self._waiter
        finally:
            self._waiter = None


async def _finish(coro: Any, waiting: Any) -> None:
    """Drive to its end a coroutine that was started outside a task and suspended there on
    ``waiting`` (the future it awaits; None: it yielded to the loop)."""
    try:
        while True:
            try:
                if waiting is None:
                    await asyncio.sleep(0)
                else:
                    # what a task does with a future its coroutine yields: it waits for it
                    # (the flag says "yielded by an await"; awaiting again needs it cleared)
                    waiting._asyncio_future_blocking = False
                    await waiting
            except BaseException:
                coro.close()
                raise
            waiting = coro.send(None)
    except StopIteration:
        return


class Conn:
    """A connection. Its frames go out in the order they were given to :meth:`send`.

    When nothing is queued or on its way, :meth:`send` sends the frame at once: it starts the
    ASGI send, which completes without waiting unless the socket's buffer is full (then its
    writer task finishes it, and the frames after it queue up). Otherwise the frame is queued
    for the writer task, which sends everything queued in one go. So a change costs no task
    switch per connection, and a connection that does not read holds up nobody but itself
    (it is closed when ``queue_max`` frames wait for it)."""

    _ids = 0

    def __init__(self, ws: WebSocket, rate: float, burst: int, queue_max: int,
                 queue_bytes: int = 512 * 1024) -> None:
        Conn._ids += 1
        self.id = Conn._ids
        self.ws = ws
        self.seat: int | None = None
        self.name: str = f"guest{self.id}"
        self.room: str | None = None
        self.address = "?"  # the client's IP address (ws.py; the gate's per-address limits)
        self.lang = "en"  # the language of the server's texts for this person (hello.lang)
        self.deltas = False  # hello.deltas: a patch per change after the first full state
        # the tabs of a seat that stood up together (/leave) share this marker: one person's;
        # a /join from one of them seats them all again (room/commands.py join); read only
        # while the connection has no seat
        self.left: object | None = None
        # (version, seat) of the state whose content it holds (delta connections; but ``now``
        # when it was sent nothing since: room/stateframes.py), and the version of the last
        # state or patch it got: the ``base`` of its next patch (versions may skip)
        self.held: tuple[int, int | None] | None = None
        self.seen = -1
        self.you = ""  # the JSON of ``room.you`` in the state it has (delta connections)
        self.refused_in_a_row = 0  # says refused for the rate, since the last one let through
        self.bucket = TokenBucket(rate, burst)
        self.queue = Outbox()
        self.queue_max = queue_max
        self.queue_bytes = queue_bytes  # at most this many bytes wait for a slow reader
        self.queued_bytes = 0
        self.closing = False
        self.direct = False  # sends at once when idle (set by the writer once it runs)
        self._busy = False  # the writer is sending, or a send waits for the socket
        self._stalled: tuple[Any, Any] | None = None  # (send coroutine, what it awaits)
        # the server's own ASGI send under Starlette's WebSocket (its send_text adds a
        # coroutine and a check of its state per frame; a send after the close fails in
        # uvicorn instead); a stand-in socket without one: its send_text
        self._raw = getattr(ws, "_send", None)
        # better still, the server protocol's own direct write (gatedws.GatedWebSocket), which
        # skips the ASGI send's coroutines and the websockets library's frame objects
        scope = getattr(ws, "scope", None)
        self._direct = (scope.get("extensions") or {}).get(DIRECT_SEND) if scope else None

    def send(self, text: str) -> None:
        """Send one JSON text frame, or queue it (never blocks)."""
        if self.closing:
            return
        if self.direct and not self._busy and not self.queue._items:
            direct = self._direct  # the protocol's own write (gate.py), else the ASGI send
            if direct is None or not direct(text):
                self._send_asgi(text)
            return
        if self.queue.qsize() >= self.queue_max:
            log.warning("connection %s does not read its messages: closing it", self.id)
            self.close(CLOSE_TRY_LATER, "too slow")
            return
        self.queued_bytes += len(text)
        if self.queued_bytes > self.queue_bytes:
            # a reader that does not read: what waits for it is dropped (its memory freed)
            # and it is closed with 4001 once the frame on its way is through; the page
            # connects again and gets a fresh state (issue 11, item 4)
            log.warning("connection %s does not read its messages (%d bytes waiting): "
                        "closing it (4001)", self.id, self.queued_bytes)
            self.queue.take_nowait()
            self.queued_bytes = 0
            self.close(CLOSE_SLOW, "too slow: reconnect")
            return
        self.queue.put_nowait(text)

    def _send_text(self, text: str) -> Any:
        """The coroutine that sends one text frame."""
        raw = self._raw
        if raw is None:
            return self.ws.send_text(text)
        return raw({"type": "websocket.send", "text": text})

    def _send_asgi(self, text: str) -> None:
        """Send through the ASGI send; when it must wait, the writer task finishes it."""
        raw = self._raw  # (_send_text's coroutine, without its call)
        coro = (self.ws.send_text(text) if raw is None
                else raw({"type": "websocket.send", "text": text}))
        try:
            waiting = coro.send(None)
        except StopIteration:
            return  # sent
        except Exception:
            self.closing = True  # the socket is gone
            self.queue.wake()  # the writer ends (it had nothing more to send)
            return
        # the socket's buffer is full: the writer finishes this send, the next frames queue
        self._busy = True
        self._stalled = (coro, waiting)
        self.queue.wake()

    def close(self, code: int, reason: str) -> None:
        """Queue a close frame after everything already queued."""
        if self.closing:
            return
        self.closing = True
        self.queue.put_nowait((code, reason))

    async def writer(self) -> None:
        """Send what :meth:`send` queued, in order, everything queued by the time it wakes in
        one go; finish a send that had to wait. Between two wakes it keeps no frame."""
        send = self._send_text
        direct = self._direct
        self.direct = True
        try:
            while True:
                if self._stalled is None and not self.queue._items:
                    if self.closing:
                        # the socket is gone (a send failed): nothing more goes. It waited
                        # for good, and the connection's end waited 5 s for it (ws.py): a
                        # server's stop with two people in a room took 5 s more
                        return
                    self._busy = False
                    await self.queue.wait()
                    continue
                self._busy = True
                if self._stalled is not None:
                    coro, waiting = self._stalled
                    try:
                        await _finish(coro, waiting)
                    except Exception:
                        self.closing = True
                        return
                    finally:
                        self._stalled = None
                    del coro, waiting
                # a frame taken counts against ``queue_bytes`` until it is sent: a batch that
                # stalls half way leaves room for no more than the rest of the bound
                for item in self.queue.take_nowait():
                    if isinstance(item, tuple):
                        with contextlib.suppress(Exception):
                            await self.ws.close(code=item[0], reason=item[1])
                        return
                    if direct is None or not direct(item):
                        try:
                            await send(item)
                        except Exception:
                            self.closing = True
                            return
                    self.queued_bytes -= len(item)
                item = ""  # sent: not kept while waiting
        finally:
            self.direct = False
            if self._stalled is not None:  # cancelled before it could finish
                self._stalled[0].close()
                self._stalled = None
