"""The bean duel's last step (rules.md §3a, R38 duel: after the final exhaustion in the step-3
reveal, step 3 is finished and the game is scored): the view's phase button names the end of
the game, not a turn that hands the rest to the opponent (helper duel17)."""

from __future__ import annotations

from bohnanza.engine import Game
from bohnanza.engine.actions import CardRef, Done, Plant


def last_reveal() -> Game:
    """Ann's step 3 with 2 cards left in the draw pile: the reveal takes both (the first
    exhaustion ends the duel, R37) and the top of the discard pile (Soy) matches neither."""
    g = Game.from_position({
        "preset": "rio-grande", "names": ["Ann", "Bob"], "deck": ["blue", "red"],
        "discard": ["soy", "red"], "phase": "plant", "active": 0, "seats": [
            {"name": "Ann", "hand": ["blue", "wax"], "fields": [["blue", 1], None]},
            {"name": "Bob", "hand": ["chili"] * 4, "fields": [["chili", 2], None]}]})
    assert g.rules.duel
    g.apply(0, Plant(1))
    g.apply(0, Done())
    return g


def test_the_last_step_3_is_labelled_the_end_of_the_game() -> None:
    g = last_reveal()
    assert g.phase == "plant_revealed" and sorted(g.face_up) == ["blue", "red"]
    assert g.view(0)["exhaustions"] == g.view(0)["passes_limit"] == 1
    you = g.view(0)["you"]
    assert you["waiting_for"] == "plant_revealed" and you["done_label"] == "end_game"
    assert g.view(1)["you"]["done_label"] is None
    g.apply(0, Plant(1, card=CardRef("u", g.face_up.index("blue") + 1)))
    assert g.view(0)["you"]["done_label"] == "end_game"
    g.apply(0, Done())          # R38: the game is scored; Bob gets no step 1
    assert g.over and g.result is not None


def test_an_earlier_step_3_still_hands_the_rest_over() -> None:
    g = last_reveal()
    g2 = Game.from_position({**g.to_position(), "exhaustions": 0, "deck": ["soy"] * 5})
    assert g2.view(0)["you"]["done_label"] == "end_turn"
