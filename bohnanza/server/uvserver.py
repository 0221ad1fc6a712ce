"""uvicorn's server for ``bohnanza serve``, woken once a second instead of ten times.

uvicorn's ``Server.main_loop`` sleeps 0.1 s at a time to look at ``should_exit`` (set by
SIGINT and SIGTERM) and, every tenth time, to write the ``date`` header's new second. Each of
those ten wakings a second costs the idle server a turn of its event loop (issue 14: at
R = 20, where the server waits between two commands, each turn from idle is paid in full).
:class:`QuietServer` wakes once a second for the ``date`` header, and at once when a signal
asks it to stop (:meth:`handle_exit`), so a stop is as quick as before.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from types import FrameType

import uvicorn

TICK = 1.0  # seconds between two of the server's own wakings: the ``date`` header's second


def _wake(fut: asyncio.Future[None]) -> None:
    if not fut.done():
        fut.set_result(None)


class QuietServer(uvicorn.Server):
    """``uvicorn.Server`` whose main loop waits on a future (woken by :meth:`handle_exit` or
    after :data:`TICK` seconds) instead of polling ``should_exit`` every 0.1 s. ``on_tick`` is
    uvicorn's, given counters that are multiples of 10, so it refreshes the ``date`` header at
    every waking, as uvicorn does once a second."""

    _loop: asyncio.AbstractEventLoop | None = None
    _woken: asyncio.Future[None] | None = None
    on_exit: Callable[[], None] | None = None  # told first when a signal asks it to stop

    async def main_loop(self) -> None:
        loop = self._loop = asyncio.get_running_loop()
        counter = 0
        should_exit = await self.on_tick(counter)
        while not should_exit:
            counter = (counter + 10) % 864000
            fut: asyncio.Future[None] = loop.create_future()
            self._woken = fut
            timer = loop.call_later(TICK, _wake, fut)
            if self.should_exit:  # set before the future was there to wake
                _wake(fut)
            await fut
            timer.cancel()
            should_exit = await self.on_tick(counter)

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        if self.on_exit is not None:
            self.on_exit()
        super().handle_exit(sig, frame)
        loop, fut = self._loop, self._woken
        if loop is not None and fut is not None and not loop.is_closed():
            loop.call_soon_threadsafe(_wake, fut)


def run(app: object, on_exit: Callable[[], None] | None = None, **kwargs: object) -> bool:
    """``uvicorn.run(app, **kwargs)`` with :class:`QuietServer` (one process, no reload);
    ``on_exit`` is called as a signal asks the server to stop, before it closes the
    connections. Returns whether the server started (uvicorn's ``run`` exits 3 when it did
    not)."""
    config = uvicorn.Config(app, **kwargs)  # type: ignore[arg-type]
    server = QuietServer(config=config)
    server.on_exit = on_exit
    try:
        server.run()
    except KeyboardInterrupt:  # pragma: no cover - uvicorn's run does the same
        pass
    return server.started
