"""Paired runs of bot variants against greedy (issue 15): tune a level on fixed seeds.

One seat of ``--level`` against greedy seats (classic, ``--players``, game ``g``: seed
``--seed + g``, the seating rotated by ``g`` as in ``bohnanza simulate``), with settings
changed for the run (``--set hard.HardPolicy.partner_weight=0.25``: a module of
``bohnanza.bots`` and a module or class attribute; the value takes the attribute's type).
Each game's result goes to ``--out DIR/TAG.json``; ``--compare A B`` prints, over the seeds
both runs played, the games only A won, only B won, and the mean difference of the level's
margin (its coins minus the best other seat's). The games are the same deck for both runs,
so the pairs are far less noisy than the two win rates apart.

    nice -n 10 .venv/bin/python bench/variants.py --tag base --games 100 --seed 20000
    nice -n 10 .venv/bin/python bench/variants.py --tag p1 --set hard.HardPolicy.partner_weight=1
    .venv/bin/python bench/variants.py --compare p1 base
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bohnanza.bots.simulate import MAX_STEPS, _play_chunk  # noqa: E402


def _set(setting: str) -> None:
    key, value = setting.split("=", 1)
    parts = key.split(".")
    obj: Any = importlib.import_module("bohnanza.bots." + parts[0])
    for name in parts[1:-1]:
        obj = getattr(obj, name)
    old = getattr(obj, parts[-1])
    setattr(obj, parts[-1], type(old)(value))


def _one(level: str, layout: list[str], seed: int, g: int,
         settings: list[str]) -> dict[str, Any]:
    for s in settings:
        _set(s)
    seating, o = _play_chunk("classic", layout, seed, g, 1, MAX_STEPS, None)[0]
    i = seating.index(level)
    return {"win": i in o.winners, "coins": o.scores[i] if o.scores else 0,
            "best_other": max((x for j, x in enumerate(o.scores) if j != i), default=0),
            "stalled": o.stalled, "refusals": len(o.refusals)}


def compare(out: Path, a: str, b: str) -> None:
    ra = json.loads((out / f"{a}.json").read_text())
    rb = json.loads((out / f"{b}.json").read_text())
    keys = sorted(set(ra) & set(rb))
    only_a = sum(1 for k in keys if ra[k]["win"] and not rb[k]["win"])
    only_b = sum(1 for k in keys if rb[k]["win"] and not ra[k]["win"])
    diff = sum((ra[k]["coins"] - ra[k]["best_other"]) - (rb[k]["coins"] - rb[k]["best_other"])
               for k in keys) / max(1, len(keys))
    print(f"{a} vs {b}: {len(keys)} games; only {a} won {only_a}, only {b} won {only_b}; "
          f"margin {diff:+.2f} coins")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--level", default="hard")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=20000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--tag", default="run")
    ap.add_argument("--set", action="append", default=[], dest="settings")
    ap.add_argument("--out", type=Path, default=Path("/tmp/bohnanza-variants"))
    ap.add_argument("--compare", nargs=2, metavar=("A", "B"))
    args = ap.parse_args()
    if args.compare:
        compare(args.out, *args.compare)
        return
    for s in args.settings:
        _set(s)
    layout = [args.level] + ["greedy"] * (args.players - 1)
    t = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = {args.seed + g: pool.submit(_one, args.level, layout, args.seed, g,
                                              args.settings)
                   for g in range(args.games)}
        res = {k: f.result() for k, f in futures.items()}
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / f"{args.tag}.json").write_text(json.dumps(res))
    wins = sum(r["win"] for r in res.values())
    coins = sum(r["coins"] for r in res.values()) / args.games
    print(f"{args.tag}: {args.level} {' '.join(args.settings)}: {args.games} games, "
          f"{wins} won ({wins / args.games:.3f}), mean coins {coins:.2f}, stalled "
          f"{sum(r['stalled'] for r in res.values())}, refusals "
          f"{sum(r['refusals'] for r in res.values())}, {time.perf_counter() - t:.0f} s")


if __name__ == "__main__":
    main()
