"""The hints the board's status line and market read (issue 10; engine/hints.py).

Expected values come from the rules: R26 (the second plant is optional), R28 (every deal
involves the active player), R29 (who holds what), R31 (one deal at a time), R33 (phase 3).
"""

from __future__ import annotations

from typing import Any

from bohnanza.commands import GameCommand, parse
from bohnanza.engine import Game


def game(**pos: Any) -> Game:
    base: dict[str, Any] = {"preset": "classic", "deck": ["soy"] * 10, "seats": [{}, {}, {}]}
    base.update(pos)
    return Game.from_position(base)


def say(g: Game, seat: int, text: str) -> None:
    cmd = parse(text)
    assert isinstance(cmd, GameCommand)
    g.apply(seat, cmd.action)


def notes(g: Game, seat: int) -> dict[int, dict[str, Any]]:
    return {n["id"]: n for n in g.view(seat)["you"]["offer_notes"]}


def test_phase_1_the_second_plant_is_optional_R26() -> None:
    g = game(seats=[{"hand": ["red", "blue", "soy"]}, {}, {}])
    v = g.view(0)
    assert v["waiting"] == [{"seat": 0, "for": "plant", "optional": False}]
    assert v["you"]["plant_optional"] is False
    say(g, 0, "/plant")
    v = g.view(0)
    assert v["waiting"] == [{"seat": 0, "for": "plant", "optional": True}]
    assert v["you"]["plant_optional"] is True and v["you"]["done_label"] == "end_planting"
    assert g.view(1)["you"]["plant_optional"] is False     # only the active player plants


def test_the_table_waits_for_the_parties_of_a_deal_R31() -> None:
    g = game(phase="trade", face_up=["red"],
             seats=[{"hand": ["soy", "soy"]}, {"hand": ["chili"]}, {}])
    assert g.view(2)["waiting"] == [{"seat": 0, "for": "trade"}]
    say(g, 1, "/offer chili for soy")                        # 1: to the active player
    say(g, 0, "/accept 1")
    v = g.view(2)
    assert v["waiting"] == [{"seat": 0, "for": "provide"}]   # P1 has one chili: provided
    # End trading is refused during the deal, and the view says why (R31)
    assert g.view(0)["you"]["done_blocked"] == "deal_in_progress"
    # a party of the deal is not offered "not interested"; the third player still is
    assert g.view(1)["you"]["done_label"] is None
    assert g.view(2)["you"]["done_label"] == "not_interested"
    # the offer of the deal has no note: deal.offer says it
    assert 1 not in notes(g, 1) and 1 not in notes(g, 0) and g.view(1)["deal"]["offer"] == 1


def test_phase_3_each_seat_with_cards_to_plant_R33() -> None:
    g = game(phase="plant_traded", seats=[{"to_plant": ["red"]}, {"to_plant": ["soy", "blue"]},
                                          {}])
    assert g.view(None)["waiting"] == [
        {"seat": 0, "for": "plant_traded", "count": 1},
        {"seat": 1, "for": "plant_traded", "count": 2}]


def test_offer_notes_for_each_viewer_R28_R29() -> None:
    g = game(phase="trade", face_up=["red", "blue"],
             seats=[{"hand": ["soy"]}, {"hand": ["chili"]}, {"hand": ["green"]}])
    say(g, 0, "/offer red for chili")          # 1: the active player's, open to P1 and P2
    say(g, 2, "/offer green for blue")         # 2: P2's, to the active player
    say(g, 0, "/offer blue for ?")             # 3: a prompt
    # P1 holds chili: may copy offer 1 (can_accept, no note); P2 holds no chili: refused,
    # lacking 1 chili
    assert g.view(1)["you"]["can_accept"] == [1] and 1 not in notes(g, 1)
    assert notes(g, 2)[1] == {"id": 1, "note": "refused", "code": "cannot_provide", "seat": 2,
                              "missing": {"chili": 1}}
    # offer 2 is between P2 and the active player: P1 cannot take it (R28), no note for P1
    assert 2 not in notes(g, 1)
    assert notes(g, 2)[2] == {"id": 2, "note": "waiting"}   # the active player may take it
    assert g.view(0)["you"]["can_accept"] == [2]
    assert notes(g, 0) == {}                 # the active player's own offers: open to all
    assert 3 not in notes(g, 1)               # a prompt: the '?' says it
    say(g, 1, "/accept 1")                     # 4: P1's copy of offer 1 (sides swapped)
    v = g.view(0)
    assert {o["id"]: o["answers"] for o in v["offers"]} == {1: None, 2: None, 3: None, 4: 1}
    assert notes(g, 1)[4] == {"id": 4, "note": "waiting"}


