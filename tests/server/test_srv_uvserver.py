"""uvserver.QuietServer (issue 14): uvicorn's server woken once a second, not ten times, and
still stopping at once on a signal and writing each second's ``Date`` header."""

from __future__ import annotations

import asyncio
import email.utils
import signal
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import uvicorn

from bohnanza.server import uvserver

from .harness import ServerProc, free_port


async def _app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] != "http":
        return
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"ok"})


def _ticks(server_class: type[uvicorn.Server], seconds: float) -> tuple[int, float]:
    """How often ``server_class``'s main loop called ``on_tick`` while it served a trivial app
    for ``seconds``, and how long it took to stop once asked as SIGTERM asks."""
    config = uvicorn.Config(_app, host="127.0.0.1", port=free_port(), log_level="warning",
                            lifespan="off")
    server = server_class(config)
    calls = 0
    tick = server.on_tick

    async def counted(counter: int) -> bool:
        nonlocal calls
        calls += 1
        return await tick(counter)

    server.on_tick = counted  # type: ignore[method-assign]
    thread = threading.Thread(target=lambda: asyncio.run(server.serve()), daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.01)
    assert server.started
    calls = 0
    time.sleep(seconds)
    n = calls
    t0 = time.monotonic()
    server.handle_exit(signal.SIGTERM, None)
    thread.join(10)
    assert not thread.is_alive()
    return n, time.monotonic() - t0


def test_quiet_server_wakes_once_a_second() -> None:
    # uvicorn's own main loop looks at should_exit every 0.1 s: about 35 ticks in 3.5 s
    plain, _ = _ticks(uvicorn.Server, 3.5)
    assert plain >= 15
    quiet, _ = _ticks(uvserver.QuietServer, 3.5)
    assert 2 <= quiet <= 5  # one a second (TICK), give or take the edges


def test_quiet_server_stops_when_asked_not_at_its_next_tick(monkeypatch: Any) -> None:
    monkeypatch.setattr(uvserver, "TICK", 60.0)
    quiet, stop = _ticks(uvserver.QuietServer, 0.5)
    assert quiet <= 1
    assert stop < 5  # woken by the signal: the next tick is a minute away


def test_served_date_header_follows_the_clock(tmp_path: Path) -> None:
    """``bohnanza serve`` (QuietServer) still refreshes the Date header every second and
    stops on SIGTERM."""
    srv = ServerProc(tmp_path / "q.db")
    srv.start()
    try:
        first = httpx.get(srv.base + "/api/rooms", timeout=5).headers["date"]
        time.sleep(2.2)
        second = httpx.get(srv.base + "/api/rooms", timeout=5).headers["date"]
        a = email.utils.parsedate_to_datetime(first)
        b = email.utils.parsedate_to_datetime(second)
        assert 1 <= (b - a).total_seconds() <= 4
        assert abs(b.timestamp() - time.time()) <= 2.5
    finally:
        t0 = time.monotonic()
        code = srv.stop()
        stopped = time.monotonic() - t0
    assert code is not None
    assert stopped < 5
