"""Bot games in the engine: ``bohnanza simulate`` (wired by ``bohnanza.cli``).

::

    bohnanza simulate --players 4 --games 1000 --policy greedy,random --seed 1

prints one line per policy, ``policy=NAME seats=K win_rate=X [LO, HI] mean_coins=Y ±H``
(the 95% Wilson interval of the win rate, the 95% interval of the mean coins), then the
speed. ``--jobs N`` plays the games in N processes (same figures). Policies: ``random``,
``greedy``, and the levels ``easy``, ``normal``, ``hard`` (issue 15).
``--preset`` defaults to ``classic``, or to ``rio-grande`` for a player count ``classic`` does
not have (2, 6, 7): ``--players 2`` plays the bean duel (rules.md §3a), whose version
``--duel-base standard|3fields`` picks (C10).
``--policy`` lists one policy per seat; a shorter list repeats its last entry for the remaining
seats (``greedy,random`` with 4 players is one greedy and three random seats). The policies
move one seat to the left every game, so each sits at every position equally often (the start
seat itself is drawn from the game seed, R2). ``seats=K`` is the number of seats a policy holds
in each game; ``win_rate`` is its wins divided by the seats it played (games x K). Every
winner counts: when the tie-break leaves several seats tied, each one wins (R40).
``mean_coins`` is the mean final score of its seats (R39).

How a game is driven: each round asks every seat once, the active player last, for its
command (``policy.decide(view, rng)``), which is applied to the game. Two ways, the same
commands (tests/bots/test_bots_fast.py): the *wire* path (``wire=True``) is the server's, the
view ``Game.view(seat)`` in and the text out through ``bohnanza.commands.apply_text`` (parse,
then ``Game.apply``); the fast path (the default) plays a ``QuietGame`` (no events), gives a
policy that ``borrows_view`` a view of the same content that builds each key when it is first
read, straight from the game, and shares its public part between the seats asked while
nothing changed (:mod:`.fastview`), asks a policy that ``reads_game`` (``random``) with
``decide_game(game, seat, rng)``, the same command read from the game itself without any
view, and applies the action a ``BotCommand`` text carries without parsing it. A seat that
must act (``view["you"]["must_act"]``) but keeps waiting is asked with ``hurry=True`` after
``PATIENCE`` idle rounds (the server does the same on a timer; the fast path leaves this out
for a policy whose ``heeds_hurry`` is ``False``, such as ``random``). Refused commands are
counted and reported: each one is a bot bug. A game that exceeds the step cap, or in which nobody can
act, counts as stalled.
"""

from __future__ import annotations

import argparse
import gc
import math
import random
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from bohnanza.commands import apply_text
from bohnanza.engine import Game, Refusal
from bohnanza.engine.presets import DUEL_BASES, PLAYER_RANGE, PRESETS
from bohnanza.engine.search import SimGame

from .base import Policy, ask_order, get_policy, policy_names
from .fastview import Table, _waiting, lazy_view

PATIENCE = 2
MAX_STEPS = 20000


@dataclass
class RefusedCommand:
    """A bot command the engine (or the parser) refused."""

    seat: int
    policy: str
    text: str
    code: str
    message: str
    phase: str


@dataclass
class GameOutcome:
    seed: int
    policies: list[str]
    scores: list[int]
    winners: list[int]
    steps: int
    refusals: list[RefusedCommand] = field(default_factory=list)
    stalled: bool = False


def seat_rng(seed: int, seat: int) -> random.Random:
    """The generator a seat's policy draws from in game ``seed``."""
    return random.Random(f"bohnanza-bot:{seed}:{seat}")


