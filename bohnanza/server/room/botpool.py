"""The worker processes the search bots think in (issue 15), shared by every room.

A policy whose class sets ``thinks = True`` (``hard``) is not asked on the event loop: its
``decide`` runs in a process of one pool (``Settings.bot_workers`` processes, started on
first use, ``spawn``ed so that no lock of the server's threads is copied into them). The
policy object and its generator travel there and back (pickled), so its memory and its
draws go on exactly as if it had decided here. ``bot_workers = 0``: it decides in a thread
instead (still off the event loop). Its time budget is set to at most the room's bot delay
(``BotDriver.think``), so a bot answers within it. A worker ends itself within a second of
its server's death (kill -9 included: no orphan processes are left behind).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import multiprocessing
import os
import random
import threading
import time
from typing import Any

_lock = threading.Lock()
_pools: dict[int, concurrent.futures.Executor] = {}


def pool(workers: int) -> concurrent.futures.Executor:
    """The shared pool of ``workers`` processes (a thread when 0), made on first use."""
    with _lock:
        ex = _pools.get(workers)
        if ex is None:
            if workers <= 0:
                ex = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="bot-think")
            else:
                ex = concurrent.futures.ProcessPoolExecutor(
                    workers, mp_context=multiprocessing.get_context("spawn"),
                    initializer=_watch_parent, initargs=(os.getpid(),))
            _pools[workers] = ex
        return ex


def _watch_parent(parent: int, every: float = 0.5) -> None:
    """In a worker: a daemon thread that ends this process once ``parent`` (the server's
    pid) is gone. A pool's own shutdown covers a clean stop; a server killed with SIGKILL
    runs no code, and its workers would otherwise wait for work for ever."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os._exit(0)

    threading.Thread(target=watch, name="watch-server", daemon=True).start()


def shutdown() -> None:
    """Stop every pool (server shutdown, tests)."""
    with _lock:
        pools = list(_pools.values())
        _pools.clear()
    for ex in pools:
        ex.shutdown(wait=False, cancel_futures=True)


def thinks(policy: Any) -> bool:
    """Whether ``policy`` decides in the pool."""
    return bool(getattr(policy, "thinks", False))


def _decide(policy: Any, view: dict[str, Any], rng: random.Random,
            hurry: bool) -> tuple[str | None, Any, random.Random]:
    text = policy.decide(view, rng, hurry=hurry)
    return text, policy, rng


def _drop(workers: int, ex: concurrent.futures.Executor) -> None:
    """Forget the pool ``ex`` (broken: a worker died) so that the next use makes a new one."""
    with _lock:
        if _pools.get(workers) is ex:
            del _pools[workers]
    ex.shutdown(wait=False, cancel_futures=True)


async def decide(workers: int, policy: Any, view: dict[str, Any], rng: random.Random,
                 hurry: bool) -> tuple[str | None, Any, random.Random]:
    """``policy.decide(view, rng, hurry=hurry)`` in the pool: ``(text, policy, rng)``, the
    policy and generator as they are after the decision. A pool a dead worker broke (killed,
    out of memory) is replaced and the decision asked again, once: a broken pool refuses every
    later task, and every search bot of the server played ``random`` from then on. Raises
    what the policy raises."""
    loop = asyncio.get_running_loop()
    for last in (False, True):
        ex = pool(workers)
        try:
            return await loop.run_in_executor(ex, _decide, policy, view, rng, hurry)
        except concurrent.futures.BrokenExecutor:
            _drop(workers, ex)
            if last:
                raise
    raise AssertionError("unreachable")  # pragma: no cover
