"""This process's Redis channel (``bohnanza:p:<owner id>``): the relay's messages to and from
the other processes (the relay itself: relay.py).

One publishing connection per process sends in order, and one subscription receives in order,
so the frames of a connection keep their order; the messages for one process queued together
go as one Redis message (joined by ``\\x1e``); the fields of a message are joined by ``\\x1f``
(JSON text never holds these characters unescaped). A message nobody received means that
process does not listen; Redis lost means every relayed connection is dropped (relay.py says
what each side does then).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

import redis.asyncio as aioredis

if TYPE_CHECKING:
    from .owner import Owner

log = logging.getLogger("bohnanza.server")

SEP = "\x1f"  # between the fields of a message
BATCH = "\x1e"  # between the messages of one Redis message


def channel(owner: int) -> str:
    return f"bohnanza:p:{owner}"


class Channel:
    """The Redis connection, the subscription to this process's channel and the publishing
    queue; what a message says is the relay's (``_dispatch``, ``_down``, ``_unreachable``)."""

    def __init__(self, owner: Owner, url: str) -> None:
        self.owner = owner
        self.url = url
        self.redis = aioredis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=5)
        self.me = 0
        self.up = False
        self._out: asyncio.Queue[tuple[int, str]] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._subscribed = asyncio.Event()

    # ------------------------------------------------------------ what the relay does

    async def _dispatch(self, data: str) -> None:
        raise NotImplementedError

    def _down(self) -> None:
        raise NotImplementedError

    def _unreachable(self, other: int) -> None:
        raise NotImplementedError

    # ------------------------------------------------------------ life

    async def start(self) -> None:
        self.me = self.owner.me
        self._tasks = [asyncio.create_task(self._reader()), asyncio.create_task(self._writer())]
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._subscribed.wait(), 5)

    async def _cancel_tasks(self) -> None:
        for t in self._tasks:
            t.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t

    async def _close(self) -> None:
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    async def resubscribe(self) -> None:
        """A new lease, a new owner id: listen on its channel."""
        for t in self._tasks[:1]:
            t.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t
        self.me = self.owner.me
        self._subscribed.clear()
        self._tasks[:1] = [asyncio.create_task(self._reader())]

    async def _reader(self) -> None:
        """Listen on our channel; Redis lost: every relayed connection dropped, retried 2/s."""
        while True:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(channel(self.me))
                self.up = True
                self._subscribed.set()
                while True:
                    msg = await pubsub.get_message(timeout=1.0)
                    if msg is not None:
                        data = msg["data"]
                        for one in (data.decode() if isinstance(data, bytes) else data
                                    ).split(BATCH):
                            await self._dispatch(one)
            except asyncio.CancelledError:
                raise
            except Exception as e:
                if self.up:
                    log.warning("relay: Redis lost (%s)", e)
                self._down()
                await asyncio.sleep(0.5)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()  # type: ignore[no-untyped-call, unused-ignore]  # (redis < 8.2: untyped)

    async def _writer(self) -> None:
        """Publish in order: everything queued in one pipeline (one round trip), the messages
        for one process in one Redis message, in the order queued."""
        while True:
            first = await self._out.get()
            batch: dict[int, list[str]] = {first[0]: [first[1]]}
            while not self._out.empty():
                to, data = self._out.get_nowait()
                batch.setdefault(to, []).append(data)
            if not self.up:
                continue  # dropped already; nothing can be carried
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for to, datas in batch.items():
                        pipe.publish(channel(to), BATCH.join(datas))
                    heard = await pipe.execute()
            except Exception as e:
                log.warning("relay: publish failed (%s)", e)
                self._down()
                continue
            # a message nobody received: that process does not listen (it lost Redis, or
            # its lease and channel): its connections here and ours there are cut now
            for to, n in zip(batch, heard, strict=True):
                if n == 0:
                    self._unreachable(to)

    def publish(self, to: int, data: str) -> None:
        self._out.put_nowait((to, data))
