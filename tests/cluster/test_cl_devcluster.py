"""``make cluster`` is the server processes' service manager (docs/cluster.md): a process
killed to watch a failover is started again on its port, and the rest of the cluster stays
up; only a process that keeps ending at start-up stops it."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import httpx
from server.harness import free_port

from bohnanza.devcluster.__main__ import QUICK_EXITS, Servers


def _serves(port: int, timeout: float = 60.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/rooms", timeout=1).is_success:
                return True
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    return False


def test_a_killed_server_process_is_started_again_on_its_port(
        tmp_path: Path, pg_url: str) -> None:
    ports = [free_port(), free_port()]
    env = {**os.environ, "BOHNANZA_DATABASE": pg_url, "BOHNANZA_PER_ADDRESS_LIMITS": "false"}
    servers = Servers(tmp_path, ports, env)
    try:
        assert all(_serves(p) for p in ports)
        killed = servers.procs[0]
        os.kill(killed.pid, signal.SIGKILL)
        killed.wait()
        assert servers.keep_up()  # the cluster goes on
        assert servers.procs[0] is not killed and servers.procs[0].poll() is None
        assert _serves(ports[0])  # on its own port again
        assert servers.procs[1].poll() is None
    finally:
        servers.stop()
    assert all(p.poll() is not None for p in servers.procs)


def test_a_process_that_cannot_start_stops_the_cluster(tmp_path: Path) -> None:
    # a database that refuses every connection: each start ends at once
    env = {**os.environ, "BOHNANZA_DATABASE": f"postgresql://nobody@127.0.0.1:{free_port()}/x"}
    servers = Servers(tmp_path, [free_port()], env)
    try:
        deadline = time.monotonic() + 120
        while servers.keep_up():
            assert time.monotonic() < deadline, "started again for good"
            time.sleep(0.2)
        assert servers.quick[0] == QUICK_EXITS
    finally:
        servers.stop()
