"""The ordered database queue: every call to the store runs in the order it was asked for.

With ``synchronous`` OFF or NORMAL a SQLite commit only writes to the write-ahead log (tens of
microseconds, no ``fsync``): such a call runs inline on the event loop, not waiting for locks,
unless calls handed to the database thread have not ended yet. A call that would wait (a lock
another connection holds: ``SQLITE_BUSY``; ``synchronous`` FULL) runs on the database thread,
where it waits up to ``sqlite_busy_timeout`` while the event loop (the other rooms) goes on;
the calls after it follow it there until it ends. A room waits for its own write with its lock
held, while the other rooms go on. Errors come back as :class:`StorageFailure`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

from .store import Store

log = logging.getLogger("bohnanza.server")

T = TypeVar("T")


class StorageFailure(Exception):
    """A store call failed (the message names the original error)."""


class FencedFailure(StorageFailure):
    """A write refused by fencing (postgres.py): another process owns ``room`` now."""

    def __init__(self, message: str, room: str) -> None:
        super().__init__(message)
        self.room = room


def _on_db_thread(fn: Callable[..., T], args: tuple[Any, ...], kw: dict[str, Any]) -> T:
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


def _busy(e: sqlite3.OperationalError) -> bool:
    """A lock another connection holds (``SQLITE_BUSY``, ``SQLITE_LOCKED``)."""
    code = getattr(e, "sqlite_errorcode", None)
    return isinstance(code, int) and code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


class DbQueue:
    """The calls to ``store`` (the writing connection) in order; reads of ``reader``.

    ``inline``: a commit does not wait for the disk (see the module docstring)."""

    def __init__(self, store: Store, reader: Store, inline: bool) -> None:
        self.store = store
        self.reader = reader
        self.inline = inline
        # calls that may wait run here, one at a time, in the order asked for
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bohnanza-db")
        self._queued = 0  # calls handed to the database thread that have not ended yet
        # told the room's name when a write is refused by fencing (server/cluster/owner.py)
        self.on_fenced: Callable[[str], None] | None = None

    async def call(self, fn: Callable[..., T], /, *args: Any, **kw: Any) -> T:
        """Run ``fn(*args, **kw)`` (a store call) in the order asked for; see the module
        docstring. Raises :class:`StorageFailure`."""
        if self.inline and not self._queued:
            failure: StorageFailure | None = None
            try:
                return fn(*args, **kw)
            except sqlite3.OperationalError as e:
                if not _busy(e):
                    failure = StorageFailure(f"{type(e).__name__}: {e}")
            except Exception as e:
                failure = StorageFailure(f"{type(e).__name__}: {e}")
            if failure is not None:
                raise failure
            # locked: wait for it on the database thread (nothing was written)
        try:
            return await asyncio.wrap_future(self._submit(fn, args, kw))
        except FencedFailure as e:
            if self.on_fenced is not None:
                self.on_fenced(e.room)
            raise

    async def read(self, fn: Callable[..., T], /, *args: Any, **kw: Any) -> T:
        """Run a read of ``self.reader`` (inline; in the queue when the reader is the writing
        connection, an in-memory database)."""
        if self.reader is self.store:
            return await self.call(fn, *args, **kw)
        return fn(*args, **kw)

    def later(self, fn: Callable[[], Any]) -> None:
        """Run ``fn()`` without waiting for it (best effort: a failure is logged), after every
        call asked for before it: inline when :meth:`call` would, else on the database
        thread."""

        loop = asyncio.get_running_loop()

        def done(f: Future[Any]) -> None:
            e = f.exception()
            if e is not None:
                log.info("background write failed: %s", e)
            if isinstance(e, FencedFailure) and self.on_fenced is not None:
                with contextlib.suppress(RuntimeError):  # the loop is closed
                    loop.call_soon_threadsafe(self.on_fenced, e.room)

        if self.inline and not self._queued:
            try:
                fn()
                return
            except sqlite3.OperationalError as e:
                if not _busy(e):
                    log.info("background write failed: %s", e)
                    return
            except Exception as e:
                log.info("background write failed: %s", e)
                return
        with contextlib.suppress(RuntimeError):  # shutting down
            self._submit(fn, (), {}).add_done_callback(done)

    def checkpoint_now(self) -> None:
        """Copy the rest of the write-ahead log back and start it over, between two writes
        (on the database thread: the writes meanwhile wait there)."""
        checkpoint = getattr(self.store, "checkpoint", None)
        if checkpoint is not None:
            with contextlib.suppress(RuntimeError):  # shutting down
                self._submit(checkpoint, ("TRUNCATE",), {})

    def close(self) -> None:
        """After the calls already asked for (each waits at most the busy timeout): close the
        connections and the thread."""
        if self.reader is not self.store:
            self.reader.close()
        self._thread.submit(self.store.close)
        self._thread.shutdown(wait=True)

    def _submit(
        self, fn: Callable[..., T], args: tuple[Any, ...], kw: dict[str, Any]
    ) -> Future[T]:
        """Hand a call to the database thread (counted until it ends)."""
        loop = asyncio.get_running_loop()
        future = self._thread.submit(self._waiting_call, fn, args, kw)
        self._queued += 1

        def ended(_: Future[T]) -> None:
            with contextlib.suppress(RuntimeError):  # the loop is closed: nobody counts
                loop.call_soon_threadsafe(self._unqueue)

        future.add_done_callback(ended)
        return future

    def _unqueue(self) -> None:
        self._queued -= 1

    def _waiting_call(self, fn: Callable[..., T], args: tuple[Any, ...], kw: dict[str, Any]) -> T:
        """On the database thread: ``fn`` waits up to the busy timeout for locks."""
        with contextlib.suppress(Exception):
            self.store.wait_for_locks(True)
        try:
            return _on_db_thread(fn, args, kw)
        finally:
            if self.inline:  # the inline calls never wait
                with contextlib.suppress(Exception):
                    self.store.wait_for_locks(False)
