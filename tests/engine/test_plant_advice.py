"""The planting advice (engine/hints.py ``plant_advice``, the view's ``you.plant_advice``):
when a card that must be planted fits no field, the least costly way, over every card still
to plant (trial 3: "plant Chili" led to selling a 2-bean field for 0 coins, where harvesting
the single Blue first would have lost one bean).

Expected values from rules.md: the coins of §1c (R18: a harvest of n cards paying c discards
n - c), bean protection R19, planting R13/R14, phase 1 R26, phase 3 R33, R15.
"""

from __future__ import annotations

from typing import Any

from bohnanza.engine import Game
from bohnanza.engine.actions import Harvest, Plant


def advice(seat: dict[str, Any], phase: str = "plant") -> Any:
    g = Game.from_position({"preset": "classic", "deck": ["soy"] * 10, "phase": phase,
                            "seats": [seat, {}, {}]})
    return g.view(0)["you"]["plant_advice"]


def test_phase_3_harvest_the_single_blue_before_planting_chili() -> None:
    # the trial: planting Chili first makes Chili×2, which protects the Blue (R19); Green
    # then needs Chili×2 harvested: 0 coins (§1c), 2 thrown away. Harvesting the lone Blue
    # first (both fields hold one card: allowed, R19) throws 1 away, and both cards fit.
    a = advice({"fields": [["blue", 1], ["chili", 1]], "to_plant": ["chili", "green"]},
               "plant_traded")
    assert a["step"] == "harvest"
    assert a["harvest"] == {"field": 1, "bean": "blue", "count": 1, "harvest_now": 0, "thrown": 1}
    assert (a["thrown"], a["harvests"]) == (1, 1)


def test_phase_1_a_protected_single_is_not_advised() -> None:
    # Green fits no field; the lone Blue is protected while Chili×2 stands (R19): Chili it is
    a = advice({"hand": ["green"], "fields": [["blue", 1], ["chili", 2]]})
    assert a["step"] == "harvest"
    assert a["harvest"] == {"field": 2, "bean": "chili", "count": 2, "harvest_now": 0, "thrown": 2}


def test_the_field_that_throws_away_fewer_beans() -> None:
    # Blue×5 pays 1 and throws 4 away; Soy×3 pays 1 and throws 2 away (§1c, R18)
    a = advice({"hand": ["green"], "fields": [["blue", 5], ["soy", 3]]})
    assert a["harvest"] == {"field": 2, "bean": "soy", "count": 3, "harvest_now": 1, "thrown": 2}


def test_a_field_at_its_threshold_loses_nothing() -> None:
    # Garden×3 pays 3 and throws nothing away; Blue×2 pays 0 and throws 2 (§1c)
    a = advice({"hand": ["chili"], "fields": [["blue", 2], ["garden", 3]]})
    assert a["harvest"] == {"field": 2, "bean": "garden", "count": 3, "harvest_now": 3, "thrown": 0}
    assert a["thrown"] == 0


def test_all_cards_count_plant_first_then_sell_at_the_threshold() -> None:
    # Garden×2 + the Garden to plant = Garden×3: 3 coins, nothing thrown away; then Chili
    # goes in the emptied field. Harvesting Blue×3 instead throws 3 away (§1c, R33)
    a = advice({"fields": [["garden", 2], ["blue", 3]], "to_plant": ["chili", "garden"]},
               "plant_traded")
    assert (a["step"], a["bean"], a["field"]) == ("plant", "garden", 1)
    assert a["harvest"] == {"field": 1, "bean": "garden", "count": 3, "harvest_now": 3, "thrown": 0}
    assert a["thrown"] == 0


def test_each_card_fits_but_not_both() -> None:
    # Chili and Green each fit the empty field 2, not both: one harvest is needed, Blue×2
    # (2 thrown away: the lone card planted in field 2 is protected by it, R19)
    a = advice({"fields": [["blue", 2], None], "to_plant": ["chili", "green"]},
               "plant_traded")
    assert a is not None and a["harvests"] == 1 and a["thrown"] == 2
    assert a["harvest"]["field"] == 1 and a["harvest"]["bean"] == "blue"


def test_no_advice_when_no_harvest_is_needed() -> None:
    assert advice({"fields": [["blue", 1], None], "to_plant": ["chili"]}, "plant_traded") is None
    assert advice({"fields": [["chili", 2], ["blue", 1]], "to_plant": ["chili", "chili", "blue"]},
                  "plant_traded") is None
    assert advice({"hand": ["blue"], "fields": [["blue", 1], ["soy", 2]]}) is None
    # after the first plant the second is optional (R26): nothing must be planted
    g = Game.from_position({"preset": "classic", "deck": ["soy"] * 10, "planted": 1,
                            "seats": [{"hand": ["green"], "fields": [["blue", 1], ["chili", 2]]},
                                      {}, {}]})
    assert g.view(0)["you"]["plant_advice"] is None
    assert g.view(1)["you"]["plant_advice"] is None       # not this seat's turn


def test_many_cards_still_get_advice() -> None:
    # seven different beans into three full fields: too many for the exact search, a way
    # found step by step: its first harvest is one R19 allows (the lone Blue is protected)
    a = advice({"fields": [["blue", 1], ["chili", 2], ["soy", 3]],
                "to_plant": ["red", "green", "stink", "blackeyed", "garden", "red", "green"]},
               "plant_traded")
    assert a is not None and a["step"] == "harvest"
    assert a["harvest"]["field"] in (2, 3) and a["harvests"] >= 3


