"""The policy interface: registry, view-only decisions, hurry, determinism, simulate CLI."""

from __future__ import annotations

import copy
import json
import random
import re

import pytest

from bohnanza.bots import POLICIES, Policy, get_policy
from bohnanza.bots.simulate import main, play_game, run, seat_policies
from bohnanza.commands import GameCommand, parse
from bohnanza.engine import Game
from bohnanza.engine.actions import Cancel, Done, Plant, PostOffer


def test_registry() -> None:
    assert {"random", "greedy"} <= set(POLICIES)
    for name in POLICIES:
        p = get_policy(name.upper())
        assert isinstance(p, Policy) and p.name == name
    assert get_policy("greedy") is not get_policy("greedy")
    with pytest.raises(KeyError, match="greedy"):
        get_policy("nope")


def _views(preset: str = "classic", n: int = 4, steps: int = 400) -> list[dict]:
    """Views of every seat along a bot game (for the interface tests)."""
    seen: list[dict] = []
    game = Game.new(preset, [f"P{i}" for i in range(n)], 3)
    pols = [get_policy("greedy" if i % 2 else "random") for i in range(n)]
    rng = random.Random(3)
    for _ in range(steps):
        if game.over:
            break
        for seat in range(n):
            view = game.view(seat)
            seen.append(view)
            text = pols[seat].decide(view, rng, hurry=True)
            if text is not None:
                cmd = parse(text)
                assert isinstance(cmd, GameCommand)
                game.apply(seat, cmd.action)
                break
    return seen


@pytest.mark.parametrize("name", ["random", "greedy"])
def test_decides_from_the_json_view_alone_and_never_mutates_it(name: str) -> None:
    for view in _views()[::7]:
        wire = json.loads(json.dumps(view))     # what the server would send
        before = copy.deepcopy(view)
        a = get_policy(name).decide(view, random.Random(1))
        b = get_policy(name).decide(wire, random.Random(1))
        assert a == b
        assert view == before


@pytest.mark.parametrize("name", ["random", "greedy"])
def test_spectators_and_finished_games_get_none(name: str) -> None:
    policy = get_policy(name)
    game = Game.new("classic", ["A", "B", "C"], 1)
    assert policy.decide(game.view(None), random.Random(0)) is None
    out = play_game("classic", [get_policy(name) for _ in range(3)], 1)
    assert not out.stalled


def _trade_position() -> Game:
    """Phase 2 of seat 0 with nobody having passed yet."""
    game = Game.new("classic", ["A", "B", "C", "D"], 11, start_seat=0)
    game.apply(0, Plant())
    game.apply(0, Done())
    assert game.phase == "trade"
    return game


def test_greedy_active_waits_for_passes_unless_hurried() -> None:
    game = _trade_position()
    greedy = get_policy("greedy")
    rng = random.Random(0)
    # let it post what it wants to post first
    for _ in range(10):
        text = greedy.decide(game.view(0), rng)
        if text is None:
            break
        action = parse(text)
        assert isinstance(action, GameCommand)
        assert not isinstance(action.action, Done)
        game.apply(0, action.action)
    assert greedy.decide(game.view(0), rng) is None
    assert greedy.decide(game.view(0), rng, hurry=True) == "/done"
    # once everybody passed, it ends trading by itself
    for seat in (1, 2, 3):
        game.apply(seat, Done())
    text = greedy.decide(game.view(0), rng)
    assert text is not None
    assert text == "/done" or parse(text) != GameCommand(Done())


def test_greedy_others_answer_and_then_pass() -> None:
    game = _trade_position()
    greedy = get_policy("greedy")
    rng = random.Random(0)
    for seat in (1, 2, 3):
        for _ in range(10):
            text = greedy.decide(game.view(seat), rng)
            if text is None:
                break
            cmd = parse(text)
            assert isinstance(cmd, GameCommand)
            game.apply(seat, cmd.action)
        assert game.view(seat)["seats"][seat]["passed"]


def test_greedy_gives_away_a_card_it_cannot_use() -> None:
    """Fields Blue 5 and Chili 5, a lone Green up front: it offers the Green away."""
    game = Game.from_position({
        "preset": "classic", "phase": "trade", "active": 1, "start_seat": 0,
        "seats": [
            {"name": "A", "hand": ["green", "blue"], "fields": [["blue", 5], ["chili", 5]]},
            {"name": "B", "hand": ["soy"], "fields": [None, None]},
            {"name": "C", "hand": ["red"], "fields": [None, None]},
        ],
        "face_up": ["soy", "red"],
        "deck": ["blue"] * 30,
    })
    text = get_policy("greedy").decide(game.view(0), random.Random(0))
    assert text is not None
    cmd = parse(text)
    assert isinstance(cmd, GameCommand) and isinstance(cmd.action, PostOffer)
    assert cmd.action.give == {"green": 1}


