"""The database thread (``dbqueue.DbQueue``'s): the store calls that may wait for a lock, run
one at a time in the order they were handed over, each outcome back on the event loop with one
wake-up (``call_soon_threadsafe``). An error comes back as a plain
:class:`~bohnanza.server.dboutcomes.StorageFailure` (:func:`on_db_thread`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from .dboutcomes import FencedFailure, StorageFailure
from .store import Store

log = logging.getLogger("bohnanza.server")

T = TypeVar("T")


def on_db_thread(fn: Callable[..., T], args: tuple[Any, ...], kw: dict[str, Any]) -> T:
    """Run ``fn`` on the database thread. Its error comes back as a plain
    :class:`StorageFailure` without a traceback into the store: the original (whose frames hold
    SQLite cursors) is freed here. Freed on the event loop, a cursor would wait for the
    connection's mutex, holding the GIL, while the next write waits for a lock."""
    try:
        return fn(*args, **kw)
    except Exception as e:
        room = getattr(e, "room", None)
        failure = (FencedFailure(f"{type(e).__name__}: {e}", room) if isinstance(room, str)
                   else StorageFailure(f"{type(e).__name__}: {e}"))
    raise failure


class DbThread:
    """The thread of ``store``, the writing connection (``inline``: a commit does not wait for
    the disk, and the calls made on the event loop never wait for a lock: dbqueue.py)."""

    def __init__(self, store: Store, inline: bool) -> None:
        self.store = store
        self.inline = inline
        # calls that may wait run on the database thread, one at a time, in the order asked
        # for; each comes back to the event loop with one wake-up (call_soon_threadsafe)
        self._jobs: queue.SimpleQueue[Callable[[], None] | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._work, name="bohnanza-db", daemon=True)
        self._thread.start()
        self._closed = False
        self._queued = 0  # calls handed to the database thread that have not ended yet
        # told the room's name when a write is refused by fencing (server/cluster/owner.py)
        self.on_fenced: Callable[[str], None] | None = None

    def stop_thread(self) -> None:
        """After the calls already handed over: close the store's connection and the thread."""
        if not self._closed:
            self._closed = True
            self._jobs.put(self.store.close)
            self._jobs.put(None)
        if self._thread is not threading.current_thread():
            self._thread.join()

    def _work(self) -> None:
        """The database thread: the calls handed to it, in order, until ``None``."""
        while (job := self._jobs.get()) is not None:
            try:
                job()
            except Exception:  # pragma: no cover - a job reports its own errors
                log.exception("database thread")

    def _submit(
        self, fn: Callable[..., T], args: tuple[Any, ...], kw: dict[str, Any], wait: bool = True,
        locks: bool = True,
    ) -> asyncio.Future[T]:
        """Hand a call to the database thread (counted until it ends): its outcome, set on
        the event loop with one wake-up. ``wait=False`` (nobody awaits it): a failure is
        logged, and a fenced one told to :attr:`on_fenced`. ``locks=False``: a call that
        never waits for a lock, made without the busy timeout (:meth:`_waiting_call`).
        Raises ``RuntimeError`` once the queue is closed."""
        if self._closed:
            raise RuntimeError("the database queue is closed")
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._queued += 1

        def run() -> None:  # on the database thread
            result: Any = None
            error: BaseException | None = None
            try:
                result = (self._waiting_call(fn, args, kw) if locks
                          else on_db_thread(fn, args, kw))
            except BaseException as e:  # noqa: BLE001 - handed to the event loop
                error = e

            def deliver() -> None:  # on the event loop
                self._queued -= 1
                if not wait:
                    if error is not None:
                        log.info("background write failed: %s", error)
                        if isinstance(error, FencedFailure) and self.on_fenced is not None:
                            self.on_fenced(error.room)
                elif future.cancelled():
                    pass
                elif error is not None:
                    future.set_exception(error)
                else:
                    future.set_result(result)

            with contextlib.suppress(RuntimeError):  # the loop is closed: nobody counts
                loop.call_soon_threadsafe(deliver)

        self._jobs.put(run)
        return future

    def _waiting_call(self, fn: Callable[..., T], args: tuple[Any, ...], kw: dict[str, Any]) -> T:
        """On the database thread: ``fn`` waits up to the busy timeout for locks."""
        with contextlib.suppress(Exception):
            self.store.wait_for_locks(True)
        try:
            return on_db_thread(fn, args, kw)
        finally:
            if self.inline:  # the inline calls never wait
                with contextlib.suppress(Exception):
                    self.store.wait_for_locks(False)
