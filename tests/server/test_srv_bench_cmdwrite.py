"""``bench/cmdwrite.py`` and ``bench/pipeline_phases.py`` (issue 14): the three ways of storing
a command file's line leave the same bytes in their files (the bench compares the same work),
and the phase timers wrap functions the server has (a renamed one breaks the bench here)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"


def _load(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("way", ["append", "pwrite", "mmap"])
def test_each_way_writes_the_lines_in_order(way: str, tmp_path: Path) -> None:
    cw = _load("cmdwrite")
    med, mean = cw.run(way, 40, 1, str(tmp_path))
    assert med > 0 and mean > 0
    data = (tmp_path / f"{way}-1").read_bytes()
    assert data[: 40 * len(cw.LINE)] == cw.LINE * 40
    assert data[40 * len(cw.LINE):].strip(b"\0") == b""  # made long beforehand: zeros after


def test_the_phases_run_over_whole_games() -> None:
    out = subprocess.run([sys.executable, str(BENCH / "pipeline_phases.py"), "--pollute", "0",
                          "--games", "1", "--players", "3"],
                         capture_output=True, text=True, check=True, timeout=300).stdout
    rows = [r.split("|")[1:-1] for r in out.splitlines() if r.startswith("| /")]
    kinds = {r[0].strip() for r in rows}
    assert {"/plant", "/done"} <= kinds  # whole games: turns planted (R9) and ended
    for r in rows:
        say, *parts = (float(c) for c in r[2:])  # say, dispatch, write, broadcast, ...
        dispatch, write, broadcast = parts[:3]
        assert 0 < dispatch < say and 0 < broadcast < say and 0 < write < say
