"""Bot games of the farm game: ``bohnanza simulate --game farm`` (wired by ``bohnanza.cli``).

::

    bohnanza simulate --game farm --params mine.toml --games 1000 --jobs 2 \\
        --players 4 --policy sensible --seed 1 --report out/

prints, per policy and per seat: win rate (ties count as a win for each tied winner, G30),
mean VP, mean cost earned (G8), mean facility grade by turn (the four grades summed, 4-16),
contest entries and places per game; then the first-seat advantage (seat 1's win rate minus
the mean over seats) and the speed. ``--policy`` lists one policy per seat; a shorter list
repeats its last entry. Game ``g`` uses seed ``seed + g`` and the seating rotated by ``g``
seats, so every policy sits at every position equally often. ``--jobs K`` plays the games in
K processes; the figures do not depend on K. ``--report DIR`` also writes plots and a small
HTML page (:mod:`bohnanza.farm.report`). Exit 1 when a bot command was refused or a game
stalled (each is a bot or engine bug).

How a game is driven: in each round every seat the game waits for (all undeclared seats in the
simultaneous preparation phase, the harvesting seat in the harvest phase) is asked once, in an
order shuffled from the game seed (so no seat is always first to declare), for one command
from its view; the text is parsed by the farm command language and applied (docs/farm.md
D20).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bohnanza.bots.simulate import (
    RefusedCommand,
    add_run_args,
    check_run,
    print_summary,
    seat_policies,
    speed_line,
)
from bohnanza.commands import ParseError
from bohnanza.engine import errors
from bohnanza.farm.bots import POLICIES, get_policy
from bohnanza.farm.commands import GameCommand, Vocab, parse
from bohnanza.farm.engine import FACILITIES, FarmGame, params_hash
from bohnanza.farm.params import ParamsError, load_params, with_override

MAX_STEPS = 5000


Refusal = RefusedCommand
"""A bot command the farm engine (or the parser) refused: the same fields as the bean game's."""


@dataclass
class Outcome:
    """One game's figures, per seat."""

    seed: int
    policies: list[str]
    vp: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    earned: list[int] = field(default_factory=list)
    grades: list[list[list[int]]] = field(default_factory=list)   # [turn][seat][facility]
    entries: list[int] = field(default_factory=list)
    places: list[dict[int, int]] = field(default_factory=list)
    steps: int = 0
    refusals: list[Refusal] = field(default_factory=list)
    stalled: bool = False


def play_game(params: dict[str, Any], policies: list[str], seed: int, *,
              max_steps: int = MAX_STEPS) -> Outcome:
    """One game with one policy (by name) per seat; deterministic in ``seed``."""
    n = len(policies)
    bots = [get_policy(p) for p in policies]
    game = FarmGame.new(params, [f"{p}-{i + 1}" for i, p in enumerate(policies)], seed)
    vocab = Vocab.from_params(params)
    rngs = [random.Random(f"farm-bot:{seed}:{i}") for i in range(n)]
    order = random.Random(f"farm-order:{seed}")
    out = Outcome(seed, list(policies))
    steps = 0
    while not game.over and steps < max_steps:
        waiting = [i for i in range(n) if game.must_act(i)]
        order.shuffle(waiting)
        acted = False
        for seat in waiting:
            if game.over or not game.must_act(seat):
                continue
            view = game.view(seat)
            text = bots[seat].decide(view, rngs[seat])
            if text is None:
                continue
            steps += 1
            acted = True
            try:
                cmd = parse(text, vocab)
                if not isinstance(cmd, GameCommand):
                    raise ParseError(f"{text!r} is not a game command")
                game.apply(seat, cmd.action)
            except errors.Refusal as e:
                out.refusals.append(Refusal(seat, policies[seat], text, e.code, e.message,
                                            game.phase))
                if len(out.refusals) > 50:
                    acted = False
                    break
        if not acted:
            break
    out.steps = steps
    if not game.over or game.result is None:
        out.stalled = True
        return out
    out.vp = list(game.result["scores"])
    out.winners = list(game.result["winners"])
    out.earned = [s.earned for s in game.seats]
    out.grades = [h["grades"] for h in game.history]
    out.entries = [0] * n
    out.places = [{} for _ in range(n)]
    for c in game.contests:
        for ent in c["entries"]:
            seat, place = ent["seat"], ent["place"]
            out.entries[seat] += 1
            if place:
                out.places[seat][place] = out.places[seat].get(place, 0) + 1
    return out


