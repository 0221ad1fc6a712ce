"""What the in-process benches (``frames.py``, ``pipeline.py``) share: source trees side by
side, and cProfile's top functions as text.

A tree is a directory holding a ``bohnanza`` package, or a git revision of this repository
whose ``bohnanza`` is extracted (``git archive``) to a temp dir. :func:`compare` runs a bench
script once per tree and round in a fresh process, with that tree first on ``sys.path``
(the script reads the directory from the environment variable ``env``), the order
alternating each round, and prints each run's row, the medians and the ratio NEW/OLD.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent


def extract(rev: str, tmp: str) -> str:
    """The directory of the tree ``rev``: itself when it is a directory, else the revision's
    ``bohnanza`` extracted into a new folder of ``tmp``."""
    if os.path.isdir(rev):
        return str(Path(rev).resolve())
    dest = os.path.join(tmp, rev.replace("/", "_"))
    os.makedirs(dest)
    arch = subprocess.run(["git", "-C", str(REPO), "archive", rev, "bohnanza"],
                          check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", dest], input=arch, check=True)
    return dest


def compare(script: str, env: str, trees: list[str], repeat: int, argv: list[str],
            key: str, unit: str, describe: Callable[[dict[str, Any]], str]) -> None:
    """Run ``script --json *argv`` ``repeat`` times per tree (the order reversed every other
    round), each with the tree's directory in the environment variable ``env``; the last
    line of its output is a JSON row whose ``key`` is the figure compared (µs per ``unit``).
    Prints ``describe(row)`` per run, each tree's median and the ratio of the second tree's
    median to the first's."""
    with tempfile.TemporaryDirectory() as tmp:
        srcs = [extract(t, tmp) for t in trees]
        got: dict[str, list[float]] = {t: [] for t in trees}
        for r in range(repeat):
            order = list(zip(trees, srcs, strict=True))
            if r % 2:
                order.reverse()
            for t, src in order:
                p = subprocess.run([sys.executable, script, "--json", *argv],
                                   env={**os.environ, env: src}, check=True,
                                   capture_output=True, text=True)
                row = json.loads(p.stdout.strip().splitlines()[-1])
                got[t].append(row[key])
                print(f"round {r + 1} {t}: {describe(row)}", flush=True)
        med = {t: statistics.median(v) for t, v in got.items()}
        for t in trees:
            print(f"{t}: median {med[t]:.1f} µs/{unit}")
        print(f"ratio NEW/OLD {med[trees[1]] / med[trees[0]]:.3f}")


def best_of(passes: int, profile: int, play: Callable[[cProfile.Profile | None], dict[str, Any]]
            ) -> dict[str, Any]:
    """The row of the fastest of ``passes`` runs of ``play(prof)`` (lowest ``us_per_cmd``);
    with ``profile`` N > 0 one cProfile collects over every run (``play`` enables it around
    the commands it times) and the row gets cProfile's top N as ``profile``."""
    best: dict[str, Any] | None = None
    prof = cProfile.Profile() if profile else None
    for _ in range(passes):
        res = play(prof)
        if best is None or res["us_per_cmd"] < best["us_per_cmd"]:
            best = res
    assert best is not None
    if prof is not None:
        best["profile"] = top(prof, profile)
    return best


def top(prof: cProfile.Profile, n: int) -> str:
    """cProfile's ``n`` functions of most own time, as text."""
    s = io.StringIO()
    pstats.Stats(prof, stream=s).sort_stats("tottime").print_stats(n)
    return s.getvalue()


def arguments(description: str, games: int) -> argparse.ArgumentParser:
    """The options both benches take: the games played (``--players``, ``--games``,
    ``--preset``, ``--seed``), ``--passes``, ``--profile N``, ``--json``, and two trees
    compared (``--compare OLD,NEW``, ``--repeat``)."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--games", type=int, default=games)
    ap.add_argument("--preset", default="classic")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--passes", type=int, default=3)
    ap.add_argument("--profile", type=int, default=0, metavar="N")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--compare", metavar="OLD,NEW")
    ap.add_argument("--repeat", type=int, default=4)
    return ap