def play_game(preset: str, policies: list[Policy], seed: int, *,
              max_steps: int = MAX_STEPS, on_command: Any = None,
              options: dict[str, Any] | None = None, wire: bool = False) -> GameOutcome:
    """Play one game of ``preset`` with one policy per seat; deterministic in ``seed``.

    ``options`` go to ``Game.new`` (``{"hidden_money": True}``).
    ``on_command(seat, view, text)``, if given, is called before each command is applied.
    ``wire``: views and text as the server has them (module docstring); the same commands.
    """
    n = len(policies)
    names = [f"{p.name}-{i + 1}" for i, p in enumerate(policies)]
    game = (Game if wire else SimGame).new(preset, names, seed, options)
    borrow = [not wire and p.borrows_view for p in policies]
    direct = [not wire and p.reads_game for p in policies]
    heeds = [getattr(p, "heeds_hurry", True) for p in policies]
    # a policy that knows its decision is the None it last decided (GreedyPolicy.idle_again)
    again = [getattr(p, "idle_again", None) if b else None for p, b in zip(policies, borrow,
                                                                          strict=True)]
    table: Table | None = None              # the public part while nothing changed
    last: Table | None = None
    rngs = [seat_rng(seed, i) for i in range(n)]
    orders = [ask_order(a, n) for a in range(n)]   # by the active seat
    idle = [0] * n
    steps = 0
    quiet_rounds = 0
    out = GameOutcome(seed, [p.name for p in policies], [], [], 0)
    while game.phase != "over" and steps < max_steps:   # not game.over: no call
        acted = False
        for seat in orders[game.active]:
            view: dict[str, Any] | None = None
            if direct[seat]:
                if heeds[seat]:
                    must = _waiting(game, seat) is not None
                    hurry = must and (idle[seat] >= PATIENCE or quiet_rounds > 0)
                    text = policies[seat].decide_game(  # type: ignore[attr-defined]
                        game, seat, rngs[seat], hurry=hurry)
                else:                   # idle counts only to set hurry (False: the default)
                    must = False
                    text = policies[seat].decide_game(  # type: ignore[attr-defined]
                        game, seat, rngs[seat])
            else:
                if again[seat] is not None:
                    must = _waiting(game, seat) is not None
                    hurry = must and (idle[seat] >= PATIENCE or quiet_rounds > 0)
                    if again[seat](game, hurry):    # type: ignore[misc]
                        if must:
                            idle[seat] += 1
                        continue
                if borrow[seat]:
                    if table is None:
                        table = last = Table.of(game, last)
                    view = lazy_view(table, seat)
                else:
                    view = game.view(seat)
                must = bool(view["you"]["must_act"])
                hurry = must and (idle[seat] >= PATIENCE or quiet_rounds > 0)
                text = policies[seat].decide(view, rngs[seat], hurry=hurry)
            if text is None:
                if must:
                    idle[seat] += 1
                continue
            idle[seat] = 0
            steps += 1
            acted = True
            if on_command is not None:
                if view is None:
                    if table is None:
                        table = last = Table.of(game, last)
                    view = lazy_view(table, seat)
                on_command(seat, view, text)
            table = None
            phase = game.phase
            try:
                action = None if wire else getattr(text, "action", None)
                if action is None:
                    apply_text(game, seat, text)
                else:
                    game.apply(seat, action)
            except Refusal as e:
                out.refusals.append(RefusedCommand(seat, policies[seat].name, text, e.code,
                                                   e.message, phase))
            if game.phase == "over" or steps >= max_steps:
                break
        if acted:
            quiet_rounds = 0
        else:
            quiet_rounds += 1
            if quiet_rounds > PATIENCE + 1:
                break
    out.steps = steps
    if game.over and game.result is not None:
        out.scores = list(game.result["scores"])
        out.winners = list(game.result["winners"])
    else:
        out.stalled = True
    return out


