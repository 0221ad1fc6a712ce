"""A stored room is forgotten when nobody has *used* it for ``forget_after`` seconds: a visit is
use, not only a command (README: "forgets a room nobody has visited for FORGET_AFTER seconds").

A seated person who came back to a game waiting for another player (or to chat: chat lines are
no commands) and left again had the room deleted, game and seat, at the sweep after it parked:
the sweep looked at its last command only (``SQLiteStore.stale_rooms``). Her token then said
"That token holds no seat in this room". Each connection that leaves stores the time
(``Journal.visit``) and the sweep counts it.

In-process (the hub with its SQLite file): the sweep runs every ``forget_after`` seconds in a
server, so whether one falls between the park and ``forget_after`` after the visit is a matter
of timing there; here the test calls it."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

from bohnanza.server import Settings, parking
from bohnanza.server.hub import Hub
from bohnanza.server.room import Room
from bohnanza.server.room.journal import load_room

from .harness import offline_conn, queued_frames

FORGET_AFTER = 3.0  # seconds: the steps between a visit and the sweep after it take far less


async def _until(when: float) -> None:
    """Until the wall clock is past ``when`` (Unix time)."""
    while time.time() <= when:
        await asyncio.sleep(0.05)


def _settings(db: Path) -> Settings:
    """The hub's settings: the idle loop's own park and sweep kept out of the way (the test
    calls them); bots that would act (a command: use) slowed to a standstill."""
    return Settings(db=db, game_seed=3, bot_delay=600, forget_after=FORGET_AFTER,
                    idle_check_interval=3600)


async def _started(hub: Hub, name: str, ann: Any) -> tuple[Room, list[dict[str, Any]]]:
    """Room ``name`` with Ann (connection ``ann``) in seat 0 and two bots, its game started
    (each command accepted) and its bots stopped; with the frames Ann was sent."""
    room = await hub.room_for(name, ann)
    assert isinstance(room, Room)
    await room.attach(ann, "Ann", None)
    for i, text in enumerate(["/join", "/addbot", "/addbot", "/start"]):
        await room.say(ann, i, text)
    sent = [json.loads(f) for f in queued_frames(ann)]
    assert all(m["ok"] for m in sent if m["type"] == "reply"), sent
    room.stop_bots()
    return room, sent


async def test_a_visit_keeps_a_parked_room_as_a_command_does(tmp_path: Path) -> None:
    hub = Hub(_settings(tmp_path / "v.db"))
    await hub.start()
    try:
        ann = offline_conn()
        room, sent = await _started(hub, "slow", ann)
        token = next(m["you"]["token"] for m in sent
                     if m["type"] == "welcome" and m["you"]["seat"] == 0)
        last_command = time.time()
        # Ann stays (the game waits for a bot, or she reads the board) past forget_after since
        # the last command, then leaves; the room parks
        await _until(last_command + FORGET_AFTER + 0.2)
        await room.detach(ann)
        await parking.park(hub, room)
        assert "slow" in hub.parked
        await parking.sweep(hub)  # her visit ended a moment ago: kept
        assert "slow" in hub.parked, "a room visited a moment ago was forgotten"
        assert await hub.queue.call(load_room, hub.store, "slow", 0, 0) is not None
        # she comes back with her token: her seat and the game
        back = offline_conn()
        again = await hub.room_for("slow", back, token)
        assert isinstance(again, Room) and again.running
        await again.attach(back, "Ann", token)
        assert back.seat == 0
        await again.detach(back)
        left = time.time()
        await parking.park(hub, again)
        # nobody visits for forget_after: forgotten (the lobby's day)
        await _until(left + FORGET_AFTER + 0.2)
        await parking.sweep(hub)
        assert "slow" not in hub.parked
        assert await hub.queue.call(load_room, hub.store, "slow", 0, 0) is None
    finally:
        await hub.stop()



async def test_a_visit_before_a_restart_counts_and_the_restart_does_not(tmp_path: Path) -> None:
    """Ann leaves and the server stops (or is killed) before the room parks: her visit was
    stored as she left, so the room, loaded again and parked with nobody coming, is kept; and
    forgotten ``forget_after`` after her visit, the restart being no visit (a server restarted
    every day would never forget a room)."""
    settings = _settings(tmp_path / "r.db")
    hub = Hub(settings)
    await hub.start()
    try:
        ann = offline_conn()
        room, _ = await _started(hub, "left", ann)
        await _until(time.time() + FORGET_AFTER + 0.2)  # she reads the board, then leaves
        await room.detach(ann)
        left = time.time()
    finally:
        await hub.stop()
    hub = Hub(settings)
    await hub.start()  # the room loaded again; nobody comes
    try:
        room = hub.rooms["left"]
        room.stop_bots()
        await parking.park(hub, room)
        await parking.sweep(hub)
        assert "left" in hub.parked, "a room visited a moment before the restart was forgotten"
        await _until(left + FORGET_AFTER + 0.2)
        await parking.sweep(hub)
        assert "left" not in hub.parked
        assert await hub.queue.call(load_room, hub.store, "left", 0, 0) is None
    finally:
        await hub.stop()
