"""What a call to the store comes back as on the event loop (``dbqueue.DbQueue``): its failure
(:class:`StorageFailure`; :class:`FencedFailure`, a write refused by fencing), whether an SQLite
error is a lock another connection holds (:func:`busy`), and the futures of a group commit given
their outcomes (:func:`settle`: its writers resumed in the commit's own turn of the loop)."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from typing import Any

from . import eager

# the running task of a loop: asyncio's own table (CPython 3.11's ``asyncio.current_task`` is
# a Python function around it, a frame of its own per write); where there is none, the function
_current_task: Callable[[asyncio.AbstractEventLoop], asyncio.Task[Any] | None] = getattr(
    getattr(asyncio.tasks, "_current_tasks", None), "get", None) or asyncio.current_task

Call = tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any]]  # fn, args, kw
Outcome = tuple[bool, Any]  # (True, its result) or (False, its exception)


class StorageFailure(Exception):
    """A store call failed (the message names the original error)."""


class FencedFailure(StorageFailure):
    """A write refused by fencing (postgres.py): another process owns ``room`` now."""

    def __init__(self, message: str, room: str) -> None:
        super().__init__(message)
        self.room = room


def busy(e: sqlite3.OperationalError) -> bool:
    """A lock another connection holds (``SQLITE_BUSY``, ``SQLITE_LOCKED``)."""
    code = getattr(e, "sqlite_errorcode", None)
    return isinstance(code, int) and code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def grouped(grouper: Callable[[list[Call]], list[Outcome]], calls: list[Call]
             ) -> list[Outcome]:
    """``grouper(calls)`` with each failed call's error as a plain :class:`StorageFailure`
    (the original, whose frames hold SQLite cursors, is freed where it was raised: see
    ``dbthread.on_db_thread``)."""
    return [(ok, value if ok else StorageFailure(f"{type(value).__name__}: {value}"))
            for ok, value in grouper(calls)]


def settle(futures: list[asyncio.Future[Any]], outcomes: list[Outcome]) -> None:
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
