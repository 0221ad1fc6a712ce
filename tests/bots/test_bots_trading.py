"""Trading with people (issue 15): every level answers an offer that helps it and leaves one
that hurts it (R28-R32), its own offers are plain ones another seat can accept, and it never
offers or accepts what its own level's evaluation says loses coins:

* ``easy`` (greedy): the model's gain of the deal (``Model.deal``) is positive;
* ``normal``: that gain is positive, and when it accepts, it is more than its weighted worth
  to the partner (``NormalPolicy._worth_giving``);
* ``hard``: before its search begins it plays as ``normal`` with its own deal weights (the
  same check, ``HardPolicy._worth_giving``); in the search,
  the deal it sends is worth at least as much as no deal in its samples.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bohnanza.bots import get_policy
from bohnanza.bots.greedy import Model
from bohnanza.bots.hard import SEARCH_PASSES, HardPolicy
from bohnanza.bots.normal import NormalModel, NormalPolicy
from bohnanza.bots.simulate import play_game
from bohnanza.commands import GameCommand, parse
from bohnanza.engine import Game
from bohnanza.engine.actions import Accept, PostOffer

NAMES = ["Ann", "Bob", "Cleo"]


def _say(g: Game, seat: int, text: str) -> None:
    cmd = parse(text)
    assert isinstance(cmd, GameCommand), text
    g.apply(seat, cmd.action)


def _trading(exhaustions: int) -> Game:
    """Phase 2, Ann (a person, seat 0) active with Red and Stink face up. Bob (seat 1) grows
    Red x3 and Blue x2, no third field, and holds Blue, Green, Soy."""
    deck = ["soy"] * 10 + ["chili"] * 10 + ["green"] * 10
    return Game.from_position({
        "preset": "classic", "deck": deck, "names": NAMES, "phase": "trade",
        "face_up": ["red", "stink"], "exhaustions": exhaustions,
        "seats": [
            {"name": "Ann", "hand": ["soy", "chili"], "fields": [["chili", 2], ["soy", 1]]},
            {"name": "Bob", "hand": ["blue", "green", "soy"], "fields": [["red", 3], ["blue", 2]]},
            {"name": "Cleo", "hand": ["stink"], "fields": [["green", 2], None]},
        ]})


@pytest.mark.parametrize("exhaustions", [0, 2])   # 2: the last pass, where hard searches
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_level_answers_a_persons_offer_that_helps_and_leaves_one_that_hurts(
        level: str, exhaustions: int) -> None:
    # Red joins Bob's Red x3: a gift, or for the Green he cannot use, helps him
    for offer in ("/offer red for nothing", "/offer red for green"):
        g = _trading(exhaustions)
        _say(g, 0, offer)
        assert get_policy(level).decide(g.view(1), random.Random(1)) == "/accept 1", offer
    # Stink for his next Blue: he loses a bean of his Blue field and must plant Stink in a
    # full farm (a harvest): he does not take it
    g = _trading(exhaustions)
    _say(g, 0, "/offer stink for blue")
    text = get_policy(level).decide(g.view(1), random.Random(1))
    assert text is None or not text.startswith("/accept"), text


def _deal(view: dict[str, Any], text: str) -> tuple[int, dict[str, int], dict[str, int]] | None:
    """``(partner, give, receive)`` of a deal text of the seat whose view this is (the
    partner of an offer of the active player: -1, anyone)."""
    cmd = parse(text)
    if not isinstance(cmd, GameCommand):
        return None
    a = cmd.action
    me, active = view["you"]["seat"], view["active"]
    if isinstance(a, Accept):
        o = next(x for x in view["offers"] if x["id"] == a.offer)
        partner = int(o["owner"]) if me == active else active
        return partner, dict(o["want"]), dict(o["give"])
    if isinstance(a, PostOffer):
        assert a.give != "?" and a.want != "?", text     # a plain offer a person can take
        return (-1 if me == active else active), dict(a.give), dict(a.want)
    return None


class Recording(HardPolicy):
    """``hard``, keeping what its search said of the deals it weighed last."""

    def __init__(self) -> None:
        super().__init__(samples=8, budget=1e9)
        self.weighed: tuple[list[str], list[float]] | None = None

    def _search(self, view: dict[str, Any], rng: random.Random, candidates: list[Any],
                me: int) -> list[float]:
        values = super()._search(view, rng, candidates, me)
        self.last_values = values
        return values

    def _weigh_deals(self, view: dict[str, Any], rng: random.Random,
                     texts: list[str]) -> str | None:
        self.last_values = []
        chosen = super()._weigh_deals(view, rng, texts)
        deals = [t for t in texts if self._deal_of(view, t) is not None]
        self.weighed = (deals, self.last_values)
        return chosen

    def decide(self, view: dict[str, Any], rng: random.Random, *,
               hurry: bool = False) -> str | None:
        self.weighed = None
        return super().decide(view, rng, hurry=hurry)


def test_levels_never_offer_or_accept_what_their_evaluation_says_loses() -> None:
    checked: dict[str, int] = {"easy": 0, "normal": 0, "hard-normal": 0, "hard-search": 0}
    taken = 0   # offers of a level that another seat accepted
    for k in range(4):
        hard = Recording()
        layout: list[Any] = [get_policy("easy"), get_policy("normal"), hard,
                             get_policy("random")]
        shift = k % 4
        pols = layout[shift:] + layout[:shift]
        seat_of = {id(p): i for i, p in enumerate(pols)}
        levels = {seat_of[id(layout[0])]: "easy", seat_of[id(layout[1])]: "normal",
                  seat_of[id(hard)]: "hard"}
        owner: dict[int, int] = {}

        def check(seat: int, view: dict[str, Any], text: str,
                  levels: dict[int, str] = levels, hard: Recording = hard,
                  owner: dict[int, int] = owner) -> None:
            nonlocal taken
            level = levels.get(seat)
            if text.startswith("/accept") and seat not in levels:
                o = next(x for x in view["offers"] if x["id"] == int(text.split()[1]))
                taken += int(o["owner"]) in levels
            if level is None:
                return
            d = _deal(view, text)
            if d is None:
                return
            partner, give, receive = d
            if level == "hard" and view["passes_limit"] - view["exhaustions"] <= SEARCH_PASSES:
                assert hard.weighed is not None, text
                deals, values = hard.weighed
                assert values[1 + deals.index(text)] >= values[0], (text, deals, values)
                checked["hard-search"] += 1
                return
            m = (Model if level == "easy" else NormalModel)(view)
            gain = m.deal(give, receive)[0]
            assert gain > 0, (level, text, gain)
            if level != "easy" and partner >= 0 and (text.startswith("/accept") or
                                                     seat != view["active"]):
                weight = (HardPolicy() if level == "hard" else NormalPolicy())._worth_giving(
                    view, m, partner, give)
                assert gain > weight, (level, text, gain, weight)
            checked["hard-normal" if level == "hard" else level] += 1

        out = play_game("classic", pols, 900 + k, on_command=check)
        assert not out.refusals and not out.stalled
    assert min(checked.values()) >= 3, checked
    assert taken >= 3, taken
