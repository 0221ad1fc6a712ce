"""How much the ``hard`` bot's search decides (issue 15): a diagnosis, not a test.

Plays ``--games`` games at 4 players (classic, one ``hard`` seat against 3 greedy, seeds from
``--seed``) and records every search the bot runs. For each search (up to ``--max``) it then
plays ``--samples`` single-sample searches with independent seeds and prints:

* searches per game and candidates per search;
* how often the search overruled ``normal``'s choice in the game;
* the per-sample spread (standard deviation) of each candidate's worth minus the first
  candidate's (``normal``'s choice), against the size of the mean difference: the standard
  error of a decision is that spread over the square root of the samples;
* how often two independent halves of the samples pick different best candidates.

    nice -n 10 .venv/bin/python bench/hard_search.py --games 3 --samples 48
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bohnanza.bots import get_policy  # noqa: E402
from bohnanza.bots.hard import HardPolicy  # noqa: E402
from bohnanza.bots.simulate import play_game  # noqa: E402


class Recording(HardPolicy):
    """Keeps each search's inputs and whether its best candidate was not the first."""

    def __init__(self, calls: list[tuple[Any, ...]]) -> None:
        super().__init__()
        self.calls = calls

    def _search(self, view: dict[str, Any], rng: random.Random, candidates: list[Any],
                me: int) -> list[float]:
        values = super()._search(view, rng, candidates, me)
        best = max(range(len(values)), key=lambda k: values[k])
        self.calls.append((view, candidates, me, best != 0))
        return values


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--seed", type=int, default=40000)
    ap.add_argument("--samples", type=int, default=48)
    ap.add_argument("--max", type=int, default=40)
    args = ap.parse_args()
    calls: list[tuple[Any, ...]] = []
    for g in range(args.games):
        pols: list[Any] = [get_policy("greedy") for _ in range(4)]
        pols[g % 4] = Recording(calls)
        play_game("classic", pols, args.seed + g)
    print(f"searches: {len(calls)} in {args.games} games "
          f"({len(calls) / max(1, args.games):.1f} per game); candidates per search: median "
          f"{statistics.median(len(c[1]) for c in calls) if calls else 0}; the best candidate "
          f"was not normal's in {sum(c[3] for c in calls)}")
    sds: list[float] = []
    gaps: list[float] = []
    flips = 0
    half = args.samples // 2
    one = HardPolicy(samples=1, budget=1e9)
    for view, cands, me, _ in calls[:args.max]:
        per = [one._search(view, random.Random(s), cands, me) for s in range(args.samples)]
        k = len(cands)
        for j in range(1, k):
            d = [x[j] - x[0] for x in per]
            sds.append(statistics.pstdev(d))
            gaps.append(abs(statistics.mean(d)))
        m1 = [statistics.mean(x[j] for x in per[:half]) for j in range(k)]
        m2 = [statistics.mean(x[j] for x in per[half:]) for j in range(k)]
        flips += max(range(k), key=lambda j: m1[j]) != max(range(k), key=lambda j: m2[j])
    n = min(len(calls), args.max)
    if sds:
        sd = statistics.median(sds)
        print(f"candidate minus normal's choice, per sample: sd median {sd:.2f}, |mean| median "
              f"{statistics.median(gaps):.2f}, |mean| 90th percentile "
              f"{sorted(gaps)[int(len(gaps) * 0.9)]:.2f}; standard error at 24 samples "
              f"{sd / 24 ** 0.5:.2f}")
        print(f"best candidate differs between two independent halves of {half} samples: "
              f"{flips} of {n} searches")


if __name__ == "__main__":
    main()
