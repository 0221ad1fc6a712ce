"""The piles a draw may name come from the engine (``you.rescue_draw``, ``you.ship_draws``:
docs/farm.md), so the board offers exactly what the server takes. Before, the board worked the
piles out itself and counted a pile's discards even where ``piles.reshuffle = never`` keeps
them beside it (G5): it offered a pile the server refuses (``empty_pile``)."""

from __future__ import annotations

from typing import Any

import pytest

from bohnanza.farm.engine import FarmGame, RuleError
from bohnanza.farm.engine.actions import Draw, PileRef, Ship
from bohnanza.farm.scenario import prepare


def _rescue_game(reshuffle: str) -> FarmGame:
    """Seat 0 with 2 rescue cards to take (G23); at level 1 the fruit pile is empty with two
    discards beside it, the leaf pile holds one card, the root pile three, nothing else."""
    return FarmGame.from_position(prepare({
        "params": {"piles": {"reshuffle": reshuffle}},
        "piles": {"L1 fruit": [], "L1 leaf": ["L1 leaf aroma+2"],
                  "L1 root": ["L1 root shape+1", "L1 root color+1", "L1 root flavor+2"]},
        "discards": {"L1 fruit": ["L1 fruit shape+1", "L1 fruit color+2"]},
        "seats": [{"hand": [], "rescue": 2}, {"hand": ["L1 leaf shape+1"]}]}))


@pytest.mark.parametrize(("reshuffle", "offered"), [
    # G5: discards turn into a new pile only "when_empty"; D5: the default order is the
    # categories' order (root, leaf, fruit in the shipped set, farm.toml [cards])
    ("when_empty", [("L1 root", 3), ("L1 leaf", 1), ("L1 fruit", 2)]),
    ("never", [("L1 root", 3), ("L1 leaf", 1)]),
])
def test_the_rescue_hint_names_the_piles_the_server_takes(reshuffle: str,
                                                          offered: list[Any]) -> None:
    g = _rescue_game(reshuffle)
    hint = g.view(0)["you"]["rescue_draw"]
    assert hint["count"] == 2
    assert [(p["pile"], p["supply"]) for p in hint["piles"]] == offered
    assert g.view(1)["you"]["rescue_draw"] is None           # no rescue cards wait for seat 1
    for pile in ["L1 root", "L1 fruit", "L1 leaf"]:         # each pile named for both cards
        trial = _rescue_game(reshuffle)
        ref = PileRef(1, pile.split(" ")[1])
        named = Draw((ref, ref))
        can_give = dict(offered).get(pile, 0)
        if can_give >= 2:
            trial.apply(0, named)
            assert len(trial.view(0)["you"]["hand"]) == 2
        elif can_give == 0:   # not offered: the server refuses it
            with pytest.raises(RuleError) as e:
                trial.apply(0, named)
            assert e.value.code == "empty_pile", (pile, e.value.code)
        else:                 # offered for one card: that one card is taken from it
            trial.apply(0, Draw((ref,)))
            hand = trial.view(0)["you"]["hand"]
            assert len(hand) == 2 and sum(c.startswith(pile + " ") for c in hand) == 1, hand


