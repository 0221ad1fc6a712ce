"""``bench/phases.py`` (issue 14): its timers wrap functions the server has (a renamed one
breaks the bench here, not in a measurement), they count what a command runs, and its report
divides each total's growth over the window by the commands read in it."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"


def _phases() -> Any:
    spec = importlib.util.spec_from_file_location("bench_phases", BENCH / "phases.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_report_is_per_command_read_over_the_window(capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    first = {"now": 100.0, "cpu": 1.0, "read": 1e6, "n read": 5, "commit turn": 0,
             "store": 0, "broadcast": 0, "frames": 0, "views": 0, "diffs": 0}
    inside = {"now": 102.0, "cpu": 1.5, "read": 2e6, "n read": 10, "commit turn": 1e6,
              "store": 1e5, "broadcast": 4e6, "frames": 3e6, "views": 1e6, "diffs": 1e6,
              "n broadcast /plant": 5, "broadcast /plant": 4e6, "frames /plant": 3e6,
              "views /plant": 1e6, "diffs /plant": 1e6}
    last = {**{k: v * 3 for k, v in inside.items()}, "now": 110.0, "cpu": 3.5,
            "n read": 30, "read": 6e6}
    _phases().report([first, inside, last], 2, 10)
    out = capsys.readouterr().out
    # 20 commands read between 102 and 110 s: (6e6 - 2e6) ns / 20 = 200 µs read; CPU 2 s / 20
    assert "20 commands read in 8.0 s; server CPU 100000 µs per command read" in out
    # commit turn 2e6 / 20 = 100, store 2e5 / 20 = 10, frames 6e6 / 20 = 300, views and diffs
    # 2e6 / 20 = 100, sends (8e6 - 6e6) / 20 = 100
    assert "| 200 | 100 | 10 | 300 | 100 | 100 | 100 |" in out
    # /plant: 10 broadcasts: frames 6e6 / 10 = 600, views 200, diffs 200, sends 200
    assert "| /plant | 100 % | 600 | 200 | 200 | 200 |" in out


def test_the_timers_count_a_played_game(tmp_path: Path) -> None:
    """The timers installed on the real server's classes, then a recorded game played through
    a room (``bench/pipeline.py``'s in-process path): the store, the frames, the views and the
    diffs of each command are counted, by its kind."""
    script = f"""
import asyncio, json, sys, tempfile
from pathlib import Path
sys.path[:0] = [{str(BENCH)!r}]
import phases
phases._install(Path({str(tmp_path / "totals.txt")!r}))
import pipeline
from frames import record_games
games = record_games(3, 1, "classic", 1)
with tempfile.TemporaryDirectory() as tmp:
    asyncio.run(pipeline._play(3, games, 1, Path(tmp) / "b.db", False, None))
print(json.dumps({{"acc": phases._acc, "commands": len(games[0])}}))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=300, cwd=BENCH.parent)
    assert done.returncode == 0, done.stderr[-3000:]
    got = json.loads(done.stdout.splitlines()[-1])
    acc, commands = got["acc"], got["commands"]
    # every game command is stored and shown (and the joins and the start besides)
    assert acc["n store"] >= commands
    assert acc["n broadcast"] >= commands and acc["n frames"] >= commands
    assert acc["n broadcast /plant"] > 0 and acc["n frames /plant"] > 0
    assert acc["n views /plant"] > 0 and acc["n diffs /plant"] > 0
    assert acc["frames"] >= acc["views"] > 0
