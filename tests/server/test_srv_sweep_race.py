"""The sweep of stale stored rooms (parking.sweep) and a hello that brings a parked room back
(parking.unpark) take turns: a room loaded while the sweep runs is not deleted under it (its
rows deleted, its game played on in memory, and lost at the next start)."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

from bohnanza.server import Settings, parking
from bohnanza.server.hub import Hub
from bohnanza.server.room import Room
from bohnanza.server.room.journal import load_room

from .harness import bots_room, offline_conn


async def _parked(hub: Hub, name: str) -> None:
    room = await bots_room(hub, name, ["random", "random", "random"], [])
    for c in list(room.conns):
        await room.detach(c)
    await parking.park(hub, room)
    assert name in hub.parked and name not in hub.rooms


async def test_a_room_brought_back_during_the_sweep_keeps_its_rows(tmp_path: Path) -> None:
    # FULL: the store's calls run on the database thread (the event loop goes on meanwhile)
    # (the idle loop's own sweep kept out of the way: it would sweep the same two rooms)
    hub = Hub(Settings(db=tmp_path / "s.db", sqlite_synchronous="FULL", game_seed=1,
                       bot_delay=60, idle_check_interval=3600))
    await hub.start()
    try:
        await _parked(hub, "old")
        await _parked(hub, "back")
        hub.store.stale_rooms = lambda before: ["old", "back"]  # type: ignore[attr-defined]
        deleting = threading.Event()
        go_on = threading.Event()
        delete = hub.store.delete_room

        def slow_delete(name: str) -> None:
            if name == "old":
                deleting.set()
                go_on.wait(10)  # the first deletion takes a while
            delete(name)

        hub.store.delete_room = slow_delete  # type: ignore[method-assign]
        sweep = asyncio.create_task(parking.sweep(hub))
        loop = asyncio.get_running_loop()
        while not deleting.is_set():
            await asyncio.sleep(0.005)
        # meanwhile Bea's hello for "back": its load is asked for (or it waits for the sweep)
        asked = hub.queue.asked
        arrival = asyncio.create_task(hub.room_for("back", offline_conn()))
        deadline = loop.time() + 10
        while hub.queue.asked == asked and not hub.rooms_lock._waiters:  # type: ignore[attr-defined]
            assert loop.time() < deadline
            await asyncio.sleep(0.005)
        go_on.set()
        room = await arrival
        await sweep
        assert isinstance(room, Room) and hub.rooms.get("back") is room
        assert await hub.queue.call(load_room, hub.store, "back", 0, 0) is not None
        assert await hub.queue.call(load_room, hub.store, "old", 0, 0) is None  # swept
    finally:
        await hub.stop()
