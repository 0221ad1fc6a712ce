"""Speed of ``bohnanza simulate`` here against another checkout (issue 15: simulation at scale).

Runs the same ``simulate`` command in this checkout (A) and in ``--base`` (B, for instance a
``git worktree add --detach /tmp/base COMMIT``), in turn (A B A B ...), each as its own
process with the same interpreter, and prints every run's CPU seconds (user + system of the
child, from ``os.wait4``), the medians and the median of the pairwise ratios A/B: pairing
keeps the ratio meaningful while the machine's speed drifts. It also checks that both print
the same figures (every line but the last, which holds the speed), and exits 1 otherwise.

    nice -n 10 python bench/simspeed.py --base /tmp/base --runs 3 -- \\
        --players 4 --games 200 --policy greedy,random --seed 1 --jobs 1

``--bytecode`` runs both trees from compiled modules, as an installed package runs (each
tree's ``.pyc`` files in a temporary folder of its own, ``PYTHONPYCACHEPREFIX``, written by
one uncounted run of one game): without it, where ``PYTHONDONTWRITEBYTECODE`` is set, every
run compiles every module it imports (about 0.3 s in each tree).

``--same N`` checks instead that both trees play the same games, command by command: for
each table of :data:`TABLES` it plays ``N`` games (seeds 100 ...) with ``play_game`` and
prints the number of commands, the sum of the final coins and a hash of every command
(seat and text) and every result, for each tree, and exits 1 when they differ (a speed-up
must not change a single decision).

``--instructions`` counts instead the instructions per game of each tree (valgrind's
cachegrind without its cache simulation, on ``simulate --games 1`` and ``--games K``, K = 6
by default: per game = the difference / (K - 1), the start-up left out), with
``PYTHONHASHSEED=0`` so that both trees hash alike: unlike CPU seconds, the count does not
move with the machine's load (simspeed4 and simspeed5 in docs/bots.md)::

    nice -n 10 python bench/simspeed.py --base /tmp/base --instructions -- \\
        --players 4 --policy greedy,random --seed 1
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def tree_env(tree: Path, cache: Path | None = None) -> dict[str, str]:
    """The environment of a ``simulate`` run in ``tree``. ``cache``: the modules' compiled
    bytecode is written to and read from this folder (``PYTHONPYCACHEPREFIX``, one per
    tree, nothing written into the trees), as an installed package runs from its ``.pyc``
    files, instead of compiling every module at each start (``PYTHONDONTWRITEBYTECODE``, as
    this machine's sessions set it: about 0.3 s a run in both trees)."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    if cache is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(cache)
    return env


def run_once(tree: Path, args: list[str], cache: Path | None = None) -> tuple[float, list[str]]:
    """CPU seconds of one ``simulate`` in ``tree`` and the figures it printed (``cache``:
    :func:`tree_env`)."""
    env = tree_env(tree, cache)
    proc = subprocess.Popen([sys.executable, "-m", "bohnanza", "simulate", *args,
                             "--no-progress"], cwd=tree, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_utime + usage.ru_stime, out.strip().splitlines()[:-1]


TABLES = [(3, "greedy,random"), (4, "greedy,random"), (5, "greedy,random"), (4, "greedy"),
          (4, "random"), (3, "normal,greedy"), (5, "random,greedy"),
          (2, "greedy,random", "rio-grande"), (6, "greedy,random", "rio-grande"),
          (7, "random,greedy", "rio-grande"), (4, "greedy,random", "amigo"),
          (4, "greedy,random", "classic", {"hidden_money": True})]
"""The tables ``--same`` plays: (players, policies; the last fills the table, rotated each
game as ``simulate`` does), then the preset (default ``classic``; 2 players: the bean duel)
and the game's options, if any."""

_SAME = """
import hashlib, sys
from bohnanza.bots import get_policy
from bohnanza.bots.simulate import play_game
games = int(sys.argv[1])
for players, pol, *more in eval(sys.argv[2]):
    preset = more[0] if more else "classic"
    options = more[1] if len(more) > 1 else None
    pols = pol.split(",")
    pols = pols + [pols[-1]] * (players - len(pols))
    h, n, coins = hashlib.sha256(), 0, 0
    for g in range(games):
        seating = [pols[(i - g) % players] for i in range(players)]
        def note(seat, view, text):
            global n
            n += 1
            h.update(f"{seat}:{text};".encode())
        out = play_game(preset, [get_policy(p) for p in seating], 100 + g, on_command=note,
                        options=options)
        coins += sum(out.scores)
        h.update(repr((out.scores, out.winners, out.steps, len(out.refusals),
                       out.stalled)).encode())
    label = "" if not more else " " + " ".join(str(x) for x in more)
    print(players, pol + label, games, "commands", n, "coins", coins, h.hexdigest()[:16],
          flush=True)
"""


def same_games(tree: Path, games: int) -> list[str]:
    """``--same``'s lines for ``tree``: one per table of :data:`TABLES`."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run([sys.executable, "-c", _SAME, str(games), repr(TABLES)], cwd=tree,
                         env=env, capture_output=True, text=True, check=True).stdout
    return out.strip().splitlines()


def instructions(tree: Path, args: list[str], games: int) -> int:
    """Instructions valgrind counts for ``simulate --games games`` in ``tree`` (whole run)."""
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    proc = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                           "--cachegrind-out-file=/dev/null", sys.executable, "-m", "bohnanza",
                           "simulate", *args, "--games", str(games), "--no-progress"],
                          cwd=tree, env=env, capture_output=True, text=True, check=True)
    m = re.search(r"I\s+refs:\s+([\d,]+)", proc.stderr)
    if m is None:
        raise RuntimeError("no instruction count in valgrind's output")
    return int(m.group(1).replace(",", ""))


def per_game(tree: Path, args: list[str], games: int) -> float:
    """Instructions per game in ``tree``: (count at ``games`` - count at 1) / (games - 1)."""
    return (instructions(tree, args, games) - instructions(tree, args, 1)) / (games - 1)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--base", required=True, type=Path, help="the checkout to compare with")
    ap.add_argument("--runs", type=int, default=3, help="runs of each (default 3)")
    ap.add_argument("--same", type=int, default=0, metavar="N",
                    help="check instead that both trees play the same N games per table")
    ap.add_argument("--instructions", type=int, nargs="?", const=6, default=0, metavar="K",
                    help="count instead the instructions per game of each tree (valgrind; "
                         "games 1 and K, default 6; simulate's arguments but --games)")
    ap.add_argument("--bytecode", action="store_true",
                    help="CPU seconds with compiled modules, as an installed package runs: "
                         "each tree's bytecode cached in a folder of its own (one run of one "
                         "game each first, not counted)")
    ap.add_argument("args", nargs="*", help="simulate's arguments (after --)")
    ns = ap.parse_args()
    if ns.instructions:
        if ns.instructions < 2:
            ap.error("--instructions needs at least 2 games")
        args = ns.args or ["--players", "4", "--policy", "greedy,random", "--seed", "1"]
        ia = per_game(HERE, args, ns.instructions)
        ib = per_game(ns.base.resolve(), args, ns.instructions)
        print(f"instructions per game: A {ia / 1e9:.4f} G  B {ib / 1e9:.4f} G  "
              f"A/B {ia / ib:.3f} (B/A {ib / ia:.2f}x)")
        return 0
    if ns.same:
        here, there = same_games(HERE, ns.same), same_games(ns.base.resolve(), ns.same)
        for line_a, line_b in zip(here, there, strict=True):
            print(f"A {line_a}\nB {line_b}" if line_a != line_b else f"same: {line_a}")
        print("games: " + ("the same" if here == there else "DIFFERENT"))
        return 0 if here == there else 1
    args = ns.args or ["--players", "4", "--games", "200", "--policy", "greedy,random",
                       "--seed", "1", "--jobs", "1"]
    a_times: list[float] = []
    b_times: list[float] = []
    same = True
    cache_a = cache_b = None
    if ns.bytecode:
        cache_a = Path(tempfile.mkdtemp(prefix="simspeed-a-"))
        cache_b = Path(tempfile.mkdtemp(prefix="simspeed-b-"))
        warm = [x for x in args if x != "--no-progress"]
        if "--games" in warm:
            warm[warm.index("--games") + 1] = "1"
        run_once(HERE, warm, cache_a)
        run_once(ns.base.resolve(), warm, cache_b)
        print(f"bytecode cached in {cache_a} (A) and {cache_b} (B)", flush=True)
    for k in range(ns.runs):
        a, fa = run_once(HERE, args, cache_a)
        b, fb = run_once(ns.base.resolve(), args, cache_b)
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