def test_two_harvests_the_plan_states_both() -> None:
    # trial 4 (issue 10): "harvest field 1 first, then plant Chili, Stink" named one harvest
    # where two are needed. Two new beans, two fields of one card each: both fields must make
    # room (R13, R14, R33); each single-card harvest pays 0 and throws 1 away (§1c, R18; the
    # exception of R19, T6, allows it): 2 harvests, 2 thrown away, in whichever order.
    seat = {"fields": [["blue", 1], ["soy", 1]], "to_plant": ["chili", "stink"]}
    a = advice(seat, "plant_traded")
    assert (a["harvests"], a["thrown"]) == (2, 2)
    steps = a["steps"]
    harvests = [s for s in steps if s["step"] == "harvest"]
    assert len(harvests) == 2 and all(
        (h["count"], h["harvest_now"], h["thrown"]) == (1, 0, 1) for h in harvests)
    assert sorted(s["bean"] for s in steps if s["step"] == "plant") == ["chili", "stink"]
    assert steps[0] == {"step": "harvest", **a["harvest"]}
    # the steps, played in order, are legal and plant every card (R33)
    g = Game.from_position({"preset": "classic", "deck": ["soy"] * 10, "phase": "plant_traded",
                            "seats": [seat, {}, {}]})
    for s in steps:
        g.apply(0, Harvest(s["field"]) if s["step"] == "harvest" else Plant(s["field"], s["bean"]))
    assert g.view(0)["you"]["to_plant"] == []


def test_steps_of_a_one_harvest_plan() -> None:
    # T32's kind (R33): Garden×2 + Garden = Garden×3 pays 3, nothing thrown (§1c); Chili then
    # goes in the emptied field 1
    a = advice({"fields": [["garden", 2], ["blue", 3]], "to_plant": ["chili", "garden"]},
               "plant_traded")
    assert a["steps"] == [
        {"step": "plant", "field": 1, "bean": "garden"},
        {"step": "harvest", "field": 1, "bean": "garden", "count": 3, "harvest_now": 3,
         "thrown": 0},
        {"step": "plant", "field": 1, "bean": "chili"},
    ]


def test_equal_losses_keep_the_field_nearest_a_coin() -> None:
    # issue 10 trial 4 item 9, the tie-break: Green fits neither field; Blue×1 and Soy×1 each
    # pay 0 and throw 1 away (§1c, R18; both singles, R19's exception T6). Soy's first coin
    # is at 2 cards (1 more), Blue's at 4 (3 more): the Soy stays, the Blue goes.
    for fields, blue in (([["blue", 1], ["soy", 1]], 1), ([["soy", 1], ["blue", 1]], 2)):
        a = advice({"hand": ["green"], "fields": fields})
        assert a["harvest"] == {"field": blue, "bean": "blue", "count": 1, "harvest_now": 0,
                                "thrown": 1}


def test_two_harvests_keep_the_field_nearest_a_coin() -> None:
    # two new beans, Blue×1 and Soy×1 in the fields: two harvests of one card each (2 thrown
    # away, 0 coins, §1c, R18) whichever fields go. Soy×1 is 1 card from its first coin,
    # Blue×1 3, a planted Chili×1 2, Stink×1 2: the Blue goes first and the Soy stays (R33:
    # every card to plant is planted, even one harvested again)
    seat = {"fields": [["soy", 1], ["blue", 1]], "to_plant": ["chili", "stink"]}
    a = advice(seat, "plant_traded")
    assert (a["harvests"], a["thrown"]) == (2, 2)
    assert a["harvest"]["bean"] == "blue"
    g = Game.from_position({"preset": "classic", "deck": ["soy"] * 10, "phase": "plant_traded",
                            "seats": [seat, {}, {}]})
    for s in a["steps"]:
        g.apply(0, Harvest(s["field"]) if s["step"] == "harvest" else Plant(s["field"], s["bean"]))
    assert ["soy", 1] in g.view(0)["seats"][0]["fields"]


def test_equal_losses_keep_the_field_the_hand_plants_next() -> None:
    # newuser19's game: phase 3, Chili×1 in field 1, field 2 empty, Blue and Stink to plant,
    # Blue at the front of the hand. Blue goes in field 2; Stink then needs a field: either
    # single goes for 0 coins, 1 thrown away (§1c, R18; singles, R19's exception). Blue is
    # 3 cards from its first coin, Chili 2, but the hand's front Blue is planted first next
    # turn (R9): harvesting the Blue left it no field there (a second harvest). The Chili goes.
    a = advice({"hand": ["blue", "stink", "blue", "soy"], "fields": [["chili", 1], None],
                "to_plant": ["blue", "stink"]}, "plant_traded")
    assert a["harvest"] == {"field": 1, "bean": "chili", "count": 1, "harvest_now": 0,
                            "thrown": 1}
    assert (a["thrown"], a["harvests"]) == (1, 1)
    # phase 1: Green at the front fits neither field; the second card, Blue, may be planted
    # too (R26): its field stays, the Soy (nearer its coin) goes
    a = advice({"hand": ["green", "blue"], "fields": [["blue", 1], ["soy", 1]]})
    assert a["harvest"] == {"field": 2, "bean": "soy", "count": 1, "harvest_now": 0,
                            "thrown": 1}
