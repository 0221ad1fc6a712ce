"""Break round 19: a hostile or unlucky client against a real server (``serve`` in a
subprocess, real SQLite, real WebSocket clients).

* the farm game's parameters are anyone's to set before the start (``/option param``): a
  cycle of a million turns (``game.turns_per_cycle``) was taken, and since every view lists
  each turn of the cycle (``cycle_turns``), the state sent at the start was 30 MB for every
  connection of the room, and the server's event loop was held for seconds at each change:
  it is ``bad_params`` now, past ``MAX_TURNS_PER_CYCLE`` (100);
* likewise an exchange of the transformation pot that gets 20,000 cards (10 such exchanges
  with 100 card levels held the event loop for 5 s at the start and at each change after it:
  every view of a seat preparing works out what the pot makes of the hand for each level and
  exchange), more than ``MAX_LEVELS`` levels and more than ``MAX_EXCHANGES`` exchanges;
  and more than ``MAX_CATEGORIES`` card categories (every view lists each pile, a level and a
  category: 250 categories made each state 140 KB);
* a frame that is JSON but no object (``null``, ``[]``, ``1``, ``"hello"``) was answered
  ``unknown_type`` "Unknown message type None", and one whose ``type`` is no string named
  four of the six types: both are ``bad_message`` saying what a message is, in the
  connection's language.
"""

from __future__ import annotations

from typing import Any

import pytest

from bohnanza.farm.params import (
    MAX_CATEGORIES,
    MAX_EXCHANGE_CARDS,
    MAX_EXCHANGES,
    MAX_LEVELS,
    MAX_TURNS_PER_CYCLE,
)

from .harness import Client, ServerProc

TYPES = ("hello", "say", "activity", "lang", "resync", "ping")


async def _room_game(c: Client) -> dict[str, Any]:
    await c.catch_up(c.version)
    assert c.state is not None
    game: dict[str, Any] = c.state["room"]["game"]
    return game


def _exchanges(n: int, give: int = 1, get: int = 1) -> str:
    return "[" + ",".join([f"{{from_grade=1,give={give},get={get}}}"] * n) + "]"


LEVELS = "[" + ",".join(str(lv) for lv in range(1, 101)) + "]"
CATEGORIES = "[" + ",".join(f'{{id="c{k}"}}' for k in range(MAX_CATEGORIES + 1)) + "]"
EXCHANGES = "facilities.transform_pot.exchanges"


@pytest.mark.parametrize("say, key, bound", [
    ("/option param game.turns_per_cycle 1000000", "turns_per_cycle", MAX_TURNS_PER_CYCLE),
    ("/option params [game]\nturns_per_cycle = 1000000", "turns_per_cycle",
     MAX_TURNS_PER_CYCLE),
    (f"/option param {EXCHANGES} {_exchanges(10, get=20000)}", "get", MAX_EXCHANGE_CARDS),
    (f"/option param {EXCHANGES} {_exchanges(1, give=20000)}", "give", MAX_EXCHANGE_CARDS),
    (f"/option param {EXCHANGES} {_exchanges(MAX_EXCHANGES + 1)}", "exchanges", MAX_EXCHANGES),
    (f"/option param cards.levels {LEVELS}", "cards.levels", MAX_LEVELS),
    (f"/option param cards.categories {CATEGORIES}", "cards.categories", MAX_CATEGORIES),
], ids=["turns", "turns-file", "get", "give", "exchanges", "levels", "categories"])
async def test_a_farm_parameter_that_makes_every_view_huge_is_refused(
        server: ServerProc, say: str, key: str, bound: int) -> None:
    ann = Client(server.ws_url("turns"), "Ann", deltas=True)
    bob = Client(server.ws_url("turns"), "Bob")
    for c in (ann, bob):
        await c.connect()
        await c.ok("/join")
    await ann.ok("/option game farm")
    before = await _room_game(ann)
    r = await ann.say(say)
    assert not r["ok"] and r["code"] == "bad_params", r
    assert key in r["message"] and str(bound) in r["message"], r
    assert await _room_game(ann) == before  # nothing changed
    await ann.ok("/start")
    await bob.wait(lambda: bob.state is not None and bob.state["view"] is not None)
    assert len(bob.view["cycle_turns"]) == 4  # the default cycle (farm-rules.md F1)
    assert len(bob.view["params"]["cards"]["levels"]) == 3  # the default levels (F)
    for c in (ann, bob):
        await c.close()


async def test_the_largest_settings_allowed_are_played(server: ServerProc) -> None:
    ann = Client(server.ws_url("turns100"), "Ann")
    bob = Client(server.ws_url("turns100"), "Bob")
    for c in (ann, bob):
        await c.connect()
        await c.ok("/join")
    await ann.ok("/option game farm")
    await ann.ok(f"/option param game.turns_per_cycle {MAX_TURNS_PER_CYCLE}")
    levels = ",".join(str(lv) for lv in range(1, MAX_LEVELS + 1))
    await ann.ok(f"/option param cards.levels [{levels}]")
    await ann.ok(f"/option param {EXCHANGES} "
                 f"{_exchanges(MAX_EXCHANGES, MAX_EXCHANGE_CARDS, MAX_EXCHANGE_CARDS)}")
    categories = [f'{{id="c{k}"}}' for k in range(MAX_CATEGORIES - 3)]
    await ann.ok('/option param cards.categories [{id="root"},{id="leaf"},{id="fruit"},'
                 + ",".join(categories) + "]")
    await ann.ok("/start")
    await bob.wait(lambda: bob.state is not None and bob.state["view"] is not None)
    assert len(bob.view["cycle_turns"]) == MAX_TURNS_PER_CYCLE
    for c in (ann, bob):
        await c.close()


async def test_a_frame_that_is_no_json_object_is_told_what_a_message_is(
        server: ServerProc) -> None:
    for hello in (False, True):
        c = await Client(server.ws_url("objects"), "Ann").connect(hello=hello)
        for frame in ("null", "[]", "1", '"hello"', '[{"type": "ping"}]', '{"type": 5}',
                      '{"type": null}'):
            seen = len(c.errors)
            await c.send(frame)
            await c.wait(lambda: len(c.errors) > seen)  # noqa: B023 (awaited here)
            error = c.errors[-1]
            assert error["code"] == "bad_message", (frame, error)
            assert all(t in error["message"] for t in TYPES), (frame, error)
            if not frame.startswith("{"):
                assert "JSON object" in error["message"], (frame, error)
        assert c.close_code is None
        await c.close()
    ja = await Client(server.ws_url("objects"), "Bea").connect(hello=False)
    await ja.send({"type": "hello", "name": "Bea", "lang": "ja"})
    await ja.wait(lambda: bool(ja.welcomes))
    await ja.send("[]")
    await ja.wait(lambda: bool(ja.errors))
    assert ja.errors[-1]["code"] == "bad_message"
    assert "JSONオブジェクト" in ja.errors[-1]["message"], ja.errors[-1]
    await ja.close()
