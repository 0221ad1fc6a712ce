"""Speed of ``bohnanza simulate`` here against another checkout (issue 15: simulation at scale).

Runs the same ``simulate`` command in this checkout (A) and in ``--base`` (B, for instance a
``git worktree add --detach /tmp/base COMMIT``), in turn (A B A B ...), each as its own
process with the same interpreter, and prints every run's CPU seconds (user + system of the
child, from ``os.wait4``), the medians and the median of the pairwise ratios A/B: pairing
keeps the ratio meaningful while the machine's speed drifts. It also checks that both print
the same figures (every line but the last, which holds the speed), and exits 1 otherwise.

    nice -n 10 python bench/simspeed.py --base /tmp/base --runs 3 -- \\
        --players 4 --games 200 --policy greedy,random --seed 1 --jobs 1
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def run_once(tree: Path, args: list[str]) -> tuple[float, list[str]]:
    """CPU seconds of one ``simulate`` in ``tree`` and the figures it printed."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    proc = subprocess.Popen([sys.executable, "-m", "bohnanza", "simulate", *args,
                             "--no-progress"], cwd=tree, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_utime + usage.ru_stime, out.strip().splitlines()[:-1]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--base", required=True, type=Path, help="the checkout to compare with")
    ap.add_argument("--runs", type=int, default=3, help="runs of each (default 3)")
    ap.add_argument("args", nargs="*", help="simulate's arguments (after --)")
    ns = ap.parse_args()
    args = ns.args or ["--players", "4", "--games", "200", "--policy", "greedy,random",
                       "--seed", "1", "--jobs", "1"]
    a_times: list[float] = []
    b_times: list[float] = []
    same = True
    for k in range(ns.runs):
        a, fa = run_once(HERE, args)
        b, fb = run_once(ns.base.resolve(), args)
        same = same and fa == fb and bool(fa)
        a_times.append(a)
        b_times.append(b)
        print(f"run {k + 1}: A {a:.2f} s  B {b:.2f} s  A/B {a / b:.3f}", flush=True)
    ratios = [a / b for a, b in zip(a_times, b_times, strict=True)]
    print(f"median CPU s: A {statistics.median(a_times):.2f}  B {statistics.median(b_times):.2f}"
          f"  A/B {statistics.median(ratios):.3f} (B/A {1 / statistics.median(ratios):.2f}x)")
    print("figures: " + ("the same" if same else "DIFFERENT"))
    for line in fa:
        print("  " + line)
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
