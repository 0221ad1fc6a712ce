"""What a new user (trial user8) found at a farm table with a bot, over the wire.

Ann opened a farm room, added a ``sensible`` bot and started: the bot planted and declared the
end of its preparation within a second (F20), and with two players the first declaration ends
the phase (G18: F22's "all but one" is one seat), so Ann "is done at once and takes turn-order
card 2" in every preparation phase without ever planting (farm-rules.md F18). A bot that is
done holds its declaration while a connected person still prepares; the person's own
declaration (or a disconnection) moves the phase on, as F22 says.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

from bohnanza.farm.bots import get_policy
from bohnanza.games import TableGame

from .harness import Client


async def _farm_with_bot(srv: Any, room: str) -> tuple[Client, Client]:
    ann = Client(srv.ws_url(room), "Ann")
    await ann.connect()
    await ann.ok("/join")
    await ann.ok("/option game farm")
    await ann.ok("/addbot Robo sensible")
    await ann.ok("/start")
    watcher = Client(srv.ws_url(room), "Wat")   # a spectator: sees the table, owes nothing
    await watcher.connect()
    return ann, watcher


def _bot_planted(c: Client) -> bool:
    v = c.state["view"] if c.state else None
    return bool(v and any(b is not None for b in v["seats"][1]["field"]))


async def test_a_bot_waits_for_the_person_to_prepare(server_factory: Any) -> None:
    srv = server_factory(game_seed=5)      # bot_delay 0: the bot acts at once
    ann, _ = await _farm_with_bot(srv, "prepwait")
    await ann.wait(lambda: _bot_planted(ann))            # the bot prepared (F18)
    await asyncio.sleep(1.0)                             # and had every chance to declare
    v = ann.view
    assert v["phase"] == "prep" and v["turn_number"] == 1, (v["phase"], v["turn_number"])
    assert v["you"]["must_act"] and not v["you"]["done"]  # Ann's preparation is hers to end
    assert v["seats"][1]["order_card"] is None           # the bot has not declared (F20)
    # Ann prepares as a new player would (the sensible plan on her own view), then declares
    policy, rng = get_policy("sensible"), random.Random(1)
    planted = False
    for _ in range(20):
        text = policy.decide(ann.view, rng)
        assert text is not None
        planted = planted or text.startswith("/plant")
        before = ann.version
        await ann.ok(text)
        await ann.wait(lambda before=before: ann.version > before)
        if text.startswith("/done"):
            break
    assert planted, "Ann's plan plants in the first preparation"
    # her declaration ends the phase (G18); the bot takes the card left (F22)
    await ann.wait(lambda: ann.view["phase"] == "harvest")
    v = ann.view
    assert any(b is not None for b in v["you"]["field"])             # Ann's base stands
    assert v["you"]["seat"] == 0 and v["seats"][0]["order_card"] == 1  # she declared first
    assert v["seats"][1]["order_card"] == 2
    await ann.close()


def _doing(c: Client, seat: int) -> Any:
    return c.state["room"]["seats"][seat].get("doing") if c.state else None


async def test_a_bot_that_holds_its_declaration_is_shown_ready_not_thinking(
        server_factory: Any) -> None:
    """Trial farm17: the board said "Robo is thinking…" for Ann's whole preparation while the
    bot only held its declaration for her. Once it holds, everyone (Ann and a watcher) reads
    ``doing`` "ready" (SeatInfo.doing), and it stays so while Ann plants; Ann owes the phase
    (``owes``), so the board can say whom it waits for."""
    srv = server_factory(game_seed=5)
    ann, watcher = await _farm_with_bot(srv, "prepready")
    for c in (ann, watcher):
        await c.wait(lambda c=c: _doing(c, 1) == "ready")
    room = ann.state["room"]
    assert room["seats"][0]["owes"] and not room["seats"][0]["bot"]
    assert ann.view["phase"] == "prep" and ann.view["seats"][1]["order_card"] is None
    hand = ann.view["you"]["hand"]
    before = ann.version
    await ann.ok("/plant h1")                            # Ann's change: the bot is asked again
    await ann.wait(lambda: ann.version > before and len(ann.view["you"]["hand"]) < len(hand))
    assert _doing(ann, 1) == "ready"                     # and still holds: still ready
    await ann.ok("/done")                                # her declaration ends the phase
    await ann.wait(lambda: ann.view["phase"] == "harvest")
    assert _doing(ann, 1) != "ready"
    await ann.close()
    await watcher.close()


async def test_a_bot_waits_for_a_reload_not_for_a_person_long_gone(server_factory: Any) -> None:
    # away_seconds: how long a person without a connection counts as coming back (a reload,
    # a restart of the server); then the seat is "long away" (/handover, README "Bots")
    srv = server_factory(game_seed=5, away_seconds=3)
    ann, watcher = await _farm_with_bot(srv, "prepgone")
    await watcher.wait(lambda: _bot_planted(watcher))
    await ann.close()                                     # Ann's connection goes
    await asyncio.sleep(0.5)
    assert watcher.view["phase"] == "prep"                # a reload's moment: still hers
    assert watcher.view["seats"][1]["order_card"] is None
    # long away: the bot declares; with 2 players the phase ends, Ann done at once (G18, F22)
    await watcher.wait(lambda: watcher.view["phase"] != "prep")
    assert watcher.view["seats"][1]["order_card"] == 1
    assert watcher.state["room"]["seats"][0]["away_since"] is not None
    await watcher.close()


def test_only_a_declaration_in_the_preparation_ends_a_part() -> None:
    """What the bots hold (``HostedGame.ends_part``): the farm's declaration in preparation
    (F20-F22), in English and Japanese; no other command, no harvest-turn ``/done`` (F31's hand
    adjustment ends only one's own turn), and nothing in Bohnanza."""
    farm = TableGame.get("farm")
    g = farm.new({}, ["Ann", "Robo"], 5)
    assert g.phase == "prep"  # type: ignore[attr-defined]
    assert farm.ends_part(g, 1, "/done") and farm.ends_part(g, 1, "/declare")
    assert farm.ends_part(g, 1, "/宣言")
    assert not farm.ends_part(g, 1, "/plant h1")
    assert not farm.ends_part(g, 1, "/nonsense")
    for seat in (0, 1):                        # both declare: the harvest phase (F22, F23)
        if g.phase == "prep":  # type: ignore[attr-defined]
            g.apply(seat, farm.parse("/done", g).action)  # type: ignore[attr-defined]
    assert g.phase == "harvest"  # type: ignore[attr-defined]
    assert not farm.ends_part(g, g.active, "/done")  # type: ignore[attr-defined]
    bean = TableGame.get("bohnanza")
    b = bean.new({}, ["Ann", "Bob", "Cy"], 5)
    assert not bean.ends_part(b, 0, "/done")
