"""How long an active bot waits for offers (trial 6: a bot ended its trading after about 40 s
while Dee built an offer, with no word on how long it waits): while its seat is
``doing: "waiting"`` the room part says until when (``SeatInfo.waits_until``, Unix time, to
compare with ``RoomInfo.now``): ``bot_trade_patience`` after the last change."""

from __future__ import annotations

from typing import Any

from bohnanza.commands import format_action
from bohnanza.engine.actions import Done

from .harness import Client, ServerProc


def _room(c: Client) -> dict[str, Any]:
    assert c.state is not None
    room: dict[str, Any] = c.state["room"]
    return room


async def test_a_waiting_bot_says_until_when_it_waits(server_factory: Any) -> None:
    # seed 1 deals the first turn to Bot 1 (seat 1); Dee (seat 0) may trade with it
    srv: ServerProc = server_factory(game_seed=1, bot_delay=0.2, bot_trade_patience=30)
    dee = await Client(srv.ws_url("waits"), "Dee").connect()
    try:
        await dee.ok("/join Dee")
        await dee.ok("/addbot easy")
        await dee.ok("/addbot easy")
        await dee.ok("/start")
        assert dee.view["active"] == 1
        seats = _room(dee)["seats"]
        assert seats[1]["doing"] == "thinking" and seats[1]["waits_until"] is None
        await dee.wait(lambda: _room(dee)["seats"][1]["doing"] == "waiting", timeout=20)
        room = _room(dee)
        left = room["seats"][1]["waits_until"] - room["now"]
        assert 25 < left <= 30, left          # the 30 s patience from the last change
        assert [s["waits_until"] for s in room["seats"]][::2] == [None, None]  # no other seat
        # Dee ends her trading: nobody else may answer, the bot no longer waits
        await dee.ok(format_action(Done()))
        await dee.wait(lambda: _room(dee)["seats"][1]["doing"] != "waiting", timeout=20)
        assert _room(dee)["seats"][1]["waits_until"] is None
    finally:
        await dee.close()
