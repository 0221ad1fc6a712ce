"""The ordered database queue: every call to the store runs in the order it was asked for.

With ``synchronous`` OFF or NORMAL a SQLite commit only writes to the write-ahead log (tens of
microseconds, no ``fsync``): such a call runs inline on the event loop, not waiting for locks,
unless calls handed to the database thread have not ended yet. A call that would wait (a lock
another connection holds: ``SQLITE_BUSY``; ``synchronous`` FULL) runs on the database thread,
where it waits up to ``sqlite_busy_timeout`` while the event loop (the other rooms) goes on;
the calls after it follow it there until it ends. A room waits for its own write with its lock
held, while the other rooms go on. Errors come back as :class:`StorageFailure`.

Group commit (:meth:`DbQueue.write`, issue 14): the writes of the rooms' changes asked for
within one turn of the event loop are made together, in one transaction (one write of the
log's pages; one ``fsync`` with ``synchronous`` FULL), at the end of that turn, each in a
savepoint of its own (a write that fails is undone alone and fails alone). Each caller's
await returns once the transaction is committed: a command's reply is still sent only after
it is stored, and one room's writes still run in the order it asked for them (it waits for
each). A store without ``group`` (PostgreSQL) makes each write alone, as :meth:`DbQueue.call`.
A group committed by a callback of the event loop (the usual case) resumes its writers in that
callback, in order (``dboutcomes.settle``): a room sends its command's frames in the commit's turn
of the loop, not in a turn of their own.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import sqlite3
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar, cast

from .dboutcomes import Call, FencedFailure, Outcome, StorageFailure, busy, grouped, settle
from .dbthread import DbThread
from .store import Store

log = logging.getLogger("bohnanza.server")

T = TypeVar("T")


class DbQueue(DbThread):
    """The calls to ``store`` (the writing connection) in order; reads of ``reader``.

    ``inline``: a commit does not wait for the disk (see the module docstring)."""

    def __init__(self, store: Store, reader: Store, inline: bool) -> None:
        super().__init__(store, inline)  # the database thread (dbthread.py)
        self.reader = reader
        # a store call's twin on the event loop (postgres.py), used when nothing waits here
        self._async_variant: Callable[[Any], Any] | None = getattr(store, "async_variant", None)
        # group commit (write): the writes asked for in this turn of the loop, with their
        # futures; made together at its end (sqlite.py's SQLiteStore.group)
        self._grouping = hasattr(store, "group")
        self._calls: list[Call] = []  # the group's writes, and their futures (the same order)
        self._futures: list[asyncio.Future[Any]] = []
        self._loop: asyncio.AbstractEventLoop | None = None  # write's, while it runs
        self.asked = 0  # calls asked for (checkpointer.py: whether the log may have grown)

    def write(self, fn: Callable[..., T], /, *args: Any, **kw: Any) -> Awaitable[T]:
        """A store call that writes, made together with the other writes asked for in this
        turn of the event loop, in one transaction (module docstring: group commit): asked
        for now, when ``write`` is called; what it returns, awaited, returns once that
        transaction is committed and raises :class:`StorageFailure` (nothing of this write is
        stored; the others of its group may be). With group commit it is the write's future
        itself, not a coroutine awaiting it (one coroutine less per command: await it, or
        hand it to ``asyncio.gather``/``ensure_future``, not to ``create_task``)."""
        if not self._grouping:
            return self.call(fn, *args, **kw)
        calls = self._calls
        # the loop kept: asking for the running one costs a ``getpid`` system call in CPython
        # 3.11 (its check of a fork); asked again once the kept one has stopped
        loop = self._loop
        if loop is None or not loop.is_running():
            loop = self._loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        if not calls:
            loop.call_soon(self.flush)
        calls.append((fn, args, kw))
        self._futures.append(future)
        return future

    def flush(self) -> None:
        """Make the writes asked for so far with :meth:`write` (one transaction), before any
        call asked for after them: inline when :meth:`call` would run inline, else as one job
        on the database thread. Their futures get their outcomes."""
        calls, futures = self._calls, self._futures
        if not calls:
            return
        self._calls, self._futures = [], []
        self.asked += 1
        if self.inline and not self._queued:
            failure: StorageFailure | None = None
            locked = False
            try:
                # a failed call's error becomes a StorageFailure in settle, as grouped makes it
                outcomes = self.store.group(calls)  # type: ignore[attr-defined]
            except sqlite3.OperationalError as e:
                locked = busy(e)
                if not locked:
                    failure = StorageFailure(f"{type(e).__name__}: {e}")
            except Exception as e:
                failure = StorageFailure(f"{type(e).__name__}: {e}")
            if locked:
                # locked: wait for it on the database thread (nothing written). Handed over
                # only here, once the error and the frames it holds (an SQLite cursor) are
                # freed: freed after the thread took the connection, the cursor would wait for
                # its mutex through the whole busy timeout, the event loop stopped with it
                # (every room's commands; see dbthread.on_db_thread)
                self._submit_group(calls, futures)
                return
            if failure is not None:
                outcomes = [(False, failure)] * len(futures)
            settle(futures, outcomes)
            return
        self._submit_group(calls, futures)

    def _submit_group(self, calls: list[Call], futures: list[asyncio.Future[Any]]) -> None:
        grouper = functools.partial(grouped, self.store.group)  # type: ignore[attr-defined]
        try:
            done = self._submit(grouper, (calls,), {})
        except RuntimeError as e:  # the queue is closed
            settle(futures, [(False, StorageFailure(str(e)))] * len(futures))
            return

        def settle_all(f: asyncio.Future[list[Outcome]]) -> None:
            error = f.exception()
            settle(futures, [(False, error)] * len(futures) if error is not None
                   else f.result())

        done.add_done_callback(settle_all)

    async def call(self, fn: Callable[..., T], /, *args: Any, **kw: Any) -> T:
        """Run ``fn(*args, **kw)`` (a store call) in the order asked for; see the module
        docstring. Raises :class:`StorageFailure`."""
        if self._calls:
            self.flush()  # the writes asked for before it come first
        self.asked += 1
        if self._async_variant is not None and not self._queued:
            twin = self._async_variant(fn)
            if twin is not None:  # nothing waits on the thread: the order is kept
                return cast(T, await self._call_async(twin, args, kw))
        if self.inline and not self._queued:
            failure: StorageFailure | None = None
            try:
                return fn(*args, **kw)
            except sqlite3.OperationalError as e:
                if not busy(e):
                    failure = StorageFailure(f"{type(e).__name__}: {e}")
            except Exception as e:
                failure = StorageFailure(f"{type(e).__name__}: {e}")
            if failure is not None:
                raise failure
            # locked: wait for it on the database thread (nothing was written)
        try:
            return await self._submit(fn, args, kw)
        except FencedFailure as e:
            if self.on_fenced is not None:
                self.on_fenced(e.room)
            raise

    async def _call_async(self, twin: Callable[..., Any], args: tuple[Any, ...],
                          kw: dict[str, Any]) -> Any:
        """A store call's twin on the event loop; errors as on the database thread."""
        try:
            return await twin(*args, **kw)
        except Exception as e:
            room = getattr(e, "room", None)
            if isinstance(room, str):
                if self.on_fenced is not None:
                    self.on_fenced(room)
                raise FencedFailure(f"{type(e).__name__}: {e}", room) from None
            raise StorageFailure(f"{type(e).__name__}: {e}") from None

    async def read(self, fn: Callable[..., T], /, *args: Any, **kw: Any) -> T:
        """Run a read of ``self.reader`` (inline; in the queue when the reader is the writing
        connection, an in-memory database), the writing one's command file folded in first."""
        if self.reader is self.store:
            return await self.call(fn, *args, **kw)
        if getattr(self.store, "unfolded", 0):
            try:  # (locked elsewhere: the rows folded so far are read)
                await self.call(self.store.fold)  # type: ignore[attr-defined]
            except StorageFailure as e:
                log.info("read before the command file is folded: %s", e)
        return fn(*args, **kw)

    def later(self, fn: Callable[[], Any]) -> None:
        """Run ``fn()`` without waiting for it (best effort: a failure is logged), after every
        call asked for before it: inline when :meth:`call` would, else on the database
        thread."""
        if self._calls:
            self.flush()
        self.asked += 1
        if self.inline and not self._queued:
            try:
                fn()
                return
            except sqlite3.OperationalError as e:
                if not busy(e):
                    log.info("background write failed: %s", e)
                    return
            except Exception as e:
                log.info("background write failed: %s", e)
                return
        with contextlib.suppress(RuntimeError):  # shutting down
            self._submit(fn, (), {}, wait=False)

    def checkpoint_now(self, mode: str = "TRUNCATE") -> None:
        """Copy the write-ahead log back (TRUNCATE: and cut it), between two writes (on the
        database thread: the writes meanwhile wait there)."""
        checkpoint = getattr(self.store, "checkpoint", None)
        if self._calls:
            self.flush()
        if checkpoint is not None:
            with contextlib.suppress(RuntimeError):  # shutting down
                # PASSIVE never waits for a lock (SQLite calls no busy handler for it): made
                # without setting the busy timeout and back (two PRAGMAs) around it
                self._submit(checkpoint, (mode,), {}, wait=False, locks=mode != "PASSIVE")

    def close(self) -> None:
        """After the calls already asked for (each waits at most the busy timeout): close the
        connections and the thread."""
        if self._calls:
            self.flush()
        if self.reader is not self.store:
            self.reader.close()
        self.stop_thread()
