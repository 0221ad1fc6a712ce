"""At least 200 complete random games per preset, each ending with a result (issue 2)."""

from __future__ import annotations

import random

import pytest

from bohnanza.engine import Game
from bohnanza.engine.presets import PLAYER_RANGE

from .randplay import sensible_action


@pytest.mark.parametrize("preset", ["classic", "rio-grande", "amigo"])
def test_200_games_end_with_a_result(preset: str) -> None:
    low, high = PLAYER_RANGE[preset]
    rnd = random.Random(preset)
    for k in range(200):
        n = low + k % (high - low + 1)
        g = Game.new(preset, [f"P{i}" for i in range(n)], k)
        for _ in range(20000):
            if g.phase == "over":
                break
            seat, action = sensible_action(g, rnd)
            g.apply(seat, action)
        assert g.phase == "over", f"game {k} did not end"
        r = g.result
        assert r is not None
        assert r["scores"] == [len(s.coins) for s in g.seats]
        assert r["winners"] and max(r["scores"]) == r["scores"][r["winners"][0]]
        # R37: the game ends on the preset's final exhaustion
        assert g.exhaustions == g.rules.passes_limit
        # R39: every field was harvested at the end
        assert all(f is None for s in g.seats for f in s.fields)
