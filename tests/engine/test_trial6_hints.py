"""The sixth trial's hint (engine/hints.py ``kept_face_up``, the view's ``you.kept_face_up``).

Bob, Cleo and Dee (active, phase 2) pressed End trading and only then read that the face-up
cards nobody had taken were theirs to plant, at the cost of fields. R32: at the end of phase
2 the face-up cards left go to the active player's to-plant area; R33: they are planted in
phase 3 with the cards received; R18: a harvest of n cards paying c coins discards n - c;
R19: a field of one bean is protected while another holds two or more. Expected values from
rules.md and the beanometers of §1c (Black-eyed: 1 coin at 2 cards; Red: at 2; Stink: at 3).
"""

from __future__ import annotations

from typing import Any

from bohnanza.commands import GameCommand, parse
from bohnanza.engine import Game


def game(seat0: dict[str, Any], face_up: list[str], active: int = 0,
         seat1: dict[str, Any] | None = None) -> Game:
    return Game.from_position({"preset": "classic", "deck": ["soy"] * 10, "phase": "trade",
                               "active": active, "face_up": face_up,
                               "seats": [seat0, seat1 or {"hand": ["chili"]}, {"hand": ["stink"]}]})


def test_face_up_cards_that_fit_cost_nothing() -> None:
    # field 1 grows Stink, field 2 Red: the face-up Stink and Red go onto them (R13)
    g = game({"hand": ["soy"], "fields": [["stink", 1], ["red", 1]]}, ["stink", "red"])
    assert g.view(0)["you"]["kept_face_up"] == {
        "face_up": ["stink", "red"], "no_field": [], "harvests": 0, "thrown": 0,
        "harvest_now": 0}


def test_a_face_up_card_with_no_field_costs_a_harvest() -> None:
    # Dee (trial 93): Stink fits field 1; Black-eyed has no field, both fields hold one card
    # (neither protected, R19): one harvest of a single card pays nothing, 1 thrown away (R18)
    g = game({"hand": ["soy"], "fields": [["stink", 1], ["red", 1]]}, ["stink", "blackeyed"])
    k = g.view(0)["you"]["kept_face_up"]
    assert k["no_field"] == ["blackeyed"]
    assert (k["harvests"], k["thrown"], k["harvest_now"]) == (1, 1, 0)


def test_two_of_one_bean_need_one_field() -> None:
    # Cleo (trial 64): Soy, Soy face up, fields Blue×2 and Black-eyed×2; Black-eyed×2 pays
    # 1 coin (§1c), 1 card thrown away; Blue×2 pays none (2 thrown): the cheaper harvest
    g = game({"hand": ["blue"], "fields": [["blue", 2], ["blackeyed", 2]]}, ["soy", "soy"])
    k = g.view(0)["you"]["kept_face_up"]
    assert k["no_field"] == ["soy"]
    assert (k["harvests"], k["thrown"], k["harvest_now"]) == (1, 1, 1)


def test_received_cards_count_in_the_plan() -> None:
    # Bob (trial 47-49): fields Stink×2, Red×1 (protected, R19), Blue received, Green left
    # face up: Stink×2 goes (0 coins, 2 thrown), Blue in; then the Blue×1 or Red×1 (1
    # thrown) for Green: 2 harvests, 3 thrown away
    g = game({"hand": ["soy"]}, ["green"], active=1,
             seat1={"hand": ["chili"], "fields": [["stink", 2], ["red", 1]], "to_plant": ["blue"]})
    k = g.view(1)["you"]["kept_face_up"]
    assert k["face_up"] == ["green"] and k["no_field"] == ["green"]
    assert (k["harvests"], k["thrown"], k["harvest_now"]) == (2, 3, 0)


def test_only_the_active_player_in_phase_2_without_a_deal() -> None:
    g = game({"hand": ["green"], "fields": [["stink", 2], ["red", 1]]}, ["green", "chili"],
             seat1={"hand": ["soy", "chili"]})
    assert g.view(0)["you"]["kept_face_up"] is not None
    assert g.view(1)["you"]["kept_face_up"] is None          # not the active player
    for seat, text in ((1, "/offer 1 chili for 1 green"), (0, "/accept 1")):
        cmd = parse(text)
        assert isinstance(cmd, GameCommand)
        g.apply(seat, cmd.action)
    # Ann may hand over the face-up Green or her hand's: the deal waits for her choice
    assert g.deal is not None
    assert g.view(0)["you"]["kept_face_up"] is None          # its cards may still move


def test_none_without_face_up_cards_or_outside_phase_2() -> None:
    g = game({"hand": ["soy"], "fields": [["stink", 1], None]}, [])
    assert g.view(0)["you"]["kept_face_up"] is None
    g = Game.from_position({"preset": "classic", "deck": ["soy"] * 10, "phase": "plant",
                            "seats": [{"hand": ["soy"]}, {}, {}]})
    assert g.view(0)["you"]["kept_face_up"] is None