@dataclass
class PolicyStats:
    name: str
    seats: int = 0             # seats per game
    seat_games: int = 0
    wins: int = 0
    coins: int = 0
    coins_sq: int = 0

    def win_interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the win rate (seat games taken as independent)."""
        n = self.seat_games
        if not n:
            return 0.0, 0.0
        z = 1.96
        p = self.wins / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return max(0.0, centre - half), min(1.0, centre + half)

    def coins_half_width(self) -> float:
        """Half the width of the 95% interval of the mean coins (normal approximation)."""
        n = self.seat_games
        if n < 2:
            return 0.0
        mean = self.coins / n
        var = max(0.0, (self.coins_sq - n * mean * mean) / (n - 1))
        return 1.96 * math.sqrt(var / n)

    @property
    def win_rate(self) -> float:
        return self.wins / self.seat_games if self.seat_games else 0.0

    @property
    def mean_coins(self) -> float:
        return self.coins / self.seat_games if self.seat_games else 0.0


@dataclass
class Summary:
    stats: dict[str, PolicyStats]
    games: int
    seconds: float
    refusals: list[RefusedCommand]
    stalled: int

    def lines(self) -> list[str]:
        out = []
        for s in self.stats.values():
            lo, hi = s.win_interval()
            out.append(f"policy={s.name} seats={s.seats} win_rate={s.win_rate:.3f} "
                       f"[{lo:.3f}, {hi:.3f}] mean_coins={s.mean_coins:.2f} "
                       f"±{s.coins_half_width():.2f}")
        out.append(speed_line(self))
        return out


def speed_line(summary: Any) -> str:
    """The last line of a ``simulate`` summary (shared with the farm's): games, seconds,
    games per second, refused commands and stalled games."""
    s = summary
    rate = s.games / s.seconds if s.seconds > 0 else float("inf")
    return (f"games={s.games} seconds={s.seconds:.1f} games/s={rate:.1f} "
            f"refusals={len(s.refusals)} stalled={s.stalled}")


def seat_policies(names: list[str], players: int) -> list[str]:
    """One policy name per seat: the list, its last entry repeated to fill the table."""
    if not names:
        raise ValueError("name at least one policy")
    if len(names) > players:
        raise ValueError(f"{len(names)} policies for {players} seats")
    return names + [names[-1]] * (players - len(names))


def _play_chunk(preset: str, layout: list[str], seed: int, first: int, count: int,
                max_steps: int, options: dict[str, Any] | None
                ) -> list[tuple[list[str], GameOutcome]]:
    """Games ``first`` .. ``first + count - 1`` of a run (one worker's share)."""
    players = len(layout)
    out = []
    for g in range(first, first + count):
        seating = [layout[(i - g) % players] for i in range(players)]
        outcome = play_game(preset, [get_policy(p) for p in seating], seed + g,
                            max_steps=max_steps, options=options)
        out.append((seating, outcome))
    return out


def run(preset: str, players: int, games: int, policy_names: list[str], seed: int, *,
        progress: bool = False, max_steps: int = MAX_STEPS,
        options: dict[str, Any] | None = None, jobs: int = 1) -> Summary:
    """Play ``games`` games; game ``g`` uses seed ``seed + g`` and the seating rotated by
    ``g`` seats. ``options`` go to ``Game.new`` (``{"duel_base": "3fields"}``). ``jobs``
    processes share the games (the figures do not depend on it: each game depends only on
    its seed and seating)."""
    layout = seat_policies(policy_names, players)
    stats: dict[str, PolicyStats] = {}
    for name in layout:
        get_policy(name)
        st = stats.setdefault(name, PolicyStats(name))
        st.seats += 1
    refusals: list[RefusedCommand] = []
    stalled = 0
    bar: Any = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=games, unit="game", file=sys.stderr, dynamic_ncols=True)

    def take(results: list[tuple[list[str], GameOutcome]]) -> None:
        nonlocal stalled, refusals
        for seating, outcome in results:
            refusals += outcome.refusals
            if outcome.stalled:
                stalled += 1
            for i, name in enumerate(seating):
                st = stats[name]
                st.seat_games += 1
                if not outcome.stalled:
                    st.coins += outcome.scores[i]
                    st.coins_sq += outcome.scores[i] ** 2
                    if i in outcome.winners:
                        st.wins += 1
            if bar is not None:
                bar.update(1)

    t0 = time.perf_counter()
    if jobs <= 1:
        for g in range(games):
            take(_play_chunk(preset, layout, seed, g, 1, max_steps, options))
    else:
        from concurrent.futures import ProcessPoolExecutor  # only here: multiprocessing's
        # import is a tenth of a second of every run's start-up

        size = max(1, min(10, games // (jobs * 4) or 1))
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(_play_chunk, preset, layout, seed, first,
                                   min(size, games - first), max_steps, options)
                       for first in range(0, games, size)]
            for f in futures:
                take(f.result())
    seconds = time.perf_counter() - t0
    if bar is not None:
        bar.close()
    return Summary(stats, games, seconds, refusals, stalled)


def main(argv: list[str] | None = None) -> int:
    """``bohnanza simulate``: exit 0, or 1 when a bot command was refused or a game stalled."""
    ap = argparse.ArgumentParser(prog="bohnanza simulate",
                                 description="play bot games in the engine and compare policies")
    add_run_args(ap, policy_names(), "greedy,random", MAX_STEPS)
    ap.add_argument("--preset", default=None, choices=PRESETS,
                    help="rules preset (default classic; rio-grande for 2, 6 or 7 players)")
    ap.add_argument("--duel-base", default=None, choices=DUEL_BASES,
                    help="version of the 2-player bean duel (default standard)")
    args = ap.parse_args(argv)
    names = [p.strip().lower() for p in args.policy.split(",") if p.strip()]
    if args.preset is None:
        low, high = PLAYER_RANGE["classic"]
        args.preset = "classic" if low <= args.players <= high else "rio-grande"
    low, high = PLAYER_RANGE[args.preset]
    if not low <= args.players <= high:
        ap.error(f"{args.preset} is played by {low}-{high} players")
    check_run(ap, args, names, get_policy)
    options = {"duel_base": args.duel_base} if args.duel_base else None
    with _few_collections():
        summary = run(args.preset, args.players, args.games, names, args.seed,
                      progress=not args.no_progress, max_steps=args.max_steps,
                      options=options, jobs=args.jobs)
    return print_summary(summary)


@contextmanager
def _few_collections() -> Iterator[None]:
    """The cyclic garbage collector as the server sets it (``bohnanza.cli``): what was
    allocated before (modules, tables) is kept out of every collection (``gc.freeze``) and
    young objects are collected less often (a game builds thousands of short-lived tuples
    and dicts, which reference counting frees anyway). No game depends on when the
    collector runs. The thresholds are given back afterwards, and the frozen objects unless
    a caller had frozen some before (then they stay frozen: ``gc.unfreeze`` frees them all)."""
    before = gc.get_threshold()
    ours = gc.get_freeze_count() == 0
    if ours:
        gc.collect()
        gc.freeze()
    gc.set_threshold(20_000, 50, 50)
    try:
        yield
    finally:
        gc.set_threshold(*before)
        if ours:
            gc.unfreeze()


def add_run_args(ap: argparse.ArgumentParser, policies: list[str], default_policy: str,
                 max_steps: int) -> None:
    """The options of a ``simulate`` command line shared with the farm's
    (:mod:`bohnanza.farm.simulate`): ``--players``, ``--games``, ``--policy`` (of
    ``policies``, default ``default_policy``), ``--seed``, ``--max-steps`` (default
    ``max_steps``), ``--jobs`` and ``--no-progress``."""
    ap.add_argument("--players", type=int, default=4, help="seats per game (default 4)")
    ap.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    ap.add_argument("--policy", default=default_policy,
                    help="comma-separated policies, one per seat; the last one fills the rest "
                    f"(choices: {', '.join(policies)}; default {default_policy})")
    ap.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    ap.add_argument("--max-steps", type=int, default=max_steps,
                    help=f"commands per game before it counts as stalled (default {max_steps})")
    ap.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    ap.add_argument("--no-progress", action="store_true", help="no progress bar")


def check_run(ap: argparse.ArgumentParser, args: argparse.Namespace, names: list[str],
              get: Any) -> None:
    """The checks of a ``simulate`` command line shared with the farm's
    (:mod:`bohnanza.farm.simulate`): at least one game and one process, and a known policy
    (``get(name)`` raises ``KeyError`` otherwise) for every seat of ``args.players``; else
    ``ap.error`` (exit 2)."""
    if args.games < 1 or args.jobs < 1:
        ap.error("--games and --jobs must be at least 1")
    try:
        seat_policies(names, args.players)
        for name in names:
            get(name)
    except (KeyError, ValueError) as e:
        ap.error(str(e.args[0]) if e.args else str(e))


def print_summary(summary: Any) -> int:
    """Print ``summary.lines()``, then up to 10 of its refused commands (on stderr); the exit
    status: 1 when a command was refused or a game stalled, else 0."""
    for line in summary.lines():
        print(line)
    for r in summary.refusals[:10]:
        print(f"refused: seat {r.seat} ({r.policy}, {r.phase}) {r.text!r}: {r.code}: "
              f"{r.message}", file=sys.stderr)
    return 1 if summary.refusals or summary.stalled else 0


if __name__ == "__main__":
    raise SystemExit(main())
