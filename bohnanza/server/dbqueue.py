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
callback, in order (:func:`_settle`): a room sends its command's frames in the commit's turn
of the loop, not in a turn of their own.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import queue
import sqlite3
import threading
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar, cast

from . import eager
from .store import Store

log = logging.getLogger("bohnanza.server")

# the running task of a loop: asyncio's own table (CPython 3.11's ``asyncio.current_task`` is
# a Python function around it, a frame of its own per write); where there is none, the function
_current_task: Callable[[asyncio.AbstractEventLoop], asyncio.Task[Any] | None] = getattr(
    getattr(asyncio.tasks, "_current_tasks", None), "get", None) or asyncio.current_task

T = TypeVar("T")
Call = tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any]]  # fn, args, kw
Outcome = tuple[bool, Any]  # (True, its result) or (False, its exception)


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


def _grouped(grouper: Callable[[list[Call]], list[Outcome]], calls: list[Call]
             ) -> list[Outcome]:
    """``grouper(calls)`` with each failed call's error as a plain :class:`StorageFailure`
    (the original, whose frames hold SQLite cursors, is freed where it was raised: see
    :func:`_on_db_thread`)."""
    return [(ok, value if ok else StorageFailure(f"{type(value).__name__}: {value}"))
            for ok, value in grouper(calls)]


def _settle(futures: list[asyncio.Future[Any]], outcomes: list[Outcome]) -> None:
    """Each future its outcome (an exception as :class:`StorageFailure`); one nobody awaits
    any more (cancelled) is skipped.

    Called from a callback of the event loop (no task running: the group's own turn), each
    future's callbacks (the task that awaits it) run here, in order, instead of in the next
    turn of the loop, where ``set_result`` would put them: a write's caller resumes in its
    commit's turn (one turn of the loop less per command, about 14 K instructions). They are
    taken off the future before its outcome is set (``_callbacks``, asyncio's own list of
    ``(callback, context)`` pairs; a future without it is settled as usual). From a task,
    the callbacks run in the next turn, as asyncio does: a task cannot resume another.
    The list is copied before they are taken off: a Python future (``asyncio.futures``
    without its C accelerator) empties its own list in place, and its waiters never resumed.
    Inside a step of a coroutine run outside a task (``eager``: a say read straight off the
    socket, whose room flushes the group) it is as from a task: nothing resumes inside it."""
    if not futures:
        return
    # the futures' own loop, the one running: asking it costs no ``getpid`` system call, as
    # asking for the running loop does in CPython 3.11 (its check of a fork)
    now = _current_task(futures[0].get_loop()) is None and not eager.stepping()
    for future, (ok, value) in zip(futures, outcomes, strict=True):
        if future.done():
            continue
        waiting = getattr(future, "_callbacks", None) if now else None
        if waiting:
            # a copy: a Python future's remove_done_callback rewrites its own list in place
            # (the C future's _callbacks is a new list already)
            waiting = list(waiting)
            for callback, _ in waiting:
                future.remove_done_callback(callback)
        if ok:
            future.set_result(value)
        elif isinstance(value, StorageFailure):
            future.set_exception(value)
        else:
            future.set_exception(StorageFailure(f"{type(value).__name__}: {value}"))
        for callback, context in waiting or ():
            try:
                context.run(callback, future)
            except (SystemExit, KeyboardInterrupt):
                raise
            except BaseException as e:  # as the loop's own Handle does
                future.get_loop().call_exception_handler(
                    {"message": "a write's waiter failed", "exception": e, "future": future})


class DbQueue:
    """The calls to ``store`` (the writing connection) in order; reads of ``reader``.

    ``inline``: a commit does not wait for the disk (see the module docstring)."""

    def __init__(self, store: Store, reader: Store, inline: bool) -> None:
        self.store = store
        self.reader = reader
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
            busy = False
            try:
                # a failed call's error becomes a StorageFailure in _settle, as _grouped makes it
                outcomes = self.store.group(calls)  # type: ignore[attr-defined]
            except sqlite3.OperationalError as e:
                busy = _busy(e)
                if not busy:
                    failure = StorageFailure(f"{type(e).__name__}: {e}")
            except Exception as e:
                failure = StorageFailure(f"{type(e).__name__}: {e}")
            if busy:
                # locked: wait for it on the database thread (nothing written). Handed over
                # only here, once the error and the frames it holds (an SQLite cursor) are
                # freed: freed after the thread took the connection, the cursor would wait for
                # its mutex through the whole busy timeout, the event loop stopped with it
                # (every room's commands; see _on_db_thread)
                self._submit_group(calls, futures)
                return
            if failure is not None:
                outcomes = [(False, failure)] * len(futures)
            _settle(futures, outcomes)
            return
        self._submit_group(calls, futures)

    def _submit_group(self, calls: list[Call], futures: list[asyncio.Future[Any]]) -> None:
        grouper = functools.partial(_grouped, self.store.group)  # type: ignore[attr-defined]
        try:
            done = self._submit(grouper, (calls,), {})
        except RuntimeError as e:  # the queue is closed
            _settle(futures, [(False, StorageFailure(str(e)))] * len(futures))
            return

        def settle(f: asyncio.Future[list[Outcome]]) -> None:
            error = f.exception()
            _settle(futures, [(False, error)] * len(futures) if error is not None
                    else f.result())

        done.add_done_callback(settle)

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
                if not _busy(e):
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
                if not _busy(e):
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
                          else _on_db_thread(fn, args, kw))
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
            return _on_db_thread(fn, args, kw)
        finally:
            if self.inline:  # the inline calls never wait
                with contextlib.suppress(Exception):
                    self.store.wait_for_locks(False)
