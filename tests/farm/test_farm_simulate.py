"""``bohnanza simulate --game farm``: bots play legal moves only and never stall; --jobs
does not change the figures; --report writes the plots and the page."""

from __future__ import annotations

from pathlib import Path

import pytest

from bohnanza.cli import main
from bohnanza.farm.params import default_params
from bohnanza.farm.simulate import run


def test_bots_play_to_the_end_without_refusals() -> None:
    s = run(default_params(), 3, 6, ["sensible", "random"], seed=3)
    assert not s.refusals and s.stalled == 0
    assert all(len(o.grades) == 12 for o in s.outcomes)           # F3: 12 turns
    assert {p: st.seat_games for p, st in s.policies.items()} == {"sensible": 6, "random": 12}


def test_jobs_do_not_change_the_figures() -> None:
    a = run(default_params(), 2, 4, ["sensible", "random"], seed=5, jobs=1)
    b = run(default_params(), 2, 4, ["sensible", "random"], seed=5, jobs=2)
    assert a.lines()[:-1] == b.lines()[:-1]


def test_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    params = tmp_path / "cheap.toml"
    params.write_text("[facilities.field]\nprice = [3, 6, 9]\n", encoding="utf-8")
    rc = main(["simulate", "--game", "farm", "--params", str(params), "--games", "4",
               "--players", "2", "--policy", "sensible,random", "--no-progress",
               "--jobs", "2", "--report", str(tmp_path / "r")])
    out = capsys.readouterr().out
    assert rc == 0
    assert "params=cheap" in out and "policy=sensible seats=1 win_rate=" in out
    # per policy and per seat: win rate, mean VP, cost earned, entries and places (issue 17)
    for who in ("policy=random seats=1", "seat=1", "seat=2"):
        row = next(line for line in out.splitlines() if line.startswith(who + " "))
        assert all(k in row for k in ("win_rate=", "mean_vp=", "mean_cost_earned=",
                                      "entries/game=", "places/game:")), row
    assert "games=4 " in out   # the 4 games, played in 2 processes
    assert "mean_cost_earned=" in out and "grade by turn" in out and "first_seat_advantage=" in out
    assert "refusals=0 stalled=0" in out
    for name in ("vp.png", "grades.png", "cost.png", "seats.png", "contests.png", "index.html"):
        assert (tmp_path / "r" / name).stat().st_size > 0
    assert "cheap" in (tmp_path / "r" / "index.html").read_text(encoding="utf-8")


def test_cli_errors(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main(["simulate", "--game", "farm", "--set", "facilities.field.price=[1]"])
    assert e.value.code == 2
    assert "facilities.field.price: 3 prices are needed" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["simulate", "--game", "farm", "--policy", "chess"])
    assert "random, sensible, shipper" in capsys.readouterr().err


def test_the_shipper_never_enters_and_earns_more() -> None:
    """G7: a bot that only ships earns far more than one that also enters contests."""
    s = run(default_params(), 2, 6, ["shipper", "sensible"], seed=2)
    ship, sens = s.policies["shipper"], s.policies["sensible"]
    assert not s.refusals and s.stalled == 0
    assert ship.entries == 0 and ship.mean_vp == 0
    assert ship.mean_earned > sens.mean_earned
