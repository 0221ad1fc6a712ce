"""Seats held while away, reconnect with the token, two tabs, idle marks, restart of a room
before its game."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from bohnanza.server.hub import Hub
from bohnanza.server.settings import Settings

from .harness import (
    Client,
    ServerProc,
    Table,
    offline_conn,
    queued_frames,
    seat_players,
    wait_on,
)


async def test_reconnect_keeps_the_seat_and_two_tabs_work(server: ServerProc) -> None:
    url = server.ws_url("rc")
    table = await seat_players(url, ["Ann", "Bob", "Cy"])
    for _ in range(12):  # into the game a little
        await table.step()
    await table.sync()
    bob = table.clients[1]
    hand = bob.view["you"]["hand"]
    token = bob.token
    await bob.close()
    ann = table.clients[0]
    await ann.wait(lambda: not ann.state["room"]["seats"][1]["connected"])
    # the seat stays held: nobody can take it by name or by /join
    late = await Client(url, "Bob").connect()
    assert late.seat is None and late.view["you"] is None
    assert (await late.say("/join Bob"))["code"] in ("name_taken", "game_running")
    # back with the token: same seat, same hand, full state; a second tab too
    again = await Client(url).connect(token=token)
    tab2 = await Client(url).connect(token=token)
    assert again.seat == tab2.seat == 1
    assert again.welcomes[-1]["you"]["token"] == token
    assert again.view["you"]["hand"] == hand
    await ann.wait(lambda: ann.state["room"]["seats"][1]["connected"])
    table.clients[1] = again
    for _ in range(5):
        await table.step()
    await table.sync()
    await wait_on([tab2, again], lambda: tab2.version >= again.version)
    assert tab2.version == again.version and tab2.view == again.view
    table.clients[1] = tab2  # the second tab plays on
    for _ in range(5):
        await table.step()
    for c in [*table.clients, again, late]:
        await c.close()


async def test_idle_marks(server_factory: Any) -> None:
    srv: ServerProc = server_factory(idle_seconds=1, idle_check_interval=0.1)
    url = srv.ws_url("idle")
    a = await Client(url, "Ann").connect()
    b = await Client(url, "Bob").connect()
    await a.ok("/join")
    await b.ok("/join")

    def idle(c: Client, seat: int) -> bool:
        return bool(c.state["room"]["seats"][seat]["idle"])

    assert not idle(b, 0)
    await b.wait(lambda: idle(b, 0) and idle(b, 1), timeout=5)  # shown to everyone
    await a.send({"type": "activity"})
    await b.wait(lambda: not idle(b, 0), timeout=5)
    assert idle(b, 1)
    await b.ok("hello")  # a say clears it too
    await a.wait(lambda: not idle(a, 1), timeout=5)
    for c in (a, b):
        await c.close()


async def test_room_survives_restart_before_start(server_factory: Any) -> None:
    srv: ServerProc = server_factory(game_seed=5)
    url = srv.ws_url("keep")
    cs = [await Client(url, n).connect() for n in ("Ann", "Bob", "Cy")]
    for c in cs:
        await c.ok("/join")
    await cs[0].ok("/option hiddenmoney on")
    await cs[1].ok("see you after the crash")
    version = cs[0].version
    srv.kill9()
    srv.start()
    for c in cs:
        await c.close()
        await c.connect(token=c.token)
    assert [c.seat for c in cs] == [0, 1, 2]
    room = cs[0].state["room"]
    assert room["options"]["hidden_money"] is True
    assert [s["name"] for s in room["seats"]] == ["Ann", "Bob", "Cy"]
    assert cs[0].version > version
    replayed = [c for c in cs[2].chats if c["replay"]]
    assert replayed[-1]["text"] == "see you after the crash" and replayed[-1]["name"] == "Bob"
    await cs[1].ok("/start")
    table = Table(cs)
    final = await table.play()
    assert final["phase"] == "over"
    # the next game with the same seats
    await cs[2].ok("/start")
    await table.sync()
    assert cs[0].state["room"]["game_no"] == 2 and cs[0].view["phase"] in ("plant", "trade")
    for c in cs:
        await c.close()


async def test_leave_during_a_game_frees_the_seat_for_a_newcomer(server_factory: Any) -> None:
    # the leaver's bot waits long here, so the scripted game below stays as scripted
    server: ServerProc = server_factory(game_seed=7, bot_delay=60)
    url = server.ws_url("swap")
    table = await seat_players(url, ["Ann", "Bob", "Cy"])
    bob = table.clients[1]
    old_token = bob.token
    await bob.ok("/leave")
    assert bob.seat is None and bob.welcomes[-1]["you"]["token"] is None
    await bob.wait(lambda: bob.state["room"]["seats"][1]["vacant"] and bob.view["you"] is None)
    assert bob.state["room"]["seats"][1]["bot"]  # a bot holds it meanwhile
    # the old token holds nothing any more
    ghost = await Client(url).connect(token=old_token)
    assert ghost.seat is None and ghost.errors[0]["code"] == "bad_token"
    dan = await Client(url, "Dan").connect()
    await dan.ok("/join")
    assert dan.seat == 1 and dan.view["seats"][1]["name"] == "Dan"
    assert dan.view["you"]["hand"]  # Bob's hand, now Dan's
    table.clients[1] = dan
    for _ in range(10):
        await table.step()
    for c in [*table.clients, bob, ghost]:
        await c.close()


async def test_no_idle_mark_on_a_seat_the_game_waits_for(tmp_path: Path) -> None:
    # issue 10, trial 4 item 10: the idle mark (Zz) showed on the player whose turn it was, read
    # as "away" or "nothing to do". A seat the game waits for is never idle; the others are,
    # after idle_seconds with no input.
    hub = Hub(Settings(db=tmp_path / "i.db", game_seed=3, idle_seconds=1.0))
    await hub.start()
    try:
        conns = [offline_conn() for _ in range(3)]
        room = await hub.room_for("idle3", conns[0])
        assert room is not None
        for i, (c, name) in enumerate(zip(conns, ("Ann", "Bob", "Cy"), strict=True)):
            if i:
                assert await hub.room_for("idle3", c) is room
            await room.attach(c, name, None)
            await room.say(c, 1, "/join")
        await room.say(conns[0], 2, "/start")
        game = room.table.game
        assert game is not None
        active = game.view(None)["active"]  # phase 1: the active player plants (R10)
        await room.check_idle(time.monotonic() + 100)
        idle = [s.idle for s in room.seats]
        assert idle == [i != active for i in range(3)]
        sent = json.loads([t for t in queued_frames(conns[active]) if '"state"' in t][-1])
        assert [s["idle"] for s in sent["room"]["seats"]] == idle
    finally:
        await hub.stop()
