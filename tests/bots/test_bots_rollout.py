"""The ``normal`` rollout policy of the search bot (``bohnanza/bots/rollout.py``, issue 15):
every action it takes through ``apply`` is legal (the engine checks each one), its trades keep
every card in exactly one place (rules.md §1d; R12: dealt cards go to the to-plant areas),
and every game ends with its scores (R39, R40)."""

from __future__ import annotations

import random

import pytest

from bohnanza.bots import rollout
from bohnanza.engine import Game
from bohnanza.engine.search import quiet_clone
from bohnanza.engine.state import GameState

CONFIGS = [("classic", 3), ("classic", 4), ("classic", 5), ("amigo", 4), ("rio-grande", 2),
           ("rio-grande", 7)]


def _cards(g: GameState) -> int:
    total = len(g.deck) + len(g.discard) + len(g.face_up) + len(g.removed)
    for s in g.seats:
        total += len(s.hand) + len(s.coins) + len(s.to_plant)
        total += sum(int(f[1]) for f in s.fields if f is not None)  # type: ignore[call-overload]
    return total


@pytest.mark.parametrize(("preset", "n"), CONFIGS)
def test_normal_rollouts_keep_every_card_and_end(preset: str, n: int) -> None:
    for seed in range(3):
        g = quiet_clone(Game.new(preset, [f"P{i}" for i in range(n)], seed))
        total = _cards(g)
        fc = rollout.Forecast()
        r = random.Random(seed)
        steps = 0
        while g.phase != "over":
            rollout.step_normal(g, fc, r)
            assert _cards(g) == total
            steps += 1
            assert steps < 5000
        assert g.result is not None
        assert len(g.result["scores"]) == n


def test_play_out_takes_the_policy_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    """Both policies finish the same position; their games differ (different play)."""
    g = Game.new("classic", ["A", "B", "C", "D"], 5)
    results = []
    for policy in ("rough", "normal"):
        monkeypatch.setattr(rollout, "POLICY", policy)
        q = quiet_clone(g)
        scores = rollout.play_out(q, random.Random(1))
        assert scores is not None and len(scores) == 4
        results.append(q.to_position())
    assert results[0] != results[1]


@pytest.mark.parametrize(("preset", "n"), CONFIGS)
def test_greedy_planting_of_the_other_seats_keeps_every_card_and_ends(preset: str,
                                                                      n: int) -> None:
    """``OTHERS = "greedy"``: the seats but the searching one plant by greedy's plans; every
    action is legal (the engine checks it), every card stays in one place (§1d), the game
    ends with its scores (R39, R40). Seed 0: no searching seat (``SELF = "greedy"``, every
    seat plants by greedy's plans)."""
    for seed in range(3):
        g = quiet_clone(Game.new(preset, [f"P{i}" for i in range(n)], seed))
        total = _cards(g)
        fc = rollout.Forecast()
        gp = rollout.GreedyPlanner()
        r = random.Random(seed)
        steps = 0
        while g.phase != "over":
            rollout.step_greedy(g, fc, gp, r, seed - 1)
            assert _cards(g) == total
            steps += 1
            assert steps < 5000
        assert g.result is not None
        assert len(g.result["scores"]) == n


def test_play_out_takes_the_others_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a searching seat, ``OTHERS = "greedy"`` plays the other seats differently;
    without one (``me`` None) the setting changes nothing."""
    g = Game.new("classic", ["A", "B", "C", "D"], 5)
    results = []
    for others, me in (("normal", 0), ("greedy", 0), ("greedy", None)):
        monkeypatch.setattr(rollout, "OTHERS", others)
        q = quiet_clone(g)
        assert rollout.play_out(q, random.Random(1), me=me) is not None
        results.append(q.to_position())
    assert results[0] != results[1]
    assert results[0] == results[2]


def test_play_out_takes_the_self_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``OTHERS = "greedy"``, ``SELF = "greedy"`` plants the searching seat by greedy's
    plans too: the same as a rollout with no searching seat, not the same as ``"normal"``."""
    g = Game.new("classic", ["A", "B", "C", "D"], 5)
    monkeypatch.setattr(rollout, "OTHERS", "greedy")
    results = []
    for own, me in (("normal", 0), ("greedy", 0)):
        monkeypatch.setattr(rollout, "SELF", own)
        q = quiet_clone(g)
        assert rollout.play_out(q, random.Random(1), me=me) is not None
        results.append(q.to_position())
    q = quiet_clone(g)
    fc = rollout.Forecast()
    gp = rollout.GreedyPlanner()
    r = random.Random(1)
    while q.phase != "over":
        rollout.step_greedy(q, fc, gp, r, -1)
    assert results[0] != results[1]
    assert results[1] == q.to_position()
