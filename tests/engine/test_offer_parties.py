"""Whom an offer is for as turns pass, and which offers a seat left untaken (issue 10, the
fourth trial's items 4, 8 and 19; rules.md R28, R32, C13 and T28).

T28: "P0 ends phase 2 while P1's offer `Red for Blue` is open -> the offer stays in the
market; on P1's own turn it is an offer of the active player, open to everyone else, and on
P2's turn it is an offer to P2." The view's ``offers[].partners`` says so for this turn, and
``offers[].turn_active`` names the seat whose turn it was made in. The log's ``pass`` and
``phase`` entries name the offers the seat did not take (``not_taken``): a bot says no by not
taking an offer (issue 15), and the owner is told.
"""

from __future__ import annotations

from typing import Any

from bohnanza.engine import Game

from . import test_offer_to as offer_to


def game(**pos: Any) -> Game:
    """test_offer_to's position (Ann, Bob, Cy in phase 2) with 20 cards in the deck."""
    return offer_to.game(**{"deck": ["soy"] * 20, **pos})


def say(g: Game, seat: int, text: str) -> list[Any]:
    return list(offer_to.say(g, seat, text))


def offer(g: Game, viewer: int, oid: int) -> dict[str, Any]:
    return next(o for o in g.view(viewer)["offers"] if o["id"] == oid)


def test_t28_an_offer_is_for_the_active_player_of_the_turn_it_is_seen_in() -> None:
    # turn 1: Ann (P0) active in phase 2, no face-up cards; Bob (P1) offers Red for Blue
    g = game(seats=[{"hand": ["blue"]}, {"hand": ["soy", "red"]}, {"hand": ["green"]}])
    say(g, 1, "/offer red for blue")
    o = offer(g, 2, 1)
    assert o["turn"] == 1 and o["turn_active"] == 0
    assert o["partners"] == [0]                      # to the active player (R28)
    say(g, 0, "/done")                               # R32: the offer stays (C13)
    v = g.view(2)
    assert v["turn"] == 2 and v["active"] == 1       # Bob's turn
    o = offer(g, 2, 1)
    assert o["turn_active"] == 0                     # made on Ann's turn
    assert o["partners"] == [0, 2]                   # Bob's own turn: open to everyone else
    say(g, 1, "/plant 1")                            # Bob plants Soy
    say(g, 1, "/done")                               # phase 2: two Soy turned up
    say(g, 1, "/done")                               # ends it: he plants both (R33)
    say(g, 1, "/plant soy 1")
    say(g, 1, "/plant soy 1")
    v = g.view(0)
    assert v["turn"] == 3 and v["active"] == 2 and v["phase"] == "plant"
    o = offer(g, 0, 1)
    assert o["turn_active"] == 0                     # still: made on Ann's turn
    assert o["partners"] == [2]                      # Cy's turn: an offer to Cy


def test_an_offer_aimed_at_one_seat_is_for_nobody_on_another_seats_turn() -> None:
    # Bob's offer "to Cy" on Cy's turn is for Cy; on Ann's turn it waits for Cy's (C13)
    g = game(active=2, turn=3, offer_turns={"1": 3},
             offers=[{"id": 1, "owner": 1, "give": {"red": 1}, "want": {"blue": 1}, "to": 2}],
             seats=[{"hand": ["blue"]}, {"hand": ["red"]}, {"hand": ["blue"]}])
    assert offer(g, 0, 1)["partners"] == [2]
    g = game(active=0, turn=4, offer_turns={"1": 3},
             offers=[{"id": 1, "owner": 1, "give": {"red": 1}, "want": {"blue": 1}, "to": 2}],
             seats=[{"hand": ["blue"]}, {"hand": ["red"]}, {"hand": ["blue"]}])
    o = offer(g, 0, 1)
    assert o["partners"] == [] and o["turn_active"] == 2
    # the active player's offer aimed at one seat: that seat only (R28, R30)
    g = game(seats=[{"hand": ["red"]}, {"hand": ["blue"]}, {"hand": ["blue"]}])
    say(g, 0, "/offer red for blue to Cy")
    assert offer(g, 1, 1)["partners"] == [2]


def test_an_offer_of_an_unknown_turn_names_no_seat() -> None:
    g = game(turn=5, offers=[{"id": 1, "owner": 1, "give": {"red": 1}, "want": {}}],
             seats=[{}, {"hand": ["red"]}, {}])
    o = offer(g, 0, 1)
    assert o["turn"] == 0 and o["turn_active"] is None


def events(log: list[Any], kind: str) -> list[dict[str, Any]]:
    return [e.data for e in log if e.kind == kind]


def test_a_seat_that_passes_names_the_active_players_offers_it_did_not_take() -> None:
    g = game(seats=[{"hand": ["red", "green"]}, {"hand": ["chili", "chili"]},
                    {"hand": ["stink"]}])
    say(g, 0, "/offer red for chili")                # 1: open to all
    say(g, 0, "/offer green for stink to Cy")        # 2: for Cy only
    say(g, 0, "/offer green for ?")                  # 3: a prompt (C12): nothing to take
    [p] = events(say(g, 1, "/done"), "pass")
    assert p["not_taken"] == [1]                     # not #2 (not for Bob), not #3
    [p] = events(say(g, 2, "/done"), "pass")
    assert p["not_taken"] == [1, 2]
    # a seat that said yes (its answer waits, design.md 4) did take it: nothing is named
    say(g, 1, "/accept 1")                           # Bob's answer #4; his pass mark clears
    [p] = events(say(g, 1, "/done"), "pass")
    assert "not_taken" not in p


def test_ending_phase_2_names_the_offers_to_the_active_player_left_untaken() -> None:
    g = game(face_up=["red"], seats=[{"hand": ["soy"]}, {"hand": ["chili", "green"]},
                                     {"hand": ["stink", "blue"]}])
    say(g, 1, "/offer chili for red")                # 1: to Ann, the active player
    say(g, 2, "/offer stink for ?")                  # 2: a prompt: nothing to take
    say(g, 2, "/offer blue for soy to Bob")          # 3: for Bob's turn, not Ann's
    [ph] = events(say(g, 0, "/done"), "phase")
    assert ph == {"phase": "plant_traded", "not_taken": [1]}
    assert [o["id"] for o in g.view(1)["offers"]] == [1, 2, 3]   # they stay (R32, C13)
    # nothing left untaken: no field
    g = game(seats=[{}, {}, {}])
    [ph] = events(say(g, 0, "/done"), "phase")
    assert ph == {"phase": "plant_traded"}
