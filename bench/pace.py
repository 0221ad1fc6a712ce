"""Pace of bot turns at a table of one person and bots (issue 15): the person passes at once
(and plants at once on its own turns) and the time of each bot turn is measured, the real
server on loopback with its default ``bot_delay`` (1 s) and the room's ``/option botspeed``.

    .venv/bin/python bench/pace.py --speed normal --turns 12
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
# this repository's ``tests`` is a namespace package (no ``__init__.py``): a regular ``tests``
# package installed by a dependency (``confusables`` ships one) would be imported instead,
# wherever it stands on the path, so ours is bound by its path first
_tests = types.ModuleType("tests")
_tests.__path__ = [str(ROOT / "tests")]
sys.modules["tests"] = _tests

from bohnanza.bots.timeout import timeout_move  # noqa: E402
from tests.server.harness import Client, ServerProc  # noqa: E402


async def measure(speed: str, turns: int, bots: list[str]) -> list[float]:
    with tempfile.TemporaryDirectory() as tmp:
        srv = ServerProc(Path(tmp) / "pace.db", game_seed=15)
        srv.start()
        try:
            me = await Client(srv.ws_url("pace"), "Ann").connect()
            await me.ok("/join")
            for i, level in enumerate(bots):
                await me.ok(f"/addbot B{i + 1} {level}")
            await me.ok(f"/option botspeed {speed}")
            await me.ok("/start")
            await me.wait(lambda: me.state is not None and me.state["view"] is not None)
            durations: list[float] = []
            prev_active = me.view["active"]
            turn, start = me.view["turn"], time.monotonic()
            while len(durations) < turns and me.view["phase"] != "over":
                view = me.view
                if view["turn"] != turn:
                    if prev_active != 0:
                        durations.append(time.monotonic() - start)
                    turn, start = view["turn"], time.monotonic()
                prev_active = view["active"]
                you = view["you"]
                text = None
                if you["must_act"] or (view["phase"] == "trade" and not
                                       view["seats"][0]["passed"] and view["active"] != 0):
                    text = timeout_move(view) or ("/done" if view["phase"] == "trade" else None)
                if text is not None:
                    await me.say(text)
                seen = me.version
                try:
                    await me.wait(lambda seen=seen: me.version > seen, timeout=30)
                except TimeoutError:
                    break
            await me.close()
            return durations
        finally:
            srv.stop()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--speed", default="normal")
    ap.add_argument("--turns", type=int, default=9)
    ap.add_argument("--bots", default="normal,normal,normal")
    args = ap.parse_args()
    prev = asyncio.run(measure(args.speed, args.turns, args.bots.split(",")))
    prev.sort()
    print(f"botspeed {args.speed}, bots {args.bots}: {len(prev)} bot turns, seconds each: "
          f"median {prev[len(prev) // 2]:.1f}, slowest {prev[-1]:.1f}")


if __name__ == "__main__":
    main()
