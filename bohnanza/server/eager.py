"""A coroutine run at once, outside any task, in the callback that has its input.

``ws.py`` hands a plain ``say`` read straight off the socket (``gatedws.GatedWebSocket``'s direct
receive) to its room in the turn of the event loop that read it, instead of queueing it for the
connection's task, which would run it in a turn of its own (issue 14, server CPU: one turn of
the loop, a queue and a task switch less per command). :func:`start` runs the coroutine until
it waits for a future, then resumes it from that future's callback, as a task would, without
being one: ``asyncio.current_task()`` is None in it, so what must not run inside another
coroutine's step (``dboutcomes.settle`` resuming writers inline) asks :func:`stepping`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from functools import partial
from typing import Any

Done = Callable[[BaseException | None], None]

_depth = 0  # steps of coroutines started here that are running now (nested: several)


def stepping() -> bool:
    """Is a coroutine started by :func:`start` running a step now (no task, but a coroutine's
    code)?"""
    return _depth > 0


def start(coro: Coroutine[Any, Any, Any], done: Done, _: Any = None) -> None:
    """Run ``coro`` now until it waits, and on to its end from the callbacks of what it waits
    for (a future: when it is done; a bare yield, ``asyncio.sleep(0)``: the next turn).
    ``done(None)`` when it returns, ``done(error)`` when it raises (its result is dropped);
    ``done`` must not raise. Call it from the event loop's thread, the loop running. (Each
    later step is this call again: ``_``, the future it waited for, is not read.)"""
    global _depth
    _depth += 1
    try:
        waiting = coro.send(None)
    except StopIteration:
        _depth -= 1
        done(None)
        return
    except BaseException as e:  # noqa: BLE001 - handed to ``done``, as a task keeps it
        _depth -= 1
        done(e)
        if isinstance(e, (SystemExit, KeyboardInterrupt)):
            raise
        return
    _depth -= 1
    if waiting is None:  # a bare yield: go on in the next turn
        asyncio.get_running_loop().call_soon(start, coro, done)
        return
    # what a task does with a future its coroutine yields (the flag says "yielded by an
    # await"): wait for it; on resumption the await reads its outcome (or its cancellation)
    waiting._asyncio_future_blocking = False
    waiting.add_done_callback(partial(start, coro, done))  # (called with the future: ``_``)
