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
