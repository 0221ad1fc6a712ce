"""What a plant of a hand card behind the front one is told (newuser19: the board sends a hand
card dropped on a field as ``/plant hN F``). Phase 1 plants the front card only (R9, R26):
the refusal names that card by its bean, not by a place ("h1") the board does not show.
Phase 3 plants the to-plant area (R33): a hand card is refused as such, not with "name the
bean to plant"."""

from __future__ import annotations

import pytest

from bohnanza.commands import GameCommand, parse
from bohnanza.commands.refusals import refusal_text
from bohnanza.engine import Game, RuleError


def _refusal(phase: str, line: str) -> RuleError:
    seat = {"hand": ["chili", "red", "soy"], "fields": [["blue", 2], None]}
    if phase == "plant_traded":
        seat["to_plant"] = ["red"]
    g = Game.from_position({"preset": "classic", "deck": ["soy"] * 10, "phase": phase,
                            "seats": [seat, {}, {}]})
    cmd = parse(line)
    assert isinstance(cmd, GameCommand)
    before = g.view(0)
    with pytest.raises(RuleError) as e:
        g.apply(0, cmd.action)
    assert g.view(0) == before          # bad input changes nothing
    return e.value


@pytest.mark.parametrize("line", ["/plant h3 2", "/plant soy 2"])
def test_phase_1_a_card_behind_the_front_names_the_front_card(line: str) -> None:
    e = _refusal("plant", line)
    assert (e.code, e.rule) == ("no_such_card", "R9")
    assert e.message == "in phase 1 you plant the front card of your hand (chili)"


def test_phase_3_a_hand_card_is_not_a_to_plant_card() -> None:
    e = _refusal("plant_traded", "/plant h1 2")
    assert (e.code, e.rule) == ("no_such_card", "R33")
    assert e.message == "in phase 3 you plant the cards of your to-plant area, not hand cards"
    ja = refusal_text(e.code, e.message, "ja")
    assert ja == "フェーズ3で植えるのは「植えるカード」欄のカードで、手札のカードではありません"
