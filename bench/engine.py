"""Engine throughput: random legal games through the engine API (not text).

Policy (issue 2, the one used to measure the peer engines): phase 1 plants the front card in a
random legal field, harvesting a random harvestable field first when none can take it, then
stops or plants a second card with probability 1/2; in phase 2, with probability T the active
player offers one face-up card for a bean a random other player holds and that player accepts
(repeated while face-up cards remain), else ends trading; phase 3 plants every card, harvesting
first when needed.

    python bench/engine.py --players 4 --trade 0.3 --games 300
    python bench/engine.py            # rows for 3, 4, 5 players at T = 0 and 0.3
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bohnanza.engine import Game  # noqa: E402
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


def run(players: int, trade: float, games: int, seed: int = 1) -> tuple[float, float]:
    rnd = random.Random(seed)
    names = [f"P{i}" for i in range(players)]
    turns = 0
    t0 = time.perf_counter()
    for k in range(games):
        g = Game.new("classic", names, seed * 100003 + k)
        turns += play(g, trade, rnd)
    dt = time.perf_counter() - t0
    return games / dt, turns / dt


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--players", type=int)
    ap.add_argument("--trade", type=float)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rows = ([(args.players, args.trade)] if args.players is not None and args.trade is not None
            else [(p, t) for p in (3, 4, 5) for t in (0.0, 0.3)])
    for players, trade in rows:
        gps, tps = run(players, trade, args.games, args.seed)
        print(f"players={players} trade={trade} games/s={gps:.1f} turns/s={tps:.0f}")


if __name__ == "__main__":
    main()
