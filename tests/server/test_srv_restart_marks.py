"""What a restart keeps besides the game (a real server killed with ``kill -9`` or stopped,
restarted on its SQLite file; restmarks.py):

* a room that parked (nobody connected for ``park_after``) rests on: the lobby lists it as
  resting, not live (a restart loaded every stored room live: the lobby's "your seat,
  resting" line turned into a live room nobody was in, and a table of bots played on);
* the away clock of ``/handover``: a person who left before the restart is away since they
  left, not since the restart (it started again at each restart, so a player gone for an
  hour could not be handed to a bot for another ``away_seconds``);
* a person whose connection the server's own stop closed is no more away than one a
  ``kill -9`` cut off: away from the start, not from the stop (the downtime costs nobody
  their seat, as clock.py's grace after a restore)."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path
from typing import Any

import httpx

from bohnanza.server.hub import Hub
from bohnanza.server.room import Room
from bohnanza.server.settings import Settings

from .harness import Client, ServerProc, offline_conn, queued_replies

AWAY = 4.0  # away_seconds: the restart and a reconnect take far less on any machine


def _line(srv: ServerProc, room: str) -> dict[str, Any] | None:
    r = httpx.get(f"{srv.base}/api/rooms/{room}", timeout=5)
    return r.json() if r.status_code == 200 else None


def _live(srv: ServerProc) -> list[str]:
    return [line["room"] for line in httpx.get(f"{srv.base}/api/rooms", timeout=5).json()]


async def _seated(srv: ServerProc, room: str, names: list[str]) -> list[Client]:
    clients = [Client(srv.ws_url(room), n, deltas=True) for n in names]
    for c in clients:
        await c.connect()
        await c.ok("/join")
    await clients[0].ok("/start")
    return clients


async def test_a_resting_room_rests_on_after_a_restart(server_factory: Any) -> None:
    srv = server_factory("rest.db", game_seed=5, park_after=0.5)
    clients = await _seated(srv, "nap", ["Ann", "Bob", "Cy"])
    held = clients[0].view
    for c in clients:
        await c.close()
    deadline = time.monotonic() + 30
    while (_line(srv, "nap") or {}).get("resting") is not True:
        assert time.monotonic() < deadline, "the room never parked"
        await asyncio.sleep(0.1)
    srv.kill9()
    srv.start()
    assert "nap" not in _live(srv), "a resting room came back live after the restart"
    line = _line(srv, "nap")
    assert line is not None and line["resting"] is True
    assert line["seats"] == ["Ann", "Bob", "Cy"] and line["running"] is True
    ann = clients[0]
    await ann.connect(token=ann.token)  # the token wakes it, the seat and game as they were
    assert ann.seat == 0 and ann.view == held
    assert "nap" in _live(srv)
    srv.kill9()  # woken: no longer marked resting (the next start loads it live)
    await ann.close()
    with sqlite3.connect(srv.db) as db:
        assert db.execute("SELECT resting FROM rooms WHERE name='nap'").fetchall() == [(None,)]


async def test_the_away_clock_runs_on_over_a_restart(server_factory: Any) -> None:
    srv = server_factory("away.db", game_seed=5, away_seconds=AWAY)
    dee, eve, fay = await _seated(srv, "gone", ["Dee", "Eve", "Fay"])
    await fay.close()
    await dee.wait(lambda: dee.state["room"]["seats"][2]["can_hand_over"], AWAY + 20)
    left = dee.state["room"]["seats"][2]["away_since"]
    assert left is not None
    srv.kill9()
    for c in (dee, eve):
        await c.close()
    started = time.time()
    srv.start()
    await dee.connect(token=dee.token)
    seats = dee.state["room"]["seats"]
    assert seats[2]["away_since"] == left, "Fay's away clock started again at the restart"
    # Eve was connected when the server was killed: away from the restart, not long away
    assert seats[1]["away_since"] >= started
    r = await dee.say("/handover Fay")  # at once: she has been away for AWAY s and more
    assert r["ok"], r
    await dee.close()



async def test_the_away_clock_runs_on_while_a_room_rests(server_factory: Any) -> None:
    """The same over a park: the room comes back from storage with Fay away since she left."""
    srv = server_factory("nap.db", game_seed=5, away_seconds=AWAY, park_after=0.5)
    dee, eve, fay = await _seated(srv, "doze", ["Dee", "Eve", "Fay"])
    await fay.close()
    await dee.wait(lambda: dee.state["room"]["seats"][2]["can_hand_over"], AWAY + 20)
    left = dee.state["room"]["seats"][2]["away_since"]
    for c in (dee, eve):
        await c.close()
    deadline = time.monotonic() + 30
    while (_line(srv, "doze") or {}).get("resting") is not True:
        assert time.monotonic() < deadline, "the room never parked"
        await asyncio.sleep(0.1)
    await dee.connect(token=dee.token)
    assert dee.state["room"]["seats"][2]["away_since"] == left
    r = await dee.say("/handover Fay")
    assert r["ok"], r
    await dee.close()

async def test_a_stop_is_no_departure(server_factory: Any) -> None:
    srv = server_factory("stop.db", game_seed=5, away_seconds=AWAY)
    dee, eve, fay = await _seated(srv, "halt", ["Dee", "Eve", "Fay"])
    await fay.close()
    await dee.wait(lambda: dee.state["room"]["seats"][2]["away_since"] is not None)
    left = dee.state["room"]["seats"][2]["away_since"]
    srv.stop()  # SIGTERM: the server closes Dee's and Eve's connections itself
    for c in (dee, eve):
        await c.close()
    started = time.time()
    srv.start()
    await dee.connect(token=dee.token)
    seats = dee.state["room"]["seats"]
    assert seats[2]["away_since"] == left
    assert seats[1]["away_since"] >= started, "Eve counted away from the server's stop"
    await dee.close()


async def test_a_refused_write_keeps_the_away_clock(tmp_path: Path) -> None:
    """In-process: a write that fails puts the room back as stored (``Journal.rollback``),
    each seat's live marks kept: the away mark too (it started again at each refusal)."""
    hub = Hub(Settings(db=tmp_path / "r.db", game_seed=5, bot_delay=600))
    await hub.start()
    try:
        conns = [offline_conn() for _ in range(3)]
        room = await hub.room_for("back", conns[0])
        assert isinstance(room, Room)
        for i, (c, name) in enumerate(zip(conns, ["Ann", "Bob", "Cy"], strict=True)):
            await room.attach(c, name, None)
            await room.say(c, i, "/join")
        await room.say(conns[0], 9, "/start")
        assert all(r["ok"] for r in queued_replies(conns[0]))
        await room.detach(conns[2])
        cy = room.table.seats[2]
        left = (cy.away_since, cy.away_mono)
        assert left[0] is not None

        def broken(**kw: Any) -> None:
            raise sqlite3.OperationalError("database is locked")

        hub.store.save = hub.store.save_command = broken  # type: ignore[method-assign]
        await room.say(conns[0], 10, "/leave")
        assert [r.get("code") for r in queued_replies(conns[0])] == ["storage_error"]
        cy = room.table.seats[2]
        assert (cy.away_since, cy.away_mono) == left, "the refusal restarted Cy's away clock"
    finally:
        await hub.stop()