def test_play_game_is_deterministic() -> None:
    log1: list[str] = []
    log2: list[str] = []
    for log in (log1, log2):
        out = play_game("amigo", [get_policy(p) for p in ("greedy", "random", "greedy")], 42,
                        on_command=lambda seat, view, text, log=log: log.append(f"{seat}{text}"))
        log.append(repr((out.scores, out.winners, out.steps)))
    assert log1 == log2 and len(log1) > 100


def test_run_counts_ties_for_every_tied_winner() -> None:
    summary = run("classic", 3, 4, ["random"], 9)
    st = summary.stats["random"]
    assert st.seats == 3 and st.seat_games == 12
    assert st.wins >= 4     # at least one winner per game; ties count for each


def test_seat_policies() -> None:
    assert seat_policies(["greedy", "random"], 4) == ["greedy", "random", "random", "random"]
    with pytest.raises(ValueError):
        seat_policies(["greedy"] * 5, 4)


def test_simulate_main_prints_one_line_per_policy(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--players", "4", "--games", "3", "--policy", "greedy,random", "--seed", "5",
                 "--no-progress"])
    out = capsys.readouterr().out.splitlines()
    assert code == 0
    interval = r"\[[01]\.\d{3}, [01]\.\d{3}\]"
    assert re.fullmatch(r"policy=greedy seats=1 win_rate=[01]\.\d{3} " + interval
                        + r" mean_coins=\d+\.\d\d ±\d+\.\d\d", out[0])
    assert re.fullmatch(r"policy=random seats=3 win_rate=[01]\.\d{3} " + interval
                        + r" mean_coins=\d+\.\d\d ±\d+\.\d\d", out[1])
    assert re.match(r"games=3 seconds=\S+ games/s=\S+ refusals=0 stalled=0$", out[2])


def test_simulate_main_rejects_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--policy", "nope"], ["--players", "9"], ["--policy", "a,b,c,d,e"]):
        with pytest.raises(SystemExit) as exc:
            main([*argv, "--no-progress", "--games", "1"])
        assert exc.value.code == 2
    capsys.readouterr()


def test_greedy_does_not_restart_a_deal_called_off_this_turn() -> None:
    """Otherwise two bots could loop: start, cancel, start, cancel ... (R31)."""
    game = Game.from_position({
        "preset": "classic", "phase": "trade", "active": 0, "start_seat": 0, "turn": 4,
        "seats": [
            {"name": "A", "hand": ["blue"], "fields": [["blue", 5], ["chili", 5]]},
            {"name": "B", "hand": ["chili", "chili"], "fields": [None, None]},
            {"name": "C", "hand": ["red"], "fields": [None, None]},
        ],
        "face_up": ["green"],
        "offers": [{"id": 1, "owner": 1, "give": {"chili": 1}, "want": {"green": 1}}],
        "deck": ["blue"] * 30,
    })
    greedy = get_policy("greedy")
    rng = random.Random(0)
    assert greedy.decide(game.view(0), rng) == "/accept 1"
    game.apply(0, parse("/accept 1").action)  # type: ignore[union-attr]
    assert game.view(1)["you"]["waiting_for"] == "provide"
    game.apply(1, Cancel())
    assert greedy.decide(game.view(0), rng) != "/accept 1"


def test_simulate_jobs_give_the_same_figures(capsys: pytest.CaptureFixture[str]) -> None:
    """``--jobs 2`` plays the same games (each depends only on its seed and seating)."""
    outs = []
    for jobs in ("1", "2"):
        code = main(["--players", "3", "--games", "4", "--policy", "normal,easy", "--seed",
                     "9", "--jobs", jobs, "--no-progress"])
        assert code == 0
        outs.append(capsys.readouterr().out.splitlines()[:2])
    assert outs[0] == outs[1]
    assert outs[0][0].startswith("policy=normal seats=1 ")


def test_win_interval_is_wilson() -> None:
    from bohnanza.bots.simulate import PolicyStats

    st = PolicyStats("x", 1, 200, 90, 0)
    lo, hi = st.win_interval()
    # Wilson score interval for 90 of 200 at 95%: 0.383 to 0.519 (by hand from the formula)
    assert (round(lo, 3), round(hi, 3)) == (0.383, 0.519)