@pytest.mark.parametrize(("category", "level", "offered"), [
    # G15: "any" category, the base's own first (D5); "base": the base's category alone;
    # a fixed level (shipping.draw.level = 1) takes level-1 cards for a level-2 base
    ("any", "base", ["L2 fruit", "L2 root", "L2 leaf"]),
    ("base", "base", ["L2 fruit"]),
    ("any", 1, ["L1 fruit", "L1 root", "L1 leaf"]),
])
def test_the_ship_hint_names_the_piles_of_the_draw(category: str, level: Any,
                                                   offered: list[str]) -> None:
    g = FarmGame.from_position(prepare({
        "params": {"shipping": {"draw": {"count": 2, "level": level, "category": category}}},
        "phase": "harvest", "harvest_order": [0, 1], "active": 0, "piles": "rest", "turn": 2,
        "seats": [{"order_card": 2, "field": [{"base": "L2 fruit shape+2", "planted": 1}]},
                  {"order_card": 1, "hand": ["L1 leaf shape+1"]}]}))
    you = g.view(0)["you"]
    assert you["can_ship"] == [1]
    hint = you["ship_draws"]["1"]
    assert hint["count"] == 2 and [p["pile"] for p in hint["piles"]] == offered
    # nothing is discarded yet but the shipment itself: F27 lays the base beside its pile
    # before the cards are taken, so that pile can supply one more (G5, docs/farm.md D4)
    assert all(p["supply"] == len(g.piles[p["pile"]]) + (p["pile"] == "L2 fruit")
               for p in hint["piles"])
    assert g.view(1)["you"]["ship_draws"] == {}             # not seat 1's harvest turn
    last = offered[-1]
    g.apply(0, Ship(1, (PileRef(int(last[1]), last.split(" ")[1]),) * 2))   # the last offered
    assert sum(c.startswith(last + " ") for c in g.view(0)["you"]["hand"]) == 2


@pytest.mark.parametrize(("piles", "default"), [
    # D5: a card left unnamed comes from the first pile in the categories' order that can
    # supply it: both from root while it holds two ...
    ({"L1 root": ["L1 root shape+1", "L1 root color+1"], "L1 leaf": ["L1 leaf aroma+2"]},
     ["L1 root", "L1 root"]),
    # ... then the next pile when it runs out ...
    ({"L1 root": ["L1 root shape+1"], "L1 leaf": ["L1 leaf aroma+2"]}, ["L1 root", "L1 leaf"]),
    # ... and G5: what exists, possibly fewer cards than the rescue's 2
    ({"L1 leaf": ["L1 leaf aroma+2"]}, ["L1 leaf"]),
    ({}, []),
])
def test_the_hint_says_which_cards_come_when_no_pile_is_named(piles: dict[str, list[str]],
                                                              default: list[str]) -> None:
    everything = {k: [] for k in ("L1 root", "L1 leaf", "L1 fruit")}
    g = FarmGame.from_position(prepare({
        "params": {"piles": {"reshuffle": "never"}},
        "piles": {**everything, **piles},
        "seats": [{"hand": [], "rescue": 2}, {"hand": ["L1 leaf shape+1"]}]}))
    hint = g.view(0)["you"]["rescue_draw"]
    assert hint["count"] == 2 and hint["default"] == default
    g.apply(0, Draw(()))                                    # the server takes exactly those
    assert [c.rsplit(" ", 1)[0] for c in g.view(0)["you"]["hand"]] == sorted(
        default, key=["L1 root", "L1 leaf"].index)


def test_a_shipment_can_take_back_its_own_cards_and_the_hint_says_so() -> None:
    """F27: the shipped cards are discarded, *then* the 2 cards are taken; G5: a card needed
    from an empty pile first shuffles that pile's discards in, so the base just shipped can
    come back when its pile is otherwise empty (docs/farm.md D4). The board's hint counts it,
    as the server takes it (FA3)."""
    g = FarmGame.from_position(prepare({
        "phase": "harvest", "harvest_order": [0, 1], "active": 0,
        "piles": {"L2 leaf": ["L2 leaf aroma+2"]},
        "seats": [{"order_card": 2, "field": [{"base": "L2 root shape+2", "planted": 1}]},
                  {"order_card": 1, "hand": ["L1 leaf shape+1"]}]}))
    hint = g.view(0)["you"]["ship_draws"]["1"]
    assert hint["default"] == ["L2 root", "L2 leaf"]
    assert [(p["pile"], p["supply"]) for p in hint["piles"]] == [("L2 root", 1), ("L2 leaf", 1)]
    g.apply(0, Ship(1, (PileRef(2, "root"), PileRef(2, "leaf"))))
    assert sorted(g.view(0)["you"]["hand"]) == ["L2 leaf aroma+2", "L2 root shape+2"]