def test_a_copy_the_active_player_can_no_longer_take_says_who_lacks_what() -> None:
    # the active player's hand is empty (its size is public, R41): once the face-up red
    # is gone, everyone can tell it holds no red
    g = game(phase="trade", face_up=["red"],
             seats=[{"hand": []}, {"hand": ["chili"]}, {"hand": ["chili"]}])
    say(g, 0, "/offer red for chili")          # 1
    say(g, 1, "/accept 1")                     # 2: P1's copy
    say(g, 2, "/accept 1")                     # 3: P2's copy
    assert notes(g, 1)[2]["note"] == "waiting" and notes(g, 2)[3]["note"] == "waiting"
    say(g, 0, "/accept 3")                     # the red goes to P2 (one way each: executes)
    assert notes(g, 1)[2] == {"id": 2, "note": "refused", "code": "cannot_provide", "seat": 0,
                              "missing": {"red": 1}}


def test_a_note_never_tells_what_the_active_players_hand_lacks() -> None:
    # R41: which beans a hand holds is hidden. P1 asks the active player for a chili it does
    # not hold; with one card in its hand (a soy nobody else sees) it might hold one, so P1's
    # note must not tell: it waits, as it would if the card were a chili
    for hidden in ("soy", "chili"):
        g = game(phase="trade", seats=[{"hand": [hidden]}, {"hand": ["red"]}, {}])
        say(g, 1, "/offer red for chili")      # 1: P1's, to the active player
        assert notes(g, 1)[1] == {"id": 1, "note": "waiting"}, hidden
    # the active player itself is told (its own hand): it cannot take P1's offer
    assert g.view(0)["you"]["can_accept"] == [1]
    g = game(phase="trade", seats=[{"hand": ["soy"]}, {"hand": ["red"]}, {}])
    say(g, 1, "/offer red for chili")
    assert notes(g, 0)[1] == {"id": 1, "note": "refused", "code": "cannot_provide", "seat": 0,
                              "missing": {"chili": 1}}


def test_the_lines_of_a_deal_come_in_the_order_things_happened() -> None:
    g = game(phase="trade", face_up=["red"],
             seats=[{"hand": ["soy", "soy"]}, {"hand": ["chili"]}, {}])
    say(g, 1, "/offer chili for soy")
    say(g, 0, "/accept 1")                      # P1 provides at once (one chili)
    cmd = parse("/provide h2")
    assert isinstance(cmd, GameCommand)
    kinds = [e.kind for e in g.apply(0, cmd.action)]
    assert kinds.index("provide") < kinds.index("deal_done"), kinds


def test_the_active_party_is_told_a_face_up_card_or_a_hand_card_R29_R33() -> None:
    """Trial 5: Ann owed a Chili and was asked "face-up 1 / hand 2" with no word why. A
    face-up card she keeps is planted this turn (R32, R33), a hand card stays (R29): the
    view names both sources; the other party (no face-up cards to give, R29) gets nothing."""
    g = game(phase="trade", face_up=["chili"],
             seats=[{"hand": ["green", "chili"]}, {"hand": ["stink"]}, {"hand": ["soy"]}])
    say(g, 2, "/offer soy for chili")
    say(g, 0, "/accept 1")
    you = g.view(0)["you"]
    assert you["waiting_for"] == "provide"
    assert you["deal_face_up"] == [{"bean": "chili", "face_up": ["u1"], "hand": ["h2"]}]
    assert g.view(2)["you"]["deal_face_up"] is None
    say(g, 0, "/provide u1")
    assert g.view(0)["you"]["deal_face_up"] is None                 # provided: no choice left


def test_two_hand_cards_of_the_bean_owed_apart_say_the_planting_order_R9_R11() -> None:
    """Trial 5: "Pick Chili from: hand 3 / hand 5" with no word on the planting order. The
    hand is planted from the front (R9); a card owed may come from any position (R11).
    Giving hand 3 (the first Chili) leaves hand 5's Chili, at hand 4 once the hand closes
    up; giving hand 5 leaves the Chili at hand 3."""
    g = game(phase="trade", face_up=["blue", "stink"],
             seats=[{"hand": ["soy"]}, {"hand": ["soy", "green", "chili", "wax", "chili"]}, {}])
    say(g, 1, "/offer chili for blue")
    say(g, 0, "/accept 1")
    assert g.view(1)["you"]["deal_order"] == [
        {"bean": "chili", "first": "h3", "then": "h4", "keep": ["h5"]}]
    assert g.view(1)["you"]["deal_front"] is None         # hand 1 (Soy) is not owed
    assert g.view(2)["you"]["deal_order"] is None         # no party
    say(g, 1, "/provide h5")
    assert g.view(1)["you"]["deal_order"] is None         # provided: no choice left


def test_no_planting_order_word_where_the_choice_changes_nothing_R11() -> None:
    # side by side: either card leaves the same hand; the front card: deal_front says it;
    # as many cards as owed: no choice
    for hand, owe in ((["soy", "chili", "chili", "wax"], "chili"),
                      (["chili", "soy", "chili"], "chili"),
                      (["soy", "chili", "wax", "chili"], "2 chili")):
        g = game(phase="trade", face_up=["blue", "stink"],
                 seats=[{"hand": ["soy"]}, {"hand": hand}, {}])
        say(g, 1, f"/offer {owe} for blue")
        say(g, 0, "/accept 1")
        assert g.view(1)["you"]["deal_order"] is None, hand
