"""Bot levels against greedy (issue 15): win rate with its 95% interval and mean coins.

For 3, 4 and 5 players (classic): 1 ``hard`` seat against greedy seats and 1 ``normal`` seat
against greedy seats, ``--games`` games each with fixed seeds (game ``g``: seed
``--seed + g``, the seating rotated by ``g``), then the ``hard`` bot's decision times (one
process, ``--timing-games`` games at 4 players): p50, p99 and the slowest, in wall time
and in the process's CPU time (``time.process_time``, which the load does not inflate).

The ``hard`` bot's time budget runs on the CPU clock here (``--clock cpu``, the default):
under a heavy load its searches are not cut short by other processes.

    nice -n 15 .venv/bin/python bench/levels.py --games 200 --jobs 2
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bohnanza.bots import get_policy, hard  # noqa: E402
from bohnanza.bots.simulate import play_game, run  # noqa: E402


class Timed:
    """A policy whose decisions are timed."""

    borrows_view = False
    """The wrapped policy reads fresh views (``bohnanza.bots.simulate``)."""
    reads_game = False
    """It decides from views, not from the game (``bohnanza.bots.simulate``)."""

    def __init__(self, name: str, times: list[float], cpu: list[float] | None = None) -> None:
        self.policy = get_policy(name)
        self.name = name
        self.times = times
        self.cpu = cpu if cpu is not None else []

    def decide(self, view: dict[str, Any], rng: random.Random, *,
               hurry: bool = False) -> str | None:
        t = time.perf_counter()
        p = time.process_time()
        text = self.policy.decide(view, rng, hurry=hurry)
        self.cpu.append(time.process_time() - p)
        self.times.append(time.perf_counter() - t)
        return text


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=15000)
    ap.add_argument("--players", default="3,4,5")
    ap.add_argument("--levels", default="normal,hard")
    ap.add_argument("--timing-games", type=int, default=20)
    ap.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                    help="the hard bot's time budget clock (hard.CLOCK): cpu, so that the "
                         "figures do not depend on the machine's load; wall as on the server")
    args = ap.parse_args()
    hard.CLOCK = args.clock         # inherited by the worker processes (fork)
    print("| players | level | games | win rate [95%] | fair share | mean coins | greedy "
          "mean coins | seconds |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for n in [int(x) for x in args.players.split(",")] if args.games else []:
        for level in args.levels.split(","):
            s = run("classic", n, args.games, [level, "greedy"], args.seed, jobs=args.jobs)
            me, gr = s.stats[level], s.stats["greedy"]
            lo, hi = me.win_interval()
            print(f"| {n} | {level} | {args.games} | {me.win_rate:.3f} [{lo:.3f}, {hi:.3f}] | "
                  f"{1 / n:.3f} | {me.mean_coins:.2f} ±{me.coins_half_width():.2f} | "
                  f"{gr.mean_coins:.2f} | {s.seconds:.0f} |"
                  + ("" if not (s.refusals or s.stalled) else
                     f" refusals={len(s.refusals)} stalled={s.stalled}"), flush=True)
    if args.timing_games:
        times: list[float] = []
        cpu: list[float] = []
        for g in range(args.timing_games):
            pols: list[Any] = [get_policy("greedy") for _ in range(4)]
            pols[g % 4] = Timed("hard", times, cpu)
            play_game("classic", pols, args.seed + g)
        k = len(times)
        for label, xs in (("wall", sorted(times)), ("CPU", sorted(cpu))):
            print(f"hard decisions ({args.timing_games} games, 4 players, one process), "
                  f"{label} time: {k}; p50 {xs[k // 2] * 1000:.1f} ms, p99 "
                  f"{xs[int(k * 0.99)] * 1000:.0f} ms, slowest {xs[-1] * 1000:.0f} ms")


if __name__ == "__main__":
    main()
