"""greedy clearly beats random (the 1,000-game measurement is in the report/README)."""

from __future__ import annotations

from bohnanza.bots.simulate import run


def test_greedy_beats_three_random_bots() -> None:
    summary = run("classic", 4, 24, ["greedy", "random"], 2024)
    greedy, rand = summary.stats["greedy"], summary.stats["random"]
    assert summary.refusals == [] and summary.stalled == 0
    assert greedy.seat_games == 24 and rand.seat_games == 72
    assert greedy.win_rate >= 0.8
    assert greedy.mean_coins > 3 * rand.mean_coins


def test_greedy_beats_random_in_other_presets() -> None:
    for preset, n in (("amigo", 3), ("rio-grande", 5)):
        summary = run(preset, n, 6, ["greedy", "random"], 7)
        assert summary.stats["greedy"].win_rate >= 0.8, preset


def test_greedy_beats_random_in_the_duel() -> None:
    """The bean duel (rules.md §3a), both versions (C10)."""
    for base in ("standard", "3fields"):
        summary = run("rio-grande", 2, 12, ["greedy", "random"], 11,
                      options={"duel_base": base})
        greedy, rand = summary.stats["greedy"], summary.stats["random"]
        assert summary.refusals == [] and summary.stalled == 0
        assert greedy.win_rate >= 0.8, base
        assert greedy.mean_coins > 3 * rand.mean_coins, base
