"""Two hints of issue 10's fourth trial (engine/hints.py, the view's ``you``):

- ``second_fields`` (item 18): Ann's Red could go into field 1 (Red×1) or the empty field 2,
  both "Plant here". R14 allows a second field of a bean (C9); the cards then split over two
  fields, which pay by the cards in each (§1c), so the view names the field to use;
- ``deal_front`` (item 15): "Pick Chili from: hand 1 / hand 5": giving hand 1 changes the
  card planted next (R9: phase 1 plants the front card; R11: the cards left keep their order).

Expected values from rules.md (R9, R11, R14, R26, R29, R33, §1c).
"""

from __future__ import annotations

from typing import Any

from bohnanza.commands import GameCommand, parse
from bohnanza.engine import Game


def you(seat: dict[str, Any], phase: str = "plant", **extra: Any) -> Any:
    g = Game.from_position({"preset": "classic", "deck": ["soy"] * 10, "phase": phase,
                            "seats": [seat, {}, {}], **extra})
    return g.view(0)["you"]


# ------------------------------------------------------------------ second_fields


def test_a_second_field_of_the_front_card_is_named_and_the_first_to_use() -> None:
    # phase 1, front card Red; field 1 Red×1 (Red pays its first coin at 2, §1c), field 2
    # empty: both take it (R14), field 2 would be a second Red field
    y = you({"hand": ["red", "blue"], "fields": [["red", 1], None]})
    assert y["plant_fields"] == [1, 2]
    assert y["second_fields"] == {"red": {"second": [2], "use": [1]}}


def test_phase_3_each_bean_to_plant() -> None:
    y = you({"to_plant": ["chili", "blue"], "fields": [None, ["chili", 2]]}, "plant_traded")
    assert y["second_fields"] == {"chili": {"second": [1], "use": [2]}}


def test_no_second_field_note_when_it_makes_no_second_field() -> None:
    # no field of the bean: the empty field is its first (R13)
    assert you({"hand": ["red"], "fields": [["blue", 1], None]})["second_fields"] == {}
    # no empty field: only the bean's own field takes it
    assert you({"hand": ["red"], "fields": [["red", 1], ["blue", 1]]})["second_fields"] == {}
    # Garden×3 pays 3, Garden's top (§1c): a fourth Garden there earns nothing more, so an
    # empty field is no mistake
    assert you({"hand": ["garden"], "fields": [["garden", 3], None]})["second_fields"] == {}
    # not this seat's turn to plant
    g = Game.from_position({"preset": "classic", "deck": ["soy"] * 10, "seats": [
        {"hand": ["blue"]}, {"hand": ["red"], "fields": [["red", 1], None]}, {}]})
    assert g.view(1)["you"]["second_fields"] == {}


# ------------------------------------------------------------------ deal_front


def say(g: Game, seat: int, text: str) -> None:
    cmd = parse(text)
    assert isinstance(cmd, GameCommand), text
    g.apply(seat, cmd.action)


def _deal(hand: list[str], bean: str, face_up: list[str] | None = None) -> Game:
    """Phase 2, Ann (seat 0) active with face-up ``face_up``; Bob (seat 1, ``hand``) offers one
    ``bean`` for a face-up Blue and Ann accepts: the deal waits for both (R29, R31)."""
    g = Game.from_position({"preset": "classic", "deck": ["soy"] * 10, "phase": "trade",
                            "face_up": face_up or ["blue", "stink"],
                            "seats": [{"hand": ["wax", "wax"]}, {"hand": hand}, {}]})
    say(g, 1, f"/offer {bean} for blue")
    say(g, 0, "/accept 1")
    return g


def test_giving_the_front_card_changes_the_next_plant() -> None:
    # the trial: Bob owes 1 Chili and holds it at hand 1 and hand 5 (R11: any position);
    # giving hand 1 makes Green (hand 2) his next plant (R9), giving hand 5 keeps Chili
    g = _deal(["chili", "green", "soy", "wax", "chili"], "chili")
    assert g.view(1)["you"]["deal_front"] == {"bean": "chili", "next": "green", "keep": ["h5"]}


def test_the_active_players_face_up_card_keeps_the_front_too() -> None:
    # Ann owes Bob a Blue: the face-up Blue or her front Blue (R29); the face-up card leaves
    # her hand as it is (she then plants Wax next, R9, not the Blue)
    g = Game.from_position({"preset": "classic", "deck": ["soy"] * 10, "phase": "trade",
                            "face_up": ["blue", "stink"],
                            "seats": [{"hand": ["blue", "wax"]}, {"hand": ["red"]}, {}]})
    say(g, 0, "/offer blue for red")
    say(g, 1, "/accept 1")
    say(g, 0, "/accept 2")
    assert g.view(0)["you"]["deal_front"] == {"bean": "blue", "next": "wax", "keep": ["u1"]}


def test_no_front_note_when_the_front_card_is_not_in_question() -> None:
    # the front card's bean is not owed
    assert _deal(["green", "chili", "soy"], "chili").view(1)["you"]["deal_front"] is None
    # hand 1 is the only Chili: it must go (no choice: the engine's one way)
    assert _deal(["chili", "green"], "chili").view(1)["you"]["deal_front"] is None
    # hand 2 is a Chili too: whichever goes, Chili is planted next (R9)
    assert _deal(["chili", "chili", "green"], "chili").view(1)["you"]["deal_front"] is None
    # Cleo, not a party
    assert _deal(["chili", "green", "chili"], "chili").view(2)["you"]["deal_front"] is None
