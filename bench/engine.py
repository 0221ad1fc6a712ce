"""Engine throughput: random legal games through the engine API (not text).

Policy (issue 2, the one used to measure the peer engines): phase 1 plants the front card in a
random legal field, harvesting a random harvestable field first when none can take it, then
stops or plants a second card with probability 1/2; in phase 2, with probability T the active
player offers one face-up card for a bean a random other player holds and that player accepts
(repeated while face-up cards remain), else ends trading; phase 3 plants every card, harvesting
first when needed.

    python bench/engine.py --players 4 --trade 0.3 --games 300
    python bench/engine.py            # rows for 3, 4, 5 players at T = 0 and 0.3
    python bench/engine.py --compare main,. --repeat 12   # A/B: two source trees interleaved

``--compare OLD,NEW`` runs this file's policy (the same driver for both) against the engine of
each source tree (a path, or a git revision extracted with ``git archive`` to a temp dir), one
fresh process per run, ``--repeat`` rounds, the order alternating each round (A B, B A, ...);
it prints turns/s per run, the median per tree, the ratio of the medians NEW/OLD and the median
of the per-round ratios. Defaults to 4 players at T = 0.3 (the issue's table).
"""

from __future__ import annotations

import argparse
import atexit
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
# --compare runs this file once per tree with the tree to import the engine from in SRC_ENV
SRC_ENV = "BOHNANZA_BENCH_ENGINE_SRC"
sys.path.insert(0, os.environ.get(SRC_ENV) or str(REPO))

from bohnanza.engine import Game  # noqa: E402
from bohnanza.engine import __file__ as engine_file  # noqa: E402
from bohnanza.engine.actions import (  # noqa: E402
    Accept,
    CardRef,
    Done,
    Harvest,
    Plant,
    PostOffer,
    Provide,
    Withdraw,
)


def _plant_one(g: Game, seat: int, bean: str, rnd: random.Random, traded: bool) -> None:
    fields = g.plant_fields(seat, bean)
    if not fields:
        g.apply(seat, Harvest(rnd.choice(g.harvestable(seat))))
        fields = g.plant_fields(seat, bean)
    g.apply(seat, Plant(rnd.choice(fields), bean if traded else None))


def _trade_once(g: Game, rnd: random.Random) -> None:
    a = g.active
    n = len(g.seats)
    ui = rnd.randrange(len(g.face_up))
    give = g.face_up[ui]
    other = (a + 1 + rnd.randrange(n - 1)) % n
    hand = g.seats[other].hand
    if not hand:
        g.apply(a, Done())
        return
    hi = rnd.randrange(len(hand))
    want = hand[hi]
    first = g.next_offer
    g.apply(a, PostOffer({give: 1}, {want: 1}))
    g.apply(other, Accept(first))
    g.apply(a, Accept(first + 1))
    d = g.deal
    if d is not None:
        if d.provided[a] is None:
            g.apply(a, Provide((CardRef("u", ui + 1),)))
        if g.deal is not None and g.deal.provided[other] is None:
            g.apply(other, Provide((CardRef("h", hi + 1),)))
    # the active player's own offer stays in the market only while it can still be given
    if any(o.id == first for o in g.offers):
        g.apply(a, Withdraw(first))


def play(g: Game, trade: float, rnd: random.Random) -> int:
    """Play one game to the end; returns the number of turns."""
    while g.phase != "over":
        a = g.active
        phase = g.phase
        if phase == "plant":
            _plant_one(g, a, g.seats[a].hand[0], rnd, False)
            if g.phase == "plant":
                if rnd.random() < 0.5:
                    g.apply(a, Done())
                else:
                    _plant_one(g, a, g.seats[a].hand[0], rnd, False)
        elif phase == "trade":
            if g.face_up and rnd.random() < trade:
                _trade_once(g, rnd)
            else:
                g.apply(a, Done())
        else:
            for seat, s in enumerate(g.seats):
                while s.to_plant and g.phase == "plant_traded":
                    _plant_one(g, seat, s.to_plant[0], rnd, True)
    return g.turn


def run(players: int, trade: float, games: int, seed: int = 1) -> tuple[float, float, float]:
    """``(games/s, turns/s, turns per CPU second)``: wall clock, then this process's CPU time
    (``time.process_time``, which waiting for a core shared with other work does not count)."""
    rnd = random.Random(seed)
    names = [f"P{i}" for i in range(players)]
    turns = 0
    t0 = time.perf_counter()
    c0 = time.process_time()
    for k in range(games):
        g = Game.new("classic", names, seed * 100003 + k)
        turns += play(g, trade, rnd)
    dt = time.perf_counter() - t0
    dc = time.process_time() - c0
    return games / dt, turns / dt, turns / dc


