"""The away clock of ``/handover`` over a restart of a server on PostgreSQL (pgmarks.py; the
SQLite server's: tests/server/test_srv_restart_marks.py): a person who left before the server
was killed is away since they left, not since the restarted process loaded the room again (the
clock started again at each load, a takeover's too: a player gone for an hour could not be
handed to a bot for another ``away_seconds``). A person the kill cut off is away from the
load, as on SQLite."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import httpx
from server.harness import Client, ServerProc, free_port

from .parts import ENV

AWAY = 4.0  # away_seconds: the restart and a reconnect take far less on any machine


async def _owns(srv: ServerProc, room: str, patience: float = 30.0) -> None:
    """Wait until ``srv`` serves ``room`` itself (adopted: its last owner's lease is gone)."""
    deadline = time.monotonic() + patience
    while True:
        r = httpx.get(f"{srv.base}/api/rooms", timeout=5)
        if room in [line["room"] for line in r.json()]:
            return
        assert time.monotonic() < deadline, f"{room} was never adopted again"
        await asyncio.sleep(0.1)


async def test_the_away_clock_runs_on_over_a_restart_on_postgres(
        tmp_path: Path, pg_url: str) -> None:
    srv = ServerProc(tmp_path / "s.db", port=free_port(),
                     **{**ENV, "database": pg_url, "lease_timeout": 1.0, "game_seed": 5,
                        "away_seconds": AWAY})
    srv.start()
    try:
        url = srv.ws_url("gone")
        dee, eve, fay = clients = [Client(url, n, deltas=True) for n in ("Dee", "Eve", "Fay")]
        for c in clients:
            await c.connect()
            await c.ok("/join")
        await dee.ok("/start")
        await fay.close()
        await dee.wait(lambda: dee.state["room"]["seats"][2]["can_hand_over"], AWAY + 20)
        left = dee.state["room"]["seats"][2]["away_since"]
        assert left is not None
        srv.kill9()
        for c in (dee, eve):
            await c.close()
        started = time.time()
        srv.start()
        await _owns(srv, "gone")
        await dee.connect(token=dee.token)
        seats = dee.state["room"]["seats"]
        assert seats[2]["away_since"] == left, "Fay's away clock started again at the restart"
        # Eve was connected when the server was killed: away from the load, not long away
        assert seats[1]["away_since"] >= started
        r = await dee.say("/handover Fay")  # at once: she has been away for AWAY s and more
        assert r["ok"], r
        await dee.close()
    finally:
        srv.stop()
