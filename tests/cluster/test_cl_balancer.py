"""The balancer's configuration (``devcluster/parts.py`` ``HAPROXY_CFG``, the one
docs/cluster.md points operators to): a server process that takes connections but does not
answer (paused by SIGSTOP, hung, or its machine cut off before the health checks mark it down)
makes a WebSocket connection fail within seconds, so the page reconnects to another process,
instead of leaving it connecting for as long as the tunnel may last (an hour)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import socket
from pathlib import Path

import pytest
import websockets
from server.harness import Client, ServerProc

from bohnanza.devcluster import parts
from bohnanza.devcluster.parts import HAProxy

pytestmark = pytest.mark.skipif(shutil.which("haproxy") is None
                                and not Path("/usr/sbin/haproxy").exists(),
                                reason="no haproxy (make cluster installs it)")


async def test_a_silent_server_fails_the_connection_in_seconds(tmp_path: Path) -> None:
    with socket.socket() as silent:  # takes connections (the kernel does), never answers
        silent.bind(("127.0.0.1", 0))
        silent.listen(16)
        lb = HAProxy(tmp_path, [("127.0.0.1", silent.getsockname()[1])]).start()
        try:
            loop = asyncio.get_running_loop()
            began = loop.time()
            with pytest.raises(websockets.exceptions.InvalidStatus) as refused:
                await asyncio.wait_for(websockets.connect(f"ws://127.0.0.1:{lb.port}/ws/r",
                                                          open_timeout=None), 30)
            # 504: the server timeout; 502: cut sooner, the server marked down meanwhile
            assert refused.value.response.status_code in (502, 503, 504)
            assert loop.time() - began < 15
        finally:
            lb.stop()


async def test_a_connection_to_a_server_that_stops_answering_is_closed_in_seconds(
        tmp_path: Path) -> None:
    """A page connected through the balancer to a process that then hangs (SIGSTOP, a frozen
    machine) is cut off once the health checks mark it down, and reconnects to another
    process, which has its room within the lease. Before, the tunnel stayed open and the
    page showed the frozen room, its commands unanswered, until its own watchdog gave up
    (15 s of silence and 8 s more: 24 s measured with Chromium)."""
    srv = ServerProc(tmp_path / "s.db")  # (its port picked by start: moved if taken meanwhile)
    srv.start()
    lb = HAProxy(tmp_path, [("127.0.0.1", srv.port)]).start()
    try:
        loop = asyncio.get_running_loop()
        c: Client | None = None
        for _ in range(100):  # the balancer's first check passed
            with contextlib.suppress(OSError, websockets.exceptions.InvalidStatus):
                c = await Client(f"ws://127.0.0.1:{lb.port}/ws/r", "Ann").connect()
                break
            await asyncio.sleep(0.1)
        assert c is not None and c.state is not None
        assert srv.proc is not None
        os.kill(srv.proc.pid, signal.SIGSTOP)
        try:
            began = loop.time()
            await c.closed(30)   # before: never (the tunnel lasts an hour)
            # marked down in about 2 s (fall 2, inter 500 ms); generous for a loaded machine,
            # still before the board's own watchdog would give up (24 s)
            assert loop.time() - began < 20
        finally:
            os.kill(srv.proc.pid, signal.SIGCONT)
        await c.close()
    finally:
        lb.stop()
        srv.stop()


def test_a_port_taken_before_the_balancer_binds_it_is_left_for_another(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The balancer's port is picked free, then bound by haproxy; another process (another
    test's server, a client's outgoing connection) may take it in between. Before, the start
    found that process answering the port and went on as if it were the balancer (haproxy
    itself had exited: cannot bind): the test then talked to a stranger."""
    with socket.socket() as stranger:
        stranger.bind(("127.0.0.1", 0))
        stranger.listen(16)
        taken = stranger.getsockname()[1]
        picks = iter([taken])
        real = parts.free_port
        monkeypatch.setattr(parts, "free_port", lambda: next(picks, None) or real())
        lb = HAProxy(tmp_path, [("127.0.0.1", taken)]).start()
        try:
            assert lb.port != taken
            assert lb.proc is not None and lb.proc.poll() is None
            with socket.create_connection(("127.0.0.1", lb.port), 5):
                pass
        finally:
            lb.stop()


async def test_behind_the_balancer_the_rooms_of_each_client_are_counted(
        tmp_path: Path, pg_url: str, redis_url: str) -> None:
    """Two processes behind the balancer (``HAPROXY_CFG``), trusting it to name each client
    (``TRUSTED_PROXIES``, X-Forwarded-For), as docs/cluster.md deploys them: one client
    (127.0.0.2) makes its ``max_rooms_per_address=2`` rooms (round robin, over both
    processes: counted together, test_cl_newrooms) and its third is refused
    ``too_many_own_rooms``, while another client (127.0.0.3) still makes rooms. Before, the
    deployment switched the per-address limits off (every connection comes from the
    balancer), and the balancer named no client."""
    from .parts import Cluster

    cluster = Cluster(tmp_path, pg_url, redis_url, n=2, per_address_limits=1,
                      trusted_proxies="127.0.0.1", max_rooms_per_address=2,
                      rooms_burst=20).start()
    lb = HAProxy(tmp_path, [("127.0.0.1", s.port) for s in cluster.servers]).start()
    clients: list[Client] = []

    async def enter(room: str, client: str, hello: bool = True) -> Client:
        for _ in range(100):  # (the balancer's first checks passed)
            with contextlib.suppress(OSError, websockets.exceptions.InvalidStatus):
                c = Client(f"ws://127.0.0.1:{lb.port}/ws/{room}", "Mal")
                clients.append(c)
                return await c.connect(hello=hello, local_addr=(client, 0))
            await asyncio.sleep(0.1)
        raise AssertionError("the balancer never let a connection through")

    try:
        async with asyncio.timeout(120):  # (a client refused where it should not be)
            await enter("m0", "127.0.0.2")
            await enter("m1", "127.0.0.2")
            third = await enter("m2", "127.0.0.2", hello=False)
            await third.send({"type": "hello", "name": "Mal"})
            assert await third.closed(15) == 1013
            assert [e["code"] for e in third.errors] == ["too_many_own_rooms"]
            other = await enter("o0", "127.0.0.3")
            assert other.welcomes[-1]["room"] == "o0"
    finally:
        for c in clients:
            with contextlib.suppress(Exception):
                await c.close()
        lb.stop()
        cluster.stop()
