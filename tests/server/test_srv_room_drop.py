"""A room nobody uses is forgotten (``Hub.drop_unused``), but not while its people are only
reconnecting. A new user's trial (5 Dec 2026): Ann watched a game her bots finished (she had
left her seat: a bot took it); the server was restarted; the connections the stop closed made
the room "unused" and it was deleted from the database as the server stopped (and a stored
room of bots with a finished game was deleted again at the next start), so her page came back
to a new, empty room of the same name. Now an unused room waits a few seconds
(``Settings.drop_grace``; a stop cancels the wait) and a stored finished game is loaded: a restart
or a reload keeps the game and its result. A real server, real sockets, the real file."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import httpx
import pytest

from bohnanza.server import Settings
from bohnanza.server.hub import Hub
from bohnanza.server.room import Room

from .harness import Client, offline_conn, queued_replies

#: ``Settings.drop_grace`` of these tests' servers, s (10 by default): long enough for a
#: restart's reconnection on a loaded machine, and for the watcher test's margins below
GRACE = 5.0


async def _finished_bots_game(srv: Any, room: str) -> Client:
    """Ann seats two bots, starts, leaves (a bot plays her seat) and watches the bots end
    the game (rules.md §4a: classic seats 3-5)."""
    ann = await Client(srv.ws_url(room), "Ann").connect()
    await ann.ok("/join")
    await ann.ok("/addbot")
    await ann.ok("/addbot")
    await ann.ok("/start")
    await ann.ok("/leave")
    await ann.wait(lambda: ann.state["room"]["over"], timeout=120)
    assert not any(s["vacant"] is False and s["bot"] is None for s in ann.state["room"]["seats"])
    return ann


@pytest.mark.timeout(300)
async def test_a_finished_bots_game_watched_through_a_restart_is_kept(
        server_factory: Any) -> None:
    srv = server_factory(game_seed=4)
    ann = await _finished_bots_game(srv, "watched")
    result = ann.state["view"]["result"]
    assert result is not None
    srv.stop()  # Ann's socket is closed by the stop
    await ann.closed()
    srv.start()
    again = await Client(srv.ws_url("watched"), "Ann").connect()
    room = again.state["room"]
    assert room["over"] and len(room["seats"]) == 3, room
    assert again.state["view"]["result"] == result
    await again.close()


@pytest.mark.timeout(300)
async def test_a_reload_of_the_only_watcher_finds_the_finished_game(server_factory: Any) -> None:
    srv = server_factory(game_seed=5)
    ann = await _finished_bots_game(srv, "reload")
    result = ann.state["view"]["result"]
    await ann.close()  # a reload: the page's socket closes, the new one opens at once
    again = await Client(srv.ws_url("reload"), "Ann").connect()
    assert again.state["room"]["over"] and again.state["view"]["result"] == result
    await again.close()


@pytest.mark.timeout(300)
@pytest.mark.parametrize("how", ["stop", "kill9"])
async def test_a_room_nobody_sits_in_keeps_its_chat_through_a_restart(
        server_factory: Any, how: str) -> None:
    # Ann and Bob talk in a room before anyone takes a seat, and Cy has seated two bots at a
    # table of his own (no person seated, no game); the server restarts (a deploy, a crash).
    # Every line was acknowledged, so stored (design.md §7): their pages come back to the
    # same talk and the same table. Before, a room nobody sat in was deleted at the start.
    srv = server_factory(drop_grace=GRACE)
    ann = await Client(srv.ws_url("talk"), "Ann").connect()
    bob = await Client(srv.ws_url("talk"), "Bob").connect()
    for line in ["shall we play?", "after lunch"]:
        await ann.ok(line)
    await bob.ok("yes, 3 players")
    cy = await Client(srv.ws_url("bots"), "Cy").connect()
    await cy.ok("/addbot Rex")
    await cy.ok("/addbot Max")
    dee = await Client(srv.ws_url("quiet"), "Dee").connect()
    await dee.ok("anyone?")
    srv.kill9() if how == "kill9" else srv.stop()
    srv.start()
    again = await Client(srv.ws_url("talk"), "Ann").connect()
    await again.wait(lambda: len(again.chats) >= 3)
    assert [c["text"] for c in again.chats] == ["shall we play?", "after lunch", "yes, 3 players"]
    cy2 = await Client(srv.ws_url("bots"), "Cy").connect()
    assert [s["name"] for s in cy2.state["room"]["seats"]] == ["Rex", "Max"]
    await cy2.close()
    # a room nobody comes back to is still forgotten, the grace after the start
    deadline = time.monotonic() + GRACE + 30
    while "quiet" in {r["room"] for r in httpx.get(srv.base + "/api/rooms").json()}:
        assert time.monotonic() < deadline, "the unused room was never forgotten"
        await asyncio.sleep(0.2)
    await again.close()
    for c in (ann, bob, cy, dee):
        await c.close()


async def test_a_watcher_who_reconnects_twice_within_the_grace_keeps_the_room(
        server_factory: Any) -> None:
    """Each time a room's last connection goes, it gets the whole grace to come back
    (``Settings.drop_grace``). Dee talks in a room where nobody sits; her connection drops
    twice (a network blip, a failover of the cluster: docs/cluster.md), the second time
    shortly before the first drop's grace ends. Before, that first grace's end found nobody
    there and deleted the room, its chat with it: her page came back to an empty room."""
    srv = server_factory(drop_grace=GRACE)
    dee = await Client(srv.ws_url("blips"), "Dee").connect()
    await dee.ok("anyone?")
    await dee.close()  # the first drop
    first = time.monotonic()
    back = await Client(srv.ws_url("blips"), "Dee").connect()
    await asyncio.sleep(max(0.0, first + GRACE - 2 - time.monotonic()))
    await back.close()  # the second, 2 s before the first grace ends
    await asyncio.sleep(max(0.0, first + GRACE + 1 - time.monotonic()))
    # within the second grace (it ends 2 s after the first, 1 s from here)
    again = await Client(srv.ws_url("blips"), "Dee").connect()
    await again.wait(lambda: len(again.chats) >= 1)
    assert [c["text"] for c in again.chats] == ["anyone?"]
    await again.close()


async def test_a_grace_that_ends_while_the_server_stops_forgets_nothing(tmp_path: Any) -> None:
    """A stop that takes longer than the grace (its closings wait for a peer that does not
    answer, or for a slow disk): the rooms its first closings left unused were forgotten
    when their grace ended, before the stop was through: Dee's room, where she had talked
    before anyone sat, came back empty after the restart, her acknowledged line gone. In
    process (the hub with its SQLite file): the stop's first moment (``stopping_now``, the
    signal) and its end (``stop``) apart by more than the grace."""
    settings = Settings(db=tmp_path / "d.db", drop_grace=0.2, idle_check_interval=3600)
    hub = Hub(settings)
    await hub.start()
    try:
        dee = offline_conn()
        room = await hub.room_for("quiet", dee)
        assert isinstance(room, Room)
        await room.attach(dee, "Dee", None)
        await room.say(dee, 1, "anyone?")
        assert all(r["ok"] for r in queued_replies(dee))
        hub.stopping_now()  # the signal: the stop begins, its closings follow
        await room.detach(dee)
        await asyncio.sleep(0.2 + 0.5)  # a negative check: past the grace, nothing forgotten
        assert hub.rooms.get("quiet") is room
    finally:
        await hub.stop()
    hub = Hub(settings)
    await hub.start()  # the next start: the room and its chat are there
    try:
        again = offline_conn()
        room = await hub.room_for("quiet", again)
        assert isinstance(room, Room)
        await room.attach(again, "Dee", None)
        chats = [m for m in map(json.loads, again.queue.take_nowait()) if m["type"] == "chat"]
        assert [c["text"] for c in chats] == ["anyone?"], chats
    finally:
        await hub.stop()
