"""Bot levels over the real server (issue 15): ``/addbot NAME easy|normal|hard``, every seat
shows its level, ``/option botspeed slow|normal|fast``, and a table of the levels plays a
whole game, the hard bot thinking in the worker process pool (server/room/botpool.py)."""

from __future__ import annotations

from typing import Any

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