@dataclass
class Stats:
    """Sums over the seats of one policy (or one seat position)."""

    name: str
    seats: int = 0
    seat_games: int = 0
    wins: float = 0
    vp: list[int] = field(default_factory=list)
    earned: list[int] = field(default_factory=list)
    grade_sum: list[float] = field(default_factory=list)        # per turn, total grade
    facility_sum: list[list[float]] = field(default_factory=list)  # per turn, per facility
    entries: int = 0
    places: dict[int, int] = field(default_factory=dict)

    def add(self, o: Outcome, seat: int) -> None:
        self.seat_games += 1
        if o.stalled:
            return
        self.wins += 1 if seat in o.winners else 0
        self.vp.append(o.vp[seat])
        self.earned.append(o.earned[seat])
        for t, row in enumerate(o.grades):
            if len(self.grade_sum) <= t:
                self.grade_sum.append(0.0)
                self.facility_sum.append([0.0] * len(FACILITIES))
            self.grade_sum[t] += sum(row[seat])
            for k, g in enumerate(row[seat]):
                self.facility_sum[t][k] += g
        self.entries += o.entries[seat]
        for p, c in o.places[seat].items():
            self.places[p] = self.places.get(p, 0) + c

    @property
    def played(self) -> int:
        return len(self.vp)

    @property
    def win_rate(self) -> float:
        return self.wins / self.seat_games if self.seat_games else 0.0

    @property
    def mean_vp(self) -> float:
        return sum(self.vp) / len(self.vp) if self.vp else 0.0

    @property
    def mean_earned(self) -> float:
        return sum(self.earned) / len(self.earned) if self.earned else 0.0

    def grade_by_turn(self) -> list[float]:
        return [s / self.played for s in self.grade_sum] if self.played else []

    def facility_by_turn(self) -> list[list[float]]:
        return [[g / self.played for g in row] for row in self.facility_sum] if self.played else []

    def per_game(self, count: int) -> float:
        return count / self.played if self.played else 0.0


@dataclass
class Summary:
    params_name: str
    params_hash: str
    players: int
    layout: list[str]
    games: int
    seconds: float
    policies: dict[str, Stats]
    seats: list[Stats]
    refusals: list[Refusal]
    stalled: int
    outcomes: list[Outcome]

    @property
    def first_seat_advantage(self) -> float:
        rates = [s.win_rate for s in self.seats]
        return rates[0] - sum(rates) / len(rates) if rates else 0.0

    def _row(self, label: str, s: Stats) -> list[str]:
        places = " ".join(f"{p}{'st' if p == 1 else 'nd' if p == 2 else 'rd' if p == 3 else 'th'}"
                          f"={s.per_game(c):.2f}" for p, c in sorted(s.places.items()))
        grades = " ".join(f"{g:.1f}" for g in s.grade_by_turn())
        return [f"{label} win_rate={s.win_rate:.3f} mean_vp={s.mean_vp:.2f} "
                f"mean_cost_earned={s.mean_earned:.1f} entries/game={s.per_game(s.entries):.2f} "
                f"places/game: {places or 'none'}",
                f"  grade by turn (sum of 4 facilities, 4-16): {grades}"]

    def lines(self) -> list[str]:
        out = [f"game=farm params={self.params_name} hash={self.params_hash} "
               f"players={self.players} policies={','.join(self.layout)}"]
        for s in self.policies.values():
            out += self._row(f"policy={s.name} seats={s.seats}", s)
        for i, s in enumerate(self.seats):
            out += self._row(f"seat={i + 1}", s)
        rates = [s.win_rate for s in self.seats]
        mean = sum(rates) / len(rates) if rates else 0.0
        out.append(f"first_seat_advantage={self.first_seat_advantage:+.3f} (seat 1 win rate "
                   f"{rates[0]:.3f} minus the mean over seats {mean:.3f})")
        out.append(speed_line(self))
        return out


