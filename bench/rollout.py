"""Rollout speed for search bots (issue 15): from turn 15 to the end of a game.

Three ways to play the same positions (4 players, classic, by default) to the end:

* ``bots``: today's bot path, each seat's ``random`` policy reading ``Game.view(seat)`` and
  its command text applied with ``apply_text`` (parse, then ``Game.apply``, events logged);
* ``apply``: the rollout policy (``bohnanza.bots.rollout``) on ``Game.clone()``, every action
  through ``Game.apply`` with its events;
* ``quiet``: the same rollout policy on ``quiet_clone`` (no events), as the ``hard`` bot runs
  it; ``determinize`` adds the cost of building the game from a seat's view first.

    python bench/rollout.py --players 4 --positions 200
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bohnanza.bots import get_policy  # noqa: E402
from bohnanza.bots.base import ask_order  # noqa: E402
from bohnanza.bots.rollout import play_out, step  # noqa: E402
from bohnanza.commands import apply_text  # noqa: E402
from bohnanza.engine import Game  # noqa: E402
from bohnanza.engine.search import determinize, quiet_clone  # noqa: E402


def positions(preset: str, players: int, count: int, turn: int) -> list[Game]:
    out: list[Game] = []
    seed = 0
    while len(out) < count:
        g = Game.new(preset, [f"p{i}" for i in range(players)], seed)
        r = random.Random(seed)
        while g.turn < turn and not g.over:
            step(g, r)
        seed += 1
        if not g.over and g.phase == "plant":
            out.append(g)
    return out


def bots_path(g: Game, seed: int) -> None:
    n = g.n_seats
    pols = [get_policy("random") for _ in range(n)]
    rngs = [random.Random(seed * 10 + i) for i in range(n)]
    idle = 0
    while not g.over:
        acted = False
        for seat in ask_order(g.active, n):
            view = g.view(seat)
            text = pols[seat].decide(view, rngs[seat], hurry=idle > 1)
            if text is None:
                continue
            acted = True
            try:
                apply_text(g, seat, text)
            except Exception:
                pass
            if g.over:
                break
        idle = 0 if acted else idle + 1


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--preset", default="classic")
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--turn", type=int, default=15)
    args = ap.parse_args()
    ps = positions(args.preset, args.players, args.positions, args.turn)
    rows = []
    t = time.perf_counter()
    for i, g in enumerate(ps):
        bots_path(g.clone(), i)
    rows.append(("bots (views + text + apply)", time.perf_counter() - t))
    t = time.perf_counter()
    for i, g in enumerate(ps):
        play_out(g.clone(), random.Random(i))
    rows.append(("apply (Game.clone, events)", time.perf_counter() - t))
    t = time.perf_counter()
    for i, g in enumerate(ps):
        play_out(quiet_clone(g), random.Random(i))
    rows.append(("quiet (quiet_clone)", time.perf_counter() - t))
    t = time.perf_counter()
    for i, g in enumerate(ps):
        play_out(determinize(g.view(g.active), random.Random(i)), random.Random(i))
    rows.append(("determinize + quiet", time.perf_counter() - t))
    base = rows[0][1]
    print(f"{args.preset}, {args.players} players, {len(ps)} positions at turn {args.turn}")
    for name, sec in rows:
        print(f"{name:30s} {sec / len(ps) * 1000:8.2f} ms/rollout  "
              f"{base / sec:6.1f}x vs bots")
    print(f"quiet vs apply: {rows[1][1] / rows[2][1]:.1f}x")


if __name__ == "__main__":
    main()
