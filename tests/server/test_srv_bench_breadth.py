"""``bench/breadth.py`` (issue 14): it watches each command of the pipeline's games alone and
lists what it ran; a command's path (design.md section 2: the room parses, the engine applies,
the store keeps it, the frames go out) shows up in it, so a change that breaks the bench
breaks it here, not in a measurement."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench"


def test_each_command_is_watched_alone_and_its_path_is_listed() -> None:
    out = subprocess.run(
        [sys.executable, str(BENCH / "breadth.py"), "--players", "3", "--games", "1",
         "--show", "/plant", "--nth", "0"],
        capture_output=True, text=True, timeout=300, check=True).stdout
    head = re.match(r"(\d+) commands; per command: (\d+) Python functions", out)
    assert head is not None, out[:500]
    assert int(head[1]) > 50 and int(head[2]) > 0
    rows = {line.split(" | ")[0].lstrip("| "): line for line in out.splitlines()
            if line.startswith("| /")}
    assert {"/plant", "/done"} <= set(rows), rows  # a turn plants (R26) and ends its trading (R32)
    shown = out.split(": its Python functions", 1)[1]
    for where in ("engine/game.py", "server/room/room.py", "server/sqlite.py",
                  "server/room/stateframes.py"):
        assert where in shown, (where, shown[:2000])
    assert re.search(r"engine/game\.py:\d+ apply \d+", shown), shown[:2000]