def _seating(layout: list[str], g: int) -> list[str]:
    n = len(layout)
    return [layout[(i - g) % n] for i in range(n)]


def _play_chunk(args: tuple[dict[str, Any], list[str], int, list[int], int]) -> list[Outcome]:
    params, layout, seed, games, max_steps = args
    return [play_game(params, _seating(layout, g), seed + g, max_steps=max_steps)
            for g in games]


def run(params: dict[str, Any], players: int, games: int, policy_names: list[str], seed: int,
        *, jobs: int = 1, progress: bool = False, max_steps: int = MAX_STEPS) -> Summary:
    """Play ``games`` games (module docstring); ``jobs`` processes."""
    layout = seat_policies(policy_names, players)
    for name in layout:
        get_policy(name)
    t0 = time.perf_counter()
    outcomes: list[Outcome] = []
    bar: Any = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=games, unit="game", file=sys.stderr, dynamic_ncols=True)
    if jobs <= 1:
        for g in range(games):
            outcomes += _play_chunk((params, layout, seed, [g], max_steps))
            if bar is not None:
                bar.update(1)
    else:
        size = max(1, min(25, games // (jobs * 4) or 1))
        chunks = [list(range(a, min(games, a + size))) for a in range(0, games, size)]
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for part in pool.map(_play_chunk, [(params, layout, seed, c, max_steps)
                                               for c in chunks]):
                outcomes += part
                if bar is not None:
                    bar.update(len(part))
    seconds = time.perf_counter() - t0
    if bar is not None:
        bar.close()
    by_policy: dict[str, Stats] = {}
    for name in layout:
        by_policy.setdefault(name, Stats(name)).seats += 1
    by_seat = [Stats(f"seat {i + 1}", 1) for i in range(players)]
    refusals: list[Refusal] = []
    stalled = 0
    for g, o in enumerate(outcomes):
        refusals += o.refusals
        stalled += o.stalled
        for i, name in enumerate(_seating(layout, g)):
            by_policy[name].add(o, i)
            by_seat[i].add(o, i)
    return Summary(str(params.get("name", "custom")), params_hash(params), players, layout,
                   games, seconds, by_policy, by_seat, refusals, stalled, outcomes)


def main(argv: list[str] | None = None) -> int:
    """``bohnanza simulate --game farm ...``; exit 0, or 1 on a refusal or a stalled game."""
    ap = argparse.ArgumentParser(prog="bohnanza simulate --game farm",
                                 description="play farm bot games in the engine and report "
                                 "on the parameters")
    ap.add_argument("--game", default="farm", choices=["farm"], help="the farm game")
    ap.add_argument("--params", type=Path, default=None,
                    help="a farm.toml (laid over the default set; default: the default set)")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                    help="change one parameter, e.g. --set facilities.field.price=[5,10,15] "
                    "(repeatable)")
    add_run_args(ap, sorted(POLICIES), "sensible", MAX_STEPS)
    ap.add_argument("--report", type=Path, default=None,
                    help="write plots and index.html into this directory")
    args = ap.parse_args(argv)
    try:
        params = load_params(args.params)
        for item in args.set:
            key, sep, value = item.partition("=")
            if not sep:
                raise ParamsError(f"--set {item!r}: write KEY=VALUE")
            params = with_override(params, key.strip(), value.strip())
    except ParamsError as e:
        ap.error(e.message)
    names = [p.strip().lower() for p in args.policy.split(",") if p.strip()]
    low, high = params["game"]["players"]["min"], params["game"]["players"]["max"]
    if not low <= args.players <= high:
        ap.error(f"these parameters are for {low}-{high} players")
    check_run(ap, args, names, get_policy)
    summary = run(params, args.players, args.games, names, args.seed, jobs=args.jobs,
                  progress=not args.no_progress, max_steps=args.max_steps)
    status = print_summary(summary)
    if args.report is not None:
        from bohnanza.farm.report import write_report

        page = write_report(summary, args.report, params)
        print(f"report: {page}")
    return status


if __name__ == "__main__":
    raise SystemExit(main())
