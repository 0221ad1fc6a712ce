"""The balancer's configuration (``devcluster/parts.py`` ``HAPROXY_CFG``, the one
docs/cluster.md points operators to): a server process that takes connections but does not
answer (paused by SIGSTOP, hung, or its machine cut off before the health checks mark it down)
makes a WebSocket connection fail within seconds, so the page reconnects to another process,
instead of leaving it connecting for as long as the tunnel may last (an hour)."""

from __future__ import annotations

import asyncio
import shutil
import socket
from pathlib import Path

import pytest
import websockets

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
            assert refused.value.response.status_code in (503, 504)
            assert loop.time() - began < 15
        finally:
            lb.stop()
