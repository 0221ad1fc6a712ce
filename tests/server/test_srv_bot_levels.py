"""Bot levels over the real server (issue 15): ``/addbot NAME easy|normal|hard``, every seat
shows its level, ``/option botspeed slow|normal|fast``, and a table of the levels plays a
whole game, the hard bot thinking in the worker process pool (server/room/botpool.py)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from .harness import Client, ServerProc
from .test_srv_bots import _over, _room, _stored


async def test_a_table_of_levels_plays_a_whole_game(server_factory: Any) -> None:
    srv: ServerProc = server_factory(game_seed=5, bot_delay=0.02, bot_workers=1)
    url = srv.ws_url("levels")
    host = await Client(url, "Host").connect()
    for text in ("/addbot Ezra easy", "/addbot Nora normal", "/addbot Hana hard",
                 "/addbot Gus greedy"):
        await host.ok(text)
    room = _room(host)
    assert [(s["name"], s["bot"], s["policy"]) for s in room["seats"]] == [
        ("Ezra", True, "easy"), ("Nora", True, "normal"), ("Hana", True, "hard"),
        ("Gus", True, "greedy")]
    assert set(room["bot_policies"]) >= {"easy", "normal", "hard"}
    r = await host.say("/option botspeed warp")
    assert not r["ok"] and "slow, normal or fast" in r["message"]
    assert "fast" in (await host.ok("/option botspeed fast"))["message"]
    await host.ok("/option rules classic")
    await host.ok("/start")
    await host.wait(lambda: _over(host), timeout=120)
    res = host.view["result"]
    assert len(res["scores"]) == 4 and res["winners"]
    game = [c for c in _stored(srv, "levels") if c["game_no"] == 1 and c["seat"] is not None]
    assert {c["seat"] for c in game} == {0, 1, 2, 3}
    log = srv.log.read_text()
    assert "refused" not in log and "failed to decide" not in log, log[-2000:]
    await host.close()


async def _first_bot_move(host: Client, timeout: float) -> float:
    """Seconds from now until a bot has planted the first bean of the game."""
    loop = asyncio.get_running_loop()
    t0 = loop.time()

    def planted() -> bool:
        return any(f is not None for s in host.view["seats"] for f in s["fields"])

    await host.wait(planted, timeout=timeout)
    return loop.time() - t0


async def test_botspeed_sets_how_soon_the_bots_act_and_the_board_sees_them_think(
        server_factory: Any) -> None:
    """``/option botspeed`` (issue 15): the factor on the bot delay (slow x2, normal x1,
    fast x0.25), kept in the room options; while the game waits for a bot, its seat says
    ``doing: "thinking"``. Bot delay 3 s: fast acts after 0.75 s, slow after 6 s."""
    srv: ServerProc = server_factory(game_seed=5, bot_delay=3)
    # fast: a room of bots watched by its host, who starts it
    host = await Client(srv.ws_url("fast"), "Host").connect()
    for name in ("Ada", "Bert", "Cy"):
        await host.ok(f"/addbot {name} normal")
    assert _room(host)["options"]["bot_speed"] == "normal"
    r = await host.ok("/option botspeed fast")
    assert "fast (0.75 s before a bot acts)" in r["message"]
    assert _room(host)["options"]["bot_speed"] == "fast"
    await host.ok("/start")
    room = _room(host)
    active = host.view["active"]
    assert [s["doing"] for s in room["seats"]] == [
        "thinking" if i == active else None for i in range(3)]
    assert await _first_bot_move(host, timeout=10) < 2.9   # well before the plain 3 s
    assert (await host.say("/option botspeed slow"))["code"] == "game_running"
    await host.close()
    # slow: nothing happens for 6 s (the plain delay, 3 s, passes without a move)
    host = await Client(srv.ws_url("slow"), "Host").connect()
    for name in ("Ada", "Bert", "Cy"):
        await host.ok(f"/addbot {name} easy")
    await host.ok("/option botspeed slow")
    await host.ok("/start")
    with pytest.raises(TimeoutError):
        await _first_bot_move(host, timeout=4.0)
    assert await _first_bot_move(host, timeout=10) > 0
    await host.close()
    # the option is stored with the room: a restart keeps it
    srv.stop()
    srv.start()
    host = await Client(srv.ws_url("slow"), "Host").connect()
    assert _room(host)["options"]["bot_speed"] == "slow"
    await host.close()


async def test_addbot_with_no_level_seats_what_the_boards_add_bot_seats(server: ServerProc) -> None:
    """The board's Add bot, its picker untouched, seats the picker's first policy
    (``RoomInfo.bot_picker``: the levels, easiest first; the issue 10 trial: a newcomer meets
    ``easy`` first), sending ``/addbot`` alone when that is the server's ``default_policy``
    (setup.js). ``/addbot`` with no level seated ``greedy`` instead, and ``/help addbot`` said
    "default greedy", where the board seats and offers ``easy``: typed or pressed, the same bot."""
    url = server.ws_url("nolevel-default")
    host = await Client(url, "Host").connect()
    await host.ok("/join")
    picked = _room(host)["bot_picker"][0]
    assert picked == "easy"     # the picker starts on the easiest level (issue 10 trial)
    await host.ok("/addbot")
    await host.ok("/addbot Cy")
    assert [(s["name"], s["policy"], s["level"]) for s in _room(host)["seats"][1:]] == [
        ("Bot 1", picked, picked), ("Cy", picked, picked)]
    assert f"default {picked}" in (await host.ok("/help addbot"))["message"]
    await host.close()
