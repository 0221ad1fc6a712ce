"""The clients of ``bench/server.py`` (issue 14, bench validity): they read a frame's version
from its head and apply a seat's patches only when it decides, and decide on a thread of
their own; what they hold must still be the server's state, and every command answered."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "server.py"


def _bench() -> Any:
    spec = importlib.util.spec_from_file_location("bench_server", BENCH)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["bench_server"] = mod
    spec.loader.exec_module(mod)
    return mod


def test_a_row_is_not_valid_when_the_clients_starve() -> None:
    """README, bench/server.py: a row whose clients' loop lag p99 is over 10 ms, or whose
    client process is over 90 % of a core, says NOT VALID."""
    bench = _bench()
    assert bench.starved(4.0, 50.0) == []
    assert len(bench.starved(10.5, 50.0)) == 1
    assert len(bench.starved(4.0, 91.0)) == 1
    assert len(bench.starved(45.0, 95.0)) == 2


_PIN_CHILD = """
import importlib.util, json, os, sys
spec = importlib.util.spec_from_file_location("bench_server", sys.argv[1])
bench = importlib.util.module_from_spec(spec)
sys.modules["bench_server"] = bench
spec.loader.exec_module(bench)
try:
    bench.pin({0})
    refused = None
except SystemExit as e:
    refused = str(e)
cpus = os.sched_getaffinity(0)
bench.PIN[0] = bench.pin(cpus)
proc = bench._start([sys.executable, "-c", "import time; time.sleep(30)"])
try:
    print(json.dumps({"refused": refused, "cpus": sorted(cpus), "pin": bench.PIN[0],
                      "bench": sorted(os.sched_getaffinity(0)),
                      "server": sorted(os.sched_getaffinity(proc.pid))}))
finally:
    proc.kill()
    proc.wait()
"""


@pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2, reason="needs 2 CPUs")
def test_pin_puts_the_servers_on_one_cpu_and_the_bench_on_the_others() -> None:
    """``--pin`` (docs/perf-history.md, "Where the processes run"): a server the bench starts
    runs on the first of the bench's CPUs alone, the bench (and the client processes it
    starts after) on the others; with one CPU it refuses. Run in a child process, so the
    test's own CPUs stay as they were."""
    out = subprocess.run([sys.executable, "-c", _PIN_CHILD, str(BENCH)], capture_output=True,
                         text=True, timeout=60, check=True).stdout
    got = json.loads(out)
    assert got["refused"] == "--pin needs at least 2 CPUs"
    first = got["cpus"][0]
    assert got["pin"] == first
    assert got["server"] == [first]
    assert got["bench"] == got["cpus"][1:]


async def _resynced(player: Any) -> dict[str, Any]:
    """The full state the server sends this connection on ``resync``, as {view, room}. Every
    frame sent to it before has come by then (a connection's frames come in order): the
    patches among them are in ``player.patches``, as the player's own reading keeps them."""
    answers: list[str] = []
    player._state = lambda msg, now: answers.append(msg)  # (the resync's answer: kept aside)
    try:
        player.wire.send('{"type":"resync"}')
        for _ in range(1000):  # a hang guard, not a timing: 10 s
            if answers:
                d = json.loads(answers[0])
                return {"view": d["view"], "room": d["room"]}
            await asyncio.sleep(0.01)
        raise AssertionError("no state after resync")
    finally:
        del player._state


@pytest.mark.timeout(120)
@pytest.mark.parametrize("inline", [False, True])
async def test_bench_clients_hold_the_servers_state(server, inline: bool) -> None:  # type: ignore[no-untyped-def]
    """One room of 5 bench clients plays 4 s at 5 commands/s each (greedy bots, markers
    between): every command gets its reply; then each seat's copy, brought up to date from
    the patches it holds, is the full state the server sends it on resync."""
    bench = _bench()
    port = int(server.ws_url("x").split(":")[2].split("/")[0])
    group = bench.Group(port, [0], 5, 5.0, "greedy", True, True, None, inline)
    await group.open()
    await group.start()
    got = await group.measure(time.time(), 4.0)
    try:
        assert got["sent"] >= 40  # the rate is real: 5 seats x 5/s x 4 s, at most 100
        assert got["lost"] == 0 and got["resyncs"] == 0
        assert got["ok"] + got["refused"] == got["sent"]
        # every change reaches the seats that see something new in it (the sender at least)
        assert got["patches_rx"] >= got["sent"]
        for p in group.players:
            full = await _resynced(p)  # (the last frames in: every one sent before it)
            p.catch_up(p.raw_state, p.patches)
            p.raw_state, p.patches = None, []
            mine = json.loads(json.dumps(p.doc))
            assert mine["view"] == full["view"]
            for key in ("you", "game_no", "running", "over"):
                assert mine["room"][key] == full["room"][key]
    finally:
        await group.close()
