"""The search bots' worker pool (server/room/botpool.py, issue 15): a server killed with
SIGKILL leaves no worker process behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# a stand-in for the server: makes the pool, has a worker report its pid, then waits
SERVER = """
import os, sys, time
from bohnanza.server.room import botpool
pids = {botpool.pool(2).submit(os.getpid).result() for _ in range(8)}
print(*sorted(pids), flush=True)
time.sleep(60)
"""


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split()[2] != "Z"
    except FileNotFoundError:
        return False


def test_workers_end_when_their_server_is_killed() -> None:
    proc = subprocess.Popen([sys.executable, "-c", SERVER], cwd=REPO, stdout=subprocess.PIPE,
                            text=True)
    try:
        assert proc.stdout is not None
        workers = [int(p) for p in proc.stdout.readline().split()]
        assert workers and proc.pid not in workers
        assert all(_alive(p) for p in workers)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        deadline = time.monotonic() + 10
        while any(_alive(p) for p in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [p for p in workers if _alive(p)], "workers outlived the killed server"
    finally:
        if proc.poll() is None:
            proc.kill()


async def test_a_pool_whose_worker_died_is_replaced() -> None:
    """A worker killed (the kernel's out-of-memory killer, an operator) breaks its pool, and a
    broken pool refuses every later task: the search bots of every room played ``random``
    until the server restarted. The next decision gets a new pool."""
    import asyncio
    import random as rnd

    from bohnanza.bots import get_policy
    from bohnanza.engine import Game
    from bohnanza.server.room import botpool

    botpool.shutdown()
    try:
        loop = asyncio.get_running_loop()
        ex = botpool.pool(1)
        pid = await loop.run_in_executor(ex, os.getpid)
        os.kill(pid, signal.SIGKILL)
        deadline = time.monotonic() + 10
        while _alive(pid) and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        g = Game.new("classic", ["Ann", "Bob", "Cy"], 7)
        view = g.view(g.active)
        text, _, _ = await botpool.decide(1, get_policy("random"), view, rnd.Random(1), True)
        assert text is not None and text.startswith("/")  # the active seat has a move
        assert botpool.pool(1) is not ex
    finally:
        botpool.shutdown()
