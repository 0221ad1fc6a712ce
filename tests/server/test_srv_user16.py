"""What a new user (trial user16) found at a farm table, over the wire.

After a game ended, Cat changed a number for the next game (``/option param``): the reply
said the set was now ``default* (9b043b700f48)``, but the room's set-up (the board's
"Parameters ..." line above the parameter fields) and ``/option`` still named the finished
game's set, so the change looked lost until the next game began.
"""

from __future__ import annotations

from typing import Any

from .harness import Client

SHORT = ["/option game farm",   # one cycle (F1-F3: 4 turns), so the bots end it soon
         '/option params name = "short"\n[game]\ncycles = 1\ncontest_level_by_cycle = [1]',
         "/addbot Ada shipper", "/addbot Bea shipper"]


async def test_the_room_shows_the_set_the_next_game_is_dealt_with(server_factory: Any) -> None:
    srv = server_factory(game_seed=5)      # bot_delay 0: the bots play at once
    wat = Client(srv.ws_url("nextset"), "Wat")   # nobody seated: a watcher arranges (README)
    await wat.connect()
    for text in [*SHORT, "/start"]:
        await wat.ok(text)
    await wat.wait(lambda: wat.state["view"] is not None and wat.view["phase"] == "over",
                   timeout=60)
    played = wat.view["params_hash"]
    assert wat.state["room"]["game"]["params_hash"] == played   # nothing changed yet
    r = await wat.ok("/option param facilities.field.price [5, 10, 15]")
    await wat.wait(lambda: wat.state["room"]["game"]["params_name"] == "short*")
    shown = wat.state["room"]["game"]["params_hash"]
    assert shown != played and f"({shown})" in r["message"], (shown, played, r)
    assert shown in (await wat.ok("/option"))["message"]
    # the finished game keeps its own set in its view and result (F3: the game that was played)
    assert wat.view["params_hash"] == wat.view["result"]["params_hash"] == played
    game_no = wat.state["room"]["game_no"]
    await wat.ok("/start")
    # the next game's first state (by its number: with bot_delay 0 the bots may have played
    # it to its end before this waits, so "not over" may never be seen)
    await wat.wait(lambda: wat.state["room"]["game_no"] > game_no)
    assert wat.view["params_hash"] == shown
    await wat.close()
