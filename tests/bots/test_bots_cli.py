"""``bohnanza simulate`` is a subcommand of the command line, listed in its help."""

from __future__ import annotations

import gc
from typing import Any

import pytest

from bohnanza.bots import simulate
from bohnanza.cli import main


def test_simulate_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    rc = main(["simulate", "--players", "3", "--games", "2", "--policy", "greedy,random",
               "--seed", "1", "--no-progress"])
    out = capsys.readouterr().out
    assert rc == 0
    assert "policy=greedy seats=1" in out and "policy=random seats=2" in out
    assert "refusals=0 stalled=0" in out


def test_simulate_gives_the_collector_back(capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """``simulate`` plays with the server's collector thresholds (``_few_collections``),
    then leaves the thresholds and the frozen objects as it found them."""
    before = (gc.get_threshold(), gc.get_freeze_count())
    during: list[tuple[int, int, int]] = []
    play = simulate.run

    def run(*args: Any, **kwargs: Any) -> Any:
        during.append(gc.get_threshold())
        return play(*args, **kwargs)

    monkeypatch.setattr(simulate, "run", run)
    assert main(["simulate", "--players", "4", "--games", "1", "--seed", "2",
                 "--no-progress"]) == 0
    capsys.readouterr()
    assert during == [(20_000, 50, 50)]
    assert (gc.get_threshold(), gc.get_freeze_count()) == before


def test_simulate_keeps_a_callers_frozen_objects(capsys: pytest.CaptureFixture[str]) -> None:
    """A caller that froze objects before (a server, a test harness) finds them frozen after
    ``simulate`` (``gc.unfreeze`` would free every frozen object, not only its own)."""
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        assert frozen > 0
        assert main(["simulate", "--players", "3", "--games", "1", "--seed", "4",
                     "--no-progress"]) == 0
        capsys.readouterr()
        assert gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()


def test_simulate_two_players_is_the_duel(capsys: pytest.CaptureFixture[str]) -> None:
    """``--players 2`` plays the bean duel of rio-grande (rules.md §3a) without --preset."""
    rc = main(["simulate", "--players", "2", "--games", "2", "--seed", "3", "--no-progress",
               "--duel-base", "3fields"])
    out = capsys.readouterr().out
    assert rc == 0
    assert "policy=greedy seats=1" in out and "policy=random seats=1" in out
    assert "refusals=0 stalled=0" in out
    with pytest.raises(SystemExit) as e:
        main(["simulate", "--players", "2", "--preset", "classic", "--no-progress"])
    assert e.value.code == 2


def test_help_lists_simulate(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main(["--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    assert "simulate" in out and "serve" in out
    with pytest.raises(SystemExit) as e:
        main(["simulate", "--help"])
    assert e.value.code == 0
    assert "--players" in capsys.readouterr().out


def test_simulate_unknown_policy(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main(["simulate", "--policy", "chess", "--no-progress"])
    assert e.value.code == 2
    assert "easy, greedy, hard, normal, random" in capsys.readouterr().err