def source_tree(spec: str) -> Path:
    """A directory to import the engine from: a path, or a git revision of this repository
    extracted (``git archive``, the ``bohnanza`` package only) to a temp dir removed at exit."""
    if Path(spec).is_dir():
        return Path(spec).resolve()
    rev = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--verify", spec + "^{commit}"],
                         capture_output=True, text=True, check=True).stdout.strip()
    tmp = Path(tempfile.mkdtemp(prefix="bohnanza-engine-src-"))
    atexit.register(lambda: subprocess.run(["rm", "-rf", str(tmp)], check=False))
    archive = subprocess.run(["git", "-C", str(REPO), "archive", rev, "bohnanza"],
                             capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(tmp)], input=archive, check=True)
    print(f"# {spec}: git {rev[:10]}", flush=True)
    return tmp


def _one_run(tree: Path, players: int, trade: float, games: int, seed: int
             ) -> tuple[float, float]:
    """``(turns/s, turns per CPU second)`` of one fresh process importing the engine from
    ``tree``."""
    env = dict(os.environ, **{SRC_ENV: str(tree)})
    out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--players",
                          str(players), "--trade", str(trade), "--games", str(games),
                          "--seed", str(seed)], env=env, capture_output=True, text=True,
                         check=True, timeout=600).stdout
    line = out.strip().rsplit("\n", 1)[-1]
    if not line.endswith(f"engine={tree}/bohnanza/engine"):
        raise SystemExit(f"the run did not import the engine from {tree}: {line}")
    return (float(line.split(" turns/s=", 1)[1].split()[0]),
            float(line.split(" cpu_turns/s=", 1)[1].split()[0]))


def compare(specs: list[str], players: int, trade: float, games: int, seed: int,
            repeat: int) -> None:
    """``--compare OLD,NEW``: interleaved runs, medians and ratios (module docstring)."""
    if len(specs) != 2:
        raise SystemExit("--compare takes two source trees: OLD,NEW")
    trees = [source_tree(s) for s in specs]
    got: list[list[tuple[float, float]]] = [[], []]
    for r in range(repeat):
        order = (0, 1) if r % 2 == 0 else (1, 0)
        for k in order:
            tps, cps = _one_run(trees[k], players, trade, games, seed)
            got[k].append((tps, cps))
            print(f"run {r + 1} {specs[k]}: turns/s={tps:.0f} cpu_turns/s={cps:.0f}", flush=True)
    print(f"# players={players} trade={trade} games={games} per run, {repeat} runs per tree")
    for col, what in ((0, "turns/s"), (1, "cpu_turns/s")):
        med = [statistics.median(x[col] for x in g) for g in got]
        pairs = [b[col] / a[col] for a, b in zip(got[0], got[1], strict=True)]
        for spec, m in zip(specs, med, strict=True):
            print(f"median {spec}: {what}={m:.0f}")
        print(f"ratio {what} {specs[1]}/{specs[0]}: medians {med[1] / med[0]:.3f}, "
              f"median of pairs {statistics.median(pairs):.3f} "
              f"(pairs {min(pairs):.2f}-{max(pairs):.2f})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--players", type=int)
    ap.add_argument("--trade", type=float)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--compare", metavar="OLD,NEW",
                    help="two source trees (paths or git revisions), interleaved runs")
    ap.add_argument("--repeat", type=int, default=12, help="runs per tree with --compare")
    args = ap.parse_args()
    if args.compare:
        compare(args.compare.split(","), args.players or 4,
                0.3 if args.trade is None else args.trade, args.games, args.seed, args.repeat)
        return
    rows = ([(args.players, args.trade)] if args.players is not None and args.trade is not None
            else [(p, t) for p in (3, 4, 5) for t in (0.0, 0.3)])
    for players, trade in rows:
        gps, tps, cps = run(players, trade, args.games, args.seed)
        where = (f" engine={Path(engine_file).parent}" if os.environ.get(SRC_ENV) else "")
        print(f"players={players} trade={trade} games/s={gps:.1f} turns/s={tps:.0f} "
              f"cpu_turns/s={cps:.0f}{where}")


if __name__ == "__main__":
    main()
