"""The deck's passes in whole dealt games, every preset and player count (rules.md R34-R39).

An independent account kept from the game log and the positions, not from the engine's
counters: the draw pile runs out exactly ``passes_limit`` times (R37, §4a: 3; 2 for
rio-grande with 3 players; 1 in the duel); after each earlier exhaustion the whole discard
pile, and nothing else, becomes the new draw pile at once (R35, R36); after the final one
nothing is drawn, revealed or reshuffled again: in phase 4 the game ends at once, in the
reveal the turn plays phases 2 and 3 and the game ends without phase 4 (R38); then every
field is harvested (R39).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bohnanza.engine import Game

from .randplay import sensible_action

PASSES = {("classic", 3): 3, ("classic", 5): 3, ("amigo", 3): 3, ("amigo", 4): 3,
          ("rio-grande", 2): 1, ("rio-grande", 3): 2, ("rio-grande", 4): 3,
          ("rio-grande", 6): 3, ("rio-grande", 7): 3}     # R37, rules.md §4a and §3a


def _play(preset: str, n: int, seed: int) -> tuple[Game, list[tuple[dict[str, Any], list[Any],
                                                                    dict[str, Any]]]]:
    rnd = random.Random(seed)
    g = Game.new(preset, [f"P{i}" for i in range(n)], seed)
    steps = []
    for _ in range(30000):
        if g.phase == "over":
            break
        seat, action = sensible_action(g, rnd)
        before = g.to_position()
        events = list(g.apply(seat, action))
        steps.append((before, events, g.to_position()))
    assert g.phase == "over"
    return g, steps


@pytest.mark.parametrize(("preset", "n"), sorted(PASSES))
@pytest.mark.parametrize("seed", [1, 2])
def test_the_draw_pile_runs_out_passes_limit_times_and_the_game_ends_then(
        preset: str, n: int, seed: int) -> None:
    limit = PASSES[preset, n]
    g, steps = _play(preset, n, seed * 7919 + n)
    seen = 0
    final_at: int | None = None        # the step of the final exhaustion
    for k, (before, events, after) in enumerate(steps):
        kinds = [e.kind for e in events]
        for i, e in enumerate(events):
            if e.kind == "exhaustion":
                seen += 1
                assert e.data["exhaustions"] == seen and e.data["limit"] == limit
                if seen == limit:
                    final_at = k
                    # R38: no reshuffle after the final one; in phase 4 the game ends at once
                    assert "reshuffle" not in kinds[i + 1:]
                    assert after["deck"] == []
                    assert len(after["discard"]) >= len(before["discard"])
                    if "draw" in kinds[i + 1:]:
                        assert after["phase"] == "over"
                elif "reshuffle" in kinds[i + 1:]:
                    # R35: at once, in the same action, the whole discard pile
                    assert kinds[i + 1] == "reshuffle"
        if final_at is not None and k > final_at:
            assert "reshuffle" not in kinds and "reveal" not in kinds
            assert "exhaustion" not in kinds
            assert not any(e.kind == "draw" and e.data["count"] for e in events)
            assert after["deck"] == []
            if after["phase"] != "over":       # R38: phases 2 and 3 of that turn only
                assert after["active"] == before["active"]
                assert after["turn"] == steps[final_at][2]["turn"]
        # R20, R36: coin cards stay out of the draw pile; only a purchase takes coins (R25)
        buyers = {e.seat for e in events if e.kind == "buy"}
        for i, (b, a) in enumerate(zip(before["seats"], after["seats"], strict=True)):
            if i not in buyers:
                assert a["coins"][len(a["coins"]) - len(b["coins"]):] == b["coins"]
    assert seen == limit == g.exhaustions
    assert final_at is not None
    # R38: the game ended in the action of the final exhaustion (phase 4) or once that
    # turn's phase 3 was over (the reveal), never in a later turn
    last_turn = steps[final_at][2]["turn"]
    assert steps[-1][2]["turn"] == last_turn
    assert all(f is None for s in g.seats for f in s.fields)          # R39
    assert g.result is not None and g.result["scores"] == [len(s.coins) for s in g.seats]
