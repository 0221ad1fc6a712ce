"""What the view tells the board so that the board decides no rule itself (docs/farm.md, "The
view"): which turns of the cycle have a contest (F2, G21: ``game.contest_turns``), and so on.
Expected values come from farm-rules.md and the parameters set, never from the board."""

from __future__ import annotations

from typing import Any

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
