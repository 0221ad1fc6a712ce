"""Bots only ever send commands the engine accepts, in every preset and player count."""

from __future__ import annotations

import random

import pytest

from bohnanza.bots import RandomPolicy, get_policy
from bohnanza.bots.simulate import play_game
from bohnanza.commands import GameCommand, parse
from bohnanza.engine import Game, RuleError
from bohnanza.engine.presets import PLAYER_RANGE

CONFIGS = [(preset, n) for preset, (low, high) in sorted(PLAYER_RANGE.items())
           for n in range(low, high + 1)]


def _layout(n: int, first: str) -> list[str]:
    other = "random" if first == "greedy" else "greedy"
    return [first if i % 2 == 0 else other for i in range(n)]


@pytest.mark.parametrize(("preset", "n"), CONFIGS)
def test_mixed_tables_only_legal_commands(preset: str, n: int) -> None:
    for k, first in enumerate(("greedy", "random", "greedy", "random")):
        seed = 1000 * n + k
        out = play_game(preset, [get_policy(p) for p in _layout(n, first)], seed)
        assert out.refusals == [], out.refusals[:3]
        assert not out.stalled, f"{preset} {n} seed {seed} stalled after {out.steps} steps"
        assert len(out.scores) == n and out.winners


@pytest.mark.parametrize("preset", ["classic", "amigo", "rio-grande"])
def test_all_greedy_tables(preset: str) -> None:
    low, high = PLAYER_RANGE[preset]
    for n in (low, high):
        out = play_game(preset, [get_policy("greedy") for _ in range(n)], 77 + n)
        assert out.refusals == [] and not out.stalled
        # greedy players trade with each other and score like people do
        assert sum(out.scores) / n > 5


def test_hidden_money_games() -> None:
    for seed, preset in enumerate(("classic", "amigo", "rio-grande")):
        out = play_game(preset, [get_policy(p) for p in _layout(4, "greedy")], seed,
                        options={"hidden_money": True})
        assert out.refusals == [] and not out.stalled


@pytest.mark.parametrize(("preset", "n"), [("classic", 4), ("rio-grande", 3), ("amigo", 5),
                                           ("rio-grande", 2)])
def test_every_random_choice_is_legal(preset: str, n: int) -> None:
    """Not just the chosen command: every command ``random`` lists is accepted."""
    policy = RandomPolicy()
    g = Game.new(preset, [f"P{i}" for i in range(n)], 5)
    rng = random.Random(5)
    checked = 0
    for _ in range(2000):
        if g.over:
            break
        for k in range(n):
            seat = (g.active + 1 + k) % n
            view = g.view(seat)
            opts = policy.options(view, rng)
            for text in opts:
                if text is None:
                    continue
                cmd = parse(text)
                assert isinstance(cmd, GameCommand)
                try:
                    g.clone().apply(seat, cmd.action)
                except RuleError as e:  # pragma: no cover - the failure message
                    raise AssertionError(f"{text!r} refused in {view['phase']}: {e.code}") from e
                checked += 1
            text = rng.choice(opts) if opts else None
            if text is not None:
                cmd = parse(text)
                assert isinstance(cmd, GameCommand)
                g.apply(seat, cmd.action)
            if g.over:
                break
    assert g.over and checked > 500


@pytest.mark.parametrize("base", ["standard", "3fields"])
def test_duel_both_versions_and_hidden_money(base: str) -> None:
    """The bean duel (rules.md §3a, C10): both policies, both versions, hidden money too."""
    for seed, hidden in ((1, False), (2, True)):
        for layout in (["greedy", "random"], ["random", "greedy"], ["greedy", "greedy"]):
            out = play_game("rio-grande", [get_policy(p) for p in layout], seed,
                            options={"duel_base": base, "hidden_money": hidden})
            assert out.refusals == [], out.refusals[:3]
            assert not out.stalled and len(out.scores) == 2


def test_duel_bots_use_every_step() -> None:
    """Sensible, not just legal: greedy plants offer and revealed cards, discards a hand card
    now and then, leaves cards to the opponent, and never tries the market (§3a)."""
    seen: dict[tuple[str, str], int] = {}

    def note(seat: int, view: dict, text: str) -> None:
        if view["you"] is not None and seat == 0:
            key = (view["phase"], text.split()[0] + (" u" if " u" in text else ""))
            seen[key] = seen.get(key, 0) + 1

    for seed in range(4):
        out = play_game("rio-grande", [get_policy("greedy"), get_policy("greedy")], seed,
                        on_command=note)
        assert out.refusals == [] and not out.stalled
    for key in (("plant_offer", "/plant u"), ("plant_offer", "/discard u"),
                ("plant", "/plant"), ("plant", "/discard"), ("plant_revealed", "/plant u"),
                ("plant_revealed", "/done")):
        assert seen.get(key, 0) > 0, key
    assert not any(k[1] in ("/offer", "/accept", "/want", "/have") for k in seen)
