"""The bean duel (rules.md §3a) on the board, as helper duel17 played it.

1. While the opponent has planted two cards in step 2 and may still discard one hand card,
   the other player's line said "Ann may plant a second card" (a third card cannot be
   planted, R26, §3a step 2).
"""

from __future__ import annotations

from typing import Any

import pytest

from . import positions as P
from .e2e_board import status, watched_page

pytestmark = pytest.mark.browser


def duel_planted(n: int) -> P.Game:
    """The duel in step 2 (Ann's turn) after ``n`` Blue cards planted from the front of her
    hand into field 1."""
    g = P.Game.from_position({
        "preset": "rio-grande", "names": ["Ann", "Bob"], "deck": ["soy"] * 30,
        "discard": ["red"], "phase": "plant", "active": 0, "seats": [
            {"name": "Ann", "hand": ["blue", "blue", "red", "wax"], "fields": [["blue", 1], None]},
            {"name": "Bob", "hand": ["chili"] * 4, "fields": [["chili", 2], None]}]})
    assert g.rules.duel
    for _ in range(n):
        P.say(g, 0, "/plant 1")
    assert g.phase == "plant" and g.view(0)["planted"] == n
    return g


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_other_player_is_told_about_the_optional_discard(browser: Any, server: str,
                                                             lang: str) -> None:
    """§3a step 2: after two plants only the discard of one hand card (or the end of the
    step) is left; after one, a second plant or the discard."""
    with watched_page(browser, viewport={"width": 1366, "height": 768}, locale="en-US") as (pg, _e):
        g = duel_planted(2)
        who = g.names[g.active]
        P.show(pg, server, P.state(g, 1 - g.active), lang=lang)
        line = status(pg)
        assert who in line and "second card" not in line and "2枚目" not in line, line
        if lang == "en":
            assert line == f"{who} may discard one hand card, or end planting.", line
        g = duel_planted(1)
        P.show(pg, server, P.state(g, 1 - g.active), lang=lang)
        if lang == "en":
            assert status(pg) == (f"{who} may plant a second card, discard one hand card, "
                                  "or end planting."), status(pg)
        P.show(pg, server, P.state(g, None), lang=lang)    # a spectator
        if lang == "en":
            assert status(pg).endswith(f"{who} may plant a second card, discard one hand "
                                       "card, or end planting."), status(pg)
