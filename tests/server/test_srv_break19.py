"""Break round 19: a hostile or unlucky client against a real server (``serve`` in a
subprocess, real SQLite, real WebSocket clients).

* the farm game's parameters are anyone's to set before the start (``/option param``): a
  cycle of a million turns (``game.turns_per_cycle``) was taken, and since every view lists
  each turn of the cycle (``cycle_turns``), the state sent at the start was 30 MB for every
  connection of the room, and the server's event loop was held for seconds at each change:
  it is ``bad_params`` now, past ``MAX_TURNS_PER_CYCLE`` (100).
"""

from __future__ import annotations

from typing import Any

import pytest

from bohnanza.farm.params import MAX_TURNS_PER_CYCLE

from .harness import Client, ServerProc


async def _room_game(c: Client) -> dict[str, Any]:
    await c.catch_up(c.version)
    assert c.state is not None
    game: dict[str, Any] = c.state["room"]["game"]
    return game


@pytest.mark.parametrize("say", [
    "/option param game.turns_per_cycle 1000000",
    "/option params [game]\nturns_per_cycle = 1000000",
])
async def test_a_cycle_of_a_million_turns_is_refused(server: ServerProc, say: str) -> None:
    ann = Client(server.ws_url("turns"), "Ann", deltas=True)
    bob = Client(server.ws_url("turns"), "Bob")
    for c in (ann, bob):
        await c.connect()
        await c.ok("/join")
    await ann.ok("/option game farm")
    before = await _room_game(ann)
    r = await ann.say(say)
    assert not r["ok"] and r["code"] == "bad_params", r
    assert "turns_per_cycle" in r["message"] and str(MAX_TURNS_PER_CYCLE) in r["message"], r
    assert await _room_game(ann) == before  # nothing changed
    await ann.ok("/start")
    await bob.wait(lambda: bob.state is not None and bob.state["view"] is not None)
    assert len(bob.view["cycle_turns"]) == 4  # the default cycle (farm-rules.md F1)
    for c in (ann, bob):
        await c.close()


async def test_the_longest_cycle_allowed_is_played(server: ServerProc) -> None:
    ann = Client(server.ws_url("turns100"), "Ann")
    bob = Client(server.ws_url("turns100"), "Bob")
    for c in (ann, bob):
        await c.connect()
        await c.ok("/join")
    await ann.ok("/option game farm")
    await ann.ok(f"/option param game.turns_per_cycle {MAX_TURNS_PER_CYCLE}")
    await ann.ok("/start")
    await bob.wait(lambda: bob.state is not None and bob.state["view"] is not None)
    assert len(bob.view["cycle_turns"]) == MAX_TURNS_PER_CYCLE
    for c in (ann, bob):
        await c.close()
