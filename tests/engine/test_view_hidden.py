"""R41 by indistinguishability (pitfall B23, §1.6 "hidden information in the wire protocol"):
what a seat may not know cannot change what it is shown.

Two positions that differ only in hidden information, the order of the draw pile and the
order of every other seat's hand, must give that seat the same view, whatever key a leak would
hide under; a spectator's view must not change with the order of any hand. (test_invariants
checks the views for a ``hand`` key and the draw pile's key; this catches a leak under any
other name, and a hint computed from another seat's hand order.)
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from bohnanza.engine import Game, RuleError

from .randplay import random_action, sensible_action

SETUPS = [("classic", 3), ("classic", 5), ("amigo", 4), ("rio-grande", 3), ("rio-grande", 6),
          ("rio-grande", 2)]


def _shuffled(p: dict[str, Any], viewer: int | None, rnd: random.Random) -> dict[str, Any]:
    """``p`` with the draw pile and every hand but ``viewer``'s in a new order."""
    q = copy.deepcopy(p)
    rnd.shuffle(q["deck"])
    for i, s in enumerate(q["seats"]):
        if i != viewer:
            hand = s["hand"]
            for _ in range(5):          # a new order when the hand has two different beans
                rnd.shuffle(hand)
                if hand != p["seats"][i]["hand"]:
                    break
    return q


def _check(g: Game, rnd: random.Random) -> int:
    p = g.to_position()
    base = Game.from_position(p)
    checked = 0
    for viewer in [None, *range(len(g.seats))]:
        other = Game.from_position(_shuffled(p, viewer, rnd))
        assert other.view(viewer) == base.view(viewer), (
            f"seat {viewer}'s view depends on hidden cards (R41)")
        checked += 1
    return checked


@pytest.mark.parametrize(("preset", "n"), SETUPS)
def test_hidden_order_never_shows_in_a_view_R41(preset: str, n: int) -> None:
    rnd = random.Random(f"{preset}{n}")
    checked = 0
    for game in range(3):
        g = Game.new(preset, [f"P{i}" for i in range(n)], rnd.randrange(2**32),
                     {"hidden_money": game == 2})
        for step in range(1500):
            if g.phase == "over":
                break
            if rnd.random() < 0.3:
                seat = rnd.randrange(n)
                action = random_action(g, seat, rnd)
            else:
                seat, action = sensible_action(g, rnd)
            try:
                g.apply(seat, action)
            except RuleError:
                continue
            if step % 5 == 0:
                checked += _check(g, rnd)
        checked += _check(g, rnd)
    assert checked > 50
