"""Bots that never stop talking cannot hold a room: after ``bot_turn_cap`` bot commands in one
turn only the seats that must act are asked (hurried), and at twice the cap the bots pause until
a person speaks. In-process (no uvicorn): the hub, a room, a connection without a socket."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from bohnanza.bots import GreedyPolicy, register
from bohnanza.bots.base import POLICIES
from bohnanza.server.conn import Conn
from bohnanza.server.hub import Hub
from bohnanza.server.room import Room
from bohnanza.server.settings import Settings

from .harness import offline_conn as _conn
from .harness import queued_replies as _replies


class Chatter(GreedyPolicy):
    """Greedy, but toggles a /want marker forever whenever it need not act."""

    name = "chatter"

    def decide(self, view: dict[str, Any], rng: random.Random, *,
               hurry: bool = False) -> str | None:
        you = view["you"]
        if not you["must_act"] or view["phase"] == "trade" and not hurry:
            return "/signals clear" if you["signals"]["want"] else "/want red"
        return super().decide(view, rng, hurry=hurry)


class Stubborn(GreedyPolicy):
    """Toggles a marker forever, even when it must act."""

    name = "stubborn"

    def decide(self, view: dict[str, Any], rng: random.Random, *,
               hurry: bool = False) -> str | None:
        return "/signals clear" if view["you"]["signals"]["want"] else "/want red"


async def _room(tmp_path: Path, policies: list[str], **kw: Any) -> tuple[Hub, Room, Conn]:
    hub = Hub(Settings(db=tmp_path / "g.db", bot_delay=0, game_seed=1, sqlite_synchronous="OFF", **kw))
    await hub.start()
    conn = _conn()
    room = await hub.room_for("guard", conn)
    assert room is not None
    await room.attach(conn, "Host", None)
    for i, p in enumerate(policies):
        await room.say(conn, i, f"/addbot B{i} {p}")
    await room.say(conn, 99, "/start")
    assert all(r["ok"] for r in _replies(conn))
    return hub, room, conn


async def _settled(room: Room, within: float = 10) -> None:
    """Wait until the room's bots have nothing planned and no step under way (about 0.1 s
    for 20 bot commands here; far longer on a loaded machine, so no fixed wait)."""
    deadline = asyncio.get_running_loop().time() + within
    while room.bots.task is not None or room.lock.locked():
        assert asyncio.get_running_loop().time() < deadline, "the bots never settle"
        await asyncio.sleep(0.02)


async def test_chatty_bots_still_finish(tmp_path: Path) -> None:
    register("chatter", Chatter)
    try:
        hub, room, _ = await _room(tmp_path, ["chatter"] * 3, bot_turn_cap=10)
        for _ in range(600):
            if not room.running:
                break
            await asyncio.sleep(0.05)
        assert room.game is not None and room.game.over
        assert room.version > 10 * room.game.turn  # they chattered up to the cap every turn
        assert room.bots.refusals == 0
        await hub.stop()
    finally:
        POLICIES.pop("chatter", None)


async def test_stubborn_bots_pause_and_a_person_wakes_them(tmp_path: Path) -> None:
    register("stubborn", Stubborn)
    try:
        hub, room, conn = await _room(tmp_path, ["stubborn"] * 3, bot_turn_cap=10)
        await _settled(room)
        version = room.version
        assert room.bots.turn_count == 20  # paused at twice the cap
        logged, _ = hub.store.recent("guard")
        assert any("bots pause" in e["all"]["text"] for e in logged if "all" in e)
        await asyncio.sleep(0.2)
        assert room.version == version and room.bots.task is None  # nothing planned
        await room.say(conn, 1, "hello")  # a person speaks: hurried bots, then paused again
        await _settled(room)
        assert room.version > version and room.bots.turn_count == 20
        assert room.running
        await hub.stop()
    finally:
        POLICIES.pop("stubborn", None)
