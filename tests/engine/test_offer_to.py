"""Offers for one player (``/offer GIVE for WANT to NAME``), one copy per offer, and the turn an
offer was posted in (R28, R30, C13; issue 10's trial, docs/trial.md).

R28: every deal is between the active player and exactly one other player, and R30: a gift
needs the recipient's consent. An offer addressed to one seat therefore becomes a deal only
between its owner and that seat [house]. The view's hints (``can_accept``, ``offer_notes``)
say exactly what ``/accept`` would do.
"""

from __future__ import annotations

from typing import Any

import pytest

from bohnanza.commands import GameCommand, format_action, parse
from bohnanza.engine import Game, RuleError
from bohnanza.engine.actions import PostOffer
from bohnanza.engine.hints import accept_refusal
from bohnanza.engine.state import GameState

NAMES = ["Ann", "Bob", "Cy"]


def game(**pos: Any) -> Game:
    base: dict[str, Any] = {"preset": "classic", "phase": "trade", "deck": ["soy"] * 10,
                            "seats": [{"name": n} for n in NAMES]}
    seats = pos.pop("seats", None)
    base.update(pos)
    if seats is not None:
        base["seats"] = [{"name": n, **s} for n, s in zip(NAMES, seats, strict=True)]
    return Game.from_position(base)


def say(g: Game, seat: int, text: str) -> Any:
    cmd = parse(text)
    assert isinstance(cmd, GameCommand), text
    return g.apply(seat, cmd.action)


def refused(g: Game, seat: int, text: str) -> str:
    before = g.to_position()
    with pytest.raises(RuleError) as e:
        say(g, seat, text)
    assert g.to_position() == before          # a refused action changes nothing
    return e.value.code


def state(g: Game) -> GameState:
    return g                                  # a Game is the GameState the rules work on


def hints_agree(g: Game) -> None:
    """For every seat and offer: ``can_accept`` lists exactly the offers ``/accept`` takes, and
    ``accept_refusal`` names the code ``/accept`` gets."""
    for seat in range(3):
        can = g.view(seat)["you"]["can_accept"]
        for o in list(state(g).offers):
            why = accept_refusal(state(g), seat, o)
            assert (why is None) == (o.id in can), (seat, o.id, why, can)
            if why is not None:
                assert refused(g.clone(), seat, f"/accept {o.id}") == why["code"]


def test_a_gift_to_one_player_only_that_player_may_take() -> None:
    """R30: Ann gives a face-up Green to Cy only. Bob may not copy it; Cy may; Ann may then
    start the deal with Cy."""
    g = game(face_up=["green", "red"], seats=[{}, {"hand": ["blue"]}, {"hand": ["stink"]}])
    say(g, 0, "/offer green for nothing to Cy")
    o = g.view(1)["offers"][0]
    assert o["to"] == 2 and o["give"] == {"green": 1} and o["want"] == {}
    assert g.view(1)["you"]["can_accept"] == []
    assert {"id": 1, "note": "refused", "code": "not_for_you", "seat": 2} in \
        g.view(1)["you"]["offer_notes"]
    hints_agree(g)
    assert refused(g, 1, "/accept 1") == "not_for_you"
    assert g.view(2)["you"]["can_accept"] == [1]
    say(g, 2, "/accept 1")                    # Cy's copy #2, Cy's to Ann
    copy = g.view(0)["offers"][1]
    assert copy["owner"] == 2 and copy["to"] == 0 and copy["answers"] == 1
    assert g.view(0)["you"]["can_accept"] == [2]
    hints_agree(g)
    say(g, 0, "/accept 2")                    # one Green: both sides provide at once
    assert g.to_position()["seats"][2]["to_plant"] == ["green"]
    assert g.to_position()["face_up"] == ["red"]


def test_seat_by_name_or_number_and_the_text_round_trip() -> None:
    g = game(face_up=["green", "red"], seats=[{}, {"hand": ["blue"]}, {"hand": ["stink"]}])
    say(g, 0, "/offer red for blue to 2")      # seat 2 is Bob (seats numbered from 1)
    say(g, 0, "/offer green for nothing to cy")   # names case-insensitive
    assert [o["to"] for o in g.view(0)["offers"]] == [1, 2]
    assert refused(g, 0, "/offer red for nothing to Dan") == "no_such_seat"
    assert refused(g, 0, "/offer red for nothing to 4") == "no_such_seat"
    assert refused(g, 0, "/offer red for nothing to Ann") == "own_offer"
    for text in ("/offer green for nothing to 3", "/offer 2 blue, red for chili"):
        cmd = parse(text)
        assert isinstance(cmd, GameCommand)
        assert format_action(cmd.action) == text
    assert parse("/offer red for nothing to Bob").action == PostOffer({"red": 1}, {}, "Bob")


def test_an_addressed_offer_of_a_non_active_player_waits_for_that_players_turn() -> None:
    """R28, C13: Bob's offer to Cy cannot be taken by Ann (active now); it stays in the market
    while Bob holds the Blue, for Cy's turn."""
    g = game(face_up=["green", "red"], seats=[{"hand": ["soy"]}, {"hand": ["blue"]}, {}])
    say(g, 1, "/offer blue for nothing to Cy")
    assert g.view(0)["you"]["can_accept"] == []
    assert refused(g, 0, "/accept 1") == "not_for_you"
    assert {"id": 1, "note": "refused", "code": "not_for_you", "seat": 2} in \
        g.view(1)["you"]["offer_notes"]
    hints_agree(g)


def test_one_copy_per_offer_and_player() -> None:
    """The trial's fault: after Bob accepted Ann's #1 (his copy #2 waits for Ann), #1 still
    showed Accept to him. A second copy is refused (already_answered), the view's hints say
    so: no Accept, a note naming his copy."""
    g = game(face_up=["red"], seats=[{"hand": ["soy"]}, {"hand": ["chili", "chili"]}, {}])
    say(g, 0, "/offer red for chili")
    assert g.view(1)["you"]["can_accept"] == [1]
    say(g, 1, "/accept 1")
    assert g.view(1)["you"]["can_accept"] == []
    assert {"id": 1, "note": "answered", "copy": 2} in g.view(1)["you"]["offer_notes"]
    assert refused(g, 1, "/accept 1") == "already_answered"
    hints_agree(g)
    say(g, 1, "/withdraw 2")                  # his copy gone: he may answer again
    assert g.view(1)["you"]["can_accept"] == [1]


def test_offers_remember_their_turn_across_a_stored_position() -> None:
    """C13: an offer outlives its turn; the view says in which turn it was posted, and a
    stored position keeps it (``offer_turns``)."""
    g = game(face_up=["red", "blue"], turn=4, seats=[{"hand": ["soy"]}, {"hand": ["chili"]}, {}])
    say(g, 1, "/offer chili for red")
    assert g.view(2)["offers"][0]["turn"] == 4
    pos = g.to_position()
    assert pos["offer_turns"] == {"1": 4} and "turn" not in pos["offers"][0]
    again = Game.from_position(pos)
    assert again.to_position() == pos and again.view(0)["offers"][0]["turn"] == 4
    say(g, 0, "/done")                        # phase 3, then Bob's turn: the offer stays
    v = g.view(0)
    assert v["offers"] and v["offers"][0]["turn"] == 4 and v["turn"] == 4
