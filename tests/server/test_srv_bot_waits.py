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


async def test_every_state_of_a_change_says_the_same_wait(server_factory: Any) -> None:
    """The wait counts from the stored change (its moment taken before the change's states
    are built): a state sent later without a new stored change (a watcher arrives: a presence
    version; a resync) says the same ``waits_until`` as the change's own broadcast. (A delta
    client that resynced once held another time than its full-state twin at one version: the
    cluster's test_delta_clients_on_a_non_owner_process_hold_the_full_state in a fresh-clone
    CI, since the broadcast used the time of the change before.)"""
    srv: ServerProc = server_factory(game_seed=1, bot_delay=0.2, bot_trade_patience=30)
    dee = await Client(srv.ws_url("waits-same"), "Dee").connect()
    watcher: Client | None = None
    try:
        await dee.ok("/join Dee")
        await dee.ok("/addbot easy")
        await dee.ok("/addbot easy")
        await dee.ok("/start")
        await dee.wait(lambda: _room(dee)["seats"][1]["doing"] == "waiting", timeout=20)
        first = _room(dee)["seats"][1]["waits_until"]
        version = dee.version
        watcher = await Client(srv.ws_url("waits-same"), "Wat").connect()
        await watcher.wait(lambda: watcher is not None and watcher.state is not None)
        await dee.wait(lambda: dee.version > version, timeout=20)  # the watcher's arrival
        assert dee.view["phase"] == "trade" and _room(dee)["seats"][1]["doing"] == "waiting"
        assert _room(dee)["seats"][1]["waits_until"] == first
        assert _room(watcher)["seats"][1]["waits_until"] == first
    finally:
        await dee.close()
        if watcher is not None:
            await watcher.close()
