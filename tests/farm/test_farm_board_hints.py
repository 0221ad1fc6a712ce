"""What the view tells the board so that the board decides no rule itself (docs/farm.md, "The
view"): which turns of the cycle have a contest (F2, G21: ``game.contest_turns``), and so on.
Expected values come from farm-rules.md and the parameters set, never from the board."""

from __future__ import annotations

from typing import Any

from bohnanza.farm.commands import GameCommand, parse
from bohnanza.farm.engine import FarmGame
from bohnanza.farm.scenario import prepare

SCHEDULE = [{"turn": 2, "category": "leaf", "evaluation": "overall"},
            {"turn": 3, "category": "root", "evaluation": "appearance"},
            {"turn": 4, "category": "fruit", "evaluation": "taste"}]


def _game(params: dict[str, Any] | None = None, **pos: Any) -> FarmGame:
    base: dict[str, Any] = {"piles": "rest", "cycle": 1, "turn": 1, "seats": [{}, {}],
                            "schedule": SCHEDULE, "params": params or {}}
    return FarmGame.from_position(prepare({**base, **pos}))


def test_the_cycle_turns_say_which_have_a_contest() -> None:
    # FT10: turn 1 has no contest, turns 2-4 the schedule's, all at contest level 1
    v = _game().view(0)
    assert [(t["turn"], t["contest"] and t["contest"]["category"]) for t in v["cycle_turns"]] == [
        (1, None), (2, "leaf"), (3, "root"), (4, "fruit")]
    # contest_turns = [1, 2, 3] (a designer's set, G6/G21): turn 4 is the one without
    sched = [{**c, "turn": c["turn"] - 1} for c in SCHEDULE]
    v = _game({"game": {"contest_turns": [1, 2, 3]}}, schedule=sched).view(None)
    assert [(t["turn"], t["contest"] is None) for t in v["cycle_turns"]] == [
        (1, False), (2, False), (3, False), (4, True)]
    # five turns a cycle: turns 1 and 5 have none
    v = _game({"game": {"turns_per_cycle": 5}}).view(None)
    assert [t["turn"] for t in v["cycle_turns"] if t["contest"] is None] == [1, 5]


def test_each_contest_says_the_lowest_base_level_it_admits() -> None:
    # F30/G25: a base level >= the contest level (= the cycle's, here 2) ...
    v = _game(cycle=2).view(0)
    assert [c["min_level"] for c in v["schedule"]] == [2, 2, 2]
    assert v["cycle_turns"][1]["contest"]["min_level"] == 2
    # ... unless contest.eligibility asks only the category (D19): any level enters
    v = _game({"contest": {"eligibility": "base_category"}}, cycle=2).view(0)
    assert [c["min_level"] for c in v["schedule"]] == [None, None, None]
    assert v["schedule"][0]["level"] == 2          # still the contest level of F40's VP


def _pot(grade: int, hand: list[str], params: dict[str, Any] | None = None) -> FarmGame:
    return _game(params, seats=[{"hand": hand, "grades": {"transform_pot": grade}}, {}])


def _ways(g: FarmGame) -> dict[str, list[tuple[int, list[str]]]]:
    return {k: [(w["get"], [p["pile"] for p in w["piles"]]) for w in ways]
            for k, ways in g.view(0)["you"]["transforms"].items()}


L1 = ["L1 root", "L1 leaf", "L1 fruit"]
L2 = ["L2 root", "L2 leaf", "L2 fruit"]
L3 = ["L3 root", "L3 leaf", "L3 fruit"]


def test_the_pot_says_what_it_makes_of_the_cards_given() -> None:
    # FT5, grade 1: two level-1 cards -> 1 level-1 card; a level-1 with a level-2: nothing
    g = _pot(1, ["L1 root shape+1", "L1 leaf aroma+2", "L2 leaf size+2"])
    assert _ways(g) == {"1,1": [(1, L1)]}
    # FT6, grade 2: [L1, L2] -> level 1 or 2; [L2, L2] -> level <= 2 (F15), never 3
    g = _pot(2, ["L1 root shape+1", "L2 leaf size+2", "L2 root shape+2"])
    assert _ways(g) == {"1,2": [(1, L1 + L2)], "2,2": [(1, L1 + L2)]}
    # FT6, grade 4: [L3, L3, L3] -> 2 level-3 cards; [L1, L1, L2] fits no 3-card exchange
    g = _pot(4, ["L3 root shape+3", "L3 leaf color+4", "L3 fruit size+3"])
    assert _ways(g)["3,3,3"] == [(2, L3)]
    g = _pot(4, ["L1 root shape+1", "L1 leaf aroma+2", "L2 leaf size+2"])
    assert "1,1,2" not in _ways(g)
    assert _ways(g)["1,2"] == [(1, L1 + L2)]


def test_the_pot_offers_only_piles_that_can_supply() -> None:
    # G5: a pile with only discards beside it supplies them when they are reshuffled, and
    # nothing with piles.reshuffle = "never" (docs/farm.md D19)
    hand = ["L1 root shape+1", "L1 leaf aroma+2"]
    for reshuffle, offered in (("when_empty", L1), ("never", ["L1 root", "L1 leaf"])):
        g = _pot(1, hand, {"piles": {"reshuffle": reshuffle}})
        g.discards["L1 fruit"], g.piles["L1 fruit"] = g.piles["L1 fruit"], []
        assert _ways(g) == {"1,1": [(1, offered)]}, reshuffle


def test_a_designers_exchange_gives_its_own_count() -> None:
    # an exchange of 3 cards for 1 at grade 1 (transform_pot.exchanges, G14): the board must
    # name one pile for three cards, not two
    ex = [{"from_grade": 1, "give": 3, "give_rule": "same_level", "get": 1,
           "get_rule": "same_level"}]
    g = _pot(1, ["L1 root shape+1", "L1 leaf aroma+2", "L1 fruit size+1"],
             {"facilities": {"transform_pot": {"exchanges": ex}}})
    assert _ways(g) == {"1,1,1": [(1, L1)]}


def test_the_pots_ways_name_piles_that_supply_every_card_taken() -> None:
    # FT6, grade 4: [L3, L3, L3] -> 2 level-3 cards (F17). The first L3 pile holds one card
    # (G5: a pile supplies what it holds): the two cards come from it and the next pile. The
    # board named the first pile for both, and Transform was refused (empty_pile) until the
    # player changed the second choice
    g = _pot(4, ["L3 root shape+3", "L3 leaf color+4", "L3 fruit size+3"])
    g.piles["L3 root"] = g.piles["L3 root"][:1]
    (way,) = g.view(0)["you"]["transforms"]["3,3,3"]
    assert way["get"] == 2 and way["default"] == ["L3 root", "L3 leaf"]
    # the command the board sends with it is taken (one card given back net: 3 for 2)
    cmd = parse("/transform h1 h2 h3 for " + ", ".join(way["default"]))
    assert isinstance(cmd, GameCommand)
    g.apply(0, cmd.action)
    assert len(g.seats[0].hand) == 2
